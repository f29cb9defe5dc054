// RUN: roller-opt %s --split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(roller-extern-dynamic-shared-memory))' | FileCheck %s

// Every gpu.dynamic_shared_memory of the module reads one external
// workgroup array, declared once.
// CHECK-LABEL: gpu.module @two_kernels
// CHECK: memref.global "public" @__roller_dynamic_shared_memory : memref<0xi8, #gpu.address_space<workgroup>> {alignment = 16 : i64}
// CHECK-NOT: memref.global
// CHECK-LABEL: gpu.func @first
// CHECK: %[[G:.*]] = memref.get_global @__roller_dynamic_shared_memory : memref<0xi8, #gpu.address_space<workgroup>>
// CHECK: %[[D:.*]] = memref.cast %[[G]] : memref<0xi8, #gpu.address_space<workgroup>> to memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: memref.view %[[D]]
// CHECK-LABEL: gpu.func @second
// CHECK: memref.get_global @__roller_dynamic_shared_memory
// CHECK-NOT: gpu.dynamic_shared_memory
gpu.module @two_kernels {
  gpu.func @first(%out: memref<16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %tile = memref.view %smem[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
    %v = memref.load %tile[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%c0] : memref<16xf32>
    gpu.return
  }
  gpu.func @second() kernel {
    %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A kernel without dynamic shared memory is left alone.
// CHECK-LABEL: gpu.module @static_only
// CHECK-NOT: memref.global
// CHECK: gpu.func @k
gpu.module @static_only {
  gpu.func @k() workgroup(%tile : memref<16xf32, #gpu.address_space<workgroup>>) kernel {
    gpu.return
  }
}

// -----

// The array's name taken by something else is an error.
// expected-error @below {{roller-extern-dynamic-shared-memory: the symbol '__roller_dynamic_shared_memory' is already taken}}
gpu.module @taken {
  gpu.func @__roller_dynamic_shared_memory() kernel {
    %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @wrong_global {
  // expected-error @below {{'__roller_dynamic_shared_memory' exists but is not an external workgroup i8 array}}
  memref.global "public" @__roller_dynamic_shared_memory : memref<4xi8, #gpu.address_space<workgroup>> = dense<0>
  gpu.func @k() kernel {
    %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    gpu.return
  }
}
