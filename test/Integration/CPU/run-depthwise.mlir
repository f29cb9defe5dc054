// linalg.depthwise_conv_2d_nchw_chw (and _nhwc_hwc) through --roller-tile and
// the CPU lowering.
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
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.depthwise_conv
// RUN: roller-opt %s --roller-tile="device=a100" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.depthwise_conv
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
// CHECK-LABEL: dw_s1
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [296, 126982, 5687, 34, 0]

// Stride 2.
// CHECK-LABEL: dw_s2
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [175, 12238, 4174, 34, 0]

// Dilation 2, small, printed whole.
// CHECK-LABEL: dw_d2
// CHECK-NEXT: rank = 4 offset = 0 sizes = [1, 2, 4, 5] strides = [40, 20, 5, 1] data =
// CHECK-NEXT: {{\[\[\[\[}}6, 1, -2, -3, 3],
// CHECK-NEXT: [-7, 7, 8, 1, -4],
// CHECK-NEXT: [-5, 3, 8, 5, -4],
// CHECK-NEXT: [2, -14, 0, 3, 6]],
// CHECK-NEXT: {{\[\[}}-7, 8, 11, -8, 1],
// CHECK-NEXT: [5, 11, -10, 0, 10],
// CHECK-NEXT: [-5, 7, 3, -4, 2],
// CHECK-NEXT: [8, 11, -8, -2, 5]]]]

// Stride 2 and dilation 2, accumulating into existing values.
// CHECK-LABEL: dw_acc
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [12, 9719, 2102, 22, 0]

// The NHWC form, stride 1.
// CHECK-LABEL: dw_nhwc
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [37, 27001, -1564, 26, 0]

// Stride 1, 3x3 kernel.
func.func @dw_s1(%in0: tensor<2x6x12x11xf32>, %in1: tensor<6x3x3xf32>) -> tensor<2x6x10x9xf32> {
  %empty = tensor.empty() : tensor<2x6x10x9xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<2x6x10x9xf32>) -> tensor<2x6x10x9xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
      ins(%in0, %in1 : tensor<2x6x12x11xf32>, tensor<6x3x3xf32>) outs(%init : tensor<2x6x10x9xf32>) -> tensor<2x6x10x9xf32>
  return %r : tensor<2x6x10x9xf32>
}

// Stride 2.
func.func @dw_s2(%in0: tensor<1x8x15x14xf32>, %in1: tensor<8x3x3xf32>) -> tensor<1x8x7x6xf32> {
  %empty = tensor.empty() : tensor<1x8x7x6xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<1x8x7x6xf32>) -> tensor<1x8x7x6xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>}
      ins(%in0, %in1 : tensor<1x8x15x14xf32>, tensor<8x3x3xf32>) outs(%init : tensor<1x8x7x6xf32>) -> tensor<1x8x7x6xf32>
  return %r : tensor<1x8x7x6xf32>
}

// Dilation 2, small, printed whole.
func.func @dw_d2(%in0: tensor<1x2x6x7xf32>, %in1: tensor<2x2x2xf32>) -> tensor<1x2x4x5xf32> {
  %empty = tensor.empty() : tensor<1x2x4x5xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<1x2x4x5xf32>) -> tensor<1x2x4x5xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
      ins(%in0, %in1 : tensor<1x2x6x7xf32>, tensor<2x2x2xf32>) outs(%init : tensor<1x2x4x5xf32>) -> tensor<1x2x4x5xf32>
  return %r : tensor<1x2x4x5xf32>
}

// Stride 2 and dilation 2, accumulating into existing values.
func.func @dw_acc(%in0: tensor<2x5x13x12xf32>, %in1: tensor<5x3x2xf32>, %init: tensor<2x5x5x5xf32>) -> tensor<2x5x5x5xf32> {
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>}
      ins(%in0, %in1 : tensor<2x5x13x12xf32>, tensor<5x3x2xf32>) outs(%init : tensor<2x5x5x5xf32>) -> tensor<2x5x5x5xf32>
  return %r : tensor<2x5x5x5xf32>
}

