//===- RollerTypes.h - Types of the roller dialect --------------*- C++ -*-===//

#ifndef ROLLER_DIALECT_ROLLER_IR_ROLLERTYPES_H
#define ROLLER_DIALECT_ROLLER_IR_ROLLERTYPES_H

#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "Roller/Dialect/Roller/IR/RollerTypes.h.inc"

#endif // ROLLER_DIALECT_ROLLER_IR_ROLLERTYPES_H
