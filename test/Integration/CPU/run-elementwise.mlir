// Elementwise ops through --roller-tile and the CPU lowering: linalg.generic
// (relu, broadcast, transpose), linalg.add, linalg.map, regular and irregular.
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
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.generic --implicit-check-not=linalg.add --implicit-check-not=linalg.map
// RUN: roller-opt %s --roller-tile="device=a100" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.generic --implicit-check-not=linalg.add --implicit-check-not=linalg.map
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

// relu over 1000 elements.
// CHECK-LABEL: relu_1000
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [611, 308147, 18724, 2, 0]

// relu over 3x7, printed whole.
// CHECK-LABEL: relu_small
// CHECK-NEXT: rank = 2 offset = 0 sizes = [3, 7] strides = [7, 1] data =
// CHECK-NEXT: {{\[\[}}0, 2, 0, 0, 2, 1, 0],
// CHECK-NEXT: [0, 1, 1, 0, 0, 1, 0],
// CHECK-NEXT: [0, 0, 2, 1, 0, 0, 0]]

// relu over an irregular 5x13x17.
// CHECK-LABEL: relu_3d
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [631, 343725, 19193, 2, 0]

// linalg.add over 64x64.
// CHECK-LABEL: add_64
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-95, -291284, -5189, 5, 0]

// linalg.add over an irregular 97x65.
// CHECK-LABEL: add_irregular
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-29, 12849, 1966, 5, 0]

// linalg.map (x * y - x) over 4x9, printed whole.
// CHECK-LABEL: map_small
// CHECK-NEXT: rank = 2 offset = 0 sizes = [4, 9] strides = [9, 1] data =
// CHECK-NEXT: {{\[\[}}0, -8, -4, 6, 4, -4, 0, 0, -0],
// CHECK-NEXT: [0, 0, -4, 0, 3, 2, 8, 0, 2],
// CHECK-NEXT: [8, 0, 0, -4, -4, -0, 0, 0, 2],
// CHECK-NEXT: [-2, 8, 0, 1, 0, 1, -4, -1, 4]]

// linalg.map over 1001 elements.
// CHECK-LABEL: map_1001
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-105, -49103, -4454, 8, 0]

// A bias broadcast along the leading axis.
// CHECK-LABEL: bias_33x50
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [721, 642524, 20054, 5, 0]

// 2x + out, reading the input transposed (3x5x4 -> 5x4x3), printed whole.
// CHECK-LABEL: transpose_acc
// CHECK-NEXT: rank = 3 offset = 0 sizes = [5, 4, 3] strides = [12, 3, 1] data =
// CHECK-NEXT: {{\[\[\[}}2, -1, -5],
// CHECK-NEXT: [-1, 2, -6],
// CHECK-NEXT: [-6, -2, -3],
// CHECK-NEXT: [2, 2, -3]],
// CHECK-NEXT: {{\[\[}}2, 0, -3],
// CHECK-NEXT: [-4, 0, -2],
// CHECK-NEXT: [-2, -2, 3],
// CHECK-NEXT: [-2, -6, 2]],
// CHECK-NEXT: {{\[\[}}-4, 0, 3],
// CHECK-NEXT: [2, 2, 2],
// CHECK-NEXT: [-4, -1, 0],
// CHECK-NEXT: [-5, -2, -1]],
// CHECK-NEXT: {{\[\[}}-6, -1, 0],
// CHECK-NEXT: [-3, 0, 6],
// CHECK-NEXT: [0, 2, -6],
// CHECK-NEXT: [-1, -2, 2]],
// CHECK-NEXT: {{\[\[}}6, -1, -5],
// CHECK-NEXT: [-2, 0, 2],
// CHECK-NEXT: [6, 0, -1],
// CHECK-NEXT: [-3, -1, -3]]]

// relu over 1000 elements.
func.func @relu_1000(%in0: tensor<1000xf32>) -> tensor<1000xf32> {
  %empty = tensor.empty() : tensor<1000xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}
      ins(%in0 : tensor<1000xf32>) outs(%empty : tensor<1000xf32>) {
  ^bb0(%x: f32, %o: f32):
    %zero = arith.constant 0.0 : f32
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<1000xf32>
  return %r : tensor<1000xf32>
}

// relu over 3x7, printed whole.
func.func @relu_small(%in0: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %empty = tensor.empty() : tensor<3x7xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%in0 : tensor<3x7xf32>) outs(%empty : tensor<3x7xf32>) {
  ^bb0(%x: f32, %o: f32):
    %zero = arith.constant 0.0 : f32
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<3x7xf32>
  return %r : tensor<3x7xf32>
}

// relu over an irregular 5x13x17.
func.func @relu_3d(%in0: tensor<5x13x17xf32>) -> tensor<5x13x17xf32> {
  %empty = tensor.empty() : tensor<5x13x17xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%in0 : tensor<5x13x17xf32>) outs(%empty : tensor<5x13x17xf32>) {
  ^bb0(%x: f32, %o: f32):
    %zero = arith.constant 0.0 : f32
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<5x13x17xf32>
  return %r : tensor<5x13x17xf32>
}

// linalg.add over 64x64.
func.func @add_64(%in0: tensor<64x64xf32>, %in1: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %empty = tensor.empty() : tensor<64x64xf32>
  %r = linalg.add ins(%in0, %in1 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%empty : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// linalg.add over an irregular 97x65.
func.func @add_irregular(%in0: tensor<97x65xf32>, %in1: tensor<97x65xf32>) -> tensor<97x65xf32> {
  %empty = tensor.empty() : tensor<97x65xf32>
  %r = linalg.add ins(%in0, %in1 : tensor<97x65xf32>, tensor<97x65xf32>) outs(%empty : tensor<97x65xf32>) -> tensor<97x65xf32>
  return %r : tensor<97x65xf32>
}

// linalg.map (x * y - x) over 4x9, printed whole.
func.func @map_small(%in0: tensor<4x9xf32>, %in1: tensor<4x9xf32>) -> tensor<4x9xf32> {
  %empty = tensor.empty() : tensor<4x9xf32>
  %r = linalg.map ins(%in0, %in1 : tensor<4x9xf32>, tensor<4x9xf32>) outs(%empty : tensor<4x9xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %p = arith.mulf %x, %y : f32
      %q = arith.subf %p, %x : f32
      linalg.yield %q : f32
    }
  return %r : tensor<4x9xf32>
}

// linalg.map over 1001 elements.
func.func @map_1001(%in0: tensor<1001xf32>, %in1: tensor<1001xf32>) -> tensor<1001xf32> {
  %empty = tensor.empty() : tensor<1001xf32>
  %r = linalg.map ins(%in0, %in1 : tensor<1001xf32>, tensor<1001xf32>) outs(%empty : tensor<1001xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %p = arith.mulf %x, %y : f32
      %q = arith.subf %p, %x : f32
      linalg.yield %q : f32
    }
  return %r : tensor<1001xf32>
}

// A bias broadcast along the leading axis.
func.func @bias_33x50(%in0: tensor<33x50xf32>, %in1: tensor<50xf32>) -> tensor<33x50xf32> {
  %empty = tensor.empty() : tensor<33x50xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%in0, %in1 : tensor<33x50xf32>, tensor<50xf32>) outs(%empty : tensor<33x50xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %y = arith.addf %x, %b : f32
    linalg.yield %y : f32
  } -> tensor<33x50xf32>
  return %r : tensor<33x50xf32>
}

// 2x + out, reading the input transposed (3x5x4 -> 5x4x3), printed whole.
func.func @transpose_acc(%in0: tensor<3x5x4xf32>, %init: tensor<5x4x3xf32>) -> tensor<5x4x3xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%in0 : tensor<3x5x4xf32>) outs(%init : tensor<5x4x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %two = arith.constant 2.0 : f32
    %y = arith.mulf %x, %two : f32
    %z = arith.addf %y, %o : f32
    linalg.yield %z : f32
  } -> tensor<5x4x3xf32>
  return %r : tensor<5x4x3xf32>
}

func.func @data_1d_f32(%s0: index,
    %k0: index, %q0: index,
    %off: index, %m: index) -> tensor<?xf32> {
  %one = arith.constant 1 : index
  %two = arith.constant 2 : index
  %p = arith.constant 1009 : index
  %h = arith.divui %m, %two : index
  %data = tensor.generate %s0 {
  ^bb0(%i0: index):
    %ks0 = arith.muli %i0, %k0 : index
    %sum0 = arith.addi %off, %ks0 : index
    %qt0 = arith.muli %i0, %q0 : index
    %tsum0 = arith.addi %one, %qt0 : index
    %st = arith.muli %sum0, %tsum0 : index
    %u = arith.addi %st, %sum0 : index
    %r = arith.remui %u, %p : index
    %rm = arith.remui %r, %m : index
    %v = arith.subi %rm, %h : index
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    tensor.yield %f : f32
  } : tensor<?xf32>
  return %data : tensor<?xf32>
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
  %c9 = arith.constant 9 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %c17 = arith.constant 17 : index
  %c23 = arith.constant 23 : index
  %c33 = arith.constant 33 : index
  %c37 = arith.constant 37 : index
  %c50 = arith.constant 50 : index
  %c64 = arith.constant 64 : index
  %c65 = arith.constant 65 : index
  %c97 = arith.constant 97 : index
  %c1000 = arith.constant 1000 : index
  %c1001 = arith.constant 1001 : index
  vector.print str "relu_1000\n"
  %relu_1000_in0_d = call @data_1d_f32(%c1000, %c7, %c2, %c11, %c5) : (index, index, index, index, index) -> tensor<?xf32>
  %relu_1000_in0 = tensor.cast %relu_1000_in0_d : tensor<?xf32> to tensor<1000xf32>
  %relu_1000_r = call @relu_1000(%relu_1000_in0) : (tensor<1000xf32>) -> tensor<1000xf32>
  %relu_1000_r_dyn = tensor.cast %relu_1000_r : tensor<1000xf32> to tensor<?xf32>
  %relu_1000_r_sum = call @checksum(%relu_1000_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %relu_1000_r_u = tensor.cast %relu_1000_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%relu_1000_r_u) : (tensor<*xi64>) -> ()
  vector.print str "relu_small\n"
  %relu_small_in0_d = call @data_2d_f32(%c3, %c7, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %relu_small_in0 = tensor.cast %relu_small_in0_d : tensor<?x?xf32> to tensor<3x7xf32>
  %relu_small_r = call @relu_small(%relu_small_in0) : (tensor<3x7xf32>) -> tensor<3x7xf32>
  %relu_small_r_u = tensor.cast %relu_small_r : tensor<3x7xf32> to tensor<*xf32>
  call @printMemrefF32(%relu_small_r_u) : (tensor<*xf32>) -> ()
  vector.print str "relu_3d\n"
  %relu_3d_in0_d = call @data_3d_f32(%c5, %c13, %c17, %c7, %c3, %c5, %c2, %c9, %c4, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %relu_3d_in0 = tensor.cast %relu_3d_in0_d : tensor<?x?x?xf32> to tensor<5x13x17xf32>
  %relu_3d_r = call @relu_3d(%relu_3d_in0) : (tensor<5x13x17xf32>) -> tensor<5x13x17xf32>
  %relu_3d_r_flat = tensor.collapse_shape %relu_3d_r [[0, 1, 2]] : tensor<5x13x17xf32> into tensor<1105xf32>
  %relu_3d_r_dyn = tensor.cast %relu_3d_r_flat : tensor<1105xf32> to tensor<?xf32>
  %relu_3d_r_sum = call @checksum(%relu_3d_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %relu_3d_r_u = tensor.cast %relu_3d_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%relu_3d_r_u) : (tensor<*xi64>) -> ()
  vector.print str "add_64\n"
  %add_64_in0_d = call @data_2d_f32(%c64, %c64, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %add_64_in0 = tensor.cast %add_64_in0_d : tensor<?x?xf32> to tensor<64x64xf32>
  %add_64_in1_d = call @data_2d_f32(%c64, %c64, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %add_64_in1 = tensor.cast %add_64_in1_d : tensor<?x?xf32> to tensor<64x64xf32>
  %add_64_r = call @add_64(%add_64_in0, %add_64_in1) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %add_64_r_flat = tensor.collapse_shape %add_64_r [[0, 1]] : tensor<64x64xf32> into tensor<4096xf32>
  %add_64_r_dyn = tensor.cast %add_64_r_flat : tensor<4096xf32> to tensor<?xf32>
  %add_64_r_sum = call @checksum(%add_64_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %add_64_r_u = tensor.cast %add_64_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%add_64_r_u) : (tensor<*xi64>) -> ()
  vector.print str "add_irregular\n"
  %add_irregular_in0_d = call @data_2d_f32(%c97, %c65, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %add_irregular_in0 = tensor.cast %add_irregular_in0_d : tensor<?x?xf32> to tensor<97x65xf32>
  %add_irregular_in1_d = call @data_2d_f32(%c97, %c65, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %add_irregular_in1 = tensor.cast %add_irregular_in1_d : tensor<?x?xf32> to tensor<97x65xf32>
  %add_irregular_r = call @add_irregular(%add_irregular_in0, %add_irregular_in1) : (tensor<97x65xf32>, tensor<97x65xf32>) -> tensor<97x65xf32>
  %add_irregular_r_flat = tensor.collapse_shape %add_irregular_r [[0, 1]] : tensor<97x65xf32> into tensor<6305xf32>
  %add_irregular_r_dyn = tensor.cast %add_irregular_r_flat : tensor<6305xf32> to tensor<?xf32>
  %add_irregular_r_sum = call @checksum(%add_irregular_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %add_irregular_r_u = tensor.cast %add_irregular_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%add_irregular_r_u) : (tensor<*xi64>) -> ()
  vector.print str "map_small\n"
  %map_small_in0_d = call @data_2d_f32(%c4, %c9, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %map_small_in0 = tensor.cast %map_small_in0_d : tensor<?x?xf32> to tensor<4x9xf32>
  %map_small_in1_d = call @data_2d_f32(%c4, %c9, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %map_small_in1 = tensor.cast %map_small_in1_d : tensor<?x?xf32> to tensor<4x9xf32>
  %map_small_r = call @map_small(%map_small_in0, %map_small_in1) : (tensor<4x9xf32>, tensor<4x9xf32>) -> tensor<4x9xf32>
  %map_small_r_u = tensor.cast %map_small_r : tensor<4x9xf32> to tensor<*xf32>
  call @printMemrefF32(%map_small_r_u) : (tensor<*xf32>) -> ()
  vector.print str "map_1001\n"
  %map_1001_in0_d = call @data_1d_f32(%c1001, %c7, %c2, %c11, %c5) : (index, index, index, index, index) -> tensor<?xf32>
  %map_1001_in0 = tensor.cast %map_1001_in0_d : tensor<?xf32> to tensor<1001xf32>
  %map_1001_in1_d = call @data_1d_f32(%c1001, %c2, %c6, %c23, %c7) : (index, index, index, index, index) -> tensor<?xf32>
  %map_1001_in1 = tensor.cast %map_1001_in1_d : tensor<?xf32> to tensor<1001xf32>
  %map_1001_r = call @map_1001(%map_1001_in0, %map_1001_in1) : (tensor<1001xf32>, tensor<1001xf32>) -> tensor<1001xf32>
  %map_1001_r_dyn = tensor.cast %map_1001_r : tensor<1001xf32> to tensor<?xf32>
  %map_1001_r_sum = call @checksum(%map_1001_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %map_1001_r_u = tensor.cast %map_1001_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%map_1001_r_u) : (tensor<*xi64>) -> ()
  vector.print str "bias_33x50\n"
  %bias_33x50_in0_d = call @data_2d_f32(%c33, %c50, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %bias_33x50_in0 = tensor.cast %bias_33x50_in0_d : tensor<?x?xf32> to tensor<33x50xf32>
  %bias_33x50_in1_d = call @data_1d_f32(%c50, %c2, %c6, %c23, %c7) : (index, index, index, index, index) -> tensor<?xf32>
  %bias_33x50_in1 = tensor.cast %bias_33x50_in1_d : tensor<?xf32> to tensor<50xf32>
  %bias_33x50_r = call @bias_33x50(%bias_33x50_in0, %bias_33x50_in1) : (tensor<33x50xf32>, tensor<50xf32>) -> tensor<33x50xf32>
  %bias_33x50_r_flat = tensor.collapse_shape %bias_33x50_r [[0, 1]] : tensor<33x50xf32> into tensor<1650xf32>
  %bias_33x50_r_dyn = tensor.cast %bias_33x50_r_flat : tensor<1650xf32> to tensor<?xf32>
  %bias_33x50_r_sum = call @checksum(%bias_33x50_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %bias_33x50_r_u = tensor.cast %bias_33x50_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%bias_33x50_r_u) : (tensor<*xi64>) -> ()
  vector.print str "transpose_acc\n"
  %transpose_acc_in0_d = call @data_3d_f32(%c3, %c5, %c4, %c7, %c3, %c5, %c2, %c9, %c4, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %transpose_acc_in0 = tensor.cast %transpose_acc_in0_d : tensor<?x?x?xf32> to tensor<3x5x4xf32>
  %transpose_acc_init_d = call @data_3d_f32(%c5, %c4, %c3, %c3, %c1, %c2, %c1, %c4, %c7, %c37, %c5) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %transpose_acc_init = tensor.cast %transpose_acc_init_d : tensor<?x?x?xf32> to tensor<5x4x3xf32>
  %transpose_acc_r = call @transpose_acc(%transpose_acc_in0, %transpose_acc_init) : (tensor<3x5x4xf32>, tensor<5x4x3xf32>) -> tensor<5x4x3xf32>
  %transpose_acc_r_u = tensor.cast %transpose_acc_r : tensor<5x4x3xf32> to tensor<*xf32>
  call @printMemrefF32(%transpose_acc_r_u) : (tensor<*xf32>) -> ()
  return
}
