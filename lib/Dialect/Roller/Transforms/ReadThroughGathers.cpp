//===- ReadThroughGathers.cpp - Gathers fused into their consumers' loads -===//

#include "Roller/Dialect/Roller/Transforms/ReadThroughGathers.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::roller;

bool mlir::roller::isGatherCopy(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumDpsInputs() != 1 || generic.getNumDpsInits() != 1 ||
      generic.getNumLoops() != generic.getNumParallelLoops())
    return false;
  OpOperand *input = generic.getDpsInputOperand(0);
  auto inputType = dyn_cast<RankedTensorType>(input->get().getType());
  auto outputType = dyn_cast<RankedTensorType>(generic->getResult(0).getType());
  if (!inputType || !outputType || !inputType.hasStaticShape() ||
      !outputType.hasStaticShape())
    return false;
  if (!generic.getMatchingIndexingMap(generic.getDpsInitOperand(0))
           .isIdentity())
    return false;
  AffineMap map = generic.getMatchingIndexingMap(input);
  if (map.getNumSymbols() != 0 || map.isProjectedPermutation() ||
      !llvm::all_of(map.getResults(),
                    [](AffineExpr expr) { return expr.isPureAffine(); }))
    return false;
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  return generic.getBody()->getOperations().size() == 1 &&
         yield.getValues().size() == 1 &&
         yield.getValues()[0] == generic.getBody()->getArgument(0);
}

std::optional<std::string>
mlir::roller::whyGatherNotReadThrough(linalg::GenericOp gather) {
  if (!isGatherCopy(gather))
    return std::string("it is no gather copy");
  if (gather->use_empty())
    return std::string("nothing reads it");
  for (OpOperand &use : gather->getUses()) {
    auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (!consumer)
      return "'" + use.getOwner()->getName().getStringRef().str() +
             "' reads it, which is not a linalg op";
    if (!consumer.isDpsInput(&use) || !consumer.hasPureTensorSemantics())
      return std::string("a linalg op writes into it or reads it as a memref");
    if (isGatherCopy(consumer))
      return std::string("another gather reads it");
    llvm::Expected<TensorExpr> expr = getSchedulableExpr(consumer);
    if (!expr)
      return "a consumer is not scheduled (" +
             llvm::toString(expr.takeError()) + ")";
  }
  return std::nullopt;
}

bool mlir::roller::isReadThroughGather(Value value) {
  auto gather = value.getDefiningOp<linalg::GenericOp>();
  return gather && !whyGatherNotReadThrough(gather);
}

static std::optional<int64_t>
getNonNegativeMaxOfParts(AffineExpr expr, ArrayRef<int64_t> extents);

/// The largest value `expr` takes with each dimension d in [0, extents[d]),
/// or nullopt when `expr` may be negative (a negative constant, a division
/// or modulus by a non-positive one), is not made of +, *, floordiv, mod, or
/// has a part that may reach 2^31.
static std::optional<int64_t> getNonNegativeMax(AffineExpr expr,
                                                ArrayRef<int64_t> extents) {
  std::optional<int64_t> max = getNonNegativeMaxOfParts(expr, extents);
  if (!max || *max >= (int64_t(1) << 31))
    return std::nullopt;
  return max;
}

/// getNonNegativeMax of `expr` given its operands' (which it checks).
static std::optional<int64_t>
getNonNegativeMaxOfParts(AffineExpr expr, ArrayRef<int64_t> extents) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return extents[dim.getPosition()] - 1;
  if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
    if (constant.getValue() < 0)
      return std::nullopt;
    return constant.getValue();
  }
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  std::optional<int64_t> lhs = getNonNegativeMax(binary.getLHS(), extents);
  std::optional<int64_t> rhs = getNonNegativeMax(binary.getRHS(), extents);
  if (!lhs || !rhs)
    return std::nullopt;
  auto divisor = dyn_cast<AffineConstantExpr>(binary.getRHS());
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return *lhs + *rhs;
  case AffineExprKind::Mul:
    return *lhs * *rhs;
  case AffineExprKind::FloorDiv:
    if (!divisor || divisor.getValue() <= 0)
      return std::nullopt;
    return *lhs / divisor.getValue();
  case AffineExprKind::Mod:
    if (!divisor || divisor.getValue() <= 0)
      return std::nullopt;
    return std::min(*lhs, divisor.getValue() - 1);
  default:
    return std::nullopt;
  }
}

