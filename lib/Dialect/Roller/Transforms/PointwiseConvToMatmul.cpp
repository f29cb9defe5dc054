//===- PointwiseConvToMatmul.cpp - 1x1 convolutions as GEMMs --------------===//
//
// `--roller-pointwise-conv-to-matmul` and its entry points
// (PointwiseConvToMatmul.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/PointwiseConvToMatmul.h"
#include "Roller/Analysis/LinalgTensorExpr.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/ConvNchwToNhwc.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERPOINTWISECONVTOMATMULPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

Value mlir::roller::collapseConvOperand(RewriterBase &rewriter, Location loc,
                                        Value value,
                                        ArrayRef<ReassociationIndices> groups,
                                        ArrayRef<int64_t> permutation) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> permuted(type.getShape());
  if (!permutation.empty())
    permuted = applyPermutation(type.getShape(), permutation);
  SmallVector<int64_t> shape;
  for (const ReassociationIndices &group : groups) {
    int64_t size = 1;
    for (int64_t d : group)
      size *= permuted[d];
    shape.push_back(size);
  }
  // A fill stays a fill (done in the kernel), at the matmul's shape.
  if (isFillOfEmpty(value)) {
    auto fill = value.getDefiningOp<linalg::FillOp>();
    Value empty =
        tensor::EmptyOp::create(rewriter, loc, shape, type.getElementType());
    return linalg::FillOp::create(rewriter, loc, fill.getInputs(),
                                  ValueRange{empty})
        .getResult(0);
  }
  if (!permutation.empty())
    value = buildTranspose(rewriter, loc, value, permutation)->getResult(0);
  return tensor::CollapseShapeOp::create(
             rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
             value, groups)
      .getResult();
}

/// Whether every stride of `strides` is 1.
static bool hasUnitStrides(DenseIntElementsAttr strides) {
  return llvm::all_of(strides.getValues<int64_t>(),
                      [](int64_t stride) { return stride == 1; });
}

std::optional<std::string> mlir::roller::whyNotConvGemm(linalg::LinalgOp op) {
  bool nchw = isa<linalg::Conv2DNchwFchwOp>(op.getOperation());
  if ((!nchw && !isa<linalg::Conv2DNhwcHwcfOp>(op.getOperation())) ||
      !op.hasPureTensorSemantics() || op->getNumResults() != 1)
    return std::string("not a 2-D convolution on tensors");
  if (op->hasAttr(RollerDialect::kConfigAttrName))
    return std::string("it has a roller.config");
  auto inputType =
      dyn_cast<RankedTensorType>(op.getDpsInputOperand(0)->get().getType());
  auto filterType =
      dyn_cast<RankedTensorType>(op.getDpsInputOperand(1)->get().getType());
  auto initType =
      dyn_cast<RankedTensorType>(op.getDpsInitOperand(0)->get().getType());
  if (!inputType || !filterType || !initType || !inputType.hasStaticShape() ||
      !filterType.hasStaticShape() || !initType.hasStaticShape())
    return std::string("dynamic shapes");
  Type element = inputType.getElementType();
  // Inputs tensor cores take (as the matmul will sum them, in f32).
  if (getTensorCoreInputType(op, element, Float32Type::get(op.getContext()))
          .empty() ||
      filterType.getElementType() != element)
    return std::string("inputs not f16 or bf16 (or f32 where TF32 is "
                       "allowed)");
  auto empty = [](RankedTensorType type) {
    return llvm::is_contained(type.getShape(), 0);
  };
  if (empty(inputType) || empty(filterType) || empty(initType))
    return std::string("an empty operand");
  return std::nullopt;
}

linalg::MatmulOp
mlir::roller::replaceConvByMatmul(RewriterBase &rewriter, linalg::LinalgOp op,
                                  ValueRange operands, Value output,
                                  ArrayRef<ReassociationIndices> outputGroups,
                                  ArrayRef<int64_t> permutation) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  Value init = op.getDpsInitOperand(0)->get();
  auto initType = cast<RankedTensorType>(init.getType());
  auto matmul = linalg::MatmulOp::create(
      rewriter, loc, TypeRange{output.getType()}, operands, ValueRange{output});
  SmallVector<int64_t> permuted(initType.getShape());
  if (!permutation.empty())
    permuted = applyPermutation(initType.getShape(), permutation);
  Value result =
      tensor::ExpandShapeOp::create(rewriter, loc, initType.clone(permuted),
                                    matmul.getResult(0), outputGroups);
  if (!permutation.empty())
    result = buildTranspose(rewriter, loc, result,
                            invertPermutationVector(permutation))
                 ->getResult(0);
  Operation *oldInit = init.getDefiningOp();
  rewriter.replaceOp(op, result);
  if (oldInit && isOpTriviallyDead(oldInit))
    rewriter.eraseOp(oldInit);
  return matmul;
}

