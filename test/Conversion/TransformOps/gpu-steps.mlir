// RUN: roller-opt %s --split-input-file --verify-diagnostics \
// RUN:   --transform-interpreter | FileCheck %s

// Each transform.roller.* GPU op runs its step's entry point on the payload
// ops its handle names (and inside them); the steps' own behaviour is tested
// with their passes in test/Conversion/RollerToGPU.

// map_forall_to_gpu: the block forall of the matched function becomes a
// gpu.launch; the other function is not touched.
// CHECK-LABEL: func.func @mapped
// CHECK: gpu.launch
// CHECK-NOT: scf.forall
// CHECK-LABEL: func.func @untouched
// CHECK-NOT: gpu.launch
// CHECK: scf.forall
#cfg = #roller.config<block = <shared, [32]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2], predicted_us = 0.0, bottleneck = global, max_regs = 64>
module attributes {transform.with_named_sequence} {
  func.func @mapped(%arg0: memref<64xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    scf.forall (%i) = (0) to (64) step (32) {
      scf.forall (%t) in (32) {
        %j = arith.addi %i, %t : index
        memref.store %cst, %arg0[%j] : memref<64xf32>
      } {mapping = [#gpu.thread<linear_dim_0>]}
    } {mapping = [#gpu.block<linear_dim_0>], roller.config = #cfg}
    return
  }
  func.func @untouched(%arg0: memref<64xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    scf.forall (%i) = (0) to (64) step (32) {
      scf.forall (%t) in (32) {
        %j = arith.addi %i, %t : index
        memref.store %cst, %arg0[%j] : memref<64xf32>
      } {mapping = [#gpu.thread<linear_dim_0>]}
    } {mapping = [#gpu.block<linear_dim_0>], roller.config = #cfg}
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %f = transform.structured.match ops{["func.func"]} attributes{sym_name = "mapped"} in %root : (!transform.any_op) -> !transform.any_op
    transform.roller.map_forall_to_gpu %f : !transform.any_op
    transform.yield
  }
}

// -----

// A step's error is reported at the payload op and fails the script
// (definitely: the payload may be half rewritten).
#cfg = #roller.config<block = <shared, [32]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2], predicted_us = 0.0, bottleneck = global, max_regs = 64>
module attributes {transform.with_named_sequence} {
  func.func @not_bufferized(%t: tensor<64xf32>) -> tensor<64xf32> {
    // expected-error @+1 {{block forall is not bufferized}}
    %r = scf.forall (%i) = (0) to (64) step (32) shared_outs(%o = %t) -> tensor<64xf32> {
      %s = tensor.extract_slice %o[%i] [32] [1] : tensor<64xf32> to tensor<32xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %s into %o[%i] [32] [1] : tensor<32xf32> into tensor<64xf32>
      }
    } {mapping = [#gpu.block<linear_dim_0>], roller.config = #cfg}
    return %r : tensor<64xf32>
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.roller.map_forall_to_gpu %f : !transform.any_op
    transform.yield
  }
}

// -----

// outline_kernels and record_launch_operands act on a builtin.module; any
// other payload is a silenceable error at the transform op.
module attributes {transform.with_named_sequence} {
  func.func @f() {
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a builtin.module (outlining adds gpu.modules to it), got 'func.func'}}
    transform.roller.outline_kernels %f : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @f() {
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a builtin.module, got 'func.func'}}
    transform.roller.record_launch_operands %f : !transform.any_op
    transform.yield
  }
}

// -----

// A silenceable error can be suppressed: the script goes on, the payload is
// left as it was.
// CHECK-LABEL: func.func @kept
// CHECK-NEXT: return
module attributes {transform.with_named_sequence} {
  func.func @kept() {
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%m: !transform.any_op):
      %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
      transform.roller.outline_kernels %f : !transform.any_op
    }
    transform.yield
  }
}

// -----

// record_launch_operands on the module, unroll_register_tiles (with its
// budget) and allow_fma_contraction on the gpu.module.
// CHECK: module attributes {gpu.container_module, roller.launch_operands = [
// CHECK-SAME: {kernel = "@kernels::@k", operands = [{align = 16 : i64, func_arg = 0 : i64, type = memref<8xf32>}]}
// CHECK-LABEL: gpu.func @k
// CHECK-NOT: scf.for
// CHECK-COUNT-4: arith.addf %{{.+}}, %{{.+}} fastmath<contract> : f32
// CHECK-LABEL: func.func @host
// CHECK: arith.mulf %{{.+}}, %{{.+}} : f32
module attributes {gpu.container_module, transform.with_named_sequence} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<8xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %one = arith.constant 1.0 : f32
      %regs = memref.alloca() : memref<4xf32>
      scf.for %i = %c0 to %c4 step %c1 {
        %x = memref.load %regs[%i] : memref<4xf32>
        %y = arith.addf %x, %one : f32
        memref.store %y, %regs[%i] : memref<4xf32>
      }
      %r = memref.load %regs[%c0] : memref<4xf32>
      memref.store %r, %out[%c0] : memref<8xf32>
      gpu.return
    }
  }
  func.func @host(%buf: memref<8xf32>, %a: f32) -> f32 {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
    %m = arith.mulf %a, %a : f32
    return %m : f32
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %k = transform.structured.match ops{["gpu.module"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.roller.record_launch_operands %root : !transform.any_op
    transform.roller.unroll_register_tiles %k {max_unrolled_ops = 64} : !transform.any_op
    transform.roller.allow_fma_contraction %k : !transform.any_op
    transform.yield
  }
}

// -----

// extern_dynamic_shared_memory's error is the pass's, at the gpu.module.
module attributes {transform.with_named_sequence} {
  // expected-error @below {{roller-extern-dynamic-shared-memory: the symbol '__roller_dynamic_shared_memory' is already taken}}
  gpu.module @taken {
    gpu.func @__roller_dynamic_shared_memory() kernel {
      %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %k = transform.structured.match ops{["gpu.module"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.roller.extern_dynamic_shared_memory %k : !transform.any_op
    transform.yield
  }
}

// -----

// check_host_compute: a linalg op outside every gpu.launch is the step's
// error at the op (a definite failure); allow_host_fallback makes it a
// warning.
module attributes {transform.with_named_sequence} {
  func.func @host_copy(%a: memref<64xf32>, %b: memref<64xf32>) {
    // expected-error @below {{would run on the host: no rProgram covers it}}
    linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.roller.check_host_compute %f : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @host_copy_allowed(%a: memref<64xf32>, %b: memref<64xf32>) {
    // expected-warning @below {{runs on the host (allow-host-fallback): no rProgram covers it}}
    linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.roller.check_host_compute %f {allow_host_fallback = true} : !transform.any_op
    transform.yield
  }
}
