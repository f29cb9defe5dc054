//===- ConvNchwToNhwc.h - NCHW convolutions as NHWC ones --------*- C++ -*-===//
//
// An NCHW convolution's implicit GEMM gathers its patches an element at a
// time: the innermost dimension it reads is the image's width, which a
// stride, a window offset or the pad's zeros interrupt every few elements,
// so every position costs an address computation of its own (the model's
// issue stage, docs/model.md). Read as NHWC, the innermost dimension is the
// channels, which a window position reads whole: runs of 8 f16 channels, one
// 16-byte copy each. The price is a pass over the input and one over the
// output (transposes), and one over the filter unless it is a constant,
// which is transposed at compile time.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_CONVNCHWTONHWC_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_CONVNCHWTONHWC_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// The `linalg.transpose` permutations of the NHWC way (result dim i is
/// input dim permutation[i]): the input and initial value to NHWC, the
/// filter to HWCF, the result back to NCHW.
inline constexpr int64_t kNchwToNhwc[] = {0, 2, 3, 1};
inline constexpr int64_t kFchwToHwcf[] = {2, 3, 1, 0};
inline constexpr int64_t kNhwcToNchw[] = {0, 3, 1, 2};

/// Why `op` is no convolution convNchwToNhwc rewrites, or nullopt when it is
/// one: a `linalg.conv_2d_nchw_fchw` on tensors of static, non-empty shapes
/// without a `roller.config` (a config is for the convolution as it is).
std::optional<std::string> whyNotNchwToNhwc(linalg::Conv2DNchwFchwOp op);

/// Rewrites `op` (whyNotNchwToNhwc holds) into the same convolution in NHWC:
/// its input transposed to NHWC (`linalg.transpose`; an input a
/// `tensor.pad` of a constant gives over its height and width only is
/// transposed before the pad, which is then made over the NHWC dims, so that
/// the convolution still reads through it), its filter to HWCF (folded into
/// a constant when the filter is one), its initial value to NHWC (a fill of
/// an empty tensor is re-made at the NHWC shape instead), a
/// `linalg.conv_2d_nhwc_hwcf` with the same strides and dilations, and its
/// result transposed back to NCHW, which replaces `op`. Any element types.
/// Returns the NHWC convolution; fails without touching the IR otherwise.
FailureOr<linalg::Conv2DNhwcHwcfOp> convNchwToNhwc(RewriterBase &rewriter,
                                                   linalg::Conv2DNchwFchwOp op);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_CONVNCHWTONHWC_H
