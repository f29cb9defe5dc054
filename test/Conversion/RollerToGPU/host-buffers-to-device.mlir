// RUN: roller-opt %s --split-input-file --roller-host-buffers-to-device -verify-diagnostics | FileCheck %s

// The buffers the kernels get go to device memory, copies from and to them
// become gpu.memcpy, their frees gpu.dealloc; a host buffer that only the
// host uses stays where it is. A constant global (weights) is read through
// its upload function, called once at the start of the function.
// CHECK-LABEL: llvm.mlir.global internal @__roller_device_weights() {{.*}} : !llvm.ptr
// CHECK: llvm.mlir.zero : !llvm.ptr
// The device copy is freed by @__roller_free_device_constants, which
// roller-register-device-constants-destructor makes a module destructor.
// CHECK-LABEL: func.func @__roller_free_device_constants()
// CHECK: %[[FSLOT:.*]] = llvm.mlir.addressof @__roller_device_weights
// CHECK: %[[FPTR:.*]] = llvm.load %[[FSLOT]]
// CHECK: %[[UPLOADED:.*]] = llvm.icmp "ne" %[[FPTR]]
// CHECK: scf.if %[[UPLOADED]] {
// CHECK: %[[FMEM:.*]] = builtin.unrealized_conversion_cast
// CHECK: gpu.dealloc %[[FMEM]] : memref<64xf32>
// CHECK: llvm.store %{{.*}}, %[[FSLOT]]
// CHECK-LABEL: func.func private @__roller_upload_weights() -> memref<64xf32>
// CHECK: %[[SLOT:.*]] = llvm.mlir.addressof @__roller_device_weights
// CHECK: %[[PTR:.*]] = llvm.load %[[SLOT]]
// CHECK: %[[MISSING:.*]] = llvm.icmp "eq" %[[PTR]]
// CHECK: scf.if %[[MISSING]] -> (memref<64xf32>) {
// CHECK: %[[HOST:.*]] = memref.get_global @weights
// CHECK: %[[DEV:.*]] = gpu.alloc () : memref<64xf32>
// CHECK: gpu.memcpy %[[DEV]], %[[HOST]]
// CHECK: llvm.store %{{.*}}, %[[SLOT]]
// CHECK: scf.yield %[[DEV]]
// CHECK: } else {
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<64xf32>
// CHECK-LABEL: func.func @forward(
// CHECK-SAME: %[[IN:.*]]: memref<64xf32>)
// CHECK: %[[W:.*]] = call @__roller_upload_weights()
// CHECK: %[[RES:.*]] = memref.alloc() : memref<64xf32>
// CHECK: %[[SCRATCH:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[A:.*]] = gpu.alloc () : memref<64xf32>
// CHECK: gpu.memcpy %[[A]], %[[IN]]
// CHECK: %[[B:.*]] = gpu.alloc () : memref<64xf32>
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[W]] : memref<64xf32>, %[[A]] : memref<64xf32>, %[[B]] : memref<64xf32>)
// CHECK: gpu.dealloc %[[A]]
// CHECK: gpu.memcpy %[[RES]], %[[B]]
// CHECK: gpu.dealloc %[[B]]
// CHECK: memref.dealloc %[[SCRATCH]]
// CHECK-NOT: get_global
// CHECK: return %[[RES]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%w: memref<64xf32>, %a: memref<64xf32>, %b: memref<64xf32>) kernel {
      gpu.return
    }
  }
  memref.global "private" constant @weights : memref<64xf32> = dense<1.0>
  func.func @forward(%in: memref<64xf32>) -> memref<64xf32> {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %f = arith.constant 0.0 : f32
    %res = memref.alloc() : memref<64xf32>
    %scratch = memref.alloc() : memref<4xf32>
    memref.store %f, %scratch[%c0] : memref<4xf32>
    %a = memref.alloc() : memref<64xf32>
    memref.copy %in, %a : memref<64xf32> to memref<64xf32>
    %w = memref.get_global @weights : memref<64xf32>
    %b = memref.alloc() : memref<64xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%w : memref<64xf32>, %a : memref<64xf32>, %b : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
    memref.copy %b, %res : memref<64xf32> to memref<64xf32>
    memref.dealloc %b : memref<64xf32>
    memref.dealloc %scratch : memref<4xf32>
    return %res : memref<64xf32>
  }
}

