// --convert-to-nvvm for sm_90 as a transform script: Roller's GPU steps as
// transform.roller.* ops, upstream's passes through apply_registered_pass,
// in the order of buildRollerLowerToNVVMPipeline (Pipelines.cpp). The kernels
// are serialized by upstream's gpu-lower-to-nvvm-pipeline, one after the
// other: the pipeline's parallel roller-serialize-kernels writes the same
// when LLVM's -nvptx-short-ptr is given on the command line (which
// roller-serialize-kernels sets while it serializes).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %f0 = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %f1 = transform.apply_registered_pass "roller-lower-rprograms" to %f0 : (!transform.any_op) -> !transform.any_op
    %f2 = transform.apply_registered_pass "roller-reduce-partials-in-warps" to %f1 : (!transform.any_op) -> !transform.any_op
    %m0 = transform.apply_registered_pass "one-shot-bufferize"
        with options = { "bufferize-function-boundaries" = true,
                         "function-boundary-type-conversion" = "identity-layout-map" }
        to %root : (!transform.any_op) -> !transform.any_op
    %m1 = transform.apply_registered_pass "cse" to %m0 : (!transform.any_op) -> !transform.any_op
    %m2 = transform.apply_registered_pass "canonicalize" to %m1 : (!transform.any_op) -> !transform.any_op

    %funcs = transform.structured.match ops{["func.func"]} in %m2 : (!transform.any_op) -> !transform.any_op
    transform.roller.map_forall_to_gpu %funcs : !transform.any_op
    transform.roller.check_host_compute %funcs : !transform.any_op
    transform.roller.pipeline_staging %funcs : !transform.any_op
    transform.roller.promote_workgroup_allocs %funcs : !transform.any_op
    transform.roller.specialize_full_tiles %funcs : !transform.any_op
    %m3 = transform.apply_registered_pass "canonicalize" to %m2 : (!transform.any_op) -> !transform.any_op
    %funcs2 = transform.structured.match ops{["func.func"]} in %m3 : (!transform.any_op) -> !transform.any_op
    transform.roller.vectorize_mma %funcs2 : !transform.any_op
    transform.roller.hoist_accumulators %funcs2 : !transform.any_op
    %m4 = transform.apply_registered_pass "gpu-launch-sink-index-computations" to %m3 : (!transform.any_op) -> !transform.any_op
    transform.roller.outline_kernels %m4 : !transform.any_op
    %m4d = transform.apply_registered_pass "roller-deduplicate-kernels" to %m4 : (!transform.any_op) -> !transform.any_op
    transform.roller.stage_function_boundaries %m4d : !transform.any_op
    %m4a = transform.apply_registered_pass "roller-deallocate-host-buffers" to %m4d : (!transform.any_op) -> !transform.any_op
    transform.roller.host_buffers_to_device %m4a : !transform.any_op
    %host = transform.structured.match ops{["func.func"]} in %m4a : (!transform.any_op) -> !transform.any_op
    %host2 = transform.apply_registered_pass "gpu-async-region" to %host : (!transform.any_op) -> !transform.any_op

    %kernels = transform.structured.match ops{["gpu.module"]} in %m4a : (!transform.any_op) -> !transform.any_op
    transform.roller.mma_to_nvgpu %kernels : !transform.any_op
    transform.roller.vectorize_accesses %kernels : !transform.any_op
    transform.roller.extern_dynamic_shared_memory %kernels : !transform.any_op
    %kernels1 = transform.apply_registered_pass "roller-expand-subgroup-reduces" to %kernels : (!transform.any_op) -> !transform.any_op
    %m5 = transform.apply_registered_pass "convert-linalg-to-loops" to %m4a : (!transform.any_op) -> !transform.any_op
    %m6 = transform.apply_registered_pass "lower-affine" to %m5 : (!transform.any_op) -> !transform.any_op
    %m7 = transform.apply_registered_pass "canonicalize" to %m6 : (!transform.any_op) -> !transform.any_op
    %m8 = transform.apply_registered_pass "cse" to %m7 : (!transform.any_op) -> !transform.any_op
    %m9 = transform.apply_registered_pass "roller-strip-attributes" to %m8 : (!transform.any_op) -> !transform.any_op
    transform.roller.record_launch_operands %m9 : !transform.any_op

    %kernels2 = transform.structured.match ops{["gpu.module"]} in %m9 : (!transform.any_op) -> !transform.any_op
    transform.roller.unroll_register_tiles %kernels2 : !transform.any_op
    %m10 = transform.apply_registered_pass "canonicalize" to %m9 : (!transform.any_op) -> !transform.any_op
    %m11 = transform.apply_registered_pass "cse" to %m10 : (!transform.any_op) -> !transform.any_op
    %kernels3 = transform.structured.match ops{["gpu.module"]} in %m11 : (!transform.any_op) -> !transform.any_op
    transform.roller.allow_fma_contraction %kernels3 : !transform.any_op
    %kernels4 = transform.structured.match ops{["gpu.module"]} in %m11 : (!transform.any_op) -> !transform.any_op
    %e0 = transform.apply_registered_pass "expand-strided-metadata" to %kernels4 : (!transform.any_op) -> !transform.any_op
    %e1 = transform.apply_registered_pass "lower-affine" to %e0 : (!transform.any_op) -> !transform.any_op
    %e2 = transform.apply_registered_pass "canonicalize" to %e1 : (!transform.any_op) -> !transform.any_op
    %e3 = transform.apply_registered_pass "cse" to %e2 : (!transform.any_op) -> !transform.any_op
    %n0 = transform.apply_registered_pass "int-range-optimizations" to %e3 : (!transform.any_op) -> !transform.any_op
    %n1 = transform.apply_registered_pass "roller-narrow-loop-indices" to %n0 : (!transform.any_op) -> !transform.any_op
    %n2 = transform.apply_registered_pass "arith-int-range-narrowing"
        with options = { "int-bitwidths-supported" = [32] }
        to %n1 : (!transform.any_op) -> !transform.any_op
    %n3 = transform.apply_registered_pass "canonicalize" to %n2 : (!transform.any_op) -> !transform.any_op
    %n4 = transform.apply_registered_pass "cse" to %n3 : (!transform.any_op) -> !transform.any_op
    %m12 = transform.apply_registered_pass "gpu-lower-to-nvvm-pipeline"
        with options = { "cubin-chip" = "sm_90", "cubin-features" = "+ptx80",
                         "cubin-format" = "isa" }
        to %m11 : (!transform.any_op) -> !transform.any_op
    %m13 = transform.apply_registered_pass "roller-register-device-constants-destructor" to %m12 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
