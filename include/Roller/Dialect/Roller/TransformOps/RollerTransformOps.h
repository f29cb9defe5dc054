//===- RollerTransformOps.h - Transform dialect ops for Roller --*- C++ -*-===//
//
// transform.roller.select and transform.roller.tile: Roller's selection and
// rProgram construction applied to transform handles, so that transform
// scripts can combine Roller with upstream transforms.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMOPS_ROLLERTRANSFORMOPS_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMOPS_ROLLERTRANSFORMOPS_H

#include "Roller/Dialect/Roller/Transforms/Select.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Transform/IR/TransformTypes.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/OpImplementation.h"

#define GET_OP_CLASSES
#include "Roller/Dialect/Roller/TransformOps/RollerTransformOps.h.inc"

namespace mlir {
class DialectRegistry;

namespace roller {
/// Registers the transform dialect extension that holds Roller's transform
/// ops (and loads the dialects they create payload ops of).
void registerRollerTransformExtension(DialectRegistry &registry);
} // namespace roller
} // namespace mlir

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMOPS_ROLLERTRANSFORMOPS_H
