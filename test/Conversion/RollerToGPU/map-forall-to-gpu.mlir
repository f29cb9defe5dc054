// RUN: roller-opt %s --split-input-file --verify-diagnostics \
// RUN:   --roller-map-forall-to-gpu | FileCheck %s

// A block forall becomes a gpu.launch: a 1-D grid of the trip counts'
// product (64 x 2 blocks, linear_dim_0 fastest), a 1-D block of the
// config's threads; the thread forall becomes the threads (the barrier
// upstream's mapping puts after it is dropped by upstream's barrier
// elimination: nothing follows it). The launch keeps the config.
// CHECK-DAG: #[[ROW:.+]] = affine_map<(d0) -> (d0 floordiv 2)>
// CHECK-DAG: #[[COL:.+]] = affine_map<(d0) -> ((d0 mod 2) * 32)>
// CHECK-LABEL: func.func @relu
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
// CHECK: gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C128]], %{{.+}} = %[[C1]], %{{.+}} = %[[C1]]) threads(%{{.+}}) in (%{{.+}} = %[[C32]], %{{.+}} = %[[C1]], %{{.+}} = %[[C1]])
// CHECK: %[[I:.+]] = affine.apply #[[ROW]](%[[BX]])
// CHECK: %[[J:.+]] = affine.apply #[[COL]](%[[BX]])
// CHECK: memref.subview %{{.+}}[%[[I]], %[[J]]] [1, 32]
// CHECK: %[[TX:.+]] = gpu.thread_id x
// CHECK: memref.load
// CHECK: arith.maximumf
// CHECK: memref.store
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: } {roller.config = #roller.config<block = <shared, [1, 32]>
// CHECK-NOT: scf.forall
#cfg = #roller.config<block = <shared, [1, 32]>, thread = <register, [1, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [128], predicted_us = 0.0, bottleneck = global, max_regs = 64>
func.func @relu(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  scf.forall (%i, %j) = (0, 0) to (64, 64) step (1, 32) {
    %a = memref.subview %arg0[%i, %j] [1, 32] [1, 1] : memref<64x64xf32> to memref<1x32xf32, strided<[64, 1], offset: ?>>
    %c = memref.subview %arg1[%i, %j] [1, 32] [1, 1] : memref<64x64xf32> to memref<1x32xf32, strided<[64, 1], offset: ?>>
    scf.forall (%t) in (32) {
      %x = memref.load %a[%c0, %t] : memref<1x32xf32, strided<[64, 1], offset: ?>>
      %y = arith.maximumf %x, %cst : f32
      memref.store %y, %c[%c0, %t] : memref<1x32xf32, strided<[64, 1], offset: ?>>
    } {mapping = [#gpu.thread<linear_dim_0>]}
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>], roller.config = #cfg}
  return
}

// -----

// Two thread foralls, the second reading what the first wrote to shared
// memory: the barrier between them orders those accesses and stays; the
// one after the last goes.
// CHECK-LABEL: func.func @two_foralls
// CHECK: gpu.launch
// CHECK: memref.store %{{.+}}, %[[TILE:.+]][%{{.+}}] : memref<32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK: memref.load %[[TILE]]
// CHECK: memref.store
// CHECK-NEXT: gpu.terminator
#cfg = #roller.config<block = <shared, [1, 32]>, thread = <register, [1, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [64], predicted_us = 0.0, bottleneck = global, max_regs = 64>
func.func @two_foralls(%arg0: memref<64x32xf32>, %arg1: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c31 = arith.constant 31 : index
  scf.forall (%i) = (0) to (64) step (1) {
    %tile = memref.alloc() : memref<32xf32, #gpu.address_space<workgroup>>
    scf.forall (%t) in (32) {
      %x = memref.load %arg0[%i, %t] : memref<64x32xf32>
      memref.store %x, %tile[%t] : memref<32xf32, #gpu.address_space<workgroup>>
    } {mapping = [#gpu.thread<linear_dim_0>]}
    scf.forall (%t) in (32) {
      %r = arith.subi %c31, %t : index
      %y = memref.load %tile[%r] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %y, %arg1[%i, %t] : memref<64x32xf32>
    } {mapping = [#gpu.thread<linear_dim_0>]}
  } {mapping = [#gpu.block<linear_dim_0>], roller.config = #cfg}
  return
}

// -----

// With block_group = 6 (the selection's choice for a wide grid of a
// matmul), the blocks run in grouped order: 12 rows (linear_dim_1) x 10
// columns (linear_dim_0) of blocks per batch, in bands of 6 rows walked
// column by column: block p of a batch is row (p floordiv 60) * 6 + p mod 6,
// column (p mod 60) floordiv 6. The batch (linear_dim_2) stays outermost.
// CHECK-DAG: #[[BATCH:.+]] = affine_map<(d0) -> (d0 floordiv 120)>
// CHECK-DAG: #[[ROW:.+]] = affine_map<(d0) -> ((((d0 mod 120) floordiv 60) * 6 + d0 mod 6) * 16)>
// CHECK-DAG: #[[COL:.+]] = affine_map<(d0) -> (((d0 mod 60) floordiv 6) * 16)>
// CHECK-LABEL: func.func @grouped
// CHECK: gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %c240
// CHECK: affine.apply #[[BATCH]](%[[BX]])
// CHECK: affine.apply #[[ROW]](%[[BX]])
// CHECK: affine.apply #[[COL]](%[[BX]])
#cfg = #roller.config<block = <shared, [1, 16, 16, 8]>, thread = <register, [1, 2, 4, 1]>, padding = [0, 0], vector_width = 1, stages = 1, threads = 32, grid = [240], predicted_us = 0.0, bottleneck = global, max_regs = 64, block_group = 6>
func.func @grouped(%arg0: memref<2x192x160xf32>) {
  scf.forall (%b, %i, %j) = (0, 0, 0) to (2, 192, 160) step (1, 16, 16) {
    %tile = memref.alloc() : memref<16x16xf32, #gpu.address_space<workgroup>>
    %src = memref.subview %arg0[%b, %i, %j] [1, 16, 16] [1, 1, 1] : memref<2x192x160xf32> to memref<16x16xf32, strided<[160, 1], offset: ?>>
    scf.forall (%t) in (32) {
      memref.copy %src, %tile : memref<16x16xf32, strided<[160, 1], offset: ?>> to memref<16x16xf32, #gpu.address_space<workgroup>>
    } {mapping = [#gpu.thread<linear_dim_0>]}
  } {mapping = [#gpu.block<linear_dim_2>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>], roller.config = #cfg}
  return
}

// -----

// A band height must divide the rows of blocks (a hand-written config).
#cfg = #roller.config<block = <shared, [16, 16]>, thread = <register, [4, 4]>, padding = [0], vector_width = 1, stages = 1, threads = 32, grid = [120], predicted_us = 0.0, bottleneck = global, block_group = 5>
func.func @group_not_dividing(%arg0: memref<192x160xf32>) {
  // expected-error @+1 {{block_group 5 does not divide the 12 blocks of linear_dim_1}}
  scf.forall (%i, %j) = (0, 0) to (192, 160) step (16, 16) {
    %v = memref.subview %arg0[%i, %j] [16, 16] [1, 1] : memref<192x160xf32> to memref<16x16xf32, strided<[160, 1], offset: ?>>
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>], roller.config = #cfg}
  return
}

// -----

// A one-dimensional grid has one row of blocks: no band of two.
#cfg = #roller.config<block = <shared, [16]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, threads = 32, grid = [8], predicted_us = 0.0, bottleneck = global, block_group = 2>
func.func @group_one_row(%arg0: memref<128xf32>) {
  // expected-error @+1 {{block_group 2 does not divide the 1 blocks of linear_dim_1}}
  scf.forall (%i) = (0) to (128) step (16) {
    %v = memref.subview %arg0[%i] [16] [1] : memref<128xf32> to memref<16xf32, strided<[1], offset: ?>>
  } {mapping = [#gpu.block<linear_dim_0>], roller.config = #cfg}
  return
}

// -----

// Foralls not mapped to blocks are not this pass's.
// CHECK-LABEL: func.func @not_blocks
// CHECK-NOT: gpu.launch
// CHECK: scf.forall
func.func @not_blocks(%arg0: memref<64xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  scf.forall (%i) in (64) {
    memref.store %cst, %arg0[%i] : memref<64xf32>
  } {mapping = [#gpu.thread<linear_dim_0>]}
  return
}

// -----

#cfg = #roller.config<block = <shared, [32]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2], predicted_us = 0.0, bottleneck = global, max_regs = 64>
func.func @not_bufferized(%t: tensor<64xf32>) -> tensor<64xf32> {
  // expected-error @+1 {{block forall is not bufferized}}
  %r = scf.forall (%i) = (0) to (64) step (32) shared_outs(%o = %t) -> (tensor<64xf32>) {
  } {mapping = [#gpu.block<linear_dim_0>], roller.config = #cfg}
  return %r : tensor<64xf32>
}

// -----

func.func @no_config(%arg0: memref<64xf32>) {
  // expected-error @+1 {{block forall without a roller.config}}
  scf.forall (%i) = (0) to (64) step (32) {
  } {mapping = [#gpu.block<linear_dim_0>]}
  return
}

// -----

#cfg = #roller.config<block = <shared, [32]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2], predicted_us = 0.0, bottleneck = global, max_regs = 64>
func.func @dynamic_bounds(%n: index) {
  // expected-error @+1 {{block forall with dynamic bounds}}
  scf.forall (%i) = (0) to (%n) step (32) {
  } {mapping = [#gpu.block<linear_dim_0>], roller.config = #cfg}
  return
}

// -----

// Was (the ASan fuzz smoke): a hand-written rProgram on 2^62 x 2^62
// tensors; the block count overflowed 64 bits.
#cfg = #roller.config<block = <shared, [32, 32]>, thread = <register, [1, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2], predicted_us = 0.0, bottleneck = global, max_regs = 64>
func.func @too_many_blocks() {
  // expected-error @+1 {{block forall has more blocks than a grid holds (2^31 - 1)}}
  scf.forall (%i, %j) = (0, 0) to (4611686018427387904, 4611686018427387904) step (32, 32) {
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>], roller.config = #cfg}
  return
}

// -----

#cfg = #roller.config<block = <shared, [32]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2], predicted_us = 0.0, bottleneck = global, max_regs = 64>
func.func @not_linear(%arg0: memref<64xf32>) {
  // expected-error @+1 {{only #gpu.block<linear_dim_*> mappings are supported, got #gpu.block<x>}}
  scf.forall (%i) = (0) to (64) step (32) {
  } {mapping = [#gpu.block<x>], roller.config = #cfg}
  return
}

// -----

#cfg = #roller.config<block = <shared, [32]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2], predicted_us = 0.0, bottleneck = global, max_regs = 64>
func.func @dimension_out_of_range(%arg0: memref<64xf32>) {
  // expected-error @+1 {{linear block dimension out of range: #gpu.block<linear_dim_2>}}
  scf.forall (%i) = (0) to (64) step (32) {
  } {mapping = [#gpu.block<linear_dim_2>], roller.config = #cfg}
  return
}
