//===- Passes.td - The GPU path's steps ---------------------*- tablegen -*-===//
//
// From the bufferized loops of rPrograms to kernels ready for upstream's
// NVVM lowering: one pass per step, each a thin wrapper of the C++ entry
// point declared in the header named after it (RollerToGPU/<Step>.h).
// `--convert-to-nvvm` (Conversion/Pipelines) runs them in order.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_PASSES_TD
#define ROLLER_CONVERSION_ROLLERTOGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

include "Roller/Conversion/RollerToGPU/LaunchPasses.td"
include "Roller/Conversion/RollerToGPU/KernelPasses.td"
include "Roller/Conversion/RollerToGPU/KernelArithPasses.td"

#endif // ROLLER_CONVERSION_ROLLERTOGPU_PASSES_TD