/// `expr` of `dims` (i32 values) in unsigned 32-bit arithmetic: exact when
/// getNonNegativeMax bounds it.
static Value buildUnsigned32(OpBuilder &builder, Location loc, AffineExpr expr,
                             ValueRange dims) {
  Type i32 = builder.getI32Type();
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dims[dim.getPosition()];
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return arith::ConstantOp::create(
        builder, loc, builder.getIntegerAttr(i32, constant.getValue()));
  auto binary = cast<AffineBinaryOpExpr>(expr);
  Value lhs = buildUnsigned32(builder, loc, binary.getLHS(), dims);
  Value rhs = buildUnsigned32(builder, loc, binary.getRHS(), dims);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return arith::AddIOp::create(builder, loc, lhs, rhs);
  case AffineExprKind::Mul:
    return arith::MulIOp::create(builder, loc, lhs, rhs);
  case AffineExprKind::FloorDiv:
    return arith::DivUIOp::create(builder, loc, lhs, rhs);
  default:
    return arith::RemUIOp::create(builder, loc, lhs, rhs);
  }
}

Value mlir::roller::readGatheredElement(OpBuilder &builder, Location loc,
                                        linalg::GenericOp gather,
                                        ValueRange positions) {
  OpOperand *input = gather.getDpsInputOperand(0);
  AffineMap map = gather.getMatchingIndexingMap(input);
  // The gather's positions are never negative: where its map's parts stay
  // below 2^31 too, they are computed in unsigned 32-bit arithmetic, whose
  // divisions by constants are a multiply-high and a shift, instead of
  // index arithmetic's signed floor divisions (a sign fix-up each, 64-bit
  // in kernels).
  ArrayRef<int64_t> extents =
      cast<RankedTensorType>(gather->getResult(0).getType()).getShape();
  bool narrow = llvm::all_of(map.getResults(), [&](AffineExpr result) {
    return getNonNegativeMax(result, extents).has_value();
  });
  SmallVector<Value> sourcePositions;
  if (narrow) {
    SmallVector<Value> dims;
    for (Value position : positions)
      dims.push_back(arith::IndexCastUIOp::create(
          builder, loc, builder.getI32Type(), position));
    for (AffineExpr result : map.getResults())
      sourcePositions.push_back(arith::IndexCastUIOp::create(
          builder, loc, builder.getIndexType(),
          buildUnsigned32(builder, loc, result, dims)));
  } else {
    for (AffineExpr result : map.getResults())
      sourcePositions.push_back(affine::AffineApplyOp::create(
          builder, loc, AffineMap::get(map.getNumDims(), 0, result),
          positions));
  }
  // A padded convolution's gather reads its pad, which is never computed.
  if (std::optional<ElementReader> read = getPadReader(input->get()))
    return (*read)(builder, loc, sourcePositions);
  return tensor::ExtractOp::create(builder, loc, input->get(), sourcePositions);
}

FailureOr<linalg::GenericOp>
mlir::roller::foldExpandIntoGather(RewriterBase &rewriter,
                                   tensor::ExpandShapeOp expand) {
  auto gather = expand.getSrc().getDefiningOp<linalg::GenericOp>();
  RankedTensorType type = expand.getResultType();
  if (!isGatherCopy(gather) || !type.hasStaticShape())
    return failure();
  // The position in the gather's result of each position in the expanded
  // tensor: each group of expanded dimensions linearized, row-major.
  MLIRContext *ctx = rewriter.getContext();
  SmallVector<AffineExpr> linearized;
  for (const ReassociationIndices &group : expand.getReassociationIndices()) {
    AffineExpr position = getAffineConstantExpr(0, ctx);
    for (int64_t dim : group)
      position = position * type.getDimSize(dim) + getAffineDimExpr(dim, ctx);
    linearized.push_back(position);
  }
  AffineMap map =
      gather.getMatchingIndexingMap(gather.getDpsInputOperand(0))
          .compose(AffineMap::get(type.getRank(), 0, linearized, ctx));
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(expand);
  Location loc = gather.getLoc();
  Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                        type.getElementType());
  SmallVector<AffineMap> maps{map,
                              rewriter.getMultiDimIdentityMap(type.getRank())};
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto expanded = linalg::GenericOp::create(
      rewriter, loc, TypeRange{type}, gather.getDpsInputs(), ValueRange{empty},
      maps, iterators, [](OpBuilder &builder, Location loc, ValueRange args) {
        linalg::YieldOp::create(builder, loc, args[0]);
      });
  rewriter.replaceOp(expand, expanded->getResults());
  if (gather->use_empty())
    rewriter.eraseOp(gather);
  return expanded;
}

