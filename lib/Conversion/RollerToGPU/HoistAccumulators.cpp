//===- HoistAccumulators.cpp - Thread tiles in registers ------------------===//
//
// `--roller-hoist-accumulators`: a thread's output tile lives in a private
// buffer across the reduction loops instead of a global subview read and
// written every step; `--roller-unroll-register-tiles` then lets LLVM
// promote it to registers. An output the kernel fills first (a
// `roller.accumulator_fill`) starts from the fill's value in registers,
// and the fill's stores go when nothing reads them any more.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/HoistAccumulators.h"
#include "BufferUtils.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERHOISTACCUMULATORSPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The statically shaped, small, non-shared subviews defined outside `loop`
/// and used inside it.
static SetVector<Value> getCandidateTiles(scf::ForOp loop) {
  SetVector<Value> tiles;
  loop.getBody()->walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      auto subview = operand.getDefiningOp<memref::SubViewOp>();
      if (!subview || !loop.isDefinedOutsideOfLoop(operand))
        continue;
      MemRefType type = subview.getType();
      if (type.hasStaticShape() && !isWorkgroupMemory(operand) &&
          type.getNumElements() <= kMaxRegisterTileElements)
        tiles.insert(operand);
    }
  });
  return tiles;
}

/// Whether `a` and `b` compute the same value: the same SSA value, or
/// results of equivalent pure, region-free ops on equivalent operands (the
/// thread-id arithmetic that each mapped loop recomputes).
static bool areEquivalentValues(Value a, Value b, unsigned depth = 0) {
  if (a == b)
    return true;
  Operation *opA = a.getDefiningOp(), *opB = b.getDefiningOp();
  if (!opA || !opB || depth > 8 || opA->getNumRegions() != 0 || !isPure(opA) ||
      cast<OpResult>(a).getResultNumber() !=
          cast<OpResult>(b).getResultNumber())
    return false;
  return OperationEquivalence::isEquivalentTo(
      opA, opB,
      [&](Value x, Value y) {
        return success(areEquivalentValues(x, y, depth + 1));
      },
      /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
}

/// After the copy-out of a hoisted tile, the ops that read that tile again
/// before anything else touches memory (an epilogue applied by the same
/// thread to the elements it accumulated) read the private buffer instead:
/// the values stay in registers.
static void forwardToReads(RewriterBase &rewriter, linalg::CopyOp copyOut,
                           Value registers) {
  Value tile = copyOut.getOutputs()[0];
  for (Operation *op = copyOut->getNextNode(); op; op = op->getNextNode()) {
    auto reader = dyn_cast<linalg::LinalgOp>(op);
    if (!reader) {
      if (!isMemoryEffectFree(op))
        return;
      continue;
    }
    for (OpOperand *input : reader.getDpsInputOperands())
      if (areEquivalentValues(input->get(), tile))
        rewriter.modifyOpInPlace(reader, [&] { input->set(registers); });
    // What the reader writes may be the tile: stop at it.
    return;
  }
}

/// Whether a loop of `loop`'s nest, itself and the loops around it included,
/// splits its iterations across the lanes of a warp (starts at
/// `gpu.lane_id`): a warp tile computed on the CUDA cores
/// (`--roller-vectorize-mma`), whose tile the warp's lanes share. A private
/// copy per thread would have every lane write the whole tile back, its
/// own elements and the stale others.
static bool splitsAcrossLanes(scf::ForOp loop) {
  auto isLaneLoop = [](scf::ForOp candidate) {
    return bool(candidate.getLowerBound().getDefiningOp<gpu::LaneIdOp>());
  };
  for (auto outer = loop; outer; outer = outer->getParentOfType<scf::ForOp>())
    if (isLaneLoop(outer))
      return true;
  return loop
      ->walk([&](scf::ForOp inner) {
        return isLaneLoop(inner) ? WalkResult::interrupt()
                                 : WalkResult::advance();
      })
      .wasInterrupted();
}

int64_t mlir::roller::hoistAccumulators(RewriterBase &rewriter,
                                        gpu::LaunchOp launch, scf::ForOp loop) {
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
  int64_t hoisted = 0;
  if (splitsAcrossLanes(loop))
    return hoisted;
  for (Value tile : getCandidateTiles(loop)) {
    if (!isLoopPrivateTile(loop, tile))
      continue;
    auto type = cast<MemRefType>(tile.getType());
    Location loc = tile.getLoc();
    rewriter.setInsertionPointToStart(&launch.getBody().front());
    auto registers = memref::AllocaOp::create(
        rewriter, loc, MemRefType::get(type.getShape(), type.getElementType()));
    rewriter.setInsertionPoint(loop);
    // A tile the kernel just filled starts from the fill's value: no need
    // to read it back from memory.
    if (linalg::FillOp fill = getAccumulatorFill(loop, tile))
      linalg::FillOp::create(rewriter, loc, fill.value(),
                             registers.getResult());
    else
      linalg::CopyOp::create(rewriter, loc, tile, registers.getResult());
    rewriter.setInsertionPointAfter(loop);
    auto copyOut =
        linalg::CopyOp::create(rewriter, loc, registers.getResult(), tile);
    forwardToReads(rewriter, copyOut, registers.getResult());
    rewriter.replaceUsesWithIf(
        tile, registers.getResult(),
        [&](OpOperand &use) { return loop->isProperAncestor(use.getOwner()); });
    ++hoisted;
  }
  return hoisted;
}

int64_t mlir::roller::hoistAccumulators(RewriterBase &rewriter,
                                        gpu::LaunchOp launch) {
  SmallVector<scf::ForOp> loops;
  launch.getBody().walk<WalkOrder::PreOrder>(
      [&](scf::ForOp loop) { loops.push_back(loop); });
  int64_t hoisted = 0;
  for (scf::ForOp loop : loops)
    hoisted += hoistAccumulators(rewriter, launch, loop);
  // Here, after the tensor-core warp tiles' hoisting too.
  eraseUnreadAccumulatorFills(rewriter, launch);
  return hoisted;
}

namespace {
struct RollerHoistAccumulatorsPass
    : public roller::impl::RollerHoistAccumulatorsPassBase<
          RollerHoistAccumulatorsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk([&](gpu::LaunchOp launch) {
      (void)hoistAccumulators(rewriter, launch);
    });
  }
};
} // namespace
