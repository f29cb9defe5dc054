// RUN: roller-opt %s --split-input-file --roller-lower-rprograms | FileCheck %s

// The loop structure --roller-lower-rprograms builds from a #roller.config:
// block forall (#gpu.block), reduction-step loops, padded workgroup buffers
// filled by cooperative thread foralls, thread-tile forall (#gpu.thread).

// A staged matmul: blocks over (i, j), reduction steps of 16 over k, one padded
// workgroup buffer per input filled by a thread forall, thread tiles of 4x4
// with a per-thread loop over the 16-wide step.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: tensor<256x64xf32>, %[[B:.*]]: tensor<64x256xf32>, %[[C:.*]]: tensor<256x256xf32>)
// CHECK-NOT: roller.
// CHECK: %[[R:.*]] = scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (256, 256) step (64, 64) shared_outs(%[[CB:.*]] = %[[C]])
// CHECK-DAG: %[[AB:.*]] = tensor.extract_slice %[[A]][%[[I]], 0] [64, 64] [1, 1]
// CHECK-DAG: %[[BB:.*]] = tensor.extract_slice %[[B]][0, %[[J]]] [64, 64] [1, 1]
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %[[C16]] iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<64x64xf32>)
// CHECK-DAG: %[[AK:.*]] = tensor.extract_slice %[[AB]][0, %[[K]]] [64, 16] [1, 1]
// CHECK-DAG: %[[BK:.*]] = tensor.extract_slice %[[BB]][%[[K]], 0] [16, 64] [1, 1]
// CHECK: %[[ABUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<64x20xf32>
// CHECK: %[[AVIEW:.*]] = tensor.extract_slice %[[ABUF]][0, 0] [64, 16] [1, 1] : tensor<64x20xf32> to tensor<64x16xf32>
// CHECK: %[[AS:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (64, 4) shared_outs(%{{.*}} = %[[AVIEW]])
// CHECK: linalg.copy ins(%{{.*}} : tensor<1x4xf32>) outs(%{{.*}} : tensor<1x4xf32>)
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: %[[BBUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<16x68xf32>
// CHECK: %[[BVIEW:.*]] = tensor.extract_slice %[[BBUF]][0, 0] [16, 64] [1, 1] : tensor<16x68xf32> to tensor<16x64xf32>
// CHECK: %[[BS:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (16, 16) shared_outs(%{{.*}} = %[[BVIEW]])
// CHECK: linalg.copy ins(%{{.*}} : tensor<1x4xf32>) outs(%{{.*}} : tensor<1x4xf32>)
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (16, 16) shared_outs(%{{.*}} = %[[ACC]]) -> (tensor<64x64xf32>)
// CHECK-DAG: %[[AT:.*]] = tensor.extract_slice %[[AS]][%{{.*}}, 0] [4, 16] [1, 1]
// CHECK-DAG: %[[BT:.*]] = tensor.extract_slice %[[BS]][0, %{{.*}}] [16, 4] [1, 1]
// CHECK: scf.for %[[KK:.*]] = %{{.*}} to %[[C16]] step %{{.*}} iter_args
// CHECK-DAG: %[[AR:.*]] = tensor.extract_slice %[[AT]][0, %[[KK]]] [4, 1] [1, 1]
// CHECK-DAG: %[[BR:.*]] = tensor.extract_slice %[[BT]][%[[KK]], 0] [1, 4] [1, 1]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[AR]], %[[BR]] : tensor<4x1xf32>, tensor<1x4xf32>) outs(%{{.*}} : tensor<4x4xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>], roller.config = #roller.config<block = <shared, [64, 64, 16]>
// CHECK: return %[[R]]
func.func @matmul(%in0: tensor<256x64xf32>, %in1: tensor<64x256xf32>, %out0: tensor<256x256xf32>) -> (tensor<256x256xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<256x64xf32>, tensor<64x256xf32>) outs(%out0 : tensor<256x256xf32>)
      config = #roller.config<block = #roller.rtile<shared, [64, 64, 16]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 256, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<256x64xf32>, %a1: tensor<64x256xf32>, %o0: tensor<256x256xf32>):
    %s0 = roller.load %a0 : tensor<256x64xf32> -> !roller.tile<64x16xf32, shared, padding = 4>
    %x0 = roller.load %s0 : !roller.tile<64x16xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %s1 = roller.load %a1 : tensor<64x256xf32> -> !roller.tile<16x64xf32, shared, padding = 4>
    %x1 = roller.load %s1 : !roller.tile<16x64xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %c0 = roller.load %o0 : tensor<256x256xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%c0 : !roller.tile<4x4xf32, register>)
        attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<4x4xf32, register> into tensor<256x256xf32>
    roller.yield %st0 : tensor<256x256xf32>
  } -> tensor<256x256xf32>
  return %r0 : tensor<256x256xf32>
}

// -----

