//===- ExpandSubgroupReduces.cpp - Subgroup reductions as shuffles --------===//
//
// `--roller-expand-subgroup-reduces`: NVVM lowers `gpu.shuffle` but not a
// float `gpu.subgroup_reduce`; upstream's patterns expand the latter.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/ExpandSubgroupReduces.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLEREXPANDSUBGROUPREDUCESPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

LogicalResult mlir::roller::expandSubgroupReduces(Operation *root,
                                                  unsigned warpSize) {
  RewritePatternSet patterns(root->getContext());
  // Vectors are reduced element by element (up to 32 bits each).
  populateGpuBreakDownSubgroupReducePatterns(patterns,
                                             /*maxShuffleBitwidth=*/32);
  populateGpuLowerSubgroupReduceToShufflePatterns(patterns, warpSize,
                                                  /*shuffleBitwidth=*/32);
  return applyPatternsGreedily(root, std::move(patterns));
}

namespace {
struct RollerExpandSubgroupReducesPass
    : public roller::impl::RollerExpandSubgroupReducesPassBase<
          RollerExpandSubgroupReducesPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(expandSubgroupReduces(getOperation(), warpSize)))
      return signalPassFailure();
    // A reduction the patterns could not expand (a type wider than 32 bits
    // that does not split) would fail later in NVVM without a location.
    WalkResult left = getOperation()->walk([](gpu::SubgroupReduceOp op) {
      op.emitError("could not be expanded into warp shuffles");
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
