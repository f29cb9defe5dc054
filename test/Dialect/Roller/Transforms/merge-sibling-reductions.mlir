// RUN: roller-opt %s --split-input-file --roller-merge-sibling-reductions -verify-diagnostics | FileCheck %s
// A refusal names the reduction and the reason.
// RUN: roller-opt %s --split-input-file --roller-merge-sibling-reductions 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: remark: roller-merge-sibling-reductions: not merged with the reduction at loc("{{.*}}merge-sibling-reductions.mlir":[[#]]:{{[0-9]+}}): the second reads a result of the first
// REMARK: remark: roller-merge-sibling-reductions: not merged with the reduction at loc("{{.*}}merge-sibling-reductions.mlir":[[#]]:{{[0-9]+}}): their iterator types differ

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// LayerNorm's two sums of its input (f64 for the variance, f32 for the
// normalize) become one op at the first's place, reading the input once;
// the second's fill moves up with it. The variance, which reads the first
// sum, stays apart.
// CHECK-LABEL: func.func @layernorm_sums
// CHECK: %[[F32:.*]] = linalg.fill ins(%{{.*}} : f32)
// CHECK: %[[SUMS:.*]]:2 = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x64xf32>) outs(%{{.*}}, %[[F32]] : tensor<8xf64>, tensor<8xf32>)
// CHECK: arith.extf
// CHECK: arith.addf {{.*}} : f64
// CHECK: arith.addf {{.*}} : f32
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f64, f32
// CHECK: %[[VAR:.*]] = linalg.generic {{.*}} ins(%arg0, %[[SUMS]]#0 :
// CHECK: return %[[VAR]], %[[SUMS]]#1
func.func @layernorm_sums(%x: tensor<8x64xf32>) -> (tensor<8xf64>, tensor<8xf32>) {
  %z64 = arith.constant 0.0 : f64
  %e64 = tensor.empty() : tensor<8xf64>
  %f64 = linalg.fill ins(%z64 : f64) outs(%e64 : tensor<8xf64>) -> tensor<8xf64>
  // expected-remark @below {{roller-merge-sibling-reductions: merged with the reduction at}}
  %s64 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x64xf32>) outs(%f64 : tensor<8xf64>) {
    ^bb0(%a: f32, %o: f64):
      %w = arith.extf %a : f32 to f64
      %r = arith.addf %w, %o : f64
      linalg.yield %r : f64
  } -> tensor<8xf64>
  // expected-remark @below {{not merged with the reduction at}}
  %var = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %s64 : tensor<8x64xf32>, tensor<8xf64>) outs(%f64 : tensor<8xf64>) {
    ^bb0(%a: f32, %m: f64, %o: f64):
      %w = arith.extf %a : f32 to f64
      %c = arith.subf %w, %m : f64
      %sq = arith.mulf %c, %c : f64
      %r = arith.addf %sq, %o : f64
      linalg.yield %r : f64
  } -> tensor<8xf64>
  %z32 = arith.constant 0.0 : f32
  %e32 = tensor.empty() : tensor<8xf32>
  %f32 = linalg.fill ins(%z32 : f32) outs(%e32 : tensor<8xf32>) -> tensor<8xf32>
  %s32 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x64xf32>) outs(%f32 : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.addf %a, %o : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  return %var, %s32 : tensor<8xf64>, tensor<8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>

// Not merged: another way of reading the shared tensor, no shared tensor
// (other loop ranges too), the same tensor reduced along another axis (a
// remark: it reads as the first does).
// CHECK-LABEL: func.func @not_siblings
// CHECK-COUNT-5: linalg.generic
func.func @not_siblings(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>, %w: tensor<8x16xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x8xf32>) outs(%f : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %r = arith.addf %v, %o : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#t, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x8xf32>) outs(%f : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %r = arith.addf %v, %o : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %c = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<8x8xf32>) outs(%f : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %r = arith.addf %v, %o : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %d = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%w : tensor<8x16xf32>) outs(%f : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %r = arith.addf %v, %o : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  // expected-remark @below {{their iterator types differ}}
  %cols = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<8x8xf32>) outs(%f : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %r = arith.addf %v, %o : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  return %a, %b, %c, %d, %cols : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Three sums of one input: one op with three results.
// CHECK-LABEL: func.func @three
// CHECK: linalg.generic {{.*}} outs(%{{.*}}, %{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK-NOT: linalg.generic
func.func @three(%x: tensor<8x8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  // expected-remark @+2 {{(one kernel reads their input once; 2 results)}}
  // expected-remark @+1 {{(one kernel reads their input once; 3 results)}}
  %a = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x8xf32>) outs(%f : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %r = arith.addf %v, %o : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x8xf32>) outs(%f : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %r = arith.maximumf %v, %o : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %c = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x8xf32>) outs(%f : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %m = arith.mulf %v, %v : f32
      %r = arith.addf %m, %o : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  return %a, %b, %c : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d1, d2)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>

// Two matmuls of one input as generics (weights read transposed): each
// keeps its kernel and its tensor cores.
// CHECK-LABEL: func.func @contractions
// CHECK-COUNT-2: linalg.generic
func.func @contractions(%x: tensor<16x32xf16>, %w: tensor<16x32xf16>, %v: tensor<16x32xf16>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %p = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<16x32xf16>, tensor<16x32xf16>) outs(%f : tensor<16x16xf32>) {
    ^bb0(%l: f16, %r: f16, %o: f32):
      %le = arith.extf %l : f16 to f32
      %re = arith.extf %r : f16 to f32
      %m = arith.mulf %le, %re : f32
      %s = arith.addf %o, %m : f32
      linalg.yield %s : f32
  } -> tensor<16x16xf32>
  // expected-remark @below {{one is a contraction or a convolution}}
  %q = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %v : tensor<16x32xf16>, tensor<16x32xf16>) outs(%f : tensor<16x16xf32>) {
    ^bb0(%l: f16, %r: f16, %o: f32):
      %le = arith.extf %l : f16 to f32
      %re = arith.extf %r : f16 to f32
      %m = arith.mulf %le, %re : f32
      %s = arith.addf %o, %m : f32
      linalg.yield %s : f32
  } -> tensor<16x16xf32>
  return %p, %q : tensor<16x16xf32>, tensor<16x16xf32>
}
