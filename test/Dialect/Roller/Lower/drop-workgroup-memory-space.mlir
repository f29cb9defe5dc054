// RUN: roller-opt %s --split-input-file --roller-drop-workgroup-memory-space | FileCheck %s

// One of the CPU-only steps of --roller-lower-to-cpu: the CPU oracle has no
// workgroup memory.

// Workgroup buffers become plain allocations; other memory spaces stay.
// CHECK-LABEL: func.func @buffers
// CHECK: bufferization.alloc_tensor() : tensor<64x20xf32>
// CHECK: bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
// CHECK: bufferization.alloc_tensor() : tensor<4xf32>
func.func @buffers() -> (tensor<64x20xf32>, tensor<8xf32>, tensor<4xf32>) {
  %0 = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<64x20xf32>
  %1 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
  %2 = bufferization.alloc_tensor() : tensor<4xf32>
  return %0, %1, %2 : tensor<64x20xf32>, tensor<8xf32>, tensor<4xf32>
}

// -----

// A barrier (before a tensor-core epilogue) orders nothing on the CPU, which
// runs a block's threads one after another: it is dropped.
// CHECK-LABEL: func.func @barrier
// CHECK-NOT: gpu.barrier
// CHECK: return
func.func @barrier(%t: tensor<4xf32>) -> tensor<4xf32> {
  gpu.barrier
  return %t : tensor<4xf32>
}
