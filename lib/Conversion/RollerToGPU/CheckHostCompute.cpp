//===- CheckHostCompute.cpp - Nothing computes on the host ----------------===//

#include "Roller/Conversion/RollerToGPU/CheckHostCompute.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERCHECKHOSTCOMPUTEPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

LogicalResult mlir::roller::checkHostCompute(func::FuncOp func,
                                             bool allowHostFallback) {
  bool failedAny = false;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::LaunchOp>(op))
      return WalkResult::skip();
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp)
      return WalkResult::advance();
    // One scalar computation (rank-0 operands, no loops) is glue, not work
    // for a kernel.
    if (linalgOp.getNumLoops() == 0)
      return WalkResult::skip();
    if (allowHostFallback) {
      op->emitWarning() << "runs on the host (allow-host-fallback): no "
                           "rProgram covers it";
      return WalkResult::skip();
    }
    op->emitError()
        << "would run on the host: no rProgram covers it (the remarks of "
           "--roller-select and --roller-tile say why); the GPU path puts "
           "every compute op in a kernel, or, with "
           "convert-to-nvvm{allow-host-fallback=true}, runs such ops on the "
           "host";
    failedAny = true;
    return WalkResult::skip();
  });
  return failure(failedAny);
}

namespace {
struct RollerCheckHostComputePass
    : public roller::impl::RollerCheckHostComputePassBase<
          RollerCheckHostComputePass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(checkHostCompute(getOperation(), allowHostFallback)))
      signalPassFailure();
  }
};
} // namespace
