// RUN: roller-opt %s --roller-lower-to-cpu | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s

// Convolutions and pooling lowered from rPrograms and run on the CPU, compared
// element by element with the upstream linalg named ops on the same data
// (`@*_ref`, the same pipeline without rPrograms), plus a literal check of the
// last output row.

// conv_stride2: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 4 offset = 1020 sizes = [1, 1, 1, 4] strides = [1024, 64, 8, 1] data =
// CHECK-NEXT: {{\[\[\[\[}}-20, -14, 27, 33]]]]

// conv_stride2_irregular: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 4 offset = 500 sizes = [1, 1, 1, 4] strides = [252, 42, 6, 1] data =
// CHECK-NEXT: {{\[\[\[\[}}-17, -8, 1, -4]]]]

// depthwise: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 4 offset = 332 sizes = [1, 1, 1, 4] strides = [336, 42, 6, 1] data =
// CHECK-NEXT: {{\[\[\[\[}}-1, 21, 1, -19]]]]

// maxpool_stride2: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 4 offset = 192 sizes = [1, 1, 1, 4] strides = [196, 49, 7, 1] data =
// CHECK-NEXT: {{\[\[\[\[}}3, 3, 2, 3]]]]

// A stride-2 NCHW convolution: 4 output rows read 9 input rows.

func.func @conv_stride2(%in0: tensor<1x8x17x17xf32>, %in1: tensor<16x8x3x3xf32>, %out0: tensor<1x16x8x8xf32>) -> (tensor<1x16x8x8xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<1x8x17x17xf32>, tensor<16x8x3x3xf32>) outs(%out0 : tensor<1x16x8x8xf32>)
      config = #roller.config<block = #roller.rtile<shared, [1, 16, 4, 8, 8, 3, 3]>, thread = #roller.rtile<register, [1, 2, 2, 2, 1, 1, 1]>, padding = [1, 0], vector_width = 4, stages = 1, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global> {
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

func.func @conv_stride2_ref(%I: tensor<1x8x17x17xf32>, %K: tensor<16x8x3x3xf32>, %O: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%I, %K : tensor<1x8x17x17xf32>, tensor<16x8x3x3xf32>) outs(%O : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// An irregular stride-2 convolution: boundary tiles on F (6), HO (7), WO (6) and C (5).

func.func @conv_stride2_irregular(%in0: tensor<2x5x15x13xf32>, %in1: tensor<6x5x3x3xf32>, %out0: tensor<2x6x7x6xf32>) -> (tensor<2x6x7x6xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<2x5x15x13xf32>, tensor<6x5x3x3xf32>) outs(%out0 : tensor<2x6x7x6xf32>)
      config = #roller.config<block = #roller.rtile<shared, [1, 4, 4, 4, 2, 3, 3]>, thread = #roller.rtile<register, [1, 2, 2, 2, 1, 1, 1]>, padding = [1, 0], vector_width = 4, stages = 1, threads = 32, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<2x5x15x13xf32>, %a1: tensor<6x5x3x3xf32>, %o0: tensor<2x6x7x6xf32>):
    %s0 = roller.load %a0 : tensor<2x5x15x13xf32> -> !roller.tile<1x2x9x9xf32, shared, padding = 1>
    %x0 = roller.load %s0 : !roller.tile<1x2x9x9xf32, shared, padding = 1> -> !roller.tile<1x1x3x3xf32, register>
    %s1 = roller.load %a1 : tensor<6x5x3x3xf32> -> !roller.tile<4x2x3x3xf32, shared>
    %x1 = roller.load %s1 : !roller.tile<4x2x3x3xf32, shared> -> !roller.tile<2x1x1x1xf32, register>
    %c0 = roller.load %o0 : tensor<2x6x7x6xf32> -> !roller.tile<1x2x2x2xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<1x1x3x3xf32, register>, !roller.tile<2x1x1x1xf32, register>) inits(%c0 : !roller.tile<1x2x2x2xf32, register>)
        attributes {indexing_maps = [affine_map<(n, f, oh, ow, c, kh, kw) -> (n, c, oh * 2 + kh, ow * 2 + kw)>, affine_map<(n, f, oh, ow, c, kh, kw) -> (f, c, kh, kw)>, affine_map<(n, f, oh, ow, c, kh, kw) -> (n, f, oh, ow)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x2x2x2xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<1x2x2x2xf32, register> into tensor<2x6x7x6xf32>
    roller.yield %st0 : tensor<2x6x7x6xf32>
  } -> tensor<2x6x7x6xf32>
  return %r0 : tensor<2x6x7x6xf32>
}

