//===- PadMmaBoundaryTiles.cpp - Tensor cores on boundary tiles -----------===//
//
// `--roller-pad-mma-boundary-tiles`: a tensor-core warp tile whose sizes are
// dynamic (a boundary block's, or the partial last reduction step's) reads
// static views of its shared tiles, padded with zeros by the copies that
// fill them, so that `--roller-vectorize-mma` computes it with mma.sync
// instead of on the CUDA cores.
//
// The partial last reduction step of an interior block, peeled by
// `--roller-specialize-full-tiles`, has static sizes that are no multiple of
// the mma k (8 of 16): its warp tile reads views rounded up to the multiple,
// inside the full step's shared tiles, and the slab between the step's end
// and the rounded end is zeroed by the block's threads before the warp tile
// (behind a barrier of its own: the step's copies write only its first 8).
//
// A tensor shorter than the mma shape along m or n (5 rows, in a block tile
// of 16) gives static warp tiles of 5 rows in every step: they read views
// rounded up to 16 rows, the rows past the fifth are zeroed once, first
// thing in the kernel (every step's copies write the same 5 rows), and the
// static 5-row accumulator becomes a view of dynamic size, which
// `--roller-vectorize-mma` masks as it masks a boundary block's.
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
#include "BoundedViews.h"
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
#include "mlir/IR/Dominance.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERPADMMABOUNDARYTILESPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The ops in `launch` that write workgroup buffers through a view of
/// dynamic size, by buffer: the staging copies, and the elementwise ops
/// that stage a padded input (a read-through pad's generic). An op that
/// reads what it overwrites is listed too, without a way to pad it (its
/// buffer then stays unpadded).
static llvm::DenseMap<Value, SmallVector<linalg::LinalgOp>>
getDynamicSharedWriters(gpu::LaunchOp launch) {
  llvm::DenseMap<Value, SmallVector<linalg::LinalgOp>> writers;
  launch.getBody().walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(RollerDialect::kMmaShapeAttrName) ||
        !op.hasPureBufferSemantics())
      return;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      auto type = dyn_cast<MemRefType>(init.get().getType());
      if (type && !type.hasStaticShape() && isWorkgroupMemory(init.get()))
        writers[getRootBuffer(init.get())].push_back(op);
    }
  });
  return writers;
}

/// Whether zeroing `writer`'s whole static piece before it keeps what it
/// computes: it writes one view and never reads it.
static bool canZeroBefore(linalg::LinalgOp writer) {
  return writer.getNumDpsInits() == 1 &&
         !writer.payloadUsesValueFromOperand(writer.getDpsInitOperand(0)) &&
         succeeded(getBoundedView(writer.getDpsInitOperand(0)->get()));
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
  // As `--roller-vectorize-mma` matches: along each of m, n and k, the
  // loops of range 1 are left out, and the rest must be multiples (a k of 1
  // in all, the partial last step of K = 17, is none).
  auto multiples = [&](ArrayRef<unsigned> loops, int64_t size) {
    bool some = false;
    for (unsigned loop : loops) {
      if (ranges[loop] == 1)
        continue;
      if (ranges[loop] % size != 0)
        return false;
      some = true;
    }
    return some || size == 1;
  };
  return multiples(dims->m, mma[0]) && multiples(dims->n, mma[1]) &&
         multiples(dims->k, mma[2]);
}

/// Per dimension of `operand` (of the contraction `op`), the multiple of the
/// mma shape its size must have: the mma m, n or k along the m, n or k
/// dimensions, 1 along batch ones. A boundary tile's bound is the full warp
/// tile, a multiple already; a static size that is none is the partial last
/// reduction step, or a tensor smaller than the mma shape (5 rows).
static SmallVector<int64_t> getMmaMultiples(linalg::LinalgOp op,
                                            OpOperand *operand) {
  auto mma =
      cast<DenseI64ArrayAttr>(op->getAttr(RollerDialect::kMmaShapeAttrName));
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  SmallVector<int64_t> multiples;
  for (AffineExpr result : op.getMatchingIndexingMap(operand).getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(result);
    int64_t multiple = 1;
    if (succeeded(dims) && mma.size() == 3 && dim) {
      unsigned position = dim.getPosition();
      if (llvm::is_contained(dims->m, position))
        multiple = mma[0];
      else if (llvm::is_contained(dims->n, position))
        multiple = mma[1];
      else if (llvm::is_contained(dims->k, position))
        multiple = mma[2];
    }
    multiples.push_back(multiple);
  }
  return multiples;
}

