// linalg.pooling_nchw_sum and pooling_nchw_max through --roller-tile and the
// CPU lowering.
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
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.pooling
// RUN: roller-opt %s --roller-tile="device=a100" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.pooling
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
// TILED-COUNT-6: roller.rprogram ins(
// TILED-NOT: roller.rprogram ins(

// Sum pooling, 2x2 window, stride 1.
// CHECK-LABEL: sum_s1
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-333, -45663, -10297, 6, 0]

// Sum pooling, 3x3 window, stride 2, small, printed whole.
// CHECK-LABEL: sum_s2
// CHECK-NEXT: rank = 4 offset = 0 sizes = [1, 2, 3, 4] strides = [24, 12, 4, 1] data =
// CHECK-NEXT: {{\[\[\[\[}}-7, -9, -2, -6],
// CHECK-NEXT: [-6, -5, 1, -3],
// CHECK-NEXT: [-2, -6, -1, -2]],
// CHECK-NEXT: {{\[\[}}-2, -6, -6, -6],
// CHECK-NEXT: [1, -3, 2, -4],
// CHECK-NEXT: [-1, -6, 2, 3]]]]

// Sum pooling with dilation 2, accumulating into existing values.
// CHECK-LABEL: sum_d2_acc
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-287, -34224, -10049, 10, 0]

// Max pooling (from -inf), 3x3 window, stride 2.
// CHECK-LABEL: max_s2
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [1353, 135754, 40529, 8, 0]

// Max pooling, dilation 2, small, printed whole.
// CHECK-LABEL: max_d2
// CHECK-NEXT: rank = 4 offset = 0 sizes = [1, 2, 4, 6] strides = [48, 24, 6, 1] data =
// CHECK-NEXT: {{\[\[\[\[}}8, -1, 8, 1, 1, 3],
// CHECK-NEXT: [3, 1, 6, -1, 6, 4],
// CHECK-NEXT: [7, 7, 7, 1, 7, 8],
// CHECK-NEXT: [3, 4, 3, 5, 3, 5]],
// CHECK-NEXT: {{\[\[}}1, 8, 8, 8, 8, 8],
// CHECK-NEXT: [2, 5, 2, 6, -2, 6],
// CHECK-NEXT: [2, 8, 8, 8, 8, 8],
// CHECK-NEXT: [2, 5, 2, 6, 0, 8]]]]

// Max pooling into existing values, stride 2 by 1.
// CHECK-LABEL: max_acc
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [1435, 201833, 43390, 8, 0]

// Sum pooling, 2x2 window, stride 1.
func.func @sum_s1(%in0: tensor<2x3x9x10xf32>) -> tensor<2x3x8x9xf32> {
  %empty = tensor.empty() : tensor<2x3x8x9xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<2x3x8x9xf32>) -> tensor<2x3x8x9xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
      ins(%in0, %win : tensor<2x3x9x10xf32>, tensor<2x2xf32>) outs(%init : tensor<2x3x8x9xf32>) -> tensor<2x3x8x9xf32>
  return %r : tensor<2x3x8x9xf32>
}

// Sum pooling, 3x3 window, stride 2, small, printed whole.
func.func @sum_s2(%in0: tensor<1x2x7x9xf32>) -> tensor<1x2x3x4xf32> {
  %empty = tensor.empty() : tensor<1x2x3x4xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>}
      ins(%in0, %win : tensor<1x2x7x9xf32>, tensor<3x3xf32>) outs(%init : tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
  return %r : tensor<1x2x3x4xf32>
}

// Sum pooling with dilation 2, accumulating into existing values.
func.func @sum_d2_acc(%in0: tensor<2x4x12x11xf32>, %init: tensor<2x4x10x7xf32>) -> tensor<2x4x10x7xf32> {
  %win = tensor.empty() : tensor<2x3xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
      ins(%in0, %win : tensor<2x4x12x11xf32>, tensor<2x3xf32>) outs(%init : tensor<2x4x10x7xf32>) -> tensor<2x4x10x7xf32>
  return %r : tensor<2x4x10x7xf32>
}

