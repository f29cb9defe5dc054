//===- ConvToImplicitGemm.h - Convolutions as gathered GEMMs ----*- C++ -*-===//
//
// A convolution is a GEMM of its input's patches and its filter (the
// implicit GEMM view ROLLER ranks convolutions on): NHWC, the patches
// [N*OH*OW, KH*KW*C] times the filter [KH*KW*C, F]. As a convolution, its
// warp tiles span several loops along m and k, which mma.sync cannot take,
// so f16/bf16 convolutions larger than 1x1 (or strided) ran on the CUDA
// cores. Written as a `linalg.matmul` whose first operand is a gather copy
// of the patches (ReadThroughGathers.h), they run on tensor cores: each
// block gathers its tile of the patches from the input into shared memory,
// and the patch matrix is never materialized.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_CONVTOIMPLICITGEMM_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_CONVTOIMPLICITGEMM_H

#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Rewrites `op`, a `linalg.conv_2d_nhwc_hwcf` or a
/// `linalg.conv_2d_nchw_fchw` (any batch) on tensors of static shapes with
/// f16 or bf16 inputs, any window, strides and dilations, into a
/// `linalg.matmul` of its patches and its collapsed filter: NHWC, a gather
/// copy of the patches [N*OH*OW, KH*KW*C] (k ordered as the filter's rows:
/// kh, kw, c) times the filter [KH*KW*C, F]; NCHW, the filter [F, C*KH*KW]
/// times a gather copy of the patches [C*KH*KW, N*OH*OW]. The result is
/// expanded back to the convolution's shape and replaces it (NCHW with a
/// batch above 1: to [F, N, OH, OW], then a `linalg.transpose` to the
/// output's [N, F, OH, OW], and the initial value is transposed the other
/// way unless it is a fill); a fill of the output is re-made at the
/// matmul's shape. Returns the matmul; fails without touching the IR
/// otherwise.
FailureOr<linalg::MatmulOp> convToImplicitGemm(RewriterBase &rewriter,
                                               linalg::LinalgOp op);

/// What convsToImplicitGemms assumes of the pipeline around it.
struct ImplicitGemmOptions {
  /// widenBf16Accumulators follows and makes a bf16 matmul into bf16 sum in
  /// f32: bf16 convolutions into bf16 qualify.
  bool bf16SumsWidened = true;
  /// Microseconds added per extra kernel (the transposes of an NCHW
  /// convolution's ways) when the model weighs them, as the split across
  /// blocks does for its second kernel (split-launch-us; negative: the
  /// device's, resolveLaunchUs).
  double launchUs = SelectionOptions::kDefaultSplitLaunchUs;
  /// Weigh an NCHW convolution's ways (the selection's pipeline); false
  /// rewrites every convolution that qualifies into its own implicit GEMM
  /// (the pass alone).
  bool weighRoutes = true;
  /// With `weighRoutes`: weigh a function's NCHW convolutions (two or more)
  /// all in NHWC, with the transposes sinkTransposes leaves, against each
  /// one's fastest way, and take them to NHWC together where that is
  /// faster.
  bool weighFunctions = true;
};

/// convToImplicitGemm on every convolution in `root` whose matmul would run
/// on `device`'s tensor cores (f16 or bf16 inputs it has mma.sync m16n8k16
/// for, summed into f32, or f16 into f16, or bf16 into bf16 where
/// `options.bf16SumsWidened`), each with a remark when `remarks` is set.
/// With `options.weighRoutes`, an NCHW convolution takes the fastest of
/// three ways the model predicts (each constructed as the selection will,
/// on a clone, its kernels' times summed with `options.launchUs` per extra
/// kernel): as it is (left a convolution, on the CUDA cores; ties keep
/// it), its implicit GEMM (gathered an element at a time, with the
/// transposes of a batch above 1), or convNchwToNhwc's NHWC convolution
/// between transposes as an implicit GEMM (gathered in runs of channels).
/// With `options.weighFunctions`, a function's NCHW convolutions are first
/// weighed together: all in NHWC, priced with the transposes left once
/// sinkTransposes has moved them (those between two convolutions cancel),
/// against each its fastest way priced the same way; where all in NHWC is
/// faster they all take it (a remark at the function gives both). Callers
/// run sinkTransposes after it. Returns the number of rewrites.
int64_t convsToImplicitGemms(RewriterBase &rewriter, Operation *root,
                             DeviceAttr device,
                             const ImplicitGemmOptions &options, bool remarks);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_CONVTOIMPLICITGEMM_H