/// Per dimension of `operand` (of `op`): whether it runs along a reduction
/// loop.
static SmallVector<bool> getReductionDims(linalg::LinalgOp op,
                                          OpOperand *operand) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<bool> reduction;
  for (AffineExpr result : op.getMatchingIndexingMap(operand).getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(result);
    reduction.push_back(dim && iterators[dim.getPosition()] ==
                                   utils::IteratorType::reduction);
  }
  return reduction;
}

/// The slabs a rounded warp-tile view reads past what was copied: one per
/// rounded dimension, in the root, from the block tile's end along it to
/// the warp tile's rounded end, and along every other dimension from the
/// block tile's start to the warp tile's (rounded) end. Past the copied end
/// along one dimension no element holds data, whatever the others; with two
/// dimensions rounded (5 rows of a partial step) the two slabs cover the
/// L-shaped rest together. Fails unless the warp tile ends where the block
/// tile ends along each rounded dimension (the last k-slice of the step;
/// rounding an earlier slice would read the next one's data, not zeros),
/// or when the block tile has no constant offset and size there.
struct PaddingSlab {
  Value root;
  SmallVector<int64_t> offsets, sizes;
  /// Along m or n: the copies of every step write the same rows (those of
  /// a tensor shorter than the mma tile), so the rest of the root is zeroed
  /// once, when the kernel starts.
  bool once = false;
};

static FailureOr<SmallVector<PaddingSlab>>
getPaddingSlabs(const BoundedView &bounded, ArrayRef<bool> reduction) {
  memref::SubViewOp block = bounded.chain.back();
  auto rootShape = cast<MemRefType>(bounded.root.getType()).getShape();
  size_t rank = bounded.sizes.size();
  // Per dimension: the block tile's offset in the root, the warp tile's
  // offset in the block tile, and the end of what the warp tile reads.
  SmallVector<int64_t> start(rank), inside(rank, 0), end(rank);
  for (size_t d = 0; d < rank; ++d) {
    std::optional<int64_t> offset =
        getConstantIntValue(block.getMixedOffsets()[d]);
    std::optional<int64_t> extent = getUpperBound(block.getMixedSizes()[d]);
    if (!offset || !extent)
      return failure();
    start[d] = *offset;
    if (bounded.sizes[d] == bounded.unrounded[d]) {
      // The block tile's whole extent, at most what the root has.
      end[d] = *offset + std::min(*extent, rootShape[d] - *offset);
      continue;
    }
    for (memref::SubViewOp inner : ArrayRef(bounded.chain).drop_back()) {
      std::optional<int64_t> o =
          getConstantIntValue(inner.getMixedOffsets()[d]);
      if (!o)
        return failure();
      inside[d] += *o;
    }
    // Along a rounded dimension the warp tile ends where the block tile
    // (of static size) ends.
    if (getConstantIntValue(block.getMixedSizes()[d]) !=
        inside[d] + bounded.unrounded[d])
      return failure();
    end[d] = *offset + inside[d] + bounded.sizes[d];
  }
  SmallVector<PaddingSlab> slabs;
  for (size_t d = 0; d < rank; ++d) {
    if (bounded.sizes[d] == bounded.unrounded[d])
      continue;
    PaddingSlab slab{bounded.root, {}, {}, !reduction[d]};
    for (size_t e = 0; e < rank; ++e) {
      int64_t copiedEnd = start[e] + inside[e] + bounded.unrounded[e];
      bool rounded = bounded.sizes[e] != bounded.unrounded[e];
      int64_t from = e == d ? copiedEnd : start[e];
      int64_t to = end[e];
      if (slab.once && e != d) {
        // Every step's tile: the whole root along the other dimensions.
        from = 0;
        to = rootShape[e];
      } else if (!slab.once && rounded && e != d) {
        // The step's slab stops where the once-zeroed rows start.
        to = copiedEnd;
      }
      slab.offsets.push_back(from);
      slab.sizes.push_back(to - from);
    }
    if (llvm::any_of(slab.sizes, [](int64_t size) { return size <= 0; }) ||
        llvm::any_of(llvm::zip(slab.offsets, slab.sizes, rootShape),
                     [](auto slabAndRoot) {
                       auto [offset, size, root] = slabAndRoot;
                       return offset + size > root;
                     }))
      return failure();
    slabs.push_back(std::move(slab));
  }
  return slabs;
}

