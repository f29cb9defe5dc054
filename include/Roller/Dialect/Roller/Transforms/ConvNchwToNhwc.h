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
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// The `linalg.transpose` permutations of the NHWC way (result dim i is
/// input dim permutation[i]): the input and initial value to NHWC, the
/// filter to HWCF, the result back to NCHW.
inline constexpr int64_t kNchwToNhwc[] = {0, 2, 3, 1};
inline constexpr int64_t kFchwToHwcf[] = {2, 3, 1, 0};
inline constexpr int64_t kNhwcToNchw[] = {0, 3, 1, 2};

/// A `linalg.transpose` of `value` (a ranked tensor) by `permutation` into
/// an empty tensor, built at the rewriter's insertion point.
linalg::TransposeOp buildTranspose(RewriterBase &rewriter, Location loc,
                                   Value value, ArrayRef<int64_t> permutation);

/// Whether `value` is a `linalg.fill` of a `tensor.empty`.
bool isFillOfEmpty(Value value);

/// The initial value `init` of an op rewritten in another layout, permuted
/// by `permutation` (as `buildTranspose`): a fill of an empty tensor is
/// re-made at the permuted shape (it stays a fill, done in the kernel it
/// initializes), anything else is transposed.
Value permuteInit(RewriterBase &rewriter, Location loc, Value init,
                  ArrayRef<int64_t> permutation);

/// A clone of `pad` (static padding by a constant: the region reads no
/// index) that pads `source`, the pad's source permuted by `permutation` (as
/// `buildTranspose`), over the permuted dims, built at the rewriter's
/// insertion point.
tensor::PadOp permutePad(RewriterBase &rewriter, tensor::PadOp pad,
                         Value source, ArrayRef<int64_t> permutation);

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
/// `foldConstantFilter` false leaves a constant filter's transpose a
/// `linalg.transpose` (a weighing on a clone, which does not count it).
/// Returns the NHWC convolution; fails without touching the IR otherwise.
FailureOr<linalg::Conv2DNhwcHwcfOp>
convNchwToNhwc(RewriterBase &rewriter, linalg::Conv2DNchwFchwOp op,
               bool foldConstantFilter = true);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_CONVNCHWTONHWC_H
