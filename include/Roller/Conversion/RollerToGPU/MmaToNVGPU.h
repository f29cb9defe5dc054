//===- MmaToNVGPU.h - Warp contractions to ldmatrix + mma.sync --*- C++ -*-===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_MMATONVGPU_H
#define ROLLER_CONVERSION_ROLLERTOGPU_MMATONVGPU_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// In an outlined kernel holding the mma-shaped `vector.contract`s that
/// vectorizeMmaWarpTile leaves, applies upstream's preparation patterns and
/// `convertVectorToNVVMCompatibleMMASync`: reads from workgroup memory
/// become `nvgpu.ldmatrix` (transposed for k-major operands), the
/// accumulator reads and writes per-lane `vector.load`/`store` of the
/// fragments, the contractions `nvgpu.mma.sync`, the reduction loops carry
/// the fragments; the replaced vector ops are erased. Contractions marked
/// `roller.bf16_mma` (bf16 bits in f16-typed fragments) become
/// `nvvm.mma.sync` with bf16 multiplicands. A kernel without contractions
/// is left alone (success).
///
/// In LLVM 22 upstream's conversion also starts from every scalar op of the
/// kinds it can apply to fragments (index arithmetic included) and fails on
/// it: a kernel with such an arith op is rejected with an error naming it
/// before anything changes. The bodies of the kernel's linalg ops (copies,
/// fills, a fused epilogue) are set aside meanwhile and restored after. Fails with an error at a contraction the
/// conversion could not take (the kernel is then partly converted).
LogicalResult convertMmaToNVGPU(RewriterBase &rewriter, gpu::GPUFuncOp kernel);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_MMATONVGPU_H
