// linalg.batch_matmul through --roller-tile and the CPU lowering.
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
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.batch_matmul
// RUN: roller-opt %s --roller-tile="device=a100" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.batch_matmul
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
// TILED-COUNT-3: roller.rprogram ins(
// TILED-NOT: roller.rprogram ins(

// 2x3x5x4, printed whole.
// CHECK-LABEL: bmm_small
// CHECK-NEXT: rank = 3 offset = 0 sizes = [2, 3, 5] strides = [15, 5, 1] data =
// CHECK-NEXT: {{\[\[\[}}-7, -10, -5, -6, -5],
// CHECK-NEXT: [5, -10, 4, -1, 1],
// CHECK-NEXT: [-4, 8, 3, -9, 2]],
// CHECK-NEXT: {{\[\[}}8, -4, 3, 6, 1],
// CHECK-NEXT: [-2, -9, 3, -8, 0],
// CHECK-NEXT: [6, -9, 3, 2, 2]]]

// Irregular 3x33x17x20.
// CHECK-LABEL: bmm_irregular
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-731, -818718, -31525, 42, 0]

// 4x32x48x64, accumulating into existing values.
// CHECK-LABEL: bmm_acc
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-1682, -2095333, -39914, 89, 0]

// 2x3x5x4, printed whole.
func.func @bmm_small(%in0: tensor<2x3x4xf32>, %in1: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %empty = tensor.empty() : tensor<2x3x5xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %r = linalg.batch_matmul ins(%in0, %in1 : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%init : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}

// Irregular 3x33x17x20.
func.func @bmm_irregular(%in0: tensor<3x33x20xf32>, %in1: tensor<3x20x17xf32>) -> tensor<3x33x17xf32> {
  %empty = tensor.empty() : tensor<3x33x17xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<3x33x17xf32>) -> tensor<3x33x17xf32>
  %r = linalg.batch_matmul ins(%in0, %in1 : tensor<3x33x20xf32>, tensor<3x20x17xf32>) outs(%init : tensor<3x33x17xf32>) -> tensor<3x33x17xf32>
  return %r : tensor<3x33x17xf32>
}

// 4x32x48x64, accumulating into existing values.
func.func @bmm_acc(%in0: tensor<4x32x64xf32>, %in1: tensor<4x64x48xf32>, %init: tensor<4x32x48xf32>) -> tensor<4x32x48xf32> {
  %r = linalg.batch_matmul ins(%in0, %in1 : tensor<4x32x64xf32>, tensor<4x64x48xf32>) outs(%init : tensor<4x32x48xf32>) -> tensor<4x32x48xf32>
  return %r : tensor<4x32x48xf32>
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
  %c17 = arith.constant 17 : index
  %c20 = arith.constant 20 : index
  %c23 = arith.constant 23 : index
  %c32 = arith.constant 32 : index
  %c33 = arith.constant 33 : index
  %c37 = arith.constant 37 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  vector.print str "bmm_small\n"
  %bmm_small_in0_d = call @data_3d_f32(%c2, %c3, %c4, %c7, %c3, %c5, %c2, %c9, %c4, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %bmm_small_in0 = tensor.cast %bmm_small_in0_d : tensor<?x?x?xf32> to tensor<2x3x4xf32>
  %bmm_small_in1_d = call @data_3d_f32(%c2, %c4, %c5, %c2, %c5, %c3, %c6, %c1, %c8, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %bmm_small_in1 = tensor.cast %bmm_small_in1_d : tensor<?x?x?xf32> to tensor<2x4x5xf32>
  %bmm_small_r = call @bmm_small(%bmm_small_in0, %bmm_small_in1) : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %bmm_small_r_u = tensor.cast %bmm_small_r : tensor<2x3x5xf32> to tensor<*xf32>
  call @printMemrefF32(%bmm_small_r_u) : (tensor<*xf32>) -> ()
  vector.print str "bmm_irregular\n"
  %bmm_irregular_in0_d = call @data_3d_f32(%c3, %c33, %c20, %c7, %c3, %c5, %c2, %c9, %c4, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %bmm_irregular_in0 = tensor.cast %bmm_irregular_in0_d : tensor<?x?x?xf32> to tensor<3x33x20xf32>
  %bmm_irregular_in1_d = call @data_3d_f32(%c3, %c20, %c17, %c2, %c5, %c3, %c6, %c1, %c8, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %bmm_irregular_in1 = tensor.cast %bmm_irregular_in1_d : tensor<?x?x?xf32> to tensor<3x20x17xf32>
  %bmm_irregular_r = call @bmm_irregular(%bmm_irregular_in0, %bmm_irregular_in1) : (tensor<3x33x20xf32>, tensor<3x20x17xf32>) -> tensor<3x33x17xf32>
  %bmm_irregular_r_flat = tensor.collapse_shape %bmm_irregular_r [[0, 1, 2]] : tensor<3x33x17xf32> into tensor<1683xf32>
  %bmm_irregular_r_dyn = tensor.cast %bmm_irregular_r_flat : tensor<1683xf32> to tensor<?xf32>
  %bmm_irregular_r_sum = call @checksum(%bmm_irregular_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %bmm_irregular_r_u = tensor.cast %bmm_irregular_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%bmm_irregular_r_u) : (tensor<*xi64>) -> ()
  vector.print str "bmm_acc\n"
  %bmm_acc_in0_d = call @data_3d_f32(%c4, %c32, %c64, %c7, %c3, %c5, %c2, %c9, %c4, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %bmm_acc_in0 = tensor.cast %bmm_acc_in0_d : tensor<?x?x?xf32> to tensor<4x32x64xf32>
  %bmm_acc_in1_d = call @data_3d_f32(%c4, %c64, %c48, %c2, %c5, %c3, %c6, %c1, %c8, %c23, %c7) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %bmm_acc_in1 = tensor.cast %bmm_acc_in1_d : tensor<?x?x?xf32> to tensor<4x64x48xf32>
  %bmm_acc_init_d = call @data_3d_f32(%c4, %c32, %c48, %c3, %c1, %c2, %c1, %c4, %c7, %c37, %c5) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %bmm_acc_init = tensor.cast %bmm_acc_init_d : tensor<?x?x?xf32> to tensor<4x32x48xf32>
  %bmm_acc_r = call @bmm_acc(%bmm_acc_in0, %bmm_acc_in1, %bmm_acc_init) : (tensor<4x32x64xf32>, tensor<4x64x48xf32>, tensor<4x32x48xf32>) -> tensor<4x32x48xf32>
  %bmm_acc_r_flat = tensor.collapse_shape %bmm_acc_r [[0, 1, 2]] : tensor<4x32x48xf32> into tensor<6144xf32>
  %bmm_acc_r_dyn = tensor.cast %bmm_acc_r_flat : tensor<6144xf32> to tensor<?xf32>
  %bmm_acc_r_sum = call @checksum(%bmm_acc_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %bmm_acc_r_u = tensor.cast %bmm_acc_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%bmm_acc_r_u) : (tensor<*xi64>) -> ()
  return
}
