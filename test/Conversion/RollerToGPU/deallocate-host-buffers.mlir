// RUN: roller-opt %s --split-input-file --roller-deallocate-host-buffers | FileCheck %s

// Every buffer the host function allocates and does not return is freed
// right after its last use, the launches included (the effects of
// gpu.launch_func let upstream's deallocation see them); the returned one
// is the caller's. The kernel is not touched.
// CHECK-LABEL: gpu.func @k(
// CHECK-NEXT: memref.alloca
// CHECK-NEXT: gpu.return
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[IN:.*]]: memref<64xf32>)
// CHECK: %[[RES:.*]] = memref.alloc() : memref<64xf32>
// CHECK: %[[A:.*]] = memref.alloc() : memref<64xf32>
// CHECK: memref.copy %[[IN]], %[[A]]
// CHECK: %[[B:.*]] = memref.alloc() : memref<64xf32>
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[A]] : memref<64xf32>, %[[B]] : memref<64xf32>)
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: %[[C:.*]] = memref.alloc() : memref<64xf32>
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[B]] : memref<64xf32>, %[[C]] : memref<64xf32>)
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK: memref.copy %[[C]], %[[RES]]
// CHECK-NEXT: memref.dealloc %[[C]]
// CHECK-NOT: memref.dealloc
// CHECK: return %[[RES]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<64xf32>, %b: memref<64xf32>) kernel {
      %t = memref.alloca() : memref<64xf32>
      gpu.return
    }
  }
  func.func @chain(%in: memref<64xf32>) -> memref<64xf32> {
    %c1 = arith.constant 1 : index
    %res = memref.alloc() : memref<64xf32>
    %a = memref.alloc() : memref<64xf32>
    memref.copy %in, %a : memref<64xf32> to memref<64xf32>
    %b = memref.alloc() : memref<64xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<64xf32>, %b : memref<64xf32>)
    %c = memref.alloc() : memref<64xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%b : memref<64xf32>, %c : memref<64xf32>)
    memref.copy %c, %res : memref<64xf32> to memref<64xf32>
    return %res : memref<64xf32>
  }
}

// -----

// A buffer a kernel gets through a view is freed after the view's last
// use; a constant global is not the function's to free.
// CHECK-LABEL: func.func @views(
// CHECK: %[[W:.*]] = memref.get_global @w
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[BUF]]
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[W]] : memref<64xf32>, %[[FLAT]] : memref<64xf32>)
// CHECK-NEXT: memref.dealloc %[[BUF]]
// CHECK-NOT: memref.dealloc
// CHECK: return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<64xf32>, %b: memref<64xf32>) kernel {
      gpu.return
    }
  }
  memref.global "private" constant @w : memref<64xf32> = dense<1.0>
  func.func @views() {
    %c1 = arith.constant 1 : index
    %w = memref.get_global @w : memref<64xf32>
    %buf = memref.alloc() : memref<8x8xf32>
    %flat = memref.collapse_shape %buf [[0, 1]] : memref<8x8xf32> into memref<64xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%w : memref<64xf32>, %flat : memref<64xf32>)
    return
  }
}
