// RUN: roller-opt %s --split-input-file --roller-stage-function-boundaries -verify-diagnostics | FileCheck %s

// An argument a kernel only reads is copied in; one a kernel writes is
// copied in and back before the return; the result a kernel computes is
// returned in a buffer allocated at the entry (static shape).
// CHECK-LABEL: func.func @args(
// CHECK-SAME: %[[IN:.*]]: memref<64xf32>, %[[OUT:.*]]: memref<64xf32>) -> memref<64xf32>
// CHECK: %[[RES:.*]] = memref.alloc() : memref<64xf32>
// CHECK: %[[OUT_COPY:.*]] = memref.alloc() : memref<64xf32>
// CHECK: memref.copy %[[OUT]], %[[OUT_COPY]]
// CHECK: %[[IN_COPY:.*]] = memref.alloc() : memref<64xf32>
// CHECK: memref.copy %[[IN]], %[[IN_COPY]]
// CHECK: %[[TMP:.*]] = memref.alloc() : memref<64xf32>
// CHECK: gpu.launch_func @kernels::@copy {{.*}} args(%[[IN_COPY]] : memref<64xf32>, %[[OUT_COPY]] : memref<64xf32>)
// CHECK: gpu.launch_func @kernels::@copy {{.*}} args(%[[IN_COPY]] : memref<64xf32>, %[[TMP]] : memref<64xf32>)
// CHECK: memref.copy %[[OUT_COPY]], %[[OUT]]
// CHECK-NOT: memref.copy %[[IN_COPY]], %[[IN]]
// CHECK: memref.copy %[[TMP]], %[[RES]]
// CHECK: return %[[RES]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%a: memref<64xf32>, %b: memref<64xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %a[%i] : memref<64xf32>
      memref.store %v, %b[%i] : memref<64xf32>
      gpu.return
    }
  }
  func.func @args(%in: memref<64xf32>, %out: memref<64xf32>) -> memref<64xf32> {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %tmp = memref.alloc() : memref<64xf32>
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%in : memref<64xf32>, %out : memref<64xf32>)
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%in : memref<64xf32>, %tmp : memref<64xf32>)
    return %tmp : memref<64xf32>
  }
}

// -----

// Dynamic sizes come from the staged value; the result's buffer is made
// before the return, where its size is known. A view of an argument goes to
// the kernel as the same view of the copy; an argument returned as it is
// stays the caller's, and a value the kernels do not touch is not staged.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[ARG:.*]]: memref<?xf32>, %[[HOST:.*]]: memref<?xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[N:.*]] = memref.dim %[[ARG]], %[[C0]]
// CHECK: %[[COPY:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK: memref.copy %[[ARG]], %[[COPY]]
// CHECK: %[[OUT:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: %[[VIEW:.*]] = memref.subview %[[COPY]][0] [4] [1]
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[VIEW]] : memref<4xf32, strided<[1]>>, %[[OUT]] : memref<?xf32>)
// CHECK: %[[M:.*]] = memref.dim %[[OUT]]
// CHECK: %[[RES:.*]] = memref.alloc(%[[M]]) : memref<?xf32>
// CHECK: memref.copy %[[OUT]], %[[RES]]
// CHECK: return %[[RES]], %[[ARG]], %[[HOST]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<4xf32, strided<[1]>>, %b: memref<?xf32>) kernel {
      gpu.return
    }
  }
  func.func @dynamic(%arg: memref<?xf32>, %host: memref<?xf32>) -> (memref<?xf32>, memref<?xf32>, memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %arg, %c0 : memref<?xf32>
    %out = memref.alloc(%n) : memref<?xf32>
    %view = memref.subview %arg[0] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1]>>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%view : memref<4xf32, strided<[1]>>, %out : memref<?xf32>)
    return %out, %arg, %host : memref<?xf32>, memref<?xf32>, memref<?xf32>
  }
}

// -----

