//===- GPUPipeline.h - The NVVM lowering pipeline ---------------*- C++ -*-===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_GPUPIPELINE_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_GPUPIPELINE_H

#include "mlir/Pass/PassManager.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// The alignment, in bytes, the kernels assume of every buffer the host
/// passes them (its aligned pointer): what 16-byte vector accesses need.
/// `cudaMalloc` gives 256; the launch description records it per buffer.
constexpr int64_t kKernelBufferAlignment = 16;

/// The `cubin-features` PTX version for a supported chip (sm_80, sm_86,
/// sm_89, sm_90, sm_90a), none for any other.
std::optional<std::string> getPtxFeaturesForChip(llvm::StringRef chip);

/// The first half: lowers rPrograms to loops, bufferizes, maps the foralls
/// to blocks, warps and threads, pipelines the shared-memory staging over
/// the config's stages (cp.async), puts shared tiles in workgroup memory,
/// specializes interior blocks and full reduction steps to static tiles,
/// computes tensor-core warp tiles with ldmatrix + mma.sync, keeps
/// accumulators in registers across the reduction loops, outlines the
/// kernels, makes the host's buffers managed memory a kernel can access
/// (`gpu.alloc host_shared`) and vectorizes the kernels' copies (host and
/// kernels still on memrefs).
void buildRollerGPUKernelPipeline(OpPassManager &pm);

/// The second half: unrolls the loops indexing private tiles, FMA
/// contraction in the kernels, then upstream's
/// gpu-lower-to-nvvm-pipeline (NVVM, host LLVM, gpu.binary serialization).
void buildRollerNVVMCodegenPipeline(OpPassManager &pm, llvm::StringRef chip,
                                    llvm::StringRef features,
                                    llvm::StringRef format);

/// Adds everything `--convert-to-nvvm` runs (both halves, anchored on a
/// module) for the given chip, features and gpu.binary format.
void buildRollerLowerToNVVMPipeline(OpPassManager &pm, llvm::StringRef chip,
                                    llvm::StringRef features,
                                    llvm::StringRef format);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_GPUPIPELINE_H
