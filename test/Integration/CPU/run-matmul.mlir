// linalg.matmul through --roller-tile and the CPU lowering.
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
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.matmul
// RUN: roller-opt %s --roller-tile="device=a100" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.matmul
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
// TILED-COUNT-9: roller.rprogram ins(
// TILED-NOT: roller.rprogram ins(

// Square 64x64x64: tiles divide every axis.
// CHECK-LABEL: matmul_64
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [617, 4071521, 64950, 74, 0]

// Irregular 33x17x20: boundary tiles on M and N.
// CHECK-LABEL: matmul_33x17x20
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-154, -3257, -16398, 34, 0]

// Irregular 97x65x31: boundary tiles on every axis, accumulating into existing values.
// CHECK-LABEL: matmul_97x65x31
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [937, 27719, 64612, 55, 0]

// M = 1 (a vector-matrix product), printed whole.
// CHECK-LABEL: matmul_m1
// CHECK-NEXT: rank = 2 offset = 0 sizes = [1, 24] strides = [24, 1] data =
// CHECK-NEXT: {{\[\[}}-24, 4, 16, 10, -10, -1, 9, 6, -24, 5, -12, -28, -3, 3, 14, -7, 24, -5, -12, -22, 23, -16, -58, -40]]

// Odd K = 7, printed whole.
// CHECK-LABEL: matmul_k7
// CHECK-NEXT: rank = 2 offset = 0 sizes = [6, 9] strides = [9, 1] data =
// CHECK-NEXT: {{\[\[}}-6, 5, 4, 13, -20, 13, 4, -3, -1],
// CHECK-NEXT: [-4, -8, 3, 1, -3, -1, 1, 0, 2],
// CHECK-NEXT: [-3, -3, -3, -8, 7, -8, 1, -2, 7],
// CHECK-NEXT: [-4, 4, 2, -3, 3, -9, 11, 0, 3],
// CHECK-NEXT: [-3, 7, -4, 9, -13, 15, -4, -2, 7],
// CHECK-NEXT: [2, 2, -5, -8, 3, -6, -3, -9, -7]]

// Odd K = 7 on a larger output.
// CHECK-LABEL: matmul_k7_big
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [414, 689427, 291, 22, 0]

// Transposed B (indexing_maps (k, n) -> (n, k)).
// CHECK-LABEL: matmul_trans_b
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [440, 322792, 8441, 60, 0]

// Transposed A (indexing_maps (m, k) -> (k, m)).
// CHECK-LABEL: matmul_trans_a
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-138, 99320, -2629, 42, 0]

// Both transposed, small, printed whole.
// CHECK-LABEL: matmul_trans_ab
// CHECK-NEXT: rank = 2 offset = 0 sizes = [5, 7] strides = [7, 1] data =
// CHECK-NEXT: {{\[\[}}-12, 5, -11, -12, -12, -9, -1],
// CHECK-NEXT: [10, -12, 7, -11, -13, -7, 13],
// CHECK-NEXT: [6, -12, 6, -26, 9, -2, -13],
// CHECK-NEXT: [4, -12, 20, -4, 18, 4, -10],
// CHECK-NEXT: [12, -1, -2, -1, -16, 0, 12]]

// Square 64x64x64: tiles divide every axis.
func.func @matmul_64(%in0: tensor<64x64xf32>, %in1: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %empty = tensor.empty() : tensor<64x64xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%in0, %in1 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%init : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// Irregular 33x17x20: boundary tiles on M and N.
func.func @matmul_33x17x20(%in0: tensor<33x20xf32>, %in1: tensor<20x17xf32>) -> tensor<33x17xf32> {
  %empty = tensor.empty() : tensor<33x17xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<33x17xf32>) -> tensor<33x17xf32>
  %r = linalg.matmul ins(%in0, %in1 : tensor<33x20xf32>, tensor<20x17xf32>) outs(%init : tensor<33x17xf32>) -> tensor<33x17xf32>
  return %r : tensor<33x17xf32>
}

// Irregular 97x65x31: boundary tiles on every axis, accumulating into existing values.
func.func @matmul_97x65x31(%in0: tensor<97x31xf32>, %in1: tensor<31x65xf32>, %init: tensor<97x65xf32>) -> tensor<97x65xf32> {
  %r = linalg.matmul ins(%in0, %in1 : tensor<97x31xf32>, tensor<31x65xf32>) outs(%init : tensor<97x65xf32>) -> tensor<97x65xf32>
  return %r : tensor<97x65xf32>
}

// M = 1 (a vector-matrix product), printed whole.
func.func @matmul_m1(%in0: tensor<1x40xf32>, %in1: tensor<40x24xf32>) -> tensor<1x24xf32> {
  %empty = tensor.empty() : tensor<1x24xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<1x24xf32>) -> tensor<1x24xf32>
  %r = linalg.matmul ins(%in0, %in1 : tensor<1x40xf32>, tensor<40x24xf32>) outs(%init : tensor<1x24xf32>) -> tensor<1x24xf32>
  return %r : tensor<1x24xf32>
}