// A stride-2 convolution: 4 output rows of a block read 9 input rows, staged
// in a 1x8x9x18 buffer (padding 1 on the innermost dimension); the filter
// needs no padding. Thread tiles of 2x2x2 over (f, oh, ow), 8x2x4 threads.
// CHECK-LABEL: func.func @conv_stride2
// CHECK: scf.forall (%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) = (0, 0, 0, 0) to (1, 16, 8, 8) step (1, 16, 4, 8)
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0, %{{.*}}, %{{.*}}] [1, 8, 9, 17] [1, 1, 1, 1] : tensor<1x8x17x17xf32> to tensor<1x8x9x17xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[IBUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x8x9x18xf32>
// CHECK: tensor.extract_slice %[[IBUF]][0, 0, 0, 0] [1, 8, 9, 17] [1, 1, 1, 1] : tensor<1x8x9x18xf32> to tensor<1x8x9x17xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (3, 17)
// CHECK: linalg.copy
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: %[[FBUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<16x8x3x3xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}, %{{.*}}) in (4, 3, 3) shared_outs(%{{.*}} = %[[FBUF]])
// CHECK: linalg.copy
// CHECK: } {mapping = [#gpu.thread<linear_dim_2>, #gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: scf.forall (%{{.*}}, %{{.*}}, %{{.*}}) in (8, 2, 4)
// CHECK: tensor.extract_slice %{{.*}}[0, 0, %{{.*}}, %{{.*}}] [1, 8, 5, 5] [1, 1, 1, 1] : tensor<1x8x9x17xf32> to tensor<1x8x5x5xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) outs(%{{.*}} : tensor<1x2x2x2xf32>)
// CHECK: } {mapping = [#gpu.thread<linear_dim_2>, #gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: } {mapping = [#gpu.block<linear_dim_3>, #gpu.block<linear_dim_2>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]
func.func @conv_stride2(%in0: tensor<1x8x17x17xf32>, %in1: tensor<16x8x3x3xf32>, %out0: tensor<1x16x8x8xf32>) -> (tensor<1x16x8x8xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<1x8x17x17xf32>, tensor<16x8x3x3xf32>) outs(%out0 : tensor<1x16x8x8xf32>)
      config = #roller.config<block = #roller.rtile<shared, [1, 16, 4, 8, 8, 3, 3]>, thread = #roller.rtile<register, [1, 2, 2, 2, 1, 1, 1]>, padding = [1, 0], vector_width = 1, stages = 1, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<1x8x17x17xf32>, %a1: tensor<16x8x3x3xf32>, %o0: tensor<1x16x8x8xf32>):
    %s0 = roller.load %a0 : tensor<1x8x17x17xf32> -> !roller.tile<1x8x9x17xf32, shared, padding = 1>
    %x0 = roller.load %s0 : !roller.tile<1x8x9x17xf32, shared, padding = 1> -> !roller.tile<1x1x3x3xf32, register>
    %s1 = roller.load %a1 : tensor<16x8x3x3xf32> -> !roller.tile<16x8x3x3xf32, shared>
    %x1 = roller.load %s1 : !roller.tile<16x8x3x3xf32, shared> -> !roller.tile<2x1x1x1xf32, register>
    %c0 = roller.load %o0 : tensor<1x16x8x8xf32> -> !roller.tile<1x2x2x2xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<1x1x3x3xf32, register>, !roller.tile<2x1x1x1xf32, register>) inits(%c0 : !roller.tile<1x2x2x2xf32, register>)
        attributes {indexing_maps = [affine_map<(n, f, oh, ow, c, kh, kw) -> (n, c, oh * 2 + kh, ow * 2 + kw)>, affine_map<(n, f, oh, ow, c, kh, kw) -> (f, c, kh, kw)>, affine_map<(n, f, oh, ow, c, kh, kw) -> (n, f, oh, ow)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x2x2x2xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<1x2x2x2xf32, register> into tensor<1x16x8x8xf32>
    roller.yield %st0 : tensor<1x16x8x8xf32>
  } -> tensor<1x16x8x8xf32>
  return %r0 : tensor<1x16x8x8xf32>
}

// -----

// An elementwise op with staged = false: no workgroup buffer, the threads read
// global memory; the last block of 1000 = 3 * 256 + 232 has a dynamic size.
// CHECK-LABEL: func.func @relu
// CHECK-NOT: alloc_tensor
// CHECK: scf.forall (%[[I:.*]]) = (0) to (1000) step (256)
// CHECK: %[[N:.*]] = affine.min #{{.*}}(%[[I]])
// CHECK: scf.forall (%{{.*}}) in (64)
// CHECK: affine.min #{{.*}}(%{{.*}})[%[[N]]]
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<?xf32>) outs(%{{.*}} : tensor<?xf32>)
// CHECK: arith.maximumf
// CHECK: } {mapping = [#gpu.thread<linear_dim_0>]}
// CHECK: } {mapping = [#gpu.block<linear_dim_0>]
// CHECK-NOT: alloc_tensor
// CHECK: return
func.func @relu(%in0: tensor<1000xf32>, %out0: tensor<1000xf32>) -> (tensor<1000xf32>) {
  %r0 = roller.rprogram ins(%in0 : tensor<1000xf32>) outs(%out0 : tensor<1000xf32>)
      config = #roller.config<block = #roller.rtile<shared, [256]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<1000xf32>, %o0: tensor<1000xf32>):
    %x0 = roller.load %a0 : tensor<1000xf32> -> !roller.tile<4xf32, register>
    %c0 = roller.load %o0 : tensor<1000xf32> -> !roller.tile<4xf32, register>
    %acc = roller.compute ins(%x0 : !roller.tile<4xf32, register>) inits(%c0 : !roller.tile<4xf32, register>)
        attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%x: f32, %unused: f32):
      %zero = arith.constant 0.0 : f32
      %m = arith.maximumf %x, %zero : f32
      roller.yield %m : f32
    } -> !roller.tile<4xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<4xf32, register> into tensor<1000xf32>
    roller.yield %st0 : tensor<1000xf32>
  } -> tensor<1000xf32>
  return %r0 : tensor<1000xf32>
}

// -----

// The same on memrefs: read-only and writable tensor views of the buffers, the
// result materialized in place into the output.
// CHECK-LABEL: func.func @relu_memref
// CHECK-SAME: (%[[X:.*]]: memref<4096xf32>, %[[Y:.*]]: memref<4096xf32>)
// CHECK: %[[XT:.*]] = bufferization.to_tensor %[[X]] restrict : memref<4096xf32> to tensor<4096xf32>
// CHECK: %[[YT:.*]] = bufferization.to_tensor %[[Y]] restrict writable : memref<4096xf32> to tensor<4096xf32>
// CHECK: %[[R:.*]] = scf.forall (%{{.*}}) = (0) to (4096) step (1024) shared_outs(%{{.*}} = %[[YT]])
// CHECK: scf.forall (%{{.*}}) in (256)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK: bufferization.materialize_in_destination %[[R]] in restrict writable %[[Y]] : (tensor<4096xf32>, memref<4096xf32>) -> ()
// CHECK-NEXT: return
func.func @relu_memref(%in0: memref<4096xf32>, %out0: memref<4096xf32>) {
  roller.rprogram ins(%in0 : memref<4096xf32>) outs(%out0 : memref<4096xf32>)
      config = #roller.config<block = #roller.rtile<shared, [1024]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 256, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: memref<4096xf32>, %o0: memref<4096xf32>):
    %x0 = roller.load %a0 : memref<4096xf32> -> !roller.tile<4xf32, register>
    %c0 = roller.load %o0 : memref<4096xf32> -> !roller.tile<4xf32, register>
    %acc = roller.compute ins(%x0 : !roller.tile<4xf32, register>) inits(%c0 : !roller.tile<4xf32, register>)
        attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%x: f32, %unused: f32):
      %zero = arith.constant 0.0 : f32
      %m = arith.maximumf %x, %zero : f32
      roller.yield %m : f32
    } -> !roller.tile<4xf32, register>
    roller.store %acc into %o0 : !roller.tile<4xf32, register> into memref<4096xf32>
  }
  return
}