// The NHWC form, stride 1.
func.func @dw_nhwc(%in0: tensor<1x10x9x7xf32>, %in1: tensor<3x3x7xf32>) -> tensor<1x8x7x7xf32> {
  %empty = tensor.empty() : tensor<1x8x7x7xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
      ins(%in0, %in1 : tensor<1x10x9x7xf32>, tensor<3x3x7xf32>) outs(%init : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  return %r : tensor<1x8x7x7xf32>
}

func.func @data_3d_f32(%s0: index, %s1: index, %s2: index,
    %k0: index, %k1: index, %k2: index, %q0: index, %q1: index, %q2: index,
    %off: index, %m: index) -> tensor<?x?x?xf32> {
  %one = arith.constant 1 : index
  %two = arith.constant 2 : index
  %p = arith.constant 1009 : index
  %h = arith.divui %m, %two : index
  %data = tensor.generate %s0, %s1, %s2 {
  ^bb0(%i0: index, %i1: index, %i2: index):
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
    %st = arith.muli %sum2, %tsum2 : index
    %u = arith.addi %st, %sum2 : index
    %r = arith.remui %u, %p : index
    %rm = arith.remui %r, %m : index
    %v = arith.subi %rm, %h : index
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?x?xf32>
  return %data : tensor<?x?x?xf32>
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
  %c23 = arith.constant 23 : index
  %c37 = arith.constant 37 : index
  vector.print str "dw_s1\n"
  %dw_s1_in0_d = call @data_4d_f32(%c2, %c6, %c12, %c11, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %dw_s1_in0 = tensor.cast %dw_s1_in0_d : tensor<?x?x?x?xf32> to tensor<2x6x12x11xf32>
  %dw_s1_in1_d = call @data_3d_f32(%c6, %c3, %c3, %c2, %c5, %c3, %c6, %c1, %c8, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %dw_s1_in1 = tensor.cast %dw_s1_in1_d : tensor<?x?x?xf32> to tensor<6x3x3xf32>
  %dw_s1_r = call @dw_s1(%dw_s1_in0, %dw_s1_in1) : (tensor<2x6x12x11xf32>, tensor<6x3x3xf32>) -> tensor<2x6x10x9xf32>
  %dw_s1_r_flat = tensor.collapse_shape %dw_s1_r [[0, 1, 2, 3]] : tensor<2x6x10x9xf32> into tensor<1080xf32>
  %dw_s1_r_dyn = tensor.cast %dw_s1_r_flat : tensor<1080xf32> to tensor<?xf32>
  %dw_s1_r_sum = call @checksum(%dw_s1_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %dw_s1_r_u = tensor.cast %dw_s1_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%dw_s1_r_u) : (tensor<*xi64>) -> ()
  vector.print str "dw_s2\n"
  %dw_s2_in0_d = call @data_4d_f32(%c1, %c8, %c15, %c14, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %dw_s2_in0 = tensor.cast %dw_s2_in0_d : tensor<?x?x?x?xf32> to tensor<1x8x15x14xf32>
  %dw_s2_in1_d = call @data_3d_f32(%c8, %c3, %c3, %c2, %c5, %c3, %c6, %c1, %c8, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %dw_s2_in1 = tensor.cast %dw_s2_in1_d : tensor<?x?x?xf32> to tensor<8x3x3xf32>
  %dw_s2_r = call @dw_s2(%dw_s2_in0, %dw_s2_in1) : (tensor<1x8x15x14xf32>, tensor<8x3x3xf32>) -> tensor<1x8x7x6xf32>
  %dw_s2_r_flat = tensor.collapse_shape %dw_s2_r [[0, 1, 2, 3]] : tensor<1x8x7x6xf32> into tensor<336xf32>
  %dw_s2_r_dyn = tensor.cast %dw_s2_r_flat : tensor<336xf32> to tensor<?xf32>
  %dw_s2_r_sum = call @checksum(%dw_s2_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %dw_s2_r_u = tensor.cast %dw_s2_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%dw_s2_r_u) : (tensor<*xi64>) -> ()
  vector.print str "dw_d2\n"
  %dw_d2_in0_d = call @data_4d_f32(%c1, %c2, %c6, %c7, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %dw_d2_in0 = tensor.cast %dw_d2_in0_d : tensor<?x?x?x?xf32> to tensor<1x2x6x7xf32>
  %dw_d2_in1_d = call @data_3d_f32(%c2, %c2, %c2, %c2, %c5, %c3, %c6, %c1, %c8, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %dw_d2_in1 = tensor.cast %dw_d2_in1_d : tensor<?x?x?xf32> to tensor<2x2x2xf32>
  %dw_d2_r = call @dw_d2(%dw_d2_in0, %dw_d2_in1) : (tensor<1x2x6x7xf32>, tensor<2x2x2xf32>) -> tensor<1x2x4x5xf32>
  %dw_d2_r_u = tensor.cast %dw_d2_r : tensor<1x2x4x5xf32> to tensor<*xf32>
  call @printMemrefF32(%dw_d2_r_u) : (tensor<*xf32>) -> ()
  vector.print str "dw_acc\n"
  %dw_acc_in0_d = call @data_4d_f32(%c2, %c5, %c13, %c12, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %dw_acc_in0 = tensor.cast %dw_acc_in0_d : tensor<?x?x?x?xf32> to tensor<2x5x13x12xf32>
  %dw_acc_in1_d = call @data_3d_f32(%c5, %c3, %c2, %c2, %c5, %c3, %c6, %c1, %c8, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %dw_acc_in1 = tensor.cast %dw_acc_in1_d : tensor<?x?x?xf32> to tensor<5x3x2xf32>
  %dw_acc_init_d = call @data_4d_f32(%c2, %c5, %c5, %c5, %c3, %c1, %c2, %c5, %c1, %c4, %c7, %c2, %c37, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %dw_acc_init = tensor.cast %dw_acc_init_d : tensor<?x?x?x?xf32> to tensor<2x5x5x5xf32>
  %dw_acc_r = call @dw_acc(%dw_acc_in0, %dw_acc_in1, %dw_acc_init) : (tensor<2x5x13x12xf32>, tensor<5x3x2xf32>, tensor<2x5x5x5xf32>) -> tensor<2x5x5x5xf32>
  %dw_acc_r_flat = tensor.collapse_shape %dw_acc_r [[0, 1, 2, 3]] : tensor<2x5x5x5xf32> into tensor<250xf32>
  %dw_acc_r_dyn = tensor.cast %dw_acc_r_flat : tensor<250xf32> to tensor<?xf32>
  %dw_acc_r_sum = call @checksum(%dw_acc_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %dw_acc_r_u = tensor.cast %dw_acc_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%dw_acc_r_u) : (tensor<*xi64>) -> ()
  vector.print str "dw_nhwc\n"
  %dw_nhwc_in0_d = call @data_4d_f32(%c1, %c10, %c9, %c7, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %dw_nhwc_in0 = tensor.cast %dw_nhwc_in0_d : tensor<?x?x?x?xf32> to tensor<1x10x9x7xf32>
  %dw_nhwc_in1_d = call @data_3d_f32(%c3, %c3, %c7, %c2, %c5, %c3, %c6, %c1, %c8, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %dw_nhwc_in1 = tensor.cast %dw_nhwc_in1_d : tensor<?x?x?xf32> to tensor<3x3x7xf32>
  %dw_nhwc_r = call @dw_nhwc(%dw_nhwc_in0, %dw_nhwc_in1) : (tensor<1x10x9x7xf32>, tensor<3x3x7xf32>) -> tensor<1x8x7x7xf32>
  %dw_nhwc_r_flat = tensor.collapse_shape %dw_nhwc_r [[0, 1, 2, 3]] : tensor<1x8x7x7xf32> into tensor<392xf32>
  %dw_nhwc_r_dyn = tensor.cast %dw_nhwc_r_flat : tensor<392xf32> to tensor<?xf32>
  %dw_nhwc_r_sum = call @checksum(%dw_nhwc_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %dw_nhwc_r_u = tensor.cast %dw_nhwc_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%dw_nhwc_r_u) : (tensor<*xi64>) -> ()
  return
}
