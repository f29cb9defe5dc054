//===- VectorizeMma.cpp - Warp-tile contractions on tensor cores ----------===//
//
// `--roller-vectorize-mma`: a tensor-core rProgram lowers to a linalg
// contraction per warp tile (marked `roller.mma` by the rProgram lowering),
// which after GPU mapping every lane of the warp executes in full. This pass
// rewrites it into `vector.contract`s of exactly the mma shape on 2-D
// `vector.transfer_read`s (the native shapes of upstream's vector -> nvgpu
// conversion, which `--roller-mma-to-nvgpu` runs on the outlined kernels),
// reading bf16 tiles through f16 views of the same bytes, and hoists the
// accumulator reads and writes out of the reduction loops so that the
// accumulators stay in registers. Boundary warp tiles, which the mma shape
// does not fit, are computed by the warp's lanes on the CUDA cores.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/VectorizeMma.h"
#include "BufferUtils.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERVECTORIZEMMAPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {

/// The loop dimensions of a warp-tile contraction that the mma tiles run
/// over, and the static loop ranges.
struct WarpContraction {
  unsigned m, n, k;
  SmallVector<int64_t> ranges;
  /// The accumulator is a view of dynamic size (a boundary tile whose
  /// inputs --roller-pad-mma-boundary-tiles padded): read and written masked.
  bool maskedAccumulator = false;
};

/// The one dimension of `dims` with a range above 1 (the last one when all
/// are 1), or failure when several have.
static FailureOr<unsigned> getSoleDim(ArrayRef<unsigned> dims,
                                      ArrayRef<int64_t> ranges) {
  if (dims.empty())
    return failure();
  std::optional<unsigned> sole;
  for (unsigned dim : dims) {
    if (ranges[dim] == 1)
      continue;
    if (sole)
      return failure();
    sole = dim;
  }
  return sole.value_or(dims.back());
}

/// Matches a warp tile that mma.sync can compute: a contraction (the body
/// multiplies and adds, after extending the inputs) of two f16 buffers into
/// an f32 or f16 one, of two bf16 buffers into an f32 one or (TF32) of two
/// f32 buffers into an f32 one, static ranges that are multiples of `mma`
/// (m16n8k16, or m16n8k8 for f32: checked by vectorizeMmaWarpTile),
/// and one m, n and k dimension (all other dimensions of extent 1). Sets
/// `boundary` when only the ranges fail (a boundary tile).
static FailureOr<WarpContraction> matchWarpContraction(linalg::LinalgOp op,
                                                       ArrayRef<int64_t> mma,
                                                       std::string &why,
                                                       bool &boundary) {
  boundary = false;
  auto fail = [&](const Twine &reason) -> FailureOr<WarpContraction> {
    why = reason.str();
    return failure();
  };
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1)
    return fail("expected a bufferized op with two inputs and one output");
  // A contraction's maps are projected permutations.
  if (!linalg::isaContractionOpInterface(op))
    return fail("the warp tile is not a contraction (multiply-add)");
  Type a = getElementTypeOrSelf(op.getDpsInputOperand(0)->get().getType());
  Type b = getElementTypeOrSelf(op.getDpsInputOperand(1)->get().getType());
  Type c = getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType());
  if (a != b || !((a.isF16() && (c.isF32() || c.isF16())) ||
                  ((a.isBF16() || a.isF32()) && c.isF32())))
    return fail("mma.sync tiles need f16 inputs and an f32 or f16 "
                "accumulator, or bf16 or f32 (TF32) inputs and an f32 "
                "accumulator");
  if (a.isBF16())
    for (OpOperand *input : op.getDpsInputOperands())
      if (failed(getViewChain(input->get())))
        return fail("bf16 warp tiles read their tiles through an f16 view of "
                    "the same bytes: the shared tiles must be views of a byte "
                    "buffer (as --roller-promote-workgroup-allocs makes bf16 "
                    "ones)");

  WarpContraction match;
  match.ranges = op.getStaticLoopRanges();
  // A loop range a static operand fixes can still be read through another
  // operand of dynamic shape (whose views would then have dynamic sizes);
  // only the accumulator can be: its reads and writes are masked.
  auto isStatic = [](Value value) {
    return cast<MemRefType>(value.getType()).hasStaticShape();
  };
  if (llvm::any_of(match.ranges, ShapedType::isDynamic) ||
      !llvm::all_of(op.getDpsInputs(), isStatic))
    return boundary = true, fail("the warp tile has a dynamic shape");
  match.maskedAccumulator = !isStatic(op.getDpsInitOperand(0)->get());
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  assert(succeeded(dims) && "a contraction has contraction dimensions");
  if (llvm::any_of(dims->batch,
                   [&](unsigned d) { return match.ranges[d] != 1; }))
    return fail("the warp tile spans more than one batch");
  FailureOr<unsigned> m = getSoleDim(dims->m, match.ranges);
  FailureOr<unsigned> n = getSoleDim(dims->n, match.ranges);
  FailureOr<unsigned> k = getSoleDim(dims->k, match.ranges);
  if (failed(m) || failed(n) || failed(k))
    return fail("the warp tile needs exactly one m, n and k dimension");
  match.m = *m;
  match.n = *n;
  match.k = *k;
  if (match.ranges[*m] % mma[0] || match.ranges[*n] % mma[1] ||
      match.ranges[*k] % mma[2])
    return boundary = true,
           fail("the warp tile " + Twine(match.ranges[*m]) + "x" +
                Twine(match.ranges[*n]) + "x" + Twine(match.ranges[*k]) +
                " is not a multiple of the mma shape");
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = cast<MemRefType>(operand.get().getType());
    int64_t offset;
    SmallVector<int64_t> strides;
    if (failed(type.getStridesAndOffset(strides, offset)) || strides.empty() ||
        strides.back() != 1)
      return fail("an operand's innermost dimension is not contiguous");
  }
  return match;
}

