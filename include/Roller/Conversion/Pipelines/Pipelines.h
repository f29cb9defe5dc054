//===- Pipelines.h - Every Roller pipeline ----------------------*- C++ -*-===//
//
// The one registry of Roller's pipelines: the CPU oracle, the GPU path to
// NVVM (what `--convert-to-nvvm` runs) and the compile pipelines that
// select and tile first. Tools, the C++ API, the plugin and the passes that
// run pipelines all build them here.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_PIPELINES_PIPELINES_H
#define ROLLER_CONVERSION_PIPELINES_PIPELINES_H

#include "Roller/Dialect/Roller/Transforms/Select.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// Where the host code keeps the buffers its kernels use.
enum class HostMemory {
  /// Device memory: the program allocates and frees its buffers, copies
  /// arguments and results at the function boundary, uploads constants
  /// once and runs each call's GPU work on one stream; host code may only
  /// copy the buffers' contents (`roller-stage-function-boundaries`,
  /// `roller-deallocate-host-buffers`, `roller-host-buffers-to-device`,
  /// `gpu-async-region`).
  Device,
  /// Managed memory (`gpu.alloc host_shared`), which host code may read
  /// and write, with synchronous launches (`roller-host-buffers-to-gpu`):
  /// what host fallback needs.
  Managed,
};

/// What the NVVM code generation takes (`--convert-to-nvvm`'s options).
struct NVVMOptions {
  /// Target chip; empty: the module's roller.device chip, else the default
  /// device's.
  std::string chip;
  /// gpu.binary format: isa (PTX text), bin or fatbin.
  std::string format = "isa";
  /// Let compute ops no rProgram covers run on the host (a warning each)
  /// instead of failing (roller-check-host-compute).
  bool allowHostFallback = false;
  /// `device`, `managed`, or empty: managed with `allowHostFallback`, else
  /// device.
  std::string hostMemory;
};

/// What the compile pipelines take: the selection, then the NVVM options.
struct CompileOptions {
  SelectionOptions select;
  NVVMOptions nvvm;
};

/// The `cubin-features` PTX version for a supported chip (sm_80, sm_86,
/// sm_89, sm_90, sm_90a), none for any other.
std::optional<std::string> getPtxFeaturesForChip(llvm::StringRef chip);

/// The host memory `options` asks for; fails with an error at `module` for
/// an unknown name, or for device memory with host fallback (host loops
/// cannot read device memory).
FailureOr<HostMemory> resolveHostMemory(ModuleOp module,
                                        const NVVMOptions &options);

/// The chip `--convert-to-nvvm` targets in `module`: `options.chip`, else
/// the module's roller.device chip, else the default device's. Fails with
/// an error at the module for an unsupported chip or an unknown format.
FailureOr<std::string> resolveNVVMChip(ModuleOp module,
                                       const NVVMOptions &options);

/// The start the CPU and GPU pipelines share: lower every rProgram to loops,
/// then one-shot bufferize with identity-layout function boundaries and
/// clean up the self-copies in-place insertions leave. With
/// `dropWorkgroupMemorySpace` (the CPU, which has one address space) the
/// staging buffers lose their workgroup memory space first; on the GPU
/// (`!dropWorkgroupMemorySpace`), threads sharing a reduction combine their
/// partial results within warps first (--roller-reduce-partials-in-warps).
void addRProgramLoweringAndBufferization(OpPassManager &pm,
                                         bool dropWorkgroupMemorySpace);

/// `roller-lower-to-cpu` (anchored on a module): rProgram lowering, then
/// exactly the structure the GPU path maps (foralls become sequential
/// loops), bufferized and lowered to the LLVM dialect so that `mlir-runner`
/// runs it: the CPU oracle. Functions may take and return tensors or
/// memrefs.
void buildRollerLowerToCPUPipeline(OpPassManager &pm);

/// The GPU path's first half: lowers rPrograms to loops, bufferizes, maps
/// the foralls to blocks, warps and threads, pipelines the shared-memory
/// staging (cp.async), puts shared tiles in workgroup memory, specializes
/// interior blocks and full reduction steps to static tiles, computes
/// tensor-core warp tiles with ldmatrix + mma.sync, keeps accumulators in
/// registers, outlines the kernels, places the host's buffers in
/// `hostMemory`, vectorizes the kernels' accesses, and records the kernels'
/// operands for the launch description (host and kernels on memrefs).
/// Compute ops left on the host are errors unless `allowHostFallback`.
void buildRollerGPUKernelPipeline(OpPassManager &pm,
                                  bool allowHostFallback = false,
                                  HostMemory hostMemory = HostMemory::Device);

/// The second half: unrolls the loops indexing private tiles, FMA
/// contraction in the kernels, then the passes of upstream's
/// gpu-lower-to-nvvm-pipeline (NVVM, host LLVM, gpu.binary serialization)
/// for `chip`, `features` and `format`, the kernels serialized in parallel
/// (roller-serialize-kernels in place of gpu-module-to-binary).
void buildRollerNVVMCodegenPipeline(OpPassManager &pm, llvm::StringRef chip,
                                    llvm::StringRef features,
                                    llvm::StringRef format);

/// Both halves (anchored on a module): what `--convert-to-nvvm` runs.
void buildRollerLowerToNVVMPipeline(OpPassManager &pm, llvm::StringRef chip,
                                    llvm::StringRef features,
                                    llvm::StringRef format,
                                    bool allowHostFallback = false,
                                    HostMemory hostMemory = HostMemory::Device);

/// Checks that every kernel's PTX (the `gpu.binary`s in assembly format)
/// defines every function it calls. Math functions lower to calls into
/// libdevice, which serialization links only when it finds the CUDA toolkit
/// (CUDA_ROOT, CUDA_HOME or CUDA_PATH); without it the PTX keeps `.extern
/// .func` declarations that no GPU loader can resolve. Reports each such
/// function at its `gpu.binary`. `--convert-to-nvvm` runs it last.
LogicalResult checkKernelCallsResolved(ModuleOp module);

/// The machine a pipeline lowers for.
enum class PipelineTarget { CPU, GPU };

/// Rejects, with an error at the op, input that Roller's lowering pipelines
/// are not built for and that upstream passes deep inside them would turn
/// into a late failure without a location or into IR that does not verify:
/// memory spaces other than the default and workgroup memory (private memory
/// too, for the GPU), linalg ops in a nested module (never lowered), GPU
/// code for the CPU oracle, and linalg ops inside an existing `gpu.func`.
/// `roller-lower-to-cpu` runs it first (roller-check-pipeline-input) and
/// `--convert-to-nvvm` before it builds its pipeline.
LogicalResult checkPipelineInput(ModuleOp module, PipelineTarget target);

/// `--roller-tile` with `options` (anchored on a module).
void buildRollerTilePipeline(OpPassManager &pm,
                             const SelectionOptions &options);

/// `--roller-tile` then `roller-lower-to-cpu` (registered as
/// `roller-compile-cpu`).
void buildRollerCompileCPUPipeline(OpPassManager &pm,
                                   const SelectionOptions &options);

/// `--roller-tile` then `--convert-to-nvvm` (registered as
/// `roller-compile-nvvm`).
void buildRollerCompileNVVMPipeline(OpPassManager &pm,
                                    const CompileOptions &options);

/// Registers `roller-lower-to-cpu`, `roller-compile-cpu` and
/// `roller-compile-nvvm` for `--pass-pipeline` strings.
void registerRollerPipelines();

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_PIPELINES_PIPELINES_H
