// RUN: roller-opt %s --split-input-file --roller-collapse-through-reshapes -verify-diagnostics | FileCheck %s
// The remark names the producer and its location.
// RUN: roller-opt %s --split-input-file --roller-collapse-through-reshapes 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: remark: roller-collapse-through-reshapes: not collapsed to read the result of linalg.matmul at loc("{{.*}}collapse-through-reshapes.mlir":[[#]]:{{[0-9]+}}) directly

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#last = affine_map<(d0, d1, d2) -> (d2)>

// A linear layer as torch-mlir exports it: the matmul's result expanded to
// (seq, batch, features) before its bias add. The add collapses to read the
// matmul's result (then roller-fuse-epilogues makes it the epilogue); the
// expansion moves after it.
// CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @bias_after_expand
// CHECK: %[[MM:.+]] = linalg.matmul
// CHECK: %[[ADD:.+]] = linalg.generic {indexing_maps = [#[[ID]], #[[COL]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[MM]], %arg2 : tensor<32x192xf32>, tensor<192xf32>)
// CHECK: %[[E:.+]] = tensor.expand_shape %[[ADD]] {{\[}}[0, 1], [2]] output_shape [16, 2, 192]
// CHECK: return %[[E]]
func.func @bias_after_expand(%x: tensor<32x64xf32>, %w: tensor<64x192xf32>, %b: tensor<192xf32>) -> tensor<16x2x192xf32> {
  %zero = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<32x192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<32x192xf32>) -> tensor<32x192xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x192xf32>) outs(%f : tensor<32x192xf32>) -> tensor<32x192xf32>
  %e = tensor.expand_shape %mm [[0, 1], [2]] output_shape [16, 2, 192] : tensor<32x192xf32> into tensor<16x2x192xf32>
  %o = tensor.empty() : tensor<16x2x192xf32>
  %add = linalg.generic {indexing_maps = [#id3, #last, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e, %b : tensor<16x2x192xf32>, tensor<192xf32>) outs(%o : tensor<16x2x192xf32>) {
    ^bb0(%a: f32, %c: f32, %out: f32):
      %r = arith.addf %a, %c : f32
      linalg.yield %r : f32
  } -> tensor<16x2x192xf32>
  return %add : tensor<16x2x192xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// An MLP's ReLU between two matmuls: collapsed, it reads the first matmul's
// result and the second reads it, with no reshape left between them.
// CHECK-LABEL: func.func @relu_between_matmuls
// CHECK: %[[MM:.+]] = linalg.matmul
// CHECK: %[[R:.+]] = linalg.generic
// CHECK-SAME: ins(%[[MM]] : tensor<32x128xf32>)
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.matmul ins(%[[R]], %arg2
func.func @relu_between_matmuls(%x: tensor<32x64xf32>, %w1: tensor<64x128xf32>, %w2: tensor<128x64xf32>) -> tensor<32x64xf32> {
  %zero = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<32x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<32x128xf32>) -> tensor<32x128xf32>
  %mm = linalg.matmul ins(%x, %w1 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%f : tensor<32x128xf32>) -> tensor<32x128xf32>
  %e = tensor.expand_shape %mm [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
  %o = tensor.empty() : tensor<2x16x128xf32>
  %relu = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e : tensor<2x16x128xf32>) outs(%o : tensor<2x16x128xf32>) {
    ^bb0(%a: f32, %out: f32):
      %r = arith.maximumf %a, %zero : f32
      linalg.yield %r : f32
  } -> tensor<2x16x128xf32>
  %c = tensor.collapse_shape %relu [[0, 1], [2]] : tensor<2x16x128xf32> into tensor<32x128xf32>
  %i2 = tensor.empty() : tensor<32x64xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%i2 : tensor<32x64xf32>) -> tensor<32x64xf32>
  %mm2 = linalg.matmul ins(%c, %w2 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%f2 : tensor<32x64xf32>) -> tensor<32x64xf32>
  return %mm2 : tensor<32x64xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// A chain after the reshape: the add collapses first, then the ReLU, which
// now reads an expansion of the add, in the next round.
// CHECK-LABEL: func.func @chain
// CHECK: %[[MM:.+]] = linalg.matmul
// CHECK: %[[ADD:.+]] = linalg.generic
// CHECK-SAME: ins(%[[MM]], %arg2 : tensor<32x64xf32>, tensor<32x64xf32>)
// CHECK: %[[RELU:.+]] = linalg.generic
// CHECK-SAME: ins(%[[ADD]] : tensor<32x64xf32>)
// CHECK: tensor.expand_shape %[[RELU]]
func.func @chain(%x: tensor<32x64xf32>, %w: tensor<64x64xf32>, %res: tensor<32x64xf32>) -> tensor<2x16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<32x64xf32>) -> tensor<32x64xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e = tensor.expand_shape %mm [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
  %r = tensor.expand_shape %res [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
  %o = tensor.empty() : tensor<2x16x64xf32>
  %add = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e, %r : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%o : tensor<2x16x64xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
  } -> tensor<2x16x64xf32>
  %relu = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%add : tensor<2x16x64xf32>) outs(%o : tensor<2x16x64xf32>) {
    ^bb0(%a: f32, %out: f32):
      %m = arith.maximumf %a, %zero : f32
      linalg.yield %m : f32
  } -> tensor<2x16x64xf32>
  return %relu : tensor<2x16x64xf32>
}