// -----

// An irregular matmul: boundary blocks and reduction steps get affine.min sizes;
// the buffers keep their static padded shapes and are viewed at the dynamic
// size; copy and thread foralls keep static trip counts (threads past the
// edge get empty tiles through affine.max(0, ...)).
// CHECK-LABEL: func.func @matmul_irregular
// CHECK: scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (100, 70) step (64, 32)
// CHECK-DAG: %[[M:.*]] = affine.min #{{.*}}(%[[I]])
// CHECK-DAG: %[[N:.*]] = affine.min #{{.*}}(%[[J]])
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<?x?xf32>)
// CHECK: %[[KS:.*]] = affine.min #{{.*}}(%[[K]])
// CHECK: %[[ABUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<64x20xf32>
// CHECK: tensor.extract_slice %[[ABUF]][0, 0] [%[[M]], %[[KS]]] [1, 1] : tensor<64x20xf32> to tensor<?x?xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (32, 4)
// CHECK: affine.min #{{.*}}(%{{.*}})[%[[M]]]
// CHECK: affine.max
// CHECK: linalg.copy ins(%{{.*}} : tensor<?x?xf32>) outs(%{{.*}} : tensor<?x?xf32>)
// CHECK: %[[BBUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<16x36xf32>
// CHECK: tensor.extract_slice %[[BBUF]][0, 0] [%[[KS]], %[[N]]] [1, 1] : tensor<16x36xf32> to tensor<?x?xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (16, 8)
// CHECK: linalg.copy
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (16, 8)
// CHECK: affine.min
// CHECK: affine.max
// CHECK: scf.for
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<?x1xf32>, tensor<1x?xf32>) outs(%{{.*}} : tensor<?x?xf32>)
func.func @matmul_irregular(%in0: tensor<100x50xf32>, %in1: tensor<50x70xf32>, %out0: tensor<100x70xf32>) -> (tensor<100x70xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<100x50xf32>, tensor<50x70xf32>) outs(%out0 : tensor<100x70xf32>)
      config = #roller.config<block = #roller.rtile<shared, [64, 32, 16]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 128, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<100x50xf32>, %a1: tensor<50x70xf32>, %o0: tensor<100x70xf32>):
    %s0 = roller.load %a0 : tensor<100x50xf32> -> !roller.tile<64x16xf32, shared, padding = 4>
    %x0 = roller.load %s0 : !roller.tile<64x16xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %s1 = roller.load %a1 : tensor<50x70xf32> -> !roller.tile<16x32xf32, shared, padding = 4>
    %x1 = roller.load %s1 : !roller.tile<16x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %c0 = roller.load %o0 : tensor<100x70xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%c0 : !roller.tile<4x4xf32, register>)
        attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<4x4xf32, register> into tensor<100x70xf32>
    roller.yield %st0 : tensor<100x70xf32>
  } -> tensor<100x70xf32>
  return %r0 : tensor<100x70xf32>
}

// -----

// An MMA config (f16): the thread rTile is a warp tile, so the compute forall
// is mapped to warps (2x2 warps of 16x16); the copies still use all threads.
// CHECK-LABEL: func.func @matmul_f16_mma
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (64, 48) step (32, 32)
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<32x24xf16>
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<16x40xf16>
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 2)
// CHECK-NOT: scf.for
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<16x?xf16>, tensor<?x?xf16>) outs(%{{.*}} : tensor<16x?xf32>)
// CHECK: arith.extf
// CHECK: } {mapping = [#gpu.warp<linear_dim_1>, #gpu.warp<linear_dim_0>]}
// CHECK: } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]
func.func @matmul_f16_mma(%in0: tensor<64x40xf16>, %in1: tensor<40x48xf16>, %out0: tensor<64x48xf32>) -> (tensor<64x48xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<64x40xf16>, tensor<40x48xf16>) outs(%out0 : tensor<64x48xf32>)
      config = #roller.config<block = #roller.rtile<shared, [32, 32, 16]>, thread = #roller.rtile<register, [16, 16, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 8, stages = 1, threads = 128, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<64x40xf16>, %a1: tensor<40x48xf16>, %o0: tensor<64x48xf32>):
    %s0 = roller.load %a0 : tensor<64x40xf16> -> !roller.tile<32x16xf16, shared, padding = 8>
    %x0 = roller.load %s0 : !roller.tile<32x16xf16, shared, padding = 8> -> !roller.tile<16x16xf16, register>
    %s1 = roller.load %a1 : tensor<40x48xf16> -> !roller.tile<16x32xf16, shared, padding = 8>
    %x1 = roller.load %s1 : !roller.tile<16x32xf16, shared, padding = 8> -> !roller.tile<16x16xf16, register>
    %c0 = roller.load %o0 : tensor<64x48xf32> -> !roller.tile<16x16xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<16x16xf16, register>, !roller.tile<16x16xf16, register>) inits(%c0 : !roller.tile<16x16xf32, register>)
        attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f16, %y: f16, %z: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %m = arith.mulf %xf, %yf : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<16x16xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<16x16xf32, register> into tensor<64x48xf32>
    roller.yield %st0 : tensor<64x48xf32>
  } -> tensor<64x48xf32>
  return %r0 : tensor<64x48xf32>
}


// -----

