// RUN: roller-opt %s --split-input-file --roller-split-bias-init | FileCheck %s

// torch-mlir's linear layer after constant folding: the matmul starts from
// the bias broadcast. It starts from zero instead, and an add reads the bias
// through the broadcast's map; the broadcast is gone.
// CHECK-LABEL: func.func @broadcast_bias
// CHECK-NOT: linalg.broadcast
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32)
// CHECK: %[[MM:.*]] = linalg.matmul ins(%arg0, %arg1 : {{.*}}) outs(%[[FILL]] : tensor<8x16xf32>)
// CHECK: %[[ADD:.*]] = linalg.generic {indexing_maps = [#[[ID:.*]], #[[COL:.*]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[MM]], %arg2 : tensor<8x16xf32>, tensor<16xf32>)
// CHECK: arith.addf
// CHECK: return %[[ADD]]
func.func @broadcast_bias(%x: tensor<8x32xf32>, %w: tensor<32x16xf32>, %bias: tensor<16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %b = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%e : tensor<8x16xf32>) dimensions = [0]
  %mm = linalg.matmul ins(%x, %w : tensor<8x32xf32>, tensor<32x16xf32>) outs(%b : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %mm : tensor<8x16xf32>
}

// -----

// An elementwise generic that computes the initial value is read through
// its result (the elementwise fusion brings it into the add later).
// CHECK-LABEL: func.func @computed_bias
// CHECK: %[[B:.*]] = linalg.generic
// CHECK: arith.mulf
// CHECK: %[[MM:.*]] = linalg.matmul {{.*}} outs(%{{.*}} : tensor<8x16xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[MM]], %[[B]] : tensor<8x16xf32>, tensor<8x16xf32>)
// CHECK: arith.addf
func.func @computed_bias(%x: tensor<8x32xf32>, %w: tensor<32x16xf32>, %bias: tensor<16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %two = arith.constant 2.0 : f32
    %m = arith.mulf %in, %two : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<8x32xf32>, tensor<32x16xf32>) outs(%b : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %mm : tensor<8x16xf32>
}

// -----

// Left alone: the initial value has another user (it is computed anyway),
// a max-pooling starts from its values (max is not a sum), a fill is
// already done inside the kernel, and integer sums are not float sums.
// CHECK-LABEL: func.func @other_user
// CHECK: %[[B:.*]] = linalg.broadcast
// CHECK: linalg.matmul {{.*}} outs(%[[B]] :
// CHECK-NOT: arith.addf
func.func @other_user(%x: tensor<8x32xf32>, %w: tensor<32x16xf32>, %bias: tensor<16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %e = tensor.empty() : tensor<8x16xf32>
  %b = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%e : tensor<8x16xf32>) dimensions = [0]
  %mm = linalg.matmul ins(%x, %w : tensor<8x32xf32>, tensor<32x16xf32>) outs(%b : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %mm, %b : tensor<8x16xf32>, tensor<8x16xf32>
}

// CHECK-LABEL: func.func @max_pool
// CHECK: %[[B:.*]] = linalg.broadcast
// CHECK: linalg.pooling_nchw_max {{.*}} outs(%[[B]] :
func.func @max_pool(%x: tensor<1x4x8x8xf32>, %init: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %b = linalg.broadcast ins(%init : tensor<4xf32>) outs(%e : tensor<1x4x4x4xf32>) dimensions = [0, 2, 3]
  %win = tensor.empty() : tensor<2x2xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %win : tensor<1x4x8x8xf32>, tensor<2x2xf32>) outs(%b : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %p : tensor<1x4x4x4xf32>
}

// CHECK-LABEL: func.func @fill_init
// CHECK: %[[F:.*]] = linalg.fill
// CHECK-NEXT: linalg.matmul {{.*}} outs(%[[F]] :
// CHECK-NOT: linalg.generic
func.func @fill_init(%x: tensor<8x32xf32>, %w: tensor<32x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %mm : tensor<8x16xf32>
}

// CHECK-LABEL: func.func @integer
// CHECK: %[[B:.*]] = linalg.broadcast
// CHECK: linalg.matmul {{.*}} outs(%[[B]] :
func.func @integer(%x: tensor<8x32xi32>, %w: tensor<32x16xi32>, %bias: tensor<16xi32>) -> tensor<8x16xi32> {
  %e = tensor.empty() : tensor<8x16xi32>
  %b = linalg.broadcast ins(%bias : tensor<16xi32>) outs(%e : tensor<8x16xi32>) dimensions = [0]
  %mm = linalg.matmul ins(%x, %w : tensor<8x32xi32>, tensor<32x16xi32>) outs(%b : tensor<8x16xi32>) -> tensor<8x16xi32>
  return %mm : tensor<8x16xi32>
}