/// A 2-D view of `operand` on the loop dimensions `rows` and `cols`, which
/// it must be indexed by (all its other dimensions have extent 1), in the
/// operand's own dimension order; `transposed` says whether that order is
/// (cols, rows).
static Value getMatrixView(RewriterBase &rewriter, Location loc, Value operand,
                           AffineMap map, unsigned rows, unsigned cols,
                           bool &transposed) {
  auto type = cast<MemRefType>(operand.getType());
  std::optional<unsigned> rowPos =
      map.getResultPosition(getAffineDimExpr(rows, rewriter.getContext()));
  std::optional<unsigned> colPos =
      map.getResultPosition(getAffineDimExpr(cols, rewriter.getContext()));
  assert(rowPos && colPos && "the operand is indexed by both dimensions");
  transposed = *colPos < *rowPos;
  if (type.getRank() == 2)
    return operand;
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
  SmallVector<OpFoldResult> sizes(rank, rewriter.getIndexAttr(1));
  sizes[*rowPos] = memref::getMixedSize(rewriter, loc, operand, *rowPos);
  sizes[*colPos] = memref::getMixedSize(rewriter, loc, operand, *colPos);
  // Another dimension of dynamic size is 1 or 0 (a warp tile of a boundary
  // block past the batch's extent): the view then has no rows, so that the
  // masked accesses skip it.
  AffineExpr s0, s1;
  bindSymbols(rewriter.getContext(), s0, s1);
  for (int64_t d = 0; d < rank; ++d)
    if (d != *rowPos && d != *colPos && type.isDynamicDim(d))
      sizes[*rowPos] = affine::makeComposedFoldedAffineApply(
          rewriter, loc, s0 * s1,
          {sizes[*rowPos], memref::getMixedSize(rewriter, loc, operand, d)});
  // The view keeps the two dimensions (inferRankReducedResultType cannot
  // tell a dropped 1 from a kept dynamic size).
  MemRefType full =
      memref::SubViewOp::inferResultType(type, offsets, sizes, strides);
  auto [fullStrides, offset] = full.getStridesAndOffset();
  unsigned first = std::min(*rowPos, *colPos),
           second = std::max(*rowPos, *colPos);
  auto viewType = MemRefType::get(
      {full.getDimSize(first), full.getDimSize(second)}, type.getElementType(),
      StridedLayoutAttr::get(rewriter.getContext(), offset,
                             {fullStrides[first], fullStrides[second]}),
      type.getMemorySpace());
  return memref::SubViewOp::create(rewriter, loc, viewType, operand, offsets,
                                   sizes, strides);
}

/// Reads or writes the `shape` tile at (`row`, `col`) of a 2-D view, in
/// (rows, cols) orientation.
struct MatrixAccess {
  Value view;
  bool transposed;
  /// False for a view of dynamic size: the accesses are masked at its edge.
  bool inBounds = true;

