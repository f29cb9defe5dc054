// --roller-pipeline-staging on the 1024x1024 f32 matmul's launch (block
// [64, 32, 8], A and B staged, the model's stages = 2): both staging buffers
// become 2-slot rings allocated before the loop, step 0's copies are issued
// before it as one cp.async group, and step k waits for its own group,
// passes the step's one barrier, issues step k + 8's copies (when
// k + 8 < 1024) and computes. The copies left in the loop are the ones
// issued ahead, marked for cp.async; the kernel ends after the loop, with
// no barrier.
//
// RUN: roller-opt %S/Inputs/matmul.mlir --roller-tile="device=h200" --roller-lower-rprograms \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --cse --canonicalize --roller-map-forall-to-gpu --roller-pipeline-staging 2>/dev/null | FileCheck %s
// RUN: roller-opt %S/Inputs/matmul-3-stages.mlir --roller-tile="device=h200" --roller-lower-rprograms \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --cse --canonicalize --roller-map-forall-to-gpu --roller-pipeline-staging 2>/dev/null | FileCheck %s --check-prefix=THREE
// RUN: roller-opt %s --split-input-file --allow-unregistered-dialect --roller-pipeline-staging | FileCheck %s --check-prefix=KEEP

// CHECK-DAG: #[[SLOT:.*]] = affine_map<(d0) -> ((d0 floordiv 8) mod 2)>
// CHECK-DAG: #[[AHEAD:.*]] = affine_map<(d0) -> (d0 + 8)>
// CHECK: gpu.launch
// CHECK: %[[RA:.*]] = memref.alloc() {{.*}} : memref<2x64x9xf32, #gpu.address_space<workgroup>>
// CHECK: %[[RB:.*]] = memref.alloc() {{.*}} : memref<2x8x32xf32, #gpu.address_space<workgroup>>
// CHECK: scf.if
// CHECK: memref.subview %[[RB]]
// CHECK: memref.subview %[[RA]]
// CHECK: linalg.copy {roller.async_copy}
// CHECK: linalg.copy {roller.async_copy}
// CHECK: }
// CHECK-NEXT: %[[G:.*]] = nvgpu.device_async_create_group
// CHECK-NEXT: scf.for %[[K:.*]] = %{{.*}} to %[[UB:.*]] step %{{.*}} {
// CHECK-NEXT: nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[NEXT:.*]] = affine.apply #[[AHEAD]](%[[K]])
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi slt, %[[NEXT]], %[[UB]] : index
// CHECK-NEXT: scf.if %[[IN]] {
// CHECK: affine.apply #[[SLOT]](%[[NEXT]])
// CHECK: linalg.copy {roller.async_copy}
// CHECK: linalg.copy {roller.async_copy}
// CHECK: }
// CHECK-NEXT: nvgpu.device_async_create_group
// CHECK-NOT: linalg.copy
// CHECK: affine.apply #[[SLOT]](%[[K]])
// CHECK-NOT: linalg.copy
// CHECK-NOT: gpu.barrier
// CHECK: linalg.generic
// CHECK-NOT: gpu.barrier
// CHECK: linalg.yield
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator

// Three stages: 3-slot rings, two groups before the loop, step k lets one
// group (step k + 8's) stay pending, then issues step k + 16.
// THREE: memref.alloc() {{.*}} : memref<3x64x9xf32, #gpu.address_space<workgroup>>
// THREE: memref.alloc() {{.*}} : memref<3x8x32xf32, #gpu.address_space<workgroup>>
// THREE-COUNT-2: nvgpu.device_async_create_group
// THREE: scf.for
// THREE-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// THREE-NEXT: gpu.barrier
// THREE-NEXT: affine.apply #{{.*}}(%{{.*}})

// -----

// One stage: nothing to pipeline.
// KEEP-LABEL: func.func @one_stage
// KEEP: scf.for
// KEEP-NEXT: memref.alloc() : memref<64x8xf32, #gpu.address_space<workgroup>>
// KEEP-NOT: nvgpu
func.func @one_stage(%A: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c64 step %c8 {
      %s = memref.alloc() : memref<64x8xf32, #gpu.address_space<workgroup>>
      %a = memref.subview %A[0, %k] [64, 8] [1, 1] : memref<64x64xf32> to memref<64x8xf32, strided<[64, 1], offset: ?>>
      linalg.copy ins(%a : memref<64x8xf32, strided<[64, 1], offset: ?>>) outs(%s : memref<64x8xf32, #gpu.address_space<workgroup>>)
      gpu.barrier
      "test.use"(%s) : (memref<64x8xf32, #gpu.address_space<workgroup>>) -> ()
      gpu.barrier
    }
    gpu.terminator
  } {roller.config = #roller.config<block = <shared, [64, 1, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, threads = 64, grid = [1], predicted_us = 0.0, bottleneck = shared>}
  return
}

// -----

// The staging buffer is also written by something other than a copy from
// global memory: the loop keeps one slot and synchronous copies.
// KEEP-LABEL: func.func @other_writer
// KEEP: scf.for
// KEEP-NEXT: memref.alloc() : memref<64x8xf32, #gpu.address_space<workgroup>>
// KEEP-NOT: nvgpu
func.func @other_writer(%A: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c64 step %c8 {
      %s = memref.alloc() : memref<64x8xf32, #gpu.address_space<workgroup>>
      %a = memref.subview %A[0, %k] [64, 8] [1, 1] : memref<64x64xf32> to memref<64x8xf32, strided<[64, 1], offset: ?>>
      linalg.copy ins(%a : memref<64x8xf32, strided<[64, 1], offset: ?>>) outs(%s : memref<64x8xf32, #gpu.address_space<workgroup>>)
      gpu.barrier
      linalg.fill ins(%zero : f32) outs(%s : memref<64x8xf32, #gpu.address_space<workgroup>>)
      gpu.barrier
    }
    gpu.terminator
  } {roller.config = #roller.config<block = <shared, [64, 1, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 2, threads = 64, grid = [1], predicted_us = 0.0, bottleneck = shared>}
  return
}