// Max pooling (from -inf), 3x3 window, stride 2.
func.func @max_s2(%in0: tensor<1x4x15x15xf32>) -> tensor<1x4x7x7xf32> {
  %empty = tensor.empty() : tensor<1x4x7x7xf32>
  %fill = arith.constant 0xFF800000 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>}
      ins(%in0, %win : tensor<1x4x15x15xf32>, tensor<3x3xf32>) outs(%init : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  return %r : tensor<1x4x7x7xf32>
}

// Max pooling, dilation 2, small, printed whole.
func.func @max_d2(%in0: tensor<1x2x6x8xf32>) -> tensor<1x2x4x6xf32> {
  %empty = tensor.empty() : tensor<1x2x4x6xf32>
  %fill = arith.constant 0xFF800000 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<1x2x4x6xf32>) -> tensor<1x2x4x6xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
      ins(%in0, %win : tensor<1x2x6x8xf32>, tensor<2x2xf32>) outs(%init : tensor<1x2x4x6xf32>) -> tensor<1x2x4x6xf32>
  return %r : tensor<1x2x4x6xf32>
}

// Max pooling into existing values, stride 2 by 1.
func.func @max_acc(%in0: tensor<2x3x11x10xf32>, %init: tensor<2x3x5x9xf32>) -> tensor<2x3x5x9xf32> {
  %win = tensor.empty() : tensor<2x2xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%in0, %win : tensor<2x3x11x10xf32>, tensor<2x2xf32>) outs(%init : tensor<2x3x5x9xf32>) -> tensor<2x3x5x9xf32>
  return %r : tensor<2x3x5x9xf32>
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
  %c15 = arith.constant 15 : index
  %c17 = arith.constant 17 : index
  %c37 = arith.constant 37 : index
  %c51 = arith.constant 51 : index
  vector.print str "sum_s1\n"
  %sum_s1_in0_d = call @data_4d_f32(%c2, %c3, %c9, %c10, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %sum_s1_in0 = tensor.cast %sum_s1_in0_d : tensor<?x?x?x?xf32> to tensor<2x3x9x10xf32>
  %sum_s1_r = call @sum_s1(%sum_s1_in0) : (tensor<2x3x9x10xf32>) -> tensor<2x3x8x9xf32>
  %sum_s1_r_flat = tensor.collapse_shape %sum_s1_r [[0, 1, 2, 3]] : tensor<2x3x8x9xf32> into tensor<432xf32>
  %sum_s1_r_dyn = tensor.cast %sum_s1_r_flat : tensor<432xf32> to tensor<?xf32>
  %sum_s1_r_sum = call @checksum(%sum_s1_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %sum_s1_r_u = tensor.cast %sum_s1_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%sum_s1_r_u) : (tensor<*xi64>) -> ()
  vector.print str "sum_s2\n"
  %sum_s2_in0_d = call @data_4d_f32(%c1, %c2, %c7, %c9, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %sum_s2_in0 = tensor.cast %sum_s2_in0_d : tensor<?x?x?x?xf32> to tensor<1x2x7x9xf32>
  %sum_s2_r = call @sum_s2(%sum_s2_in0) : (tensor<1x2x7x9xf32>) -> tensor<1x2x3x4xf32>
  %sum_s2_r_u = tensor.cast %sum_s2_r : tensor<1x2x3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%sum_s2_r_u) : (tensor<*xf32>) -> ()
  vector.print str "sum_d2_acc\n"
  %sum_d2_acc_in0_d = call @data_4d_f32(%c2, %c4, %c12, %c11, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %sum_d2_acc_in0 = tensor.cast %sum_d2_acc_in0_d : tensor<?x?x?x?xf32> to tensor<2x4x12x11xf32>
  %sum_d2_acc_init_d = call @data_4d_f32(%c2, %c4, %c10, %c7, %c3, %c1, %c2, %c5, %c1, %c4, %c7, %c2, %c37, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %sum_d2_acc_init = tensor.cast %sum_d2_acc_init_d : tensor<?x?x?x?xf32> to tensor<2x4x10x7xf32>
  %sum_d2_acc_r = call @sum_d2_acc(%sum_d2_acc_in0, %sum_d2_acc_init) : (tensor<2x4x12x11xf32>, tensor<2x4x10x7xf32>) -> tensor<2x4x10x7xf32>
  %sum_d2_acc_r_flat = tensor.collapse_shape %sum_d2_acc_r [[0, 1, 2, 3]] : tensor<2x4x10x7xf32> into tensor<560xf32>
  %sum_d2_acc_r_dyn = tensor.cast %sum_d2_acc_r_flat : tensor<560xf32> to tensor<?xf32>
  %sum_d2_acc_r_sum = call @checksum(%sum_d2_acc_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %sum_d2_acc_r_u = tensor.cast %sum_d2_acc_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%sum_d2_acc_r_u) : (tensor<*xi64>) -> ()
  vector.print str "max_s2\n"
  %max_s2_in0_d = call @data_4d_f32(%c1, %c4, %c15, %c15, %c5, %c2, %c7, %c3, %c3, %c7, %c1, %c6, %c51, %c17) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %max_s2_in0 = tensor.cast %max_s2_in0_d : tensor<?x?x?x?xf32> to tensor<1x4x15x15xf32>
  %max_s2_r = call @max_s2(%max_s2_in0) : (tensor<1x4x15x15xf32>) -> tensor<1x4x7x7xf32>
  %max_s2_r_flat = tensor.collapse_shape %max_s2_r [[0, 1, 2, 3]] : tensor<1x4x7x7xf32> into tensor<196xf32>
  %max_s2_r_dyn = tensor.cast %max_s2_r_flat : tensor<196xf32> to tensor<?xf32>
  %max_s2_r_sum = call @checksum(%max_s2_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %max_s2_r_u = tensor.cast %max_s2_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%max_s2_r_u) : (tensor<*xi64>) -> ()
  vector.print str "max_d2\n"
  %max_d2_in0_d = call @data_4d_f32(%c1, %c2, %c6, %c8, %c5, %c2, %c7, %c3, %c3, %c7, %c1, %c6, %c51, %c17) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %max_d2_in0 = tensor.cast %max_d2_in0_d : tensor<?x?x?x?xf32> to tensor<1x2x6x8xf32>
  %max_d2_r = call @max_d2(%max_d2_in0) : (tensor<1x2x6x8xf32>) -> tensor<1x2x4x6xf32>
  %max_d2_r_u = tensor.cast %max_d2_r : tensor<1x2x4x6xf32> to tensor<*xf32>
  call @printMemrefF32(%max_d2_r_u) : (tensor<*xf32>) -> ()
  vector.print str "max_acc\n"
  %max_acc_in0_d = call @data_4d_f32(%c2, %c3, %c11, %c10, %c5, %c2, %c7, %c3, %c3, %c7, %c1, %c6, %c51, %c17) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %max_acc_in0 = tensor.cast %max_acc_in0_d : tensor<?x?x?x?xf32> to tensor<2x3x11x10xf32>
  %max_acc_init_d = call @data_4d_f32(%c2, %c3, %c5, %c9, %c3, %c1, %c2, %c5, %c1, %c4, %c7, %c2, %c37, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %max_acc_init = tensor.cast %max_acc_init_d : tensor<?x?x?x?xf32> to tensor<2x3x5x9xf32>
  %max_acc_r = call @max_acc(%max_acc_in0, %max_acc_init) : (tensor<2x3x11x10xf32>, tensor<2x3x5x9xf32>) -> tensor<2x3x5x9xf32>
  %max_acc_r_flat = tensor.collapse_shape %max_acc_r [[0, 1, 2, 3]] : tensor<2x3x5x9xf32> into tensor<270xf32>
  %max_acc_r_dyn = tensor.cast %max_acc_r_flat : tensor<270xf32> to tensor<?xf32>
  %max_acc_r_sum = call @checksum(%max_acc_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %max_acc_r_u = tensor.cast %max_acc_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%max_acc_r_u) : (tensor<*xi64>) -> ()
  return
}
