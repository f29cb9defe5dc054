// RUN: roller-opt %s --split-input-file --roller-sink-transposes | FileCheck %s

// A convolution's NHWC result, transposed to NCHW, through a per-channel
// bias (torch-mlir's [C, 1, 1] broadcast) and a ReLU, transposed back to
// NHWC for the next convolution: the chain runs in NHWC, the bias read by
// the channel loop, and no transpose is left.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[BIAS:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, 0, 0)>
// CHECK-LABEL: func.func @chain_between_convolutions
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x5x3xf32>, %[[B:.*]]: tensor<3x1x1xf32>)
// CHECK-NOT: linalg.transpose
// CHECK: %[[ADD:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[BIAS]], #[[ID]]], {{.*}}} ins(%[[X]], %[[B]] : tensor<2x4x5x3xf32>, tensor<3x1x1xf32>) outs(%{{.*}} : tensor<2x4x5x3xf32>)
// CHECK: arith.addf
// CHECK: %[[RELU:.*]] = linalg.generic {{.*}} ins(%[[ADD]] : tensor<2x4x5x3xf32>) outs(%{{.*}} : tensor<2x4x5x3xf32>)
// CHECK: arith.maximumf
// CHECK-NOT: linalg.transpose
// CHECK: return %[[RELU]] : tensor<2x4x5x3xf32>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bias = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
func.func @chain_between_convolutions(%x: tensor<2x4x5x3xf32>, %b: tensor<3x1x1xf32>) -> tensor<2x4x5x3xf32> {
  %e = tensor.empty() : tensor<2x3x4x5xf32>
  %t = linalg.transpose ins(%x : tensor<2x4x5x3xf32>) outs(%e : tensor<2x3x4x5xf32>) permutation = [0, 3, 1, 2]
  %add = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t, %b : tensor<2x3x4x5xf32>, tensor<3x1x1xf32>) outs(%e : tensor<2x3x4x5xf32>) {
  ^bb0(%in: f32, %bi: f32, %out: f32):
    %s = arith.addf %in, %bi : f32
    linalg.yield %s : f32
  } -> tensor<2x3x4x5xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%add : tensor<2x3x4x5xf32>) outs(%e : tensor<2x3x4x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %zero = arith.constant 0.0 : f32
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x3x4x5xf32>
  %e2 = tensor.empty() : tensor<2x4x5x3xf32>
  %back = linalg.transpose ins(%relu : tensor<2x3x4x5xf32>) outs(%e2 : tensor<2x4x5x3xf32>) permutation = [0, 2, 3, 1]
  return %back : tensor<2x4x5x3xf32>
}

// -----

// A residual add of two transposed results: the add runs over their NHWC
// inputs, and one transpose of its result is left, for the return.
// CHECK-LABEL: func.func @residual_add
// CHECK-SAME: (%[[A:.*]]: tensor<2x4x5x3xf16>, %[[B:.*]]: tensor<2x4x5x3xf16>)
// CHECK: %[[ADD:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<2x4x5x3xf16>, tensor<2x4x5x3xf16>) outs(%{{.*}} : tensor<2x4x5x3xf16>)
// CHECK: %[[T:.*]] = linalg.transpose ins(%[[ADD]] : tensor<2x4x5x3xf16>) outs(%{{.*}} : tensor<2x3x4x5xf16>) permutation = [0, 3, 1, 2]
// CHECK-NOT: linalg.transpose
// CHECK: return %[[T]]
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @residual_add(%a: tensor<2x4x5x3xf16>, %b: tensor<2x4x5x3xf16>) -> tensor<2x3x4x5xf16> {
  %e = tensor.empty() : tensor<2x3x4x5xf16>
  %ta = linalg.transpose ins(%a : tensor<2x4x5x3xf16>) outs(%e : tensor<2x3x4x5xf16>) permutation = [0, 3, 1, 2]
  %tb = linalg.transpose ins(%b : tensor<2x4x5x3xf16>) outs(%e : tensor<2x3x4x5xf16>) permutation = [0, 3, 1, 2]
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%ta, %tb : tensor<2x3x4x5xf16>, tensor<2x3x4x5xf16>) outs(%e : tensor<2x3x4x5xf16>) {
  ^bb0(%x: f16, %y: f16, %out: f16):
    %s = arith.addf %x, %y : f16
    linalg.yield %s : f16
  } -> tensor<2x3x4x5xf16>
  return %add : tensor<2x3x4x5xf16>
}

