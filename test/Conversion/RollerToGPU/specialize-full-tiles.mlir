// RUN: roller-opt %s --split-input-file --roller-specialize-full-tiles | FileCheck %s

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