std::optional<ElementReader> mlir::roller::getReadThroughReader(Value value) {
  if (std::optional<ElementReader> read = getPadReader(value))
    return read;
  // Whoever built the rProgram decided that it reads through (the
  // selection skipped the gather): its uses are the rProgram's now.
  auto gather = value.getDefiningOp<linalg::GenericOp>();
  if (!isGatherCopy(gather))
    return std::nullopt;
  return ElementReader(
      [gather](OpBuilder &builder, Location loc, ValueRange positions) {
        return readGatheredElement(builder, loc, gather, positions);
      });
}

linalg::GenericOp mlir::roller::buildReadThroughCopy(RewriterBase &rewriter,
                                                     Location loc, Value source,
                                                     Value dest) {
  // The chain first, so that nothing is built for a source that is no tile
  // of a read-through producer.
  SmallVector<tensor::ExtractSliceOp> slices;
  Value root = getSliceRoot(source, slices);
  std::optional<ElementReader> read = getReadThroughReader(root);
  if (!read)
    return nullptr;
  unsigned rank = cast<RankedTensorType>(root.getType()).getRank();
  return buildReadingCopy(rewriter, loc,
                          getOffsetsInRoot(rewriter, loc, slices, rank), dest,
                          *read);
}

namespace {
/// How an expression of the gather's loops varies along an aligned run of
/// its last loop, k = chunk * q + e: not at all, as B + e with B a multiple
/// of the chunk, or otherwise (unknown).
enum class RunForm { Invariant, Linear, Other };
} // namespace

/// Whether `expr` is a multiple of `chunk` whatever its dimensions.
static bool isMultipleOf(AffineExpr expr, int64_t chunk) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return constant.getValue() % chunk == 0;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return false;
  bool lhs = isMultipleOf(binary.getLHS(), chunk);
  bool rhs = isMultipleOf(binary.getRHS(), chunk);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return lhs && rhs;
  case AffineExprKind::Mul:
    return lhs || rhs;
  case AffineExprKind::Mod: // x mod c = x - c * floor(x / c).
    return lhs && rhs;
  default:
    return false;
  }
}

static RunForm getRunForm(AffineExpr expr, unsigned runDim, int64_t chunk) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dim.getPosition() == runDim ? RunForm::Linear : RunForm::Invariant;
  if (isa<AffineConstantExpr>(expr))
    return RunForm::Invariant;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return RunForm::Other;
  RunForm lhs = getRunForm(binary.getLHS(), runDim, chunk);
  RunForm rhs = getRunForm(binary.getRHS(), runDim, chunk);
  auto divisor = dyn_cast<AffineConstantExpr>(binary.getRHS());
  bool byMultiple =
      divisor && divisor.getValue() > 0 && divisor.getValue() % chunk == 0;
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    if (lhs == RunForm::Invariant && rhs == RunForm::Invariant)
      return RunForm::Invariant;
    // (B + e) + X stays a run when X keeps B a multiple of the chunk.
    if (lhs == RunForm::Linear && rhs == RunForm::Invariant &&
        isMultipleOf(binary.getRHS(), chunk))
      return RunForm::Linear;
    if (rhs == RunForm::Linear && lhs == RunForm::Invariant &&
        isMultipleOf(binary.getLHS(), chunk))
      return RunForm::Linear;
    return RunForm::Other;
  case AffineExprKind::Mul:
    return lhs == RunForm::Invariant && rhs == RunForm::Invariant
               ? RunForm::Invariant
               : RunForm::Other;
  case AffineExprKind::FloorDiv:
    // (B + e) floordiv c = B floordiv c when the chunk divides B and c.
    if (lhs == RunForm::Invariant && rhs == RunForm::Invariant)
      return RunForm::Invariant;
    return lhs == RunForm::Linear && byMultiple ? RunForm::Invariant
                                                : RunForm::Other;
  case AffineExprKind::Mod:
    // (B + e) mod c = (B mod c) + e, B mod c a multiple of the chunk.
    if (lhs == RunForm::Invariant && rhs == RunForm::Invariant)
      return RunForm::Invariant;
    return lhs == RunForm::Linear && byMultiple ? RunForm::Linear
                                                : RunForm::Other;
  default:
    return RunForm::Other;
  }
}

