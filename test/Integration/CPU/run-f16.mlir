// f16 inputs with f32 accumulation (linalg.matmul and linalg.conv_2d_nchw_fchw)
// through --roller-tile and the CPU lowering: small integers are exact in f16.
//
// The TILED RUNs check that --roller-tile turns every operator into an
// rProgram (with the config the model chooses for h200 and for a100), so that
// the next two RUNs run Roller's tiles and not upstream's loops; the last RUN
// lowers the same linalg ops without rPrograms (the reference). All three
// must print the same values. The inputs come from @data_*d_*: with
// s = off + sum k_d * i_d and t = 1 + sum q_d * i_d over the indices,
// ((s * t + s) mod 1009) mod m - m / 2, small integers without a short
// period along any axis, so every result is exact and a tile read at a wrong
// offset shows. Small results are printed whole; large ones as a checksum
// tuple computed by @checksum in i64 with plain scf.for loops (never tiled):
// [sum, sum x[i] * (i + 1), sum x[i] * ((i * i mod 61) + 1), max,
//  number of non-integer elements] over the row-major index i.
//
// RUN: roller-opt %s --roller-tile="device=h200" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.matmul --implicit-check-not=linalg.conv_2d
// RUN: roller-opt %s --roller-tile="device=a100" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.matmul --implicit-check-not=linalg.conv_2d
// RUN: roller-opt %s --roller-tile="device=h200" --roller-lower-to-cpu \
// RUN:     2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s
// RUN: roller-opt %s --roller-tile="device=a100" --roller-lower-to-cpu \
// RUN:     2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s
// RUN: roller-opt %s --roller-lower-to-cpu | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s

// Every operator becomes an rProgram, with its epilogue when it has one
// (the NCHW convolution of a batch of 2 stays a convolution: the model
// predicts its implicit GEMM and the transpose of its result slower).
// TILED-COUNT-8: roller.rprogram ins(
// TILED-NOT: roller.rprogram ins(

// A 64x48x40 matmul (tensor-core sized).
// CHECK-LABEL: f16_matmul_64
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [1063, 2751043, 13147, 58, 0]

// An irregular 33x17x20 matmul, accumulating into existing values.
// CHECK-LABEL: f16_matmul_irregular
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-157, -4161, -16446, 35, 0]

// A 4x6x5 matmul, printed whole.
// CHECK-LABEL: f16_matmul_small
// CHECK-NEXT: rank = 2 offset = 0 sizes = [4, 6] strides = [6, 1] data =
// CHECK-NEXT: {{\[\[}}-2, 12, -4, 12, -16, 12],
// CHECK-NEXT: [0, -1, -5, 0, 1, -2],
// CHECK-NEXT: [-3, -3, -3, -8, 7, -8],
// CHECK-NEXT: [-9, 5, 3, -7, 1, -7]]

// A 128x128x64 matmul.
// CHECK-LABEL: f16_matmul_big
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-3392, -31187891, -124410, 91, 0]

// A stride-2 NCHW convolution.
// CHECK-LABEL: f16_conv
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [347, -139036, -7234, 102, 0]

// An NHWC convolution with dilation 2.
// CHECK-LABEL: f16_conv_nhwc
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-1573, -287366, -36256, 115, 0]

// A tensor-core 64x48x40 matmul starting from a bias, then a ReLU (both
// its epilogue).
// CHECK-LABEL: f16_matmul_64_epilogue
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [22855, 35420464, 702195, 59, 0]

// A tensor-core 128x128x64 matmul rounded to f16 and back, minus one.
// CHECK-LABEL: f16_matmul_big_epilogue
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-19776, -165413811, -632358, 90, 0]

// A 64x48x40 matmul (tensor-core sized).
func.func @f16_matmul_64(%in0: tensor<64x40xf16>, %in1: tensor<40x48xf16>) -> tensor<64x48xf32> {
  %empty = tensor.empty() : tensor<64x48xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<64x48xf32>) -> tensor<64x48xf32>
  %r = linalg.matmul ins(%in0, %in1 : tensor<64x40xf16>, tensor<40x48xf16>) outs(%init : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %r : tensor<64x48xf32>
}

