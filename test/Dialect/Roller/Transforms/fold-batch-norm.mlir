// RUN: roller-opt %s --split-input-file --roller-fold-batch-norm -verify-diagnostics | FileCheck %s

// Elementwise ops on constants are evaluated: 1 / sqrt(v) in f32, sqrt in f16.
// CHECK-LABEL: func.func @evaluate
// CHECK-DAG: %[[A:.*]] = arith.constant dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf16>
// CHECK-NOT: linalg.generic
// CHECK: return %[[A]], %[[B]]
#vec = affine_map<(d0) -> (d0)>
func.func @evaluate() -> (tensor<2xf32>, tensor<2xf16>) {
  %one = arith.constant 1.0 : f32
  %v = arith.constant dense<[4.0, 16.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %r = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%v : tensor<2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.sqrt %in : f32
    %d = arith.divf %one, %s : f32
    linalg.yield %d : f32
  } -> tensor<2xf32>
  %h = arith.constant dense<[4.0, 9.0]> : tensor<2xf16>
  %eh = tensor.empty() : tensor<2xf16>
  %s = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%h : tensor<2xf16>) outs(%eh : tensor<2xf16>) {
  ^bb0(%in: f16, %out: f16):
    %q = math.sqrt %in : f16
    linalg.yield %q : f16
  } -> tensor<2xf16>
  return %r, %s : tensor<2xf32>, tensor<2xf16>
}

// -----

