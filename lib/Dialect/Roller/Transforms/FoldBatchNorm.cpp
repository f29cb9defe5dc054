//===- FoldBatchNorm.cpp - Affine epilogues folded into weights -----------===//
//
// y = (conv(x, W) + bias - mean) * rsqrt(var + eps) * gamma + beta is
// conv(x, W * a) + (bias * a + b) with a = rsqrt(var + eps) * gamma and
// b = beta - mean * a, per output channel: the six kernels of a BatchNorm
// (four on the result, two on its constants) become the broadcast of the
// new bias into the conv's initial value.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/FoldBatchNorm.h"
#include "Roller/Dialect/Roller/Transforms/FoldConstants.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "AffineEpilogue.h"
#include "MatchFailureReason.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/Support/DebugLog.h"

#include <cmath>
#include <cstring>

#define DEBUG_TYPE "roller-fold-batch-norm"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERFOLDBATCHNORMPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;
using llvm::APFloat;

/// The producers of the operands of `op` and of the values its body uses
/// from above (scalar constants): what may be dead once it is erased.
static SmallVector<Operation *> producers(Operation *op) {
  SetVector<Value> values(op->getOperands().begin(), op->getOperands().end());
  for (Region &region : op->getRegions())
    getUsedValuesDefinedAbove(region, values);
  SmallVector<Operation *> ops;
  for (Value value : values)
    if (Operation *producer = value.getDefiningOp())
      ops.push_back(producer);
  return ops;
}

/// Erases the ops of `worklist`, then their producers, while they are
/// unused. The same op may be reached twice: it is erased once.
static void eraseDeadProducers(RewriterBase &rewriter,
                               SmallVector<Operation *> worklist) {
  DenseSet<Operation *> erased;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (erased.contains(op) || !isOpTriviallyDead(op))
      continue;
    for (Value operand : op->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        worklist.push_back(producer);
    erased.insert(op);
    rewriter.eraseOp(op);
  }
}

FailureOr<AffineEpilogueFold>
mlir::roller::foldAffineEpilogue(RewriterBase &rewriter,
                                 linalg::LinalgOp anchor, int64_t maxBytes) {
  std::string reason;
  FailureOr<AffineEpilogue> epilogue = analyzeAffineEpilogue(anchor, reason);
  if (failed(epilogue))
    return rewriter.notifyMatchFailure(anchor, reason);
  AffineEpilogue &e = *epilogue;
  Value result = anchor->getResult(0);
  auto resultType = cast<RankedTensorType>(result.getType());
  Type elementType = resultType.getElementType();
  OpOperand *init = anchor.getDpsInitOperand(0);
  std::optional<ConstantElements> weights =
      getConstantElements(e.weights->get());
  int64_t elementBytes = resultType.getElementTypeBitWidth() / 8;
  std::optional<int64_t> weightBytes = getStaticByteSize(weights->type);
  if (!weightBytes || *weightBytes > maxBytes)
    return rewriter.notifyMatchFailure(anchor, "weights too large to fold");
  SmallVector<APFloat> newBias;
  bool scaled = false;
  for (int64_t c = 0; c < e.channels; ++c) {
    double a = e.scale[c];
    double b = a * toDouble(e.bias[c]) + e.shift[c];
    if (!std::isfinite(a) || !std::isfinite(b))
      return rewriter.notifyMatchFailure(anchor, "a coefficient is not finite");
    scaled |= a != 1.0;
    newBias.push_back(
        fromDouble(b, cast<FloatType>(elementType).getFloatSemantics()));
  }

  // W'[..c..] = a[c] * W[..c..], rounded once.
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(anchor);
  Location loc = anchor.getLoc();
  SmallVector<Operation *> maybeDead;
  if (Operation *producer = init->get().getDefiningOp())
    maybeDead.push_back(producer);
  if (scaled) {
    ArrayRef<int64_t> shape = weights->type.getShape();
    int64_t inner = 1;
    for (int64_t d = e.weightsDim + 1; d < static_cast<int64_t>(shape.size());
         ++d)
      inner *= shape[d];
    int64_t numElements = weights->type.getNumElements();
    auto fill = [&](MutableArrayRef<char> bytes) {
      auto floatType = cast<FloatType>(elementType);
      for (int64_t i = 0; i < numElements; ++i) {
        int64_t c = (i / inner) % shape[e.weightsDim];
        writeDouble(e.scale[c] * weights->getDouble(i), floatType,
                    bytes.data() + i * elementBytes);
      }
    };
    Value newWeights = createConstantTensor(rewriter, loc, weights->type,
                                            "roller_scaled_weights", fill);
    if (Operation *producer = e.weights->get().getDefiningOp())
      maybeDead.push_back(producer);
    rewriter.modifyOpInPlace(anchor, [&] { e.weights->set(newWeights); });
  }

  // The new initial value: a fill when the same for every channel, else a
  // broadcast of the small per-channel constant (never the full tensor).
  Value empty = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                        elementType);
  Value newInit;
  if (llvm::all_of(newBias, [&](const APFloat &b) {
        return b.bitwiseIsEqual(newBias.front());
      })) {
    Value scalar = arith::ConstantOp::create(
        rewriter, loc, FloatAttr::get(elementType, newBias.front()));
    newInit = linalg::FillOp::create(rewriter, loc, ValueRange{scalar},
                                     ValueRange{empty})
                  .getResult(0);
  } else {
    auto biasType = RankedTensorType::get({e.channels}, elementType);
    Value biasConstant = arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(biasType, newBias));
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < resultType.getRank(); ++d)
      if (d != e.channelDim)
        dims.push_back(d);
    newInit =
        linalg::BroadcastOp::create(rewriter, loc, biasConstant, empty, dims)
            ->getResult(0);
  }
  rewriter.modifyOpInPlace(anchor, [&] { init->set(newInit); });

  rewriter.replaceAllUsesWith(e.chain.back()->getResult(0), result);
  // Producers inside the chain are erased with it, not through maybeDead.
  DenseSet<Operation *> inChain;
  for (linalg::LinalgOp op : e.chain)
    inChain.insert(op);
  for (linalg::LinalgOp op : llvm::reverse(e.chain)) {
    for (Operation *producer : producers(op))
      if (!inChain.contains(producer) && producer != anchor)
        maybeDead.push_back(producer);
    rewriter.eraseOp(op);
  }
  eraseDeadProducers(rewriter, maybeDead);
  LDBG() << "folded " << e.chain.size() << " ops into " << anchor->getName()
         << " at " << loc << (scaled ? " (weights scaled)" : "");
  return AffineEpilogueFold{anchor, static_cast<int64_t>(e.chain.size()),
                            scaled};
}

