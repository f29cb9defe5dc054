// Staged tiles beyond the 48 KiB of static shared memory a block may have
// live in dynamic shared memory: one gpu.dynamic_shared_memory buffer, a
// memref.view per tile at 16-byte aligned offsets, and the launch's dynamic
// shared memory size set to their total (128x64 and 64x128 f32 tiles, 32768
// bytes each).
//
// RUN: roller-opt %S/Inputs/matmul-large-smem.mlir --roller-tile="device=h200" --roller-lower-rprograms \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --cse --canonicalize --roller-map-forall-to-gpu --roller-promote-workgroup-allocs 2>/dev/null | FileCheck %s

// CHECK: %[[SIZE:.*]] = arith.constant 65536 : i32
// CHECK: gpu.launch
// CHECK-SAME: dynamic_shared_memory_size %[[SIZE]]
// CHECK: %[[DYN:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK-DAG: memref.view %[[DYN]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf32, #gpu.address_space<workgroup>>
// CHECK-DAG: memref.view %[[DYN]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x128xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.alloc

// In the PTX the staged tiles are views of CUDA's extern __shared__ array,
// not of a 1-byte static variable the NVPTX back end demotes into the
// kernel (roller-extern-dynamic-shared-memory), addressed with 32-bit
// shared pointers (roller-serialize-kernels' short-pointers).
// RUN: roller-opt %S/Inputs/matmul-large-smem.mlir --roller-tile="device=h200" \
// RUN:   --convert-to-nvvm --ptx-file=%t.ptx -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// PTX: .extern .shared .align 16 .b8 __roller_dynamic_shared_memory[];
// PTX-NOT: .shared .align {{[0-9]+}} .b8 {{[_a-z0-9]+}};
// PTX: mov.b32 %r{{[0-9]+}}, __roller_dynamic_shared_memory;