  SmallVector<Value> indices(RewriterBase &rewriter, Location loc, int64_t row,
                             int64_t col) const {
    Value r = arith::ConstantIndexOp::create(rewriter, loc, row);
    Value c = arith::ConstantIndexOp::create(rewriter, loc, col);
    return transposed ? SmallVector<Value>{c, r} : SmallVector<Value>{r, c};
  }
  AffineMap permutation(MLIRContext *ctx) const {
    return transposed
               ? AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, ctx)
               : AffineMap::getMultiDimIdentityMap(2, ctx);
  }
  Value read(RewriterBase &rewriter, Location loc, ArrayRef<int64_t> shape,
             int64_t row, int64_t col) const {
    Type element = getElementTypeOrSelf(view.getType());
    Value padding = arith::ConstantOp::create(rewriter, loc, element,
                                              rewriter.getZeroAttr(element));
    return vector::TransferReadOp::create(
        rewriter, loc, VectorType::get(shape, element), view,
        indices(rewriter, loc, row, col), padding,
        permutation(rewriter.getContext()),
        SmallVector<bool>{inBounds, inBounds});
  }
  vector::TransferWriteOp write(RewriterBase &rewriter, Location loc,
                                Value value, int64_t row, int64_t col) const {
    return vector::TransferWriteOp::create(
        rewriter, loc, value, view, indices(rewriter, loc, row, col),
        permutation(rewriter.getContext()),
        SmallVector<bool>{inBounds, inBounds});
  }
};

/// Computes a warp tile the mma shape does not fit (a boundary tile, or a
/// partial reduction step) on the CUDA cores: the warp's lanes split its
/// output elements (the last parallel dimension across the lanes), each
/// accumulating its elements over the reduction. The arithmetic is in the
/// LLVM dialect (`llvm.fpext`, `llvm.intr.fmuladd`): upstream's vector ->
/// nvgpu conversion starts from every arith op of the kernel (see
/// `--roller-mma-to-nvgpu`).
static void emitLaneTiles(RewriterBase &rewriter, linalg::LinalgOp op,
                          int64_t warpSize) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t laneDim = -1;
  for (auto [dim, iterator] : llvm::enumerate(iterators))
    if (iterator == utils::IteratorType::parallel)
      laneDim = dim;
  Value lane = gpu::LaneIdOp::create(rewriter, loc, /*upperBound=*/nullptr);
  SmallVector<Value> lbs, ubs, steps;
  for (auto [dim, range] : llvm::enumerate(ranges)) {
    bool lanes = int64_t(dim) == laneDim;
    lbs.push_back(
        lanes ? lane
              : getValueOrCreateConstantIndexOp(rewriter, loc, range.offset));
    ubs.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, range.size));
    steps.push_back(
        arith::ConstantIndexOp::create(rewriter, loc, lanes ? warpSize : 1));
  }
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  Value lhs = op.getDpsInputOperand(0)->get();
  Value rhs = op.getDpsInputOperand(1)->get();
  Value acc = op.getDpsInitOperand(0)->get();
  Type accType = getElementTypeOrSelf(acc.getType());
  scf::buildLoopNest(
      rewriter, loc, lbs, ubs, steps,
      [&](OpBuilder &b, Location loc, ValueRange ivs) {
        auto indices = [&](AffineMap map) {
          return llvm::map_to_vector(map.getResults(), [&](AffineExpr e) {
            return Value(ivs[cast<AffineDimExpr>(e).getPosition()]);
          });
        };
        auto load = [&](Value memref, AffineMap map) -> Value {
          Value value = memref::LoadOp::create(b, loc, memref, indices(map));
          if (value.getType() != accType)
            value = LLVM::FPExtOp::create(b, loc, accType, value);
          return value;
        };
        Value a = load(lhs, maps[0]), bv = load(rhs, maps[1]);
        Value c = memref::LoadOp::create(b, loc, acc, indices(maps[2]));
        Value sum = LLVM::FMulAddOp::create(b, loc, a, bv, c);
        memref::StoreOp::create(b, loc, sum, acc, indices(maps[2]));
      });
  rewriter.eraseOp(op);
}

/// The accumulator tiles of one warp tile: their view, and the reads (first
/// in their block) and writes (last) around the contractions.
struct AccumulatorTiles {
  Value view;
  SmallVector<vector::TransferReadOp> reads;
  SmallVector<vector::TransferWriteOp> writes;
};

