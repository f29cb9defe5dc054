//===- PadMmaBoundaryTiles.h - Tensor cores on boundary tiles ---*- C++ -*-===//
//
// A tensor-core warp tile at the tensor's boundary (a boundary block, or the
// partial last reduction step) has dynamic sizes, which no mma.sync
// computes. Its shared-memory tiles are buffers of the full static tile
// size, so the warp can run the full mma tile on them once the elements
// past the tensor's edge are zeros: the copies that fill those buffers
// write the full static piece of each thread, zeros past the edge, and the
// warp tile reads static views. Its accumulator stays a dynamic view of the
// output, which `--roller-vectorize-mma` reads and writes masked.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_PADMMABOUNDARYTILES_H
#define ROLLER_CONVERSION_ROLLERTOGPU_PADMMABOUNDARYTILES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// What padMmaBoundaryTiles changed in one launch.
struct PaddedBoundaryTiles {
  /// Warp tiles whose inputs became static views of their shared tiles.
  int64_t warpTiles = 0;
  /// Copies into those shared tiles that now zero their piece first.
  int64_t zeroedCopies = 0;
  /// Slabs past a static partial reduction step zeroed for the warp tiles
  /// that read them rounded up to the mma k.
  int64_t zeroedSlabs = 0;
};

/// In `launch`: every tensor-core warp tile (a linalg op marked
/// `roller.mma`) whose inputs are views of dynamic size into shared
/// buffers of static shape reads, instead, the static views of the same
/// origin whose sizes are the dynamic sizes' constant upper bounds (the
/// warp tile of the config); every copy into those buffers whose
/// destination has dynamic sizes first fills its destination's static
/// bound with zeros, so that the elements past the tensor's edge (and past
/// the partial last reduction step) are zeros when the warp reads them.
/// A static warp tile whose reduction extent is no multiple of the mma k
/// (the partial last step of an interior block) reads views rounded up to
/// the multiple inside its shared tiles, and the slab past the step's end
/// is zeroed by the block's threads (then a barrier) at the last point
/// before the warp tile that every thread reaches.
/// A warp tile whose inputs cannot be bounded this way is left alone (the
/// CUDA-core fallback of `--roller-vectorize-mma` computes it). Returns
/// what changed (nothing, for a launch without such tiles).
PaddedBoundaryTiles padMmaBoundaryTiles(RewriterBase &rewriter,
                                        gpu::LaunchOp launch);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_PADMMABOUNDARYTILES_H
