//===- ConvNchwToNhwc.cpp - NCHW convolutions as NHWC ones ----------------===//
//
// `--roller-conv-nchw-to-nhwc` and its entry points (ConvNchwToNhwc.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/ConvNchwToNhwc.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/FoldConstants.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERCONVNCHWTONHWCPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

linalg::TransposeOp
mlir::roller::buildTranspose(RewriterBase &rewriter, Location loc, Value value,
                             ArrayRef<int64_t> permutation) {
  auto type = cast<RankedTensorType>(value.getType());
  Value empty = tensor::EmptyOp::create(
      rewriter, loc, applyPermutation(type.getShape(), permutation),
      type.getElementType());
  return linalg::TransposeOp::create(rewriter, loc, value, empty, permutation);
}

/// The padded input `pad` as the pad of its source transposed to NHWC, when
/// its padding is static and a constant (the region reads no index, so it is
/// the same over the permuted dims); null otherwise.
static Value transposeUnderPad(RewriterBase &rewriter, Location loc,
                               tensor::PadOp pad) {
  if (!pad || !pad.getLow().empty() || !pad.getHigh().empty() ||
      !pad.getConstantPaddingValue() || !pad.getSourceType().hasStaticShape())
    return {};
  Value source =
      buildTranspose(rewriter, loc, pad.getSource(), kNchwToNhwc)->getResult(0);
  return permutePad(rewriter, pad, source, kNchwToNhwc).getResult();
}

tensor::PadOp mlir::roller::permutePad(RewriterBase &rewriter,
                                       tensor::PadOp pad, Value source,
                                       ArrayRef<int64_t> permutation) {
  IRMapping mapping;
  mapping.map(pad.getSource(), source);
  auto padded = cast<tensor::PadOp>(rewriter.clone(*pad, mapping));
  padded.setStaticLow(applyPermutation(pad.getStaticLow(), permutation));
  padded.setStaticHigh(applyPermutation(pad.getStaticHigh(), permutation));
  RankedTensorType type = pad.getResultType();
  padded.getResult().setType(RankedTensorType::get(
      applyPermutation(type.getShape(), permutation), type.getElementType()));
  return padded;
}

bool mlir::roller::isFillOfEmpty(Value value) {
  auto fill = value.getDefiningOp<linalg::FillOp>();
  return fill &&
         fill.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>();
}

Value mlir::roller::permuteInit(RewriterBase &rewriter, Location loc,
                                Value init, ArrayRef<int64_t> permutation) {
  if (!isFillOfEmpty(init))
    return buildTranspose(rewriter, loc, init, permutation)->getResult(0);
  auto fill = init.getDefiningOp<linalg::FillOp>();
  auto type = cast<RankedTensorType>(init.getType());
  Value empty = tensor::EmptyOp::create(
      rewriter, loc, applyPermutation(type.getShape(), permutation),
      type.getElementType());
  return linalg::FillOp::create(rewriter, loc, fill.getInputs(),
                                ValueRange{empty})
      .getResult(0);
}

/// Erases `value`'s producer (a fill or a pad the rewrite replaced) when
/// nothing uses it any more, and the empty tensor a fill wrote.
static void eraseIfUnused(RewriterBase &rewriter, Value value) {
  Operation *producer = value.getDefiningOp();
  if (!producer || !isa<linalg::FillOp, tensor::PadOp>(producer) ||
      !producer->use_empty())
    return;
  Value init =
      isa<linalg::FillOp>(producer) ? producer->getOperand(1) : Value();
  rewriter.eraseOp(producer);
  if (init && init.use_empty() && init.getDefiningOp<tensor::EmptyOp>())
    rewriter.eraseOp(init.getDefiningOp());
}

std::optional<std::string>
mlir::roller::whyNotNchwToNhwc(linalg::Conv2DNchwFchwOp op) {
  if (!op.hasPureTensorSemantics() || op->getNumResults() != 1)
    return std::string("not on tensors");
  if (op->hasAttr(RollerDialect::kConfigAttrName))
    return std::string("it has a roller.config");
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type || !type.hasStaticShape())
      return std::string("dynamic shapes");
    if (llvm::is_contained(type.getShape(), 0))
      return std::string("an empty operand");
  }
  return std::nullopt;
}

FailureOr<linalg::Conv2DNhwcHwcfOp>
mlir::roller::convNchwToNhwc(RewriterBase &rewriter,
                             linalg::Conv2DNchwFchwOp op,
                             bool foldConstantFilter) {
  if (std::optional<std::string> why = whyNotNchwToNhwc(op))
    return rewriter.notifyMatchFailure(op, *why);
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Value input = op.getInputs()[0], filter = op.getInputs()[1];
  Value init = op.getOutputs()[0];

  Value nhwcInput =
      transposeUnderPad(rewriter, loc, input.getDefiningOp<tensor::PadOp>());
  if (!nhwcInput)
    nhwcInput = buildTranspose(rewriter, loc, input, kNchwToNhwc)->getResult(0);
  // A constant filter (a model's weights) is transposed here, once, not by
  // a kernel on every call.
  linalg::TransposeOp filterTranspose =
      buildTranspose(rewriter, loc, filter, kFchwToHwcf);
  Value hwcfFilter = filterTranspose->getResult(0);
  if (foldConstantFilter && getConstantBytes(filter)) {
    Value destination = filterTranspose.getInit();
    FailureOr<arith::ConstantOp> folded = foldConstantDataMovement(
        rewriter, cast<linalg::LinalgOp>(filterTranspose.getOperation()),
        kDefaultFoldMaxBytes);
    if (succeeded(folded)) {
      hwcfFilter = folded->getResult();
      // The transpose's empty destination, which nothing reads now.
      if (destination.use_empty())
        rewriter.eraseOp(destination.getDefiningOp());
    }
  }
  Value nhwcInit = permuteInit(rewriter, loc, init, kNchwToNhwc);

  auto conv = linalg::Conv2DNhwcHwcfOp::create(
      rewriter, loc, TypeRange{nhwcInit.getType()},
      ValueRange{nhwcInput, hwcfFilter}, ValueRange{nhwcInit}, op.getStrides(),
      op.getDilations());
  Value result = buildTranspose(rewriter, loc, conv->getResult(0), kNhwcToNchw)
                     ->getResult(0);
  rewriter.replaceOp(op, result);
  eraseIfUnused(rewriter, init);
  eraseIfUnused(rewriter, input);
  return conv;
}

namespace {
struct RollerConvNchwToNhwcPass
    : public roller::impl::RollerConvNchwToNhwcPassBase<
          RollerConvNchwToNhwcPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::Conv2DNchwFchwOp> convs;
    getOperation()->walk(
        [&](linalg::Conv2DNchwFchwOp op) { convs.push_back(op); });
    for (linalg::Conv2DNchwFchwOp op : convs)
      (void)convNchwToNhwc(rewriter, op);
  }
};
} // namespace
