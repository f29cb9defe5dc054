// RUN: roller-opt %s --split-input-file --pass-pipeline="builtin.module(gpu.module(roller-expand-subgroup-reduces))" -verify-diagnostics | FileCheck %s

// A warp sum becomes a butterfly of five shuffles (offsets 1 to 16 over the
// 32 lanes), each followed by the add.
// CHECK-LABEL: gpu.func @sum
// CHECK-NOT: gpu.subgroup_reduce
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK: arith.addf
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @sum(%out: memref<32xf32>) kernel {
    %lane = gpu.thread_id x
    %v = memref.load %out[%lane] : memref<32xf32>
    %s = gpu.subgroup_reduce add %v : (f32) -> f32
    memref.store %s, %out[%lane] : memref<32xf32>
    gpu.return
  }
}

// -----

// An i1 (softmax's all -inf check) is widened to 32 bits for the shuffles.
// CHECK-LABEL: gpu.func @any
// CHECK-NOT: gpu.subgroup_reduce
// CHECK: arith.extui %{{.*}} : i1 to i32
// CHECK-COUNT-5: gpu.shuffle  xor
gpu.module @kernels {
  gpu.func @any(%out: memref<32xi1>) kernel {
    %lane = gpu.thread_id x
    %v = memref.load %out[%lane] : memref<32xi1>
    %s = gpu.subgroup_reduce or %v : (i1) -> i1
    memref.store %s, %out[%lane] : memref<32xi1>
    gpu.return
  }
}

// -----

// 64-bit values have no shuffle lowering (--roller-reduce-partials-in-warps
// never creates them): an error at the op, not a crash in NVVM.
gpu.module @kernels {
  gpu.func @max64(%out: memref<32xf64>) kernel {
    %lane = gpu.thread_id x
    %v = memref.load %out[%lane] : memref<32xf64>
    // expected-error @+1 {{could not be expanded into warp shuffles}}
    %s = gpu.subgroup_reduce maximumf %v : (f64) -> f64
    memref.store %s, %out[%lane] : memref<32xf64>
    gpu.return
  }
}
