//===- Passes.h - Roller's pipelines as passes ------------------*- C++ -*-===//

#ifndef ROLLER_CONVERSION_PIPELINES_PASSES_H
#define ROLLER_CONVERSION_PIPELINES_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::roller {

#define GEN_PASS_DECL
#include "Roller/Conversion/Pipelines/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Roller/Conversion/Pipelines/Passes.h.inc"

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_PIPELINES_PASSES_H
