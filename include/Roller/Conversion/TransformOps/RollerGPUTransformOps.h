//===- RollerGPUTransformOps.h - The GPU steps as transforms ----*- C++ -*-===//
//
// transform.roller.map_forall_to_gpu, ..., transform.roller.
// allow_fma_contraction: each step of the GPU path on transform handles.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_TRANSFORMOPS_ROLLERGPUTRANSFORMOPS_H
#define ROLLER_CONVERSION_TRANSFORMOPS_ROLLERGPUTRANSFORMOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Transform/IR/TransformTypes.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/OpImplementation.h"

#define GET_OP_CLASSES
#include "Roller/Conversion/TransformOps/RollerGPUTransformOps.h.inc"

namespace mlir {
class DialectRegistry;

namespace roller {
/// Registers the transform dialect extension that holds the GPU steps'
/// transform ops (and loads the dialects they create payload ops of).
void registerRollerGPUTransformExtension(DialectRegistry &registry);
} // namespace roller
} // namespace mlir

#endif // ROLLER_CONVERSION_TRANSFORMOPS_ROLLERGPUTRANSFORMOPS_H