/// Replaces `op` by reads of its tiles, one `vector.contract` per mma tile
/// (m x n x k of `mma`), and writes of the accumulator tiles.
static AccumulatorTiles emitMmaTiles(RewriterBase &rewriter,
                                     linalg::LinalgOp op,
                                     const WarpContraction &match,
                                     ArrayRef<int64_t> mma) {
  Location loc = op.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  rewriter.setInsertionPoint(op);
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  bool bf16 =
      getElementTypeOrSelf(op.getDpsInputOperand(0)->get().getType()).isBF16();
  auto access = [&](OpOperand *operand, AffineMap map, unsigned rows,
                    unsigned cols) {
    Value source = operand->get();
    if (bf16 && op.isDpsInput(operand))
      source = getF16Twin(rewriter, loc, source);
    MatrixAccess result;
    result.view = getMatrixView(rewriter, loc, source, map, rows, cols,
                                result.transposed);
    return result;
  };
  MatrixAccess lhs =
      access(op.getDpsInputOperand(0), maps[0], match.m, match.k);
  MatrixAccess rhs =
      access(op.getDpsInputOperand(1), maps[1], match.k, match.n);
  MatrixAccess acc = access(op.getDpsInitOperand(0), maps[2], match.m, match.n);
  acc.inBounds = !match.maskedAccumulator;

  int64_t tilesM = match.ranges[match.m] / mma[0];
  int64_t tilesN = match.ranges[match.n] / mma[1];
  int64_t tilesK = match.ranges[match.k] / mma[2];
  AccumulatorTiles tiles;
  tiles.view = acc.view;
  SmallVector<Value> accs;
  for (int64_t i = 0; i < tilesM; ++i)
    for (int64_t j = 0; j < tilesN; ++j) {
      accs.push_back(
          acc.read(rewriter, loc, {mma[0], mma[1]}, i * mma[0], j * mma[1]));
      tiles.reads.push_back(
          accs.back().getDefiningOp<vector::TransferReadOp>());
    }

  AffineExpr dm, dn, dk;
  bindDims(ctx, dm, dn, dk);
  SmallVector<AffineMap> contractMaps = {AffineMap::get(3, 0, {dm, dk}, ctx),
                                         AffineMap::get(3, 0, {dk, dn}, ctx),
                                         AffineMap::get(3, 0, {dm, dn}, ctx)};
  ArrayAttr iterators = rewriter.getArrayAttr(
      {vector::IteratorTypeAttr::get(ctx, vector::IteratorType::parallel),
       vector::IteratorTypeAttr::get(ctx, vector::IteratorType::parallel),
       vector::IteratorTypeAttr::get(ctx, vector::IteratorType::reduction)});
  for (int64_t l = 0; l < tilesK; ++l) {
    SmallVector<Value> as, bs;
    for (int64_t i = 0; i < tilesM; ++i)
      as.push_back(
          lhs.read(rewriter, loc, {mma[0], mma[2]}, i * mma[0], l * mma[2]));
    for (int64_t j = 0; j < tilesN; ++j)
      bs.push_back(
          rhs.read(rewriter, loc, {mma[2], mma[1]}, l * mma[2], j * mma[1]));
    for (int64_t i = 0; i < tilesM; ++i)
      for (int64_t j = 0; j < tilesN; ++j) {
        Value &c = accs[i * tilesN + j];
        auto contract = vector::ContractionOp::create(
            rewriter, loc, as[i], bs[j], c,
            rewriter.getAffineMapArrayAttr(contractMaps), iterators);
        if (bf16)
          contract->setAttr(RollerDialect::kBf16MmaAttrName,
                            rewriter.getUnitAttr());
        c = contract;
      }
  }
  for (int64_t i = 0; i < tilesM; ++i)
    for (int64_t j = 0; j < tilesN; ++j)
      tiles.writes.push_back(acc.write(rewriter, loc, accs[i * tilesN + j],
                                       i * mma[0], j * mma[1]));
  rewriter.eraseOp(op);
  return tiles;
}

