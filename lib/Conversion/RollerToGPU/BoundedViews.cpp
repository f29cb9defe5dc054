//===- BoundedViews.cpp - Static bounds of dynamic views -----------------===//
//
// The constant upper bounds of a view's dynamic sizes, and the view of those
// bounds at the same origin, for `--roller-pad-mma-boundary-tiles`.
//
//===----------------------------------------------------------------------===//

#include "BoundedViews.h"
#include "BufferUtils.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::roller;

namespace {
/// The closed range of an index, each end absent where unbounded.
struct IndexRange {
  std::optional<int64_t> lo, hi;
};
} // namespace

static std::optional<int64_t> addEnds(std::optional<int64_t> a,
                                      std::optional<int64_t> b) {
  int64_t sum;
  if (!a || !b || llvm::AddOverflow(*a, *b, sum))
    return std::nullopt;
  return sum;
}

static std::optional<int64_t> scaleEnd(std::optional<int64_t> end,
                                       int64_t factor) {
  int64_t product;
  if (!end || llvm::MulOverflow(*end, factor, product))
    return std::nullopt;
  return product;
}

static IndexRange getRange(Value value, unsigned depth);

/// The range of `expr` over the ranges of its operands, by interval
/// arithmetic: sums, products by a constant, and floordiv and mod by a
/// positive constant; anything else is unbounded.
static IndexRange getRange(AffineExpr expr, ValueRange dims, ValueRange symbols,
                           unsigned depth) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return {constant.getValue(), constant.getValue()};
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return getRange(dims[dim.getPosition()], depth + 1);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return getRange(symbols[symbol.getPosition()], depth + 1);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  IndexRange lhs = getRange(binary.getLHS(), dims, symbols, depth);
  auto rhsConstant = dyn_cast<AffineConstantExpr>(binary.getRHS());
  switch (expr.getKind()) {
  case AffineExprKind::Add: {
    IndexRange rhs = getRange(binary.getRHS(), dims, symbols, depth);
    return {addEnds(lhs.lo, rhs.lo), addEnds(lhs.hi, rhs.hi)};
  }
  case AffineExprKind::Mul: {
    // Affine products have a constant on the right once simplified.
    if (!rhsConstant)
      return {};
    int64_t factor = rhsConstant.getValue();
    if (factor >= 0)
      return {scaleEnd(lhs.lo, factor), scaleEnd(lhs.hi, factor)};
    return {scaleEnd(lhs.hi, factor), scaleEnd(lhs.lo, factor)};
  }
  case AffineExprKind::FloorDiv: {
    if (!rhsConstant || rhsConstant.getValue() <= 0)
      return {};
    int64_t divisor = rhsConstant.getValue();
    auto floorEnd = [&](std::optional<int64_t> end) -> std::optional<int64_t> {
      if (!end)
        return std::nullopt;
      return llvm::divideFloorSigned(*end, divisor);
    };
    return {floorEnd(lhs.lo), floorEnd(lhs.hi)};
  }
  case AffineExprKind::Mod:
    if (!rhsConstant || rhsConstant.getValue() <= 0)
      return {};
    return {0, rhsConstant.getValue() - 1};
  default:
    return {};
  }
}

