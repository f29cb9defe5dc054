// RUN: roller-opt %s --split-input-file --roller-host-buffers-to-gpu -verify-diagnostics | \
// RUN:   FileCheck %s --implicit-check-not="memref.alloc(" --implicit-check-not=memref.dealloc

// Host allocations become managed memory with the same sizes and symbols,
// their frees the asynchronous gpu.dealloc that gpu-to-llvm lowers; a
// function argument is the caller's and is launched as it is.
// CHECK-LABEL: func.func @allocs(
// CHECK-SAME: %[[N:.*]]: index, %[[OFF:.*]]: index, %[[ARG:.*]]: memref<?xf32>)
// CHECK: %[[BUF:.*]] = gpu.alloc host_shared (%[[N]]) : memref<?xf32>
// CHECK: %[[SYM:.*]] = gpu.alloc host_shared (%[[N]])[%[[OFF]]] : memref<?xf32, strided<[1], offset: ?>>
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[BUF]] : memref<?xf32>)
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[ARG]] : memref<?xf32>)
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK: %[[T1:.*]] = gpu.dealloc async [%[[T0]]] %[[BUF]] : memref<?xf32>
// CHECK: gpu.wait [%[[T1]]]
// CHECK: %[[T2:.*]] = gpu.wait async
// CHECK: %[[T3:.*]] = gpu.dealloc async [%[[T2]]] %[[SYM]]
// CHECK: gpu.wait [%[[T3]]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<?xf32>) kernel {
      gpu.return
    }
  }
  func.func @allocs(%n: index, %off: index, %arg: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %buf = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
    %sym = memref.alloc(%n)[%off] : memref<?xf32, strided<[1], offset: ?>>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<?xf32>)
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%arg : memref<?xf32>)
    memref.dealloc %buf : memref<?xf32>
    memref.dealloc %sym : memref<?xf32, strided<[1], offset: ?>>
    return
  }
}

// -----

// A host-only helper's buffer reaches a kernel through the call, so every
// host allocation is converted, launched or not; a stack buffer that stays
// on the host is left alone.
// CHECK-LABEL: func.func @generate(
// CHECK: %[[BUF:.*]] = gpu.alloc host_shared () : memref<16xf32>
// CHECK: memref.alloca() : memref<4xf32>
// CHECK: return %[[BUF]]
// CHECK-LABEL: func.func @main(
// CHECK: %[[IN:.*]] = call @generate()
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[IN]] : memref<16xf32>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func @generate() -> memref<16xf32> {
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    %buf = memref.alloc() : memref<16xf32>
    %scratch = memref.alloca() : memref<4xf32>
    memref.store %f, %scratch[%c0] : memref<4xf32>
    memref.store %f, %buf[%c0] : memref<16xf32>
    return %buf : memref<16xf32>
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %in = call @generate() : () -> memref<16xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%in : memref<16xf32>)
    return
  }
}

// -----

// Allocations in device code are not host memory: neither those in a
// gpu.func or a func.func of a gpu.module, nor those in the body of a
// gpu.launch left unoutlined (whose host allocation is converted).
// CHECK-LABEL: gpu.module @kernels
// CHECK: gpu.func @k(
// CHECK: memref.alloc() : memref<4xf32>
// CHECK: memref.dealloc
// CHECK: func.func @device_helper(
// CHECK: memref.alloc() : memref<8xf32>
// CHECK-LABEL: func.func @host(
// CHECK: %[[BUF:.*]] = gpu.alloc host_shared () : memref<32xf32>
// CHECK: gpu.launch blocks
// CHECK: memref.alloc() : memref<2xf32>
// CHECK: memref.store {{.*}}, %[[BUF]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<32xf32>) kernel {
      %tmp = memref.alloc() : memref<4xf32>
      memref.dealloc %tmp : memref<4xf32>
      gpu.return
    }
    func.func @device_helper() {
      %tmp = memref.alloc() : memref<8xf32>
      return
    }
  }
  func.func @host() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %buf = memref.alloc() : memref<32xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
               threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
      %tmp = memref.alloc() : memref<2xf32>
      %f = memref.load %tmp[%c0] : memref<2xf32>
      memref.store %f, %buf[%c0] : memref<32xf32>
      gpu.terminator
    }
    return
  }
}

// -----

