//===- Passes.h - Passes of the roller dialect ------------------*- C++ -*-===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_H

#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/FoldConstants.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::roller {

#define GEN_PASS_DECL
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"

/// A remark at `op`'s location, without MLIR's "see current operation"
/// note: that note prints the op with the value names of its whole
/// function, so a remark per op made selection quadratic in the module's
/// size (2000 ops: 24 s). An op without a location keeps the note, which is
/// then all that tells where it is.
inline InFlightDiagnostic emitRemarkAtLoc(Operation *op) {
  if (isa<UnknownLoc>(op->getLoc()))
    return op->emitRemark();
  return mlir::emitRemark(op->getLoc());
}

/// `--roller-tile` with the selection options of the C++ API.
std::unique_ptr<Pass> createRollerTilePass(const SelectionOptions &options);

#define GEN_PASS_REGISTRATION
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_H
