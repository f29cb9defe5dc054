//===- FoldConstants.cpp - Data movement of constants at compile time -----===//

#include "Roller/Dialect/Roller/Transforms/FoldConstants.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/Support/CheckedArithmetic.h"

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

arith::ConstantOp mlir::roller::createConstantTensor(
    RewriterBase &rewriter, Location loc, RankedTensorType type,
    StringRef blobName, function_ref<void(MutableArrayRef<char>)> fill) {
  int64_t bytes = type.getNumElements() * (type.getElementTypeBitWidth() / 8);
  if (bytes <= kInlineConstantBytes) {
    std::vector<char> data(bytes);
    fill(data);
    return arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::getFromRawBuffer(type, ArrayRef<char>(data)));
  }
  AsmResourceBlob blob = HeapAsmResourceBlob::allocate(
      bytes, /*align=*/alignof(std::max_align_t), /*dataIsMutable=*/true);
  fill(blob.getMutableData());
  return arith::ConstantOp::create(
      rewriter, loc,
      DenseResourceElementsAttr::get(type, blobName, std::move(blob)));
}

std::optional<int64_t> mlir::roller::getStaticByteSize(ShapedType type) {
  if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  std::optional<int64_t> bytes =
      (type.getElementType().getIntOrFloatBitWidth() + 7) / 8;
  for (int64_t dim : type.getShape())
    if (bytes)
      bytes = llvm::checkedMul(*bytes, dim);
  return bytes;
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
  // Index (and any other type without a bit width) is not folded: asking it
  // for a width would crash.
  Type elementType = resultType.getElementType();
  if (!elementType.isIntOrFloat() ||
      elementType.getIntOrFloatBitWidth() % 8 != 0)
    return rewriter.notifyMatchFailure(op, "element type of partial bytes");
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  std::optional<int64_t> resultSize = getStaticByteSize(resultType);
  if (!resultSize || *resultSize > maxBytes)
    return rewriter.notifyMatchFailure(op, "result too large to fold");
  int64_t numElements = resultType.getNumElements();

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
  // The start of an accumulation (a convolution's bias broadcast over its
  // output) stays a broadcast, which roller-split-bias-init moves after the
  // sum: folded, it would be a constant the contraction writes into, copied
  // whole into a writable buffer on every call.
  if (!op->use_empty() && llvm::all_of(op->getUses(), [](OpOperand &use) {
        auto user = dyn_cast<linalg::LinalgOp>(use.getOwner());
        return user && user.isDpsInit(&use) && user.getNumReductionLoops() != 0;
      }))
    return rewriter.notifyMatchFailure(op, "the initial value of a reduction");

  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  if (bytes->splat) {
    auto splat = DenseElementsAttr::getFromRawBuffer(
        resultType, bytes->data.take_front(elementBytes));
    auto constant = arith::ConstantOp::create(rewriter, op.getLoc(), splat);
    rewriter.replaceOp(op, constant.getResult());
    return constant;
  }
  // A broadcast that multiplies the data (a weight over a batch, a bias
  // over every row) is cheaper to run than to keep: its kernel writes what
  // a consumer would otherwise read from a constant as large.
  int64_t resultBytes = numElements * elementBytes;
  if (resultBytes > kInlineConstantBytes &&
      numElements > kMaxFoldExpansion * sourceType.getNumElements())
    return rewriter.notifyMatchFailure(op, "a broadcast that multiplies the "
                                           "constant's size");

  // Each output dimension moves the source offset by a fixed stride: the
  // sum of the strides of the source dimensions indexed by the same loop
  // (none for a broadcast dimension). Walk the output
  // row-major, moving the source offset incrementally.
  ArrayRef<int64_t> outShape = resultType.getShape();
  ArrayRef<int64_t> srcShape = sourceType.getShape();
  SmallVector<int64_t> srcStrides(srcShape.size(), 1);
  for (int64_t d = static_cast<int64_t>(srcShape.size()) - 2; d >= 0; --d)
    srcStrides[d] = srcStrides[d + 1] * srcShape[d + 1];
  int64_t rank = resultType.getRank();
  SmallVector<int64_t> strideOfOutputDim(rank, 0);
  for (int64_t d = 0; d < rank; ++d)
    for (int64_t k = 0; k < sourceType.getRank(); ++k)
      if (sourceMap.getDimPosition(k) == outputMap.getDimPosition(d))
        strideOfOutputDim[d] += srcStrides[k];
  auto fill = [&](MutableArrayRef<char> folded) {
    SmallVector<int64_t> outIndex(rank, 0);
    const char *src = bytes->data.data();
    int64_t offset = 0;
    for (int64_t linear = 0; linear < numElements; ++linear) {
      std::memcpy(folded.data() + linear * elementBytes,
                  src + offset * elementBytes, elementBytes);
      for (int64_t d = rank - 1; d >= 0; --d) {
        offset += strideOfOutputDim[d];
        if (++outIndex[d] < outShape[d])
          break;
        offset -= strideOfOutputDim[d] * outShape[d];
        outIndex[d] = 0;
      }
    }
  };
  arith::ConstantOp constant = createConstantTensor(
      rewriter, op.getLoc(), resultType, "roller_folded", fill);
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
