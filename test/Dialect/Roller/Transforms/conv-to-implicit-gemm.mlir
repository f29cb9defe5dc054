// RUN: roller-opt %s --split-input-file --roller-conv-to-implicit-gemm | FileCheck %s
// RUN: roller-opt %s --split-input-file --roller-attach-device=device=v100 \
// RUN:   --roller-conv-to-implicit-gemm | FileCheck %s --check-prefix=V100

// An NHWC 3x3 convolution of f16 into f32 with strides of 2 and a batch of
// 2, from a fill: a gather copy of the patches [N*OH*OW, KH*KW*C] (rows
// n, oh, ow; columns kh, kw, c) times the filter [KH*KW*C, F], the fill
// re-made at the matmul's shape, the result expanded back.
// CHECK-DAG: #[[PATCHES:.*]] = affine_map<(d0, d1) -> (d0 floordiv 12, ((d0 mod 12) floordiv 4) * 2 + d1 floordiv 72, (d0 mod 4) * 2 + (d1 mod 72) floordiv 24, d1 mod 24)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @nhwc
// CHECK: %[[E:.*]] = tensor.empty() : tensor<24x216xf16>
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[PATCHES]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x7x9x24xf16>) outs(%[[E]] : tensor<24x216xf16>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f16, %{{.*}}: f16):
// CHECK-NEXT: linalg.yield %[[IN]] : f16
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1, 2], [3]] : tensor<3x3x24x40xf16> into tensor<216x40xf16>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<24x40xf32>)
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[P]], %[[W]] : tensor<24x216xf16>, tensor<216x40xf16>) outs(%[[F]] : tensor<24x40xf32>)
// CHECK: %[[R:.*]] = tensor.expand_shape %[[M]] {{\[\[}}0, 1, 2], [3]] output_shape [2, 3, 4, 40] : tensor<24x40xf32> into tensor<2x3x4x40xf32>
// CHECK-NOT: linalg.conv
// CHECK: return %[[R]]
// V100-LABEL: func.func @nhwc
// V100: linalg.conv_2d_nhwc_hwcf
// V100-NOT: linalg.matmul
func.func @nhwc(%x: tensor<2x7x9x24xf16>, %w: tensor<3x3x24x40xf16>) -> tensor<2x3x4x40xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x4x40xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x4x40xf32>) -> tensor<2x3x4x40xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%x, %w : tensor<2x7x9x24xf16>, tensor<3x3x24x40xf16>) outs(%f : tensor<2x3x4x40xf32>) -> tensor<2x3x4x40xf32>
  return %r : tensor<2x3x4x40xf32>
}

// -----

// An NCHW one of bf16 at a batch of 1 with dilations of 2, accumulating onto
// existing values: the filter [F, C*KH*KW] times a gather copy of the
// patches [C*KH*KW, OH*OW] (rows c, kh, kw; columns oh, ow).
// CHECK-DAG: #[[PATCHES:.*]] = affine_map<(d0, d1) -> (0, d0 floordiv 6, d1 floordiv 3 + ((d0 mod 6) floordiv 3) * 2, d1 mod 3 + (d0 mod 3) * 2)>
// CHECK-LABEL: func.func @nchw
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[PATCHES]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<1x8x7x7xbf16>) outs(%{{.*}} : tensor<48x9xbf16>)
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3]] : tensor<16x8x2x3xbf16> into tensor<16x48xbf16>
// CHECK: %[[C:.*]] = tensor.collapse_shape %arg2 {{\[\[}}0, 1], [2, 3]] : tensor<1x16x3x3xf32> into tensor<16x9xf32>
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[W]], %[[P]] : tensor<16x48xbf16>, tensor<48x9xbf16>) outs(%[[C]] : tensor<16x9xf32>)
// CHECK: tensor.expand_shape %[[M]] {{\[\[}}0, 1], [2, 3]] output_shape [1, 16, 3, 3]
func.func @nchw(%x: tensor<1x8x7x7xbf16>, %w: tensor<16x8x2x3xbf16>, %c: tensor<1x16x3x3xf32>) -> tensor<1x16x3x3xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x8x7x7xbf16>, tensor<16x8x2x3xbf16>) outs(%c : tensor<1x16x3x3xf32>) -> tensor<1x16x3x3xf32>
  return %r : tensor<1x16x3x3xf32>
}

// -----

// NCHW with a batch of 2, accumulating onto existing values: the images are
// the matmul's columns after the pixels (n, oh, ow), so its result [F,
// N*OH*OW] is [F, N, OH, OW], transposed to NCHW after; the initial value is
// transposed the other way before.
// CHECK-DAG: #[[BATCHED:.*]] = affine_map<(d0, d1) -> (d1 floordiv 9, d0 floordiv 6, (d1 mod 9) floordiv 3 + (d0 mod 6) floordiv 3, d1 mod 3 + d0 mod 3)>
// CHECK-LABEL: func.func @nchw_batch2
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[BATCHED]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x2x5x5xf16>) outs(%{{.*}} : tensor<12x18xf16>)
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3]] : tensor<16x2x2x3xf16> into tensor<16x12xf16>
// CHECK: %[[T:.*]] = linalg.transpose ins(%arg2 : tensor<2x16x3x3xf32>) outs(%{{.*}} : tensor<16x2x3x3xf32>) permutation = [1, 0, 2, 3]
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[T]] {{\[\[}}0], [1, 2, 3]] : tensor<16x2x3x3xf32> into tensor<16x18xf32>
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[W]], %[[P]] : tensor<16x12xf16>, tensor<12x18xf16>) outs(%[[C]] : tensor<16x18xf32>)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[M]] {{\[\[}}0], [1, 2, 3]] output_shape [16, 2, 3, 3]
// CHECK: %[[R:.*]] = linalg.transpose ins(%[[E]] : tensor<16x2x3x3xf32>) outs(%{{.*}} : tensor<2x16x3x3xf32>) permutation = [1, 0, 2, 3]
// CHECK: return %[[R]]
func.func @nchw_batch2(%x: tensor<2x2x5x5xf16>, %w: tensor<16x2x2x3xf16>, %c: tensor<2x16x3x3xf32>) -> tensor<2x16x3x3xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
         ins(%x, %w : tensor<2x2x5x5xf16>, tensor<16x2x2x3xf16>) outs(%c : tensor<2x16x3x3xf32>) -> tensor<2x16x3x3xf32>
  return %r : tensor<2x16x3x3xf32>
}