func.func @conv_stride2_irregular_ref(%I: tensor<2x5x15x13xf32>, %K: tensor<6x5x3x3xf32>, %O: tensor<2x6x7x6xf32>) -> tensor<2x6x7x6xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%I, %K : tensor<2x5x15x13xf32>, tensor<6x5x3x3xf32>) outs(%O : tensor<2x6x7x6xf32>) -> tensor<2x6x7x6xf32>
  return %0 : tensor<2x6x7x6xf32>
}

// An NHWC depthwise convolution with boundary tiles on HO (8), WO (7), C (6).

func.func @depthwise(%in0: tensor<1x10x9x6xf32>, %in1: tensor<3x3x6xf32>, %out0: tensor<1x8x7x6xf32>) -> (tensor<1x8x7x6xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<1x10x9x6xf32>, tensor<3x3x6xf32>) outs(%out0 : tensor<1x8x7x6xf32>)
      config = #roller.config<block = #roller.rtile<shared, [1, 4, 4, 4, 3, 3]>, thread = #roller.rtile<register, [1, 2, 2, 1, 1, 1]>, padding = [2, 0], vector_width = 4, stages = 1, threads = 32, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<1x10x9x6xf32>, %a1: tensor<3x3x6xf32>, %o0: tensor<1x8x7x6xf32>):
    %s0 = roller.load %a0 : tensor<1x10x9x6xf32> -> !roller.tile<1x6x6x4xf32, shared, padding = 2>
    %x0 = roller.load %s0 : !roller.tile<1x6x6x4xf32, shared, padding = 2> -> !roller.tile<1x2x2x1xf32, register>
    %s1 = roller.load %a1 : tensor<3x3x6xf32> -> !roller.tile<3x3x4xf32, shared>
    %x1 = roller.load %s1 : !roller.tile<3x3x4xf32, shared> -> !roller.tile<1x1x1xf32, register>
    %c0 = roller.load %o0 : tensor<1x8x7x6xf32> -> !roller.tile<1x2x2x1xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<1x2x2x1xf32, register>, !roller.tile<1x1x1xf32, register>) inits(%c0 : !roller.tile<1x2x2x1xf32, register>)
        attributes {indexing_maps = [affine_map<(n, oh, ow, c, kh, kw) -> (n, oh + kh, ow + kw, c)>, affine_map<(n, oh, ow, c, kh, kw) -> (kh, kw, c)>, affine_map<(n, oh, ow, c, kh, kw) -> (n, oh, ow, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x2x2x1xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<1x2x2x1xf32, register> into tensor<1x8x7x6xf32>
    roller.yield %st0 : tensor<1x8x7x6xf32>
  } -> tensor<1x8x7x6xf32>
  return %r0 : tensor<1x8x7x6xf32>
}

func.func @depthwise_ref(%I: tensor<1x10x9x6xf32>, %K: tensor<3x3x6xf32>, %O: tensor<1x8x7x6xf32>) -> tensor<1x8x7x6xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%I, %K : tensor<1x10x9x6xf32>, tensor<3x3x6xf32>) outs(%O : tensor<1x8x7x6xf32>) -> tensor<1x8x7x6xf32>
  return %0 : tensor<1x8x7x6xf32>
}

// A stride-2 3x3 max pooling (window operand as in linalg), boundary tiles on HO, WO (7).

