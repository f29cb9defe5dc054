//===- DropKeepdimUnits.h - Keepdim reductions without unit dims -*- C++ -*-=//
//
// torch's `sum(x, dim, keepdim=True)` (LayerNorm's mean and variance,
// softmax's max and sum) is a reduction whose output keeps the reduced axis
// as a unit dimension: output map `(d0, d1, d2) -> (d0, d1, 0)`, and the
// elementwise steps after it (the divide by the row length, the epsilon and
// rsqrt) run on that `2x16x1` tensor. Such consumers are not the
// reduction's epilogue: their loop over the unit axis is no axis of the
// reduction, and upstream consumer fusion needs projected permutations.
// Dropping the unit dimensions (upstream `linalg::dropUnitDims`) of the
// reduction and of the generic ops that read it makes the reduction write
// a `2x16` tensor that its consumers read through projected permutations:
// the reshapes between them cancel, and the epilogue fusion takes them.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_DROPKEEPDIMUNITS_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_DROPKEEPDIMUNITS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Whether `op` is a keepdim reduction: a generic op on tensors with
/// reduction loops and an output indexing map with a constant result.
bool isKeepdimReduction(linalg::GenericOp op);

/// Drops the unit dimensions of `op` and of its operands (upstream
/// `linalg::dropUnitDims` with reassociative reshapes: its operands are
/// collapsed, its results expanded back). Returns the new op; fails,
/// leaving the IR unchanged, when there is nothing to drop or when every
/// parallel loop would go (a reduction to one value, a 0-d op: neither is
/// scheduled).
FailureOr<linalg::GenericOp> dropKeepdimUnits(RewriterBase &rewriter,
                                              linalg::GenericOp op);

/// dropKeepdimUnits on every keepdim reduction in `root` and on every
/// generic op that reads the result of one already rewritten (transitively,
/// in program order), then folds the reshape pairs this leaves between
/// them. Returns the number of ops rewritten.
int64_t dropKeepdimUnitsEverywhere(RewriterBase &rewriter, Operation *root);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_DROPKEEPDIMUNITS_H
