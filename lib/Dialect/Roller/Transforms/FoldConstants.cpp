//===- FoldConstants.cpp - Data movement of constants at compile time -----===//

#include "Roller/Dialect/Roller/Transforms/FoldConstants.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERFOLDCONSTANTSPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

std::optional<ConstantBytes> mlir::roller::getConstantBytes(Value value) {
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  if (!constant)
    return std::nullopt;
  if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
    return ConstantBytes{dense.getRawData(), dense.isSplat()};
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(constant.getValue()))
    if (AsmResourceBlob *blob = resource.getRawHandle().getBlob())
      return ConstantBytes{blob->getData(), false};
  return std::nullopt;
}

FailureOr<arith::ConstantOp>
mlir::roller::foldConstantDataMovement(RewriterBase &rewriter,
                                       linalg::LinalgOp op, int64_t maxBytes) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() != 0 || op->getNumRegions() != 1)
    return rewriter.notifyMatchFailure(op, "not a single-output map");
  OpOperand *init = op.getDpsInitOperand(0);
  auto resultType = dyn_cast<RankedTensorType>(init->get().getType());
  if (!resultType || !resultType.hasStaticShape() ||
      op.payloadUsesValueFromOperand(init))
    return rewriter.notifyMatchFailure(op, "reads its output or is dynamic");
  Type elementType = resultType.getElementType();
  unsigned bits = elementType.getIntOrFloatBitWidth();
  if (!elementType.isIntOrFloat() || bits % 8 != 0)
    return rewriter.notifyMatchFailure(op, "element type of partial bytes");
  int64_t elementBytes = bits / 8;
  int64_t numElements = resultType.getNumElements();
  if (numElements * elementBytes > maxBytes)
    return rewriter.notifyMatchFailure(op, "result too large to fold");

  // The body yields one input, unchanged.
  Block &body = op->getRegion(0).front();
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!yield || yield.getNumOperands() != 1 || body.getOperations().size() != 1)
    return rewriter.notifyMatchFailure(op, "the body computes");
  auto yielded = dyn_cast<BlockArgument>(yield.getOperand(0));
  if (!yielded || yielded.getOwner() != &body ||
      yielded.getArgNumber() >= op.getNumDpsInputs())
    return rewriter.notifyMatchFailure(op, "the body does not yield an input");
  OpOperand *source = op.getDpsInputOperand(yielded.getArgNumber());
  auto sourceType = dyn_cast<RankedTensorType>(source->get().getType());
  std::optional<ConstantBytes> bytes = getConstantBytes(source->get());
  if (!sourceType || !sourceType.hasStaticShape() || !bytes ||
      sourceType.getElementType() != elementType)
    return rewriter.notifyMatchFailure(op, "the input is not a constant");
  AffineMap sourceMap = op.getMatchingIndexingMap(source);
  AffineMap outputMap = op.getMatchingIndexingMap(init);
  if (!sourceMap.isProjectedPermutation() || !outputMap.isPermutation())
    return rewriter.notifyMatchFailure(op, "not a permutation or broadcast");
  if (!bytes->splat && static_cast<int64_t>(bytes->data.size()) !=
                           sourceType.getNumElements() * elementBytes)
    return rewriter.notifyMatchFailure(op, "unexpected constant storage");

  // Walk the output row-major; each loop index comes from the output index
  // through the inverse output map, each source index through its map.
  AffineMap loopsOfOutput = inversePermutation(outputMap);
  ArrayRef<int64_t> outShape = resultType.getShape();
  ArrayRef<int64_t> srcShape = sourceType.getShape();
  SmallVector<int64_t> srcStrides(srcShape.size(), 1);
  for (int64_t d = static_cast<int64_t>(srcShape.size()) - 2; d >= 0; --d)
    srcStrides[d] = srcStrides[d + 1] * srcShape[d + 1];
  std::vector<char> folded(numElements * elementBytes);
  SmallVector<int64_t> outIndex(outShape.size(), 0);
  SmallVector<int64_t> loops(op.getNumLoops(), 0);
  for (int64_t linear = 0; linear < numElements; ++linear) {
    for (auto [loop, expr] : llvm::enumerate(loopsOfOutput.getResults()))
      loops[loop] = outIndex[cast<AffineDimExpr>(expr).getPosition()];
    int64_t offset = 0;
    if (!bytes->splat)
      for (auto [dim, expr] : llvm::enumerate(sourceMap.getResults()))
        offset +=
            loops[cast<AffineDimExpr>(expr).getPosition()] * srcStrides[dim];
    std::memcpy(folded.data() + linear * elementBytes,
                bytes->data.data() + offset * elementBytes, elementBytes);
    for (int64_t d = static_cast<int64_t>(outShape.size()) - 1; d >= 0; --d) {
      if (++outIndex[d] < outShape[d])
        break;
      outIndex[d] = 0;
    }
  }
  auto value = DenseElementsAttr::getFromRawBuffer(
      resultType, ArrayRef<char>(folded.data(), folded.size()));
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  auto constant = arith::ConstantOp::create(rewriter, op.getLoc(), value);
  rewriter.replaceOp(op, constant.getResult());
  return constant;
}

int64_t mlir::roller::foldConstants(RewriterBase &rewriter, Operation *root,
                                    int64_t maxBytes) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) { ops.push_back(op); });
  int64_t folded = 0;
  for (linalg::LinalgOp op : ops)
    folded += succeeded(foldConstantDataMovement(rewriter, op, maxBytes));
  return folded;
}

namespace {
struct RollerFoldConstantsPass
    : public roller::impl::RollerFoldConstantsPassBase<
          RollerFoldConstantsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)foldConstants(rewriter, getOperation(), maxBytes);
  }
};
} // namespace
