//===- Roller.h - The C++ API for embedding Roller --------------*- C++ -*-===//
//
// What a compiler that embeds Roller needs, in one header: registering the
// dialect, passes and pipelines with its own registry, choosing a
// #roller.config for one linalg op, rewriting one op into an rProgram, and
// building Roller's pipelines into an OpPassManager. The passes are thin
// wrappers around these functions. docs/api.md walks through them.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ROLLER_H
#define ROLLER_ROLLER_H

#include "Roller/Analysis/Device.h"
#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/IR/RollerOps.h"
#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"
#include "Roller/Dialect/Roller/Transforms/TileToRProgram.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"

#include <string>

namespace mlir::roller {

/// Adds the `roller` dialect and the transform-dialect extension to
/// `registry` (the dialects Roller's passes produce are loaded by the
/// passes themselves).
void registerRollerDialects(DialectRegistry &registry);

/// Registers every Roller pass (`--roller-select`, `--roller-tile`,
/// `--convert-to-nvvm`, ...) and pipeline (`roller-lower-to-cpu`,
/// `roller-compile-cpu`, `roller-compile-nvvm`) with the global registry,
/// so that `--pass-pipeline` strings can name them. Idempotent.
void registerRollerPassesAndPipelines();

/// Chooses the config of `op` on `device` (see chooseConfig) and attaches
/// it as `roller.config`. On failure the op is left unchanged.
llvm::Expected<ConfigAttr> selectAndAttachConfig(linalg::LinalgOp op,
                                                 const DeviceSpec &device,
                                                 int64_t rank = 1,
                                                 int64_t topK = 10);

/// Chooses a config for `op` (unless it already has one, which is used as
/// it is) and rewrites the op into a `roller.rprogram`. On failure the op
/// is left unchanged and the reason returned.
llvm::Expected<RProgramOp> selectAndTile(RewriterBase &rewriter,
                                         linalg::LinalgOp op,
                                         const DeviceSpec &device,
                                         int64_t rank = 1, int64_t topK = 10);

/// What the compile pipelines take: the selection (device, top-k, rank,
/// report, search) and, for NVVM, the chip, the gpu.binary format and the
/// PTX file, as `--roller-tile` and `--convert-to-nvvm` take them.
struct CompileOptions {
  SelectionOptions select;
  std::string chip;
  std::string format = "isa";
  std::string ptxFile;
};

/// `--roller-tile` with `options` (anchored on a module).
void buildRollerTilePipeline(OpPassManager &pm,
                             const SelectionOptions &options);

/// `--roller-tile` then `roller-lower-to-cpu`: LLVM-dialect IR that
/// `mlir-runner` runs (registered as `roller-compile-cpu`).
void buildRollerCompileCPUPipeline(OpPassManager &pm,
                                   const SelectionOptions &options);

/// `--roller-tile` then `--convert-to-nvvm`: host code and a gpu.binary
/// (registered as `roller-compile-nvvm`).
void buildRollerCompileNVVMPipeline(OpPassManager &pm,
                                    const CompileOptions &options);

} // namespace mlir::roller

#endif // ROLLER_ROLLER_H
