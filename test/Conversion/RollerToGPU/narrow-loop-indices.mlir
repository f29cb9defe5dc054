// RUN: roller-opt %s --split-input-file --roller-narrow-loop-indices | FileCheck %s

// A loop with constant bounds and a loop starting at the thread id (below
// the kernel's known_block_size) count in i32; their users read the counter
// cast back to index, and the loop-carried values are kept.

// CHECK-LABEL: gpu.func @bounded
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C4096:.*]] = arith.constant 4096 : index
// CHECK: %[[LB:.*]] = arith.index_castui %[[C0]] : index to i32
// CHECK: %[[UB:.*]] = arith.index_castui %[[C4096]] : index to i32
// CHECK: %[[STEP:.*]] = arith.index_castui %[[C64]] : index to i32
// CHECK: %[[SUM:.*]] = scf.for %[[K:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) : i32 {
// CHECK-NEXT: %[[KI:.*]] = arith.index_castui %[[K]] : i32 to index
// CHECK-NEXT: memref.load %{{.*}}[%[[KI]]]
// CHECK: scf.yield
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT: %[[II:.*]] = arith.index_castui %[[I]] : i32 to index
// CHECK-NEXT: memref.store %[[SUM]], %{{.*}}[%[[II]]]
gpu.module @kernels {
  gpu.func @bounded(%a: memref<4096xf32>, %b: memref<1000xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c1000 = arith.constant 1000 : index
    %c4096 = arith.constant 4096 : index
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %k = %c0 to %c4096 step %c64 iter_args(%acc = %zero) -> (f32) {
      %x = memref.load %a[%k] : memref<4096xf32>
      %s = arith.addf %acc, %x : f32
      scf.yield %s : f32
    }
    %tid = gpu.thread_id x
    scf.for %i = %tid to %c1000 step %c128 {
      memref.store %sum, %b[%i] : memref<1000xf32>
    }
    gpu.return
  }
}

// -----

// Counters the ranges do not bound below 2^31 keep their index type: a
// dynamic extent, an upper bound whose last step would reach 2^31
// (2^31 - 1 + 1), a negative lower bound. An upper bound one below that
// (2^31 - 2, step 1: the counter ends at 2^31 - 1) is narrowed.

// CHECK-LABEL: gpu.func @unbounded
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NOT: scf.for
gpu.module @kernels {
  gpu.func @unbounded(%a: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cm8 = arith.constant -8 : index
    %c8 = arith.constant 8 : index
    %cmax = arith.constant 2147483647 : index
    %cbelow = arith.constant 2147483646 : index
    %one = arith.constant 1.0 : f32
    %n = memref.dim %a, %c0 : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %one, %a[%i] : memref<?xf32>
    }
    scf.for %i = %c0 to %cmax step %c1 {
      memref.store %one, %a[%i] : memref<?xf32>
    }
    scf.for %i = %cm8 to %c8 step %c1 {
      %j = arith.addi %i, %c8 : index
      memref.store %one, %a[%j] : memref<?xf32>
    }
    scf.for %i = %c0 to %cbelow step %c1 {
      memref.store %one, %a[%i] : memref<?xf32>
    }
    gpu.return
  }
}
