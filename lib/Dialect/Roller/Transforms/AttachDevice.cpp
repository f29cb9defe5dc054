//===- AttachDevice.cpp - Attach a device description to a module ---------===//

#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/IR/RollerOps.h"
#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/IR/Verifier.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERATTACHDEVICEPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {
struct RollerAttachDevicePass
    : public roller::impl::RollerAttachDevicePassBase<RollerAttachDevicePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto existing =
        module->getAttrOfType<DeviceAttr>(RollerDialect::kDeviceAttrName);
    if (existing && !replace) {
      // The user's choice in the IR wins; say so when it differs.
      if (existing.getName() != device)
        module.emitRemark() << "module already targets device '"
                            << existing.getName() << "'; keeping it (pass "
                            << "replace=true to use '" << device << "')";
      return;
    }
    DeviceAttr attr = resolveDeviceAttr(&getContext(), module.getLoc(), device);
    if (!attr)
      return signalPassFailure();
    module->setAttr(RollerDialect::kDeviceAttrName, attr);

    // rPrograms without a device of their own are verified against the
    // module's: one that does not fit the new device (threads, registers,
    // shared memory) is an error here, and the module keeps its device,
    // instead of output that its verifier rejects.
    bool fits = true;
    module.walk([&](RProgramOp program) {
      if (program.getDeviceAttr() || succeeded(verify(program)))
        return;
      program.emitError() << "roller-attach-device: this rProgram does not "
                          << "fit device '" << attr.getName() << "'";
      fits = false;
    });
    if (fits)
      return;
    if (existing)
      module->setAttr(RollerDialect::kDeviceAttrName, existing);
    else
      module->removeAttr(RollerDialect::kDeviceAttrName);
    signalPassFailure();
  }
};
} // namespace