// Odd K = 7, printed whole.
func.func @matmul_k7(%in0: tensor<6x7xf32>, %in1: tensor<7x9xf32>) -> tensor<6x9xf32> {
  %empty = tensor.empty() : tensor<6x9xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<6x9xf32>) -> tensor<6x9xf32>
  %r = linalg.matmul ins(%in0, %in1 : tensor<6x7xf32>, tensor<7x9xf32>) outs(%init : tensor<6x9xf32>) -> tensor<6x9xf32>
  return %r : tensor<6x9xf32>
}

// Odd K = 7 on a larger output.
func.func @matmul_k7_big(%in0: tensor<70x7xf32>, %in1: tensor<7x45xf32>) -> tensor<70x45xf32> {
  %empty = tensor.empty() : tensor<70x45xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<70x45xf32>) -> tensor<70x45xf32>
  %r = linalg.matmul ins(%in0, %in1 : tensor<70x7xf32>, tensor<7x45xf32>) outs(%init : tensor<70x45xf32>) -> tensor<70x45xf32>
  return %r : tensor<70x45xf32>
}

// Transposed B (indexing_maps (k, n) -> (n, k)).
func.func @matmul_trans_b(%in0: tensor<40x36xf32>, %in1: tensor<24x36xf32>) -> tensor<40x24xf32> {
  %empty = tensor.empty() : tensor<40x24xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<40x24xf32>) -> tensor<40x24xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%in0, %in1 : tensor<40x36xf32>, tensor<24x36xf32>) outs(%init : tensor<40x24xf32>) -> tensor<40x24xf32>
  return %r : tensor<40x24xf32>
}

// Transposed A (indexing_maps (m, k) -> (k, m)).
func.func @matmul_trans_a(%in0: tensor<28x30xf32>, %in1: tensor<28x20xf32>) -> tensor<30x20xf32> {
  %empty = tensor.empty() : tensor<30x20xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<30x20xf32>) -> tensor<30x20xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%in0, %in1 : tensor<28x30xf32>, tensor<28x20xf32>) outs(%init : tensor<30x20xf32>) -> tensor<30x20xf32>
  return %r : tensor<30x20xf32>
}