// An irregular 33x17x20 matmul, accumulating into existing values.
func.func @f16_matmul_irregular(%in0: tensor<33x20xf16>, %in1: tensor<20x17xf16>, %init: tensor<33x17xf32>) -> tensor<33x17xf32> {
  %r = linalg.matmul ins(%in0, %in1 : tensor<33x20xf16>, tensor<20x17xf16>) outs(%init : tensor<33x17xf32>) -> tensor<33x17xf32>
  return %r : tensor<33x17xf32>
}

// A 4x6x5 matmul, printed whole.
func.func @f16_matmul_small(%in0: tensor<4x5xf16>, %in1: tensor<5x6xf16>) -> tensor<4x6xf32> {
  %empty = tensor.empty() : tensor<4x6xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = linalg.matmul ins(%in0, %in1 : tensor<4x5xf16>, tensor<5x6xf16>) outs(%init : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// A 128x128x64 matmul.
func.func @f16_matmul_big(%in0: tensor<128x64xf16>, %in1: tensor<64x128xf16>) -> tensor<128x128xf32> {
  %empty = tensor.empty() : tensor<128x128xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<128x128xf32>) -> tensor<128x128xf32>
  %r = linalg.matmul ins(%in0, %in1 : tensor<128x64xf16>, tensor<64x128xf16>) outs(%init : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}

// A stride-2 NCHW convolution.
func.func @f16_conv(%in0: tensor<2x8x15x13xf16>, %in1: tensor<16x8x3x3xf16>) -> tensor<2x16x7x6xf32> {
  %empty = tensor.empty() : tensor<2x16x7x6xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<2x16x7x6xf32>) -> tensor<2x16x7x6xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>}
      ins(%in0, %in1 : tensor<2x8x15x13xf16>, tensor<16x8x3x3xf16>) outs(%init : tensor<2x16x7x6xf32>) -> tensor<2x16x7x6xf32>
  return %r : tensor<2x16x7x6xf32>
}

// An NHWC convolution with dilation 2.
func.func @f16_conv_nhwc(%in0: tensor<1x12x12x16xf16>, %in1: tensor<3x3x16x8xf16>) -> tensor<1x8x8x8xf32> {
  %empty = tensor.empty() : tensor<1x8x8x8xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
      ins(%in0, %in1 : tensor<1x12x12x16xf16>, tensor<3x3x16x8xf16>) outs(%init : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}

func.func @data_2d_f16(%s0: index, %s1: index,
    %k0: index, %k1: index, %q0: index, %q1: index,
    %off: index, %m: index) -> tensor<?x?xf16> {
  %one = arith.constant 1 : index
  %two = arith.constant 2 : index
  %p = arith.constant 1009 : index
  %h = arith.divui %m, %two : index
  %data = tensor.generate %s0, %s1 {
  ^bb0(%i0: index, %i1: index):
    %ks0 = arith.muli %i0, %k0 : index
    %sum0 = arith.addi %off, %ks0 : index
    %qt0 = arith.muli %i0, %q0 : index
    %tsum0 = arith.addi %one, %qt0 : index
    %ks1 = arith.muli %i1, %k1 : index
    %sum1 = arith.addi %sum0, %ks1 : index
    %qt1 = arith.muli %i1, %q1 : index
    %tsum1 = arith.addi %tsum0, %qt1 : index
    %st = arith.muli %sum1, %tsum1 : index
    %u = arith.addi %st, %sum1 : index
    %r = arith.remui %u, %p : index
    %rm = arith.remui %r, %m : index
    %v = arith.subi %rm, %h : index
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f16
    tensor.yield %f : f16
  } : tensor<?x?xf16>
  return %data : tensor<?x?xf16>
}

// A tensor-core 64x48x40 matmul starting from a bias broadcast, then a
// ReLU: the bias is split off and, with the ReLU, fused as the matmul's
// epilogue (applied by the block's threads after the mma fragments are
// stored).
func.func @f16_matmul_64_epilogue(%in0: tensor<64x40xf16>, %in1: tensor<40x48xf16>, %bias: tensor<48xf32>) -> tensor<64x48xf32> {
  %empty = tensor.empty() : tensor<64x48xf32>
  %b = linalg.broadcast ins(%bias : tensor<48xf32>) outs(%empty : tensor<64x48xf32>) dimensions = [0]
  %m = linalg.matmul ins(%in0, %in1 : tensor<64x40xf16>, tensor<40x48xf16>) outs(%b : tensor<64x48xf32>) -> tensor<64x48xf32>
  %e2 = tensor.empty() : tensor<64x48xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<64x48xf32>) outs(%e2 : tensor<64x48xf32>) {
  ^bb0(%x: f32, %o: f32):
    %zero = arith.constant 0.0 : f32
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<64x48xf32>
  return %r : tensor<64x48xf32>
}

// A tensor-core 128x128x64 matmul rounded to f16 and back, minus one: a
// cast epilogue.
func.func @f16_matmul_big_epilogue(%in0: tensor<128x64xf16>, %in1: tensor<64x128xf16>) -> tensor<128x128xf32> {
  %empty = tensor.empty() : tensor<128x128xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%in0, %in1 : tensor<128x64xf16>, tensor<64x128xf16>) outs(%init : tensor<128x128xf32>) -> tensor<128x128xf32>
  %e2 = tensor.empty() : tensor<128x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<128x128xf32>) outs(%e2 : tensor<128x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %h = arith.truncf %x : f32 to f16
    %w = arith.extf %h : f16 to f32
    %one = arith.constant 1.0 : f32
    %y = arith.subf %w, %one : f32
    linalg.yield %y : f32
  } -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}


