// RUN: roller-opt %s --split-input-file --roller-select="device=h200" | FileCheck %s --check-prefix=H200
// RUN: roller-opt %s --split-input-file --roller-select="device=a100" | FileCheck %s --check-prefix=A100

// Configs --roller-select chooses for depthwise convolutions and pooling.
// Axes are (n, oh, ow, c, kh, kw) for depthwise and (n, c, oh, ow, kh, kw) /
// (n, oh, ow, c, kh, kw) for nchw / nhwc pooling; threads = spatial block /
// thread tiles rounded to a warp; grid = product of ceil(extent / block).

// Depthwise NCHW 3x3: overlapping windows give reuse (staged). h200: 8*56*2 =
// 896 threads, grid 4*1*1*32 = 128; a100: 14*56 = 784 -> 800, grid 8*64 = 512.
// H200-LABEL: func.func @dw_nchw(
// H200: roller.config = #roller.config<block = <shared, [2, 56, 56, 2, 3, 3]>, thread = <register, [2, 7, 1, 1, 1, 1]>, padding = [14, 0], vector_width = 1, stages = 1, threads = 896, grid = [128], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 72>
// A100-LABEL: func.func @dw_nchw(
// A100: roller.config = #roller.config<block = <shared, [1, 56, 56, 1, 3, 3]>, thread = <register, [1, 4, 1, 1, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, threads = 800, grid = [512], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 72>
func.func @dw_nchw(%in: tensor<8x64x58x58xf32>, %w: tensor<64x3x3xf32>, %out: tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32> {
  %0 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<8x64x58x58xf32>, tensor<64x3x3xf32>) outs(%out : tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32>
  return %0 : tensor<8x64x56x56xf32>
}

// -----

// Depthwise NHWC 3x3: channels innermost vectorize (vector_width 4). h200:
// 4*28*8 = 896 threads, grid 8*1*2*8 = 128; a100: 7*14*8 = 784 -> 800, grid
// 8*2*4*8 = 512.
// H200-LABEL: func.func @dw_nhwc(
// H200: roller.config = #roller.config<block = <shared, [1, 56, 28, 8, 3, 3]>, thread = <register, [1, 14, 1, 1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 896, grid = [128], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 72>
// A100-LABEL: func.func @dw_nhwc(
// A100: roller.config = #roller.config<block = <shared, [1, 28, 14, 8, 3, 3]>, thread = <register, [1, 4, 1, 1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 800, grid = [512], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 72>
func.func @dw_nhwc(%in: tensor<8x58x58x64xf32>, %w: tensor<3x3x64xf32>, %out: tensor<8x56x56x64xf32>) -> tensor<8x56x56x64xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<8x58x58x64xf32>, tensor<3x3x64xf32>) outs(%out : tensor<8x56x56x64xf32>) -> tensor<8x56x56x64xf32>
  return %0 : tensor<8x56x56x64xf32>
}

// -----

// 2x2 stride-2 sum pooling: windows do not overlap, no reuse -> one level
// (staged = false, stages = 1), each thread sums its whole window. h200: 56 ->
// 64 threads, grid 8*64*14*1 = 7168; a100: 196 -> 224, grid 8*64*4*1 = 2048.
// H200-LABEL: func.func @pool_nchw_sum(
// H200: roller.config = #roller.config<block = <shared, [1, 1, 2, 28, 2, 2]>, thread = <register, [1, 1, 1, 1, 2, 2]>, padding = [0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [7168], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 32>
// A100-LABEL: func.func @pool_nchw_sum(
// A100: roller.config = #roller.config<block = <shared, [1, 1, 7, 28, 2, 2]>, thread = <register, [1, 1, 1, 1, 2, 2]>, padding = [0, 0], vector_width = 1, stages = 1, staged = false, threads = 224, grid = [2048], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 32>
func.func @pool_nchw_sum(%in: tensor<8x64x56x56xf32>, %win: tensor<2x2xf32>, %out: tensor<8x64x28x28xf32>) -> tensor<8x64x28x28xf32> {
  %0 = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %win : tensor<8x64x56x56xf32>, tensor<2x2xf32>) outs(%out : tensor<8x64x28x28xf32>) -> tensor<8x64x28x28xf32>
  return %0 : tensor<8x64x28x28xf32>
}

// -----

// 3x3 stride-1 max pooling: overlapping windows -> staged. Whole 56x56
// planes; h200: 14*56 = 784 -> 800 threads, grid 8*32 = 256; a100: same
// threads, grid 8*64 = 512.
// H200-LABEL: func.func @pool_nchw_max(
// H200: roller.config = #roller.config<block = <shared, [1, 2, 56, 56, 3, 3]>, thread = <register, [1, 2, 4, 1, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, threads = 800, grid = [256], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 72>
// A100-LABEL: func.func @pool_nchw_max(
// A100: roller.config = #roller.config<block = <shared, [1, 1, 56, 56, 3, 3]>, thread = <register, [1, 1, 4, 1, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, threads = 800, grid = [512], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 72>
func.func @pool_nchw_max(%in: tensor<8x64x58x58xf32>, %win: tensor<3x3xf32>, %out: tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32> {
  %0 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %win : tensor<8x64x58x58xf32>, tensor<3x3xf32>) outs(%out : tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32>
  return %0 : tensor<8x64x56x56xf32>
}

// -----

// 3x3 stride-2 NHWC max pooling (55 = 5*11): windows overlap by one row ->
// staged. h200: 11*5*8 = 440 -> 448 threads, grid 8*5*11*8 = 3520; a100
// (one buffer, as the whole 3x3 window is one reduction step, leaves room
// for whole 55-long columns; 11 whole rows predict the same time): 55*11*8
// / 8 = 605 -> 608 threads, grid 8*1*5*8 = 320.
// H200-LABEL: func.func @pool_nhwc_max(
// H200: roller.config = #roller.config<block = <shared, [1, 11, 5, 8, 3, 3]>, thread = <register, [1, 1, 1, 1, 1, 1]>, padding = [4, 0], vector_width = 1, stages = 1, threads = 448, grid = [3520], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 40>
// A100-LABEL: func.func @pool_nhwc_max(
// A100: roller.config = #roller.config<block = <shared, [1, 55, 11, 8, 3, 3]>, thread = <register, [1, 1, 1, 8, 1, 1]>, padding = [1, 0], vector_width = 1, stages = 1, threads = 608, grid = [320], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 96>
func.func @pool_nhwc_max(%in: tensor<8x112x112x64xf32>, %win: tensor<3x3xf32>, %out: tensor<8x55x55x64xf32>) -> tensor<8x55x55x64xf32> {
  %0 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %win : tensor<8x112x112x64xf32>, tensor<3x3xf32>) outs(%out : tensor<8x55x55x64xf32>) -> tensor<8x55x55x64xf32>
  return %0 : tensor<8x55x55x64xf32>
}