// A constant global reaching a kernel through views is copied once, where
// it is read, into managed memory that replaces it (host reads included);
// a global that stays on the host is not copied.
// CHECK-LABEL: func.func @constant_global(
// CHECK: %[[W:.*]] = memref.get_global @weights : memref<2x4xf32>
// CHECK-NEXT: %[[WC:.*]] = gpu.alloc host_shared () : memref<2x4xf32>
// CHECK-NEXT: memref.copy %[[W]], %[[WC]] : memref<2x4xf32> to memref<2x4xf32>
// CHECK-NEXT: %[[FLAT:.*]] = memref.collapse_shape %[[WC]] {{\[}}[0, 1]] : memref<2x4xf32> into memref<8xf32>
// CHECK-NEXT: %[[DYN:.*]] = memref.cast %[[FLAT]] : memref<8xf32> to memref<?xf32>
// CHECK-NEXT: %[[T:.*]] = memref.get_global @table : memref<3xf32>
// CHECK-NOT: gpu.alloc
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[DYN]] : memref<?xf32>)
// CHECK: memref.load %[[WC]]
// CHECK: memref.load %[[T]]
module attributes {gpu.container_module} {
  memref.global "private" constant @weights : memref<2x4xf32> = dense<1.0>
  memref.global "private" constant @table : memref<3xf32> = dense<2.0>
  gpu.module @kernels {
    gpu.func @k(%a: memref<?xf32>) kernel {
      gpu.return
    }
  }
  func.func @constant_global() -> (f32, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %w = memref.get_global @weights : memref<2x4xf32>
    %flat = memref.collapse_shape %w [[0, 1]] : memref<2x4xf32> into memref<8xf32>
    %dyn = memref.cast %flat : memref<8xf32> to memref<?xf32>
    %t = memref.get_global @table : memref<3xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%dyn : memref<?xf32>)
    %x = memref.load %w[%c0, %c0] : memref<2x4xf32>
    %y = memref.load %t[%c0] : memref<3xf32>
    return %x, %y : f32, f32
  }
}

// -----

// A mutable global is copied into managed memory before each launch and
// back after it, so that host and kernel writes are both seen; views of it
// are cloned onto the copy, and two operands viewing it share one copy (they
// alias). The host's own views keep reading the global.
// CHECK-LABEL: func.func @mutable_global(
// CHECK: %[[S:.*]] = memref.get_global @state : memref<8xf32>
// CHECK: %[[HOST:.*]] = memref.subview %[[S]][0] [4] [1]
// CHECK: %[[COPY:.*]] = gpu.alloc host_shared () : memref<8xf32>
// CHECK-NEXT: memref.copy %[[S]], %[[COPY]]
// CHECK-NEXT: %[[LO:.*]] = memref.subview %[[COPY]][0] [4] [1]
// CHECK-NEXT: %[[HI:.*]] = memref.subview %[[COPY]][4] [4] [1]
// CHECK-NEXT: gpu.launch_func @kernels::@k2 {{.*}} args(%[[LO]] : memref<4xf32, strided<[1]>>, %[[HI]] : memref<4xf32, strided<[1], offset: 4>>)
// CHECK-NEXT: memref.copy %[[COPY]], %[[S]]
// CHECK-NEXT: %[[T0:.*]] = gpu.wait async
// CHECK-NEXT: %[[T1:.*]] = gpu.dealloc async [%[[T0]]] %[[COPY]]
// CHECK-NEXT: gpu.wait [%[[T1]]]
// CHECK-NEXT: memref.store {{.*}}, %[[HOST]]
// CHECK-NEXT: %[[COPY2:.*]] = gpu.alloc host_shared () : memref<8xf32>
// CHECK-NEXT: memref.copy %[[S]], %[[COPY2]]
// CHECK-NEXT: %[[LO2:.*]] = memref.subview %[[COPY2]][0] [4] [1]
// CHECK-NEXT: %[[HI2:.*]] = memref.subview %[[COPY2]][4] [4] [1]
// CHECK-NEXT: gpu.launch_func @kernels::@k2 {{.*}} args(%[[LO2]] : {{.*}}, %[[HI2]] : {{.*}})
// CHECK-NEXT: memref.copy %[[COPY2]], %[[S]]
module attributes {gpu.container_module} {
  memref.global "private" @state : memref<8xf32> = dense<0.0>
  gpu.module @kernels {
    gpu.func @k2(%a: memref<4xf32, strided<[1]>>, %b: memref<4xf32, strided<[1], offset: 4>>) kernel {
      gpu.return
    }
  }
  func.func @mutable_global(%f: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = memref.get_global @state : memref<8xf32>
    %lo = memref.subview %s[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
    %hi = memref.subview %s[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
    gpu.launch_func @kernels::@k2 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%lo : memref<4xf32, strided<[1]>>, %hi : memref<4xf32, strided<[1], offset: 4>>)
    memref.store %f, %lo[%c0] : memref<4xf32, strided<[1]>>
    gpu.launch_func @kernels::@k2 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%lo : memref<4xf32, strided<[1]>>, %hi : memref<4xf32, strided<[1], offset: 4>>)
    return
  }
}