// -----

// A residual add of a transposed result and the block's NCHW input, which
// a transpose to NHWC (the block's first convolution's) already reads: the
// add runs in NHWC over that transpose's result; one transpose is left
// after it (and the input's).
// CHECK-LABEL: func.func @residual_of_the_input
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4x5xf16>, %[[C:.*]]: tensor<2x4x5x3xf16>)
// CHECK: %[[XT:.*]] = linalg.transpose ins(%[[X]] : tensor<2x3x4x5xf16>) outs(%{{.*}} : tensor<2x4x5x3xf16>) permutation = [0, 2, 3, 1]
// CHECK: %[[ADD:.*]] = linalg.generic {{.*}} ins(%[[C]], %[[XT]] : tensor<2x4x5x3xf16>, tensor<2x4x5x3xf16>) outs(%{{.*}} : tensor<2x4x5x3xf16>)
// CHECK: %[[T:.*]] = linalg.transpose ins(%[[ADD]] : tensor<2x4x5x3xf16>) outs(%{{.*}} : tensor<2x3x4x5xf16>) permutation = [0, 3, 1, 2]
// CHECK-NOT: linalg.transpose
// CHECK: return %[[T]], %[[XT]]
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @residual_of_the_input(%x: tensor<2x3x4x5xf16>, %c: tensor<2x4x5x3xf16>) -> (tensor<2x3x4x5xf16>, tensor<2x4x5x3xf16>) {
  %en = tensor.empty() : tensor<2x4x5x3xf16>
  %xt = linalg.transpose ins(%x : tensor<2x3x4x5xf16>) outs(%en : tensor<2x4x5x3xf16>) permutation = [0, 2, 3, 1]
  %e = tensor.empty() : tensor<2x3x4x5xf16>
  %tc = linalg.transpose ins(%c : tensor<2x4x5x3xf16>) outs(%e : tensor<2x3x4x5xf16>) permutation = [0, 3, 1, 2]
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%tc, %x : tensor<2x3x4x5xf16>, tensor<2x3x4x5xf16>) outs(%e : tensor<2x3x4x5xf16>) {
  ^bb0(%a: f16, %b: f16, %out: f16):
    %s = arith.addf %a, %b : f16
    linalg.yield %s : f16
  } -> tensor<2x3x4x5xf16>
  return %add, %xt : tensor<2x3x4x5xf16>, tensor<2x4x5x3xf16>
}

// -----

// A max pooling of a padded transposed result (ResNet's stem): the pad is
// made over the NHWC dims, the pooling is the NHWC one (its -inf fill
// re-made at the NHWC shape), and its result is transposed; then the global
// average pool (a reduction over height and width) reads that result's
// NHWC input through a permuted map: no transpose is left.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @pad_pool_and_global_pool
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x8x3xf32>)
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: tensor<2x8x8x3xf32> to tensor<2x10x10x3xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4x4x3xf32>)
// CHECK: %[[MAX:.*]] = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%[[P]], %{{.*}} : tensor<2x10x10x3xf32>, tensor<3x3xf32>) outs(%[[F]] : tensor<2x4x4x3xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[IN]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%[[MAX]] : tensor<2x4x4x3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK-NOT: linalg.transpose
// CHECK: return %[[SUM]]
func.func @pad_pool_and_global_pool(%x: tensor<2x8x8x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3x8x8xf32>
  %t = linalg.transpose ins(%x : tensor<2x8x8x3xf32>) outs(%e : tensor<2x3x8x8xf32>) permutation = [0, 3, 1, 2]
  %ninf = arith.constant 0xFF800000 : f32
  %padded = tensor.pad %t low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %ninf : f32
  } : tensor<2x3x8x8xf32> to tensor<2x3x10x10xf32>
  %pe = tensor.empty() : tensor<2x3x4x4xf32>
  %fill = linalg.fill ins(%ninf : f32) outs(%pe : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %window = tensor.empty() : tensor<3x3xf32>
  %max = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%padded, %window : tensor<2x3x10x10xf32>, tensor<3x3xf32>) outs(%fill : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<2x3xf32>
  %sfill = linalg.fill ins(%zero : f32) outs(%se : tensor<2x3xf32>) -> tensor<2x3xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%max : tensor<2x3x4x4xf32>) outs(%sfill : tensor<2x3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %sum : tensor<2x3xf32>
}

