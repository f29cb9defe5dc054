//===- AttachDevice.cpp - Attach a device description to a module ---------===//

#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

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
    if (failed(setModuleDevice(module, attr, "roller-attach-device")))
      signalPassFailure();
  }
};
} // namespace