/// Reads of an accumulator tile that the kernel just filled (see
/// getAccumulatorFill) become splats of the fill's value: the warp's
/// fragments start in registers instead of being loaded back.
static void startFromFill(RewriterBase &rewriter, AccumulatorTiles &tiles) {
  linalg::FillOp fill = getAccumulatorFill(tiles.reads.front(), tiles.view);
  if (!fill || !llvm::all_of(tiles.reads, [&](vector::TransferReadOp read) {
        return read->getBlock() == tiles.reads.front()->getBlock();
      }))
    return;
  for (vector::TransferReadOp &read : tiles.reads) {
    rewriter.setInsertionPoint(read);
    Value splat = vector::BroadcastOp::create(
        rewriter, read.getLoc(), read.getVectorType(), fill.value());
    rewriter.replaceOp(read, splat);
    read = nullptr;
  }
}

/// Fully unrolls `loop`, the warp's steps through the k-slices of one
/// block step (thread k smaller than block k), when it carries the
/// accumulators inside another loop (the block steps), holds no barrier or
/// loop of its own, and unrolls to at most kMaxUnrolledMmaTiles
/// contractions: the block step then issues all its MMAs in straight-line
/// code, with no index arithmetic or branch per k-slice, and the fragment
/// loads of one slice can be scheduled under the MMAs of the previous one.
static void unrollWarpReductionSteps(scf::ForOp loop) {
  constexpr int64_t kMaxUnrolledMmaTiles = 512;
  if (!loop->getParentOfType<scf::ForOp>())
    return;
  std::optional<APInt> tripCount = loop.getStaticTripCount();
  if (!tripCount || tripCount->getSExtValue() <= 1)
    return;
  int64_t trips = tripCount->getSExtValue();
  int64_t contracts = 0;
  bool other = false;
  loop.getBody()->walk([&](Operation *op) {
    if (isa<vector::ContractionOp>(op))
      ++contracts;
    other |= isa<gpu::BarrierOp, LoopLikeOpInterface>(op);
  });
  if (other || contracts == 0 || trips * contracts > kMaxUnrolledMmaTiles)
    return;
  Operation *parent = loop->getParentOp();
  if (failed(loopUnrollFull(loop)))
    return;
  // Each copy's induction value is `lb + i * step` in index arithmetic of
  // constants: folded here, as upstream's vector -> nvgpu conversion takes
  // no scalar arithmetic in a tensor-core kernel.
  SmallVector<Operation *> indexMath;
  parent->walk([&](Operation *op) {
    if (isa<arith::AddIOp, arith::MulIOp>(op) &&
        op->getResult(0).getType().isIndex() &&
        llvm::all_of(op->getOperands(),
                     [](Value v) { return matchPattern(v, m_Constant()); }))
      indexMath.push_back(op);
  });
  (void)applyOpPatternsGreedily(indexMath, FrozenRewritePatternSet());
}

/// Moves the accumulator reads before and the writes after each enclosing
/// `scf.for` (innermost first) in which nothing else touches the
/// accumulator's buffer, carrying the tiles as iteration values: the
/// accumulators then stay in registers for the whole reduction.
static void hoistAccumulatorTiles(RewriterBase &rewriter,
                                  AccumulatorTiles tiles) {
  scf::ForOp innermost;
  while (auto loop = dyn_cast<scf::ForOp>(tiles.reads.front()->getParentOp())) {
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    if (!loop.isDefinedOutsideOfLoop(tiles.view) ||
        !isLoopPrivateTile(loop, tiles.view) ||
        llvm::any_of(tiles.reads,
                     [&](vector::TransferReadOp read) {
                       return read->getParentOp() != loop ||
                              !llvm::all_of(read.getIndices(), [&](Value v) {
                                return loop.isDefinedOutsideOfLoop(v);
                              });
                     }) ||
        llvm::any_of(tiles.writes, [&](vector::TransferWriteOp write) {
          return write->getParentOp() != loop;
        }))
      break;

    rewriter.setInsertionPoint(loop);
    SmallVector<Value> inits;
    for (vector::TransferReadOp read : tiles.reads)
      inits.push_back(rewriter.clone(*read)->getResult(0));
    auto yields = llvm::map_to_vector(
        tiles.writes, [](vector::TransferWriteOp w) { return w.getVector(); });
    FailureOr<LoopLikeOpInterface> hoisted =
        cast<LoopLikeOpInterface>(loop.getOperation())
            .replaceWithAdditionalYields(
                rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
                [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                  return yields;
                });
    if (failed(hoisted))
      break;
    auto newLoop = cast<scf::ForOp>(hoisted->getOperation());
    if (!innermost)
      innermost = newLoop;
    unsigned first = newLoop.getNumResults() - inits.size();
    AccumulatorTiles outer;
    outer.view = tiles.view;
    for (auto [index, read] : llvm::enumerate(tiles.reads)) {
      rewriter.replaceOp(read, newLoop.getRegionIterArgs()[first + index]);
      outer.reads.push_back(
          inits[index].getDefiningOp<vector::TransferReadOp>());
    }
    rewriter.setInsertionPointAfter(newLoop);
    for (auto [index, write] : llvm::enumerate(tiles.writes)) {
      Operation *moved = rewriter.clone(*write);
      moved->setOperand(0, newLoop.getResult(first + index));
      outer.writes.push_back(cast<vector::TransferWriteOp>(moved));
      rewriter.eraseOp(write);
    }
    tiles = std::move(outer);
  }
  startFromFill(rewriter, tiles);
  if (innermost)
    unrollWarpReductionSteps(innermost);
}

} // namespace

