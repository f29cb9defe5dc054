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

namespace mlir::roller {

/// Rewrites `op`, a `linalg.conv_2d_nhwc_hwcf` or (with a batch of 1) a
/// `linalg.conv_2d_nchw_fchw` on tensors of static shapes with a 1x1 filter,
/// unit strides and f16 or bf16 inputs, into a `linalg.matmul` of the
/// collapsed operands: NHWC pixels [N*H*W, C] times the filter [C, F];
/// NCHW the filter [F, C] times the channels [C, H*W]. The result is
/// expanded back to the convolution's shape and replaces it; a fill of the
/// output is re-made at the matmul's shape. Returns the matmul; fails
/// without touching the IR otherwise.
FailureOr<linalg::MatmulOp> pointwiseConvToMatmul(RewriterBase &rewriter,
                                                  linalg::LinalgOp op);

/// pointwiseConvToMatmul on every convolution in `root` it applies to, each
/// with a remark when `remarks` is set. Returns the number of rewrites.
int64_t pointwiseConvsToMatmuls(RewriterBase &rewriter, Operation *root,
                                bool remarks);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_POINTWISECONVTOMATMUL_H
