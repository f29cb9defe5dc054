// RUN: roller-opt %s --split-input-file --pass-pipeline="builtin.module(gpu.module(roller-expand-integer-powers))" -verify-diagnostics | FileCheck %s

// torch-mlir's `x ** 3` (an i64 constant exponent): two multiplications,
// in f32 for an f16 base (one rounding at the end, as libdevice's f32
// __nv_powif gave).
// CHECK-LABEL: gpu.func @cube
// CHECK-NOT: math.fpowi
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: %[[S:.*]] = arith.mulf %[[W]], %[[W]] : f32
// CHECK: %[[C:.*]] = arith.mulf %[[S]], %[[W]] : f32
// CHECK: arith.truncf %[[C]] : f32 to f16
// CHECK-NOT: math.fpowi
gpu.module @kernels {
  gpu.func @cube(%out: memref<4xf16>) kernel {
    %c3 = arith.constant 3 : i64
    %i = gpu.thread_id x
    %x = memref.load %out[%i] : memref<4xf16>
    %r = math.fpowi %x, %c3 : f16, i64
    memref.store %r, %out[%i] : memref<4xf16>
    gpu.return
  }
}

// -----

// A negative exponent is the reciprocal of the power; an f32 base stays
// f32; a bf16 vector is raised in f32 lane by lane.
// CHECK-LABEL: gpu.func @inverse_square
// CHECK-NOT: arith.extf
// CHECK: %[[S:.*]] = arith.mulf %[[X:.*]], %[[X]] : f32
// CHECK: arith.divf %{{.*}}, %[[S]] : f32
// CHECK-LABEL: gpu.func @bf16_vector
// CHECK: arith.extf %{{.*}} : vector<4xbf16> to vector<4xf32>
// CHECK: arith.mulf {{.*}} : vector<4xf32>
// CHECK: arith.truncf %{{.*}} : vector<4xf32> to vector<4xbf16>
// CHECK-NOT: math.fpowi
gpu.module @kernels {
  gpu.func @inverse_square(%out: memref<4xf32>) kernel {
    %cm2 = arith.constant -2 : i64
    %i = gpu.thread_id x
    %x = memref.load %out[%i] : memref<4xf32>
    %r = math.fpowi %x, %cm2 : f32, i64
    memref.store %r, %out[%i] : memref<4xf32>
    gpu.return
  }
  gpu.func @bf16_vector(%out: memref<4xbf16>) kernel {
    %c2 = arith.constant dense<2> : vector<4xi64>
    %c0 = arith.constant 0 : index
    %pad = arith.constant 0.0 : bf16
    %x = vector.transfer_read %out[%c0], %pad : memref<4xbf16>, vector<4xbf16>
    %r = math.fpowi %x, %c2 : vector<4xbf16>, vector<4xi64>
    vector.transfer_write %r, %out[%c0] : vector<4xbf16>, memref<4xbf16>
    gpu.return
  }
}

// -----

// An exponent known only at run time: powf of it converted to the base's
// type (exact below 2^24), which libdevice's __nv_powf computes; an f16
// base again in f32.
// CHECK-LABEL: gpu.func @runtime_exponent
// CHECK-NOT: math.fpowi
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: %[[N:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK: math.powf %[[W]], %[[N]] : f32
// CHECK: arith.truncf
gpu.module @kernels {
  gpu.func @runtime_exponent(%out: memref<4xf16>, %n: i64) kernel {
    %i = gpu.thread_id x
    %x = memref.load %out[%i] : memref<4xf16>
    %r = math.fpowi %x, %n : f16, i64
    memref.store %r, %out[%i] : memref<4xf16>
    gpu.return
  }
}
