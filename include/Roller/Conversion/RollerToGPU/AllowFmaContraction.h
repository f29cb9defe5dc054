//===- AllowFmaContraction.h - fma in kernels -------------------*- C++ -*-===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_ALLOWFMACONTRACTION_H
#define ROLLER_CONVERSION_ROLLERTOGPU_ALLOWFMACONTRACTION_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Adds the `contract` fast-math flag to every floating-point arith op in
/// `root` (usually a `gpu.module` or a kernel), so that the NVPTX back end
/// fuses a multiply and the add that consumes it into one `fma`, as nvcc
/// does by default (`--fmad=true`): the fused result is rounded once, which
/// is at least as accurate. Returns the number of ops changed.
int64_t allowFmaContraction(RewriterBase &rewriter, Operation *root);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_ALLOWFMACONTRACTION_H
