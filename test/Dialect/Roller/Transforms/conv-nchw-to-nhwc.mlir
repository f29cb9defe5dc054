// RUN: roller-opt %s --split-input-file --roller-conv-nchw-to-nhwc | FileCheck %s

// An f16 convolution into f32 accumulating onto existing values: the input
// and the initial value transposed to NHWC, the filter to HWCF, the NHWC
// convolution with the same strides and dilations, its result transposed
// back to NCHW.
// CHECK-LABEL: func.func @onto_values
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x9x10xf16>, %[[W:.*]]: tensor<16x8x3x2xf16>, %[[C:.*]]: tensor<2x16x4x8xf32>)
// CHECK: %[[XT:.*]] = linalg.transpose ins(%[[X]] : tensor<2x8x9x10xf16>) outs(%{{.*}} : tensor<2x9x10x8xf16>) permutation = [0, 2, 3, 1]
// CHECK: %[[WT:.*]] = linalg.transpose ins(%[[W]] : tensor<16x8x3x2xf16>) outs(%{{.*}} : tensor<3x2x8x16xf16>) permutation = [2, 3, 1, 0]
// CHECK: %[[CT:.*]] = linalg.transpose ins(%[[C]] : tensor<2x16x4x8xf32>) outs(%{{.*}} : tensor<2x4x8x16xf32>) permutation = [0, 2, 3, 1]
// CHECK: %[[R:.*]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%[[XT]], %[[WT]] : tensor<2x9x10x8xf16>, tensor<3x2x8x16xf16>) outs(%[[CT]] : tensor<2x4x8x16xf32>) -> tensor<2x4x8x16xf32>
// CHECK: %[[RT:.*]] = linalg.transpose ins(%[[R]] : tensor<2x4x8x16xf32>) outs(%{{.*}} : tensor<2x16x4x8xf32>) permutation = [0, 3, 1, 2]
// CHECK-NOT: linalg.conv_2d_nchw_fchw
// CHECK: return %[[RT]]
func.func @onto_values(%x: tensor<2x8x9x10xf16>, %w: tensor<16x8x3x2xf16>, %c: tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
         ins(%x, %w : tensor<2x8x9x10xf16>, tensor<16x8x3x2xf16>) outs(%c : tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
  return %r : tensor<2x16x4x8xf32>
}

// -----

// A model's layer: a constant filter (transposed here, a constant of its
// own), a fill of the output (re-made at the NHWC shape, the old one
// erased) and an input padded over its height and width (transposed before
// the pad, which is then made over the NHWC dims so that the convolution
// still reads through it; the old pad erased). f32: any element type.
// CHECK-LABEL: func.func @layer
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x5x6xf32>)
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[XT:.*]] = linalg.transpose ins(%[[X]] : tensor<1x3x5x6xf32>) outs(%{{.*}} : tensor<1x5x6x3xf32>) permutation = [0, 2, 3, 1]
// CHECK: %[[P:.*]] = tensor.pad %[[XT]] low[0, 1, 2, 0] high[0, 1, 0, 0]
// CHECK: tensor.yield %[[Z]]
// CHECK: } : tensor<1x5x6x3xf32> to tensor<1x7x8x3xf32>
// CHECK: %[[WT:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00], [0.000000e+00, 0.000000e+00]]]]> : tensor<1x1x3x2xf32>
// CHECK-NOT: linalg.transpose ins(%{{.*}} : tensor<2x3x1x1xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x7x8x2xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]] : tensor<1x7x8x2xf32>)
// CHECK: %[[R:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[P]], %[[WT]] : tensor<1x7x8x3xf32>, tensor<1x1x3x2xf32>) outs(%[[F]] : tensor<1x7x8x2xf32>)
// CHECK: linalg.transpose ins(%[[R]] : tensor<1x7x8x2xf32>) outs(%{{.*}} : tensor<1x2x7x8xf32>) permutation = [0, 3, 1, 2]
// CHECK-NOT: tensor.pad
// CHECK-NOT: linalg.fill
func.func @layer(%x: tensor<1x3x5x6xf32>) -> tensor<1x2x7x8xf32> {
  %w = arith.constant dense<[[[[1.0]], [[2.0]], [[0.0]]], [[[3.0]], [[4.0]], [[0.0]]]]> : tensor<2x3x1x1xf32>
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 2] high[0, 0, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<1x3x5x6xf32> to tensor<1x3x7x8xf32>
  %e = tensor.empty() : tensor<1x2x7x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x2x7x8xf32>) -> tensor<1x2x7x8xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%p, %w : tensor<1x3x7x8xf32>, tensor<2x3x1x1xf32>) outs(%f : tensor<1x2x7x8xf32>) -> tensor<1x2x7x8xf32>
  return %r : tensor<1x2x7x8xf32>
}

// -----

// A pad whose value depends on the position cannot be moved across the
// transpose: the padded tensor is transposed, and the pad stays.
// CHECK-LABEL: func.func @position_dependent_pad
// CHECK: %[[P:.*]] = tensor.pad
// CHECK: linalg.transpose ins(%[[P]] : tensor<1x2x6x6xf32>) outs(%{{.*}} : tensor<1x6x6x2xf32>) permutation = [0, 2, 3, 1]
// CHECK: linalg.conv_2d_nhwc_hwcf
func.func @position_dependent_pad(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %c: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %h: index, %v: index):
    %i = arith.index_cast %h : index to i32
    %f = arith.sitofp %i : i32 to f32
    tensor.yield %f : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%p, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%c : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// Left as they are: dynamic shapes, an empty operand, a roller.config (for
// the convolution as it is), and NHWC already.
// CHECK-LABEL: func.func @left
// CHECK-COUNT-3: linalg.conv_2d_nchw_fchw
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: linalg.transpose
func.func @left(%x: tensor<?x2x6x6xf32>, %w: tensor<3x2x3x3xf32>, %c: tensor<?x3x4x4xf32>,
                %x0: tensor<0x2x6x6xf32>, %c0: tensor<0x3x4x4xf32>,
                %x1: tensor<1x2x6x6xf32>, %c1: tensor<1x3x4x4xf32>,
                %xn: tensor<1x6x6x2xf32>, %wn: tensor<3x3x2x3xf32>, %cn: tensor<1x4x4x3xf32>)
    -> (tensor<?x3x4x4xf32>, tensor<0x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x4x4x3xf32>) {
  %r = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<?x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%c : tensor<?x3x4x4xf32>) -> tensor<?x3x4x4xf32>
  %r0 = linalg.conv_2d_nchw_fchw ins(%x0, %w : tensor<0x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%c0 : tensor<0x3x4x4xf32>) -> tensor<0x3x4x4xf32>
  %r1 = linalg.conv_2d_nchw_fchw {roller.config = #roller.config<block = <shared, [1, 3, 4, 4, 2, 3, 3]>, thread = <register, [1, 1, 1, 1, 2, 3, 3]>, padding = [0, 0, 0, 0, 0, 0, 0], vector_width = 1, stages = 1, threads = 48, grid = [1], predicted_us = 1.0, bottleneck = global>}
          ins(%x1, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%c1 : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %rn = linalg.conv_2d_nhwc_hwcf ins(%xn, %wn : tensor<1x6x6x2xf32>, tensor<3x3x2x3xf32>) outs(%cn : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r, %r0, %r1, %rn : tensor<?x3x4x4xf32>, tensor<0x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x4x4x3xf32>
}
