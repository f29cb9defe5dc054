//===- SplitReduction.cpp - Threads sharing a reduction -------------------===//
//
// ROLLER's threads own their outputs; a reduction with few outputs then has
// few threads. With `reduce_threads = R`, all R threads of a block share
// each output of the block instead:
//
//   %slots = workgroup buffer [outputs of the block..., R], neutral value
//   scf.forall (%r) in (R) {#gpu.thread}       contiguous chunks of the
//     scf.for (thread steps)                   innermost reduction loop
//       linalg.generic -> slot r of each output
//   scf.forall (outputs over threads) {#gpu.thread}
//     linalg.reduce {roller.merge_partials}    the R slots -> accumulator
//
// Upstream partial-reduction tiling builds the first forall and the merge;
// this places the slots in shared memory and shares the fill and the merge
// over the threads. The GPU path then combines each warp's slots with
// shuffles first (--roller-reduce-partials-in-warps), so that the merge
// reads one slot per warp.
//
//===----------------------------------------------------------------------===//

#include "SplitReduction.h"

#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;
using namespace mlir::roller;

std::optional<unsigned>
mlir::roller::getSplitReductionLoop(linalg::LinalgOp op) {
  std::optional<unsigned> split;
  for (auto [loop, type] : llvm::enumerate(op.getIteratorTypesArray()))
    if (type == utils::IteratorType::reduction)
      split = loop;
  return split;
}

/// The static shape that holds `empty` in every block: its dynamic sizes
/// (boundary blocks' affine.min) replaced by their constant upper bounds.
static FailureOr<SmallVector<int64_t>> getStaticBound(tensor::EmptyOp empty) {
  SmallVector<int64_t> shape(empty.getType().getShape());
  unsigned dynamic = 0;
  for (int64_t &size : shape) {
    if (!ShapedType::isDynamic(size))
      continue;
    FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
        presburger::BoundType::UB, empty.getDynamicSizes()[dynamic++],
        /*stopCondition=*/nullptr, /*closedUB=*/true);
    if (failed(bound))
      return failure();
    size = *bound;
  }
  return shape;
}