// roller.index becomes linalg.index in the rebuilt operator, which upstream
// tiling offsets by the block's and the thread's positions, so the body
// still sees the operator's own index (within the one-element thread tile
// it is 0, which folds away).
// CHECK: #[[OFF:.+]] = affine_map<(d0, d1) -> (d0 + d1)>
// CHECK-LABEL: func.func @uses_index
// CHECK: scf.forall (%[[B:.*]]) = (0) to (64) step (32)
// CHECK: scf.forall (%[[T:.*]]) in (32)
// CHECK: %[[G:.*]] = affine.apply #[[OFF]](%[[B]], %[[T]])
// CHECK: arith.index_cast %[[G]] : index to i32
// CHECK-NOT: roller.index
func.func @uses_index(%arg0: tensor<64xf32>) -> tensor<64xf32> {
  %0 = roller.rprogram outs(%arg0 : tensor<64xf32>) config = <block = <shared, [32]>, thread = <register, [1]>, padding = [], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2], predicted_us = 0.01, bottleneck = global, max_regs = 32> {
  ^bb0(%arg1: tensor<64xf32>):
    %1 = roller.load %arg1 : tensor<64xf32> -> !roller.tile<1xf32, register>
    %2 = roller.compute inits(%1 : !roller.tile<1xf32, register>) attributes {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} {
    ^bb0(%arg2: f32):
      %4 = roller.index 0 : index
      %5 = arith.index_cast %4 : index to i32
      %6 = arith.sitofp %5 : i32 to f32
      roller.yield %6 : f32
    } -> !roller.tile<1xf32, register>
    %3 = roller.store %2 into %arg1 : !roller.tile<1xf32, register> into tensor<64xf32>
    roller.yield %3 : tensor<64xf32>
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// An epilogue is fused into the block loop (a second shared output, the
// epilogue's), after the reduction loop, and tiled over the same threads as
// the operator: each thread applies it to the elements it accumulated.
// CHECK-LABEL: func.func @epilogue
// CHECK: %[[R:.*]]:2 = scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (8, 8) step (8, 8) shared_outs(%{{.*}} = %arg2, %[[OUT:.*]] = %arg4)
// CHECK: %[[ACC:.*]] = scf.for
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (8, 8)
// CHECK: arith.mulf
// CHECK: mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]
// CHECK: scf.forall (%[[TI:.*]], %[[TJ:.*]]) in (8, 8)
// CHECK: tensor.extract_slice %[[ACC]][%[[TI]], %[[TJ]]] [1, 1] [1, 1]
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]
// CHECK: roller.config
// CHECK: return %[[R]]#1
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

// -----