// Both transposed, small, printed whole.
func.func @matmul_trans_ab(%in0: tensor<9x5xf32>, %in1: tensor<7x9xf32>) -> tensor<5x7xf32> {
  %empty = tensor.empty() : tensor<5x7xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<5x7xf32>) -> tensor<5x7xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%in0, %in1 : tensor<9x5xf32>, tensor<7x9xf32>) outs(%init : tensor<5x7xf32>) -> tensor<5x7xf32>
  return %r : tensor<5x7xf32>
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
  %c9 = arith.constant 9 : index
  %c11 = arith.constant 11 : index
  %c17 = arith.constant 17 : index
  %c20 = arith.constant 20 : index
  %c23 = arith.constant 23 : index
  %c24 = arith.constant 24 : index
  %c28 = arith.constant 28 : index
  %c30 = arith.constant 30 : index
  %c31 = arith.constant 31 : index
  %c33 = arith.constant 33 : index
  %c36 = arith.constant 36 : index
  %c37 = arith.constant 37 : index
  %c40 = arith.constant 40 : index
  %c45 = arith.constant 45 : index
  %c64 = arith.constant 64 : index
  %c65 = arith.constant 65 : index
  %c70 = arith.constant 70 : index
  %c97 = arith.constant 97 : index
  vector.print str "matmul_64\n"
  %matmul_64_in0_d = call @data_2d_f32(%c64, %c64, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_64_in0 = tensor.cast %matmul_64_in0_d : tensor<?x?xf32> to tensor<64x64xf32>
  %matmul_64_in1_d = call @data_2d_f32(%c64, %c64, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_64_in1 = tensor.cast %matmul_64_in1_d : tensor<?x?xf32> to tensor<64x64xf32>
  %matmul_64_r = call @matmul_64(%matmul_64_in0, %matmul_64_in1) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %matmul_64_r_flat = tensor.collapse_shape %matmul_64_r [[0, 1]] : tensor<64x64xf32> into tensor<4096xf32>
  %matmul_64_r_dyn = tensor.cast %matmul_64_r_flat : tensor<4096xf32> to tensor<?xf32>
  %matmul_64_r_sum = call @checksum(%matmul_64_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %matmul_64_r_u = tensor.cast %matmul_64_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%matmul_64_r_u) : (tensor<*xi64>) -> ()
  vector.print str "matmul_33x17x20\n"
  %matmul_33x17x20_in0_d = call @data_2d_f32(%c33, %c20, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_33x17x20_in0 = tensor.cast %matmul_33x17x20_in0_d : tensor<?x?xf32> to tensor<33x20xf32>
  %matmul_33x17x20_in1_d = call @data_2d_f32(%c20, %c17, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_33x17x20_in1 = tensor.cast %matmul_33x17x20_in1_d : tensor<?x?xf32> to tensor<20x17xf32>
  %matmul_33x17x20_r = call @matmul_33x17x20(%matmul_33x17x20_in0, %matmul_33x17x20_in1) : (tensor<33x20xf32>, tensor<20x17xf32>) -> tensor<33x17xf32>
  %matmul_33x17x20_r_flat = tensor.collapse_shape %matmul_33x17x20_r [[0, 1]] : tensor<33x17xf32> into tensor<561xf32>
  %matmul_33x17x20_r_dyn = tensor.cast %matmul_33x17x20_r_flat : tensor<561xf32> to tensor<?xf32>
  %matmul_33x17x20_r_sum = call @checksum(%matmul_33x17x20_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %matmul_33x17x20_r_u = tensor.cast %matmul_33x17x20_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%matmul_33x17x20_r_u) : (tensor<*xi64>) -> ()
  vector.print str "matmul_97x65x31\n"
  %matmul_97x65x31_in0_d = call @data_2d_f32(%c97, %c31, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_97x65x31_in0 = tensor.cast %matmul_97x65x31_in0_d : tensor<?x?xf32> to tensor<97x31xf32>
  %matmul_97x65x31_in1_d = call @data_2d_f32(%c31, %c65, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_97x65x31_in1 = tensor.cast %matmul_97x65x31_in1_d : tensor<?x?xf32> to tensor<31x65xf32>
  %matmul_97x65x31_init_d = call @data_2d_f32(%c97, %c65, %c3, %c1, %c1, %c4, %c37, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_97x65x31_init = tensor.cast %matmul_97x65x31_init_d : tensor<?x?xf32> to tensor<97x65xf32>
  %matmul_97x65x31_r = call @matmul_97x65x31(%matmul_97x65x31_in0, %matmul_97x65x31_in1, %matmul_97x65x31_init) : (tensor<97x31xf32>, tensor<31x65xf32>, tensor<97x65xf32>) -> tensor<97x65xf32>
  %matmul_97x65x31_r_flat = tensor.collapse_shape %matmul_97x65x31_r [[0, 1]] : tensor<97x65xf32> into tensor<6305xf32>
  %matmul_97x65x31_r_dyn = tensor.cast %matmul_97x65x31_r_flat : tensor<6305xf32> to tensor<?xf32>
  %matmul_97x65x31_r_sum = call @checksum(%matmul_97x65x31_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %matmul_97x65x31_r_u = tensor.cast %matmul_97x65x31_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%matmul_97x65x31_r_u) : (tensor<*xi64>) -> ()
  vector.print str "matmul_m1\n"
  %matmul_m1_in0_d = call @data_2d_f32(%c1, %c40, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_m1_in0 = tensor.cast %matmul_m1_in0_d : tensor<?x?xf32> to tensor<1x40xf32>
  %matmul_m1_in1_d = call @data_2d_f32(%c40, %c24, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_m1_in1 = tensor.cast %matmul_m1_in1_d : tensor<?x?xf32> to tensor<40x24xf32>
  %matmul_m1_r = call @matmul_m1(%matmul_m1_in0, %matmul_m1_in1) : (tensor<1x40xf32>, tensor<40x24xf32>) -> tensor<1x24xf32>
  %matmul_m1_r_u = tensor.cast %matmul_m1_r : tensor<1x24xf32> to tensor<*xf32>
  call @printMemrefF32(%matmul_m1_r_u) : (tensor<*xf32>) -> ()
  vector.print str "matmul_k7\n"
  %matmul_k7_in0_d = call @data_2d_f32(%c6, %c7, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_k7_in0 = tensor.cast %matmul_k7_in0_d : tensor<?x?xf32> to tensor<6x7xf32>
  %matmul_k7_in1_d = call @data_2d_f32(%c7, %c9, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_k7_in1 = tensor.cast %matmul_k7_in1_d : tensor<?x?xf32> to tensor<7x9xf32>
  %matmul_k7_r = call @matmul_k7(%matmul_k7_in0, %matmul_k7_in1) : (tensor<6x7xf32>, tensor<7x9xf32>) -> tensor<6x9xf32>
  %matmul_k7_r_u = tensor.cast %matmul_k7_r : tensor<6x9xf32> to tensor<*xf32>
  call @printMemrefF32(%matmul_k7_r_u) : (tensor<*xf32>) -> ()
  vector.print str "matmul_k7_big\n"
  %matmul_k7_big_in0_d = call @data_2d_f32(%c70, %c7, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_k7_big_in0 = tensor.cast %matmul_k7_big_in0_d : tensor<?x?xf32> to tensor<70x7xf32>
  %matmul_k7_big_in1_d = call @data_2d_f32(%c7, %c45, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_k7_big_in1 = tensor.cast %matmul_k7_big_in1_d : tensor<?x?xf32> to tensor<7x45xf32>
  %matmul_k7_big_r = call @matmul_k7_big(%matmul_k7_big_in0, %matmul_k7_big_in1) : (tensor<70x7xf32>, tensor<7x45xf32>) -> tensor<70x45xf32>
  %matmul_k7_big_r_flat = tensor.collapse_shape %matmul_k7_big_r [[0, 1]] : tensor<70x45xf32> into tensor<3150xf32>
  %matmul_k7_big_r_dyn = tensor.cast %matmul_k7_big_r_flat : tensor<3150xf32> to tensor<?xf32>
  %matmul_k7_big_r_sum = call @checksum(%matmul_k7_big_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %matmul_k7_big_r_u = tensor.cast %matmul_k7_big_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%matmul_k7_big_r_u) : (tensor<*xi64>) -> ()
  vector.print str "matmul_trans_b\n"
  %matmul_trans_b_in0_d = call @data_2d_f32(%c40, %c36, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_trans_b_in0 = tensor.cast %matmul_trans_b_in0_d : tensor<?x?xf32> to tensor<40x36xf32>
  %matmul_trans_b_in1_d = call @data_2d_f32(%c24, %c36, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_trans_b_in1 = tensor.cast %matmul_trans_b_in1_d : tensor<?x?xf32> to tensor<24x36xf32>
  %matmul_trans_b_r = call @matmul_trans_b(%matmul_trans_b_in0, %matmul_trans_b_in1) : (tensor<40x36xf32>, tensor<24x36xf32>) -> tensor<40x24xf32>
  %matmul_trans_b_r_flat = tensor.collapse_shape %matmul_trans_b_r [[0, 1]] : tensor<40x24xf32> into tensor<960xf32>
  %matmul_trans_b_r_dyn = tensor.cast %matmul_trans_b_r_flat : tensor<960xf32> to tensor<?xf32>
  %matmul_trans_b_r_sum = call @checksum(%matmul_trans_b_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %matmul_trans_b_r_u = tensor.cast %matmul_trans_b_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%matmul_trans_b_r_u) : (tensor<*xi64>) -> ()
  vector.print str "matmul_trans_a\n"
  %matmul_trans_a_in0_d = call @data_2d_f32(%c28, %c30, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_trans_a_in0 = tensor.cast %matmul_trans_a_in0_d : tensor<?x?xf32> to tensor<28x30xf32>
  %matmul_trans_a_in1_d = call @data_2d_f32(%c28, %c20, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_trans_a_in1 = tensor.cast %matmul_trans_a_in1_d : tensor<?x?xf32> to tensor<28x20xf32>
  %matmul_trans_a_r = call @matmul_trans_a(%matmul_trans_a_in0, %matmul_trans_a_in1) : (tensor<28x30xf32>, tensor<28x20xf32>) -> tensor<30x20xf32>
  %matmul_trans_a_r_flat = tensor.collapse_shape %matmul_trans_a_r [[0, 1]] : tensor<30x20xf32> into tensor<600xf32>
  %matmul_trans_a_r_dyn = tensor.cast %matmul_trans_a_r_flat : tensor<600xf32> to tensor<?xf32>
  %matmul_trans_a_r_sum = call @checksum(%matmul_trans_a_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %matmul_trans_a_r_u = tensor.cast %matmul_trans_a_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%matmul_trans_a_r_u) : (tensor<*xi64>) -> ()
  vector.print str "matmul_trans_ab\n"
  %matmul_trans_ab_in0_d = call @data_2d_f32(%c9, %c5, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_trans_ab_in0 = tensor.cast %matmul_trans_ab_in0_d : tensor<?x?xf32> to tensor<9x5xf32>
  %matmul_trans_ab_in1_d = call @data_2d_f32(%c7, %c9, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_trans_ab_in1 = tensor.cast %matmul_trans_ab_in1_d : tensor<?x?xf32> to tensor<7x9xf32>
  %matmul_trans_ab_r = call @matmul_trans_ab(%matmul_trans_ab_in0, %matmul_trans_ab_in1) : (tensor<9x5xf32>, tensor<7x9xf32>) -> tensor<5x7xf32>
  %matmul_trans_ab_r_u = tensor.cast %matmul_trans_ab_r : tensor<5x7xf32> to tensor<*xf32>
  call @printMemrefF32(%matmul_trans_ab_r_u) : (tensor<*xf32>) -> ()
  return
}