/// Whether `value` is a workgroup attribution of `launch`, or a typed view
/// of one that the launch opens with (a bf16 buffer is bytes, viewed as
/// bf16 and as f16: --roller-promote-workgroup-allocs).
static bool isAttribution(Value value, gpu::LaunchOp launch) {
  Block *entry = &launch.getBody().front();
  if (auto view = value.getDefiningOp<memref::ViewOp>())
    value = view->getBlock() == entry ? view.getSource() : Value();
  auto argument = dyn_cast_or_null<BlockArgument>(value);
  return argument && argument.getOwner() == entry;
}

/// Where the slabs zeroed once are zeroed: first thing in `launch`, past
/// the typed views of its attributions (which the zeroing may store
/// through; --roller-promote-workgroup-allocs opens the launch with them).
static Operation *getLaunchStart(gpu::LaunchOp launch) {
  Block &entry = launch.getBody().front();
  Operation *start = &entry.front();
  for (Operation &op : entry)
    if (auto view = dyn_cast<memref::ViewOp>(op))
      if (isAttribution(view.getSource(), launch))
        start = op.getNextNode();
  return start;
}

/// Makes a slab zeroed once a slab of a workgroup attribution of `launch`:
/// the only buffers that exist when the kernel starts. A pipelined loop's
/// warp tile reads one stage of the attribution (a rank-reducing subview at
/// constant offsets), and the copies of every stage write the same rows, so
/// the slab is zeroed in every stage; a gathered tile's static piece is a
/// subview at the origin (of the attribution, or of a stage when the
/// gathered staging is pipelined). Fails on any other root.
static LogicalResult liftToAttribution(PaddingSlab &slab,
                                       gpu::LaunchOp launch) {
  if (isAttribution(slab.root, launch))
    return success();
  auto stage = slab.root.getDefiningOp<memref::SubViewOp>();
  // A piece at a stage's origin: the slab's offsets are the same in the
  // stage.
  if (auto piece = stage;
      piece && !isAttribution(piece.getSource(), launch) &&
      piece.hasUnitStride() && piece.getDroppedDims().none() &&
      llvm::all_of(piece.getMixedOffsets(), isZeroInteger)) {
    slab.root = piece.getSource();
    stage = slab.root.getDefiningOp<memref::SubViewOp>();
  }
  if (!stage || !isAttribution(stage.getSource(), launch) ||
      !stage.hasUnitStride() ||
      !cast<MemRefType>(stage.getSource().getType()).hasStaticShape())
    return failure();
  ArrayRef<int64_t> sourceShape = stage.getSourceType().getShape();
  llvm::SmallBitVector dropped = stage.getDroppedDims();
  PaddingSlab lifted{stage.getSource(), {}, {}, /*once=*/true};
  size_t kept = 0;
  for (auto [d, offset] : llvm::enumerate(stage.getMixedOffsets())) {
    if (dropped.test(d)) {
      // Every stage along a dimension the view drops.
      lifted.offsets.push_back(0);
      lifted.sizes.push_back(sourceShape[d]);
      continue;
    }
    // A kept dimension starts at the attribution's origin, so that the
    // slab's offsets in the stage (which holds it) are offsets in the
    // attribution (a stage, or a tile's static piece without its padding).
    if (getConstantIntValue(offset) != 0)
      return failure();
    lifted.offsets.push_back(slab.offsets[kept]);
    lifted.sizes.push_back(slab.sizes[kept]);
    ++kept;
  }
  if (kept != slab.sizes.size())
    return failure();
  slab = std::move(lifted);
  return success();
}

/// The ancestor of `op` (or `op`) that a `gpu.barrier` precedes in its
/// block: a point every thread of the block reaches.
static Operation *getBlockUniformAnchor(Operation *op, gpu::LaunchOp launch) {
  for (Operation *anchor = op; anchor && anchor != launch;
       anchor = anchor->getParentOp())
    for (Operation *prev = anchor->getPrevNode(); prev;
         prev = prev->getPrevNode())
      if (isa<gpu::BarrierOp>(prev))
        return anchor;
  return nullptr;
}