// An input a tensor.pad gives, staged: the pad is never computed; each
// block's staging copy reads the pad's source at a clamped position and
// writes the padding value where the tile leaves the source.
// CHECK: #[[MINUS1:.*]] = affine_map<(d0) -> (d0 - 1)>
// CHECK-LABEL: func.func @staged_pad
// CHECK-SAME: (%[[X:.*]]: tensor<64xf32>,
// CHECK-NOT: tensor.pad
// CHECK: scf.forall (%[[I:.*]]) = (0) to (64) step (32)
// CHECK: %[[BUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<34xf32>
// CHECK: scf.forall (%{{.*}}) in (17) shared_outs(%{{.*}} = %[[BUF]])
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2xf32>)
// CHECK: linalg.index 0
// CHECK: %[[POS:.*]] = affine.apply #[[MINUS1]](%{{.*}})
// CHECK: %[[C63:.*]] = arith.constant 63 : index
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[POS]]
// CHECK: %[[LE:.*]] = arith.cmpi sle, %[[POS]], %[[C63]]
// CHECK: %[[IN:.*]] = arith.andi %[[GE]], %[[LE]]
// CHECK: %[[MIN:.*]] = arith.minsi %[[POS]], %[[C63]]
// CHECK: %[[CL:.*]] = arith.maxsi %[[MIN]]
// CHECK: %[[E:.*]] = tensor.extract %[[X]][%[[CL]]]
// CHECK: %[[PV:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.select %[[IN]], %[[E]], %[[PV]]
// CHECK-NOT: tensor.pad
// CHECK: return
func.func @staged_pad(%x: tensor<64xf32>, %w: tensor<3xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<64xf32> to tensor<66xf32>
  %0 = roller.rprogram ins(%p, %w : tensor<66xf32>, tensor<3xf32>) outs(%init : tensor<64xf32>)
      config = #roller.config<block = #roller.rtile<shared, [32, 3]>, thread = #roller.rtile<register, [1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, threads = 32, grid = [2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<66xf32>, %b: tensor<3xf32>, %c: tensor<64xf32>):
    %1 = roller.load %a : tensor<66xf32> -> !roller.tile<34xf32, shared>
    %2 = roller.load %1 : !roller.tile<34xf32, shared> -> !roller.tile<1xf32, register>
    %3 = roller.load %b : tensor<3xf32> -> !roller.tile<3xf32, shared>
    %4 = roller.load %3 : !roller.tile<3xf32, shared> -> !roller.tile<1xf32, register>
    %5 = roller.load %c : tensor<64xf32> -> !roller.tile<1xf32, register>
    %6 = roller.compute ins(%2, %4 : !roller.tile<1xf32, register>, !roller.tile<1xf32, register>) inits(%5 : !roller.tile<1xf32, register>) attributes {indexing_maps = [affine_map<(i, k) -> (i + k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} {
    ^bb0(%u: f32, %v: f32, %s: f32):
      %m = arith.mulf %u, %v : f32
      %n = arith.addf %s, %m : f32
      roller.yield %n : f32
    } -> !roller.tile<1xf32, register>
    %7 = roller.store %6 into %c : !roller.tile<1xf32, register> into tensor<64xf32>
    roller.yield %7 : tensor<64xf32>
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// The same input read straight into registers (staged = false): the op
// loses the padded operand and reads the pad's source in its body, at the
// position the operand's indexing map gives, less the low padding.
// CHECK: #[[SHIFTED:.*]] = affine_map<(d0, d1, d2)[s0] -> (d0 + d1 + d2 + s0 - 2)>
// CHECK-LABEL: func.func @unstaged_pad
// CHECK-SAME: (%[[X:.*]]: tensor<64xf32>, %[[W:.*]]: tensor<3xf32>,
// CHECK-NOT: tensor.pad
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<3xf32>) outs(%{{.*}} : tensor<1xf32>)
// CHECK-NEXT: ^bb0(%[[WV:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: linalg.index 1
// CHECK: affine.apply #[[SHIFTED]](
// CHECK: %[[E:.*]] = tensor.extract %[[X]]
// CHECK: %[[PV:.*]] = arith.constant -1.000000e+00 : f32
// CHECK: %[[V:.*]] = arith.select %{{.*}}, %[[E]], %[[PV]]
// CHECK: arith.mulf %[[V]], %[[WV]]
// CHECK-NOT: tensor.pad
// CHECK: return
func.func @unstaged_pad(%x: tensor<64xf32>, %w: tensor<3xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %zero = arith.constant -1.0 : f32
  %p = tensor.pad %x low[2] high[0] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<64xf32> to tensor<66xf32>
  %0 = roller.rprogram ins(%p, %w : tensor<66xf32>, tensor<3xf32>) outs(%init : tensor<64xf32>)
      config = #roller.config<block = #roller.rtile<shared, [32, 3]>, thread = #roller.rtile<register, [1, 3]>, padding = [0, 0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<66xf32>, %b: tensor<3xf32>, %c: tensor<64xf32>):
    %2 = roller.load %a : tensor<66xf32> -> !roller.tile<3xf32, register>
    %4 = roller.load %b : tensor<3xf32> -> !roller.tile<3xf32, register>
    %5 = roller.load %c : tensor<64xf32> -> !roller.tile<1xf32, register>
    %6 = roller.compute ins(%2, %4 : !roller.tile<3xf32, register>, !roller.tile<3xf32, register>) inits(%5 : !roller.tile<1xf32, register>) attributes {indexing_maps = [affine_map<(i, k) -> (i + k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} {
    ^bb0(%u: f32, %v: f32, %s: f32):
      %m = arith.mulf %u, %v : f32
      %n = arith.addf %s, %m : f32
      roller.yield %n : f32
    } -> !roller.tile<1xf32, register>
    %7 = roller.store %6 into %c : !roller.tile<1xf32, register> into tensor<64xf32>
    roller.yield %7 : tensor<64xf32>
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// An output that only a fill initializes starts from the fill in the
// kernel: each block's threads fill its output tile before the reduction
// steps, and the fill is marked `roller.accumulator_fill` (the GPU path
// starts the accumulators from its value instead of reading it back).
// CHECK-LABEL: func.func @filled_matmul
// CHECK-NOT: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<256x256xf32>)
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (256, 256) step (64, 64)
// CHECK: scf.forall
// CHECK: linalg.fill {roller.accumulator_fill} ins(%{{.*}} : f32) outs(%{{.*}} : tensor<{{.*}}xf32>)
// CHECK: } {mapping = [#gpu.thread
// CHECK: scf.for
func.func @filled_matmul(%in0: tensor<256x64xf32>, %in1: tensor<64x256xf32>) -> (tensor<256x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<256x256xf32>
  %out0 = linalg.fill ins(%zero : f32) outs(%empty : tensor<256x256xf32>) -> tensor<256x256xf32>
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<256x64xf32>, tensor<64x256xf32>) outs(%out0 : tensor<256x256xf32>)
      config = #roller.config<block = #roller.rtile<shared, [64, 64, 16]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 256, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<256x64xf32>, %a1: tensor<64x256xf32>, %o0: tensor<256x256xf32>):
    %s0 = roller.load %a0 : tensor<256x64xf32> -> !roller.tile<64x16xf32, shared, padding = 4>
    %x0 = roller.load %s0 : !roller.tile<64x16xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %s1 = roller.load %a1 : tensor<64x256xf32> -> !roller.tile<16x64xf32, shared, padding = 4>
    %x1 = roller.load %s1 : !roller.tile<16x64xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %c0 = roller.load %o0 : tensor<256x256xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%c0 : !roller.tile<4x4xf32, register>)
        attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<4x4xf32, register> into tensor<256x256xf32>
    roller.yield %st0 : tensor<256x256xf32>
  } -> tensor<256x256xf32>
  return %r0 : tensor<256x256xf32>
}

// -----

// Staging chunks count vector_width in elements of the widest type (f32
// here, 16 bytes): the f16 A tile is copied 8 halves per thread chunk (one
// 16-byte cp.async on the GPU path); B's rows of 36 halves do not divide
// into chunks of 8, so it keeps chunks of 4 (each chunk as aligned as its
// size).
// CHECK-LABEL: func.func @staging_chunks
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<16x32xf16>
// CHECK-NEXT: scf.forall (%{{.*}}, %{{.*}}) in (8, 4)
// CHECK: linalg.copy ins(%{{.*}} : tensor<2x8xf16>) outs(%{{.*}} : tensor<2x8xf16>)
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<32x8xf16>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (16, 2)
// CHECK: linalg.copy ins(%{{.*}} : tensor<2x?xf16>) outs(%{{.*}} : tensor<2x?xf16>)
func.func @staging_chunks(%in0: tensor<16x64xf16>, %in1: tensor<64x36xf16>, %out0: tensor<16x36xf32>) -> (tensor<16x36xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<16x64xf16>, tensor<64x36xf16>) outs(%out0 : tensor<16x36xf32>)
      config = #roller.config<block = #roller.rtile<shared, [16, 8, 32]>, thread = #roller.rtile<register, [2, 2, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 32, grid = [5], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<16x64xf16>, %a1: tensor<64x36xf16>, %o0: tensor<16x36xf32>):
    %s0 = roller.load %a0 : tensor<16x64xf16> -> !roller.tile<16x32xf16, shared>
    %x0 = roller.load %s0 : !roller.tile<16x32xf16, shared> -> !roller.tile<2x1xf16, register>
    %s1 = roller.load %a1 : tensor<64x36xf16> -> !roller.tile<32x8xf16, shared>
    %x1 = roller.load %s1 : !roller.tile<32x8xf16, shared> -> !roller.tile<1x2xf16, register>
    %c0 = roller.load %o0 : tensor<16x36xf32> -> !roller.tile<2x2xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<2x1xf16, register>, !roller.tile<1x2xf16, register>) inits(%c0 : !roller.tile<2x2xf32, register>)
        attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f16, %y: f16, %z: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %m = arith.mulf %xf, %yf : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<2x2xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<2x2xf32, register> into tensor<16x36xf32>
    roller.yield %st0 : tensor<16x36xf32>
  } -> tensor<16x36xf32>
  return %r0 : tensor<16x36xf32>
}

