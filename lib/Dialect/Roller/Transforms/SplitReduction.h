//===- SplitReduction.h - Threads sharing a reduction -----------*- C++ -*-===//
//
// Private to the Transforms library: the thread level of an rProgram whose
// config splits the reduction over its block's threads (`reduce_threads`).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_SPLITREDUCTION_H
#define ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_SPLITREDUCTION_H

#include "TilingSteps.h"

#include "Roller/Dialect/Roller/IR/RollerAttrs.h"

namespace mlir::roller {

/// The loop `op` splits over threads sharing its reduction: its innermost
/// reduction loop.
std::optional<unsigned> getSplitReductionLoop(linalg::LinalgOp op);

/// Splits the innermost reduction loop of `op` (one block's tile in one
/// reduction step) over the `reduce_threads` threads of `config`, with
/// upstream partial-reduction tiling: an `scf.forall` over `#gpu.thread`
/// in which each thread reduces a contiguous chunk into its own slot of a
/// workgroup buffer of partial results (filled with the combiner's neutral
/// value), tiled further by `registers` (the thread tile's steps), then a
/// `linalg.reduce` (marked `roller.merge_partials`) that combines the slots
/// of each output into the block's accumulator, its outputs shared over the
/// threads. Replaces `op`; returns the merged values.
FailureOr<SmallVector<Value>>
splitReductionOverThreads(RewriterBase &rewriter, linalg::LinalgOp op,
                          ConfigAttr config, const TilingStep &registers);

/// How the threads sharing a reduction share its epilogue, whose loops run
/// along the operator's `axes`: a row epilogue that walks the split loop
/// `splitLoop` is split like the operator (each thread walks its chunk of
/// every row of the block); any other is shared as a copy of its block
/// tile is.
TilingStep getSplitEpilogueStep(ArrayRef<int64_t> axes, unsigned splitLoop,
                                ConfigAttr config);

} // namespace mlir::roller

#endif // ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_SPLITREDUCTION_H