func.func @data_2d_f32(%s0: index, %s1: index,
    %k0: index, %k1: index, %q0: index, %q1: index,
    %off: index, %m: index) -> tensor<?x?xf32> {
  %one = arith.constant 1 : index
  %two = arith.constant 2 : index
  %p = arith.constant 1009 : index
  %h = arith.divui %m, %two : index
  %data = tensor.generate %s0, %s1 {
  ^bb0(%i0: index, %i1: index):
    %ks0 = arith.muli %i0, %k0 : index
    %sum0 = arith.addi %off, %ks0 : index
    %qt0 = arith.muli %i0, %q0 : index
    %tsum0 = arith.addi %one, %qt0 : index
    %ks1 = arith.muli %i1, %k1 : index
    %sum1 = arith.addi %sum0, %ks1 : index
    %qt1 = arith.muli %i1, %q1 : index
    %tsum1 = arith.addi %tsum0, %qt1 : index
    %st = arith.muli %sum1, %tsum1 : index
    %u = arith.addi %st, %sum1 : index
    %r = arith.remui %u, %p : index
    %rm = arith.remui %r, %m : index
    %v = arith.subi %rm, %h : index
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?xf32>
  return %data : tensor<?x?xf32>
}

func.func @data_4d_f16(%s0: index, %s1: index, %s2: index, %s3: index,
    %k0: index, %k1: index, %k2: index, %k3: index, %q0: index, %q1: index, %q2: index, %q3: index,
    %off: index, %m: index) -> tensor<?x?x?x?xf16> {
  %one = arith.constant 1 : index
  %two = arith.constant 2 : index
  %p = arith.constant 1009 : index
  %h = arith.divui %m, %two : index
  %data = tensor.generate %s0, %s1, %s2, %s3 {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    %ks0 = arith.muli %i0, %k0 : index
    %sum0 = arith.addi %off, %ks0 : index
    %qt0 = arith.muli %i0, %q0 : index
    %tsum0 = arith.addi %one, %qt0 : index
    %ks1 = arith.muli %i1, %k1 : index
    %sum1 = arith.addi %sum0, %ks1 : index
    %qt1 = arith.muli %i1, %q1 : index
    %tsum1 = arith.addi %tsum0, %qt1 : index
    %ks2 = arith.muli %i2, %k2 : index
    %sum2 = arith.addi %sum1, %ks2 : index
    %qt2 = arith.muli %i2, %q2 : index
    %tsum2 = arith.addi %tsum1, %qt2 : index
    %ks3 = arith.muli %i3, %k3 : index
    %sum3 = arith.addi %sum2, %ks3 : index
    %qt3 = arith.muli %i3, %q3 : index
    %tsum3 = arith.addi %tsum2, %qt3 : index
    %st = arith.muli %sum3, %tsum3 : index
    %u = arith.addi %st, %sum3 : index
    %r = arith.remui %u, %p : index
    %rm = arith.remui %r, %m : index
    %v = arith.subi %rm, %h : index
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f16
    tensor.yield %f : f16
  } : tensor<?x?x?x?xf16>
  return %data : tensor<?x?x?x?xf16>
}

func.func @checksum(%t: tensor<?xf32>) -> tensor<5xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %c61 = arith.constant 61 : i64
  %lowest = arith.constant -9223372036854775807 : i64
  %r:5 = scf.for %i = %c0 to %n step %c1
      iter_args(%s = %z, %w1 = %z, %w2 = %z, %mx = %lowest, %bad = %z)
      -> (i64, i64, i64, i64, i64) {
    %x = tensor.extract %t[%i] : tensor<?xf32>
    %xi = arith.fptosi %x : f32 to i64
    %back = arith.sitofp %xi : i64 to f32
    %exact = arith.cmpf oeq, %back, %x : f32
    %notint = arith.select %exact, %z, %one : i64
    %bad2 = arith.addi %bad, %notint : i64
    %ii = arith.index_cast %i : index to i64
    %i1 = arith.addi %ii, %one : i64
    %sq = arith.muli %ii, %ii : i64
    %sqm = arith.remui %sq, %c61 : i64
    %wt = arith.addi %sqm, %one : i64
    %s2 = arith.addi %s, %xi : i64
    %p1 = arith.muli %xi, %i1 : i64
    %w1n = arith.addi %w1, %p1 : i64
    %p2 = arith.muli %xi, %wt : i64
    %w2n = arith.addi %w2, %p2 : i64
    %mxn = arith.maxsi %mx, %xi : i64
    scf.yield %s2, %w1n, %w2n, %mxn, %bad2 : i64, i64, i64, i64, i64
  }
  %res = tensor.from_elements %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<5xi64>
  return %res : tensor<5xi64>
}