// -----

// Threads sharing a reduction (reduce_threads = 32): blocks of 4 of the 10
// rows (the last block has 2), each row of 100 split over the 32 threads in
// contiguous chunks of ceil(100 / 32) = 4, walked in steps of 2. Each thread
// writes its partial sums into its slot of a workgroup buffer (4 x 32, static
// even in the boundary block, filled with 0 by the threads first), then the
// merge (roller.merge_partials) adds the 32 slots of each row into the row
// sum, one row per thread.
// CHECK-LABEL: func.func @split_rows
// CHECK: scf.forall (%[[ROW:.*]]) = (0) to (10) step (4)
// CHECK: %[[ROWS:.*]] = affine.min
// CHECK: %[[BUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<4x32xf32>
// CHECK: %[[VIEW:.*]] = tensor.extract_slice %[[BUF]][0, 0] [%[[ROWS]], 32] [1, 1] : tensor<4x32xf32> to tensor<?x32xf32>
// CHECK: %[[SLOTS0:.*]] = scf.forall (%{{.*}}) in (32) shared_outs(%{{.*}} = %[[VIEW]])
// CHECK: linalg.fill
// CHECK: } {mapping = [#gpu.thread<linear_dim_0>]}
// CHECK: %[[SLOTS:.*]] = scf.forall (%[[T:.*]]) in (32) shared_outs(%[[S:.*]] = %[[SLOTS0]])
// CHECK: %[[K:.*]] = affine.apply #{{.*}}(%[[T]])
// CHECK: tensor.extract_slice %[[S]][0, %[[T]]] [%[[ROWS]], 1] [1, 1]
// CHECK: scf.for
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: tensor.parallel_insert_slice %{{.*}} into %[[S]][0, %[[T]]] [%[[ROWS]], 1] [1, 1]
// CHECK: } {mapping = [#gpu.thread<linear_dim_0>]}
// CHECK: scf.forall (%[[P:.*]]) in (4)
// CHECK: tensor.extract_slice %[[SLOTS]][%[[P]], 0] [%{{.*}}, 32] [1, 1]
// CHECK: linalg.reduce {{.*}} dimensions = [1] {roller.merge_partials}
// CHECK: } {mapping = [#gpu.thread<linear_dim_0>]}
// CHECK: reduce_threads = 32>}
func.func @split_rows(%x: tensor<10x100xf32>, %o: tensor<10xf32>) -> tensor<10xf32> {
  %0 = roller.rprogram ins(%x : tensor<10x100xf32>) outs(%o : tensor<10xf32>) config = #roller.config<block = #roller.rtile<shared, [4, 100]>, thread = #roller.rtile<register, [4, 2]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [3], predicted_us = 1.0, bottleneck = global, reduce_threads = 32> {
  ^bb0(%a: tensor<10x100xf32>, %b: tensor<10xf32>):
    %xr = roller.load %a : tensor<10x100xf32> -> !roller.tile<4x2xf32, register>
    %or = roller.load %b : tensor<10xf32> -> !roller.tile<4xf32, register>
    %s = roller.compute ins(%xr : !roller.tile<4x2xf32, register>) inits(%or : !roller.tile<4xf32, register>) attributes {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} {
    ^bb0(%v: f32, %acc: f32):
      %y = arith.addf %v, %acc : f32
      roller.yield %y : f32
    } -> !roller.tile<4xf32, register>
    %r = roller.store %s into %b : !roller.tile<4xf32, register> into tensor<10xf32>
    roller.yield %r : tensor<10xf32>
  } -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

