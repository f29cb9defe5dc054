// RUN: roller-opt %s --split-input-file --roller-pipeline-staging | FileCheck %s

// stages = 2: the staging buffer becomes a ring of two slots allocated
// before the loop; the first step's copy is issued ahead (prologue); step k
// waits for its own group (none other pending), passes the one barrier of
// the step, then issues step k + 8 (guarded by k + 8 < 32) into the slot
// step k - 8 read, and computes. The barrier that ended each step goes
// (the kernel ends after the loop: no barrier needed there either). The
// copies issued ahead carry roller.async_copy, for cp.async.
// CHECK-DAG: #[[SLOT:.+]] = affine_map<(d0) -> ((d0 floordiv 8) mod 2)>
// CHECK-DAG: #[[NEXT:.+]] = affine_map<(d0) -> (d0 + 8)>
// CHECK-LABEL: func.func @two_stages
// CHECK: gpu.launch
// CHECK-NEXT: %[[RING:.+]] = memref.alloc() : memref<2x32x8xf32, #gpu.address_space<workgroup>>
// CHECK: scf.if
// CHECK: affine.apply #[[SLOT]]
// CHECK: memref.subview %[[RING]]
// CHECK: linalg.copy {roller.async_copy}
// CHECK: }
// CHECK-NEXT: %[[FIRST:.+]] = nvgpu.device_async_create_group
// CHECK-NEXT: scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK-NEXT: nvgpu.device_async_wait %[[FIRST]] {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[AHEAD:.+]] = affine.apply #[[NEXT]](%[[K]])
// CHECK-NEXT: %[[IN:.+]] = arith.cmpi slt, %[[AHEAD]], %{{.+}} : index
// CHECK-NEXT: scf.if %[[IN]] {
// CHECK: linalg.copy {roller.async_copy}
// CHECK: }
// CHECK-NEXT: nvgpu.device_async_create_group
// CHECK-NEXT: %[[CUR:.+]] = affine.apply #[[SLOT]](%[[K]])
// CHECK-NEXT: %[[VIEW:.+]] = memref.subview %[[RING]][%[[CUR]], 0, 0]
// CHECK-NOT: linalg.copy
// CHECK-NOT: gpu.barrier
// CHECK: memref.load %[[VIEW]]
// CHECK-NOT: gpu.barrier
// CHECK: }
// CHECK-NEXT: gpu.terminator
#cfg = #roller.config<block = <shared, [32, 32, 8]>, thread = <register, [4, 4, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [4], predicted_us = 0.0, bottleneck = compute, max_regs = 128>
#row = affine_map<()[s0] -> (s0 floordiv 2)>
#col = affine_map<()[s0] -> ((s0 mod 2) * 4)>
func.func @two_stages(%A: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c32 step %c8 {
      %tile = memref.subview %A[0, %k] [32, 8] [1, 1] : memref<32x32xf32> to memref<32x8xf32, strided<[32, 1], offset: ?>>
      %smem = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
      %r = affine.apply #row()[%tx]
      %c = affine.apply #col()[%tx]
      %src = memref.subview %tile[%r, %c] [1, 4] [1, 1] : memref<32x8xf32, strided<[32, 1], offset: ?>> to memref<1x4xf32, strided<[32, 1], offset: ?>>
      %dst = memref.subview %smem[%r, %c] [1, 4] [1, 1] : memref<32x8xf32, #gpu.address_space<workgroup>> to memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      linalg.copy ins(%src : memref<1x4xf32, strided<[32, 1], offset: ?>>) outs(%dst : memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>)
      gpu.barrier
      %x = memref.load %smem[%r, %c0] : memref<32x8xf32, #gpu.address_space<workgroup>>
      memref.store %x, %out[%r, %k] : memref<32x32xf32>
      gpu.barrier
    }
    gpu.terminator
  } {roller.config = #cfg}
  return
}

// -----

