//===- PadMmaBoundaryTiles.cpp - Tensor cores on boundary tiles -----------===//
//
// `--roller-pad-mma-boundary-tiles`: a tensor-core warp tile whose sizes are
// dynamic (a boundary block's, or the partial last reduction step's) reads
// static views of its shared tiles, padded with zeros by the copies that
// fill them, so that `--roller-vectorize-mma` computes it with mma.sync
// instead of on the CUDA cores.
//
// Why zeros are enough: past the tensor's edge along m or n, the padded rows
// and columns only feed accumulator elements past the edge, which the masked
// accumulator writes drop; past the end of the reduction, both inputs are
// zero, so the padded k slices add 0 * 0. The zeros must be written: shared
// memory starts with whatever the last kernel left (NaN bit patterns
// included, and 0 * NaN is NaN), and the buffers of a pipelined loop hold
// the previous step's tile.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/PadMmaBoundaryTiles.h"
#include "BufferUtils.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERPADMMABOUNDARYTILESPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {

/// A view of dynamic size, seen from the first static-shaped memref up its
/// chain of subviews (outermost last), with the constant upper bounds of the
/// view's sizes.
struct BoundedView {
  Value root;
  SmallVector<memref::SubViewOp> chain;
  SmallVector<int64_t> sizes;
};

} // namespace

/// A constant upper bound of the index `size`: the sizes of boundary tiles
/// are `affine.min`s of a constant (the full tile) and the remaining
/// extent, clamped at zero by an `affine.max`. (Upstream's value bounds
/// analysis encodes a max by lower bounds only, so it finds no upper bound
/// of that clamp.)
static std::optional<int64_t> getUpperBound(OpFoldResult size,
                                            unsigned depth = 0) {
  if (std::optional<int64_t> constant = getConstantIntValue(size))
    return constant;
  auto value = dyn_cast<Value>(size);
  if (!value || depth > 8)
    return std::nullopt;
  auto boundOf = [&](AffineExpr expr, ValueRange dims,
                     ValueRange symbols) -> std::optional<int64_t> {
    if (auto constant = dyn_cast<AffineConstantExpr>(expr))
      return constant.getValue();
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      return getUpperBound(dims[dim.getPosition()], depth + 1);
    if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
      return getUpperBound(symbols[symbol.getPosition()], depth + 1);
    return std::nullopt;
  };
  if (auto min = value.getDefiningOp<affine::AffineMinOp>()) {
    // The least bound of any result bounds the minimum.
    std::optional<int64_t> bound;
    for (AffineExpr expr : min.getAffineMap().getResults())
      if (std::optional<int64_t> b =
              boundOf(expr, min.getDimOperands(), min.getSymbolOperands()))
        bound = bound ? std::min(*bound, *b) : *b;
    return bound;
  }
  if (auto max = value.getDefiningOp<affine::AffineMaxOp>()) {
    // The maximum needs a bound for every result.
    std::optional<int64_t> bound;
    for (AffineExpr expr : max.getAffineMap().getResults()) {
      std::optional<int64_t> b =
          boundOf(expr, max.getDimOperands(), max.getSymbolOperands());
      if (!b)
        return std::nullopt;
      bound = bound ? std::max(*bound, *b) : *b;
    }
    return bound;
  }
  return std::nullopt;
}