/// The range of the index `value`: a constant; a thread or block id or a
/// launch size (not negative); or an `affine.min`/`affine.max` of such (the
/// sizes of boundary tiles are `affine.min`s of a constant, the full tile, and
/// what the tensor has left, which a thread's share subtracts its offset from,
/// clamped at zero by an `affine.max`). Upstream's value bounds analysis
/// encodes a max by lower bounds only, so it finds no upper bound of that
/// clamp.
static IndexRange getRange(Value value, unsigned depth) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return {constant, constant};
  if (depth > 8)
    return {};
  if (isa_and_nonnull<gpu::ThreadIdOp, gpu::BlockIdOp>(value.getDefiningOp()))
    return {0, std::nullopt};
  // The index arguments of a launch's body: its ids and sizes.
  if (auto argument = dyn_cast<BlockArgument>(value))
    if (argument.getType().isIndex() && argument.getOwner()->isEntryBlock() &&
        isa<gpu::LaunchOp>(argument.getOwner()->getParentOp()))
      return {0, std::nullopt};
  // A minimum is at most the least upper end of any result, and at least
  // the least lower end, which needs them all; a maximum the other way
  // round. An absent end is unbounded.
  auto anyEnd = [](std::optional<int64_t> a, std::optional<int64_t> b,
                   bool least) -> std::optional<int64_t> {
    if (!a || !b)
      return a ? a : b;
    return least ? std::min(*a, *b) : std::max(*a, *b);
  };
  auto allEnds = [](std::optional<int64_t> a, std::optional<int64_t> b,
                    bool least) -> std::optional<int64_t> {
    if (!a || !b)
      return std::nullopt;
    return least ? std::min(*a, *b) : std::max(*a, *b);
  };
  auto combine = [&](auto op, bool isMin) {
    std::optional<IndexRange> range;
    for (AffineExpr expr : op.getMap().getResults()) {
      IndexRange r =
          getRange(expr, op.getDimOperands(), op.getSymbolOperands(), depth);
      if (!range) {
        range = r;
      } else if (isMin) {
        range = IndexRange{allEnds(range->lo, r.lo, /*least=*/true),
                           anyEnd(range->hi, r.hi, /*least=*/true)};
      } else {
        range = IndexRange{anyEnd(range->lo, r.lo, /*least=*/false),
                           allEnds(range->hi, r.hi, /*least=*/false)};
      }
    }
    return range.value_or(IndexRange{});
  };
  if (auto min = value.getDefiningOp<affine::AffineMinOp>())
    return combine(min, /*isMin=*/true);
  if (auto max = value.getDefiningOp<affine::AffineMaxOp>())
    return combine(max, /*isMin=*/false);
  return {};
}

std::optional<int64_t> mlir::roller::getUpperBound(OpFoldResult size) {
  if (std::optional<int64_t> constant = getConstantIntValue(size))
    return constant;
  return getRange(cast<Value>(size), /*depth=*/0).hi;
}

FailureOr<BoundedView>
mlir::roller::getBoundedView(Value view, ArrayRef<int64_t> multiples) {
  auto first = view.getDefiningOp<memref::SubViewOp>();
  if (!first)
    return failure();
  BoundedView bounded;
  for (auto [d, size] : llvm::enumerate(first.getMixedSizes())) {
    std::optional<int64_t> bound = getUpperBound(size);
    if (!bound || *bound <= 0)
      return failure();
    bounded.unrounded.push_back(*bound);
    int64_t multiple = d < multiples.size() ? multiples[d] : 1;
    bounded.sizes.push_back(llvm::alignTo(*bound, multiple));
  }
  int64_t rank = bounded.sizes.size();
  // The chain's constant offset along each rounded dimension so far.
  SmallVector<int64_t> offsets(rank, 0);
  auto hasRoom = [&](MemRefType type) {
    for (int64_t d = 0; d < rank; ++d)
      if (bounded.sizes[d] != bounded.unrounded[d] &&
          offsets[d] + bounded.sizes[d] > type.getDimSize(d))
        return false;
    return true;
  };
  Value current = view;
  while (!cast<MemRefType>(current.getType()).hasStaticShape() ||
         !hasRoom(cast<MemRefType>(current.getType()))) {
    auto subview = current.getDefiningOp<memref::SubViewOp>();
    if (!subview || !subview.hasUnitStride() ||
        subview.getSourceType().getRank() != rank ||
        subview.getType().getRank() != rank)
      return failure();
    for (int64_t d = 0; d < rank; ++d) {
      if (bounded.sizes[d] == bounded.unrounded[d])
        continue;
      std::optional<int64_t> offset =
          getConstantIntValue(subview.getMixedOffsets()[d]);
      if (!offset)
        return failure();
      offsets[d] += *offset;
    }
    bounded.chain.push_back(subview);
    current = subview.getSource();
  }
  auto rootType = cast<MemRefType>(current.getType());
  if (rootType.getRank() != rank)
    return failure();
  for (auto [size, dim] : llvm::zip(bounded.sizes, rootType.getShape()))
    if (size > dim)
      return failure();
  bounded.root = current;
  return bounded;
}

/// Whether `offset` is a multiple of `factor` (as an affine expression of
/// the values it is applied to).
static bool isMultipleOf(OpFoldResult offset, int64_t factor) {
  if (std::optional<int64_t> constant = getConstantIntValue(offset))
    return *constant % factor == 0;
  auto apply = cast<Value>(offset).getDefiningOp<affine::AffineApplyOp>();
  return apply && apply.getAffineMap().getResult(0).isMultipleOf(factor);
}