// A gathered tile's runs (copyGatheredRuns): a copy where the run is
// inside the tensor, a fill of zeros where not. The fill writes only the
// staging buffer, so the nest is a staging copy: issued ahead with the
// copy, which becomes asynchronous, while the fill stays synchronous (it
// writes the slot the step's barrier retired).
// CHECK-LABEL: func.func @gathered_runs
// CHECK: %[[RING:.+]] = memref.alloc() : memref<2x32x8xf16, #gpu.address_space<workgroup>>
// CHECK: scf.if %{{.+}} {
// CHECK: linalg.copy {roller.async_copy}
// CHECK: } else {
// CHECK: linalg.fill ins
// CHECK: }
// CHECK: %[[FIRST:.+]] = nvgpu.device_async_create_group
// CHECK-NEXT: scf.for
// CHECK-NEXT: nvgpu.device_async_wait %[[FIRST]] {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: scf.if %{{.+}} {
// CHECK: scf.if %{{.+}} {
// CHECK: linalg.copy {roller.async_copy}
// CHECK: } else {
// CHECK: linalg.fill ins
// CHECK: nvgpu.device_async_create_group
// CHECK-NOT: linalg.copy
// CHECK-NOT: linalg.fill
// CHECK: memref.load
#cfg = #roller.config<block = <shared, [32, 32, 8]>, thread = <register, [4, 4, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [4], predicted_us = 0.0, bottleneck = compute, max_regs = 128>
#row = affine_map<()[s0] -> (s0 floordiv 2)>
#col = affine_map<()[s0] -> ((s0 mod 2) * 4)>
#pos = affine_map<(d0)[s0] -> (d0 + s0 * 2)>
func.func @gathered_runs(%A: memref<64x8xf16>, %out: memref<32x32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c50 = arith.constant 50 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f16
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c32 step %c8 {
      %smem = memref.alloc() : memref<32x8xf16, #gpu.address_space<workgroup>>
      %r = affine.apply #row()[%tx]
      %c = affine.apply #col()[%tx]
      %p = affine.apply #pos(%r)[%k]
      %inside = arith.cmpi ult, %p, %c50 : index
      %dst = memref.subview %smem[%r, %c] [1, 4] [1, 1] : memref<32x8xf16, #gpu.address_space<workgroup>> to memref<4xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      scf.if %inside {
        %src = memref.subview %A[%p, %c] [1, 4] [1, 1] : memref<64x8xf16> to memref<4xf16, strided<[1], offset: ?>>
        linalg.copy ins(%src : memref<4xf16, strided<[1], offset: ?>>) outs(%dst : memref<4xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>)
      } else {
        linalg.fill ins(%zero : f16) outs(%dst : memref<4xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>)
      }
      gpu.barrier
      %x = memref.load %smem[%r, %c0] : memref<32x8xf16, #gpu.address_space<workgroup>>
      memref.store %x, %out[%r, %k] : memref<32x32xf16>
      gpu.barrier
    }
    gpu.terminator
  } {roller.config = #cfg}
  return
}

// -----

// One stage: nothing to pipeline.
// CHECK-LABEL: func.func @one_stage
// CHECK-NOT: nvgpu
// CHECK: memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: nvgpu
#cfg = #roller.config<block = <shared, [32, 32, 8]>, thread = <register, [4, 4, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 64, grid = [4], predicted_us = 0.0, bottleneck = compute, max_regs = 128>
#row = affine_map<()[s0] -> (s0 floordiv 2)>
#col = affine_map<()[s0] -> ((s0 mod 2) * 4)>
func.func @one_stage(%A: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c32 step %c8 {
      %tile = memref.subview %A[0, %k] [32, 8] [1, 1] : memref<32x32xf32> to memref<32x8xf32, strided<[32, 1], offset: ?>>
      %smem = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
      %r = affine.apply #row()[%tx]
      %c = affine.apply #col()[%tx]
      %src = memref.subview %tile[%r, %c] [1, 4] [1, 1] : memref<32x8xf32, strided<[32, 1], offset: ?>> to memref<1x4xf32, strided<[32, 1], offset: ?>>
      %dst = memref.subview %smem[%r, %c] [1, 4] [1, 1] : memref<32x8xf32, #gpu.address_space<workgroup>> to memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      linalg.copy ins(%src : memref<1x4xf32, strided<[32, 1], offset: ?>>) outs(%dst : memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>)
      gpu.barrier
      %x = memref.load %smem[%r, %c0] : memref<32x8xf32, #gpu.address_space<workgroup>>
      memref.store %x, %out[%r, %k] : memref<32x32xf32>
      gpu.barrier
    }
    gpu.terminator
  } {roller.config = #cfg}
  return
}