// A mutable global is staged where it is read; a call's result is host
// memory, staged too; a call gets a host copy of a kernel's buffer, through
// the same views, copied back because the buffer is used after the call.
// CHECK-LABEL: func.func @globals_and_calls(
// CHECK: %[[G:.*]] = memref.get_global @state
// CHECK: %[[G_COPY:.*]] = memref.alloc() : memref<8xf32>
// CHECK: memref.copy %[[G]], %[[G_COPY]]
// CHECK: %[[R:.*]] = call @produce()
// CHECK: %[[R_COPY:.*]] = memref.alloc() : memref<8xf32>
// CHECK: memref.copy %[[R]], %[[R_COPY]]
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[G_COPY]] : memref<8xf32>, %[[R_COPY]] : memref<8xf32>)
// CHECK: %[[HOST:.*]] = memref.alloc() : memref<8xf32>
// CHECK: memref.copy %[[G_COPY]], %[[HOST]]
// CHECK: %[[CAST:.*]] = memref.cast %[[HOST]] : memref<8xf32> to memref<*xf32>
// CHECK: call @consume(%[[CAST]])
// CHECK: memref.copy %[[HOST]], %[[G_COPY]]
// CHECK: gpu.launch_func @kernels::@k
// CHECK: memref.copy %[[G_COPY]], %[[G]]
// CHECK: return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<8xf32>, %b: memref<8xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %b[%c0] : memref<8xf32>
      memref.store %v, %a[%c0] : memref<8xf32>
      gpu.return
    }
  }
  memref.global "private" @state : memref<8xf32> = dense<0.0>
  func.func private @produce() -> memref<8xf32>
  func.func private @consume(memref<*xf32>)
  func.func @globals_and_calls() {
    %c1 = arith.constant 1 : index
    %g = memref.get_global @state : memref<8xf32>
    %r = call @produce() : () -> memref<8xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%g : memref<8xf32>, %r : memref<8xf32>)
    %cast = memref.cast %g : memref<8xf32> to memref<*xf32>
    call @consume(%cast) : (memref<*xf32>) -> ()
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%g : memref<8xf32>, %r : memref<8xf32>)
    return
  }
}

// -----

// Constant globals are not staged (they are uploaded once later), nor are
// functions without kernels, nor device code.
// CHECK-LABEL: gpu.module @kernels
// CHECK-NOT: memref.copy
// CHECK-LABEL: func.func @constants(
// CHECK-NOT: memref.copy
// CHECK: return
// CHECK-LABEL: func.func @host_only(
// CHECK-NOT: memref.copy
// CHECK: return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<8xf32>) kernel {
      gpu.return
    }
    func.func @device_helper(%a: memref<8xf32>) -> memref<8xf32> {
      return %a : memref<8xf32>
    }
  }
  memref.global "private" constant @weights : memref<8xf32> = dense<1.0>
  func.func @constants() {
    %c1 = arith.constant 1 : index
    %w = memref.get_global @weights : memref<8xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%w : memref<8xf32>)
    return
  }
  func.func @host_only(%a: memref<8xf32>) -> memref<8xf32> {
    return %a : memref<8xf32>
  }
}

// -----

// A value that cannot be copied as one block is an error; nothing changes.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<4xf32, strided<[2]>>) kernel {
      gpu.return
    }
  }
  // expected-error @below {{argument #0 reaches a kernel but is not an identity-layout memref}}
  func.func @strided(%arg: memref<4xf32, strided<[2]>>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%arg : memref<4xf32, strided<[2]>>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<4xf32, strided<[2]>>) kernel {
      gpu.return
    }
  }
  func.func @strided_result() -> memref<4xf32, strided<[2]>> {
    %c1 = arith.constant 1 : index
    %buf = memref.alloc() : memref<8xf32>
    %view = memref.subview %buf[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%view : memref<4xf32, strided<[2]>>)
    // expected-error @below {{returns operand #0, which a kernel touches, as a memref that is not an identity-layout memref}}
    return %view : memref<4xf32, strided<[2]>>
  }
}
