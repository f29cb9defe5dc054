// RUN: roller-opt %s --split-input-file --roller-move-scales-to-epilogues -verify-diagnostics | FileCheck %s

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// Attention's scaled queries: the batch matmul reads the queries unscaled
// and its result is scaled after it (the epilogue to be), by the constant
// the body defines.
// CHECK-LABEL: func.func @scaled_query
// CHECK: %[[S:.+]] = linalg.batch_matmul ins(%arg0, %arg1 : tensor<8x16x16xf32>, tensor<8x16x16xf32>)
// CHECK: arith.constant 2.500000e-01 : f32
// CHECK: %[[R:.+]] = linalg.generic
// CHECK-SAME: ins(%[[S]] : tensor<8x16x16xf32>)
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: return %[[R]]
func.func @scaled_query(%q: tensor<8x16x16xf32>, %k: tensor<8x16x16xf32>) -> tensor<8x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16x16xf32>
  %qs = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%q : tensor<8x16x16xf32>) outs(%e : tensor<8x16x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %quarter = arith.constant 0.25 : f32
      %m = arith.mulf %a, %quarter : f32
      linalg.yield %m : f32
  } -> tensor<8x16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  %s = linalg.batch_matmul ins(%qs, %k : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%f : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  return %s : tensor<8x16x16xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// Both operands scaled (queries and keys by d^-1/4 each), an f16 matmul
// with an f32 result: two scales after it, the first reading the second,
// in f32.
// CHECK-LABEL: func.func @both_scaled_f16
// CHECK: %[[S:.+]] = linalg.matmul ins(%arg0, %arg1 : tensor<32x16xf16>, tensor<16x32xf16>)
// CHECK: %[[B:.+]] = linalg.generic
// CHECK-SAME: ins(%[[S]] : tensor<32x32xf32>)
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[A:.+]] = linalg.generic
// CHECK-SAME: ins(%[[B]] : tensor<32x32xf32>)
// CHECK: return %[[A]]
func.func @both_scaled_f16(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>) -> tensor<32x32xf32> {
  %s1 = arith.constant 0.5 : f16
  %s2 = arith.constant 0.25 : f16
  %zero = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<32x16xf16>
  %as = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<32x16xf16>) outs(%ea : tensor<32x16xf16>) {
    ^bb0(%x: f16, %o: f16):
      %m = arith.mulf %s1, %x : f16
      linalg.yield %m : f16
  } -> tensor<32x16xf16>
  %eb = tensor.empty() : tensor<16x32xf16>
  %bs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<16x32xf16>) outs(%eb : tensor<16x32xf16>) {
    ^bb0(%x: f16, %o: f16):
      %m = arith.mulf %x, %s2 : f16
      linalg.yield %m : f16
  } -> tensor<16x32xf16>
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %mm = linalg.matmul ins(%as, %bs : tensor<32x16xf16>, tensor<16x32xf16>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %mm : tensor<32x32xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// Left in place: a matmul that accumulates into existing values is not
// linear in its operand; a scale whose result is read elsewhere too.
// CHECK-LABEL: func.func @not_moved
// CHECK: linalg.generic
// CHECK: linalg.matmul ins(%{{.*}}, %arg1
// CHECK-NOT: linalg.generic
func.func @not_moved(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %s = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-remark @below {{not moved after the contraction at}}
  %as = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.mulf %x, %s : f32
      linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%as, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %mm, %as : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// Left in place: the matmul does not start from zero.
// CHECK-LABEL: func.func @accumulates
// CHECK: linalg.generic
// CHECK: linalg.matmul
func.func @accumulates(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %s = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-remark @below {{the contraction does not start from zero (it is not linear in the operand then)}}
  %as = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.mulf %x, %s : f32
      linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%as, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %mm : tensor<8x8xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// torch-mlir's form of the scale: the Python float (an f64) truncated to f32
// in the body. The scale after the matmul multiplies by the truncated value.
// CHECK-LABEL: func.func @truncated_scale
// CHECK: %[[S:.+]] = linalg.batch_matmul ins(%arg0, %arg1
// CHECK: arith.constant 1.250000e-01 : f32
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[S]] : tensor<4x8x8xf32>)
func.func @truncated_scale(%q: tensor<4x8x8xf32>, %k: tensor<4x8x8xf32>) -> tensor<4x8x8xf32> {
  %s = arith.constant 0.125 : f64
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8x8xf32>
  %qs = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%q : tensor<4x8x8xf32>) outs(%e : tensor<4x8x8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = arith.truncf %s : f64 to f32
      %m = arith.mulf %a, %t : f32
      linalg.yield %m : f32
  } -> tensor<4x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %r = linalg.batch_matmul ins(%qs, %k : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%f : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  return %r : tensor<4x8x8xf32>
}

// -----

// Left in place: a scale that also transposes its input (moving it would
// change the layout the matmul reads).
// CHECK-LABEL: func.func @transposing_scale
// CHECK: linalg.generic
// CHECK: linalg.matmul
func.func @transposing_scale(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %s = arith.constant 0.5 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-remark @below {{it reshapes, transposes or converts its input}}
  %at = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.mulf %x, %s : f32
      linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%at, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %mm : tensor<8x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// Left in place: the matmul converts its f32 products to an i32 result, in
// which a multiply by 3.0 after the fact is not the same.
// CHECK-LABEL: func.func @integer_result
// CHECK: linalg.generic
// CHECK: linalg.matmul
func.func @integer_result(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xi32> {
  %s = arith.constant 3.0 : f32
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-remark @below {{the contraction's result is not floating-point}}
  %as = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.mulf %x, %s : f32
      linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %ei = tensor.empty() : tensor<8x8xi32>
  %f = linalg.fill ins(%zero : i32) outs(%ei : tensor<8x8xi32>) -> tensor<8x8xi32>
  %mm = linalg.matmul ins(%as, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xi32>) -> tensor<8x8xi32>
  return %mm : tensor<8x8xi32>
}