// -----

// The compute also writes the staging buffer: the copies are not the only
// writers, so the loop keeps one slot and synchronous copies.
// CHECK-LABEL: func.func @other_writer
// CHECK-NOT: nvgpu
// CHECK: memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
// CHECK: linalg.copy ins
// CHECK-NOT: nvgpu
#cfg = #roller.config<block = <shared, [32, 32, 8]>, thread = <register, [4, 4, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [4], predicted_us = 0.0, bottleneck = compute, max_regs = 128>
#row = affine_map<()[s0] -> (s0 floordiv 2)>
#col = affine_map<()[s0] -> ((s0 mod 2) * 4)>
func.func @other_writer(%A: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c32 step %c8 {
      %tile = memref.subview %A[0, %k] [32, 8] [1, 1] : memref<32x32xf32> to memref<32x8xf32, strided<[32, 1], offset: ?>>
      %smem = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
      %r = affine.apply #row()[%tx]
      %c = affine.apply #col()[%tx]
      %src = memref.subview %tile[%r, %c] [1, 4] [1, 1] : memref<32x8xf32, strided<[32, 1], offset: ?>> to memref<1x4xf32, strided<[32, 1], offset: ?>>
      %dst = memref.subview %smem[%r, %c] [1, 4] [1, 1] : memref<32x8xf32, #gpu.address_space<workgroup>> to memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      linalg.copy ins(%src : memref<1x4xf32, strided<[32, 1], offset: ?>>) outs(%dst : memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>)
      gpu.barrier
      %x = memref.load %smem[%r, %c0] : memref<32x8xf32, #gpu.address_space<workgroup>>
      linalg.fill ins(%x : f32) outs(%dst : memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>)
      memref.store %x, %out[%r, %k] : memref<32x32xf32>
      gpu.barrier
    }
    gpu.terminator
  } {roller.config = #cfg}
  return
}

// -----

// A loop with iteration values is not the rProgram lowering's reduction
// loop: left alone.
// CHECK-LABEL: func.func @iter_args
// CHECK-NOT: nvgpu
// CHECK: scf.for {{.*}} iter_args
#cfg = #roller.config<block = <shared, [32, 32, 8]>, thread = <register, [4, 4, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [4], predicted_us = 0.0, bottleneck = compute, max_regs = 128>
#row = affine_map<()[s0] -> (s0 floordiv 2)>
#col = affine_map<()[s0] -> ((s0 mod 2) * 4)>
func.func @iter_args(%A: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %s = scf.for %k = %c0 to %c32 step %c8 iter_args(%acc = %c0) -> (index) {
      %tile = memref.subview %A[0, %k] [32, 8] [1, 1] : memref<32x32xf32> to memref<32x8xf32, strided<[32, 1], offset: ?>>
      %smem = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
      %r = affine.apply #row()[%tx]
      %c = affine.apply #col()[%tx]
      %src = memref.subview %tile[%r, %c] [1, 4] [1, 1] : memref<32x8xf32, strided<[32, 1], offset: ?>> to memref<1x4xf32, strided<[32, 1], offset: ?>>
      %dst = memref.subview %smem[%r, %c] [1, 4] [1, 1] : memref<32x8xf32, #gpu.address_space<workgroup>> to memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      linalg.copy ins(%src : memref<1x4xf32, strided<[32, 1], offset: ?>>) outs(%dst : memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>)
      gpu.barrier
      %x = memref.load %smem[%r, %c0] : memref<32x8xf32, #gpu.address_space<workgroup>>
      memref.store %x, %out[%r, %k] : memref<32x32xf32>
      gpu.barrier
      scf.yield %acc : index
    }
    gpu.terminator
  } {roller.config = #cfg}
  return
}

