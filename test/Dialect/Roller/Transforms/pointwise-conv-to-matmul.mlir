// RUN: roller-opt %s --split-input-file --roller-pointwise-conv-to-matmul | FileCheck %s

// An NHWC 1x1 convolution of f16 into f32 from a fill: pixels [N*H*W, C]
// times the filter [C, F], the fill re-made at the matmul's shape, the
// result expanded back.
// CHECK-LABEL: func.func @nhwc
// CHECK: %[[X:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2], [3]] : tensor<2x7x5x24xf16> into tensor<70x24xf16>
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1, 2], [3]] : tensor<1x1x24x40xf16> into tensor<24x40xf16>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<70x40xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<70x40xf32>)
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[X]], %[[W]] : tensor<70x24xf16>, tensor<24x40xf16>) outs(%[[F]] : tensor<70x40xf32>)
// CHECK: %[[R:.*]] = tensor.expand_shape %[[M]] {{\[\[}}0, 1, 2], [3]] output_shape [2, 7, 5, 40] : tensor<70x40xf32> into tensor<2x7x5x40xf32>
// CHECK-NOT: linalg.conv
// CHECK: return %[[R]]
func.func @nhwc(%x: tensor<2x7x5x24xf16>, %w: tensor<1x1x24x40xf16>) -> tensor<2x7x5x40xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x7x5x40xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x7x5x40xf32>) -> tensor<2x7x5x40xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<2x7x5x24xf16>, tensor<1x1x24x40xf16>) outs(%f : tensor<2x7x5x40xf32>) -> tensor<2x7x5x40xf32>
  return %r : tensor<2x7x5x40xf32>
}

// -----

// An NCHW one of bf16 at a batch of 1, accumulating onto existing values:
// the filter [F, C] times the channels [C, H*W], the output collapsed.
// CHECK-LABEL: func.func @nchw
// CHECK: %[[X:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2, 3]] : tensor<1x24x7x5xbf16> into tensor<24x35xbf16>
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3]] : tensor<40x24x1x1xbf16> into tensor<40x24xbf16>
// CHECK: %[[C:.*]] = tensor.collapse_shape %arg2 {{\[\[}}0, 1], [2, 3]] : tensor<1x40x7x5xf32> into tensor<40x35xf32>
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[W]], %[[X]] : tensor<40x24xbf16>, tensor<24x35xbf16>) outs(%[[C]] : tensor<40x35xf32>)
// CHECK: tensor.expand_shape %[[M]] {{\[\[}}0, 1], [2, 3]] output_shape [1, 40, 7, 5]
func.func @nchw(%x: tensor<1x24x7x5xbf16>, %w: tensor<40x24x1x1xbf16>, %c: tensor<1x40x7x5xf32>) -> tensor<1x40x7x5xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x24x7x5xbf16>, tensor<40x24x1x1xbf16>) outs(%c : tensor<1x40x7x5xf32>) -> tensor<1x40x7x5xf32>
  return %r : tensor<1x40x7x5xf32>
}

// -----

// Left as convolutions: a stride of 2, a 3x3 filter, NCHW with a batch of
// 2, f32 inputs, and an input with more pixels than the output reads.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: linalg.matmul
// CHECK-COUNT-5: linalg.conv_2d
// CHECK-NOT: linalg.matmul
func.func @left_alone(%x: tensor<1x8x8x16xf16>, %w1: tensor<1x1x16x8xf16>, %w3: tensor<3x3x16x8xf16>,
                      %xn: tensor<2x16x4x4xf16>, %wn: tensor<8x16x1x1xf16>,
                      %xf: tensor<1x4x4x16xf32>, %wf: tensor<1x1x16x8xf32>, %big: tensor<1x9x9x16xf16>)
    -> (tensor<1x4x4x8xf32>, tensor<1x6x6x8xf32>, tensor<2x8x4x4xf32>, tensor<1x4x4x8xf32>, tensor<1x8x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x4x4x8xf32>
  %c0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%x, %w1 : tensor<1x8x8x16xf16>, tensor<1x1x16x8xf16>) outs(%c0 : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %e1 = tensor.empty() : tensor<1x6x6x8xf32>
  %c1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
  %1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w3 : tensor<1x8x8x16xf16>, tensor<3x3x16x8xf16>) outs(%c1 : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
  %e2 = tensor.empty() : tensor<2x8x4x4xf32>
  %c2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%xn, %wn : tensor<2x16x4x4xf16>, tensor<8x16x1x1xf16>) outs(%c2 : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %3 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%xf, %wf : tensor<1x4x4x16xf32>, tensor<1x1x16x8xf32>) outs(%c0 : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %e4 = tensor.empty() : tensor<1x8x8x8xf32>
  %c4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %4 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%big, %w1 : tensor<1x9x9x16xf16>, tensor<1x1x16x8xf16>) outs(%c4 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %0, %1, %2, %3, %4 : tensor<1x4x4x8xf32>, tensor<1x6x6x8xf32>, tensor<2x8x4x4xf32>, tensor<1x4x4x8xf32>, tensor<1x8x8x8xf32>
}

// -----

// A padded input stays a convolution: a collapsed pad cannot be read
// through (roller-conv-to-implicit-gemm gathers through it instead).
// CHECK-LABEL: func.func @padded_input
// CHECK: tensor.pad
// CHECK-NOT: linalg.matmul
// CHECK: linalg.conv_2d_nhwc_hwcf
func.func @padded_input(%x: tensor<1x5x5x16xf16>, %w: tensor<1x1x16x8xf16>, %c: tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32> {
  %zero = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f16
  } : tensor<1x5x5x16xf16> to tensor<1x7x7x16xf16>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%p, %w : tensor<1x7x7x16xf16>, tensor<1x1x16x8xf16>) outs(%c : tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32>
  return %r : tensor<1x7x7x8xf32>
}