func.func private @printMemrefF32(tensor<*xf32>)
    attributes { llvm.emit_c_interface }
func.func private @printMemrefI64(tensor<*xi64>)
    attributes { llvm.emit_c_interface }

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c17 = arith.constant 17 : index
  %c20 = arith.constant 20 : index
  %c23 = arith.constant 23 : index
  %c33 = arith.constant 33 : index
  %c37 = arith.constant 37 : index
  %c40 = arith.constant 40 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  vector.print str "f16_matmul_64\n"
  %f16_matmul_64_in0_d = call @data_2d_f16(%c64, %c40, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_matmul_64_in0 = tensor.cast %f16_matmul_64_in0_d : tensor<?x?xf16> to tensor<64x40xf16>
  %f16_matmul_64_in1_d = call @data_2d_f16(%c40, %c48, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_matmul_64_in1 = tensor.cast %f16_matmul_64_in1_d : tensor<?x?xf16> to tensor<40x48xf16>
  %f16_matmul_64_r = call @f16_matmul_64(%f16_matmul_64_in0, %f16_matmul_64_in1) : (tensor<64x40xf16>, tensor<40x48xf16>) -> tensor<64x48xf32>
  %f16_matmul_64_r_flat = tensor.collapse_shape %f16_matmul_64_r [[0, 1]] : tensor<64x48xf32> into tensor<3072xf32>
  %f16_matmul_64_r_dyn = tensor.cast %f16_matmul_64_r_flat : tensor<3072xf32> to tensor<?xf32>
  %f16_matmul_64_r_sum = call @checksum(%f16_matmul_64_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %f16_matmul_64_r_u = tensor.cast %f16_matmul_64_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%f16_matmul_64_r_u) : (tensor<*xi64>) -> ()
  vector.print str "f16_matmul_irregular\n"
  %f16_matmul_irregular_in0_d = call @data_2d_f16(%c33, %c20, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_matmul_irregular_in0 = tensor.cast %f16_matmul_irregular_in0_d : tensor<?x?xf16> to tensor<33x20xf16>
  %f16_matmul_irregular_in1_d = call @data_2d_f16(%c20, %c17, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_matmul_irregular_in1 = tensor.cast %f16_matmul_irregular_in1_d : tensor<?x?xf16> to tensor<20x17xf16>
  %f16_matmul_irregular_init_d = call @data_2d_f32(%c33, %c17, %c3, %c1, %c1, %c4, %c37, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %f16_matmul_irregular_init = tensor.cast %f16_matmul_irregular_init_d : tensor<?x?xf32> to tensor<33x17xf32>
  %f16_matmul_irregular_r = call @f16_matmul_irregular(%f16_matmul_irregular_in0, %f16_matmul_irregular_in1, %f16_matmul_irregular_init) : (tensor<33x20xf16>, tensor<20x17xf16>, tensor<33x17xf32>) -> tensor<33x17xf32>
  %f16_matmul_irregular_r_flat = tensor.collapse_shape %f16_matmul_irregular_r [[0, 1]] : tensor<33x17xf32> into tensor<561xf32>
  %f16_matmul_irregular_r_dyn = tensor.cast %f16_matmul_irregular_r_flat : tensor<561xf32> to tensor<?xf32>
  %f16_matmul_irregular_r_sum = call @checksum(%f16_matmul_irregular_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %f16_matmul_irregular_r_u = tensor.cast %f16_matmul_irregular_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%f16_matmul_irregular_r_u) : (tensor<*xi64>) -> ()
  vector.print str "f16_matmul_small\n"
  %f16_matmul_small_in0_d = call @data_2d_f16(%c4, %c5, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_matmul_small_in0 = tensor.cast %f16_matmul_small_in0_d : tensor<?x?xf16> to tensor<4x5xf16>
  %f16_matmul_small_in1_d = call @data_2d_f16(%c5, %c6, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_matmul_small_in1 = tensor.cast %f16_matmul_small_in1_d : tensor<?x?xf16> to tensor<5x6xf16>
  %f16_matmul_small_r = call @f16_matmul_small(%f16_matmul_small_in0, %f16_matmul_small_in1) : (tensor<4x5xf16>, tensor<5x6xf16>) -> tensor<4x6xf32>
  %f16_matmul_small_r_u = tensor.cast %f16_matmul_small_r : tensor<4x6xf32> to tensor<*xf32>
  call @printMemrefF32(%f16_matmul_small_r_u) : (tensor<*xf32>) -> ()
  vector.print str "f16_matmul_big\n"
  %f16_matmul_big_in0_d = call @data_2d_f16(%c128, %c64, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_matmul_big_in0 = tensor.cast %f16_matmul_big_in0_d : tensor<?x?xf16> to tensor<128x64xf16>
  %f16_matmul_big_in1_d = call @data_2d_f16(%c64, %c128, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_matmul_big_in1 = tensor.cast %f16_matmul_big_in1_d : tensor<?x?xf16> to tensor<64x128xf16>
  %f16_matmul_big_r = call @f16_matmul_big(%f16_matmul_big_in0, %f16_matmul_big_in1) : (tensor<128x64xf16>, tensor<64x128xf16>) -> tensor<128x128xf32>
  %f16_matmul_big_r_flat = tensor.collapse_shape %f16_matmul_big_r [[0, 1]] : tensor<128x128xf32> into tensor<16384xf32>
  %f16_matmul_big_r_dyn = tensor.cast %f16_matmul_big_r_flat : tensor<16384xf32> to tensor<?xf32>
  %f16_matmul_big_r_sum = call @checksum(%f16_matmul_big_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %f16_matmul_big_r_u = tensor.cast %f16_matmul_big_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%f16_matmul_big_r_u) : (tensor<*xi64>) -> ()
  vector.print str "f16_conv\n"
  %f16_conv_in0_d = call @data_4d_f16(%c2, %c8, %c15, %c13, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf16>
  %f16_conv_in0 = tensor.cast %f16_conv_in0_d : tensor<?x?x?x?xf16> to tensor<2x8x15x13xf16>
  %f16_conv_in1_d = call @data_4d_f16(%c16, %c8, %c3, %c3, %c2, %c5, %c3, %c1, %c6, %c1, %c8, %c3, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf16>
  %f16_conv_in1 = tensor.cast %f16_conv_in1_d : tensor<?x?x?x?xf16> to tensor<16x8x3x3xf16>
  %f16_conv_r = call @f16_conv(%f16_conv_in0, %f16_conv_in1) : (tensor<2x8x15x13xf16>, tensor<16x8x3x3xf16>) -> tensor<2x16x7x6xf32>
  %f16_conv_r_flat = tensor.collapse_shape %f16_conv_r [[0, 1, 2, 3]] : tensor<2x16x7x6xf32> into tensor<1344xf32>
  %f16_conv_r_dyn = tensor.cast %f16_conv_r_flat : tensor<1344xf32> to tensor<?xf32>
  %f16_conv_r_sum = call @checksum(%f16_conv_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %f16_conv_r_u = tensor.cast %f16_conv_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%f16_conv_r_u) : (tensor<*xi64>) -> ()
  vector.print str "f16_conv_nhwc\n"
  %f16_conv_nhwc_in0_d = call @data_4d_f16(%c1, %c12, %c12, %c16, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf16>
  %f16_conv_nhwc_in0 = tensor.cast %f16_conv_nhwc_in0_d : tensor<?x?x?x?xf16> to tensor<1x12x12x16xf16>
  %f16_conv_nhwc_in1_d = call @data_4d_f16(%c3, %c3, %c16, %c8, %c2, %c5, %c3, %c1, %c6, %c1, %c8, %c3, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf16>
  %f16_conv_nhwc_in1 = tensor.cast %f16_conv_nhwc_in1_d : tensor<?x?x?x?xf16> to tensor<3x3x16x8xf16>
  %f16_conv_nhwc_r = call @f16_conv_nhwc(%f16_conv_nhwc_in0, %f16_conv_nhwc_in1) : (tensor<1x12x12x16xf16>, tensor<3x3x16x8xf16>) -> tensor<1x8x8x8xf32>
  %f16_conv_nhwc_r_flat = tensor.collapse_shape %f16_conv_nhwc_r [[0, 1, 2, 3]] : tensor<1x8x8x8xf32> into tensor<512xf32>
  %f16_conv_nhwc_r_dyn = tensor.cast %f16_conv_nhwc_r_flat : tensor<512xf32> to tensor<?xf32>
  %f16_conv_nhwc_r_sum = call @checksum(%f16_conv_nhwc_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %f16_conv_nhwc_r_u = tensor.cast %f16_conv_nhwc_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%f16_conv_nhwc_r_u) : (tensor<*xi64>) -> ()
  vector.print str "f16_matmul_64_epilogue\n"
  %ep_bias_d = call @data_2d_f32(%c1, %c48, %c3, %c1, %c1, %c4, %c37, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %ep_bias_2d = tensor.cast %ep_bias_d : tensor<?x?xf32> to tensor<1x48xf32>
  %ep_bias = tensor.collapse_shape %ep_bias_2d [[0, 1]] : tensor<1x48xf32> into tensor<48xf32>
  %ep64_r = call @f16_matmul_64_epilogue(%f16_matmul_64_in0, %f16_matmul_64_in1, %ep_bias) : (tensor<64x40xf16>, tensor<40x48xf16>, tensor<48xf32>) -> tensor<64x48xf32>
  %ep64_flat = tensor.collapse_shape %ep64_r [[0, 1]] : tensor<64x48xf32> into tensor<3072xf32>
  %ep64_dyn = tensor.cast %ep64_flat : tensor<3072xf32> to tensor<?xf32>
  %ep64_sum = call @checksum(%ep64_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %ep64_u = tensor.cast %ep64_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%ep64_u) : (tensor<*xi64>) -> ()
  vector.print str "f16_matmul_big_epilogue\n"
  %epbig_r = call @f16_matmul_big_epilogue(%f16_matmul_big_in0, %f16_matmul_big_in1) : (tensor<128x64xf16>, tensor<64x128xf16>) -> tensor<128x128xf32>
  %epbig_flat = tensor.collapse_shape %epbig_r [[0, 1]] : tensor<128x128xf32> into tensor<16384xf32>
  %epbig_dyn = tensor.cast %epbig_flat : tensor<16384xf32> to tensor<?xf32>
  %epbig_sum = call @checksum(%epbig_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %epbig_u = tensor.cast %epbig_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%epbig_u) : (tensor<*xi64>) -> ()
  return
}