func.func @maxpool_stride2(%in0: tensor<1x4x15x15xf32>, %in1: tensor<3x3xf32>, %out0: tensor<1x4x7x7xf32>) -> (tensor<1x4x7x7xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<1x4x15x15xf32>, tensor<3x3xf32>) outs(%out0 : tensor<1x4x7x7xf32>)
      config = #roller.config<block = #roller.rtile<shared, [1, 4, 4, 4, 3, 3]>, thread = #roller.rtile<register, [1, 1, 2, 2, 1, 1]>, padding = [1, 0], vector_width = 4, stages = 1, threads = 32, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<1x4x15x15xf32>, %a1: tensor<3x3xf32>, %o0: tensor<1x4x7x7xf32>):
    %s0 = roller.load %a0 : tensor<1x4x15x15xf32> -> !roller.tile<1x4x9x9xf32, shared, padding = 1>
    %x0 = roller.load %s0 : !roller.tile<1x4x9x9xf32, shared, padding = 1> -> !roller.tile<1x1x3x3xf32, register>
    %s1 = roller.load %a1 : tensor<3x3xf32> -> !roller.tile<3x3xf32, shared>
    %x1 = roller.load %s1 : !roller.tile<3x3xf32, shared> -> !roller.tile<1x1xf32, register>
    %c0 = roller.load %o0 : tensor<1x4x7x7xf32> -> !roller.tile<1x1x2x2xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<1x1x3x3xf32, register>, !roller.tile<1x1xf32, register>) inits(%c0 : !roller.tile<1x1x2x2xf32, register>)
        attributes {indexing_maps = [affine_map<(n, c, oh, ow, kh, kw) -> (n, c, oh * 2 + kh, ow * 2 + kw)>, affine_map<(n, c, oh, ow, kh, kw) -> (kh, kw)>, affine_map<(n, c, oh, ow, kh, kw) -> (n, c, oh, ow)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} {
    ^bb0(%x: f32, %w: f32, %z: f32):
      %s = arith.maximumf %z, %x : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1x2x2xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<1x1x2x2xf32, register> into tensor<1x4x7x7xf32>
    roller.yield %st0 : tensor<1x4x7x7xf32>
  } -> tensor<1x4x7x7xf32>
  return %r0 : tensor<1x4x7x7xf32>
}