/// `view` (of dynamic size) as a BoundedView, when it is a chain of
/// unit-stride, rank-preserving subviews of a static-shaped memref and each
/// of its sizes has a positive constant upper bound no larger than that
/// memref's dimension. Creates nothing.
static FailureOr<BoundedView> getBoundedView(Value view) {
  auto first = view.getDefiningOp<memref::SubViewOp>();
  if (!first)
    return failure();
  BoundedView bounded;
  for (OpFoldResult size : first.getMixedSizes()) {
    std::optional<int64_t> bound = getUpperBound(size);
    if (!bound || *bound <= 0)
      return failure();
    bounded.sizes.push_back(*bound);
  }
  int64_t rank = bounded.sizes.size();
  Value current = view;
  while (!cast<MemRefType>(current.getType()).hasStaticShape()) {
    auto subview = current.getDefiningOp<memref::SubViewOp>();
    if (!subview || !subview.hasUnitStride() ||
        subview.getSourceType().getRank() != rank ||
        subview.getType().getRank() != rank)
      return failure();
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

/// The view `bounded` describes: a subview of its root at the chain's
/// composed offsets, of the bounded sizes; with `clip`, a size is also
/// clipped to what the root has left past the offset, unless the offset is
/// a multiple of the size and the size divides the root's dimension.
///
/// A warp tile's view needs no clipping: the warp tiles of a block tile
/// divide it, so a dynamic warp tile's offset plus its full size never
/// passes the block tile. A copy's piece can: the copies split a block tile
/// into pieces of a fixed size, the last one shorter (80 rows in pieces of
/// 3), so the last piece's bound would pass the tile's end. Clipped at the
/// root instead, it can reach past the tile only into the root's padding
/// columns, which no piece of another thread covers.
static Value createBoundedView(OpBuilder &builder, Location loc,
                               const BoundedView &bounded, bool clip) {
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
    if (!clip || (dim % size == 0 && isMultipleOf(offset, size))) {
      sizes.push_back(builder.getIndexAttr(size));
      continue;
    }
    AffineExpr s0 = getAffineSymbolExpr(0, ctx);
    auto map =
        AffineMap::get(0, 1, {getAffineConstantExpr(size, ctx), dim - s0}, ctx);
    sizes.push_back(
        affine::makeComposedFoldedAffineMin(builder, loc, map, {offset}));
  }
  return memref::SubViewOp::create(builder, loc, bounded.root, offsets, sizes,
                                   strides);
}

/// The copies in `launch` into workgroup buffers whose destination has
/// dynamic sizes, by buffer.
static llvm::DenseMap<Value, SmallVector<linalg::CopyOp>>
getDynamicSharedCopies(gpu::LaunchOp launch) {
  llvm::DenseMap<Value, SmallVector<linalg::CopyOp>> copies;
  launch.getBody().walk([&](linalg::CopyOp copy) {
    Value destination = copy.getDpsInitOperand(0)->get();
    auto type = dyn_cast<MemRefType>(destination.getType());
    if (type && !type.hasStaticShape() && isWorkgroupMemory(destination))
      copies[getRootBuffer(destination)].push_back(copy);
  });
  return copies;
}

/// Whether `a` and `b` lie in different branches of their closest common
/// `scf.if` (`--roller-specialize-full-tiles` versions the launch body on
/// interior blocks: the versions share the shared buffers, but a copy in
/// the interior version never feeds a warp tile of the boundary one).
static bool inExclusiveBranches(Operation *a, Operation *b) {
  Operation *common = a->getParentOp();
  while (common && !common->isProperAncestor(b))
    common = common->getParentOp();
  auto branch = dyn_cast_or_null<scf::IfOp>(common);
  if (!branch)
    return false;
  Region &then = branch.getThenRegion();
  return bool(then.findAncestorOpInRegion(*a)) !=
         bool(then.findAncestorOpInRegion(*b));
}

/// Whether `op`'s inputs, with the static shapes `shapes`, give it loop
/// ranges that are multiples of its mma shape (`roller.mma`: m, n, k) along
/// its m, n and k dimensions: only then does `--roller-vectorize-mma`
/// compute it with mma.sync. A padded tile it would leave to the CUDA
/// cores (a hand-written config's partial reduction step) would run over
/// the padded ranges there, past the accumulator's edge, so such a tile is
/// not padded at all.
static bool fitsMmaShape(linalg::LinalgOp op,
                         ArrayRef<SmallVector<int64_t>> shapes) {
  auto mma =
      cast<DenseI64ArrayAttr>(op->getAttr(RollerDialect::kMmaShapeAttrName));
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || mma.size() != 3)
    return false;
  SmallVector<int64_t> ranges(op.getNumLoops(), 1);
  for (auto [input, shape] : llvm::zip(op.getDpsInputOperands(), shapes))
    for (auto [position, result] :
         llvm::enumerate(op.getMatchingIndexingMap(input).getResults()))
      if (auto dim = dyn_cast<AffineDimExpr>(result))
        ranges[dim.getPosition()] = shape[position];
  auto multiples = [&](ArrayRef<unsigned> loops, int64_t size) {
    return llvm::all_of(loops, [&](unsigned loop) {
      return ranges[loop] == 1 || ranges[loop] % size == 0;
    });
  };
  return multiples(dims->m, mma[0]) && multiples(dims->n, mma[1]) &&
         multiples(dims->k, mma[2]);
}