/// Whether `offset + size <= dim` in every thread of `launch` that reaches
/// `block` (the conditions of the `scf.if`s it is in hold), evaluated per
/// thread id; false when `offset` cannot be evaluated that way.
static bool staysInside(OpFoldResult offset, int64_t size, int64_t dim,
                        gpu::LaunchOp launch, Block *block) {
  if (std::optional<int64_t> constant = getConstantIntValue(offset))
    return *constant + size <= dim;
  std::optional<int64_t> threads =
      launch ? getConstantIntValue(launch.getBlockSizeX()) : std::nullopt;
  if (!threads || *threads > 1024 ||
      getConstantIntValue(launch.getBlockSizeY()) != 1 ||
      getConstantIntValue(launch.getBlockSizeZ()) != 1)
    return false;
  SmallVector<Value> guards;
  for (Operation *op = block ? block->getParentOp() : nullptr;
       op && op != launch; op = op->getParentOp())
    if (auto branch = dyn_cast<scf::IfOp>(op);
        branch && branch.getThenRegion().isAncestor(block->getParent()))
      guards.push_back(branch.getCondition());
  for (int64_t t = 0; t < *threads; ++t) {
    // A guard that cannot be evaluated is taken as true: more threads to
    // check, never a piece wrongly kept static.
    if (llvm::any_of(guards, [&](Value guard) {
          return evaluateInThread(guard, t) == 0;
        }))
      continue;
    std::optional<int64_t> value = evaluateInThread(cast<Value>(offset), t);
    if (!value || *value + size > dim)
      return false;
  }
  return true;
}

/// With `clip`, a size stays static where the offset is a multiple of the
/// size, the size divides the root's dimension and every thread's piece
/// provably ends inside the root; otherwise it is clipped, down to nothing
/// for an idle thread of a copy spread over more threads than pieces (the
/// peeled partial step's 24 rows in pieces of 3 over 192 threads: threads
/// 128-191 start past row 24).
///
/// A warp tile's view needs no clipping: the warp tiles of a block tile
/// divide it, so a dynamic warp tile's offset plus its full size never
/// passes the block tile. A copy's piece can: the copies split a block tile
/// into pieces of a fixed size, the last one shorter (80 rows in pieces of
/// 3), so the last piece's bound would pass the tile's end. Clipped at the
/// root instead, it can reach past the tile only into the root's padding
/// columns, which no piece of another thread covers.
Value mlir::roller::createBoundedView(OpBuilder &builder, Location loc,
                                      const BoundedView &bounded, bool clip,
                                      gpu::LaunchOp launch) {
  MLIRContext *ctx = builder.getContext();
  ArrayRef<int64_t> rootShape =
      cast<MemRefType>(bounded.root.getType()).getShape();
  SmallVector<OpFoldResult> offsets, sizes, strides;
  for (auto [d, size] : llvm::enumerate(bounded.sizes)) {
    // One affine.apply per dimension: the sum of the chain's offsets.
    SmallVector<OpFoldResult> parts;
    AffineExpr sum = getAffineConstantExpr(0, ctx);
    for (memref::SubViewOp subview : bounded.chain) {
      sum = sum + getAffineSymbolExpr(parts.size(), ctx);
      parts.push_back(subview.getMixedOffsets()[d]);
    }
    OpFoldResult offset = affine::makeComposedFoldedAffineApply(
        builder, loc, AffineMap::get(0, parts.size(), sum), parts);
    offsets.push_back(offset);
    strides.push_back(builder.getIndexAttr(1));
    int64_t dim = rootShape[d];
    if (!clip ||
        (dim % size == 0 && isMultipleOf(offset, size) &&
         staysInside(offset, size, dim, launch, builder.getInsertionBlock()))) {
      sizes.push_back(builder.getIndexAttr(size));
      continue;
    }
    // Clipped at the root, down to nothing for a thread whose piece starts
    // past it (an idle thread of a copy spread over more threads than
    // pieces).
    AffineExpr s0 = getAffineSymbolExpr(0, ctx);
    auto map =
        AffineMap::get(0, 1, {getAffineConstantExpr(size, ctx), dim - s0}, ctx);
    OpFoldResult clipped =
        affine::makeComposedFoldedAffineMin(builder, loc, map, {offset});
    auto atLeastZero = AffineMap::get(
        0, 1, {getAffineConstantExpr(0, ctx), getAffineSymbolExpr(0, ctx)},
        ctx);
    sizes.push_back(affine::makeComposedFoldedAffineMax(
        builder, loc, atLeastZero, {clipped}));
  }
  return memref::SubViewOp::create(builder, loc, bounded.root, offsets, sizes,
                                   strides);
}
