//===- RegisterDeviceConstantsDestructor.cpp - Constants freed at unload --===//
//
// `--roller-register-device-constants-destructor`: the function that frees
// the device copies of a module's constants runs when the module goes.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/HostBuffersToDevice.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERREGISTERDEVICECONSTANTSDESTRUCTORPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {
struct RollerRegisterDeviceConstantsDestructorPass
    : public roller::impl::RollerRegisterDeviceConstantsDestructorPassBase<
          RollerRegisterDeviceConstantsDestructorPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(registerDeviceConstantsDestructor(getOperation())))
      signalPassFailure();
  }
};
} // namespace