/// Zeroes `slab` at the builder's insertion point, each thread of `launch`
/// storing every (threads)-th element.
static void createSlabZeroing(OpBuilder &builder, Location loc,
                              gpu::LaunchOp launch, const PaddingSlab &slab) {
  gpu::KernelDim3 ids = launch.getThreadIds();
  gpu::KernelDim3 counts = launch.getBlockSizeOperandValues();
  AffineExpr x, y, z, sx, sy, sz;
  bindDims(builder.getContext(), x, y, z);
  bindSymbols(builder.getContext(), sx, sy, sz);
  Value thread = affine::AffineApplyOp::create(
      builder, loc, AffineMap::get(3, 2, x + sx * (y + sy * z)),
      ValueRange{ids.x, ids.y, ids.z, counts.x, counts.y});
  Value threads = affine::AffineApplyOp::create(
      builder, loc, AffineMap::get(0, 3, sx * sy * sz),
      ValueRange{counts.x, counts.y, counts.z});
  int64_t elements = 1;
  for (int64_t size : slab.sizes)
    elements *= size;
  Value end = arith::ConstantIndexOp::create(builder, loc, elements);
  auto loop = scf::ForOp::create(builder, loc, thread, end, threads);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(loop.getBody());
  auto position = affine::AffineDelinearizeIndexOp::create(
      builder, loc, loop.getInductionVar(), slab.sizes);
  SmallVector<Value> indices;
  for (auto [d, index] : llvm::enumerate(position.getResults()))
    indices.push_back(affine::AffineApplyOp::create(
        builder, loc,
        AffineMap::get(1, 0, builder.getAffineDimExpr(0) + slab.offsets[d]),
        index));
  Type element = getElementTypeOrSelf(slab.root.getType());
  Value zero = arith::ConstantOp::create(builder, loc, element,
                                         builder.getZeroAttr(element));
  memref::StoreOp::create(builder, loc, zero, slab.root, indices);
}