FailureOr<WarpTileKind>
mlir::roller::vectorizeMmaWarpTile(RewriterBase &rewriter,
                                   linalg::LinalgOp op) {
  // The dialect verifies the attribute: three positive sizes.
  auto mma = dyn_cast_or_null<DenseI64ArrayAttr>(
      op->getAttr(RollerDialect::kMmaShapeAttrName));
  if (!mma)
    return op->emitError("not a tensor-core warp tile (no roller.mma)");
  if (!op->getParentOfType<gpu::LaunchOp>() &&
      !op->getParentOfType<gpu::GPUFuncOp>())
    return op->emitError("a tensor-core warp tile outside a GPU kernel (map "
                         "the foralls to the GPU first)");
  int64_t warpSize = getTargetDevice(op).getWarpSize();
  if (warpSize != kMmaWarpSize)
    return op->emitError() << "mma.sync needs warps of " << kMmaWarpSize
                           << " lanes; the target device has " << warpSize;
  // The dialect checks only that the sizes are positive; any other shape
  // made contractions no mma.sync computes (m16n16k16: LLVM's translation of
  // the mma.sync made of it crashed).
  // f32 inputs are TF32's, whose mma.sync is m16n8k8.
  bool tf32 =
      op.getNumDpsInputs() > 0 &&
      getElementTypeOrSelf(op.getDpsInputOperand(0)->get().getType()).isF32();
  if (mma.asArrayRef() != ArrayRef<int64_t>{16, 8, tf32 ? 8 : 16})
    return op->emitError() << "roller.mma [" << mma.asArrayRef()
                           << "] is not the mma.sync shape this pass makes "
                              "tiles of (m16n8k16, m16n8k8 for f32 inputs)";
  std::string why;
  bool boundary;
  FailureOr<WarpContraction> match =
      matchWarpContraction(op, mma.asArrayRef(), why, boundary);
  if (failed(match) && boundary) {
    emitLaneTiles(rewriter, op, warpSize);
    return WarpTileKind::Lanes;
  }
  if (failed(match))
    return op->emitError() << "cannot compute this warp tile with mma.sync: "
                           << why;
  // The mma tiles are unrolled: a warp tile far beyond any schedule's (a
  // hand-written attribute on a huge op) would unroll without bound.
  constexpr int64_t kMaxMmaTilesPerWarp = 4096;
  int64_t points = 1;
  for (int64_t range : op.getStaticLoopRanges())
    points = ShapedType::isDynamic(range)
                 ? points
                 : llvm::checkedMul(points, range)
                       .value_or(std::numeric_limits<int64_t>::max());
  int64_t mmaPoints = 1;
  for (int64_t size : mma.asArrayRef())
    mmaPoints *= size;
  if (points / mmaPoints > kMaxMmaTilesPerWarp)
    return op->emitError() << "warp tile of more than " << kMaxMmaTilesPerWarp
                           << " mma.sync tiles (" << points
                           << " points, saturated at 2^63 - 1): it would be "
                              "unrolled without bound (Roller's schedules "
                              "never make one)";
  hoistAccumulatorTiles(rewriter,
                        emitMmaTiles(rewriter, op, *match, mma.asArrayRef()));
  return WarpTileKind::TensorCores;
}

namespace {
struct RollerVectorizeMmaPass
    : public roller::impl::RollerVectorizeMmaPassBase<RollerVectorizeMmaPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> warpTiles;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(RollerDialect::kMmaShapeAttrName))
        warpTiles.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : warpTiles)
      if (failed(vectorizeMmaWarpTile(rewriter, op)))
        return signalPassFailure();
  }
};
} // namespace
