//===- UnrollRegisterTiles.cpp - Constant indices into tiles --------------===//
//
// `--roller-unroll-register-tiles`: the loops indexing thread-private tiles
// are unrolled so that LLVM can promote the tiles to registers.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/UnrollRegisterTiles.h"
#include "BufferUtils.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERUNROLLREGISTERTILESPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// Adds to `loops` every scf.for whose induction variable `value` depends on.
static void collectInductionVariables(Value value, SetVector<scf::ForOp> &loops,
                                      DenseSet<Value> &visited) {
  if (!visited.insert(value).second)
    return;
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    if (auto loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp()))
      if (loop.getInductionVar() == argument)
        loops.insert(loop);
    return;
  }
  Operation *op = value.getDefiningOp();
  if (!op || op->getNumRegions() != 0)
    return;
  for (Value operand : op->getOperands())
    collectInductionVariables(operand, loops, visited);
}

static int64_t getNestingDepth(Operation *op) {
  int64_t depth = 0;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    ++depth;
  return depth;
}

int64_t mlir::roller::unrollRegisterTiles(RewriterBase &rewriter,
                                          gpu::GPUFuncOp kernel,
                                          int64_t maxUnrolledOps) {
  SetVector<scf::ForOp> loops;
  DenseSet<Value> visited;
  kernel.walk([&](Operation *op) {
    auto index = [&](ValueRange indices, Value memref) {
      if (!getRootBuffer(memref).getDefiningOp<memref::AllocaOp>())
        return;
      for (Value value : indices)
        collectInductionVariables(value, loops, visited);
    };
    if (auto load = dyn_cast<memref::LoadOp>(op))
      index(load.getIndices(), load.getMemRef());
    else if (auto store = dyn_cast<memref::StoreOp>(op))
      index(store.getIndices(), store.getMemRef());
    else if (auto load = dyn_cast<vector::LoadOp>(op))
      index(load.getIndices(), load.getBase());
    else if (auto store = dyn_cast<vector::StoreOp>(op))
      index(store.getIndices(), store.getBase());
  });
  // Innermost first, so each unrolling sees its body already unrolled (and
  // its size estimate is the real one).
  SmallVector<scf::ForOp> order(loops.begin(), loops.end());
  llvm::stable_sort(order, [](scf::ForOp a, scf::ForOp b) {
    return getNestingDepth(a) > getNestingDepth(b);
  });
  int64_t unrolled = 0;
  for (scf::ForOp loop : order) {
    std::optional<llvm::APInt> trips = loop.getStaticTripCount();
    if (!trips || maxUnrolledOps < 0)
      continue;
    int64_t bodyOps = 0;
    loop.getBody()->walk([&](Operation *) { ++bodyOps; });
    // trips * bodyOps > maxUnrolledOps, without the product (which
    // overflowed for 2^62 trips, and unrolled them: a hang).
    if (trips->ugt(static_cast<uint64_t>(maxUnrolledOps / bodyOps)))
      continue;
    // Upstream's full unrolling takes no rewriter: `rewriter`'s listener
    // (a transform's handle tracking) is not told of the clones.
    unrolled += succeeded(loopUnrollFull(loop));
  }
  return unrolled;
}

namespace {
struct RollerUnrollRegisterTilesPass
    : public roller::impl::RollerUnrollRegisterTilesPassBase<
          RollerUnrollRegisterTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk([&](gpu::GPUFuncOp kernel) {
      (void)unrollRegisterTiles(rewriter, kernel, maxUnrolledOps);
    });
  }
};
} // namespace
