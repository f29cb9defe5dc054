//===- Passes.h - The GPU path's steps --------------------------*- C++ -*-===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_PASSES_H
#define ROLLER_CONVERSION_ROLLERTOGPU_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::roller {

#define GEN_PASS_DECL
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_PASSES_H