FailureOr<AffineEpilogueFold>
mlir::roller::foldAffineEpilogue(RewriterBase &rewriter,
                                 linalg::LinalgOp anchor, int64_t maxBytes,
                                 std::string &reason) {
  return keepMatchFailureReason(rewriter, reason, [&] {
    return foldAffineEpilogue(rewriter, anchor, maxBytes);
  });
}

/// An anchor with an elementwise user that reads a constant looks like a
/// conv or matmul followed by BatchNorm or a bias: worth a remark when it
/// is not folded. Others are not candidates at all.
static bool isCandidate(linalg::LinalgOp anchor) {
  if (anchor->getNumResults() != 1 || !isMulAccumulate(anchor))
    return false;
  return llvm::any_of(anchor->getResult(0).getUsers(), [](Operation *user) {
    auto op = dyn_cast<linalg::LinalgOp>(user);
    return op && op.getNumReductionLoops() == 0 &&
           llvm::any_of(op.getDpsInputOperands(), [](OpOperand *input) {
             return getConstantElements(input->get()).has_value();
           });
  });
}

FoldBatchNormCounts mlir::roller::foldBatchNorms(RewriterBase &rewriter,
                                                 Operation *root,
                                                 int64_t maxBytes,
                                                 bool remarks) {
  FoldBatchNormCounts counts;
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) { ops.push_back(op); });
  for (linalg::LinalgOp op : ops) {
    SmallVector<Operation *> maybeDead = producers(op);
    if (succeeded(evaluateConstantElementwise(rewriter, op, maxBytes))) {
      ++counts.evaluated;
      eraseDeadProducers(rewriter, std::move(maybeDead));
    }
  }
  // Anchors have reduction loops, epilogue ops none: folding one anchor
  // never erases another.
  SmallVector<linalg::LinalgOp> anchors;
  root->walk([&](linalg::LinalgOp op) {
    if (op.getNumReductionLoops() > 0)
      anchors.push_back(op);
  });
  for (linalg::LinalgOp anchor : anchors) {
    bool candidate = isCandidate(anchor);
    std::string reason;
    FailureOr<AffineEpilogueFold> folded =
        foldAffineEpilogue(rewriter, anchor, maxBytes, reason);
    if (succeeded(folded)) {
      ++counts.anchors;
      counts.epilogueOps += folded->numFolded;
    } else if (candidate && remarks) {
      emitRemarkAtLoc(anchor)
          << "roller-fold-batch-norm: not folded: " << reason;
    }
  }
  return counts;
}

namespace {
struct RollerFoldBatchNormPass
    : public roller::impl::RollerFoldBatchNormPassBase<
          RollerFoldBatchNormPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)foldBatchNorms(rewriter, getOperation(), maxBytes, remarks);
  }
};
} // namespace
