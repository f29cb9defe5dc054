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

/// The start the CPU and GPU pipelines share: lower every rProgram to loops,
/// then one-shot bufferize with identity-layout function boundaries and
/// clean up the self-copies in-place insertions leave. With
/// `dropWorkgroupMemorySpace` (the CPU, which has one address space) the
/// staging buffers lose their workgroup memory space first.
void addRProgramLoweringAndBufferization(OpPassManager &pm,
                                         bool dropWorkgroupMemorySpace);

/// Registers `--roller-lower-to-cpu`.
void registerRollerPipelines();

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_PIPELINES_H
