// RUN: roller-opt %s --split-input-file --roller-batch-matmul-to-matmul | FileCheck %s

// A weight broadcast over the batch (linalg.broadcast): one matmul over the
// rows of all batches, the output's fill re-made at the matmul's shape, the
// broadcast erased.
// CHECK-LABEL: func.func @linear
// CHECK-SAME: (%[[X:.*]]: tensor<4x8x16xf32>, %[[W:.*]]: tensor<16x32xf32>)
// CHECK: %[[X2:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<4x8x16xf32> into tensor<32x16xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<32x32xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<32x32xf32>)
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[X2]], %[[W]] : tensor<32x16xf32>, tensor<16x32xf32>) outs(%[[F]] : tensor<32x32xf32>)
// CHECK: %[[R:.*]] = tensor.expand_shape %[[M]] {{\[}}[0, 1], [2]] output_shape [4, 8, 32] : tensor<32x32xf32> into tensor<4x8x32xf32>
// CHECK-NOT: linalg.broadcast
// CHECK-NOT: linalg.batch_matmul
// CHECK: return %[[R]]
func.func @linear(%x: tensor<4x8x16xf32>, %w: tensor<16x32xf32>) -> tensor<4x8x32xf32> {
  %eb = tensor.empty() : tensor<4x16x32xf32>
  %wb = linalg.broadcast ins(%w : tensor<16x32xf32>) outs(%eb : tensor<4x16x32xf32>) dimensions = [0]
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  %r = linalg.batch_matmul ins(%x, %wb : tensor<4x8x16xf32>, tensor<4x16x32xf32>) outs(%c : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  return %r : tensor<4x8x32xf32>
}

// -----

// The generic form of the broadcast (torch-mlir's), with mixed precision
// (f16 operands, f32 accumulation: the named matmul's implicit body extends
// them as the batch matmul's did), and an output that is not a fill
// (collapsed as it is). A broadcast used elsewhere stays.
// CHECK-LABEL: func.func @generic_broadcast
// CHECK: %[[WB:.*]] = linalg.generic
// CHECK: %[[C2:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<6x4xf16>, tensor<4x8xf16>) outs(%[[C2]] : tensor<6x8xf32>)
// CHECK: return %{{.*}}, %[[WB]]
func.func @generic_broadcast(%x: tensor<2x3x4xf16>, %w: tensor<4x8xf16>, %c: tensor<2x3x8xf32>) -> (tensor<2x3x8xf32>, tensor<2x4x8xf16>) {
  %eb = tensor.empty() : tensor<2x4x8xf16>
  %wb = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                        iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%w : tensor<4x8xf16>) outs(%eb : tensor<2x4x8xf16>) {
  ^bb0(%in: f16, %out: f16):
    linalg.yield %in : f16
  } -> tensor<2x4x8xf16>
  %r = linalg.batch_matmul ins(%x, %wb : tensor<2x3x4xf16>, tensor<2x4x8xf16>) outs(%c : tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  return %r, %wb : tensor<2x3x8xf32>, tensor<2x4x8xf16>
}

// -----

// Batches with their own right operands, a broadcast over another dimension,
// and dynamic shapes stay batch matmuls.
// CHECK-LABEL: func.func @not_rewritten
// CHECK-COUNT-3: linalg.batch_matmul
func.func @not_rewritten(%x: tensor<4x8x16xf32>, %y: tensor<4x16x32xf32>, %v: tensor<4x32xf32>,
                         %dx: tensor<?x8x16xf32>, %dw: tensor<16x32xf32>, %c: tensor<4x8x32xf32>, %dc: tensor<?x8x32xf32>)
    -> (tensor<4x8x32xf32>, tensor<4x8x32xf32>, tensor<?x8x32xf32>) {
  %r0 = linalg.batch_matmul ins(%x, %y : tensor<4x8x16xf32>, tensor<4x16x32xf32>) outs(%c : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  %e1 = tensor.empty() : tensor<4x16x32xf32>
  %vb = linalg.broadcast ins(%v : tensor<4x32xf32>) outs(%e1 : tensor<4x16x32xf32>) dimensions = [1]
  %r1 = linalg.batch_matmul ins(%x, %vb : tensor<4x8x16xf32>, tensor<4x16x32xf32>) outs(%c : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %dx, %c0 : tensor<?x8x16xf32>
  %e2 = tensor.empty(%n) : tensor<?x16x32xf32>
  %db = linalg.broadcast ins(%dw : tensor<16x32xf32>) outs(%e2 : tensor<?x16x32xf32>) dimensions = [0]
  %r2 = linalg.batch_matmul ins(%dx, %db : tensor<?x8x16xf32>, tensor<?x16x32xf32>) outs(%dc : tensor<?x8x32xf32>) -> tensor<?x8x32xf32>
  return %r0, %r1, %r2 : tensor<4x8x32xf32>, tensor<4x8x32xf32>, tensor<?x8x32xf32>
}
