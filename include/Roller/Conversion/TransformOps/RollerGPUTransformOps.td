//===- RollerGPUTransformOps.td - The GPU steps as transforms -*- tablegen -*-===//
//
// One transform op per step of the GPU path, each a few lines over the
// step's C++ entry point, so that a transform script can run Roller's GPU
// pipeline step by step (with upstream's ops and `apply_registered_pass`
// for the rest).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_TRANSFORMOPS_ROLLERGPUTRANSFORMOPS_TD
#define ROLLER_CONVERSION_TRANSFORMOPS_ROLLERGPUTRANSFORMOPS_TD

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Dialect/Transform/IR/TransformTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

// A GPU step applied to every op it works on inside (or at) each payload op
// of `target`: the same scope as its pass, which a script narrows by the
// ops it targets. Only reads the handle; modifies the payload. A step that
// fails reports its error at the payload op it failed on and is a definite
// failure (some steps fail after changing the IR).
class RollerGPUStepOp<string mnemonic, string what, string entryPoint,
                      string pass, string example>
    : Op<Transform_Dialect, "roller." # mnemonic, [
        DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
        TransformOpInterface, TransformEachOpTrait]> {
  let summary = what;
  let description = "Applies `" # entryPoint # "` (the step of `--" # pass #
    "`; see its header in include/Roller/Conversion/RollerToGPU) inside each "
    "payload op of `target`.\n\n"
    "#### Return modes\n\n"
    "Only reads the `target` handle and modifies the payload. The step's own "
    "error is reported at the payload op it failed on, and the failure is "
    "definite.\n\n"
    "Example:\n\n```mlir\n" # example # "\n```";
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs);
  let assemblyFormat = "$target attr-dict `:` type($target)";
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def RollerMapForallToGPUOp : RollerGPUStepOp<"map_forall_to_gpu",
    "Map the block foralls to gpu.launch", "mapForallToGPULaunch",
    "roller-map-forall-to-gpu",
    "transform.roller.map_forall_to_gpu %func : !transform.op<\"func.func\">">;

def RollerPipelineStagingOp : RollerGPUStepOp<"pipeline_staging",
    "Multi-stage cp.async staging in each launch", "pipelineStaging",
    "roller-pipeline-staging",
    "transform.roller.pipeline_staging %func : !transform.any_op">;

def RollerPromoteWorkgroupAllocsOp : RollerGPUStepOp<"promote_workgroup_allocs",
    "The launches' buffers to shared memory or allocas",
    "promoteWorkgroupAllocs", "roller-promote-workgroup-allocs",
    "transform.roller.promote_workgroup_allocs %func : !transform.any_op">;

def RollerSpecializeFullTilesOp : RollerGPUStepOp<"specialize_full_tiles",
    "Static tiles for interior blocks and full reduction steps",
    "specializeFullTiles", "roller-specialize-full-tiles",
    "transform.roller.specialize_full_tiles %func : !transform.any_op">;

def RollerVectorizeMmaOp : RollerGPUStepOp<"vectorize_mma",
    "Tensor-core warp tiles to mma-shaped vector.contract",
    "vectorizeMmaWarpTile", "roller-vectorize-mma",
    "transform.roller.vectorize_mma %func : !transform.any_op">;

def RollerHoistAccumulatorsOp : RollerGPUStepOp<"hoist_accumulators",
    "Thread tiles in private buffers across the reduction loops",
    "hoistAccumulators", "roller-hoist-accumulators",
    "transform.roller.hoist_accumulators %func : !transform.any_op">;

def RollerOutlineKernelsOp : RollerGPUStepOp<"outline_kernels",
    "Upstream kernel outlining that keeps the configs (modules only)",
    "LaunchConfigs", "roller-outline-kernels",
    "transform.roller.outline_kernels %module : !transform.any_op">;

def RollerHostBuffersToGPUOp : RollerGPUStepOp<"host_buffers_to_gpu",
    "Host buffers a kernel reads become managed memory",
    "makeHostBuffersDeviceAccessible", "roller-host-buffers-to-gpu",
    "transform.roller.host_buffers_to_gpu %module : !transform.any_op">;

def RollerStageFunctionBoundariesOp
    : RollerGPUStepOp<"stage_function_boundaries",
    "Copy the buffers crossing a host function's boundary that its kernels "
    "touch", "stageFunctionBoundaries", "roller-stage-function-boundaries",
    "transform.roller.stage_function_boundaries %module : !transform.any_op">;

def RollerHostBuffersToDeviceOp : RollerGPUStepOp<"host_buffers_to_device",
    "The kernels' buffers in device memory, constants uploaded once",
    "placeHostBuffersInDeviceMemory", "roller-host-buffers-to-device",
    "transform.roller.host_buffers_to_device %module : !transform.any_op">;

def RollerMmaToNVGPUOp : RollerGPUStepOp<"mma_to_nvgpu",
    "Warp contractions of the kernels to ldmatrix + mma.sync",
    "convertMmaToNVGPU", "roller-mma-to-nvgpu",
    "transform.roller.mma_to_nvgpu %gpu_module : !transform.any_op">;

def RollerVectorizeAccessesOp : RollerGPUStepOp<"vectorize_accesses",
    "Aligned vector accesses and cp.async in the kernels",
    "vectorizeKernelAccesses", "roller-vectorize-accesses",
    "transform.roller.vectorize_accesses %gpu_module : !transform.any_op">;

def RollerExternDynamicSharedMemoryOp
    : RollerGPUStepOp<"extern_dynamic_shared_memory",
    "Dynamic shared memory as an .extern .shared array",
    "externalizeDynamicSharedMemory", "roller-extern-dynamic-shared-memory",
    "transform.roller.extern_dynamic_shared_memory %gpu_module : !transform.any_op">;

def RollerRecordLaunchOperandsOp : RollerGPUStepOp<"record_launch_operands",
    "Record the kernels' operands for the launch description (modules only)",
    "recordLaunchOperands", "roller-record-launch-operands",
    "transform.roller.record_launch_operands %module : !transform.any_op">;

def RollerUnrollRegisterTilesOp : RollerGPUStepOp<"unroll_register_tiles",
    "Unroll the loops indexing thread-private tiles",
    "unrollRegisterTiles", "roller-unroll-register-tiles",
    "transform.roller.unroll_register_tiles %gpu_module {max_unrolled_ops = 20000} : !transform.any_op"> {
  let arguments = (ins TransformHandleTypeInterface:$target,
                       DefaultValuedAttr<I64Attr, "20000">:$max_unrolled_ops);
}

def RollerAllowFmaContractionOp : RollerGPUStepOp<"allow_fma_contraction",
    "Let float multiply-adds contract into fma", "allowFmaContraction",
    "roller-allow-fma-contraction",
    "transform.roller.allow_fma_contraction %gpu_module : !transform.any_op">;

def RollerCheckHostComputeOp : RollerGPUStepOp<"check_host_compute",
    "Report compute ops left on the host", "checkHostCompute",
    "roller-check-host-compute",
    "transform.roller.check_host_compute %func {allow_host_fallback = false} : !transform.any_op"> {
  let arguments = (ins TransformHandleTypeInterface:$target,
                       DefaultValuedAttr<BoolAttr, "false">:$allow_host_fallback);
}

#endif // ROLLER_CONVERSION_TRANSFORMOPS_ROLLERGPUTRANSFORMOPS_TD
