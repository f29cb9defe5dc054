// RUN: roller-opt %s --split-input-file --roller-specialize-full-tiles --allow-unregistered-dialect | FileCheck %s

// 100 elements in blocks of 64: the block-level size is an affine.min. The
// body is versioned on it being full: interior blocks run a copy with the
// size replaced by the constant 64 (which canonicalization then folds into
// static views), the boundary block the original. The reduction loop over
// 20 in steps of 8 has its partial last step peeled, in both versions; in
// the full steps the step size simplifies to the constant 8.
// CHECK-DAG: #[[EIGHT:.+]] = affine_map<() -> (8)>
// CHECK-LABEL: func.func @irregular
// CHECK: gpu.launch
// CHECK: %[[N:.+]] = affine.min
// CHECK-NEXT: %[[C64:.+]] = arith.constant 64 : index
// CHECK-NEXT: %[[FULL:.+]] = arith.cmpi eq, %[[N]], %[[C64]] : index
// CHECK-NEXT: scf.if %[[FULL]] {
// CHECK-NEXT: memref.subview %{{.+}}[%{{.+}}] [%[[C64]]] [1]
// CHECK-NEXT: %[[C16:.+]] = arith.constant 16 : index
// CHECK-NEXT: scf.for %{{.+}} = %{{.+}} to %[[C16]] step
// CHECK-NEXT: affine.apply #[[EIGHT]]()
// CHECK: scf.for %{{.+}} = %[[C16]] to
// CHECK: } else {
// CHECK-NEXT: memref.subview %{{.+}}[%{{.+}}] [%[[N]]] [1]
// CHECK-NEXT: %[[C16B:.+]] = arith.constant 16 : index
// CHECK-NEXT: scf.for %{{.+}} = %{{.+}} to %[[C16B]] step
// CHECK: scf.for %{{.+}} = %[[C16B]] to
// CHECK: gpu.terminator
#lo = affine_map<(d0) -> (d0 * 64)>
#size = affine_map<(d0) -> (64, d0 * -64 + 100)>
#step = affine_map<(d0) -> (8, -d0 + 20)>
func.func @irregular(%A: memref<100xf32>, %B: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %off = affine.apply #lo(%bx)
    %n = affine.min #size(%bx)
    %tile = memref.subview %A[%off] [%n] [1] : memref<100xf32> to memref<?xf32, strided<[1], offset: ?>>
    scf.for %k = %c0 to %c20 step %c8 {
      %m = affine.min #step(%k)
      %part = memref.subview %B[%k] [%m] [1] : memref<100xf32> to memref<?xf32, strided<[1], offset: ?>>
      memref.copy %part, %tile : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
    }
    gpu.terminator
  }
  return
}

// -----

// Sizes that do not depend on the block only (a thread id here) are not
// versioned; a loop whose step divides its trip is not peeled.
// CHECK-LABEL: func.func @nothing_to_do
// CHECK-NOT: scf.if
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step
// CHECK-NOT: scf.for
#size = affine_map<(d0) -> (64, d0 * -64 + 100)>
func.func @nothing_to_do(%A: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %cst = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %n = affine.min #size(%tx)
    scf.for %k = %c0 to %c16 step %c8 {
      memref.store %cst, %A[%n] : memref<100xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// A full tile's copy pieces are sized like a boundary tile's: under the
// guard tid < 40, min(80 - 2 * tid, 2) is 2 in every thread that reaches
// it, and min(8 - 2 * (tid mod 4), 2), written with floordiv, is 2 in all
// 64: both become constants (the views then fold to static shapes). A size
// that takes several values over the threads (min(70 - 2 * tid, 2) under
// the same guard: 0 from tid 35 on) stays.
// CHECK-LABEL: func.func @thread_sizes
// CHECK: %[[TWO:.+]] = arith.constant 2 : index
// CHECK-NEXT: memref.subview %{{.+}}[%{{.+}}] [%[[TWO]]] [1]
// CHECK: scf.if
// CHECK: %[[TWO2:.+]] = arith.constant 2 : index
// CHECK-NEXT: memref.subview %{{.+}}[%{{.+}}] [%[[TWO2]]] [1]
// CHECK: %[[VAR:.+]] = affine.min
// CHECK-NEXT: memref.subview %{{.+}}[%{{.+}}] [%[[VAR]]] [1]
func.func @thread_sizes(%A: memref<100xf32>) {
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %tid = gpu.thread_id x
    %a = affine.min affine_map<()[s0] -> (s0 * -2 + (s0 floordiv 4) * 8 + 8, 2)>()[%tid]
    %va = memref.subview %A[%tid] [%a] [1] : memref<100xf32> to memref<?xf32, strided<[1], offset: ?>>
    "test.use"(%va) : (memref<?xf32, strided<[1], offset: ?>>) -> ()
    %guard = arith.cmpi ult, %tid, %c40 : index
    scf.if %guard {
      %b = affine.min affine_map<()[s0] -> (s0 * -2 + 80, 2)>()[%tid]
      %vb = memref.subview %A[%tid] [%b] [1] : memref<100xf32> to memref<?xf32, strided<[1], offset: ?>>
      "test.use"(%vb) : (memref<?xf32, strided<[1], offset: ?>>) -> ()
      %c = affine.min affine_map<()[s0] -> (s0 * -2 + 70, 2)>()[%tid]
      %vc = memref.subview %A[%tid] [%c] [1] : memref<100xf32> to memref<?xf32, strided<[1], offset: ?>>
      "test.use"(%vc) : (memref<?xf32, strided<[1], offset: ?>>) -> ()
    }
    gpu.terminator
  }
  return
}

// -----

// A two-stage pipelined reduction of 20 in steps of 8 (roller.config
// stages = 2): besides the partial step (16..20), the last full step (8..16)
// is peeled, since it prefetches the partial step; the main loop keeps the
// steps whose prefetch is full.
// CHECK-LABEL: func.func @prefetching_step
// CHECK: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[SPLIT:.+]] = arith.constant 8 : index
// CHECK: scf.for %{{.+}} = %{{.+}} to %[[SPLIT]] step
// CHECK: scf.for %{{.+}} = %[[SPLIT]] to %[[C16]] step
// CHECK: scf.for %{{.+}} = %[[C16]] to
// CHECK-NOT: scf.for
func.func @prefetching_step(%A: memref<100xf32>, %S: memref<8xf32, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c20 step %c8 {
      %next = affine.apply affine_map<(d0) -> (d0 + 8)>(%k)
      %m = affine.min affine_map<(d0) -> (8, -d0 + 12)>(%k)
      %part = memref.subview %A[%next] [%m] [1] : memref<100xf32> to memref<?xf32, strided<[1], offset: ?>>
      %dst = memref.subview %S[0] [%m] [1] : memref<8xf32, #gpu.address_space<workgroup>> to memref<?xf32, strided<[1]>, #gpu.address_space<workgroup>>
      linalg.copy {roller.async_copy} ins(%part : memref<?xf32, strided<[1], offset: ?>>) outs(%dst : memref<?xf32, strided<[1]>, #gpu.address_space<workgroup>>)
    }
    gpu.terminator
  } {roller.config = #roller.config<block = <shared, [8]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 2, threads = 64, grid = [1], predicted_us = 0.0, bottleneck = global>}
  return
}
