// RUN: roller-opt %s --split-input-file --roller-promote-workgroup-allocs | FileCheck %s

// Staged tiles become workgroup attributions, a thread's private tile an
// alloca at the kernel's entry; their deallocs go. A dynamically sized
// alloc is left alone.
// CHECK-LABEL: func.func @small
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%[[TILE:.+]] : memref<32x8xf32, #gpu.address_space<workgroup>>)
// CHECK-NEXT: %[[PRIVATE:.+]] = memref.alloca() {alignment = 64 : i64} : memref<4x4xf32>
// CHECK: memref.alloc(%{{.+}}) : memref<?xf32>
// CHECK: memref.load %[[TILE]]
// CHECK: memref.store %{{.+}}, %[[PRIVATE]]
// CHECK-NOT: memref.dealloc
#cfg = #roller.config<block = <shared, [32, 32, 8]>, thread = <register, [4, 4, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 64, grid = [4], predicted_us = 0.0, bottleneck = compute, max_regs = 128>
func.func @small(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %tile = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
    %private = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    %dynamic = memref.alloc(%n) : memref<?xf32>
    %x = memref.load %tile[%c0, %c0] : memref<32x8xf32, #gpu.address_space<workgroup>>
    memref.store %x, %private[%c0, %c0] : memref<4x4xf32>
    memref.dealloc %tile : memref<32x8xf32, #gpu.address_space<workgroup>>
    memref.dealloc %private : memref<4x4xf32>
    gpu.terminator
  } {roller.config = #cfg}
  return
}

// -----

// Above 48 KiB of staged tiles (32 KiB + 32 KiB here), every one becomes a
// view of dynamic shared memory at a 16-byte aligned offset, and the launch
// asks for the total.
// CHECK-LABEL: func.func @large
// CHECK: %[[BYTES:.+]] = arith.constant 65536 : i32
// CHECK: gpu.launch
// CHECK-SAME: dynamic_shared_memory_size %[[BYTES]]
// CHECK-NEXT: %[[SMEM:.+]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C32K:.+]] = arith.constant 32768 : index
// CHECK-DAG: memref.view %[[SMEM]][%[[C0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x128xf32, #gpu.address_space<workgroup>>
// CHECK-DAG: memref.view %[[SMEM]][%[[C32K]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.alloc
#cfg = #roller.config<block = <shared, [32, 32, 8]>, thread = <register, [4, 4, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 64, grid = [4], predicted_us = 0.0, bottleneck = compute, max_regs = 128>
func.func @large() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %a = memref.alloc() : memref<64x128xf32, #gpu.address_space<workgroup>>
    %b = memref.alloc() : memref<128x64xf32, #gpu.address_space<workgroup>>
    %x = memref.load %a[%c0, %c0] : memref<64x128xf32, #gpu.address_space<workgroup>>
    memref.store %x, %b[%c0, %c0] : memref<128x64xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  } {roller.config = #cfg}
  return
}

// -----

// bf16 tiles of a tensor-core launch live in byte buffers, which the warps
// also read through f16 views.
// CHECK-LABEL: func.func @bf16_mma
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%[[RAW:.+]] : memref<1024xi8, #gpu.address_space<workgroup>>)
// CHECK: memref.view %[[RAW]][%{{.+}}][] : memref<1024xi8, #gpu.address_space<workgroup>> to memref<32x16xbf16, #gpu.address_space<workgroup>>
#cfg = #roller.config<block = <shared, [32, 32, 16]>, thread = <register, [16, 16, 1]>, padding = [0, 0], vector_width = 8, stages = 1, threads = 128, grid = [4], mma = [16, 8, 16], predicted_us = 0.0, bottleneck = compute, max_regs = 128>
func.func @bf16_mma() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %a = memref.alloc() : memref<32x16xbf16, #gpu.address_space<workgroup>>
    %x = memref.load %a[%c0, %c0] : memref<32x16xbf16, #gpu.address_space<workgroup>>
    memref.store %x, %a[%c0, %c1] : memref<32x16xbf16, #gpu.address_space<workgroup>>
    gpu.terminator
  } {roller.config = #cfg}
  return
}
