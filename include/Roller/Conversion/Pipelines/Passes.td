//===- Passes.td - Roller's pipelines as passes ------------*- tablegen -*-===//
//
// `--convert-to-nvvm` is a pass, not a registered pipeline, because its
// default chip comes from the module's `roller.device`: it builds the
// pipeline of Pipelines.h for the chip it finds and runs it.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_PIPELINES_PASSES_TD
#define ROLLER_CONVERSION_PIPELINES_PASSES_TD

include "mlir/Pass/PassBase.td"

// The NVVM options, spelled once: `--convert-to-nvvm` and the
// `roller-compile-nvvm` pipeline take them; in C++ they are `NVVMOptions`
// (Pipelines.h).
defvar RollerNVVMOptions = [
  Option<"chip", "chip", "std::string", /*default=*/"\"\"",
         "Target chip (default: the module's roller.device chip, else the "
         "default device's)">,
  Option<"format", "format", "std::string", /*default=*/"\"isa\"",
         "gpu.binary format: isa (PTX), bin or fatbin (these call ptxas)">,
  Option<"allowHostFallback", "allow-host-fallback", "bool",
         /*default=*/"false",
         "Let compute ops no rProgram covers run on the host (a warning "
         "each) instead of failing">,
  Option<"hostMemory", "host-memory", "std::string", /*default=*/"\"\"",
         "Where the host keeps the buffers kernels use: device (allocated "
         "and freed by the program, copies at the function boundary, "
         "constants uploaded once, one stream) or managed (host code may "
         "touch them); default: managed with allow-host-fallback, else "
         "device">
];

def RollerConvertToNVVMPass : Pass<"convert-to-nvvm", "::mlir::ModuleOp"> {
  let summary = "Lower rPrograms to host code plus a gpu.binary (NVVM/PTX)";
  let description = [{
    Runs `buildRollerLowerToNVVMPipeline` (Pipelines.h; stage by stage in
    docs/passes.md): `roller-lower-rprograms`; one-shot bufferization
    (identity layouts at function boundaries); `roller-map-forall-to-gpu`;
    `roller-pipeline-staging`; `roller-promote-workgroup-allocs`;
    `roller-specialize-full-tiles`; `roller-vectorize-mma`;
    `roller-hoist-accumulators`; `gpu-launch-sink-index-computations`;
    `roller-outline-kernels` (each kernel's `.maxnreg` from its config);
    `roller-deduplicate-kernels` (launches of identical kernels share one);
    with `host-memory=device` (the default without host fallback)
    `roller-stage-function-boundaries`, `roller-deallocate-host-buffers`,
    `roller-host-buffers-to-device` and upstream `gpu-async-region` (kernel
    buffers in device memory, freed after their last use, constants
    uploaded once, one stream per call), with `host-memory=managed`
    `roller-host-buffers-to-gpu` (managed memory the host may touch);
    `roller-mma-to-nvgpu`; `roller-vectorize-accesses`;
    `roller-extern-dynamic-shared-memory`; `convert-linalg-to-loops`,
    `lower-affine`; `roller-strip-attributes`;
    `roller-record-launch-operands`; `roller-unroll-register-tiles`;
    `roller-allow-fma-contraction`; and the passes of upstream's
    `gpu-lower-to-nvvm-pipeline` with `cubin-chip=<chip>`, `cubin-features`
    (+ptx80 for sm_90/sm_90a, +ptx78 for sm_89, +ptx71 for sm_86, +ptx70 for
    sm_80) and `cubin-format=<format>`, whose `gpu-module-to-binary` is
    replaced by `roller-serialize-kernels` (the same output, the kernel
    modules compiled in parallel) and run before `gpu-to-llvm`, whose greedy
    rewrite would otherwise simplify every kernel's CFG (minutes on a kernel
    of a few thousand blocks).

    * `chip`: empty means the chip of the module's `roller.device`, else of
      the default device (h200: sm_90); anything else than sm_80, sm_86,
      sm_89, sm_90, sm_90a is an error.
    * `format`: `isa` (PTX text in the `gpu.binary`), `bin` or `fatbin`
      (these call ptxas from PATH).

    The pass writes no files: `roller-opt --ptx-file=<path>` (or
    `writeKernelArtifacts` in C++) writes the PTX of the `gpu.binary`s and
    the launch description of the finished module.

    Tensor-core schedules (`mma`) need f16 or bf16 inputs and an sm_80+
    chip.
  }];
  let options = RollerNVVMOptions;
}

def RollerCheckPipelineInputPass
    : Pass<"roller-check-pipeline-input", "::mlir::ModuleOp"> {
  let summary = "Reject input the CPU or GPU lowering pipeline is not built for";
  let description = [{
    Runs `checkPipelineInput` (Pipelines.h): an error at each op whose input
    the lowering would otherwise break on late (upstream passes failing with
    no location, or output that does not verify), and the IR unchanged.
    Rejected: memref memory spaces other than the default and
    `#gpu.address_space<workgroup>` (`private` is also accepted for the
    GPU), `bufferization.alloc_tensor` with such a `memory_space`, linalg ops
    in a nested `builtin.module`, `tensor.dim` and `memref.dim` with a
    constant index outside the operand's rank (the verifiers accept a
    negative one, on which upstream's folding crashes), any `gpu` dialect op
    for the CPU, and linalg ops inside a `gpu.func` and kernel launch bounds
    that are not positive for the GPU.

    `roller-lower-to-cpu` runs it first with `target=cpu`;
    `--convert-to-nvvm` calls the check itself with `target=gpu`.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"cpu\"",
           "The pipeline's target: cpu or gpu">
  ];
}

#endif // ROLLER_CONVERSION_PIPELINES_PASSES_TD