// -----

// Attention's key transpose between two batch matmuls, as torch-mlir
// exports it (heads expanded out of the batch): the transpose collapses as
// a generic reading the first batch matmul's result through the transposed
// map, and the second reads it with no reshape between.
// CHECK-DAG: #[[T:.+]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-LABEL: func.func @head_transpose
// CHECK: %[[BMM:.+]] = linalg.batch_matmul
// CHECK: %[[TR:.+]] = linalg.generic {indexing_maps = [#[[T]], #{{.+}}]
// CHECK-SAME: ins(%[[BMM]] : tensor<8x16x16xf32>)
// CHECK-NOT: linalg.transpose
// CHECK: linalg.batch_matmul ins(%arg0, %[[TR]]
func.func @head_transpose(%q: tensor<8x16x16xf32>, %k: tensor<8x16x16xf32>) -> tensor<8x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<8x16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  %bmm = linalg.batch_matmul ins(%q, %k : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%f : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  %e = tensor.expand_shape %bmm [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
  %o = tensor.empty() : tensor<2x4x16x16xf32>
  %t = linalg.transpose ins(%e : tensor<2x4x16x16xf32>) outs(%o : tensor<2x4x16x16xf32>) permutation = [0, 1, 3, 2]
  %c = tensor.collapse_shape %t [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
  %bmm2 = linalg.batch_matmul ins(%q, %c : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%f : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  return %bmm2 : tensor<8x16x16xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#rows = affine_map<(d0, d1, d2) -> (d0, d1)>

// LayerNorm's cast to f64 fuses into the sum after it (roller-fuse-elementwise),
// which cannot collapse (it reduces over a dimension): collapsing the cast
// would put a reshape between them.
// CHECK-LABEL: func.func @cast_into_reduction
// CHECK: tensor.expand_shape
// CHECK: linalg.generic
// CHECK-SAME: ins(%expanded : tensor<2x16x64xf32>)
func.func @cast_into_reduction(%x: tensor<32x64xf32>, %w: tensor<64x64xf32>) -> tensor<2x16xf64> {
  %zero = arith.constant 0.0 : f32
  %zd = arith.constant 0.0 : f64
  %i = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<32x64xf32>) -> tensor<32x64xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e = tensor.expand_shape %mm [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
  %o = tensor.empty() : tensor<2x16x64xf64>
  // expected-remark @below {{a user that fuses it (a reduction, or an op with dynamic shapes or broadcasts) would read it through a reshape}}
  %cast = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e : tensor<2x16x64xf32>) outs(%o : tensor<2x16x64xf64>) {
    ^bb0(%a: f32, %out: f64):
      %d = arith.extf %a : f32 to f64
      linalg.yield %d : f64
  } -> tensor<2x16x64xf64>
  %si = tensor.empty() : tensor<2x16xf64>
  %sf = linalg.fill ins(%zd : f64) outs(%si : tensor<2x16xf64>) -> tensor<2x16xf64>
  %sum = linalg.generic {indexing_maps = [#id3, #rows], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%cast : tensor<2x16x64xf64>) outs(%sf : tensor<2x16xf64>) {
    ^bb0(%a: f64, %out: f64):
      %s = arith.addf %a, %out : f64
      linalg.yield %s : f64
  } -> tensor<2x16xf64>
  return %sum : tensor<2x16xf64>
}

// -----

#swap = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// The output is (batch, seq) while the matmul's rows are (seq, batch): the
// split dimension's loops are not in order, and no collapse expresses it.
// CHECK-LABEL: func.func @split_out_of_order
// CHECK: tensor.expand_shape
// CHECK: linalg.generic
// CHECK-SAME: tensor<16x2x64xf32>
func.func @split_out_of_order(%x: tensor<32x64xf32>, %w: tensor<64x64xf32>, %r: tensor<2x16x64xf32>) -> tensor<2x16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<32x64xf32>) -> tensor<32x64xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e = tensor.expand_shape %mm [[0, 1], [2]] output_shape [16, 2, 64] : tensor<32x64xf32> into tensor<16x2x64xf32>
  %o = tensor.empty() : tensor<2x16x64xf32>
  // expected-remark @below {{the reshape splits a dimension into loops that are not consecutive or not in order}}
  %add = linalg.generic {indexing_maps = [#swap, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e, %r : tensor<16x2x64xf32>, tensor<2x16x64xf32>) outs(%o : tensor<2x16x64xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
  } -> tensor<2x16x64xf32>
  return %add : tensor<2x16x64xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// The add's other input is a ReLU it fuses with (roller-fuse-elementwise):
// collapsing the add would read the ReLU through a new reshape.
// CHECK-LABEL: func.func @producer_behind_new_reshape
// CHECK: tensor.expand_shape
// CHECK-COUNT-2: linalg.generic
// CHECK-SAME: tensor<2x16x64xf32>
func.func @producer_behind_new_reshape(%x: tensor<32x64xf32>, %w: tensor<64x64xf32>, %y: tensor<2x16x64xf32>) -> tensor<2x16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<32x64xf32>) -> tensor<32x64xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e = tensor.expand_shape %mm [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
  %o = tensor.empty() : tensor<2x16x64xf32>
  %relu = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y : tensor<2x16x64xf32>) outs(%o : tensor<2x16x64xf32>) {
    ^bb0(%a: f32, %out: f32):
      %m = arith.maximumf %a, %zero : f32
      linalg.yield %m : f32
  } -> tensor<2x16x64xf32>
  // expected-remark @below {{an elementwise producer it fuses with would be read through a reshape}}
  %add = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e, %relu : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%o : tensor<2x16x64xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
  } -> tensor<2x16x64xf32>
  return %add : tensor<2x16x64xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// A function argument expanded: there is no producer to meet, nothing to do
// (and no remark).
// CHECK-LABEL: func.func @argument_expanded
// CHECK: tensor.expand_shape %arg0
// CHECK: linalg.generic
// CHECK-SAME: tensor<2x16x64xf32>
func.func @argument_expanded(%x: tensor<32x64xf32>) -> tensor<2x16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
  %o = tensor.empty() : tensor<2x16x64xf32>
  %relu = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e : tensor<2x16x64xf32>) outs(%o : tensor<2x16x64xf32>) {
    ^bb0(%a: f32, %out: f32):
      %m = arith.maximumf %a, %zero : f32
      linalg.yield %m : f32
  } -> tensor<2x16x64xf32>
  return %relu : tensor<2x16x64xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#mid = affine_map<(d0, d1, d2) -> (d1, d2)>

// The add's other operand is indexed by d1 alone, one of the two loops the
// reshape splits: collapsing them would read it apart.
// CHECK-LABEL: func.func @operand_reads_group_apart
// CHECK: tensor.expand_shape
// CHECK: linalg.generic
// CHECK-SAME: tensor<2x16x64xf32>
func.func @operand_reads_group_apart(%x: tensor<32x64xf32>, %w: tensor<64x64xf32>, %pos: tensor<16x64xf32>) -> tensor<2x16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<32x64xf32>) -> tensor<32x64xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e = tensor.expand_shape %mm [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
  %o = tensor.empty() : tensor<2x16x64xf32>
  // expected-remark @below {{another of its operands reads the loops to collapse apart or in another order}}
  %add = linalg.generic {indexing_maps = [#id3, #mid, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e, %pos : tensor<2x16x64xf32>, tensor<16x64xf32>) outs(%o : tensor<2x16x64xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
  } -> tensor<2x16x64xf32>
  return %add : tensor<2x16x64xf32>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>

// A reshape of the same rank (a producer's result passed through an
// identity expand_shape): no loop to collapse.
// CHECK-LABEL: func.func @splits_nothing
// CHECK: tensor.expand_shape
func.func @splits_nothing(%x: tensor<8x4xf32>, %y: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %o0 = tensor.empty() : tensor<8x4xf32>
  %n = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x4xf32>) outs(%o0 : tensor<8x4xf32>) {
    ^bb0(%a: f32, %out: f32):
      %t = arith.negf %a : f32
      linalg.yield %t : f32
  } -> tensor<8x4xf32>
  %e = tensor.expand_shape %n [[0], [1]] output_shape [8, 4] : tensor<8x4xf32> into tensor<8x4xf32>
  %o = tensor.empty() : tensor<8x4xf32>
  // expected-remark @below {{the reshape splits no dimension}}
  %add = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%e, %y : tensor<8x4xf32>, tensor<8x4xf32>) outs(%o : tensor<8x4xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %t = arith.addf %a, %b : f32
      linalg.yield %t : f32
  } -> tensor<8x4xf32>
  return %add : tensor<8x4xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#swap12 = affine_map<(d0, d1, d2) -> (d0, d2, d1)>

// The bias add would collapse (2, 16) back to the matmul's 32 rows, but the
// op that fuses it reads those two dimensions through loops d0 and d2:
// collapsing it the same way is impossible, and collapsing the add alone
// would put a reshape between the two. Left alone.
// CHECK-LABEL: func.func @user_reads_apart
// CHECK: tensor.expand_shape
// CHECK-COUNT-2: linalg.generic
func.func @user_reads_apart(%x: tensor<32x64xf32>, %w: tensor<64x64xf32>, %b: tensor<2x16x64xf32>) -> tensor<2x64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<32x64xf32>) -> tensor<32x64xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e = tensor.expand_shape %mm [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
  %o = tensor.empty() : tensor<2x16x64xf32>
  // expected-remark @below {{a user that fuses it reads it through loops that are not consecutive}}
  %add = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e, %b : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%o : tensor<2x16x64xf32>) {
    ^bb0(%a: f32, %c: f32, %out: f32):
      %s = arith.addf %a, %c : f32
      linalg.yield %s : f32
  } -> tensor<2x16x64xf32>
  %o2 = tensor.empty() : tensor<2x64x16xf32>
  %relu = linalg.generic {indexing_maps = [#swap12, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%add : tensor<2x16x64xf32>) outs(%o2 : tensor<2x64x16xf32>) {
    ^bb0(%a: f32, %out: f32):
      %r = arith.maximumf %a, %zero : f32
      linalg.yield %r : f32
  } -> tensor<2x64x16xf32>
  return %relu : tensor<2x64x16xf32>
}

