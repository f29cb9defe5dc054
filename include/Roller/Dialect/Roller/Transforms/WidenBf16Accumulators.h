//===- WidenBf16Accumulators.h - bf16 sums in f32 --------------*- C++ -*-===//
//
// A contraction of bf16 tensors into a bf16 tensor (StableHLO's bf16
// `dot_general` lowered to linalg: its result type is the accumulator) sums
// in bf16: every step's partial sum is rounded to 8 bits of mantissa, and
// tensor cores cannot compute it at all (mma.sync takes bf16 inputs into an
// f32 accumulator only). cuBLAS and PyTorch sum bf16 GEMMs in f32 and round
// once, at the end. So does Roller: the contraction sums into an f32 tensor
// and an elementwise truncation to bf16 follows it, which the epilogue
// fusion brings into its kernel.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_WIDENBF16ACCUMULATORS_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_WIDENBF16ACCUMULATORS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Rewrites `op` (a linalg contraction on tensors with static shapes whose
/// two inputs and one output are bf16 and whose body yields
/// `out + a * b`, `a` and `b` its inputs' elements) into a
/// `linalg.generic` with the same maps that sums `extf(a) * extf(b)` into
/// an f32 tensor, followed by an elementwise `linalg.generic` that
/// truncates the sum to bf16 and replaces `op`'s uses. The f32 initial
/// value is a `linalg.fill` of the widened value where `op`'s was a fill,
/// the widened initial tensor otherwise. Returns the truncation; fails
/// without touching the IR otherwise.
FailureOr<linalg::GenericOp> widenBf16Accumulator(RewriterBase &rewriter,
                                                  linalg::LinalgOp op);

/// widenBf16Accumulator on every op nested in `root` it applies to, each
/// with a remark when `remarks` is set. Returns the number of rewrites.
int64_t widenBf16Accumulators(RewriterBase &rewriter, Operation *root,
                              bool remarks);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_WIDENBF16ACCUMULATORS_H