// -----

// Transposes that compose into one that is no identity: one transpose of
// the input by the composed permutation.
// CHECK-LABEL: func.func @composed
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x5x3xf32>)
// CHECK: %[[T:.*]] = linalg.transpose ins(%[[X]] : tensor<2x4x5x3xf32>) outs(%{{.*}} : tensor<2x3x5x4xf32>) permutation = [0, 3, 2, 1]
// CHECK-NOT: linalg.transpose
// CHECK: return %[[T]]
func.func @composed(%x: tensor<2x4x5x3xf32>) -> tensor<2x3x5x4xf32> {
  %e = tensor.empty() : tensor<2x3x4x5xf32>
  %t = linalg.transpose ins(%x : tensor<2x4x5x3xf32>) outs(%e : tensor<2x3x4x5xf32>) permutation = [0, 3, 1, 2]
  %e2 = tensor.empty() : tensor<2x3x5x4xf32>
  %u = linalg.transpose ins(%t : tensor<2x3x4x5xf32>) outs(%e2 : tensor<2x3x5x4xf32>) permutation = [0, 1, 3, 2]
  return %u : tensor<2x3x5x4xf32>
}

// -----

// Left as they are: a transpose a matmul reads; one whose elementwise user
// also reads an NCHW tensor of its own that nothing transposes (it would
// read it permuted); one
// read by two elementwise ops (two transposes would replace one); a pad a
// convolution reads through (the transpose would come between them).
// CHECK-LABEL: func.func @left
// CHECK-COUNT-4: linalg.transpose
// CHECK-NOT: linalg.transpose
// CHECK: linalg.conv_2d_nchw_fchw
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @left(%m: tensor<4x8xf32>, %w: tensor<4x8xf32>, %x: tensor<2x4x5x3xf32>, %y: tensor<2x3x4x5xf32>,
                %f: tensor<3x3x3x3xf32>) -> (tensor<8x8xf32>, tensor<2x3x4x5xf32>, tensor<2x3x4x5xf32>, tensor<2x3x4x5xf32>, tensor<2x3x4x5xf32>) {
  %em = tensor.empty() : tensor<8x4xf32>
  %tm = linalg.transpose ins(%m : tensor<4x8xf32>) outs(%em : tensor<8x4xf32>) permutation = [1, 0]
  %c = tensor.empty() : tensor<8x8xf32>
  %mm = linalg.matmul ins(%tm, %w : tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e = tensor.empty() : tensor<2x3x4x5xf32>
  %t = linalg.transpose ins(%x : tensor<2x4x5x3xf32>) outs(%e : tensor<2x3x4x5xf32>) permutation = [0, 3, 1, 2]
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t, %y : tensor<2x3x4x5xf32>, tensor<2x3x4x5xf32>) outs(%e : tensor<2x3x4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3x4x5xf32>
  %t2 = linalg.transpose ins(%x : tensor<2x4x5x3xf32>) outs(%e : tensor<2x3x4x5xf32>) permutation = [0, 3, 1, 2]
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t2 : tensor<2x3x4x5xf32>) outs(%e : tensor<2x3x4x5xf32>) {
  ^bb0(%a: f32, %out: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<2x3x4x5xf32>
  %abs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t2 : tensor<2x3x4x5xf32>) outs(%e : tensor<2x3x4x5xf32>) {
  ^bb0(%a: f32, %out: f32):
    %n = math.absf %a : f32
    linalg.yield %n : f32
  } -> tensor<2x3x4x5xf32>
  %t3 = linalg.transpose ins(%x : tensor<2x4x5x3xf32>) outs(%e : tensor<2x3x4x5xf32>) permutation = [0, 3, 1, 2]
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %t3 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<2x3x4x5xf32> to tensor<2x3x6x7xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%padded, %f : tensor<2x3x6x7xf32>, tensor<3x3x3x3xf32>) outs(%e : tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32>
  return %mm, %add, %neg, %abs, %conv : tensor<8x8xf32>, tensor<2x3x4x5xf32>, tensor<2x3x4x5xf32>, tensor<2x3x4x5xf32>, tensor<2x3x4x5xf32>
}