// -----

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d3, 0, 0)>

// A per-channel scale after an NHWC implicit GEMM, as torch-mlir gives
// BatchNorm's: a [C, 1, 1] expansion of a constant read by (d3, 0, 0), a
// map with constants that collapsing cannot carry. The op reads the
// constant by the channel loop instead (readBroadcastsWithoutUnitDims),
// then collapses to read the GEMM's result; the expansion is erased.
// CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @channel_scale_after_nhwc_gemm
// CHECK: %[[SCALE:.+]] = arith.constant dense<2.000000e+00> : tensor<16xf32>
// CHECK: %[[MM:.+]] = linalg.matmul
// CHECK-NOT: tensor.expand_shape %[[SCALE]]
// CHECK: %[[MUL:.+]] = linalg.generic {indexing_maps = [#[[ID]], #[[COL]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[MM]], %[[SCALE]] : tensor<98x16xf32>, tensor<16xf32>)
// CHECK: %[[E:.+]] = tensor.expand_shape %[[MUL]] {{\[}}[0, 1, 2], [3]]
// CHECK: return %[[E]]
func.func @channel_scale_after_nhwc_gemm(%x: tensor<98x32xf32>, %w: tensor<32x16xf32>) -> tensor<2x7x7x16xf32> {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant dense<2.0> : tensor<16xf32>
  %i = tensor.empty() : tensor<98x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<98x16xf32>) -> tensor<98x16xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<98x32xf32>, tensor<32x16xf32>) outs(%f : tensor<98x16xf32>) -> tensor<98x16xf32>
  %e = tensor.expand_shape %mm [[0, 1, 2], [3]] output_shape [2, 7, 7, 16] : tensor<98x16xf32> into tensor<2x7x7x16xf32>
  %s = tensor.expand_shape %scale [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
  %o = tensor.empty() : tensor<2x7x7x16xf32>
  %mul = linalg.generic {indexing_maps = [#id4, #chan, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%e, %s : tensor<2x7x7x16xf32>, tensor<16x1x1xf32>) outs(%o : tensor<2x7x7x16xf32>) {
    ^bb0(%a: f32, %c: f32, %out: f32):
      %r = arith.mulf %a, %c : f32
      linalg.yield %r : f32
  } -> tensor<2x7x7x16xf32>
  return %mul : tensor<2x7x7x16xf32>
}

// -----

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d3, 0, 0)>