func.func @maxpool_stride2_ref(%I: tensor<1x4x15x15xf32>, %K: tensor<3x3xf32>, %O: tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32> {
  %0 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%I, %K : tensor<1x4x15x15xf32>, tensor<3x3xf32>) outs(%O : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  return %0 : tensor<1x4x7x7xf32>
}

func.func @main() {
  %conv_stride2_in0_e = tensor.empty() : tensor<1x8x17x17xf32>
  %conv_stride2_in0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%conv_stride2_in0_e : tensor<1x8x17x17xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %i2 = linalg.index 2 : index
    %k2 = arith.constant 6 : index
    %p2 = arith.muli %i2, %k2 : index
    %acc3 = arith.addi %acc2, %p2 : index
    %i3 = linalg.index 3 : index
    %k3 = arith.constant 8 : index
    %p3 = arith.muli %i3, %k3 : index
    %acc4 = arith.addi %acc3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<1x8x17x17xf32>
  %conv_stride2_in1_e = tensor.empty() : tensor<16x8x3x3xf32>
  %conv_stride2_in1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%conv_stride2_in1_e : tensor<16x8x3x3xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 3 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 5 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %i2 = linalg.index 2 : index
    %k2 = arith.constant 7 : index
    %p2 = arith.muli %i2, %k2 : index
    %acc3 = arith.addi %acc2, %p2 : index
    %i3 = linalg.index 3 : index
    %k3 = arith.constant 9 : index
    %p3 = arith.muli %i3, %k3 : index
    %acc4 = arith.addi %acc3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<16x8x3x3xf32>
  %conv_stride2_out_e = tensor.empty() : tensor<1x16x8x8xf32>
  %conv_stride2_out = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%conv_stride2_out_e : tensor<1x16x8x8xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 8 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %i2 = linalg.index 2 : index
    %k2 = arith.constant 10 : index
    %p2 = arith.muli %i2, %k2 : index
    %acc3 = arith.addi %acc2, %p2 : index
    %i3 = linalg.index 3 : index
    %k3 = arith.constant 12 : index
    %p3 = arith.muli %i3, %k3 : index
    %acc4 = arith.addi %acc3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<1x16x8x8xf32>
  %conv_stride2_R = call @conv_stride2(%conv_stride2_in0, %conv_stride2_in1, %conv_stride2_out) : (tensor<1x8x17x17xf32>, tensor<16x8x3x3xf32>, tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %conv_stride2_E = call @conv_stride2_ref(%conv_stride2_in0, %conv_stride2_in1, %conv_stride2_out) : (tensor<1x8x17x17xf32>, tensor<16x8x3x3xf32>, tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %conv_stride2_cmp_z = arith.constant 0.0 : f32
  %conv_stride2_cmp_one = arith.constant 1.0 : f32
  %conv_stride2_cmp_e = tensor.empty() : tensor<f32>
  %conv_stride2_cmp_n = linalg.fill ins(%conv_stride2_cmp_z : f32) outs(%conv_stride2_cmp_e : tensor<f32>) -> tensor<f32>
  %conv_stride2_cmp_bad = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>], iterator_types = ["reduction", "reduction", "reduction", "reduction"]} ins(%conv_stride2_R, %conv_stride2_E : tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) outs(%conv_stride2_cmp_n : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %conv_stride2_cmp_one, %conv_stride2_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %conv_stride2_cmp_u = tensor.cast %conv_stride2_cmp_bad : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%conv_stride2_cmp_u) : (tensor<*xf32>) -> ()
  %conv_stride2_p_s = tensor.extract_slice %conv_stride2_R[0, 15, 7, 4] [1, 1, 1, 4] [1, 1, 1, 1] : tensor<1x16x8x8xf32> to tensor<1x1x1x4xf32>
  %conv_stride2_p_u = tensor.cast %conv_stride2_p_s : tensor<1x1x1x4xf32> to tensor<*xf32>
  call @printMemrefF32(%conv_stride2_p_u) : (tensor<*xf32>) -> ()
  %conv_stride2_irregular_in0_e = tensor.empty() : tensor<2x5x15x13xf32>
  %conv_stride2_irregular_in0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%conv_stride2_irregular_in0_e : tensor<2x5x15x13xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %i2 = linalg.index 2 : index
    %k2 = arith.constant 6 : index
    %p2 = arith.muli %i2, %k2 : index
    %acc3 = arith.addi %acc2, %p2 : index
    %i3 = linalg.index 3 : index
    %k3 = arith.constant 8 : index
    %p3 = arith.muli %i3, %k3 : index
    %acc4 = arith.addi %acc3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<2x5x15x13xf32>
  %conv_stride2_irregular_in1_e = tensor.empty() : tensor<6x5x3x3xf32>
  %conv_stride2_irregular_in1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%conv_stride2_irregular_in1_e : tensor<6x5x3x3xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 3 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 5 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %i2 = linalg.index 2 : index
    %k2 = arith.constant 7 : index
    %p2 = arith.muli %i2, %k2 : index
    %acc3 = arith.addi %acc2, %p2 : index
    %i3 = linalg.index 3 : index
    %k3 = arith.constant 9 : index
    %p3 = arith.muli %i3, %k3 : index
    %acc4 = arith.addi %acc3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<6x5x3x3xf32>
  %conv_stride2_irregular_out_e = tensor.empty() : tensor<2x6x7x6xf32>
  %conv_stride2_irregular_out = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%conv_stride2_irregular_out_e : tensor<2x6x7x6xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 8 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %i2 = linalg.index 2 : index
    %k2 = arith.constant 10 : index
    %p2 = arith.muli %i2, %k2 : index
    %acc3 = arith.addi %acc2, %p2 : index
    %i3 = linalg.index 3 : index
    %k3 = arith.constant 12 : index
    %p3 = arith.muli %i3, %k3 : index
    %acc4 = arith.addi %acc3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<2x6x7x6xf32>
  %conv_stride2_irregular_R = call @conv_stride2_irregular(%conv_stride2_irregular_in0, %conv_stride2_irregular_in1, %conv_stride2_irregular_out) : (tensor<2x5x15x13xf32>, tensor<6x5x3x3xf32>, tensor<2x6x7x6xf32>) -> tensor<2x6x7x6xf32>
  %conv_stride2_irregular_E = call @conv_stride2_irregular_ref(%conv_stride2_irregular_in0, %conv_stride2_irregular_in1, %conv_stride2_irregular_out) : (tensor<2x5x15x13xf32>, tensor<6x5x3x3xf32>, tensor<2x6x7x6xf32>) -> tensor<2x6x7x6xf32>
  %conv_stride2_irregular_cmp_z = arith.constant 0.0 : f32
  %conv_stride2_irregular_cmp_one = arith.constant 1.0 : f32
  %conv_stride2_irregular_cmp_e = tensor.empty() : tensor<f32>
  %conv_stride2_irregular_cmp_n = linalg.fill ins(%conv_stride2_irregular_cmp_z : f32) outs(%conv_stride2_irregular_cmp_e : tensor<f32>) -> tensor<f32>
  %conv_stride2_irregular_cmp_bad = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>], iterator_types = ["reduction", "reduction", "reduction", "reduction"]} ins(%conv_stride2_irregular_R, %conv_stride2_irregular_E : tensor<2x6x7x6xf32>, tensor<2x6x7x6xf32>) outs(%conv_stride2_irregular_cmp_n : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %conv_stride2_irregular_cmp_one, %conv_stride2_irregular_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %conv_stride2_irregular_cmp_u = tensor.cast %conv_stride2_irregular_cmp_bad : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%conv_stride2_irregular_cmp_u) : (tensor<*xf32>) -> ()
  %conv_stride2_irregular_p_s = tensor.extract_slice %conv_stride2_irregular_R[1, 5, 6, 2] [1, 1, 1, 4] [1, 1, 1, 1] : tensor<2x6x7x6xf32> to tensor<1x1x1x4xf32>
  %conv_stride2_irregular_p_u = tensor.cast %conv_stride2_irregular_p_s : tensor<1x1x1x4xf32> to tensor<*xf32>
  call @printMemrefF32(%conv_stride2_irregular_p_u) : (tensor<*xf32>) -> ()
  %depthwise_in0_e = tensor.empty() : tensor<1x10x9x6xf32>
  %depthwise_in0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%depthwise_in0_e : tensor<1x10x9x6xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %i2 = linalg.index 2 : index
    %k2 = arith.constant 6 : index
    %p2 = arith.muli %i2, %k2 : index
    %acc3 = arith.addi %acc2, %p2 : index
    %i3 = linalg.index 3 : index
    %k3 = arith.constant 8 : index
    %p3 = arith.muli %i3, %k3 : index
    %acc4 = arith.addi %acc3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<1x10x9x6xf32>
  %depthwise_in1_e = tensor.empty() : tensor<3x3x6xf32>
  %depthwise_in1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%depthwise_in1_e : tensor<3x3x6xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 3 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 5 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %i2 = linalg.index 2 : index
    %k2 = arith.constant 7 : index
    %p2 = arith.muli %i2, %k2 : index
    %acc3 = arith.addi %acc2, %p2 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc3, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<3x3x6xf32>
  %depthwise_out_e = tensor.empty() : tensor<1x8x7x6xf32>
  %depthwise_out = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%depthwise_out_e : tensor<1x8x7x6xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 8 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %i2 = linalg.index 2 : index
    %k2 = arith.constant 10 : index
    %p2 = arith.muli %i2, %k2 : index
    %acc3 = arith.addi %acc2, %p2 : index
    %i3 = linalg.index 3 : index
    %k3 = arith.constant 12 : index
    %p3 = arith.muli %i3, %k3 : index
    %acc4 = arith.addi %acc3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<1x8x7x6xf32>
  %depthwise_R = call @depthwise(%depthwise_in0, %depthwise_in1, %depthwise_out) : (tensor<1x10x9x6xf32>, tensor<3x3x6xf32>, tensor<1x8x7x6xf32>) -> tensor<1x8x7x6xf32>
  %depthwise_E = call @depthwise_ref(%depthwise_in0, %depthwise_in1, %depthwise_out) : (tensor<1x10x9x6xf32>, tensor<3x3x6xf32>, tensor<1x8x7x6xf32>) -> tensor<1x8x7x6xf32>
  %depthwise_cmp_z = arith.constant 0.0 : f32
  %depthwise_cmp_one = arith.constant 1.0 : f32
  %depthwise_cmp_e = tensor.empty() : tensor<f32>
  %depthwise_cmp_n = linalg.fill ins(%depthwise_cmp_z : f32) outs(%depthwise_cmp_e : tensor<f32>) -> tensor<f32>
  %depthwise_cmp_bad = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>], iterator_types = ["reduction", "reduction", "reduction", "reduction"]} ins(%depthwise_R, %depthwise_E : tensor<1x8x7x6xf32>, tensor<1x8x7x6xf32>) outs(%depthwise_cmp_n : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %depthwise_cmp_one, %depthwise_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %depthwise_cmp_u = tensor.cast %depthwise_cmp_bad : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%depthwise_cmp_u) : (tensor<*xf32>) -> ()
  %depthwise_p_s = tensor.extract_slice %depthwise_R[0, 7, 6, 2] [1, 1, 1, 4] [1, 1, 1, 1] : tensor<1x8x7x6xf32> to tensor<1x1x1x4xf32>
  %depthwise_p_u = tensor.cast %depthwise_p_s : tensor<1x1x1x4xf32> to tensor<*xf32>
  call @printMemrefF32(%depthwise_p_u) : (tensor<*xf32>) -> ()
  %maxpool_stride2_in0_e = tensor.empty() : tensor<1x4x15x15xf32>
  %maxpool_stride2_in0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%maxpool_stride2_in0_e : tensor<1x4x15x15xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %i2 = linalg.index 2 : index
    %k2 = arith.constant 6 : index
    %p2 = arith.muli %i2, %k2 : index
    %acc3 = arith.addi %acc2, %p2 : index
    %i3 = linalg.index 3 : index
    %k3 = arith.constant 8 : index
    %p3 = arith.muli %i3, %k3 : index
    %acc4 = arith.addi %acc3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<1x4x15x15xf32>
  %maxpool_stride2_in1_e = tensor.empty() : tensor<3x3xf32>
  %maxpool_stride2_in1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%maxpool_stride2_in1_e : tensor<3x3xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 3 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 5 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<3x3xf32>
  %maxpool_stride2_oe = tensor.empty() : tensor<1x4x7x7xf32>
  %maxpool_stride2_ov = arith.constant -100.0 : f32
  %maxpool_stride2_out = linalg.fill ins(%maxpool_stride2_ov : f32) outs(%maxpool_stride2_oe : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %maxpool_stride2_R = call @maxpool_stride2(%maxpool_stride2_in0, %maxpool_stride2_in1, %maxpool_stride2_out) : (tensor<1x4x15x15xf32>, tensor<3x3xf32>, tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %maxpool_stride2_E = call @maxpool_stride2_ref(%maxpool_stride2_in0, %maxpool_stride2_in1, %maxpool_stride2_out) : (tensor<1x4x15x15xf32>, tensor<3x3xf32>, tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %maxpool_stride2_cmp_z = arith.constant 0.0 : f32
  %maxpool_stride2_cmp_one = arith.constant 1.0 : f32
  %maxpool_stride2_cmp_e = tensor.empty() : tensor<f32>
  %maxpool_stride2_cmp_n = linalg.fill ins(%maxpool_stride2_cmp_z : f32) outs(%maxpool_stride2_cmp_e : tensor<f32>) -> tensor<f32>
  %maxpool_stride2_cmp_bad = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>], iterator_types = ["reduction", "reduction", "reduction", "reduction"]} ins(%maxpool_stride2_R, %maxpool_stride2_E : tensor<1x4x7x7xf32>, tensor<1x4x7x7xf32>) outs(%maxpool_stride2_cmp_n : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %maxpool_stride2_cmp_one, %maxpool_stride2_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %maxpool_stride2_cmp_u = tensor.cast %maxpool_stride2_cmp_bad : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%maxpool_stride2_cmp_u) : (tensor<*xf32>) -> ()
  %maxpool_stride2_p_s = tensor.extract_slice %maxpool_stride2_R[0, 3, 6, 3] [1, 1, 1, 4] [1, 1, 1, 1] : tensor<1x4x7x7xf32> to tensor<1x1x1x4xf32>
  %maxpool_stride2_p_u = tensor.cast %maxpool_stride2_p_s : tensor<1x1x1x4xf32> to tensor<*xf32>
  call @printMemrefF32(%maxpool_stride2_p_u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>) attributes { llvm.emit_c_interface }
