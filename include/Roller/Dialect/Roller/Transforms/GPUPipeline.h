//===- GPUPipeline.h - The NVVM lowering pipeline ---------------*- C++ -*-===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_GPUPIPELINE_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_GPUPIPELINE_H

#include "mlir/Pass/PassManager.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// The `cubin-features` PTX version for a supported chip (sm_80, sm_86,
/// sm_89, sm_90, sm_90a), none for any other.
std::optional<std::string> getPtxFeaturesForChip(llvm::StringRef chip);

/// Adds everything `--convert-to-nvvm` runs (anchored on a module) for the
/// given chip, features and gpu.binary format.
void buildRollerLowerToNVVMPipeline(OpPassManager &pm, llvm::StringRef chip,
                                    llvm::StringRef features,
                                    llvm::StringRef format);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_GPUPIPELINE_H