// The same scale expanded from an argument is left (only constants, a
// model's parameters, are read so): the op keeps its (d3, 0, 0) and reads the
// GEMM's result through the expansion.
// CHECK-LABEL: func.func @channel_scale_of_an_argument
// CHECK: tensor.expand_shape %arg2
// CHECK: linalg.generic
// CHECK-SAME: ins(%expanded, %expanded_0 : tensor<2x7x7x16xf32>, tensor<16x1x1xf32>)
func.func @channel_scale_of_an_argument(%x: tensor<98x32xf32>, %w: tensor<32x16xf32>, %scale: tensor<16xf32>) -> tensor<2x7x7x16xf32> {
  %zero = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<98x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<98x16xf32>) -> tensor<98x16xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<98x32xf32>, tensor<32x16xf32>) outs(%f : tensor<98x16xf32>) -> tensor<98x16xf32>
  %e = tensor.expand_shape %mm [[0, 1, 2], [3]] output_shape [2, 7, 7, 16] : tensor<98x16xf32> into tensor<2x7x7x16xf32>
  %s = tensor.expand_shape %scale [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
  %o = tensor.empty() : tensor<2x7x7x16xf32>
  // expected-remark @below {{its user is not an elementwise linalg.generic or linalg.transpose on static tensors with projected permutations as maps}}
  %mul = linalg.generic {indexing_maps = [#id4, #chan, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%e, %s : tensor<2x7x7x16xf32>, tensor<16x1x1xf32>) outs(%o : tensor<2x7x7x16xf32>) {
    ^bb0(%a: f32, %c: f32, %out: f32):
      %r = arith.mulf %a, %c : f32
      linalg.yield %r : f32
  } -> tensor<2x7x7x16xf32>
  return %mul : tensor<2x7x7x16xf32>
}