// -----

// Two functions reading the same constant share its upload function; a
// rank-0 constant's descriptor has no sizes or strides; dynamic sizes and
// symbols carry over to gpu.alloc.
// CHECK-LABEL: func.func private @__roller_upload_scale() -> memref<f32>
// CHECK: !llvm.struct<(ptr, ptr, i64)> to memref<f32>
// CHECK-LABEL: func.func @first(
// CHECK: call @__roller_upload_scale()
// CHECK: gpu.alloc (%{{.*}})[%{{.*}}] : memref<?xf32, strided<[1], offset: ?>>
// CHECK-LABEL: func.func @second(
// CHECK: call @__roller_upload_scale()
// CHECK-NOT: func.func private @__roller_upload_scale
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%s: memref<f32>, %a: memref<?xf32, strided<[1], offset: ?>>) kernel {
      gpu.return
    }
  }
  memref.global "private" constant @scale : memref<f32> = dense<2.0>
  func.func @first(%n: index, %off: index) {
    %c1 = arith.constant 1 : index
    %s = memref.get_global @scale : memref<f32>
    %a = memref.alloc(%n)[%off] : memref<?xf32, strided<[1], offset: ?>>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%s : memref<f32>, %a : memref<?xf32, strided<[1], offset: ?>>)
    memref.dealloc %a : memref<?xf32, strided<[1], offset: ?>>
    return
  }
  func.func @second(%n: index, %off: index) {
    %c1 = arith.constant 1 : index
    %s = memref.get_global @scale : memref<f32>
    %a = memref.alloc(%n)[%off] : memref<?xf32, strided<[1], offset: ?>>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%s : memref<f32>, %a : memref<?xf32, strided<[1], offset: ?>>)
    memref.dealloc %a : memref<?xf32, strided<[1], offset: ?>>
    return
  }
}

// -----

// Host code that reads a device buffer is an error at that op, with a note
// at the buffer; the IR is left as it was.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @host_read() -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note @below {{the buffer is made here}}
    %a = memref.alloc() : memref<4xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    // expected-error @below {{uses a buffer on the host: the buffer is in device memory}}
    %v = memref.load %a[%c0] : memref<4xf32>
    return %v : f32
  }
}

// -----

// Unstaged arguments and mutable globals, stack memory and values of
// unknown origin cannot be placed.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<4xf32>) kernel {
      gpu.return
    }
  }
  memref.global "private" @state : memref<4xf32> = dense<0.0>
  func.func private @make() -> memref<4xf32>
  func.func @origins(%arg: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    // expected-error @below {{gets a buffer that cannot be placed in device memory: argument #0 of the function (stage the function's boundary first}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%arg : memref<4xf32>)
    %g = memref.get_global @state : memref<4xf32>
    // expected-error @below {{mutable global @state}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%g : memref<4xf32>)
    %s = memref.alloca() : memref<4xf32>
    // expected-error @below {{host stack memory}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%s : memref<4xf32>)
    %m = call @make() : () -> memref<4xf32>
    // expected-error @below {{the result of 'func.call', whose memory is not known}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<8xf32>) kernel {
      gpu.return
    }
  }
  func.func @strided_copy(%out: memref<4xf32, strided<[2]>>) {
    %c1 = arith.constant 1 : index
    // expected-note @below {{the buffer is made here}}
    %a = memref.alloc() : memref<8xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<8xf32>)
    %v = memref.subview %a[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
    // expected-error @below {{copies a buffer that is not one contiguous block}}
    memref.copy %v, %out : memref<4xf32, strided<[2]>> to memref<4xf32, strided<[2]>>
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<8xf32>) kernel {
      gpu.return
    }
  }
  func.func @aligned() {
    %c1 = arith.constant 1 : index
    // expected-error @below {{asks for 512-byte alignment, more than the 256 bytes device allocations guarantee}}
    %a = memref.alloc() {alignment = 512 : i64} : memref<8xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<8xf32>)
    return
  }
}
