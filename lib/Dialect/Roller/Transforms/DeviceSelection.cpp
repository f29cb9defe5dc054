//===- DeviceSelection.cpp - Finding the target device --------------------===//

#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"
#include "Roller/Analysis/LinalgTensorExpr.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/IR/RollerOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::roller;

DeviceAttr mlir::roller::resolveDeviceAttr(MLIRContext *ctx, Location loc,
                                           StringRef nameOrPath) {
  llvm::Expected<DeviceSpec> spec = resolveDevice(nameOrPath);
  if (!spec) {
    emitError(loc) << llvm::toString(spec.takeError());
    return {};
  }
  // Callers through the C++ API may not have loaded the dialect yet.
  ctx->getOrLoadDialect<RollerDialect>();
  // Through getChecked, so that anything the analysis core accepted but the
  // attribute rejects (an element type MLIR does not know) is reported too.
  DeviceAttr attr =
      DeviceAttr::getChecked([&] { return emitError(loc); }, ctx, *spec);
  return attr;
}

DeviceAttr mlir::roller::findEnclosingDevice(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto device =
            op->getAttrOfType<DeviceAttr>(RollerDialect::kDeviceAttrName))
      return device;
  return {};
}

DeviceAttr mlir::roller::getTargetDevice(Operation *op) {
  if (DeviceAttr device = findEnclosingDevice(op))
    return device;
  // The presets are valid by construction (unit-tested), so this cannot
  // fail.
  const DeviceSpec *preset = lookupDevicePreset(kDefaultDevicePreset);
  assert(preset && "the default device preset is missing");
  MLIRContext *ctx = op->getContext();
  ctx->getOrLoadDialect<RollerDialect>();
  return DeviceAttr::get(ctx, *preset);
}

DeviceAttr mlir::roller::resolveSelectionDevice(ModuleOp module,
                                                StringRef option) {
  if (option.empty())
    return getTargetDevice(module);
  return resolveDeviceAttr(module.getContext(), module.getLoc(), option);
}

LogicalResult mlir::roller::setModuleDevice(ModuleOp module, DeviceAttr device,
                                            llvm::StringRef pass) {
  auto previous =
      module->getAttrOfType<DeviceAttr>(RollerDialect::kDeviceAttrName);
  module->setAttr(RollerDialect::kDeviceAttrName, device);
  bool fits = true;
  module.walk([&](RProgramOp program) {
    if (program.getDeviceAttr() || succeeded(verify(program)))
      return;
    program.emitError() << pass << ": this rProgram does not fit device '"
                        << device.getName() << "'";
    fits = false;
  });
  if (fits)
    return success();
  if (previous)
    module->setAttr(RollerDialect::kDeviceAttrName, previous);
  else
    module->removeAttr(RollerDialect::kDeviceAttrName);
  return failure();
}

void mlir::roller::applyTf32Option(ModuleOp module, bool allow,
                                   DeviceAttr device, StringRef pass) {
  if (allow)
    module->setAttr(kAllowTf32AttrName, UnitAttr::get(module.getContext()));
  if (allowsTf32(module) && !device.toSpec().hasMmaSyncFor("tf32"))
    module.emitRemark() << pass << ": TF32 is allowed but device '"
                        << device.getName()
                        << "' has no TF32 mma.sync (sm_80 or later): f32 "
                           "contractions stay on the CUDA cores";
}
