//===- TiledLoopCleanup.cpp - Tidying after the rProgram tiling -----------===//

#include "TiledLoopCleanup.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::roller;

/// Erases `op` and, transitively, the ops that only fed it, so that a failed
/// lowering leaves the IR as it found it.
void mlir::roller::eraseWithDeadProducers(RewriterBase &rewriter,
                                          Operation *op) {
  SmallVector<Operation *> worklist{op};
  while (!worklist.empty()) {
    Operation *dead = worklist.pop_back_val();
    SmallVector<Operation *> producers;
    for (Value operand : dead->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        producers.push_back(producer);
    rewriter.eraseOp(dead);
    for (Operation *producer : producers)
      if (producer->use_empty() && isMemoryEffectFree(producer))
        worklist.push_back(producer);
  }
}

/// Folds and deduplicates the index arithmetic tiling leaves behind (repeated
/// affine.apply, tensor.dim of slices, affine.min/max chains) inside `root`,
/// and only there; loops, even of one iteration, stay. `root` itself is not
/// on the worklist: its results are not used yet, and it must not be erased
/// as dead.
void mlir::roller::cleanUpTiledLoops(Operation *root) {
  MLIRContext *ctx = root->getContext();
  RewritePatternSet patterns(ctx);
  affine::AffineApplyOp::getCanonicalizationPatterns(patterns, ctx);
  affine::AffineMinOp::getCanonicalizationPatterns(patterns, ctx);
  affine::AffineMaxOp::getCanonicalizationPatterns(patterns, ctx);
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (op != root)
      ops.push_back(op);
  });
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  config.setScope(root->getParentRegion());
  (void)applyOpPatternsGreedily(ops, std::move(patterns), config);
  IRRewriter rewriter(ctx);
  DominanceInfo dominance;
  eliminateCommonSubExpressions(rewriter, dominance, root);
}