// -----

// From a fill: the fill is re-made at the matmul's shape, nothing is
// transposed before the matmul.
// CHECK-LABEL: func.func @nchw_batch2_fill
// CHECK-NOT: linalg.transpose
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<16x18xf32>)
// CHECK: %[[M:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x12xf16>, tensor<12x18xf16>) outs(%[[F]] : tensor<16x18xf32>)
// CHECK: linalg.transpose
func.func @nchw_batch2_fill(%x: tensor<2x2x5x5xf16>, %w: tensor<16x2x2x3xf16>) -> tensor<2x16x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x3x3xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x3x3xf32>) -> tensor<2x16x3x3xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
         ins(%x, %w : tensor<2x2x5x5xf16>, tensor<16x2x2x3xf16>) outs(%c : tensor<2x16x3x3xf32>) -> tensor<2x16x3x3xf32>
  return %r : tensor<2x16x3x3xf32>
}

// -----

// Left as convolutions: f32 inputs, a dynamic batch, a depthwise one.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: linalg.matmul
// CHECK-COUNT-2: linalg.conv_2d
// CHECK: linalg.depthwise_conv_2d
// CHECK-NOT: linalg.matmul
func.func @left_alone(%xn: tensor<2x16x6x6xf16>,
                      %xf: tensor<1x6x6x16xf32>, %wf: tensor<3x3x16x8xf32>, %cf: tensor<1x4x4x8xf32>,
                      %xd: tensor<?x6x6x16xf16>, %wd: tensor<3x3x16x8xf16>, %cd: tensor<?x4x4x8xf32>,
                      %wdw: tensor<3x3x16xf16>, %cdw: tensor<1x4x4x16xf16>)
    -> (tensor<1x4x4x8xf32>, tensor<?x4x4x8xf32>, tensor<1x4x4x16xf16>) {
  %1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%xf, %wf : tensor<1x6x6x16xf32>, tensor<3x3x16x8xf32>) outs(%cf : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %3 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%xd, %wd : tensor<?x6x6x16xf16>, tensor<3x3x16x8xf16>) outs(%cd : tensor<?x4x4x8xf32>) -> tensor<?x4x4x8xf32>
  %xs = tensor.extract_slice %xn[0, 0, 0, 0] [1, 16, 6, 6] [1, 1, 1, 1] : tensor<2x16x6x6xf16> to tensor<1x16x6x6xf16>
  %xt = tensor.empty() : tensor<1x6x6x16xf16>
  %xh = linalg.transpose ins(%xs : tensor<1x16x6x6xf16>) outs(%xt : tensor<1x6x6x16xf16>) permutation = [0, 2, 3, 1]
  %4 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%xh, %wdw : tensor<1x6x6x16xf16>, tensor<3x3x16xf16>) outs(%cdw : tensor<1x4x4x16xf16>) -> tensor<1x4x4x16xf16>
  return %1, %3, %4 : tensor<1x4x4x8xf32>, tensor<?x4x4x8xf32>, tensor<1x4x4x16xf16>
}

// -----

// A padded 1x1 convolution (left by roller-pointwise-conv-to-matmul): the
// gather reads the pad, which the matmul's loads then read through.
// CHECK-LABEL: func.func @padded_pointwise
// CHECK: %[[P:.*]] = tensor.pad
// CHECK: linalg.generic {{.*}} ins(%[[P]] : tensor<1x7x7x16xf16>) outs(%{{.*}} : tensor<49x16xf16>)
// CHECK: linalg.matmul
func.func @padded_pointwise(%x: tensor<1x5x5x16xf16>, %w: tensor<1x1x16x8xf16>, %c: tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32> {
  %zero = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f16
  } : tensor<1x5x5x16xf16> to tensor<1x7x7x16xf16>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%p, %w : tensor<1x7x7x16xf16>, tensor<1x1x16x8xf16>) outs(%c : tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32>
  return %r : tensor<1x7x7x8xf32>
}

// -----

// bf16 into bf16: rewritten too (roller-widen-bf16-accumulators then sums
// the matmul in f32); not on v100, which has no bf16 mma.sync.
// CHECK-LABEL: func.func @bf16_into_bf16
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<1x6x6x16xbf16>) outs(%{{.*}} : tensor<16x144xbf16>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x144xbf16>, tensor<144x8xbf16>) outs(%{{.*}} : tensor<16x8xbf16>)
// V100-LABEL: func.func @bf16_into_bf16
// V100: linalg.conv_2d_nhwc_hwcf
func.func @bf16_into_bf16(%x: tensor<1x6x6x16xbf16>, %w: tensor<3x3x16x8xbf16>, %c: tensor<1x4x4x8xbf16>) -> tensor<1x4x4x8xbf16> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x6x6x16xbf16>, tensor<3x3x16x8xbf16>) outs(%c : tensor<1x4x4x8xbf16>) -> tensor<1x4x4x8xbf16>
  return %r : tensor<1x4x4x8xbf16>
}