// -----

// A constant global passed to a host function whose argument reaches a
// kernel is copied too (the callee's argument is its caller's business, and
// its caller is here); one passed to a host-only helper is not.
// CHECK-LABEL: func.func @launches(
// CHECK-LABEL: func.func @forwards(
// CHECK-LABEL: func.func @host_only(
// CHECK-LABEL: func.func @caller(
// CHECK: %[[W:.*]] = memref.get_global @weights
// CHECK-NEXT: %[[WC:.*]] = gpu.alloc host_shared () : memref<4xf32>
// CHECK-NEXT: memref.copy %[[W]], %[[WC]]
// CHECK-NEXT: %[[T:.*]] = memref.get_global @table
// CHECK-NEXT: call @forwards(%[[WC]], %[[T]])
module attributes {gpu.container_module} {
  memref.global "private" constant @weights : memref<4xf32> = dense<1.0>
  memref.global "private" constant @table : memref<4xf32> = dense<2.0>
  gpu.module @kernels {
    gpu.func @k(%a: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @launches(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    return
  }
  func.func @forwards(%a: memref<4xf32>, %b: memref<4xf32>) {
    call @launches(%a) : (memref<4xf32>) -> ()
    call @host_only(%b) : (memref<4xf32>) -> ()
    return
  }
  func.func @host_only(%a: memref<4xf32>) {
    return
  }
  func.func @caller() {
    %w = memref.get_global @weights : memref<4xf32>
    %t = memref.get_global @table : memref<4xf32>
    call @forwards(%w, %t) : (memref<4xf32>, memref<4xf32>) -> ()
    return
  }
}

// -----

// Host stack memory cannot be made device-accessible.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<?xf32>) kernel {
      gpu.return
    }
  }
  func.func @alloca_launched() {
    %c1 = arith.constant 1 : index
    // expected-error @below {{'memref.alloca' op is host stack memory, which a kernel cannot access, and it reaches kernel @kernels::@k (allocate it with memref.alloc)}}
    %buf = memref.alloca() : memref<16xf32>
    %dyn = memref.cast %buf : memref<16xf32> to memref<?xf32>
    // expected-note @below {{launched here}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%dyn : memref<?xf32>)
    return
  }
}

// -----

// ... nor through a call to a function that launches it.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func @launches(%a: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<16xf32>)
    return
  }
  func.func @alloca_passed() {
    // expected-error @below {{'memref.alloca' op is host stack memory, which a kernel cannot access, and it reaches a kernel through the call to @launches (allocate it with memref.alloc)}}
    %buf = memref.alloca() : memref<16xf32>
    // expected-note @below {{called here}}
    call @launches(%buf) : (memref<16xf32>) -> ()
    return
  }
}

// -----

// A mutable global's copy cannot be written back after an asynchronous
// launch.
module attributes {gpu.container_module} {
  memref.global "private" @state : memref<4xf32> = dense<0.0>
  gpu.module @kernels {
    gpu.func @k(%a: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @mutable_async() {
    %c1 = arith.constant 1 : index
    // expected-error @below {{'memref.get_global' op reads mutable global @state, which reaches the asynchronous launch of kernel @kernels::@k: its copy could not be written back after the kernel}}
    %s = memref.get_global @state : memref<4xf32>
    %t0 = gpu.wait async
    // expected-note @below {{launched here}}
    %t1 = gpu.launch_func async [%t0] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%s : memref<4xf32>)
    gpu.wait [%t1]
    return
  }
}

// -----

// Managed memory is aligned to 256 bytes, no more; the C allocator cannot
// resize it; gpu.dealloc takes ranked memrefs only.
func.func @unsupported(%n: index, %u: memref<*xf32>) {
  // expected-error @below {{'memref.alloc' op asks for 4096-byte alignment, more than the 256 bytes managed memory (gpu.alloc host_shared) guarantees}}
  %page = memref.alloc() {alignment = 4096 : i64} : memref<1024xf32>
  %buf = memref.alloc() : memref<4xf32>
  // expected-error @below {{'memref.realloc' op resizes a host buffer, which is managed memory (gpu.alloc host_shared) on the GPU path: the C allocator cannot resize it}}
  %big = memref.realloc %buf(%n) : memref<4xf32> to memref<?xf32>
  // expected-error @below {{'memref.dealloc' op frees an unranked memref, which gpu.dealloc cannot take}}
  memref.dealloc %u : memref<*xf32>
  return
}
