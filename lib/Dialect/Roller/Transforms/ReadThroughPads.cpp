//===- ReadThroughPads.cpp - Pads fused into their consumers' loads -------===//

#include "Roller/Dialect/Roller/Transforms/ReadThroughPads.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::roller;

std::optional<std::string>
mlir::roller::whyPadIsNotReadable(tensor::PadOp pad) {
  if (!pad.getSourceType().hasStaticShape() ||
      !pad.getResultType().hasStaticShape())
    return std::string("it has dynamic shapes");
  if (!pad.getLow().empty() || !pad.getHigh().empty())
    return std::string("its padding is dynamic");
  Value value = pad.getConstantPaddingValue();
  if (!value || !matchPattern(value, m_Constant()))
    return std::string("its padding value is not a constant");
  return std::nullopt;
}

/// Whether the operands of `op` other than `skipped` give every loop its
/// extent: a loop is sized by an operand dimension its indexing map reads
/// with that loop's index alone (upstream's shapes-to-loops map).
static bool otherOperandsSizeLoops(linalg::LinalgOp op, OpOperand *skipped) {
  llvm::SmallBitVector sized(op.getNumLoops());
  for (OpOperand &operand : op->getOpOperands()) {
    if (&operand == skipped)
      continue;
    for (AffineExpr result : op.getMatchingIndexingMap(&operand).getResults())
      if (auto dim = dyn_cast<AffineDimExpr>(result))
        sized.set(dim.getPosition());
  }
  return sized.all();
}

std::optional<std::string> mlir::roller::whyNotReadThrough(tensor::PadOp pad) {
  if (std::optional<std::string> why = whyPadIsNotReadable(pad))
    return why;
  if (pad->use_empty())
    return std::string("nothing reads it");
  for (OpOperand &use : pad->getUses()) {
    auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (!consumer)
      return "'" + use.getOwner()->getName().getStringRef().str() +
             "' reads it, which is not a linalg op";
    if (!consumer.isDpsInput(&use))
      return std::string("a linalg op writes into it");
    if (!consumer.hasPureTensorSemantics())
      return std::string("a linalg op on memrefs reads it");
    llvm::Expected<TensorExpr> expr = getSchedulableExpr(consumer);
    if (!expr) {
      std::string reason = "a consumer is not scheduled (" +
                           llvm::toString(expr.takeError()) + ")";
      return reason;
    }
    if (!otherOperandsSizeLoops(consumer, &use))
      return std::string("a consumer's loops are sized by the padded "
                         "operand alone");
  }
  return std::nullopt;
}

Value mlir::roller::getSliceRoot(
    Value value, SmallVectorImpl<tensor::ExtractSliceOp> &slices) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return value;
  Value root = value;
  while (auto slice = root.getDefiningOp<tensor::ExtractSliceOp>()) {
    if (slice.getSourceType().getRank() != type.getRank() ||
        !slice.hasUnitStride())
      break;
    slices.push_back(slice);
    root = slice.getSource();
  }
  return root;
}

SmallVector<OpFoldResult>
mlir::roller::getOffsetsInRoot(RewriterBase &rewriter, Location loc,
                               ArrayRef<tensor::ExtractSliceOp> slices,
                               unsigned rank) {
  AffineExpr d0, d1;
  bindDims(rewriter.getContext(), d0, d1);
  SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
  for (tensor::ExtractSliceOp slice : slices)
    for (auto [offset, outer] : llvm::zip(offsets, slice.getMixedOffsets()))
      offset = affine::makeComposedFoldedAffineApply(rewriter, loc, d0 + d1,
                                                     {offset, outer});
  return offsets;
}

std::pair<SmallVector<Value>, Value>
mlir::roller::getPositionsInPadSource(OpBuilder &builder, Location loc,
                                      tensor::PadOp pad, ValueRange positions) {
  ArrayRef<int64_t> shape = pad.getSourceType().getShape();
  AffineExpr d0 = builder.getAffineDimExpr(0);
  Value inside;
  SmallVector<Value> clamped;
  for (auto [dim, position] : llvm::enumerate(positions)) {
    int64_t low = pad.getStaticLow()[dim];
    int64_t high = pad.getStaticHigh()[dim];
    Value index = position;
    if (low != 0)
      index = affine::AffineApplyOp::create(
          builder, loc, AffineMap::get(1, 0, d0 - low), position);
    if (low == 0 && high == 0) {
      clamped.push_back(index);
      continue;
    }
    Value last = arith::ConstantIndexOp::create(builder, loc, shape[dim] - 1);
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value above = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                        index, zero);
    Value below = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sle,
                                        index, last);
    Value here = arith::AndIOp::create(builder, loc, above, below);
    inside = inside ? arith::AndIOp::create(builder, loc, inside, here) : here;
    Value atMost = arith::MinSIOp::create(builder, loc, index, last);
    clamped.push_back(arith::MaxSIOp::create(builder, loc, atMost, zero));
  }
  return {clamped, inside};
}