PaddedBoundaryTiles mlir::roller::padMmaBoundaryTiles(RewriterBase &rewriter,
                                                      gpu::LaunchOp launch) {
  PaddedBoundaryTiles padded;
  SmallVector<linalg::LinalgOp> warpTiles;
  launch.getBody().walk([&](linalg::LinalgOp op) {
    if (!op->hasAttr(RollerDialect::kMmaShapeAttrName) ||
        !op.hasPureBufferSemantics())
      return;
    SmallVector<SmallVector<int64_t>> shapes;
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto type = cast<MemRefType>(input->get().getType());
      if (!type.hasStaticShape()) {
        warpTiles.push_back(op);
        return;
      }
      shapes.push_back(llvm::to_vector(type.getShape()));
    }
    // A static tile no mma computes: a partial reduction step.
    if (!fitsMmaShape(op, shapes))
      warpTiles.push_back(op);
  });
  if (warpTiles.empty())
    return padded;

  // A buffer can be padded when every op writing it through a view of
  // dynamic size can zero its whole static piece first.
  llvm::DenseMap<Value, SmallVector<linalg::LinalgOp>> writers =
      getDynamicSharedWriters(launch);
  llvm::DenseMap<Value, bool> paddable;
  auto isPaddable = [&](Value buffer) {
    auto [it, inserted] = paddable.try_emplace(buffer, true);
    if (!inserted)
      return it->second;
    for (linalg::LinalgOp writer : writers.lookup(buffer))
      if (!canZeroBefore(writer))
        return paddable[buffer] = false;
    return true;
  };

  // The buffers the padded warp tiles read, with those warp tiles.
  llvm::MapVector<Value, SmallVector<Operation *>> zeroed;
  // Per uniform point, the barrier behind the slabs zeroed there, and the
  // slabs already zeroed (by root, offsets).
  llvm::DenseMap<Operation *, gpu::BarrierOp> slabBarriers;
  SmallVector<std::tuple<Operation *, Value, SmallVector<int64_t>>> slabsDone;
  DominanceInfo dominance(launch);
  for (linalg::LinalgOp op : warpTiles) {
    rewriter.setInsertionPoint(op);
    SmallVector<std::pair<unsigned, BoundedView>> views;
    SmallVector<PaddingSlab> slabs;
    SmallVector<SmallVector<int64_t>> shapes;
    bool ok = true;
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto type = cast<MemRefType>(input->get().getType());
      SmallVector<int64_t> multiples = getMmaMultiples(op, input);
      bool needsRounding = llvm::any_of(
          llvm::zip(type.getShape(), multiples), [](auto sizeAndMultiple) {
            auto [size, multiple] = sizeAndMultiple;
            return !ShapedType::isDynamic(size) && size % multiple != 0;
          });
      if (type.hasStaticShape() && !needsRounding) {
        shapes.push_back(llvm::to_vector(type.getShape()));
        continue;
      }
      FailureOr<BoundedView> bounded = getBoundedView(input->get(), multiples);
      if (failed(bounded) || !isWorkgroupMemory(bounded->root) ||
          !isPaddable(getRootBuffer(bounded->root))) {
        ok = false;
        break;
      }
      if (bounded->isRounded()) {
        FailureOr<SmallVector<PaddingSlab>> rounded =
            getPaddingSlabs(*bounded, getReductionDims(op, input));
        if (failed(rounded)) {
          ok = false;
          break;
        }
        llvm::append_range(slabs, *rounded);
      }
      shapes.push_back(bounded->sizes);
      views.push_back({input->getOperandNumber(), *bounded});
    }
    if (!ok || !fitsMmaShape(op, shapes))
      continue;
    // A step's slabs are zeroed where every thread passes, after the
    // barrier that precedes the warp tile and behind a barrier of their
    // own: the step's buffers were last read before that barrier, and their
    // copies write only the step's own extent. The slabs zeroed once are
    // zeroed first thing in the kernel, behind a barrier: their root must
    // be a buffer of the whole launch (a workgroup attribution, or a stage
    // of one).
    bool perStep =
        llvm::any_of(slabs, [](const PaddingSlab &slab) { return !slab.once; });
    Operation *anchor = perStep ? getBlockUniformAnchor(op, launch) : nullptr;
    Operation *start = getLaunchStart(launch);
    if (llvm::any_of(slabs, [&](PaddingSlab &slab) {
          if (slab.once)
            return failed(liftToAttribution(slab, launch));
          return !anchor || !dominance.properlyDominates(slab.root, anchor);
        }))
      continue;
    for (const PaddingSlab &slab : slabs) {
      Operation *at = slab.once ? start : anchor;
      auto key = std::make_tuple(at, slab.root, slab.offsets);
      if (llvm::is_contained(slabsDone, key))
        continue;
      slabsDone.push_back(key);
      gpu::BarrierOp &barrier = slabBarriers[at];
      if (!barrier) {
        rewriter.setInsertionPoint(at);
        barrier = gpu::BarrierOp::create(rewriter, op.getLoc());
      }
      rewriter.setInsertionPoint(barrier);
      createSlabZeroing(rewriter, op.getLoc(), launch, slab);
      ++padded.zeroedSlabs;
    }
    rewriter.setInsertionPoint(op);
    for (auto &[number, bounded] : views) {
      Value view =
          createBoundedView(rewriter, op.getLoc(), bounded, /*clip=*/false);
      rewriter.modifyOpInPlace(op, [&] { op->setOperand(number, view); });
      zeroed[getRootBuffer(bounded.root)].push_back(op);
    }
    // A static accumulator shorter than the mma tile along m or n (5 rows)
    // becomes a view of dynamic size there: --roller-vectorize-mma masks
    // its accesses at its edge, as a boundary block's.
    OpOperand *init = op.getDpsInitOperand(0);
    auto initType = cast<MemRefType>(init->get().getType());
    SmallVector<int64_t> initShape = llvm::to_vector(initType.getShape());
    for (auto [size, multiple] :
         llvm::zip(initShape, getMmaMultiples(op, init)))
      if (!ShapedType::isDynamic(size) && size % multiple != 0)
        size = ShapedType::kDynamic;
    if (initShape != initType.getShape()) {
      auto dynamic =
          MemRefType::get(initShape, initType.getElementType(),
                          initType.getLayout(), initType.getMemorySpace());
      Value view =
          memref::CastOp::create(rewriter, op.getLoc(), dynamic, init->get());
      rewriter.modifyOpInPlace(op, [&] { init->set(view); });
    }
    ++padded.warpTiles;
  }

  for (auto &[buffer, readers] : zeroed)
    for (linalg::LinalgOp copy : writers.lookup(buffer)) {
      if (llvm::all_of(readers, [&](Operation *reader) {
            return inExclusiveBranches(copy, reader);
          }))
        continue;
      rewriter.setInsertionPoint(copy);
      Location loc = copy.getLoc();
      Value destination = copy.getDpsInitOperand(0)->get();
      FailureOr<BoundedView> bounded = getBoundedView(destination);
      assert(succeeded(bounded) && "checked by isPaddable");
      Value piece =
          createBoundedView(rewriter, loc, *bounded, /*clip=*/true, launch);
      Type element = getElementTypeOrSelf(destination.getType());
      Value zero = arith::ConstantOp::create(rewriter, loc, element,
                                             rewriter.getZeroAttr(element));
      auto fill = linalg::FillOp::create(rewriter, loc, zero, piece);
      ++padded.zeroedCopies;
      if (isa<linalg::CopyOp>(copy) &&
          copy->hasAttr(RollerDialect::kAsyncCopyAttrName) &&
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
      // The writer overwrites part of what this thread just zeroed: a copy
      // must stay synchronous, ordered after the fill (a cp.async writes
      // at its wait).
      if (copy->hasAttr(RollerDialect::kAsyncCopyAttrName))
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
      numZeroedSlabs += padded.zeroedSlabs;
    });
  }
};
} // namespace
