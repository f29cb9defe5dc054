//===- AccessBounds.h - rProgram accesses inside operands -------*- C++ -*-===//
//
// Part of the rProgram verifier (RollerOps.cpp), kept apart: the lowering
// cuts each access into a slice of the operand it loads from, and a slice
// before the operand's start or past its end crashes it.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_DIALECT_ROLLER_IR_ACCESSBOUNDS_H
#define ROLLER_LIB_DIALECT_ROLLER_IR_ACCESSBOUNDS_H

#include "Roller/Dialect/Roller/IR/RollerOps.h"

namespace mlir::roller {

/// Checks that every access of the operator `anchor` and of its `epilogues`
/// to the rProgram operands they load from stays inside them. The
/// operator's loops take their extents from the operand dimensions they
/// index directly (as linalg sizes its loops); an epilogue's are those of
/// the operator axes it walks. Emits an error at the compute op otherwise.
LogicalResult verifyAccessBounds(ComputeOp anchor,
                                 ArrayRef<ComputeOp> epilogues);

} // namespace mlir::roller

#endif // ROLLER_LIB_DIALECT_ROLLER_IR_ACCESSBOUNDS_H