PaddedBoundaryTiles mlir::roller::padMmaBoundaryTiles(RewriterBase &rewriter,
                                                      gpu::LaunchOp launch) {
  PaddedBoundaryTiles padded;
  SmallVector<linalg::LinalgOp> warpTiles;
  launch.getBody().walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(RollerDialect::kMmaShapeAttrName) &&
        op.hasPureBufferSemantics() &&
        llvm::any_of(op.getDpsInputOperands(), [](OpOperand *input) {
          return !cast<MemRefType>(input->get().getType()).hasStaticShape();
        }))
      warpTiles.push_back(op);
  });
  if (warpTiles.empty())
    return padded;

  // A buffer can be padded when every copy of dynamic size into it can
  // write its whole static piece.
  llvm::DenseMap<Value, SmallVector<linalg::CopyOp>> copies =
      getDynamicSharedCopies(launch);
  llvm::DenseMap<Value, bool> paddable;
  auto isPaddable = [&](Value buffer) {
    auto [it, inserted] = paddable.try_emplace(buffer, true);
    if (!inserted)
      return it->second;
    for (linalg::CopyOp copy : copies.lookup(buffer))
      if (failed(getBoundedView(copy.getDpsInitOperand(0)->get())))
        return paddable[buffer] = false;
    return true;
  };

  // The buffers the padded warp tiles read, with those warp tiles.
  llvm::MapVector<Value, SmallVector<Operation *>> zeroed;
  for (linalg::LinalgOp op : warpTiles) {
    rewriter.setInsertionPoint(op);
    SmallVector<std::pair<unsigned, BoundedView>> views;
    SmallVector<SmallVector<int64_t>> shapes;
    bool ok = true;
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto type = cast<MemRefType>(input->get().getType());
      if (type.hasStaticShape()) {
        shapes.push_back(llvm::to_vector(type.getShape()));
        continue;
      }
      FailureOr<BoundedView> bounded = getBoundedView(input->get());
      if (failed(bounded) || !isWorkgroupMemory(bounded->root) ||
          !isPaddable(getRootBuffer(bounded->root))) {
        ok = false;
        break;
      }
      shapes.push_back(bounded->sizes);
      views.push_back({input->getOperandNumber(), *bounded});
    }
    if (!ok || !fitsMmaShape(op, shapes))
      continue;
    for (auto &[number, bounded] : views) {
      Value view =
          createBoundedView(rewriter, op.getLoc(), bounded, /*clip=*/false);
      rewriter.modifyOpInPlace(op, [&] { op->setOperand(number, view); });
      zeroed[getRootBuffer(bounded.root)].push_back(op);
    }
    ++padded.warpTiles;
  }

  for (auto &[buffer, readers] : zeroed)
    for (linalg::CopyOp copy : copies.lookup(buffer)) {
      if (llvm::all_of(readers, [&](Operation *reader) {
            return inExclusiveBranches(copy, reader);
          }))
        continue;
      rewriter.setInsertionPoint(copy);
      Location loc = copy.getLoc();
      Value destination = copy.getDpsInitOperand(0)->get();
      FailureOr<BoundedView> bounded = getBoundedView(destination);
      assert(succeeded(bounded) && "checked by isPaddable");
      Value piece = createBoundedView(rewriter, loc, *bounded, /*clip=*/true);
      Type element = getElementTypeOrSelf(destination.getType());
      Value zero = arith::ConstantOp::create(rewriter, loc, element,
                                             rewriter.getZeroAttr(element));
      auto fill = linalg::FillOp::create(rewriter, loc, zero, piece);
      ++padded.zeroedCopies;
      if (copy->hasAttr(RollerDialect::kAsyncCopyAttrName) &&
          cast<MemRefType>(piece.getType()).hasStaticShape()) {
        // The copy writes a prefix of the piece (the same origin): as a
        // view of the piece, the pair can become cp.async copies of the
        // whole piece that zero-fill the rest (--roller-vectorize-accesses).
        auto prefixView = cast<memref::SubViewOp>(destination.getDefiningOp());
        SmallVector<OpFoldResult> zeros(prefixView.getType().getRank(),
                                        rewriter.getIndexAttr(0));
        SmallVector<OpFoldResult> ones(zeros.size(), rewriter.getIndexAttr(1));
        Value prefix = memref::SubViewOp::create(
            rewriter, loc, piece, zeros, prefixView.getMixedSizes(), ones);
        rewriter.modifyOpInPlace(
            copy, [&] { copy.getDpsInitOperand(0)->set(prefix); });
        fill->setAttr(RollerDialect::kZeroFillAttrName, rewriter.getUnitAttr());
        continue;
      }
      // The copy overwrites part of what this thread just zeroed: it must
      // stay a synchronous copy, ordered after the fill (a cp.async writes
      // at its wait).
      rewriter.modifyOpInPlace(
          copy, [&] { copy->removeAttr(RollerDialect::kAsyncCopyAttrName); });
    }
  return padded;
}

namespace {
struct RollerPadMmaBoundaryTilesPass
    : public roller::impl::RollerPadMmaBoundaryTilesPassBase<
          RollerPadMmaBoundaryTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk([&](gpu::LaunchOp launch) {
      PaddedBoundaryTiles padded = padMmaBoundaryTiles(rewriter, launch);
      numWarpTiles += padded.warpTiles;
      numZeroedCopies += padded.zeroedCopies;
    });
  }
};
} // namespace