/// Places the partial results `empty` stands for in a workgroup buffer of
/// static shape (a view of its sizes in boundary blocks), and shares the
/// fill of their neutral value `fill` over the block's threads.
static LogicalResult placeSlotsInShared(RewriterBase &rewriter,
                                        linalg::FillOp fill,
                                        ConfigAttr config) {
  auto empty = fill.getOutputs()[0].getDefiningOp<tensor::EmptyOp>();
  if (!empty)
    return failure();
  FailureOr<SmallVector<int64_t>> shape = getStaticBound(empty);
  if (failed(shape))
    return failure();
  Location loc = empty.getLoc();
  rewriter.setInsertionPoint(empty);
  auto workgroup = gpu::AddressSpaceAttr::get(
      rewriter.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  Value buffer = bufferization::AllocTensorOp::create(
      rewriter, loc,
      RankedTensorType::get(*shape, empty.getType().getElementType()),
      /*dynamic_sizes=*/ValueRange(), /*copy=*/Value(), /*size_hint=*/Value(),
      workgroup);
  unsigned rank = shape->size();
  Value view = tensor::ExtractSliceOp::create(
      rewriter, loc, empty.getType(), buffer,
      SmallVector<OpFoldResult>(rank, rewriter.getIndexAttr(0)),
      empty.getMixedSizes(),
      SmallVector<OpFoldResult>(rank, rewriter.getIndexAttr(1)));
  rewriter.replaceOp(empty, view);
  TilingStep step = distributeCopy(*shape, config.getThreads(), 1);
  return applyTiling(rewriter, cast<linalg::LinalgOp>(fill.getOperation()),
                     step, nullptr);
}

/// Shares `merge` (the slots of each output -> the output) over the block's
/// threads along its parallel loops (at their static bounds); marks it.
static LogicalResult shareMerge(RewriterBase &rewriter, linalg::LinalgOp merge,
                                ConfigAttr config) {
  SmallVector<int64_t> parallel;
  SmallVector<unsigned> parallelLoops;
  SmallVector<int64_t> bounds = merge.getStaticLoopRanges();
  for (auto [loop, type] : llvm::enumerate(merge.getIteratorTypesArray())) {
    if (type != utils::IteratorType::parallel)
      continue;
    // Boundary blocks: the most the slots' view holds.
    int64_t bound = bounds[loop];
    if (ShapedType::isDynamic(bound)) {
      FailureOr<int64_t> upper = ValueBoundsConstraintSet::computeConstantBound(
          presburger::BoundType::UB,
          ValueBoundsConstraintSet::Variable(merge.getDpsInputs().front(),
                                             loop),
          /*stopCondition=*/nullptr, /*closedUB=*/true);
      if (failed(upper))
        return failure();
      bound = *upper;
    }
    parallel.push_back(bound);
    parallelLoops.push_back(loop);
  }
  // An operator without parallel loops would have every thread write its
  // one output: the construction never splits those.
  if (parallel.empty())
    return failure();
  TilingStep shared = distributeCopy(parallel, config.getThreads(), 1);
  TilingStep step;
  step.mapping = shared.mapping;
  step.tileSizes.assign(merge.getNumLoops(), 0);
  step.numThreads.assign(merge.getNumLoops(), 0);
  for (auto [index, loop] : llvm::enumerate(parallelLoops)) {
    step.tileSizes[loop] = shared.tileSizes[index];
    step.numThreads[loop] = shared.numThreads[index];
  }
  FailureOr<linalg::LinalgOp> tiled =
      applyTiling(rewriter, merge, step, nullptr);
  if (failed(tiled))
    return failure();
  (*tiled)->setAttr(RollerDialect::kMergePartialsAttrName,
                    rewriter.getUnitAttr());
  return success();
}

FailureOr<SmallVector<Value>>
mlir::roller::splitReductionOverThreads(RewriterBase &rewriter,
                                        linalg::LinalgOp op, ConfigAttr config,
                                        const TilingStep &registers) {
  std::optional<unsigned> split = getSplitReductionLoop(op);
  if (!split)
    return failure();
  MLIRContext *ctx = op->getContext();
  int64_t threads = config.getReduceThreads();
  int64_t block = config.getBlock().getSizes()[*split];
  SmallVector<int64_t> tileSizes(op.getNumLoops(), 0);
  SmallVector<int64_t> numThreads(op.getNumLoops(), 0);
  tileSizes[*split] = llvm::divideCeilSigned(block, threads);
  numThreads[*split] = threads;

  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  options.setReductionTilingStrategy(
      ReductionTilingStrategy::PartialReductionOuterParallel);
  options.setReductionDims({*split});
  options.setTileSizes(getAsIndexOpFoldResult(ctx, tileSizes));
  options.setNumThreads(getAsIndexOpFoldResult(ctx, numThreads));
  options.setMapping(getLinearMapping(ctx, MappingKind::Thread, 1));
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled) || tiled->tiledOps.empty())
    return failure();
  rewriter.replaceOp(op, tiled->replacements);

  for (Value init : tiled->initialValues) {
    auto fill = init.getDefiningOp<linalg::FillOp>();
    if (!fill || failed(placeSlotsInShared(rewriter, fill, config)))
      return failure();
  }
  auto partial = cast<linalg::LinalgOp>(tiled->tiledOps.back());
  // Upstream's partial tiling does not offset the body's linalg.index by
  // the thread's chunk (full tiling does): its iteration k is the split
  // loop's k + r * chunk.
  if (partial.hasIndexSemantics()) {
    auto forall = partial->getParentOfType<scf::ForallOp>();
    if (!forall)
      return failure();
    rewriter.setInsertionPointToStart(forall.getBody());
    AffineExpr r = rewriter.getAffineDimExpr(0);
    SmallVector<OpFoldResult> offsets(partial.getNumLoops(),
                                      rewriter.getIndexAttr(0));
    offsets[*split] = affine::makeComposedFoldedAffineApply(
        rewriter, partial.getLoc(), r * tileSizes[*split],
        {forall.getInductionVars().front()});
    linalg::offsetIndices(rewriter, partial, offsets);
  }
  if (failed(applyTiling(rewriter, partial, registers, nullptr)))
    return failure();
  for (Operation *merge : tiled->mergeOps)
    if (failed(shareMerge(rewriter, cast<linalg::LinalgOp>(merge), config)))
      return failure();
  return tiled->replacements;
}

TilingStep mlir::roller::getSplitEpilogueStep(ArrayRef<int64_t> axes,
                                              unsigned splitLoop,
                                              ConfigAttr config) {
  ArrayRef<int64_t> block = config.getBlock().getSizes();
  int64_t threads = config.getReduceThreads();
  if (llvm::is_contained(axes, splitLoop)) {
    TilingStep step;
    step.mapping = MappingKind::Thread;
    for (int64_t axis : axes) {
      bool split = axis == splitLoop;
      step.tileSizes.push_back(
          split ? llvm::divideCeilSigned(block[axis], threads) : 0);
      step.numThreads.push_back(split ? threads : 0);
    }
    return step;
  }
  SmallVector<int64_t> shape =
      llvm::map_to_vector(axes, [&](int64_t axis) { return block[axis]; });
  return distributeCopy(shape, config.getThreads(), config.getVectorWidth());
}
