//===- RollerAttrs.h - Attributes of the roller dialect ---------*- C++ -*-===//

#ifndef ROLLER_DIALECT_ROLLER_IR_ROLLERATTRS_H
#define ROLLER_DIALECT_ROLLER_IR_ROLLERATTRS_H

#include "Roller/Analysis/Device.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "Roller/Dialect/Roller/IR/RollerEnums.h.inc"

namespace mlir::roller {

/// Parses `[a, b, ...]` (possibly `[]`).
FailureOr<SmallVector<int64_t>> parseI64Array(AsmParser &parser);
/// Prints `[a, b, ...]`.
void printI64Array(AsmPrinter &printer, ArrayRef<int64_t> values);
/// Parses `true` or `false`.
FailureOr<bool> parseBool(AsmParser &parser);
/// Parses a real number (integer literals are accepted).
FailureOr<llvm::APFloat> parseF64(AsmParser &parser);
/// Prints the shortest decimal that parses back to the same double.
void printF64(AsmPrinter &printer, const llvm::APFloat &value);

/// The analysis core's level kind for a dialect memory level (same order).
inline MemLevelKind toMemLevelKind(MemoryLevel level) {
  return static_cast<MemLevelKind>(static_cast<uint32_t>(level));
}
inline MemoryLevel toMemoryLevel(MemLevelKind kind) {
  return static_cast<MemoryLevel>(static_cast<uint32_t>(kind));
}

} // namespace mlir::roller

#define GET_ATTRDEF_CLASSES
#include "Roller/Dialect/Roller/IR/RollerAttrs.h.inc"

#endif // ROLLER_DIALECT_ROLLER_IR_ROLLERATTRS_H
