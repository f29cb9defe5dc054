// RUN: roller-opt %s --split-input-file --allow-unregistered-dialect \
// RUN:   --roller-deduplicate-kernels | FileCheck %s

// Three launches of two distinct kernels: the copy of @f_kernel goes, its
// launch runs @f_kernel; @f_kernel_1 scales by another constant and stays.
// Locations do not count.
// CHECK-LABEL: module @repeated
// CHECK: func.func @f
// CHECK: gpu.launch_func @f_kernel::@f_kernel {{.*}} args(%arg0 : memref<64xf32>)
// CHECK-NEXT: gpu.launch_func @f_kernel::@f_kernel {{.*}} args(%arg1 : memref<64xf32>)
// CHECK-NEXT: gpu.launch_func @f_kernel_1::@f_kernel {{.*}} args(%arg0 : memref<64xf32>)
// CHECK: gpu.module @f_kernel
// CHECK-NOT: gpu.module @f_kernel_0
// CHECK: gpu.module @f_kernel_1
// CHECK: arith.constant 3.0
module @repeated attributes {gpu.container_module} {
  func.func @f(%a: memref<64xf32>, %b: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @f_kernel::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<64xf32>)
    gpu.launch_func @f_kernel_0::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%b : memref<64xf32>)
    gpu.launch_func @f_kernel_1::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<64xf32>)
    return
  }
  gpu.module @f_kernel {
    gpu.func @f_kernel(%x: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<64xf32>
      %two = arith.constant 2.0 : f32
      %r = arith.mulf %v, %two : f32
      memref.store %r, %x[%i] : memref<64xf32>
      gpu.return
    }
  }
  gpu.module @f_kernel_0 {
    gpu.func @f_kernel(%x: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x loc("elsewhere":1:1)
      %v = memref.load %x[%i] : memref<64xf32>
      %two = arith.constant 2.0 : f32
      %r = arith.mulf %v, %two : f32
      memref.store %r, %x[%i] : memref<64xf32>
      gpu.return
    }
  }
  gpu.module @f_kernel_1 {
    gpu.func @f_kernel(%x: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<64xf32>
      %three = arith.constant 3.0 : f32
      %r = arith.mulf %v, %three : f32
      memref.store %r, %x[%i] : memref<64xf32>
      gpu.return
    }
  }
}

// -----

// The same body with another kernel attribute (a register cap from another
// schedule), another kernel name or another module attribute is another
// kernel.
// CHECK-LABEL: module @attributes
// CHECK: gpu.launch_func @g_kernel::@g_kernel
// CHECK-NEXT: gpu.launch_func @g_kernel_0::@g_kernel
// CHECK-NEXT: gpu.launch_func @g_kernel_1::@other
// CHECK-NEXT: gpu.launch_func @g_kernel_2::@g_kernel
// CHECK: gpu.module @g_kernel {
// CHECK: gpu.module @g_kernel_0 {
// CHECK: gpu.module @g_kernel_1 {
// CHECK: gpu.module @g_kernel_2 attributes
module @attributes attributes {gpu.container_module} {
  func.func @g(%a: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @g_kernel::@g_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<64xf32>)
    gpu.launch_func @g_kernel_0::@g_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<64xf32>)
    gpu.launch_func @g_kernel_1::@other blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<64xf32>)
    gpu.launch_func @g_kernel_2::@g_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<64xf32>)
    return
  }
  gpu.module @g_kernel {
    gpu.func @g_kernel(%x: memref<64xf32>) kernel attributes {nvvm.maxnreg = 64 : i32} {
      gpu.return
    }
  }
  gpu.module @g_kernel_0 {
    gpu.func @g_kernel(%x: memref<64xf32>) kernel attributes {nvvm.maxnreg = 32 : i32} {
      gpu.return
    }
  }
  gpu.module @g_kernel_1 {
    gpu.func @other(%x: memref<64xf32>) kernel attributes {nvvm.maxnreg = 64 : i32} {
      gpu.return
    }
  }
  gpu.module @g_kernel_2 attributes {test.tag} {
    gpu.func @g_kernel(%x: memref<64xf32>) kernel attributes {nvvm.maxnreg = 64 : i32} {
      gpu.return
    }
  }
}

// -----

// A module something other than a launch refers to stays, with its
// launches; its later copies may still be folded into it.
// CHECK-LABEL: module @referenced
// CHECK: gpu.launch_func @h_kernel::@h_kernel
// CHECK-NEXT: gpu.launch_func @h_kernel_0::@h_kernel
// CHECK-NEXT: gpu.launch_func @h_kernel::@h_kernel
// CHECK: "test.refers"() {to = @h_kernel_0}
// CHECK: gpu.module @h_kernel {
// CHECK: gpu.module @h_kernel_0 {
// CHECK-NOT: gpu.module @h_kernel_1
module @referenced attributes {gpu.container_module} {
  func.func @h(%a: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @h_kernel::@h_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<64xf32>)
    gpu.launch_func @h_kernel_0::@h_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<64xf32>)
    gpu.launch_func @h_kernel_1::@h_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<64xf32>)
    "test.refers"() {to = @h_kernel_0} : () -> ()
    return
  }
  gpu.module @h_kernel {
    gpu.func @h_kernel(%x: memref<64xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @h_kernel_0 {
    gpu.func @h_kernel(%x: memref<64xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @h_kernel_1 {
    gpu.func @h_kernel(%x: memref<64xf32>) kernel {
      gpu.return
    }
  }
}

// -----

// Nothing to do without kernels.
// CHECK-LABEL: module @none
// CHECK: func.func @empty
module @none {
  func.func @empty() {
    return
  }
}
