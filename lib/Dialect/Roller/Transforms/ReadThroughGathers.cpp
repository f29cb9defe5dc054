//===- ReadThroughGathers.cpp - Gathers fused into their consumers' loads -===//

#include "Roller/Dialect/Roller/Transforms/ReadThroughGathers.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

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
