// RUN: roller-opt %s --split-input-file --roller-select="device=h200" | FileCheck %s --check-prefix=H200
// RUN: roller-opt %s --split-input-file --roller-select="device=a100" | FileCheck %s --check-prefix=A100

// Configs --roller-select chooses for 2-D convolutions. Axes are
// (n, f, oh, ow, c, kh, kw) for nchw_fchw and (n, oh, ow, f, kh, kw, c) for
// nhwc_hwcf; threads = spatial block / thread tiles rounded to a warp, grid =
// product over n, f, oh, ow of ceil(extent / block).

// 3x3 stride 1: the 3x3 window is kept whole (h200) or one row of it (a100).
// h200: 54 thread tiles -> 64 threads, grid 8*16*9*1 = 1152; a100: 16*18 =
// 288 threads, grid 4*2*54*1 = 432.
// H200-LABEL: func.func @conv_nchw_3x3(
// H200: roller.config = #roller.config<block = <shared, [1, 8, 6, 54, 1, 3, 3]>, thread = <register, [1, 8, 6, 1, 1, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 2, threads = 64, grid = [1152], predicted_us = {{[0-9.e+-]+}}, bottleneck = compute, max_regs = 128>
// A100-LABEL: func.func @conv_nchw_3x3(
// A100: roller.config = #roller.config<block = <shared, [2, 64, 1, 54, 1, 1, 3]>, thread = <register, [2, 4, 1, 3, 1, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 2, threads = 288, grid = [432], predicted_us = {{[0-9.e+-]+}}, bottleneck = compute, max_regs = 96>
func.func @conv_nchw_3x3(%in: tensor<8x64x56x56xf32>, %w: tensor<128x64x3x3xf32>, %out: tensor<8x128x54x54xf32>) -> tensor<8x128x54x54xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<8x64x56x56xf32>, tensor<128x64x3x3xf32>) outs(%out : tensor<8x128x54x54xf32>) -> tensor<8x128x54x54xf32>
  return %0 : tensor<8x128x54x54xf32>
}

// -----

// 1x1 stride 2: a strided GEMM; the whole batch per block, grid 1*8*28*1 = 224;
// 4*28 = 112 -> 128 threads (h200), 8*28 = 224 threads (a100).
// H200-LABEL: func.func @conv_nchw_1x1_s2(
// H200: roller.config = #roller.config<block = <shared, [8, 64, 1, 28, 16, 1, 1]>, thread = <register, [8, 16, 1, 1, 1, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 2, threads = 128, grid = [224], predicted_us = {{[0-9.e+-]+}}, bottleneck = shared, max_regs = 255>
// A100-LABEL: func.func @conv_nchw_1x1_s2(
// A100: roller.config = #roller.config<block = <shared, [8, 64, 1, 28, 4, 1, 1]>, thread = <register, [8, 8, 1, 1, 1, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 2, threads = 224, grid = [224], predicted_us = {{[0-9.e+-]+}}, bottleneck = shared, max_regs = 128>
func.func @conv_nchw_1x1_s2(%in: tensor<8x256x56x56xf32>, %w: tensor<512x256x1x1xf32>, %out: tensor<8x512x28x28xf32>) -> tensor<8x512x28x28xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %w : tensor<8x256x56x56xf32>, tensor<512x256x1x1xf32>) outs(%out : tensor<8x512x28x28xf32>) -> tensor<8x512x28x28xf32>
  return %0 : tensor<8x512x28x28xf32>
}

// -----

// 3x3 dilation 2: h200 2*8*4 = 64 threads, grid 2*8*15*1 = 240, two
// channels and the whole 3x3 window a step (16 steps: one channel and one
// window row a step, 96 steps would wait 36 us of load latency for 10 us of
// work); a100 2*3*20 = 120 -> 128 threads, grid 2*8*20*1 = 320, with a
// 28-element input padding.
// H200-LABEL: func.func @conv_nchw_dil2(
// H200: roller.config = #roller.config<block = <shared, [2, 8, 4, 60, 2, 3, 3]>, thread = <register, [2, 8, 4, 1, 1, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 2, threads = 64, grid = [240], predicted_us = {{[0-9.e+-]+}}, bottleneck = compute, max_regs = 255>
// A100-LABEL: func.func @conv_nchw_dil2(
// A100: roller.config = #roller.config<block = <shared, [2, 8, 3, 60, 1, 3, 3]>, thread = <register, [2, 4, 1, 3, 1, 1, 1]>, padding = [28, 0], vector_width = 1, stages = 2, threads = 128, grid = [320], predicted_us = {{[0-9.e+-]+}}, bottleneck = compute, max_regs = 168>
func.func @conv_nchw_dil2(%in: tensor<4x32x64x64xf32>, %w: tensor<64x32x3x3xf32>, %out: tensor<4x64x60x60xf32>) -> tensor<4x64x60x60xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<4x32x64x64xf32>, tensor<64x32x3x3xf32>) outs(%out : tensor<4x64x60x60xf32>) -> tensor<4x64x60x60xf32>
  return %0 : tensor<4x64x60x60xf32>
}

// -----

// NHWC 3x3: channels are innermost, so accesses vectorize (vector_width 4).
// h200: 8*6*4 = 192 threads, grid 8*7*1*4 = 224 (blocks of 8 whole output
// rows of one image: 62.8 us against 65.2 for 27 x 2 outputs of 8 images,
// reached by the refinement's step to a multiple); a100: 6*2*8 = 96
// threads, grid 1*9*27*4 = 972.
// H200-LABEL: func.func @conv_nhwc_hwcf(
// H200: roller.config = #roller.config<block = <shared, [1, 8, 54, 32, 1, 1, 8]>, thread = <register, [1, 1, 9, 8, 1, 1, 1]>, padding = [1, 0], vector_width = 4, stages = 2, threads = 192, grid = [224], predicted_us = {{[0-9.e+-]+}}, bottleneck = compute, max_regs = 168>
// A100-LABEL: func.func @conv_nhwc_hwcf(
// A100: roller.config = #roller.config<block = <shared, [8, 6, 2, 32, 1, 1, 8]>, thread = <register, [8, 1, 1, 4, 1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 96, grid = [972], predicted_us = {{[0-9.e+-]+}}, bottleneck = compute, max_regs = 96>
func.func @conv_nhwc_hwcf(%in: tensor<8x56x56x64xf32>, %w: tensor<3x3x64x128xf32>, %out: tensor<8x54x54x128xf32>) -> tensor<8x54x54x128xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<8x56x56x64xf32>, tensor<3x3x64x128xf32>) outs(%out : tensor<8x54x54x128xf32>) -> tensor<8x54x54x128xf32>
  return %0 : tensor<8x54x54x128xf32>
}
