//===- UnrollRegisterTiles.h - Constant indices into tiles ------*- C++ -*-===//
//
// A thread-private tile (`memref.alloca`) stays in registers only when
// LLVM's SROA sees every index into it as a constant: the loops indexing it
// are unrolled.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_UNROLLREGISTERTILES_H
#define ROLLER_CONVERSION_ROLLERTOGPU_UNROLLREGISTERTILES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Fully unrolls, innermost first, the `scf.for` loops of `kernel` whose
/// induction variables flow into the indices of a `memref.load`/`store` or
/// `vector.load`/`store` of a `memref.alloca` (or a view of one), when
/// their trip count is constant and the unrolled body has at most
/// `maxUnrolledOps` operations. Precondition: linalg ops are lowered to
/// loops. A loop that cannot be unrolled stays a loop (its tile then goes
/// to local memory, which `ptxas -v` reports as a stack frame). Returns the
/// number of loops unrolled.
int64_t unrollRegisterTiles(RewriterBase &rewriter, gpu::GPUFuncOp kernel,
                            int64_t maxUnrolledOps);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_UNROLLREGISTERTILES_H