// -----

// The step also writes shared memory (a workgroup buffer of the launch):
// the barrier that ends the step stays, since the next step's writes could
// race with this step's reads of it.
// CHECK-LABEL: func.func @step_writes_shared
// CHECK: scf.for
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: memref.store %{{.*}}, %{{.*}} : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
#cfg = #roller.config<block = <shared, [32, 32, 8]>, thread = <register, [4, 4, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [4], predicted_us = 0.0, bottleneck = compute, max_regs = 128>
#row = affine_map<()[s0] -> (s0 floordiv 2)>
#col = affine_map<()[s0] -> ((s0 mod 2) * 4)>
func.func @step_writes_shared(%A: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%wg : memref<64xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c32 step %c8 {
      %tile = memref.subview %A[0, %k] [32, 8] [1, 1] : memref<32x32xf32> to memref<32x8xf32, strided<[32, 1], offset: ?>>
      %smem = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
      %r = affine.apply #row()[%tx]
      %c = affine.apply #col()[%tx]
      %src = memref.subview %tile[%r, %c] [1, 4] [1, 1] : memref<32x8xf32, strided<[32, 1], offset: ?>> to memref<1x4xf32, strided<[32, 1], offset: ?>>
      %dst = memref.subview %smem[%r, %c] [1, 4] [1, 1] : memref<32x8xf32, #gpu.address_space<workgroup>> to memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      linalg.copy ins(%src : memref<1x4xf32, strided<[32, 1], offset: ?>>) outs(%dst : memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>)
      gpu.barrier
      %x = memref.load %smem[%r, %c0] : memref<32x8xf32, #gpu.address_space<workgroup>>
      memref.store %x, %wg[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    gpu.terminator
  } {roller.config = #cfg}
  return
}

// -----

// Something follows the loop in the kernel: one barrier after the loop
// keeps it off the ring (here it would not write it, but the pass does not
// look).
// CHECK-LABEL: func.func @followed
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %{{.*}} : memref<32x32xf32>
// CHECK-NOT: gpu.barrier
// CHECK: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.terminator
#cfg = #roller.config<block = <shared, [32, 32, 8]>, thread = <register, [4, 4, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [4], predicted_us = 0.0, bottleneck = compute, max_regs = 128>
#row = affine_map<()[s0] -> (s0 floordiv 2)>
#col = affine_map<()[s0] -> ((s0 mod 2) * 4)>
func.func @followed(%A: memref<32x32xf32>, %out: memref<32x32xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c32 step %c8 {
      %tile = memref.subview %A[0, %k] [32, 8] [1, 1] : memref<32x32xf32> to memref<32x8xf32, strided<[32, 1], offset: ?>>
      %smem = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
      %r = affine.apply #row()[%tx]
      %c = affine.apply #col()[%tx]
      %src = memref.subview %tile[%r, %c] [1, 4] [1, 1] : memref<32x8xf32, strided<[32, 1], offset: ?>> to memref<1x4xf32, strided<[32, 1], offset: ?>>
      %dst = memref.subview %smem[%r, %c] [1, 4] [1, 1] : memref<32x8xf32, #gpu.address_space<workgroup>> to memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      linalg.copy ins(%src : memref<1x4xf32, strided<[32, 1], offset: ?>>) outs(%dst : memref<1x4xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>)
      gpu.barrier
      %x = memref.load %smem[%r, %c0] : memref<32x8xf32, #gpu.address_space<workgroup>>
      memref.store %x, %out[%r, %k] : memref<32x32xf32>
      gpu.barrier
    }
    memref.store %f, %out[%c0, %c0] : memref<32x32xf32>
    gpu.terminator
  } {roller.config = #cfg}
  return
}
