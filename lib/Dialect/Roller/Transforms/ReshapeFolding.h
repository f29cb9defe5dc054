//===- ReshapeFolding.h - Folding the reshapes a rewrite left ---*- C++ -*-===//
//
// Private to the Transforms library: the rewrites that change an op's rank
// (roller-drop-keepdim-units, roller-add-unit-parallel-loop,
// roller-collapse-through-reshapes, and the collapse of reduction loops)
// leave reshapes around it, which fold with the reshapes, fills and empty
// tensors they meet.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_RESHAPEFOLDING_H
#define ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_RESHAPEFOLDING_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Operation.h"

namespace mlir::roller {

/// Folds the ops listed, and only those and what the folding creates, with
/// upstream's canonicalizations of tensor.collapse_shape,
/// tensor.expand_shape and linalg.fill and its folding of reshaped empty
/// tensors: a reshape of a reshape with the inverse reassociation is its
/// source, a reshaped fill (a reduction's initial value) a fill of the
/// reshaped tensor, which the lowering still finds as the output's fill.
/// Listed ops left dead (the fill or expansion a reshape folded into) are
/// erased: a dead op would still be scheduled, or count as its producer's
/// user.
void foldReshapes(ArrayRef<Operation *> ops);

/// Whether every static operand of `op` is within the limits the selection
/// schedules (Limits.h). The rank-changing rewrites leave larger ops as they
/// are: reshapes multiply the extents they merge, past 64 bits (a full
/// reduction of 2^62 x 14 elements collapsed to a `tensor<?xf32>`, which
/// `--roller-lower-to-cpu` crashed on: the fuzzer's seed 31).
bool hasOperandsWithinLimits(linalg::LinalgOp op);

} // namespace mlir::roller

#endif // ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_RESHAPEFOLDING_H