FailureOr<linalg::MatmulOp>
mlir::roller::pointwiseConvToMatmul(RewriterBase &rewriter,
                                    linalg::LinalgOp op) {
  if (std::optional<std::string> why = whyNotConvGemm(op))
    return rewriter.notifyMatchFailure(op, *why);
  auto nhwc = dyn_cast<linalg::Conv2DNhwcHwcfOp>(op.getOperation());
  auto nchw = dyn_cast<linalg::Conv2DNchwFchwOp>(op.getOperation());
  if (!hasUnitStrides(nhwc ? nhwc.getStrides() : nchw.getStrides()))
    return rewriter.notifyMatchFailure(op, "strides other than 1");
  // NCHW's channels and pixels of several images are no one matrix (the
  // implicit GEMM gathers them, ConvToImplicitGemm.h).
  if (nchw && cast<RankedTensorType>(op.getDpsInputOperand(0)->get().getType())
                      .getDimSize(0) != 1)
    return rewriter.notifyMatchFailure(op, "NCHW with a batch above 1");
  Value input = op.getDpsInputOperand(0)->get();
  Value filter = op.getDpsInputOperand(1)->get();
  Value init = op.getDpsInitOperand(0)->get();
  auto inputType = cast<RankedTensorType>(input.getType());
  auto filterType = cast<RankedTensorType>(filter.getType());
  auto initType = cast<RankedTensorType>(init.getType());
  // The filter's window dimensions: HWCF's first two, FCHW's last two.
  ArrayRef<int64_t> window = nhwc ? filterType.getShape().take_front(2)
                                  : filterType.getShape().take_back(2);
  if (window != ArrayRef<int64_t>{1, 1})
    return rewriter.notifyMatchFailure(op, "the filter is not 1x1");
  // The output's pixels must be the input's, one to one (an input larger
  // than the window reaches is read only in part).
  ArrayRef<int64_t> inputPixels = nhwc ? inputType.getShape().slice(1, 2)
                                       : inputType.getShape().take_back(2);
  ArrayRef<int64_t> outputPixels =
      nhwc ? initType.getShape().slice(1, 2) : initType.getShape().take_back(2);
  if (inputPixels != outputPixels)
    return rewriter.notifyMatchFailure(op, "the input has other pixels");
  // A pad is read through by the op that reads it, not through a reshape:
  // the implicit GEMM's gather reads through it instead.
  if (input.getDefiningOp<tensor::PadOp>())
    return rewriter.notifyMatchFailure(op, "the input is a pad");

  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  SmallVector<ReassociationIndices> pixelsByChannels =
      nhwc ? SmallVector<ReassociationIndices>{{0, 1, 2}, {3}}
           : SmallVector<ReassociationIndices>{{0, 1}, {2, 3}};
  SmallVector<ReassociationIndices> filterMatrix =
      nhwc ? SmallVector<ReassociationIndices>{{0, 1, 2}, {3}}
           : SmallVector<ReassociationIndices>{{0}, {1, 2, 3}};
  Value pixels = collapseConvOperand(rewriter, loc, input, pixelsByChannels);
  Value weights = collapseConvOperand(rewriter, loc, filter, filterMatrix);
  Value output = collapseConvOperand(rewriter, loc, init, pixelsByChannels);
  SmallVector<Value> operands = nhwc ? SmallVector<Value>{pixels, weights}
                                     : SmallVector<Value>{weights, pixels};
  return replaceConvByMatmul(rewriter, op, operands, output, pixelsByChannels);
}

int64_t mlir::roller::pointwiseConvsToMatmuls(RewriterBase &rewriter,
                                              Operation *root, bool remarks) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) {
    if (isa<linalg::Conv2DNhwcHwcfOp, linalg::Conv2DNchwFchwOp>(op))
      ops.push_back(op);
  });
  int64_t count = 0;
  for (linalg::LinalgOp op : ops) {
    Location loc = op.getLoc();
    if (failed(pointwiseConvToMatmul(rewriter, op)))
      continue;
    ++count;
    if (remarks)
      emitRemark(loc) << "roller-pointwise-conv-to-matmul: a 1x1 "
                         "convolution as a matmul (tensor cores)";
  }
  return count;
}

namespace {
struct RollerPointwiseConvToMatmulPass
    : public roller::impl::RollerPointwiseConvToMatmulPassBase<
          RollerPointwiseConvToMatmulPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    pointwiseConvsToMatmuls(rewriter, getOperation(), /*remarks=*/false);
  }
};
} // namespace
