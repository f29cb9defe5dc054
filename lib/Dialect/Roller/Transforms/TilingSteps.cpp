//===- TilingSteps.cpp - Upstream tiling, one level at a time -------------===//

#include "TilingSteps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::roller;

SmallVector<Attribute> mlir::roller::getLinearMapping(MLIRContext *ctx,
                                                      MappingKind kind,
                                                      unsigned numLoops) {
  SmallVector<Attribute> mapping;
  for (unsigned loop = 0; loop < numLoops; ++loop) {
    auto id = static_cast<gpu::MappingId>(
        static_cast<uint64_t>(gpu::MappingId::LinearDim0) + numLoops - 1 -
        loop);
    switch (kind) {
    case MappingKind::Block:
      mapping.push_back(gpu::GPUBlockMappingAttr::get(ctx, id));
      break;
    case MappingKind::Warp:
      mapping.push_back(gpu::GPUWarpMappingAttr::get(ctx, id));
      break;
    case MappingKind::Thread:
      mapping.push_back(gpu::GPUThreadMappingAttr::get(ctx, id));
      break;
    }
  }
  return mapping;
}

FailureOr<linalg::LinalgOp>
mlir::roller::applyTiling(RewriterBase &rewriter, linalg::LinalgOp op,
                          const TilingStep &step,
                          SmallVector<Value> *replacements, Operation **loop) {
  unsigned numTiled =
      llvm::count_if(step.tileSizes, [](int64_t s) { return s != 0; });
  if (replacements)
    *replacements = llvm::to_vector_of<Value>(op->getResults());
  if (numTiled == 0)
    return op;

  MLIRContext *ctx = op->getContext();
  scf::SCFTilingOptions options;
  options.setTileSizes(getAsIndexOpFoldResult(ctx, step.tileSizes));
  if (step.mapping) {
    options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
    options.setMapping(getLinearMapping(ctx, *step.mapping, numTiled));
    if (!step.numThreads.empty())
      options.setNumThreads(getAsIndexOpFoldResult(ctx, step.numThreads));
  }
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled))
    return failure();
  if (replacements)
    *replacements = tiled->replacements;
  if (loop && !tiled->loops.empty())
    *loop = tiled->loops.front();
  rewriter.replaceOp(op, tiled->replacements);
  return cast<linalg::LinalgOp>(tiled->tiledOps.back());
}

TilingStep mlir::roller::distributeCopy(ArrayRef<int64_t> shape,
                                        int64_t threads, int64_t vectorWidth) {
  TilingStep step;
  step.mapping = MappingKind::Thread;
  step.tileSizes.assign(shape.size(), 0);
  step.numThreads.assign(shape.size(), 0);
  int64_t left = threads;
  for (int64_t dim = shape.size() - 1; dim >= 0; --dim) {
    bool innermost = dim == static_cast<int64_t>(shape.size()) - 1;
    int64_t chunk = innermost ? std::min(vectorWidth, shape[dim]) : 1;
    int64_t count = std::min(left, llvm::divideCeilSigned(shape[dim], chunk));
    if (count <= 1 && !innermost)
      continue;
    // As few threads as give the same tile (8 rows over 7 threads: 4
    // threads of 2 rows, not 3 idle ones).
    int64_t tile = llvm::divideCeilSigned(shape[dim], count);
    count = llvm::divideCeilSigned(shape[dim], tile);
    step.numThreads[dim] = count;
    step.tileSizes[dim] = tile;
    left /= count;
  }
  return step;
}
