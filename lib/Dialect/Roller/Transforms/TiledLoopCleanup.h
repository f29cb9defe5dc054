//===- TiledLoopCleanup.h - Tidying after the rProgram tiling ---*- C++ -*-===//
//
// Private to the Transforms library: what --roller-lower-rprograms does to
// the IR upstream tiling leaves behind (index arithmetic to fold and
// deduplicate) and to what a failed lowering built (erased with the ops
// that only fed it).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_TILEDLOOPCLEANUP_H
#define ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_TILEDLOOPCLEANUP_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Erases `op` and, transitively, the ops that only fed it, so that a failed
/// lowering leaves the IR as it found it.
void eraseWithDeadProducers(RewriterBase &rewriter, Operation *op);

/// Folds and deduplicates the index arithmetic tiling leaves behind (repeated
/// affine.apply, tensor.dim of slices, affine.min/max chains) inside `root`,
/// and only there; loops, even of one iteration, stay. `root` itself is not
/// on the worklist: its results are not used yet, and it must not be erased
/// as dead.
void cleanUpTiledLoops(Operation *root);

} // namespace mlir::roller

#endif // ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_TILEDLOOPCLEANUP_H
