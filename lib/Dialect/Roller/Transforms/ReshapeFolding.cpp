//===- ReshapeFolding.cpp - Folding the reshapes a rewrite left -----------===//
//
// See ReshapeFolding.h.
//
//===----------------------------------------------------------------------===//

#include "ReshapeFolding.h"
#include "Roller/Analysis/Limits.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

void mlir::roller::foldReshapes(ArrayRef<Operation *> ops) {
  if (ops.empty())
    return;
  MLIRContext *ctx = ops.front()->getContext();
  RewritePatternSet patterns(ctx);
  tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
  tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
  linalg::FillOp::getCanonicalizationPatterns(patterns, ctx);
  tensor::populateFoldTensorEmptyPatterns(patterns);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  (void)applyOpPatternsGreedily(ops, std::move(patterns), config);
}

bool mlir::roller::hasOperandsWithinLimits(linalg::LinalgOp op) {
  return llvm::all_of(op->getOperandTypes(), [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return !shaped || !shaped.hasStaticShape() ||
           !whyShapeOutsideLimits(shaped.getShape());
  });
}