// An input a gather copy gives (a convolution's patches), staged: the
// gather is never computed; each block's staging copy reads the gather's
// input at the position the gather's map gives for the tile's element.
// CHECK-LABEL: func.func @staged_gather
// CHECK-SAME: (%[[X:[^:]*]]: tensor<9x3xf32>,
// CHECK-NOT: floordiv
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (4, 8) step (4, 8)
// CHECK: %[[BUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<4x6xf32>
// The positions, never negative and below 2^31, in unsigned i32 arithmetic:
// (i * 2 + j floordiv 3, j mod 3).
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<{{.*}}xf32>)
// CHECK: %[[I:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[J:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK: %[[I2:.*]] = arith.muli %[[I]], %[[TWO]] : i32
// CHECK: %[[THREE:.*]] = arith.constant 3 : i32
// CHECK: %[[JD:.*]] = arith.divui %[[J]], %[[THREE]] : i32
// CHECK: %[[R:.*]] = arith.addi %[[I2]], %[[JD]] : i32
// CHECK: %[[ROW:.*]] = arith.index_castui %[[R]] : i32 to index
// CHECK: %[[C:.*]] = arith.remui %[[J]], %[[THREE]] : i32
// CHECK: %[[COL:.*]] = arith.index_castui %[[C]] : i32 to index
// CHECK: tensor.extract %[[X]][%[[ROW]], %[[COL]]]
// CHECK-NOT: tensor<4x6xf32>) {
// CHECK: return
func.func @staged_gather(%x: tensor<9x3xf32>, %w: tensor<6x8xf32>, %init: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x6xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i * 2 + j floordiv 3, j mod 3)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<9x3xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x6xf32>
  %0 = roller.rprogram ins(%p, %w : tensor<4x6xf32>, tensor<6x8xf32>) outs(%init : tensor<4x8xf32>)
      config = #roller.config<block = #roller.rtile<shared, [4, 8, 6]>, thread = #roller.rtile<register, [1, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, threads = 32, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<4x6xf32>, %b: tensor<6x8xf32>, %c: tensor<4x8xf32>):
    %1 = roller.load %a : tensor<4x6xf32> -> !roller.tile<4x6xf32, shared>
    %2 = roller.load %1 : !roller.tile<4x6xf32, shared> -> !roller.tile<1x1xf32, register>
    %3 = roller.load %b : tensor<6x8xf32> -> !roller.tile<6x8xf32, shared>
    %4 = roller.load %3 : !roller.tile<6x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %5 = roller.load %c : tensor<4x8xf32> -> !roller.tile<1x1xf32, register>
    %6 = roller.compute ins(%2, %4 : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%5 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%u: f32, %v: f32, %s: f32):
      %m = arith.mulf %u, %v : f32
      %n = arith.addf %s, %m : f32
      roller.yield %n : f32
    } -> !roller.tile<1x1xf32, register>
    %7 = roller.store %6 into %c : !roller.tile<1x1xf32, register> into tensor<4x8xf32>
    roller.yield %7 : tensor<4x8xf32>
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A gather read straight into registers (no block stages it) is read in
// the body, at its map of the operand's position; a map with a negative
// coefficient keeps index arithmetic (affine.apply).
// CHECK-LABEL: func.func @unstaged_gather
// CHECK-SAME: (%[[X:[^:]*]]: tensor<9x3xf32>,
// CHECK: linalg.generic
// CHECK-NOT: arith.divui
// CHECK: %[[ROW:.*]] = affine.apply #{{.*}}(%{{.*}}, %{{.*}})
// CHECK: %[[COL:.*]] = affine.apply #{{.*}}(%{{.*}})
// CHECK: tensor.extract %[[X]][%[[ROW]], %[[COL]]]
// CHECK-NOT: tensor<4x6xf32>) {
// CHECK: return
func.func @unstaged_gather(%x: tensor<9x3xf32>, %w: tensor<6x8xf32>, %init: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x6xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(i, j) -> (8 - i * 2 - j floordiv 3, j mod 3)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<9x3xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x6xf32>
  %0 = roller.rprogram ins(%p, %w : tensor<4x6xf32>, tensor<6x8xf32>) outs(%init : tensor<4x8xf32>)
      config = #roller.config<block = #roller.rtile<shared, [4, 8, 6]>, thread = #roller.rtile<register, [1, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<4x6xf32>, %b: tensor<6x8xf32>, %c: tensor<4x8xf32>):
    %2 = roller.load %a : tensor<4x6xf32> -> !roller.tile<1x1xf32, register>
    %4 = roller.load %b : tensor<6x8xf32> -> !roller.tile<1x1xf32, register>
    %5 = roller.load %c : tensor<4x8xf32> -> !roller.tile<1x1xf32, register>
    %6 = roller.compute ins(%2, %4 : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%5 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%u: f32, %v: f32, %s: f32):
      %m = arith.mulf %u, %v : f32
      %n = arith.addf %s, %m : f32
      roller.yield %n : f32
    } -> !roller.tile<1x1xf32, register>
    %7 = roller.store %6 into %c : !roller.tile<1x1xf32, register> into tensor<4x8xf32>
    roller.yield %7 : tensor<4x8xf32>
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A gather that reads aligned runs of the staging chunk (8 f16 of an
// NHWC convolution's 8 channels: columns k = (kh, kw, c), c innermost):
// each thread copies its tile a run at a time, at the position the map
// gives for the run's first element, into the whole static shared tile;
// runs past the gather's edge are zeros.
// CHECK-LABEL: func.func @staged_gather_runs
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x6x6x8xf16>,
// CHECK: %[[BUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<16x24xf16>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (16, 3) shared_outs(%{{.*}} = %[[BUF]])
// CHECK: scf.for
// CHECK: %[[ROW:.*]] = affine.apply
// CHECK: %[[COL:.*]] = affine.apply
// CHECK: %[[H:.*]] = affine.apply #{{.*}}(
// CHECK: %[[W:.*]] = affine.apply #{{.*}}(
// CHECK: %[[C:.*]] = affine.apply #{{.*}}(
// CHECK: arith.cmpi ult, %[[ROW]], %c16
// CHECK: arith.cmpi ult, %[[COL]], %c72
// CHECK: %[[IN:.*]] = arith.andi
// CHECK: scf.if %[[IN]] -> (tensor<8xf16>) {
// CHECK: %[[SRC:.*]] = tensor.extract_slice %[[X]][%{{.*}}, %[[H]], %[[W]], %[[C]]] [1, 1, 1, 8] [1, 1, 1, 1] : tensor<1x6x6x8xf16> to tensor<8xf16>
// CHECK: linalg.copy ins(%[[SRC]] : tensor<8xf16>)
// CHECK: } else {
// CHECK: linalg.fill
// CHECK: tensor.insert_slice {{.*}} [1, 8] [1, 1] : tensor<8xf16> into tensor<1x8xf16>
// CHECK-NOT: tensor.extract %[[X]]
// CHECK: return
func.func @staged_gather_runs(%x: tensor<1x6x6x8xf16>, %w: tensor<72x16xf16>, %init: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<16x72xf16>
  %p = linalg.generic {indexing_maps = [affine_map<(m, k) -> (0, m floordiv 4 + k floordiv 24, m mod 4 + (k mod 24) floordiv 8, k mod 8)>, affine_map<(m, k) -> (m, k)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1x6x6x8xf16>) outs(%e : tensor<16x72xf16>) {
  ^bb0(%in: f16, %out: f16):
    linalg.yield %in : f16
  } -> tensor<16x72xf16>
  %0 = roller.rprogram ins(%p, %w : tensor<16x72xf16>, tensor<72x16xf16>) outs(%init : tensor<16x16xf32>)
      config = #roller.config<block = #roller.rtile<shared, [16, 16, 24]>, thread = #roller.rtile<register, [1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 256, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<16x72xf16>, %b: tensor<72x16xf16>, %c: tensor<16x16xf32>):
    %1 = roller.load %a : tensor<16x72xf16> -> !roller.tile<16x24xf16, shared>
    %2 = roller.load %1 : !roller.tile<16x24xf16, shared> -> !roller.tile<1x1xf16, register>
    %3 = roller.load %b : tensor<72x16xf16> -> !roller.tile<24x16xf16, shared>
    %4 = roller.load %3 : !roller.tile<24x16xf16, shared> -> !roller.tile<1x1xf16, register>
    %5 = roller.load %c : tensor<16x16xf32> -> !roller.tile<1x1xf32, register>
    %6 = roller.compute ins(%2, %4 : !roller.tile<1x1xf16, register>, !roller.tile<1x1xf16, register>) inits(%5 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%u: f16, %v: f16, %s: f32):
      %u1 = arith.extf %u : f16 to f32
      %v1 = arith.extf %v : f16 to f32
      %m = arith.mulf %u1, %v1 : f32
      %n = arith.addf %s, %m : f32
      roller.yield %n : f32
    } -> !roller.tile<1x1xf32, register>
    %7 = roller.store %6 into %c : !roller.tile<1x1xf32, register> into tensor<16x16xf32>
    roller.yield %7 : tensor<16x16xf32>
  } -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// A gather whose innermost source dim is not its run of channels (NCHW: the
// last dim is a column, k mod 3): no runs (readsAlignedRuns), each thread
// gathers its elements one at a time.
// CHECK-LABEL: func.func @staged_gather_nchw
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x8x6x6xf16>,
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<16x24xf16>
// CHECK-NOT: tensor.extract_slice %[[X]]
// CHECK: tensor.extract %[[X]]
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<24x16xf16>
// CHECK-NOT: %[[X]]
// CHECK: return
func.func @staged_gather_nchw(%x: tensor<1x8x6x6xf16>, %w: tensor<72x16xf16>, %init: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<16x72xf16>
  %p = linalg.generic {indexing_maps = [affine_map<(m, k) -> (0, k floordiv 9, m floordiv 4 + (k mod 9) floordiv 3, m mod 4 + k mod 3)>, affine_map<(m, k) -> (m, k)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1x8x6x6xf16>) outs(%e : tensor<16x72xf16>) {
  ^bb0(%in: f16, %out: f16):
    linalg.yield %in : f16
  } -> tensor<16x72xf16>
  %0 = roller.rprogram ins(%p, %w : tensor<16x72xf16>, tensor<72x16xf16>) outs(%init : tensor<16x16xf32>)
      config = #roller.config<block = #roller.rtile<shared, [16, 16, 24]>, thread = #roller.rtile<register, [1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 256, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<16x72xf16>, %b: tensor<72x16xf16>, %c: tensor<16x16xf32>):
    %1 = roller.load %a : tensor<16x72xf16> -> !roller.tile<16x24xf16, shared>
    %2 = roller.load %1 : !roller.tile<16x24xf16, shared> -> !roller.tile<1x1xf16, register>
    %3 = roller.load %b : tensor<72x16xf16> -> !roller.tile<24x16xf16, shared>
    %4 = roller.load %3 : !roller.tile<24x16xf16, shared> -> !roller.tile<1x1xf16, register>
    %5 = roller.load %c : tensor<16x16xf32> -> !roller.tile<1x1xf32, register>
    %6 = roller.compute ins(%2, %4 : !roller.tile<1x1xf16, register>, !roller.tile<1x1xf16, register>) inits(%5 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%u: f16, %v: f16, %s: f32):
      %u1 = arith.extf %u : f16 to f32
      %v1 = arith.extf %v : f16 to f32
      %m = arith.mulf %u1, %v1 : f32
      %n = arith.addf %s, %m : f32
      roller.yield %n : f32
    } -> !roller.tile<1x1xf32, register>
    %7 = roller.store %6 into %c : !roller.tile<1x1xf32, register> into tensor<16x16xf32>
    roller.yield %7 : tensor<16x16xf32>
  } -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// Runs of channels read through a pad that pads the channels (6 -> 8): a
// run would straddle the pad's edge, so the gather is element-wise too.
// CHECK-LABEL: func.func @staged_gather_padded_channels
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x6x6x6xf16>,
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<16x24xf16>
// CHECK-NOT: tensor.extract_slice %[[X]]
// CHECK: tensor.extract %[[X]]
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<24x16xf16>
// CHECK-NOT: %[[X]]
// CHECK: return
func.func @staged_gather_padded_channels(%src: tensor<1x6x6x6xf16>, %w: tensor<72x16xf16>, %init: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %z = arith.constant 0.0 : f16
  %x = tensor.pad %src low[0, 0, 0, 0] high[0, 0, 0, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %z : f16
  } : tensor<1x6x6x6xf16> to tensor<1x6x6x8xf16>
  %e = tensor.empty() : tensor<16x72xf16>
  %p = linalg.generic {indexing_maps = [affine_map<(m, k) -> (0, m floordiv 4 + k floordiv 24, m mod 4 + (k mod 24) floordiv 8, k mod 8)>, affine_map<(m, k) -> (m, k)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1x6x6x8xf16>) outs(%e : tensor<16x72xf16>) {
  ^bb0(%in: f16, %out: f16):
    linalg.yield %in : f16
  } -> tensor<16x72xf16>
  %0 = roller.rprogram ins(%p, %w : tensor<16x72xf16>, tensor<72x16xf16>) outs(%init : tensor<16x16xf32>)
      config = #roller.config<block = #roller.rtile<shared, [16, 16, 24]>, thread = #roller.rtile<register, [1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 256, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<16x72xf16>, %b: tensor<72x16xf16>, %c: tensor<16x16xf32>):
    %1 = roller.load %a : tensor<16x72xf16> -> !roller.tile<16x24xf16, shared>
    %2 = roller.load %1 : !roller.tile<16x24xf16, shared> -> !roller.tile<1x1xf16, register>
    %3 = roller.load %b : tensor<72x16xf16> -> !roller.tile<24x16xf16, shared>
    %4 = roller.load %3 : !roller.tile<24x16xf16, shared> -> !roller.tile<1x1xf16, register>
    %5 = roller.load %c : tensor<16x16xf32> -> !roller.tile<1x1xf32, register>
    %6 = roller.compute ins(%2, %4 : !roller.tile<1x1xf16, register>, !roller.tile<1x1xf16, register>) inits(%5 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%u: f16, %v: f16, %s: f32):
      %u1 = arith.extf %u : f16 to f32
      %v1 = arith.extf %v : f16 to f32
      %m = arith.mulf %u1, %v1 : f32
      %n = arith.addf %s, %m : f32
      roller.yield %n : f32
    } -> !roller.tile<1x1xf32, register>
    %7 = roller.store %6 into %c : !roller.tile<1x1xf32, register> into tensor<16x16xf32>
    roller.yield %7 : tensor<16x16xf32>
  } -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}