Value mlir::roller::readPaddedElement(OpBuilder &builder, Location loc,
                                      tensor::PadOp pad, ValueRange positions) {
  auto [clamped, inside] =
      getPositionsInPadSource(builder, loc, pad, positions);
  Value element =
      tensor::ExtractOp::create(builder, loc, pad.getSource(), clamped);
  if (!inside)
    return element;
  // The constant is cloned so that the read is self-contained wherever it
  // is built (a kernel body, a linalg region).
  Operation *padding =
      builder.clone(*pad.getConstantPaddingValue().getDefiningOp());
  return arith::SelectOp::create(builder, loc, inside, element,
                                 padding->getResult(0));
}

linalg::GenericOp mlir::roller::buildReadingCopy(RewriterBase &rewriter,
                                                 Location loc,
                                                 ArrayRef<OpFoldResult> offsets,
                                                 Value dest,
                                                 ElementReader read) {
  auto type = cast<RankedTensorType>(dest.getType());
  unsigned rank = type.getRank();
  SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
      rewriter, loc, TypeRange{type}, ValueRange(), ValueRange{dest}, maps,
      iterators, [&](OpBuilder &builder, Location loc, ValueRange) {
        SmallVector<Value> positions;
        for (auto [dim, offset] : llvm::enumerate(offsets)) {
          Value index = linalg::IndexOp::create(builder, loc, dim);
          Value start = getValueOrCreateConstantIndexOp(builder, loc, offset);
          positions.push_back(
              arith::AddIOp::create(builder, loc, index, start));
        }
        linalg::YieldOp::create(builder, loc, read(builder, loc, positions));
      });
}

FailureOr<linalg::GenericOp>
mlir::roller::readInputInBody(RewriterBase &rewriter, linalg::GenericOp generic,
                              unsigned input, ElementReader read) {
  OpOperand *operand = generic.getDpsInputOperand(input);
  if (!otherOperandsSizeLoops(generic, operand))
    return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  Location loc = generic.getLoc();
  AffineMap map = generic.getMatchingIndexingMap(operand);
  Block *body = generic.getBody();
  rewriter.setInsertionPointToStart(body);
  SmallVector<Value> indices;
  for (unsigned loop = 0; loop < generic.getNumLoops(); ++loop)
    indices.push_back(linalg::IndexOp::create(rewriter, loc, loop));
  SmallVector<Value> positions;
  for (AffineExpr result : map.getResults())
    positions.push_back(affine::AffineApplyOp::create(
        rewriter, loc, AffineMap::get(map.getNumDims(), 0, result), indices));
  Value element = read(rewriter, loc, positions);
  rewriter.replaceAllUsesWith(body->getArgument(input), element);

  SmallVector<Value> ins = generic.getDpsInputs();
  ins.erase(ins.begin() + input);
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  maps.erase(maps.begin() + input);
  rewriter.setInsertionPoint(generic);
  auto rebuilt = linalg::GenericOp::create(
      rewriter, loc, generic.getResultTypes(), ins, generic.getDpsInits(), maps,
      generic.getIteratorTypesArray());
  rewriter.inlineRegionBefore(generic.getRegion(), rebuilt.getRegion(),
                              rebuilt.getRegion().end());
  rebuilt.getBody()->eraseArgument(input);
  rewriter.replaceOp(generic, rebuilt->getResults());
  return rebuilt;
}

std::optional<ElementReader> mlir::roller::getPadReader(Value value) {
  auto pad = value.getDefiningOp<tensor::PadOp>();
  if (!pad || whyPadIsNotReadable(pad))
    return std::nullopt;
  return ElementReader(
      [pad](OpBuilder &builder, Location loc, ValueRange positions) {
        return readPaddedElement(builder, loc, pad, positions);
      });
}

FailureOr<SmallVector<unsigned>> mlir::roller::readInputsInBody(
    RewriterBase &rewriter, linalg::GenericOp &generic,
    llvm::function_ref<bool(unsigned)> keep,
    llvm::function_ref<std::optional<ElementReader>(Value)> getReader) {
  SmallVector<unsigned> kept;
  unsigned numInputs = generic.getNumDpsInputs();
  for (unsigned index = 0; index < numInputs; ++index) {
    // Inputs before this one that were read in the body are gone.
    unsigned position = kept.size();
    Value input = generic.getDpsInputOperand(position)->get();
    std::optional<ElementReader> read;
    if (!keep(index))
      read = getReader(input);
    if (!read) {
      kept.push_back(index);
      continue;
    }
    FailureOr<linalg::GenericOp> rebuilt =
        readInputInBody(rewriter, generic, position, *read);
    if (failed(rebuilt))
      return failure();
    generic = *rebuilt;
  }
  return kept;
}
