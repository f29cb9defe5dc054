// RUN: roller-opt %s --split-input-file --roller-widen-bf16-accumulators | FileCheck %s

// A bf16 matmul into a bf16 tensor that starts from a fill: the sum is a
// generic with the matmul's maps into an f32 fill of the widened value
// (folded to an f32 constant), the products of the widened inputs, and a
// truncation to bf16 after it replaces the matmul. The bf16 fill is gone.
// CHECK-DAG: #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @from_fill
// CHECK-NOT: linalg.fill
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[E:.*]] = tensor.empty() : tensor<64x32xf32>
// CHECK: %[[Z:.*]] = linalg.fill ins(%[[ONE]] : f32) outs(%[[E]] : tensor<64x32xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[MK]], #[[KN]], #[[MN]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%arg0, %arg1 : tensor<64x48xbf16>, tensor<48x32xbf16>) outs(%[[Z]] : tensor<64x32xf32>)
// CHECK: ^bb0(%[[A:.*]]: bf16, %[[B:.*]]: bf16, %[[ACC:.*]]: f32):
// CHECK:   %[[AF:.*]] = arith.extf %[[A]] : bf16 to f32
// CHECK:   %[[BF:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK:   %[[P:.*]] = arith.mulf %[[AF]], %[[BF]] : f32
// CHECK:   %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK:   linalg.yield %[[S]] : f32
// CHECK: %[[T:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[SUM]] : tensor<64x32xf32>) outs(%{{.*}} : tensor<64x32xbf16>)
// CHECK:   arith.truncf %{{.*}} : f32 to bf16
// CHECK-NOT: linalg.fill
// CHECK: return %[[T]]
func.func @from_fill(%a: tensor<64x48xbf16>, %b: tensor<48x32xbf16>) -> tensor<64x32xbf16> {
  %one = arith.constant 1.0 : bf16
  %e = tensor.empty() : tensor<64x32xbf16>
  %z = linalg.fill ins(%one : bf16) outs(%e : tensor<64x32xbf16>) -> tensor<64x32xbf16>
  %mm = linalg.matmul ins(%a, %b : tensor<64x48xbf16>, tensor<48x32xbf16>) outs(%z : tensor<64x32xbf16>) -> tensor<64x32xbf16>
  return %mm : tensor<64x32xbf16>
}

// -----

// A batch matmul that accumulates into existing values: the initial tensor
// is widened by an elementwise generic.
// CHECK-LABEL: func.func @from_data
// CHECK: %[[W:.*]] = linalg.generic {{.*}} ins(%arg2 : tensor<2x8x16xbf16>) outs(%{{.*}} : tensor<2x8x16xf32>)
// CHECK:   arith.extf %{{.*}} : bf16 to f32
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME: outs(%[[W]] : tensor<2x8x16xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[SUM]] : tensor<2x8x16xf32>) outs(%{{.*}} : tensor<2x8x16xbf16>)
// CHECK:   arith.truncf
func.func @from_data(%a: tensor<2x8x4xbf16>, %b: tensor<2x4x16xbf16>, %c: tensor<2x8x16xbf16>) -> tensor<2x8x16xbf16> {
  %mm = linalg.batch_matmul ins(%a, %b : tensor<2x8x4xbf16>, tensor<2x4x16xbf16>) outs(%c : tensor<2x8x16xbf16>) -> tensor<2x8x16xbf16>
  return %mm : tensor<2x8x16xbf16>
}

// -----

// A transposed contraction written as a generic, the product in either
// order: the widened sum keeps its maps.
// CHECK-DAG: #[[NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @transposed_generic
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[NK]], #{{.*}}]
// CHECK-SAME: outs(%{{.*}} : tensor<8x16xf32>)
// CHECK: arith.truncf
func.func @transposed_generic(%a: tensor<8x4xbf16>, %b: tensor<16x4xbf16>, %c: tensor<8x16xbf16>) -> tensor<8x16xbf16> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<8x4xbf16>, tensor<16x4xbf16>) outs(%c : tensor<8x16xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %s: bf16):
    %p = arith.mulf %y, %x : bf16
    %q = arith.addf %p, %s : bf16
    linalg.yield %q : bf16
  } -> tensor<8x16xbf16>
  return %r : tensor<8x16xbf16>
}

// -----

// Left as written: f16 and f32 outputs (tensor cores take an f16
// accumulator), a bf16 sum that is no contraction, a bf16 contraction that
// is no sum of products, and dynamic shapes.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: arith.truncf
// CHECK-NOT: arith.extf
// CHECK: linalg.matmul ins(%{{.*}} : tensor<8x4xf16>, tensor<4x16xf16>) outs(%{{.*}} : tensor<8x16xf16>)
// CHECK: linalg.matmul ins(%{{.*}} : tensor<8x4xbf16>, tensor<4x16xbf16>) outs(%{{.*}} : tensor<8x16xf32>)
// CHECK: linalg.reduce
// CHECK: arith.maximumf
// CHECK: linalg.matmul ins(%{{.*}} : tensor<?x4xbf16>, tensor<4x16xbf16>) outs(%{{.*}} : tensor<?x16xbf16>)
func.func @left_alone(%h: tensor<8x4xf16>, %g: tensor<4x16xf16>, %ch: tensor<8x16xf16>,
                      %a: tensor<8x4xbf16>, %b: tensor<4x16xbf16>, %cf: tensor<8x16xf32>,
                      %r: tensor<8xbf16>, %c: tensor<8x16xbf16>, %d: tensor<?x4xbf16>,
                      %cd: tensor<?x16xbf16>)
    -> (tensor<8x16xf16>, tensor<8x16xf32>, tensor<8xbf16>, tensor<8x16xbf16>, tensor<?x16xbf16>) {
  %0 = linalg.matmul ins(%h, %g : tensor<8x4xf16>, tensor<4x16xf16>) outs(%ch : tensor<8x16xf16>) -> tensor<8x16xf16>
  %1 = linalg.matmul ins(%a, %b : tensor<8x4xbf16>, tensor<4x16xbf16>) outs(%cf : tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = linalg.reduce ins(%a : tensor<8x4xbf16>) outs(%r : tensor<8xbf16>) dimensions = [1]
    (%x: bf16, %acc: bf16) {
      %s = arith.addf %x, %acc : bf16
      linalg.yield %s : bf16
    }
  %3 = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<8x4xbf16>, tensor<4x16xbf16>) outs(%c : tensor<8x16xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %s: bf16):
    %p = arith.addf %x, %y : bf16
    %q = arith.maximumf %p, %s : bf16
    linalg.yield %q : bf16
  } -> tensor<8x16xbf16>
  %4 = linalg.matmul ins(%d, %b : tensor<?x4xbf16>, tensor<4x16xbf16>) outs(%cd : tensor<?x16xbf16>) -> tensor<?x16xbf16>
  return %0, %1, %2, %3, %4 : tensor<8x16xf16>, tensor<8x16xf32>, tensor<8xbf16>, tensor<8x16xbf16>, tensor<?x16xbf16>
}
