// RUN: roller-opt %s --split-input-file --roller-fold-extensions-into-contractions | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>

// torch-mlir's f16 Linear with a bias: both operands extended to f32, then an
// f32 matmul. The matmul reads the f16 tensors; the extensions are gone.
// CHECK-LABEL: func.func @linear_f16
// CHECK-SAME: (%[[X:.*]]: tensor<8x64xf16>, %[[W:.*]]: tensor<64x32xf16>, %[[C:.*]]: tensor<8x32xf32>)
// CHECK-NOT: arith.extf
// CHECK: %[[R:.*]] = linalg.matmul ins(%[[X]], %[[W]] : tensor<8x64xf16>, tensor<64x32xf16>) outs(%[[C]] : tensor<8x32xf32>)
// CHECK-NEXT: return %[[R]]
func.func @linear_f16(%x: tensor<8x64xf16>, %w: tensor<64x32xf16>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %e0 = tensor.empty() : tensor<8x64xf32>
  %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x64xf16>) outs(%e0 : tensor<8x64xf32>) {
  ^bb0(%in: f16, %out: f32):
    %0 = arith.extf %in : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<8x64xf32>
  %e1 = tensor.empty() : tensor<64x32xf32>
  %wf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<64x32xf16>) outs(%e1 : tensor<64x32xf32>) {
  ^bb0(%in: f16, %out: f32):
    %0 = arith.extf %in : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<64x32xf32>
  %r = linalg.matmul ins(%xf, %wf : tensor<8x64xf32>, tensor<64x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A transposed B (user-defined maps) in bf16: the maps are kept. The
// extension of A has another user, which keeps it.
// CHECK-DAG: #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @transposed_bf16
// CHECK-SAME: (%[[X:.*]]: tensor<8x64xbf16>, %[[W:.*]]: tensor<32x64xbf16>,
// CHECK: %[[XF:.*]] = linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: %[[R:.*]] = linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]] ins(%[[X]], %[[W]] : tensor<8x64xbf16>, tensor<32x64xbf16>)
// CHECK: return %[[R]], %[[XF]]
func.func @transposed_bf16(%x: tensor<8x64xbf16>, %w: tensor<32x64xbf16>, %c: tensor<8x32xf32>) -> (tensor<8x32xf32>, tensor<8x64xf32>) {
  %e0 = tensor.empty() : tensor<8x64xf32>
  %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x64xbf16>) outs(%e0 : tensor<8x64xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %0 = arith.extf %in : bf16 to f32
    linalg.yield %0 : f32
  } -> tensor<8x64xf32>
  %e1 = tensor.empty() : tensor<32x64xf32>
  %wf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<32x64xbf16>) outs(%e1 : tensor<32x64xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %0 = arith.extf %in : bf16 to f32
    linalg.yield %0 : f32
  } -> tensor<32x64xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%xf, %wf : tensor<8x64xf32>, tensor<32x64xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %r, %xf : tensor<8x32xf32>, tensor<8x64xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// A batch matmul.
// CHECK-LABEL: func.func @batch
// CHECK-NOT: arith.extf
// CHECK: linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x8x16xf16>, tensor<2x16x4xf16>)
func.func @batch(%x: tensor<2x8x16xf16>, %w: tensor<2x16x4xf16>, %c: tensor<2x8x4xf32>) -> tensor<2x8x4xf32> {
  %e0 = tensor.empty() : tensor<2x8x16xf32>
  %xf = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x8x16xf16>) outs(%e0 : tensor<2x8x16xf32>) {
  ^bb0(%in: f16, %out: f32):
    %0 = arith.extf %in : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<2x8x16xf32>
  %e1 = tensor.empty() : tensor<2x16x4xf32>
  %wf = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%w : tensor<2x16x4xf16>) outs(%e1 : tensor<2x16x4xf32>) {
  ^bb0(%in: f16, %out: f32):
    %0 = arith.extf %in : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<2x16x4xf32>
  %r = linalg.batch_matmul ins(%xf, %wf : tensor<2x8x16xf32>, tensor<2x16x4xf32>) outs(%c : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  return %r : tensor<2x8x4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>

// Left alone: one operand not extended, extensions of two types, an
// extension that does more than extend (a scale), a transposing one.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-4: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x8xf32>, tensor<8x8xf32>)
func.func @left_alone(%h: tensor<8x8xf16>, %b: tensor<8x8xbf16>, %f: tensor<8x8xf32>, %c: tensor<8x8xf32>)
    -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %e = tensor.empty() : tensor<8x8xf32>
  %hf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<8x8xf16>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%in: f16, %out: f32):
    %0 = arith.extf %in : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  %bf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<8x8xbf16>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %0 = arith.extf %in : bf16 to f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  %hs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<8x8xf16>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%in: f16, %out: f32):
    %0 = arith.extf %in : f16 to f32
    %1 = arith.mulf %0, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<8x8xf32>
  %ht = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<8x8xf16>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%in: f16, %out: f32):
    %0 = arith.extf %in : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  %0 = linalg.matmul ins(%hf, %f : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = linalg.matmul ins(%hf, %bf : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = linalg.matmul ins(%hs, %hf : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %3 = linalg.matmul ins(%ht, %hf : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1, %2, %3 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}
