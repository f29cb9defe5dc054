// RUN: roller-opt %s --split-input-file | roller-opt --split-input-file | FileCheck %s
// RUN: roller-opt %s --split-input-file --mlir-print-op-generic | roller-opt --split-input-file | FileCheck %s

// Every roller op and the tile type round-trip.

#mapA = affine_map<(i, j, k) -> (i, k)>
#mapB = affine_map<(i, j, k) -> (k, j)>
#mapC = affine_map<(i, j, k) -> (i, j)>
#cfg = #roller.config<block = #roller.rtile<shared, [64, 64, 16]>,
    thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4],
    vector_width = 4, stages = 2, threads = 256, grid = [4, 4],
    predicted_us = 3.5, bottleneck = global>

// A matmul on tensors: global -> shared (padded) -> registers, compute on the
// thread tile, store back to global.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: tensor<256x64xf32>, %[[B:.*]]: tensor<64x256xf32>, %[[C:.*]]: tensor<256x256xf32>)
// CHECK: %[[R:.*]] = roller.rprogram ins(%[[A]], %[[B]] : tensor<256x64xf32>, tensor<64x256xf32>) outs(%[[C]] : tensor<256x256xf32>) config = <block = <shared, [64, 64, 16]>
// CHECK-NEXT: ^bb0(%[[a:.*]]: tensor<256x64xf32>, %[[b:.*]]: tensor<64x256xf32>, %[[c:.*]]: tensor<256x256xf32>):
// CHECK-NEXT: %[[AS:.*]] = roller.load %[[a]] : tensor<256x64xf32> -> !roller.tile<64x16xf32, shared, padding = 4>
// CHECK-NEXT: %[[BS:.*]] = roller.load %[[b]] : tensor<64x256xf32> -> !roller.tile<16x64xf32, shared, padding = 4>
// CHECK-NEXT: %[[AR:.*]] = roller.load %[[AS]] : !roller.tile<64x16xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
// CHECK-NEXT: %[[BR:.*]] = roller.load %[[BS]] : !roller.tile<16x64xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
// CHECK-NEXT: %[[CR:.*]] = roller.load %[[c]] : tensor<256x256xf32> -> !roller.tile<4x4xf32, register>
// CHECK-NEXT: %[[ACC:.*]] = roller.compute ins(%[[AR]], %[[BR]] : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%[[CR]] : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "reduction"]} {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[Z:.*]]: f32):
// CHECK: roller.yield %{{.*}} : f32
// CHECK-NEXT: } -> !roller.tile<4x4xf32, register>
// CHECK-NEXT: %[[ST:.*]] = roller.store %[[ACC]] into %[[c]] : !roller.tile<4x4xf32, register> into tensor<256x256xf32>
// CHECK-NEXT: roller.yield %[[ST]] : tensor<256x256xf32>
// CHECK-NEXT: } -> tensor<256x256xf32>
// CHECK: return %[[R]]
func.func @matmul(%A: tensor<256x64xf32>, %B: tensor<64x256xf32>,
                  %C: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<256x64xf32>, tensor<64x256xf32>)
      outs(%C : tensor<256x256xf32>) config = #cfg {
  ^bb0(%a: tensor<256x64xf32>, %b: tensor<64x256xf32>, %c: tensor<256x256xf32>):
    %as = roller.load %a : tensor<256x64xf32> -> !roller.tile<64x16xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<64x256xf32> -> !roller.tile<16x64xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<64x16xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<16x64xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<256x256xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>)
        inits(%cr : !roller.tile<4x4xf32, register>)
        attributes {indexing_maps = [#mapA, #mapB, #mapC],
                    iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<256x256xf32>
    roller.yield %r : tensor<256x256xf32>
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

#id = affine_map<(i) -> (i)>
#cfg = #roller.config<block = #roller.rtile<shared, [1024]>,
    thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4,
    stages = 1, staged = false, threads = 256, grid = [4], predicted_us = 0.5,
    bottleneck = global>

// An elementwise op on memrefs: one level (global -> registers), no results,
// and a store that returns nothing.
// CHECK-LABEL: func.func @relu
// CHECK: roller.rprogram ins(%{{.*}} : memref<4096xf32>) outs(%{{.*}} : memref<4096xf32>)
// CHECK: roller.load %{{.*}} : memref<4096xf32> -> !roller.tile<4xf32, register>
// CHECK: roller.compute
// CHECK: roller.store %{{.*}} into %{{.*}} : !roller.tile<4xf32, register> into memref<4096xf32>
// CHECK-NOT: roller.yield %
// CHECK: return
func.func @relu(%X: memref<4096xf32>, %Y: memref<4096xf32>) {
  roller.rprogram ins(%X : memref<4096xf32>) outs(%Y : memref<4096xf32>)
      config = #cfg {
  ^bb0(%x: memref<4096xf32>, %y: memref<4096xf32>):
    %xr = roller.load %x : memref<4096xf32> -> !roller.tile<4xf32, register>
    %yr = roller.load %y : memref<4096xf32> -> !roller.tile<4xf32, register>
    %o = roller.compute ins(%xr : !roller.tile<4xf32, register>)
        inits(%yr : !roller.tile<4xf32, register>)
        attributes {indexing_maps = [#id, #id], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %unused: f32):
      %zero = arith.constant 0.0 : f32
      %m = arith.maximumf %v, %zero : f32
      roller.yield %m : f32
    } -> !roller.tile<4xf32, register>
    roller.store %o into %y : !roller.tile<4xf32, register> into memref<4096xf32>
  }
  return
}

// -----

#in = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, c, oh * 2 + kh, ow * 2 + kw)>
#flt = affine_map<(n, f, oh, ow, c, kh, kw) -> (f, c, kh, kw)>
#out = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, f, oh, ow)>
#cfg = #roller.config<block = #roller.rtile<shared, [1, 16, 4, 8, 8, 3, 3]>,
    thread = #roller.rtile<register, [1, 2, 2, 2, 1, 1, 1]>, padding = [1, 0],
    vector_width = 1, stages = 1, threads = 64, grid = [2],
    predicted_us = 0.75, bottleneck = shared>

// A strided convolution: the input tiles are the image of the rTile through
// `2 * oh + kh` (4 rows of output need 2*3+2+1 = 9 input rows), and the
// device given on the op bounds its capacities.
// CHECK-LABEL: func.func @conv_stride2
// CHECK: roller.rprogram
// CHECK-SAME: device = #roller_tiny
// CHECK: -> !roller.tile<1x8x9x17xf32, shared, padding = 1>
// CHECK: -> !roller.tile<16x8x3x3xf32, shared>
// CHECK: -> !roller.tile<1x1x3x3xf32, register>
func.func @conv_stride2(%I: tensor<1x8x17x17xf32>, %F: tensor<16x8x3x3xf32>,
                        %O: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %0 = roller.rprogram ins(%I, %F : tensor<1x8x17x17xf32>, tensor<16x8x3x3xf32>)
      outs(%O : tensor<1x16x8x8xf32>) config = #cfg
      device = #roller.device<name = "tiny", chip = "sm_80",
        sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0,
        max_threads_per_block = 1024, max_threads_per_sm = 2048,
        max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536,
        regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 16384,
        smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128,
        l2_bytes = 1048576,
        peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>],
        mma_shapes = [],
        levels = [
          #roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>,
          #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>,
          #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]> {
  ^bb0(%i: tensor<1x8x17x17xf32>, %f: tensor<16x8x3x3xf32>, %o: tensor<1x16x8x8xf32>):
    %is = roller.load %i : tensor<1x8x17x17xf32> -> !roller.tile<1x8x9x17xf32, shared, padding = 1>
    %fs = roller.load %f : tensor<16x8x3x3xf32> -> !roller.tile<16x8x3x3xf32, shared>
    %ir = roller.load %is : !roller.tile<1x8x9x17xf32, shared, padding = 1> -> !roller.tile<1x1x3x3xf32, register>
    %fr = roller.load %fs : !roller.tile<16x8x3x3xf32, shared> -> !roller.tile<2x1x1x1xf32, register>
    %or = roller.load %o : tensor<1x16x8x8xf32> -> !roller.tile<1x2x2x2xf32, register>
    %acc = roller.compute ins(%ir, %fr : !roller.tile<1x1x3x3xf32, register>, !roller.tile<2x1x1x1xf32, register>)
        inits(%or : !roller.tile<1x2x2x2xf32, register>)
        attributes {indexing_maps = [#in, #flt, #out],
                    iterator_types = ["parallel", "parallel", "parallel", "parallel",
                                      "reduction", "reduction", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x2x2x2xf32, register>
    %r = roller.store %acc into %o : !roller.tile<1x2x2x2xf32, register> into tensor<1x16x8x8xf32>
    roller.yield %r : tensor<1x16x8x8xf32>
  } -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// Tile types with and without padding, as function arguments.
// CHECK-LABEL: func.func private @tile_types(!roller.tile<128x32xf16, shared, padding = 8>, !roller.tile<8x8xf32, register>, !roller.tile<4xi8, shared>)
func.func private @tile_types(!roller.tile<128x32xf16, shared, padding = 8>,
                              !roller.tile<8x8xf32, register>,
                              !roller.tile<4xi8, shared, padding = 0>)

// -----

// An operator and its epilogue: the matmul's accumulators, plus a bias.
// CHECK-LABEL: func.func @epilogue
// CHECK: roller.compute
// CHECK: roller.compute ins(%{{.*}}, %{{.*}} : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%{{.*}} : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 1>
#cfg_epilogue = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @epilogue(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg_epilogue {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %y = roller.compute ins(%acc, %bv : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 1>, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
