//===- Pipelines.h - Roller pass pipelines ----------------------*- C++ -*-===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_PIPELINES_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_PIPELINES_H

#include "mlir/Pass/PassManager.h"

namespace mlir::roller {

/// Adds the CPU oracle pipeline to `pm` (anchored on a module): rProgram
/// lowering, then exactly the structure the GPU path maps (foralls become
/// sequential loops), bufferized and lowered to the LLVM dialect so that
/// `mlir-runner` can run it. Modules whose functions take and return tensors
/// or memrefs are accepted; printing through `printMemrefF32` works on
/// tensors cast to `tensor<*xf32>`.
void buildRollerLowerToCPUPipeline(OpPassManager &pm);

/// Registers `--roller-lower-to-cpu`.
void registerRollerPipelines();

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_PIPELINES_H
