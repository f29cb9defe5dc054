//===- RollerOps.h - Operations of the roller dialect -----------*- C++ -*-===//

#ifndef ROLLER_DIALECT_ROLLER_IR_ROLLEROPS_H
#define ROLLER_DIALECT_ROLLER_IR_ROLLEROPS_H

#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/IR/RollerTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "Roller/Dialect/Roller/IR/RollerOps.h.inc"

#endif // ROLLER_DIALECT_ROLLER_IR_ROLLEROPS_H
