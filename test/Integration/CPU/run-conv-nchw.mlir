// linalg.conv_2d_nchw_fchw through --roller-tile and the CPU lowering.
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
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.conv_2d_nchw_fchw
// RUN: roller-opt %s --roller-tile="device=a100" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.conv_2d_nchw_fchw
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

// Every operator becomes an rProgram.
// TILED-COUNT-5: roller.rprogram ins(
// TILED-NOT: roller.rprogram ins(

// Stride 1, 3x3 kernel.
// CHECK-LABEL: nchw_s1
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [804, 73602, 11560, 43, 0]

// Stride 2 on an irregular input (15x13).
// CHECK-LABEL: nchw_s2
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [503, -37733, -2867, 66, 0]

// Dilation 2, small, printed whole.
// CHECK-LABEL: nchw_d2
// CHECK-NEXT: rank = 4 offset = 0 sizes = [1, 3, 5, 6] strides = [90, 30, 6, 1] data =
// CHECK-NEXT: {{\[\[\[\[}}7, 2, -7, 15, 8, 7],
// CHECK-NEXT: [12, 4, 2, -12, 8, 11],
// CHECK-NEXT: [9, 8, -5, -4, -14, 9],
// CHECK-NEXT: [6, -15, 17, 11, -5, 2],
// CHECK-NEXT: [5, -7, 6, 1, -3, -1]],
// CHECK-NEXT: {{\[\[}}-6, 3, 14, -3, 17, -6],
// CHECK-NEXT: [-13, 15, -5, 0, -6, -17],
// CHECK-NEXT: [-22, 0, 2, -7, -2, -22],
// CHECK-NEXT: [4, 2, 0, 15, 2, 2],
// CHECK-NEXT: [-6, 9, 5, -6, 6, -6]],
// CHECK-NEXT: {{\[\[}}17, -7, -9, 11, -12, 17],
// CHECK-NEXT: [-6, -11, 26, 2, -7, -7],
// CHECK-NEXT: [8, -13, 10, 13, -5, 7],
// CHECK-NEXT: [-8, -13, 12, -9, 5, -3],
// CHECK-NEXT: [8, 0, 2, 3, 10, 5]]]]

// Dilation 2 on a larger input, accumulating into existing values.
// CHECK-LABEL: nchw_d2_big
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-3, 844335, 19355, 78, 0]

// Stride 2 and dilation 2 at once, 1x2 kernel, mixed per-axis strides.
// CHECK-LABEL: nchw_s2_d2
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [172, 57185, 1599, 32, 0]

// Stride 1, 3x3 kernel.
func.func @nchw_s1(%in0: tensor<1x3x10x10xf32>, %in1: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  %empty = tensor.empty() : tensor<1x4x8x8xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
      ins(%in0, %in1 : tensor<1x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%init : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  return %r : tensor<1x4x8x8xf32>
}

// Stride 2 on an irregular input (15x13).
func.func @nchw_s2(%in0: tensor<2x5x15x13xf32>, %in1: tensor<6x5x3x3xf32>) -> tensor<2x6x7x6xf32> {
  %empty = tensor.empty() : tensor<2x6x7x6xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<2x6x7x6xf32>) -> tensor<2x6x7x6xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>}
      ins(%in0, %in1 : tensor<2x5x15x13xf32>, tensor<6x5x3x3xf32>) outs(%init : tensor<2x6x7x6xf32>) -> tensor<2x6x7x6xf32>
  return %r : tensor<2x6x7x6xf32>
}

// Dilation 2, small, printed whole.
func.func @nchw_d2(%in0: tensor<1x2x7x8xf32>, %in1: tensor<3x2x2x2xf32>) -> tensor<1x3x5x6xf32> {
  %empty = tensor.empty() : tensor<1x3x5x6xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<1x3x5x6xf32>) -> tensor<1x3x5x6xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
      ins(%in0, %in1 : tensor<1x2x7x8xf32>, tensor<3x2x2x2xf32>) outs(%init : tensor<1x3x5x6xf32>) -> tensor<1x3x5x6xf32>
  return %r : tensor<1x3x5x6xf32>
}

// Dilation 2 on a larger input, accumulating into existing values.
func.func @nchw_d2_big(%in0: tensor<2x8x20x18xf32>, %in1: tensor<16x8x3x3xf32>, %init: tensor<2x16x16x14xf32>) -> tensor<2x16x16x14xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
      ins(%in0, %in1 : tensor<2x8x20x18xf32>, tensor<16x8x3x3xf32>) outs(%init : tensor<2x16x16x14xf32>) -> tensor<2x16x16x14xf32>
  return %r : tensor<2x16x16x14xf32>
}

