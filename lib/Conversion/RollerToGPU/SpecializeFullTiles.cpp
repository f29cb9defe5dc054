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
//   full block; upstream `simplifyAffineMinMaxOps`), and those of the
//   thread id that are one value over the thread ids in range (a full
//   tile's copy pieces), so that the interior version's views are static.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/SpecializeFullTiles.h"
#include "BufferUtils.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Transforms/Transforms.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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

/// Replaces each `affine.min`/`affine.max` computed from the thread id (and
/// constants) that takes one value in every thread that reaches it (the
/// enclosing `scf.if` guards hold) by that constant. The copy pieces of a
/// full tile are sized like a boundary tile's, `min(80 - 2 * tid, 2)` under
/// `tid < 40`, or `min(8 - 2 * (tid mod 4), 2)` written with floordiv,
/// which upstream's simplification cannot bound: left dynamic, the interior
/// blocks' copies stayed scalar and synchronous. Only one-dimensional
/// blocks of at most 1024 threads are evaluated. Returns how many were
/// replaced.
static int64_t foldSizesOverThreads(RewriterBase &rewriter,
                                    gpu::LaunchOp launch) {
  std::optional<int64_t> threads = getConstantIntValue(launch.getBlockSizeX());
  if (!threads || *threads > 1024 ||
      getConstantIntValue(launch.getBlockSizeY()) != 1 ||
      getConstantIntValue(launch.getBlockSizeZ()) != 1)
    return 0;
  SmallVector<Operation *> candidates;
  launch.getBody().walk([&](Operation *op) {
    if (isa<affine::AffineMinOp, affine::AffineMaxOp>(op))
      candidates.push_back(op);
  });
  int64_t folded = 0;
  for (Operation *op : candidates) {
    SmallVector<Value> guards;
    for (Operation *inner = op; inner->getParentOp() != launch;
         inner = inner->getParentOp())
      if (auto branch = dyn_cast<scf::IfOp>(inner->getParentOp());
          branch && branch.getThenRegion().isAncestor(inner->getParentRegion()))
        guards.push_back(branch.getCondition());
    std::optional<int64_t> value;
    bool uniform = true;
    for (int64_t t = 0; t < *threads && uniform; ++t) {
      // A guard that cannot be evaluated is taken as true: more threads
      // to agree, never a wrong constant.
      if (llvm::any_of(guards, [&](Value guard) {
            return evaluateInThread(guard, t) == 0;
          }))
        continue;
      std::optional<int64_t> v = evaluateInThread(op->getResult(0), t);
      uniform = v && (!value || *value == *v);
      value = v;
    }
    if (!uniform || !value)
      continue;
    rewriter.setInsertionPoint(op);
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(op, *value);
    ++folded;
  }
  return folded;
}

/// Whether `loop` issues staging copies ahead (`--roller-pipeline-staging`
/// marks them `roller.async_copy`).
static bool hasAsyncCopies(scf::ForOp loop) {
  return loop
      ->walk([](linalg::CopyOp copy) {
        return copy->hasAttr(RollerDialect::kAsyncCopyAttrName)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Moves the last `distance` steps of `loop` (constant bounds, no
/// iteration values) into a loop of their own right after it: the steps
/// whose prefetch reaches past the main loop's full steps. Fails, changing
/// nothing, when the loop is not of that form or has too few steps.
static LogicalResult peelPrefetchingSteps(RewriterBase &rewriter,
                                          scf::ForOp loop, int64_t distance) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lb || !ub || !step || *step <= 0 || loop.getNumResults() != 0)
    return failure();
  int64_t steps = (*ub - *lb) / *step;
  int64_t peeled = std::min(distance, steps - 1);
  if (peeled <= 0 || (*ub - *lb) % *step != 0)
    return failure();
  int64_t split = *ub - peeled * *step;
  rewriter.setInsertionPointAfter(loop);
  auto tail = cast<scf::ForOp>(rewriter.clone(*loop));
  rewriter.setInsertionPoint(loop);
  Value splitValue =
      arith::ConstantIndexOp::create(rewriter, loop.getLoc(), split);
  rewriter.modifyOpInPlace(loop, [&] { loop.setUpperBound(splitValue); });
  rewriter.modifyOpInPlace(tail, [&] { tail.setLowerBound(splitValue); });
  return success();
}

void mlir::roller::specializeFullTiles(RewriterBase &rewriter,
                                       gpu::LaunchOp launch) {
  // Partial reduction steps first: the peeled step stays in both versions.
  // A pipelined loop also issues, at step k, the copies of step
  // k + stages - 1: the full steps that prefetch the partial one move out
  // with it, so that every prefetch left in the main loop is full.
  auto config =
      launch->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName);
  int64_t prefetchDistance = config && config.getStaged()
                                 ? std::max<int64_t>(config.getStages() - 1, 0)
                                 : 0;
  SmallVector<scf::ForOp> loops;
  launch.getBody().walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops) {
    scf::ForOp partial;
    rewriter.setInsertionPoint(loop);
    if (succeeded(scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial)) &&
        prefetchDistance > 0 && hasAsyncCopies(loop))
      (void)peelPrefetchingSteps(rewriter, loop, prefetchDistance);
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
  foldSizesOverThreads(rewriter, launch);
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
