//===- Roller.h - The C++ API for embedding Roller --------------*- C++ -*-===//
//
// What a compiler that embeds Roller needs, in one header: registering the
// dialect, passes and pipelines with its own registry, choosing a
// #roller.config for one linalg op, rewriting one op into an rProgram,
// building Roller's pipelines into an OpPassManager (Pipelines.h) and
// writing the kernels of a finished module (KernelArtifacts.h). Each GPU
// step has its own entry point in include/Roller/Conversion/RollerToGPU.
// docs/api.md walks through them.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ROLLER_H
#define ROLLER_ROLLER_H

#include "Roller/Analysis/Device.h"
#include "Roller/Conversion/Pipelines/Pipelines.h"
#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/IR/RollerOps.h"
#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"
#include "Roller/Dialect/Roller/Transforms/TileToRProgram.h"
#include "Roller/Target/KernelArtifacts.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"

#include <string>

namespace mlir::roller {

/// Adds the `roller` dialect and the transform-dialect extensions (the
/// selection and tiling ops, the GPU steps' ops) to `registry` (the
/// dialects Roller's passes produce are loaded by the passes themselves).
void registerRollerDialects(DialectRegistry &registry);

/// Registers every Roller pass (`--roller-select`, `--roller-tile`,
/// `--convert-to-nvvm`, ...) and pipeline (`roller-lower-to-cpu`,
/// `roller-compile-cpu`, `roller-compile-nvvm`) with the global registry,
/// so that `--pass-pipeline` strings can name them. Idempotent.
void registerRollerPassesAndPipelines();

/// Chooses the config of `op` on `device` (see chooseConfig) and attaches
/// it as `roller.config`. On failure the op is left unchanged.
llvm::Expected<ConfigAttr>
selectAndAttachConfig(linalg::LinalgOp op, const DeviceSpec &device,
                      int64_t rank = SelectionOptions::kDefaultRank,
                      int64_t topK = SelectionOptions::kDefaultTopK);

/// Chooses a config for `op` (unless it already has one, which is used as
/// it is) and rewrites the op into a `roller.rprogram`. On failure the op
/// is left unchanged and the reason returned.
llvm::Expected<RProgramOp>
selectAndTile(RewriterBase &rewriter, linalg::LinalgOp op,
              const DeviceSpec &device,
              int64_t rank = SelectionOptions::kDefaultRank,
              int64_t topK = SelectionOptions::kDefaultTopK);

} // namespace mlir::roller

#endif // ROLLER_ROLLER_H