// torch-mlir's BatchNorm after a conv: var + eps and rsqrt on constants, then
// sub mean, mul rsqrt, mul gamma, add beta. a = rsqrt(var) * gamma = [1, 2],
// b = beta - mean * a = [0, -5]: the weights become [1, 4], the zero fill a
// broadcast of b. ReLU is not affine: it stays and reads the conv.
// CHECK-LABEL: func.func @conv_bn
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}4.000000e+00]]]]> : tensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[0.000000e+00, -5.000000e+00]> : tensor<2xf32>
// CHECK: %[[I:.*]] = linalg.broadcast ins(%[[B]] : tensor<2xf32>) outs(%{{.*}} : tensor<1x2x2x2xf32>) dimensions = [0, 2, 3]
// CHECK: %[[Y:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %[[W]] : tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) outs(%[[I]] : tensor<1x2x2x2xf32>)
// CHECK-NEXT: %[[R:.*]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<1x2x2x2xf32>)
// CHECK: arith.cmpf ugt
// CHECK: return %[[R]]
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#vec = affine_map<(d0) -> (d0)>
func.func @conv_bn(%x: tensor<1x1x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 0.0 : f64
  %w = arith.constant dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>
  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %var = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %gamma = arith.constant dense<[2.0, 1.0]> : tensor<2xf32>
  %beta = arith.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %ev = tensor.empty() : tensor<2xf32>
  %ve = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%var : tensor<2xf32>) outs(%ev : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %s = arith.addf %in, %t : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %rs = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%ve : tensor<2xf32>) outs(%ev : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.rsqrt %in : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  %m3 = tensor.expand_shape %mean [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %r3 = tensor.expand_shape %rs [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %g3 = tensor.expand_shape %gamma [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %b3 = tensor.expand_shape %beta [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %0 = linalg.generic {indexing_maps = [#id, #chan, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%y, %m3 : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %v = arith.subf %in, %c : f32
    linalg.yield %v : f32
  } -> tensor<1x2x2x2xf32>
  %1 = linalg.generic {indexing_maps = [#id, #chan, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%0, %r3 : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %v = arith.mulf %in, %c : f32
    linalg.yield %v : f32
  } -> tensor<1x2x2x2xf32>
  %2 = linalg.generic {indexing_maps = [#id, #chan, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%1, %g3 : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %v = arith.mulf %in, %c : f32
    linalg.yield %v : f32
  } -> tensor<1x2x2x2xf32>
  %3 = linalg.generic {indexing_maps = [#id, #chan, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%2, %b3 : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %v = arith.addf %in, %c : f32
    linalg.yield %v : f32
  } -> tensor<1x2x2x2xf32>
  %4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%3 : tensor<1x2x2x2xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.cmpf ugt, %in, %zero : f32
    %v = arith.select %c, %in, %zero : f32
    linalg.yield %v : f32
  } -> tensor<1x2x2x2xf32>
  return %4 : tensor<1x2x2x2xf32>
}

// -----

// A depthwise conv reads its weights through a collapse_shape (torch-mlir's
// form); y * [3, 0.5] + 1: the weights [2, 4] become [6, 2], and the shift,
// the same for every channel, a fill.
// CHECK-LABEL: func.func @depthwise_scale
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{\[\[\[}}6.000000e+00]], {{\[\[}}2.000000e+00]]]> : tensor<2x1x1xf32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[I:.*]] = linalg.fill ins(%[[ONE]] : f32)
// CHECK: %[[Y:.*]] = linalg.depthwise_conv_2d_nchw_chw {{.*}} ins(%{{.*}}, %[[W]] : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>) outs(%[[I]] : tensor<1x2x2x2xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[Y]]
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
func.func @depthwise_scale(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %w4 = arith.constant dense<[[[[2.0]]], [[[4.0]]]]> : tensor<2x1x1x1xf32>
  %w = tensor.collapse_shape %w4 [[0, 1], [2], [3]] : tensor<2x1x1x1xf32> into tensor<2x1x1xf32>
  %s = arith.constant dense<[[[3.0]], [[0.5]]]> : tensor<2x1x1xf32>
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %y = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %0 = linalg.generic {indexing_maps = [#id, #chan, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%y, %s : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %m = arith.mulf %in, %c : f32
    %a = arith.addf %m, %one : f32
    linalg.yield %a : f32
  } -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// Linear + BatchNorm: the bias is broadcast by a generic and added (torch-mlir's
// nn.Linear), then (x - mean) * s in one body. a = s = [2, 0.5],
// b = (bias - mean) * s = [0, 1]; B's columns are scaled.
// CHECK-LABEL: func.func @matmul_bias_bn
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{\[\[}}2.000000e+00, 1.000000e+00], [6.000000e+00, 2.000000e+00], [1.000000e+01, 3.000000e+00]]> : tensor<3x2xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[0.000000e+00, 1.000000e+00]> : tensor<2xf32>
// CHECK: %[[I:.*]] = linalg.broadcast ins(%[[B]] : tensor<2xf32>) outs(%{{.*}} : tensor<4x2xf32>) dimensions = [0]
// CHECK: %[[Y:.*]] = linalg.matmul ins(%{{.*}}, %[[W]] : tensor<4x3xf32>, tensor<3x2xf32>) outs(%[[I]] : tensor<4x2xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[Y]]
#mat = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @matmul_bias_bn(%x: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %bias = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %mean = arith.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %s = arith.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %e = tensor.empty() : tensor<4x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %y = linalg.matmul ins(%x, %w : tensor<4x3xf32>, tensor<3x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
  %bb = linalg.generic {indexing_maps = [#row, #mat], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x2xf32>
  %0 = linalg.generic {indexing_maps = [#mat, #mat, #mat], iterator_types = ["parallel", "parallel"]}
      ins(%y, %bb : tensor<4x2xf32>, tensor<4x2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %v = arith.addf %in, %c : f32
    linalg.yield %v : f32
  } -> tensor<4x2xf32>
  %1 = linalg.generic {indexing_maps = [#mat, #row, #row, #mat], iterator_types = ["parallel", "parallel"]}
      ins(%0, %mean, %s : tensor<4x2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %m: f32, %c: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %v = arith.mulf %d, %c : f32
    linalg.yield %v : f32
  } -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// Weights that are not constants: nothing to scale.
// CHECK-LABEL: func.func @refuse_weights
// CHECK: linalg.matmul
// CHECK: linalg.generic
#mat = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @refuse_weights(%x: tensor<4x3xf32>, %w: tensor<3x2xf32>) -> tensor<4x2xf32> {
  %zero = arith.constant 0.0 : f32
  %s = arith.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %e = tensor.empty() : tensor<4x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  // expected-remark @+1 {{roller-fold-batch-norm: not folded: the weights are not constants}}
  %y = linalg.matmul ins(%x, %w : tensor<4x3xf32>, tensor<3x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
  %0 = linalg.generic {indexing_maps = [#mat, #row, #mat], iterator_types = ["parallel", "parallel"]}
      ins(%y, %s : tensor<4x2xf32>, tensor<2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %v = arith.mulf %in, %c : f32
    linalg.yield %v : f32
  } -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// The matmul's result is also returned: its value is needed as it is.
// CHECK-LABEL: func.func @refuse_users
// CHECK: %[[Y:.*]] = linalg.matmul ins(%{{.*}}, %[[W:.*]] : tensor<4x3xf32>, tensor<3x2xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[Y]], %{{.*}} : tensor<4x2xf32>, tensor<2xf32>)
#mat = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @refuse_users(%x: tensor<4x3xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<1.0> : tensor<3x2xf32>
  %s = arith.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %e = tensor.empty() : tensor<4x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  // expected-remark @+1 {{roller-fold-batch-norm: not folded: the result has users other than the epilogue}}
  %y = linalg.matmul ins(%x, %w : tensor<4x3xf32>, tensor<3x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
  %0 = linalg.generic {indexing_maps = [#mat, #row, #mat], iterator_types = ["parallel", "parallel"]}
      ins(%y, %s : tensor<4x2xf32>, tensor<2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %v = arith.mulf %in, %c : f32
    linalg.yield %v : f32
  } -> tensor<4x2xf32>
  return %0, %y : tensor<4x2xf32>, tensor<4x2xf32>
}

// -----

// A dynamic batch: left as it is.
// CHECK-LABEL: func.func @refuse_dynamic
// CHECK: linalg.matmul
// CHECK: linalg.generic
#mat = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @refuse_dynamic(%x: tensor<?x3xf32>, %f: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %w = arith.constant dense<1.0> : tensor<3x2xf32>
  %s = arith.constant dense<[2.0, 0.5]> : tensor<2xf32>
  // expected-remark @+1 {{roller-fold-batch-norm: not folded: the result has a dynamic shape}}
  %y = linalg.matmul ins(%x, %w : tensor<?x3xf32>, tensor<3x2xf32>) outs(%f : tensor<?x2xf32>) -> tensor<?x2xf32>
  %0 = linalg.generic {indexing_maps = [#mat, #row, #mat], iterator_types = ["parallel", "parallel"]}
      ins(%y, %s : tensor<?x2xf32>, tensor<2xf32>) outs(%f : tensor<?x2xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %v = arith.mulf %in, %c : f32
    linalg.yield %v : f32
  } -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// The first op is not affine (a clamp at a constant per channel).
// CHECK-LABEL: func.func @refuse_not_affine
// CHECK: linalg.matmul
// CHECK: arith.maximumf
#mat = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @refuse_not_affine(%x: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<1.0> : tensor<3x2xf32>
  %s = arith.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %e = tensor.empty() : tensor<4x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  // expected-remark @+1 {{roller-fold-batch-norm: not folded: no affine epilogue per output channel: linalg.generic is not affine in the result (arith.maximumf)}}
  %y = linalg.matmul ins(%x, %w : tensor<4x3xf32>, tensor<3x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
  %0 = linalg.generic {indexing_maps = [#mat, #row, #mat], iterator_types = ["parallel", "parallel"]}
      ins(%y, %s : tensor<4x2xf32>, tensor<2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %v = arith.maximumf %in, %c : f32
    linalg.yield %v : f32
  } -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// Integers: neither evaluated nor folded, and no remark (not a candidate).
// CHECK-LABEL: func.func @integers
// CHECK: linalg.generic
// CHECK: linalg.matmul
// CHECK: linalg.generic
#mat = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @integers(%x: tensor<4x3xi32>) -> (tensor<2xi32>, tensor<4x2xi32>) {
  %zero = arith.constant 0 : i32
  %w = arith.constant dense<1> : tensor<3x2xi32>
  %s = arith.constant dense<[2, 5]> : tensor<2xi32>
  %e2 = tensor.empty() : tensor<2xi32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%s : tensor<2xi32>) outs(%e2 : tensor<2xi32>) {
  ^bb0(%in: i32, %out: i32):
    %v = arith.addi %in, %in : i32
    linalg.yield %v : i32
  } -> tensor<2xi32>
  %e = tensor.empty() : tensor<4x2xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<4x2xi32>) -> tensor<4x2xi32>
  %y = linalg.matmul ins(%x, %w : tensor<4x3xi32>, tensor<3x2xi32>) outs(%f : tensor<4x2xi32>) -> tensor<4x2xi32>
  %0 = linalg.generic {indexing_maps = [#mat, #row, #mat], iterator_types = ["parallel", "parallel"]}
      ins(%y, %s : tensor<4x2xi32>, tensor<2xi32>) outs(%e : tensor<4x2xi32>) {
  ^bb0(%in: i32, %c: i32, %out: i32):
    %v = arith.muli %in, %c : i32
    linalg.yield %v : i32
  } -> tensor<4x2xi32>
  return %n, %0 : tensor<2xi32>, tensor<4x2xi32>
}

// -----

// Dividing by a zero channel would make a non-finite scale: left as it is.
// CHECK-LABEL: func.func @refuse_non_finite
// CHECK: linalg.matmul
// CHECK: arith.divf
#mat = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @refuse_non_finite(%x: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<2.0> : tensor<3x2xf32>
  %s = arith.constant dense<[0.0, 0.5]> : tensor<2xf32>
  %e = tensor.empty() : tensor<4x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  // expected-remark @+1 {{roller-fold-batch-norm: not folded: a coefficient is not finite}}
  %y = linalg.matmul ins(%x, %w : tensor<4x3xf32>, tensor<3x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
  %0 = linalg.generic {indexing_maps = [#mat, #row, #mat], iterator_types = ["parallel", "parallel"]}
      ins(%y, %s : tensor<4x2xf32>, tensor<2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %v = arith.divf %in, %c : f32
    linalg.yield %v : f32
  } -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// Empty weights: nothing to read, nothing folded; an empty constant computed
// elementwise is left too.
// CHECK-LABEL: func.func @empty_tensors
// CHECK: linalg.matmul
// CHECK: arith.mulf
// CHECK: math.sqrt
#mat = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @empty_tensors(%x: tensor<4x0xf32>) -> (tensor<4x2xf32>, tensor<0xf32>) {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<> : tensor<0x2xf32>
  %s = arith.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %e = tensor.empty() : tensor<4x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  // expected-remark @+1 {{roller-fold-batch-norm: not folded: the weights are not constants (non-empty}}
  %y = linalg.matmul ins(%x, %w : tensor<4x0xf32>, tensor<0x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
  %0 = linalg.generic {indexing_maps = [#mat, #row, #mat], iterator_types = ["parallel", "parallel"]}
      ins(%y, %s : tensor<4x2xf32>, tensor<2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %v = arith.mulf %in, %c : f32
    linalg.yield %v : f32
  } -> tensor<4x2xf32>
  %a = arith.constant dense<> : tensor<0xf32>
  %e0 = tensor.empty() : tensor<0xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<0xf32>) outs(%e0 : tensor<0xf32>) {
  ^bb0(%in: f32, %out: f32):
    %q = math.sqrt %in : f32
    linalg.yield %q : f32
  } -> tensor<0xf32>
  return %0, %r : tensor<4x2xf32>, tensor<0xf32>
}

// -----

// 2^62 output channels (the weights a valid splat): the fold would hold a
// scale and a shift per channel, and asked for vectors that size ("SmallVector
// unable to grow", fuzzer, issue 19). Not folded.
// CHECK-LABEL: func.func @refuse_huge_channels
// CHECK: linalg.matmul
// CHECK: linalg.generic
#mat = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @refuse_huge_channels(%x: tensor<4x3xf32>) -> tensor<4x4611686018427387904xf32> {
  %zero = arith.constant 0.0 : f32
  %s = arith.constant dense<2.0> : tensor<4611686018427387904xf32>
  %w = arith.constant dense<1.0> : tensor<3x4611686018427387904xf32>
  %e = tensor.empty() : tensor<4x4611686018427387904xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4611686018427387904xf32>) -> tensor<4x4611686018427387904xf32>
  // expected-remark @+1 {{roller-fold-batch-norm: not folded: more than 1048576 output channels (the fold holds constants per channel)}}
  %y = linalg.matmul ins(%x, %w : tensor<4x3xf32>, tensor<3x4611686018427387904xf32>) outs(%f : tensor<4x4611686018427387904xf32>) -> tensor<4x4611686018427387904xf32>
  %0 = linalg.generic {indexing_maps = [#mat, #row, #mat], iterator_types = ["parallel", "parallel"]}
      ins(%y, %s : tensor<4x4611686018427387904xf32>, tensor<4611686018427387904xf32>) outs(%e : tensor<4x4611686018427387904xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %v = arith.mulf %in, %c : f32
    linalg.yield %v : f32
  } -> tensor<4x4611686018427387904xf32>
  return %0 : tensor<4x4611686018427387904xf32>
}
