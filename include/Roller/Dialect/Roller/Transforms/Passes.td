//===- Passes.td - Passes of the roller dialect ------------*- tablegen -*-===//
//
// The dialect-level passes: the device, the selection, the rProgram rewrite
// and its lowering to loops (shared by the CPU oracle and the GPU path). The
// GPU path itself is in include/Roller/Conversion.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD

include "Roller/Dialect/Roller/Transforms/SelectionPasses.td"
include "Roller/Dialect/Roller/Transforms/GraphPasses.td"
include "Roller/Dialect/Roller/Transforms/ContractionPasses.td"
include "Roller/Dialect/Roller/Transforms/ReductionPasses.td"
include "Roller/Dialect/Roller/Transforms/RProgramPasses.td"

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD
