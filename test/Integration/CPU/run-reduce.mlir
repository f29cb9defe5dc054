// Reductions through --roller-tile and the CPU lowering: linalg.reduce (sum)
// over one and two axes and over every axis (to a 0-d tensor, and a mean),
// the mean over two adjacent axes and a centering by it, and linalg.generic
// reductions (max, one of every axis kept as unit dimensions).
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
// RUN:   FileCheck %s --check-prefix=TILED-H200 --implicit-check-not=linalg.reduce --implicit-check-not=linalg.generic
// RUN: roller-opt %s --roller-tile="device=a100" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=TILED-A100 --implicit-check-not=linalg.reduce --implicit-check-not=linalg.generic
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

// Every operator becomes an rProgram. On a100 the column sum's 300 rows are
// split across blocks (its one kernel would be 2 blocks): the partial sums
// and their combine are two. The full sum is split on both (its partial
// sums and their combine), the divides of the means are their sums'
// epilogues, and so is the centering of spatial_center (a row epilogue).
// TILED-H200-COUNT-12: roller.rprogram ins(
// TILED-H200-NOT: roller.rprogram ins(
// TILED-A100-COUNT-13: roller.rprogram ins(
// TILED-A100-NOT: roller.rprogram ins(

// Sum over the inner axis of 7x300, printed whole.
// CHECK-LABEL: row_sum
// CHECK-NEXT: rank = 1 offset = 0 sizes = [7] strides = [1] data =
// CHECK-NEXT: [19, 5, -57, -31, -16, -32, -11]

// Sum over the outer axis of 300x70.
// CHECK-LABEL: col_sum
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [104, 3410, -1756, 41, 0]

// Sum over axes 0 and 2 of 9x13x33, printed whole.
// CHECK-LABEL: sum_two_axes
// CHECK-NEXT: rank = 1 offset = 0 sizes = [13] strides = [1] data =
// CHECK-NEXT: [-58, 14, 14, -33, 18, 19, -54, -5, 18, -48, -7, 8, -59]

// Sum over axes 1 and 3 of 5x17x6x21, accumulating into existing values.
// CHECK-LABEL: sum_two_axes_acc
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-163, 1036, -902, 62, 0]

// Max over the inner axis (linalg.generic, from -inf) of 65x97.
// CHECK-LABEL: max_generic
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [519, 17123, 15256, 8, 0]

// Max over axis 1 of 11x40x7 into a transposed 7x11 output, printed whole.
// CHECK-LABEL: max_generic_transposed
// CHECK-NEXT: rank = 2 offset = 0 sizes = [7, 11] strides = [11, 1] data =
// CHECK-NEXT: {{\[\[}}8, 8, 8, 8, 7, 8, 8, 8, 8, 8, 8],
// CHECK-NEXT: [8, 8, 7, 8, 8, 6, 8, 8, 8, 8, 8],
// CHECK-NEXT: [7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8],
// CHECK-NEXT: [8, 8, 8, 8, 8, 8, 6, 8, 8, 8, 8],
// CHECK-NEXT: [8, 8, 8, 8, 8, 8, 8, 8, 8, 6, 8],
// CHECK-NEXT: [7, 8, 8, 6, 8, 8, 8, 8, 8, 7, 8],
// CHECK-NEXT: [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]]

// Sum of every element of 37x1500.
// CHECK-LABEL: full_sum
// CHECK-NEXT: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [-140]

// Mean of every element of 9x13x33 (-173 / 3861).
// CHECK-LABEL: mean_all
// CHECK-NEXT: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [-0.044807]

// Mean over H and W of 3x5x23x29.
// CHECK-LABEL: spatial_mean
// CHECK-NEXT: rank = 2 offset = 0 sizes = [3, 5] strides = [5, 1] data =
// CHECK-NEXT: {{\[\[}}-0.017991,   -0.041979,   -0.011994,   0.0104948,   0.023988],
// CHECK-NEXT: [-0.029985,   0.0224888,   0.0284858,   0.017991,   0.0254873],
// CHECK-NEXT: [-0.005997,   0.0464768,   -0.0134933,   0.0194903,   0.0149925]]

// Max of every element of 7x9x11, kept as 1x1x1.
// CHECK-LABEL: full_max_keepdim
// CHECK-NEXT: rank = 3 offset = 0 sizes = [1, 1, 1] strides = [1, 1, 1] data =
// CHECK-NEXT: {{\[\[\[}}48]]]

// Sum over the inner axis of 7x300, printed whole.
func.func @row_sum(%in0: tensor<7x300xf32>) -> tensor<7xf32> {
  %empty = tensor.empty() : tensor<7xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<7xf32>) -> tensor<7xf32>
  %r = linalg.reduce ins(%in0 : tensor<7x300xf32>) outs(%init : tensor<7xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %y = arith.addf %x, %acc : f32
      linalg.yield %y : f32
    }
  return %r : tensor<7xf32>
}

// Sum over the outer axis of 300x70.
func.func @col_sum(%in0: tensor<300x70xf32>) -> tensor<70xf32> {
  %empty = tensor.empty() : tensor<70xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<70xf32>) -> tensor<70xf32>
  %r = linalg.reduce ins(%in0 : tensor<300x70xf32>) outs(%init : tensor<70xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %y = arith.addf %x, %acc : f32
      linalg.yield %y : f32
    }
  return %r : tensor<70xf32>
}

// Sum over axes 0 and 2 of 9x13x33, printed whole.
func.func @sum_two_axes(%in0: tensor<9x13x33xf32>) -> tensor<13xf32> {
  %empty = tensor.empty() : tensor<13xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<13xf32>) -> tensor<13xf32>
  %r = linalg.reduce ins(%in0 : tensor<9x13x33xf32>) outs(%init : tensor<13xf32>) dimensions = [0, 2]
    (%x: f32, %acc: f32) {
      %y = arith.addf %x, %acc : f32
      linalg.yield %y : f32
    }
  return %r : tensor<13xf32>
}

// Sum over axes 1 and 3 of 5x17x6x21, accumulating into existing values.
func.func @sum_two_axes_acc(%in0: tensor<5x17x6x21xf32>, %init: tensor<5x6xf32>) -> tensor<5x6xf32> {
  %r = linalg.reduce ins(%in0 : tensor<5x17x6x21xf32>) outs(%init : tensor<5x6xf32>) dimensions = [1, 3]
    (%x: f32, %acc: f32) {
      %y = arith.addf %x, %acc : f32
      linalg.yield %y : f32
    }
  return %r : tensor<5x6xf32>
}

// Max over the inner axis (linalg.generic, from -inf) of 65x97.
func.func @max_generic(%in0: tensor<65x97xf32>) -> tensor<65xf32> {
  %empty = tensor.empty() : tensor<65xf32>
  %fill = arith.constant 0xFF800000 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<65xf32>) -> tensor<65xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%in0 : tensor<65x97xf32>) outs(%init : tensor<65xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.maximumf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<65xf32>
  return %r : tensor<65xf32>
}

// Max over axis 1 of 11x40x7 into a transposed 7x11 output, printed whole.
func.func @max_generic_transposed(%in0: tensor<11x40x7xf32>) -> tensor<7x11xf32> {
  %empty = tensor.empty() : tensor<7x11xf32>
  %fill = arith.constant 0xFF800000 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<7x11xf32>) -> tensor<7x11xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2, d0)>],
      iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%in0 : tensor<11x40x7xf32>) outs(%init : tensor<7x11xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.maximumf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<7x11xf32>
  return %r : tensor<7x11xf32>
}

// Sum of every element of 37x1500 (a 0-d result: a parallel loop of
// extent 1 is added, and the two reduction loops are one, split across
// blocks).
func.func @full_sum(%in0: tensor<37x1500xf32>) -> tensor<f32> {
  %empty = tensor.empty() : tensor<f32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce ins(%in0 : tensor<37x1500xf32>) outs(%init : tensor<f32>) dimensions = [0, 1]
    (%x: f32, %acc: f32) {
      %y = arith.addf %x, %acc : f32
      linalg.yield %y : f32
    }
  return %r : tensor<f32>
}

// torch's x.mean() of 9x13x33: the sum to a 0-d tensor, then a 0-d divide.
func.func @mean_all(%in0: tensor<9x13x33xf32>) -> tensor<f32> {
  %empty = tensor.empty() : tensor<f32>
  %fill = arith.constant 0.0 : f32
  %n = arith.constant 3861.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%in0 : tensor<9x13x33xf32>) outs(%init : tensor<f32>) dimensions = [0, 1, 2]
    (%x: f32, %acc: f32) {
      %y = arith.addf %x, %acc : f32
      linalg.yield %y : f32
    }
  %r = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%s : tensor<f32>) outs(%empty : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.divf %x, %n : f32
    linalg.yield %y : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// The mean over H and W of a 3x5x23x29 NCHW tensor (global average
// pooling): one reduction loop over H*W, then the divide.
func.func @spatial_mean(%in0: tensor<3x5x23x29xf32>) -> tensor<3x5xf32> {
  %empty = tensor.empty() : tensor<3x5xf32>
  %fill = arith.constant 0.0 : f32
  %n = arith.constant 667.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<3x5xf32>) -> tensor<3x5xf32>
  %s = linalg.reduce ins(%in0 : tensor<3x5x23x29xf32>) outs(%init : tensor<3x5xf32>) dimensions = [2, 3]
    (%x: f32, %acc: f32) {
      %y = arith.addf %x, %acc : f32
      linalg.yield %y : f32
    }
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<3x5xf32>) outs(%empty : tensor<3x5xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.divf %x, %n : f32
    linalg.yield %y : f32
  } -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// InstanceNorm's centering over H and W, scaled to stay in integers:
// x * (H * W) - sum over H and W. The sum's two loops are one, and so are
// the reader's along them: it is the sum's row epilogue (one rProgram).
func.func @spatial_center(%in0: tensor<3x5x23x29xf32>) -> tensor<3x5x23x29xf32> {
  %empty = tensor.empty() : tensor<3x5xf32>
  %fill = arith.constant 0.0 : f32
  %n = arith.constant 667.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<3x5xf32>) -> tensor<3x5xf32>
  %s = linalg.reduce ins(%in0 : tensor<3x5x23x29xf32>) outs(%init : tensor<3x5xf32>) dimensions = [2, 3]
    (%x: f32, %acc: f32) {
      %y = arith.addf %x, %acc : f32
      linalg.yield %y : f32
    }
  %out = tensor.empty() : tensor<3x5x23x29xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%in0, %s : tensor<3x5x23x29xf32>, tensor<3x5xf32>) outs(%out : tensor<3x5x23x29xf32>) {
  ^bb0(%x: f32, %sum: f32, %o: f32):
    %scaled = arith.mulf %x, %n : f32
    %y = arith.subf %scaled, %sum : f32
    linalg.yield %y : f32
  } -> tensor<3x5x23x29xf32>
  return %r : tensor<3x5x23x29xf32>
}

