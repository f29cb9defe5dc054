//===- VectorizeAccesses.h - Kernel accesses of up to 16 bytes --*- C++ -*-===//
//
// The statically shaped elementwise linalg ops of the kernels (the copies
// staging tiles global -> shared and moving accumulators in and out of
// registers, elementwise operators' thread tiles) become loops of
// `vector.load`/`vector.store` of up to 16 bytes whose `alignment` is what
// can be proven, so that the NVPTX back end emits `ld.global.v4` and the
// like; staging copies marked for it become `cp.async`.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_VECTORIZEACCESSES_H
#define ROLLER_CONVERSION_ROLLERTOGPU_VECTORIZEACCESSES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Rewrites one statically shaped elementwise op in a kernel (`linalg.copy`,
/// or a `linalg.generic` with identity maps, parallel loops and a body of
/// elementwise-mappable ops and constants) into a loop nest of
/// `vector.load`/`vector.store` around the body applied to vectors. The
/// width is the widest power of two (at most 16 bytes of the widest
/// element) that divides the rows and that at least one operand can access
/// fully aligned; each access carries the alignment proven for it (kernel
/// buffer arguments kKernelBufferAlignment, workgroup attributions and
/// allocas 16 bytes, views of dynamic shared memory as their byte shift
/// allows, offsets through subviews by the divisibility of constants, loop
/// induction variables and `arith`/`affine.apply` arithmetic). A
/// `linalg.copy` marked `roller.async_copy` from global to workgroup memory
/// becomes `nvgpu.device_async_copy`s (`cp.async` of 4, 8 or 16 bytes) when
/// both sides are aligned to the access. Fails, leaving the op unchanged,
/// for a dynamic shape, an operand whose innermost dimension is not
/// contiguous, rows of odd length, non-identity maps, a body that does not
/// map onto vectors, or when no width above one is aligned.
LogicalResult vectorizeElementwiseAccesses(RewriterBase &rewriter,
                                           linalg::LinalgOp op);

/// In an outlined kernel: gives its workgroup attributions `llvm.align =
/// 16` and its unaligned allocas an alignment of 16, applies
/// vectorizeElementwiseAccesses to every linalg op it can, and gives the
/// vector loads and stores other steps made without an alignment (the
/// per-lane accesses of mma fragments) the alignment provable for them.
void vectorizeKernelAccesses(RewriterBase &rewriter, gpu::GPUFuncOp kernel);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_VECTORIZEACCESSES_H
