//===- RollerDialect.h - The roller dialect ---------------------*- C++ -*-===//

#ifndef ROLLER_DIALECT_ROLLER_IR_ROLLERDIALECT_H
#define ROLLER_DIALECT_ROLLER_IR_ROLLERDIALECT_H

#include "mlir/IR/Dialect.h"

#include "Roller/Dialect/Roller/IR/RollerDialect.h.inc"

#endif // ROLLER_DIALECT_ROLLER_IR_ROLLERDIALECT_H
