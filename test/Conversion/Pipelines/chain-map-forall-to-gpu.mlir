// The steps of --convert-to-nvvm before outlining: the bufferized block
// forall becomes a gpu.launch (grid: the 16 x 32 blocks, linear_dim_0
// fastest; block: the config's 64 threads), the thread foralls are
// distributed over thread_id x with a barrier after each, and the workgroup
// allocations inside the reduction loop become workgroup attributions.
//
// RUN: roller-opt %S/Inputs/matmul.mlir --roller-tile="device=h200" --roller-lower-rprograms \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --cse --canonicalize --roller-map-forall-to-gpu --roller-promote-workgroup-allocs 2>/dev/null | FileCheck %s

// CHECK-DAG: #{{.*}} = affine_map<(d0) -> ((d0 floordiv 32) * 64)>
// CHECK-DAG: #{{.*}} = affine_map<(d0) -> ((d0 mod 32) * 32)>
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: gpu.launch blocks(%[[BX:[a-z0-9_]+]], %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) in (%{{[a-z0-9_]+}} = %[[C512]],
// CHECK-SAME: threads(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) in (%{{[a-z0-9_]+}} = %[[C64]],
// CHECK-SAME: workgroup(%{{[a-z0-9_]+}} : memref<64x9xf32, #gpu.address_space<workgroup>>, %{{[a-z0-9_]+}} : memref<8x32xf32, #gpu.address_space<workgroup>>)
// CHECK: affine.apply #{{.*}}(%[[BX]])
// CHECK: affine.apply #{{.*}}(%[[BX]])
// CHECK: scf.for
// CHECK-NOT: memref.alloc
// CHECK: gpu.thread_id x
// CHECK: linalg.copy
// CHECK: gpu.barrier
// CHECK: gpu.thread_id x
// CHECK: linalg.copy
// CHECK: gpu.barrier
// CHECK: gpu.thread_id x
// CHECK: linalg.generic
// CHECK: gpu.barrier
// CHECK: gpu.terminator
// CHECK-NOT: scf.forall
