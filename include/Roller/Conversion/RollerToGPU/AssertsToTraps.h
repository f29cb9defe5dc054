//===- AssertsToTraps.h - cf.assert in kernels ------------------*- C++ -*-===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_ASSERTSTOTRAPS_H
#define ROLLER_CONVERSION_ROLLERTOGPU_ASSERTSTOTRAPS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Rewrites every `cf.assert` in `root` (usually a `gpu.module`) into an
/// `scf.if` of the negated condition holding `llvm.intr.trap`: the kernel
/// stops where the check fails, as the assert would, with no call out of
/// the kernel. Returns the number of asserts rewritten.
int64_t assertsToTraps(RewriterBase &rewriter, Operation *root);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_ASSERTSTOTRAPS_H
