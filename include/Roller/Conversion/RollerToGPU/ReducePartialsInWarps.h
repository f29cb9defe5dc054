//===- ReducePartialsInWarps.h - Shuffles for split reductions -*- C++ -*-===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_REDUCEPARTIALSINWARPS_H
#define ROLLER_CONVERSION_ROLLERTOGPU_REDUCEPARTIALSINWARPS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Rewrites the partial results that `merge` (a `linalg.reduce` marked
/// `roller.merge_partials`, on tensors) combines: each thread of the
/// `scf.forall` that writes them first combines its values with its warp's
/// other lanes (`gpu.subgroup_reduce`), and `merge` then reads one slot per
/// warp of `warpSize` lanes. Fails, changing nothing, where the structure
/// is not the one `--roller-lower-rprograms` builds, the threads are not
/// whole warps, or the combiner is not one `gpu.subgroup_reduce` knows.
LogicalResult reducePartialsInWarps(RewriterBase &rewriter,
                                    linalg::ReduceOp merge, int64_t warpSize);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_REDUCEPARTIALSINWARPS_H