// Stride 2 and dilation 2 at once, 1x2 kernel, mixed per-axis strides.
func.func @nchw_s2_d2(%in0: tensor<1x4x12x11xf32>, %in1: tensor<8x4x1x2xf32>) -> tensor<1x8x6x9xf32> {
  %empty = tensor.empty() : tensor<1x8x6x9xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<1x8x6x9xf32>) -> tensor<1x8x6x9xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%in0, %in1 : tensor<1x4x12x11xf32>, tensor<8x4x1x2xf32>) outs(%init : tensor<1x8x6x9xf32>) -> tensor<1x8x6x9xf32>
  return %r : tensor<1x8x6x9xf32>
}

func.func @data_4d_f32(%s0: index, %s1: index, %s2: index, %s3: index,
    %k0: index, %k1: index, %k2: index, %k3: index, %q0: index, %q1: index, %q2: index, %q3: index,
    %off: index, %m: index) -> tensor<?x?x?x?xf32> {
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
    %f = arith.sitofp %vi : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?x?x?xf32>
  return %data : tensor<?x?x?x?xf32>
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
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c18 = arith.constant 18 : index
  %c20 = arith.constant 20 : index
  %c23 = arith.constant 23 : index
  %c37 = arith.constant 37 : index
  vector.print str "nchw_s1\n"
  %nchw_s1_in0_d = call @data_4d_f32(%c1, %c3, %c10, %c10, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %nchw_s1_in0 = tensor.cast %nchw_s1_in0_d : tensor<?x?x?x?xf32> to tensor<1x3x10x10xf32>
  %nchw_s1_in1_d = call @data_4d_f32(%c4, %c3, %c3, %c3, %c2, %c5, %c3, %c1, %c6, %c1, %c8, %c3, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %nchw_s1_in1 = tensor.cast %nchw_s1_in1_d : tensor<?x?x?x?xf32> to tensor<4x3x3x3xf32>
  %nchw_s1_r = call @nchw_s1(%nchw_s1_in0, %nchw_s1_in1) : (tensor<1x3x10x10xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  %nchw_s1_r_flat = tensor.collapse_shape %nchw_s1_r [[0, 1, 2, 3]] : tensor<1x4x8x8xf32> into tensor<256xf32>
  %nchw_s1_r_dyn = tensor.cast %nchw_s1_r_flat : tensor<256xf32> to tensor<?xf32>
  %nchw_s1_r_sum = call @checksum(%nchw_s1_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %nchw_s1_r_u = tensor.cast %nchw_s1_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%nchw_s1_r_u) : (tensor<*xi64>) -> ()
  vector.print str "nchw_s2\n"
  %nchw_s2_in0_d = call @data_4d_f32(%c2, %c5, %c15, %c13, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %nchw_s2_in0 = tensor.cast %nchw_s2_in0_d : tensor<?x?x?x?xf32> to tensor<2x5x15x13xf32>
  %nchw_s2_in1_d = call @data_4d_f32(%c6, %c5, %c3, %c3, %c2, %c5, %c3, %c1, %c6, %c1, %c8, %c3, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %nchw_s2_in1 = tensor.cast %nchw_s2_in1_d : tensor<?x?x?x?xf32> to tensor<6x5x3x3xf32>
  %nchw_s2_r = call @nchw_s2(%nchw_s2_in0, %nchw_s2_in1) : (tensor<2x5x15x13xf32>, tensor<6x5x3x3xf32>) -> tensor<2x6x7x6xf32>
  %nchw_s2_r_flat = tensor.collapse_shape %nchw_s2_r [[0, 1, 2, 3]] : tensor<2x6x7x6xf32> into tensor<504xf32>
  %nchw_s2_r_dyn = tensor.cast %nchw_s2_r_flat : tensor<504xf32> to tensor<?xf32>
  %nchw_s2_r_sum = call @checksum(%nchw_s2_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %nchw_s2_r_u = tensor.cast %nchw_s2_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%nchw_s2_r_u) : (tensor<*xi64>) -> ()
  vector.print str "nchw_d2\n"
  %nchw_d2_in0_d = call @data_4d_f32(%c1, %c2, %c7, %c8, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %nchw_d2_in0 = tensor.cast %nchw_d2_in0_d : tensor<?x?x?x?xf32> to tensor<1x2x7x8xf32>
  %nchw_d2_in1_d = call @data_4d_f32(%c3, %c2, %c2, %c2, %c2, %c5, %c3, %c1, %c6, %c1, %c8, %c3, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %nchw_d2_in1 = tensor.cast %nchw_d2_in1_d : tensor<?x?x?x?xf32> to tensor<3x2x2x2xf32>
  %nchw_d2_r = call @nchw_d2(%nchw_d2_in0, %nchw_d2_in1) : (tensor<1x2x7x8xf32>, tensor<3x2x2x2xf32>) -> tensor<1x3x5x6xf32>
  %nchw_d2_r_u = tensor.cast %nchw_d2_r : tensor<1x3x5x6xf32> to tensor<*xf32>
  call @printMemrefF32(%nchw_d2_r_u) : (tensor<*xf32>) -> ()
  vector.print str "nchw_d2_big\n"
  %nchw_d2_big_in0_d = call @data_4d_f32(%c2, %c8, %c20, %c18, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %nchw_d2_big_in0 = tensor.cast %nchw_d2_big_in0_d : tensor<?x?x?x?xf32> to tensor<2x8x20x18xf32>
  %nchw_d2_big_in1_d = call @data_4d_f32(%c16, %c8, %c3, %c3, %c2, %c5, %c3, %c1, %c6, %c1, %c8, %c3, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %nchw_d2_big_in1 = tensor.cast %nchw_d2_big_in1_d : tensor<?x?x?x?xf32> to tensor<16x8x3x3xf32>
  %nchw_d2_big_init_d = call @data_4d_f32(%c2, %c16, %c16, %c14, %c3, %c1, %c2, %c5, %c1, %c4, %c7, %c2, %c37, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %nchw_d2_big_init = tensor.cast %nchw_d2_big_init_d : tensor<?x?x?x?xf32> to tensor<2x16x16x14xf32>
  %nchw_d2_big_r = call @nchw_d2_big(%nchw_d2_big_in0, %nchw_d2_big_in1, %nchw_d2_big_init) : (tensor<2x8x20x18xf32>, tensor<16x8x3x3xf32>, tensor<2x16x16x14xf32>) -> tensor<2x16x16x14xf32>
  %nchw_d2_big_r_flat = tensor.collapse_shape %nchw_d2_big_r [[0, 1, 2, 3]] : tensor<2x16x16x14xf32> into tensor<7168xf32>
  %nchw_d2_big_r_dyn = tensor.cast %nchw_d2_big_r_flat : tensor<7168xf32> to tensor<?xf32>
  %nchw_d2_big_r_sum = call @checksum(%nchw_d2_big_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %nchw_d2_big_r_u = tensor.cast %nchw_d2_big_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%nchw_d2_big_r_u) : (tensor<*xi64>) -> ()
  vector.print str "nchw_s2_d2\n"
  %nchw_s2_d2_in0_d = call @data_4d_f32(%c1, %c4, %c12, %c11, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %nchw_s2_d2_in0 = tensor.cast %nchw_s2_d2_in0_d : tensor<?x?x?x?xf32> to tensor<1x4x12x11xf32>
  %nchw_s2_d2_in1_d = call @data_4d_f32(%c8, %c4, %c1, %c2, %c2, %c5, %c3, %c1, %c6, %c1, %c8, %c3, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %nchw_s2_d2_in1 = tensor.cast %nchw_s2_d2_in1_d : tensor<?x?x?x?xf32> to tensor<8x4x1x2xf32>
  %nchw_s2_d2_r = call @nchw_s2_d2(%nchw_s2_d2_in0, %nchw_s2_d2_in1) : (tensor<1x4x12x11xf32>, tensor<8x4x1x2xf32>) -> tensor<1x8x6x9xf32>
  %nchw_s2_d2_r_flat = tensor.collapse_shape %nchw_s2_d2_r [[0, 1, 2, 3]] : tensor<1x8x6x9xf32> into tensor<432xf32>
  %nchw_s2_d2_r_dyn = tensor.cast %nchw_s2_d2_r_flat : tensor<432xf32> to tensor<?xf32>
  %nchw_s2_d2_r_sum = call @checksum(%nchw_s2_d2_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %nchw_s2_d2_r_u = tensor.cast %nchw_s2_d2_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%nchw_s2_d2_r_u) : (tensor<*xi64>) -> ()
  return
}
