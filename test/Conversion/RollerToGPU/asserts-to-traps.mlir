// RUN: roller-opt %s --split-input-file --pass-pipeline="builtin.module(gpu.module(roller-asserts-to-traps))" | FileCheck %s

// torch-mlir's bounds check of an embedding's id, carried into the kernel:
// a trap under the negated condition, no assert (and so no __assertfail
// call) left; a check inside a loop stays inside it.
// CHECK-LABEL: gpu.func @bounds
// CHECK: %[[OK:.*]] = arith.cmpi slt
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[BAD:.*]] = arith.xori %[[OK]], %[[TRUE]] : i1
// CHECK: scf.if %[[BAD]] {
// CHECK-NEXT: llvm.intr.trap
// CHECK-NEXT: }
// CHECK: memref.load
// CHECK-LABEL: gpu.func @in_loop
// CHECK: scf.for
// CHECK: scf.if
// CHECK-NEXT: llvm.intr.trap
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
// CHECK-NOT: cf.assert
gpu.module @kernels {
  gpu.func @bounds(%ids: memref<8xi64>, %table: memref<10xf32>, %out: memref<8xf32>) kernel {
    %c10 = arith.constant 10 : i64
    %i = gpu.thread_id x
    %id = memref.load %ids[%i] : memref<8xi64>
    %ok = arith.cmpi slt, %id, %c10 : i64
    cf.assert %ok, "index must be smaller than dim size"
    %row = arith.index_cast %id : i64 to index
    %v = memref.load %table[%row] : memref<10xf32>
    memref.store %v, %out[%i] : memref<8xf32>
    gpu.return
  }
  gpu.func @in_loop(%ids: memref<8xi64>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i64
    scf.for %i = %c0 to %c8 step %c1 {
      %id = memref.load %ids[%i] : memref<8xi64>
      %ok = arith.cmpi sge, %id, %zero : i64
      cf.assert %ok, "index must be larger or equal to 0"
      scf.yield
    }
    gpu.return
  }
}
