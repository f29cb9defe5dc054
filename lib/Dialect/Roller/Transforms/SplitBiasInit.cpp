//===- SplitBiasInit.cpp - Bias initial values as epilogues ---------------===//
//
// `--roller-split-bias-init` and its entry points (SplitBiasInit.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/SplitBiasInit.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERSPLITBIASINITPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// Whether the body of `op` yields `out + x` (or `x + out`) in a float type,
/// with the output's value used by that add alone: then the result is the
/// initial value plus a sum that does not depend on it.
static bool accumulatesBySum(linalg::LinalgOp op) {
  if (op->getNumRegions() != 1 || op.getNumDpsInits() != 1)
    return false;
  Block &body = op->getRegion(0).front();
  BlockArgument out = body.getArguments().back();
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  auto add = yield && yield.getNumOperands() == 1
                 ? yield.getOperand(0).getDefiningOp<arith::AddFOp>()
                 : nullptr;
  return add && out.hasOneUse() && *out.user_begin() == add.getOperation() &&
         add.getLhs() != add.getRhs();
}

/// Whether `op` computes each element of its one result from the same
/// element of its loops (no reduction), on tensors.
static bool isElementwise(linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() && op.getNumReductionLoops() == 0 &&
         op->getNumResults() == 1 && op.getNumDpsInits() == 1 &&
         op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity();
}

/// The input that `op` (elementwise) only moves to its output (a
/// `linalg.broadcast`, or a generic yielding its one input), or null.
static OpOperand *getMovedInput(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 1 || op->getNumRegions() != 1)
    return nullptr;
  Block &body = op->getRegion(0).front();
  Operation *yield = body.getTerminator();
  if (yield->getNumOperands() != 1 ||
      yield->getOperand(0) != body.getArgument(0))
    return nullptr;
  return op.getDpsInputOperand(0);
}

FailureOr<linalg::GenericOp> mlir::roller::splitBiasInit(RewriterBase &rewriter,
                                                         linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() == 0 ||
      op->getNumResults() != 1 || !accumulatesBySum(op))
    return failure();
  OpOperand &init = op.getDpsInitsMutable()[0];
  auto bias = init.get().getDefiningOp<linalg::LinalgOp>();
  auto type = dyn_cast<RankedTensorType>(init.get().getType());
  if (!bias || isa<linalg::FillOp>(bias) || !isElementwise(bias) ||
      !bias->hasOneUse() || !type || !type.hasStaticShape() ||
      !isa<FloatType>(type.getElementType()))
    return failure();
  // A broadcast (what constant folding leaves of torch-mlir's) is read
  // through its own map by the add; another elementwise op through its
  // result, which the elementwise fusion then brings into the add.
  Value addend = bias->getResult(0);
  AffineMap addendMap = bias.getMatchingIndexingMap(bias.getDpsInitOperand(0));
  if (OpOperand *moved = getMovedInput(bias)) {
    addend = moved->get();
    addendMap = bias.getMatchingIndexingMap(moved);
  } else if (!isa<linalg::GenericOp>(bias)) {
    return failure();
  }
  // The operator's output map must be a permutation for the add to read
  // each accumulated element once where the operator wrote it.
  AffineMap outputMap = op.getMatchingIndexingMap(&init);
  if (!outputMap.isProjectedPermutation() ||
      outputMap.getNumResults() != static_cast<unsigned>(type.getRank()))
    return failure();

  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Value zero = arith::ConstantOp::create(
      rewriter, loc, rewriter.getZeroAttr(type.getElementType()));
  Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                        type.getElementType());
  Value fill = linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
  rewriter.modifyOpInPlace(op, [&] { init.set(fill); });

  rewriter.setInsertionPointAfter(op);
  Value result = op->getResult(0);
  AffineMap identity = rewriter.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> parallel(type.getRank(),
                                            utils::IteratorType::parallel);
  Value outEmpty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                           type.getElementType());
  auto add = linalg::GenericOp::create(
      rewriter, loc, TypeRange{type}, ValueRange{result, addend},
      ValueRange{outEmpty}, ArrayRef<AffineMap>{identity, addendMap, identity},
      parallel, [](OpBuilder &b, Location loc, ValueRange args) {
        Value sum = arith::AddFOp::create(b, loc, args[0], args[1]);
        linalg::YieldOp::create(b, loc, sum);
      });
  rewriter.replaceAllUsesExcept(result, add->getResult(0), add);
  if (bias->use_empty())
    rewriter.eraseOp(bias);
  return add;
}

int64_t mlir::roller::splitBiasInits(RewriterBase &rewriter, Operation *root) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) { ops.push_back(op); });
  int64_t count = 0;
  for (linalg::LinalgOp op : ops)
    count += succeeded(splitBiasInit(rewriter, op));
  return count;
}

namespace {
struct RollerSplitBiasInitPass
    : public roller::impl::RollerSplitBiasInitPassBase<
          RollerSplitBiasInitPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    splitBiasInits(rewriter, getOperation());
  }
};
} // namespace
