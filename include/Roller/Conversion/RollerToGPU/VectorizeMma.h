//===- VectorizeMma.h - Warp tiles on tensor cores --------------*- C++ -*-===//
//
// A tensor-core rProgram lowers to a linalg contraction per warp tile
// (marked `roller.mma` by the rProgram lowering), which after GPU mapping
// every lane of the warp executes in full. Here it becomes the mma-shaped
// `vector.contract`s that upstream's vector -> nvgpu conversion turns into
// ldmatrix + mma.sync (mmaToNVGPU, on the outlined kernel).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_VECTORIZEMMA_H
#define ROLLER_CONVERSION_ROLLERTOGPU_VECTORIZEMMA_H

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// The lanes of a warp the mma.sync fragment layouts are defined for (PTX
/// ISA, "Matrix Fragments for mma.m16n8k16").
constexpr int64_t kMmaWarpSize = 32;

/// How vectorizeMmaWarpTile computed a warp tile.
enum class WarpTileKind {
  /// `vector.contract`s of the mma shape: tensor cores.
  TensorCores,
  /// A tile the mma shape does not fit (a boundary tile or a partial
  /// reduction step): the warp's lanes split its output elements on the
  /// CUDA cores.
  Lanes,
};

/// Rewrites a warp tile: a bufferized linalg contraction marked
/// `roller.mma` (the mma shape), inside a `gpu.launch` or kernel, of two
/// f16 buffers into an f32 or f16 one or of two bf16 buffers into an f32
/// one, with one m, n and k dimension (all others of extent 1). When its
/// static ranges are multiples of the mma shape, it becomes 2-D
/// `vector.transfer_read`s of the operand tiles (bf16 tiles read through
/// f16 views of the same bytes, the contractions marked
/// `roller.bf16_mma`), one `vector.contract` per mma tile and writes of the
/// accumulator tiles, whose reads and writes are then hoisted out of every
/// enclosing `scf.for` that nothing else touching the accumulator is in
/// (the accumulators stay in registers). Otherwise the warp's lanes compute
/// it (WarpTileKind::Lanes). Fails with an error at the op, left unchanged,
/// when it is not such a contraction, is outside a kernel, or the target
/// device's warps are not kMmaWarpSize lanes.
FailureOr<WarpTileKind> vectorizeMmaWarpTile(RewriterBase &rewriter,
                                             linalg::LinalgOp op);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_VECTORIZEMMA_H
