//===- PointwiseConvToMatmul.h - 1x1 convolutions as GEMMs ------*- C++ -*-===//
//
// A convolution with a 1x1 filter and unit strides is a GEMM: each output
// pixel is its input pixel's channels times the filter matrix. As a
// convolution, its warp tiles span several loops along m (batch, rows,
// columns), which mma.sync cannot take, so f16/bf16 pointwise convolutions
// (MobileNet's and ResNet's bottleneck 1x1 layers) ran on the CUDA cores.
// Written as a `linalg.matmul` over reshaped operands (the reshapes are
// views: nothing is copied), they run on tensor cores.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_POINTWISECONVTOMATMUL_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_POINTWISECONVTOMATMUL_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// Rewrites `op`, a `linalg.conv_2d_nhwc_hwcf` or (with a batch of 1) a
/// `linalg.conv_2d_nchw_fchw` on tensors of static shapes with a 1x1 filter,
/// unit strides and f16 or bf16 inputs, into a `linalg.matmul` of the
/// collapsed operands: NHWC pixels [N*H*W, C] times the filter [C, F];
/// NCHW the filter [F, C] times the channels [C, H*W]. An input a
/// `tensor.pad` gives is left (a collapsed pad cannot be read through; the
/// implicit GEMM gathers through it, ConvToImplicitGemm.h). The result is
/// expanded back to the convolution's shape and replaces it; a fill of the
/// output is re-made at the matmul's shape. Returns the matmul; fails
/// without touching the IR otherwise.
FailureOr<linalg::MatmulOp> pointwiseConvToMatmul(RewriterBase &rewriter,
                                                  linalg::LinalgOp op);

/// Why `op` is no convolution Roller rewrites into a GEMM (here and in
/// ConvToImplicitGemm.h), or nullopt when it is one: a
/// `linalg.conv_2d_nhwc_hwcf` or `linalg.conv_2d_nchw_fchw` on tensors of
/// static, non-empty shapes with f16 or bf16 inputs and no `roller.config`
/// (a config is for the convolution as it is).
std::optional<std::string> whyNotConvGemm(linalg::LinalgOp op);

/// Replaces `op` (whyNotConvGemm holds) by a `linalg.matmul` of `operands`
/// into `output`, its result expanded back by `outputGroups` to `op`'s
/// shape permuted by `permutation` (none when empty) and transposed back by
/// a `linalg.transpose`, and erases `op`'s initial value when nothing else
/// uses it. The matmul's builder makes the convolution's body from the same
/// element types (the casts of mixed precision included). Returns the
/// matmul.
linalg::MatmulOp
replaceConvByMatmul(RewriterBase &rewriter, linalg::LinalgOp op,
                    ValueRange operands, Value output,
                    ArrayRef<ReassociationIndices> outputGroups,
                    ArrayRef<int64_t> permutation = {});

/// `value`, a static tensor, permuted by `permutation` (a
/// `linalg.transpose`; none when empty) and collapsed by `groups` (a
/// convolution's operand into a matrix): a tensor.collapse_shape, or, for a
/// fill of an empty tensor, a fill of an empty tensor of the final shape
/// (the fill stays one, done in the kernel).
Value collapseConvOperand(RewriterBase &rewriter, Location loc, Value value,
                          ArrayRef<ReassociationIndices> groups,
                          ArrayRef<int64_t> permutation = {});

/// pointwiseConvToMatmul on every convolution in `root` it applies to, each
/// with a remark when `remarks` is set. Returns the number of rewrites.
int64_t pointwiseConvsToMatmuls(RewriterBase &rewriter, Operation *root,
                                bool remarks);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_POINTWISECONVTOMATMUL_H
