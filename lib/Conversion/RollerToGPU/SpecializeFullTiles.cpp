//===- SpecializeFullTiles.cpp - Static tiles away from the boundary ------===//
//
// `--roller-specialize-full-tiles`: tensor shapes the block or reduction
// tiles do not divide give every tile dynamic sizes (`affine.min`), which
// keeps accumulators out of registers and accesses scalar in all blocks,
// not just the boundary ones. Inside each kernel this pass
// - peels the last, partial reduction step off every loop whose step does
//   not divide its trip (upstream `peelForLoopAndSimplifyBounds`), so the
//   main loop's steps are full;
// - versions the kernel body on the block being interior: when every
//   block-level size (`affine.min` of block ids and constants) reaches its
//   constant bound, a copy of the body with those sizes replaced by the
//   constants runs; boundary blocks run the original;
// - simplifies the `affine.min`s this makes redundant (thread tiles of a
//   full block; upstream `simplifyAffineMinMaxOps`), so that the interior
//   version's views are static.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/SpecializeFullTiles.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Transforms/Transforms.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERSPECIALIZEFULLTILESPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// Whether `value` is computed from the launch's block ids and constants
/// only (the same in every thread of a block).
static bool isBlockUniform(Value value, gpu::LaunchOp launch) {
  if (isa<BlockArgument>(value)) {
    gpu::KernelDim3 ids = launch.getBlockIds();
    return value == ids.x || value == ids.y || value == ids.z;
  }
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (def->hasTrait<OpTrait::ConstantLike>())
    return true;
  if (!launch->isProperAncestor(def) ||
      !isa<affine::AffineApplyOp, affine::AffineMinOp>(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isBlockUniform(operand, launch);
  });
}

/// The constant among `min`'s results (the full tile size), if any.
static std::optional<int64_t> getConstantBound(affine::AffineMinOp min) {
  std::optional<int64_t> bound;
  for (AffineExpr expr : min.getAffineMap().getResults())
    if (auto constant = dyn_cast<AffineConstantExpr>(expr))
      bound =
          bound ? std::min(*bound, constant.getValue()) : constant.getValue();
  return bound;
}

FailureOr<scf::IfOp> mlir::roller::versionInteriorBlocks(RewriterBase &rewriter,
                                                         gpu::LaunchOp launch) {
  Block &body = launch.getBody().front();
  SmallVector<std::pair<affine::AffineMinOp, int64_t>> sizes;
  for (auto min : body.getOps<affine::AffineMinOp>())
    if (std::optional<int64_t> bound = getConstantBound(min);
        bound && isBlockUniform(min, launch))
      sizes.push_back({min, *bound});
  if (sizes.empty())
    return failure();

  // Everything after the last block-level size moves into the versions.
  Operation *last = sizes.front().first;
  for (auto [min, bound] : sizes)
    if (last->isBeforeInBlock(min))
      last = min;
  Operation *terminator = body.getTerminator();
  if (last->getNextNode() == terminator)
    return failure();

  Location loc = launch.getLoc();
  rewriter.setInsertionPointAfter(last);
  Value interior;
  IRMapping full;
  for (auto [min, bound] : sizes) {
    Value constant = arith::ConstantIndexOp::create(rewriter, loc, bound);
    Value equal = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        min, constant);
    interior = interior ? arith::AndIOp::create(rewriter, loc, interior, equal)
                        : equal;
    full.map(min.getResult(), constant);
  }
  auto version = scf::IfOp::create(rewriter, loc, interior,
                                   /*withElseRegion=*/true);
  SmallVector<Operation *> rest;
  for (Operation *op = version->getNextNode(); op != terminator;
       op = op->getNextNode())
    rest.push_back(op);
  rewriter.setInsertionPoint(version.thenBlock()->getTerminator());
  for (Operation *op : rest)
    rewriter.clone(*op, full);
  for (Operation *op : rest)
    rewriter.moveOpBefore(op, version.elseBlock()->getTerminator());
  return version;
}

void mlir::roller::specializeFullTiles(RewriterBase &rewriter,
                                       gpu::LaunchOp launch) {
  // Partial reduction steps first: the peeled step stays in both versions.
  SmallVector<scf::ForOp> loops;
  launch.getBody().walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops) {
    scf::ForOp partial;
    rewriter.setInsertionPoint(loop);
    (void)scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial);
  }
  (void)versionInteriorBlocks(rewriter, launch);
  SmallVector<Operation *> mins;
  launch.getBody().walk([&](Operation *op) {
    if (isa<affine::AffineMinOp, affine::AffineMaxOp>(op))
      mins.push_back(op);
  });
  // Failure only means the greedy clean-up did not converge; the IR is
  // valid either way (less of it static).
  (void)affine::simplifyAffineMinMaxOps(rewriter, mins);
}

namespace {
struct RollerSpecializeFullTilesPass
    : public roller::impl::RollerSpecializeFullTilesPassBase<
          RollerSpecializeFullTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk(
        [&](gpu::LaunchOp launch) { specializeFullTiles(rewriter, launch); });
  }
};
} // namespace
