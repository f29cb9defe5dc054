//===- AddUnitParallelLoop.h - A parallel loop for ops without one -*- C++ -*-//
//
// A reduction to a single value (torch's `x.sum()`, `x.mean()`, a loss) and
// an elementwise op on 0-d tensors (the divide of that mean) have no
// parallel loop: no block or thread tile can be chosen for them, so the
// selection leaves them out and they would run on the host. Given one
// parallel loop of extent 1, they are ordinary schedules: the reduction's
// single row is shared by a block's threads and split across blocks where
// the SMs would idle, and the 0-d divide becomes its epilogue.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_ADDUNITPARALLELLOOP_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_ADDUNITPARALLELLOOP_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Rewrites `op`, a linalg op on static tensors with no parallel loop, as a
/// `linalg.generic` with a parallel loop of extent 1 in front of its loops.
/// Every tensor operand read at a single element (0-d, or unit dimensions
/// indexed by constants) becomes a 1-element 1-D tensor indexed by the new
/// loop; the results are reshaped back. Returns the new op; fails, leaving
/// the IR unchanged, when `op` has a parallel loop, is not on static
/// tensors or has a user's `roller.config` (which names its loops).
FailureOr<linalg::GenericOp> addUnitParallelLoop(RewriterBase &rewriter,
                                                 linalg::LinalgOp op);

/// addUnitParallelLoop on every linalg op of `root` it applies to, then
/// folds the reshape pairs this leaves between them and fills of the
/// reshaped initial values. Returns the number of ops rewritten.
int64_t addUnitParallelLoops(RewriterBase &rewriter, Operation *root);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_ADDUNITPARALLELLOOP_H