bool mlir::roller::readsAlignedRuns(linalg::GenericOp gather, int64_t chunk) {
  if (!isGatherCopy(gather) || chunk < 2 ||
      cast<RankedTensorType>(gather->getResult(0).getType()).getShape().back() %
              chunk !=
          0)
    return false;
  OpOperand *input = gather.getDpsInputOperand(0);
  AffineMap map = gather.getMatchingIndexingMap(input);
  unsigned runDim = map.getNumDims() - 1;
  ArrayRef<AffineExpr> results = map.getResults();
  if (results.empty() ||
      getRunForm(results.back(), runDim, chunk) != RunForm::Linear)
    return false;
  if (!llvm::all_of(results.drop_back(), [&](AffineExpr result) {
        return getRunForm(result, runDim, chunk) == RunForm::Invariant;
      }))
    return false;
  if (auto pad = input->get().getDefiningOp<tensor::PadOp>())
    return pad.getStaticLow().back() == 0 && pad.getStaticHigh().back() == 0;
  return true;
}

FailureOr<Value> mlir::roller::copyGatheredRuns(RewriterBase &rewriter,
                                                linalg::GenericOp copy,
                                                linalg::GenericOp gather,
                                                ArrayRef<OpFoldResult> offsets,
                                                int64_t chunk) {
  auto type = dyn_cast<RankedTensorType>(copy->getResult(0).getType());
  auto tile =
      copy.getDpsInitOperand(0)->get().getDefiningOp<tensor::ExtractSliceOp>();
  if (copy.getNumDpsInputs() != 0 || copy.getNumDpsInits() != 1 || !type ||
      !tile || type.getRank() != static_cast<int64_t>(offsets.size()) ||
      ShapedType::isDynamic(type.getShape().back()) ||
      type.getShape().back() % chunk != 0 || !readsAlignedRuns(gather, chunk))
    return failure();

  Value source = gather.getDpsInputOperand(0)->get();
  auto pad = source.getDefiningOp<tensor::PadOp>();
  if (pad && whyPadIsNotReadable(pad))
    return failure();
  Value padding;
  if (pad)
    padding = pad.getConstantPaddingValue();
  Value read = pad ? pad.getSource() : source;
  auto readType = cast<RankedTensorType>(read.getType());
  auto gatherType = cast<RankedTensorType>(gather->getResult(0).getType());
  Type elementType = type.getElementType();
  AffineMap map = gather.getMatchingIndexingMap(gather.getDpsInputOperand(0));

  OpBuilder::InsertionGuard guard(rewriter);
  Location loc = copy.getLoc();
  rewriter.setInsertionPoint(copy);
  unsigned rank = type.getRank();
  Value init = copy.getDpsInitOperand(0)->get();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  // Every dimension but the last is walked (a thread's tile has one or a
  // few rows), the last in runs of `chunk`.
  SmallVector<Value> upper;
  for (unsigned dim = 0; dim + 1 < rank; ++dim)
    upper.push_back(tensor::DimOp::create(rewriter, loc, init, dim));
  auto runType = RankedTensorType::get({chunk}, type.getElementType());
  AffineExpr d0, d1, d2;
  bindDims(rewriter.getContext(), d0, d1, d2);
  scf::LoopNest nest = scf::buildLoopNest(
      rewriter, loc, SmallVector<Value>(rank - 1, zero), upper,
      SmallVector<Value>(rank - 1, one), ValueRange{init},
      [&](OpBuilder &builder, Location loc, ValueRange ivs,
          ValueRange args) -> scf::ValueVector {
        Value result = args[0];
        for (int64_t start = 0; start < type.getShape().back();
             start += chunk) {
          // The run's first element in the gather's result: the staged
          // tile's offset, the thread tile's, the element's.
          SmallVector<Value> positions;
          for (unsigned dim = 0; dim < rank; ++dim) {
            OpFoldResult inTile =
                dim + 1 < rank ? OpFoldResult(ivs[dim])
                               : OpFoldResult(builder.getIndexAttr(start));
            positions.push_back(affine::makeComposedAffineApply(
                builder, loc, d0 + d1 + d2,
                {offsets[dim], tile.getMixedOffsets()[dim], inTile}));
          }
          SmallVector<Value> sourcePositions;
          for (AffineExpr expr : map.getResults())
            sourcePositions.push_back(affine::AffineApplyOp::create(
                builder, loc, AffineMap::get(map.getNumDims(), 0, expr),
                positions));
          // A run past the gather's edge (in a partial tile) is zeros, one
          // in its pad's padding the padding value.
          Value inGather;
          for (auto [position, extent] :
               llvm::zip(positions, gatherType.getShape())) {
            Value below = arith::CmpIOp::create(
                builder, loc, arith::CmpIPredicate::ult, position,
                arith::ConstantIndexOp::create(builder, loc, extent));
            inGather =
                inGather ? arith::AndIOp::create(builder, loc, inGather, below)
                         : below;
          }
          Value inside = inGather;
          if (pad) {
            Value inPad;
            std::tie(sourcePositions, inPad) =
                getPositionsInPadSource(builder, loc, pad, sourcePositions);
            if (inPad)
              inside = arith::AndIOp::create(builder, loc, inside, inPad);
          }
          SmallVector<OpFoldResult> runOffsets =
              getAsOpFoldResult(ValueRange(sourcePositions));
          SmallVector<OpFoldResult> runSizes(readType.getRank(),
                                             builder.getIndexAttr(1));
          runSizes.back() = builder.getIndexAttr(chunk);
          SmallVector<OpFoldResult> unit(readType.getRank(),
                                         builder.getIndexAttr(1));
          SmallVector<OpFoldResult> tileOffsets = getAsOpFoldResult(ivs);
          tileOffsets.push_back(builder.getIndexAttr(start));
          SmallVector<OpFoldResult> tileSizes(rank, builder.getIndexAttr(1));
          tileSizes.back() = builder.getIndexAttr(chunk);
          SmallVector<OpFoldResult> tileUnit(rank, builder.getIndexAttr(1));
          Value destination = tensor::ExtractSliceOp::create(
              builder, loc, runType, result, tileOffsets, tileSizes, tileUnit);
          auto copyRun = [&](OpBuilder &b, Location l) {
            Value run = tensor::ExtractSliceOp::create(
                b, l, runType, read, runOffsets, runSizes, unit);
            Value copied =
                linalg::CopyOp::create(b, l, run, destination).getResult(0);
            scf::YieldOp::create(b, l, copied);
          };
          auto fillRun = [&](OpBuilder &b, Location l) {
            Value value = arith::ConstantOp::create(b, l, elementType,
                                                    b.getZeroAttr(elementType));
            if (padding)
              value = arith::SelectOp::create(
                  b, l, inGather,
                  b.clone(*padding.getDefiningOp())->getResult(0), value);
            Value filled =
                linalg::FillOp::create(b, l, value, destination).getResult(0);
            scf::YieldOp::create(b, l, filled);
          };
          Value written =
              scf::IfOp::create(builder, loc, inside, copyRun, fillRun)
                  .getResult(0);
          result = tensor::InsertSliceOp::create(
              builder, loc, written, result, tileOffsets, tileSizes, tileUnit);
        }
        return {result};
      });
  Value result = nest.results.front();
  rewriter.replaceOp(copy, result);
  return result;
}

int64_t mlir::roller::getLongestAlignedRun(linalg::GenericOp gather,
                                           int64_t maxRun) {
  for (int64_t run = maxRun; run >= 2; run /= 2)
    if (readsAlignedRuns(gather, run))
      return run;
  return 1;
}