// Max of every element of 7x9x11 kept as 1x1x1 (keepdim, read back at 0).
func.func @full_max_keepdim(%in0: tensor<7x9x11xf32>) -> tensor<1x1x1xf32> {
  %empty = tensor.empty() : tensor<1x1x1xf32>
  %fill = arith.constant 0xFF800000 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (0, 0, 0)>],
      iterator_types = ["reduction", "reduction", "reduction"]}
      ins(%in0 : tensor<7x9x11xf32>) outs(%init : tensor<1x1x1xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.maximumf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<1x1x1xf32>
  return %r : tensor<1x1x1xf32>
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
  %c9 = arith.constant 9 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %c17 = arith.constant 17 : index
  %c21 = arith.constant 21 : index
  %c33 = arith.constant 33 : index
  %c37 = arith.constant 37 : index
  %c40 = arith.constant 40 : index
  %c51 = arith.constant 51 : index
  %c65 = arith.constant 65 : index
  %c70 = arith.constant 70 : index
  %c97 = arith.constant 97 : index
  %c300 = arith.constant 300 : index
  vector.print str "row_sum\n"
  %row_sum_in0_d = call @data_2d_f32(%c7, %c300, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %row_sum_in0 = tensor.cast %row_sum_in0_d : tensor<?x?xf32> to tensor<7x300xf32>
  %row_sum_r = call @row_sum(%row_sum_in0) : (tensor<7x300xf32>) -> tensor<7xf32>
  %row_sum_r_u = tensor.cast %row_sum_r : tensor<7xf32> to tensor<*xf32>
  call @printMemrefF32(%row_sum_r_u) : (tensor<*xf32>) -> ()
  vector.print str "col_sum\n"
  %col_sum_in0_d = call @data_2d_f32(%c300, %c70, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %col_sum_in0 = tensor.cast %col_sum_in0_d : tensor<?x?xf32> to tensor<300x70xf32>
  %col_sum_r = call @col_sum(%col_sum_in0) : (tensor<300x70xf32>) -> tensor<70xf32>
  %col_sum_r_dyn = tensor.cast %col_sum_r : tensor<70xf32> to tensor<?xf32>
  %col_sum_r_sum = call @checksum(%col_sum_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %col_sum_r_u = tensor.cast %col_sum_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%col_sum_r_u) : (tensor<*xi64>) -> ()
  vector.print str "sum_two_axes\n"
  %sum_two_axes_in0_d = call @data_3d_f32(%c9, %c13, %c33, %c7, %c3, %c5, %c2, %c9, %c4, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %sum_two_axes_in0 = tensor.cast %sum_two_axes_in0_d : tensor<?x?x?xf32> to tensor<9x13x33xf32>
  %sum_two_axes_r = call @sum_two_axes(%sum_two_axes_in0) : (tensor<9x13x33xf32>) -> tensor<13xf32>
  %sum_two_axes_r_u = tensor.cast %sum_two_axes_r : tensor<13xf32> to tensor<*xf32>
  call @printMemrefF32(%sum_two_axes_r_u) : (tensor<*xf32>) -> ()
  vector.print str "sum_two_axes_acc\n"
  %sum_two_axes_acc_in0_d = call @data_4d_f32(%c5, %c17, %c6, %c21, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %sum_two_axes_acc_in0 = tensor.cast %sum_two_axes_acc_in0_d : tensor<?x?x?x?xf32> to tensor<5x17x6x21xf32>
  %sum_two_axes_acc_init_d = call @data_2d_f32(%c5, %c6, %c3, %c1, %c1, %c4, %c37, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %sum_two_axes_acc_init = tensor.cast %sum_two_axes_acc_init_d : tensor<?x?xf32> to tensor<5x6xf32>
  %sum_two_axes_acc_r = call @sum_two_axes_acc(%sum_two_axes_acc_in0, %sum_two_axes_acc_init) : (tensor<5x17x6x21xf32>, tensor<5x6xf32>) -> tensor<5x6xf32>
  %sum_two_axes_acc_r_flat = tensor.collapse_shape %sum_two_axes_acc_r [[0, 1]] : tensor<5x6xf32> into tensor<30xf32>
  %sum_two_axes_acc_r_dyn = tensor.cast %sum_two_axes_acc_r_flat : tensor<30xf32> to tensor<?xf32>
  %sum_two_axes_acc_r_sum = call @checksum(%sum_two_axes_acc_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %sum_two_axes_acc_r_u = tensor.cast %sum_two_axes_acc_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%sum_two_axes_acc_r_u) : (tensor<*xi64>) -> ()
  vector.print str "max_generic\n"
  %max_generic_in0_d = call @data_2d_f32(%c65, %c97, %c5, %c2, %c3, %c7, %c51, %c17) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %max_generic_in0 = tensor.cast %max_generic_in0_d : tensor<?x?xf32> to tensor<65x97xf32>
  %max_generic_r = call @max_generic(%max_generic_in0) : (tensor<65x97xf32>) -> tensor<65xf32>
  %max_generic_r_dyn = tensor.cast %max_generic_r : tensor<65xf32> to tensor<?xf32>
  %max_generic_r_sum = call @checksum(%max_generic_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %max_generic_r_u = tensor.cast %max_generic_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%max_generic_r_u) : (tensor<*xi64>) -> ()
  vector.print str "max_generic_transposed\n"
  %max_generic_transposed_in0_d = call @data_3d_f32(%c11, %c40, %c7, %c5, %c2, %c7, %c3, %c7, %c1, %c51, %c17) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %max_generic_transposed_in0 = tensor.cast %max_generic_transposed_in0_d : tensor<?x?x?xf32> to tensor<11x40x7xf32>
  %max_generic_transposed_r = call @max_generic_transposed(%max_generic_transposed_in0) : (tensor<11x40x7xf32>) -> tensor<7x11xf32>
  %max_generic_transposed_r_u = tensor.cast %max_generic_transposed_r : tensor<7x11xf32> to tensor<*xf32>
  call @printMemrefF32(%max_generic_transposed_r_u) : (tensor<*xf32>) -> ()
  vector.print str "full_sum\n"
  %c1500 = arith.constant 1500 : index
  %full_sum_in0_d = call @data_2d_f32(%c37, %c1500, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %full_sum_in0 = tensor.cast %full_sum_in0_d : tensor<?x?xf32> to tensor<37x1500xf32>
  %full_sum_r = call @full_sum(%full_sum_in0) : (tensor<37x1500xf32>) -> tensor<f32>
  %full_sum_r_u = tensor.cast %full_sum_r : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%full_sum_r_u) : (tensor<*xf32>) -> ()
  vector.print str "mean_all\n"
  %mean_all_in0 = tensor.cast %sum_two_axes_in0_d : tensor<?x?x?xf32> to tensor<9x13x33xf32>
  %mean_all_r = call @mean_all(%mean_all_in0) : (tensor<9x13x33xf32>) -> tensor<f32>
  %mean_all_r_u = tensor.cast %mean_all_r : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%mean_all_r_u) : (tensor<*xf32>) -> ()
  vector.print str "spatial_mean\n"
  %c23 = arith.constant 23 : index
  %c29 = arith.constant 29 : index
  %spatial_mean_in0_d = call @data_4d_f32(%c3, %c5, %c23, %c29, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %spatial_mean_in0 = tensor.cast %spatial_mean_in0_d : tensor<?x?x?x?xf32> to tensor<3x5x23x29xf32>
  %spatial_mean_r = call @spatial_mean(%spatial_mean_in0) : (tensor<3x5x23x29xf32>) -> tensor<3x5xf32>
  %spatial_mean_r_u = tensor.cast %spatial_mean_r : tensor<3x5xf32> to tensor<*xf32>
  call @printMemrefF32(%spatial_mean_r_u) : (tensor<*xf32>) -> ()
  vector.print str "spatial_center\n"
  %spatial_center_r = call @spatial_center(%spatial_mean_in0) : (tensor<3x5x23x29xf32>) -> tensor<3x5x23x29xf32>
  %spatial_center_r_flat = tensor.collapse_shape %spatial_center_r [[0, 1, 2, 3]] : tensor<3x5x23x29xf32> into tensor<10005xf32>
  %spatial_center_r_dyn = tensor.cast %spatial_center_r_flat : tensor<10005xf32> to tensor<?xf32>
  %spatial_center_r_sum = call @checksum(%spatial_center_r_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %spatial_center_r_u = tensor.cast %spatial_center_r_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%spatial_center_r_u) : (tensor<*xi64>) -> ()
  vector.print str "full_max_keepdim\n"
  %full_max_keepdim_in0_d = call @data_3d_f32(%c7, %c9, %c11, %c5, %c2, %c7, %c3, %c7, %c1, %c51, %c97) : (index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
  %full_max_keepdim_in0 = tensor.cast %full_max_keepdim_in0_d : tensor<?x?x?xf32> to tensor<7x9x11xf32>
  %full_max_keepdim_r = call @full_max_keepdim(%full_max_keepdim_in0) : (tensor<7x9x11xf32>) -> tensor<1x1x1xf32>
  %full_max_keepdim_r_u = tensor.cast %full_max_keepdim_r : tensor<1x1x1xf32> to tensor<*xf32>
  call @printMemrefF32(%full_max_keepdim_r_u) : (tensor<*xf32>) -> ()
  return
}
