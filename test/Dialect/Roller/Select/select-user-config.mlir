// RUN: roller-opt %s --split-input-file --roller-select="device=h200" --verify-diagnostics -o /dev/null
// RUN: roller-opt %s --split-input-file --roller-select="device=h200" 2>/dev/null | FileCheck %s

// A roller.config already on an op is the user's: --roller-select checks it
// against the op and the device, keeps it unchanged (the model's prediction
// for it is only in the remark) and does not construct one.

// A valid matmul config (128x128 / 8x8 = 256 threads, grid 8*8 = 64) is kept
// verbatim, including the user's predicted_us and bottleneck.
// CHECK-LABEL: func.func @mm_user(
// CHECK: linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 8]>, thread = <register, [8, 8, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 256, grid = [64], predicted_us = 1.0, bottleneck = compute>}
func.func @mm_user(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-remark-re @below {{roller-select: keeping the user's roller.config: block [128, 128, 8] thread [8, 8, 1]: {{[0-9]+\.[0-9]+}} us shared-bound, 256 threads, 64 blocks, 16384 B smem, ~{{[0-9]+}} regs, occupancy {{[0-9.]+}}}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 8]>, thread = <register, [8, 8, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 256, grid = [64], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// A user tensor-core config (warp tile 64x32 = 8 warps = 256 threads) is kept.
// CHECK-LABEL: func.func @mm_f16_user(
// CHECK: linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 32]>, thread = <register, [64, 32, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 3, threads = 256, grid = [64], predicted_us = 2.5, bottleneck = compute>}
func.func @mm_f16_user(%a: tensor<1024x1024xf16>, %b: tensor<1024x1024xf16>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-remark-re @below {{roller-select: keeping the user's roller.config: block [128, 128, 32] thread [64, 32, 16] mma [16, 8, 16]: {{[0-9]+\.[0-9]+}} us {{[a-z]+}}-bound, 256 threads, 64 blocks, }}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 32]>, thread = <register, [64, 32, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 3, threads = 256, grid = [64], predicted_us = 2.5, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf16>, tensor<1024x1024xf16>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// An unstaged elementwise config is kept; the op next to it without one
// gets a constructed config.
// CHECK-LABEL: func.func @add_user(
// CHECK: linalg.add {roller.config = #roller.config<block = <shared, [1, 64]>, thread = <register, [1, 2]>, padding = [0, 0], vector_width = 2, stages = 1, staged = false, threads = 32, grid = [65536], predicted_us = 0.0, bottleneck = global>}
// CHECK: linalg.add {roller.config = #roller.config<block = <shared, [{{[0-9, ]+}}]>
func.func @add_user(%a: tensor<4096x1024xf32>, %b: tensor<4096x1024xf32>, %c: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  // expected-remark-re @below {{roller-select: keeping the user's roller.config: block [1, 64] thread [1, 2]: {{[0-9]+\.[0-9]+}} us global-bound, 32 threads, 65536 blocks, 0 B smem, }}
  %0 = linalg.add {roller.config = #roller.config<block = <shared, [1, 64]>, thread = <register, [1, 2]>, padding = [0, 0], vector_width = 2, stages = 1, staged = false, threads = 32, grid = [65536], predicted_us = 0.0, bottleneck = global>} ins(%a, %b : tensor<4096x1024xf32>, tensor<4096x1024xf32>) outs(%c : tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  // expected-remark-re @below {{roller-select: one-level (fused view), chose block }}
  %1 = linalg.add ins(%0, %b : tensor<4096x1024xf32>, tensor<4096x1024xf32>) outs(%c : tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  return %1 : tensor<4096x1024xf32>
}

// -----

// A user config whose 128 threads share each of the block's 4 row sums
// (reduce_threads): kept, and the remark says so (16 blocks: one round,
// bound by a block's round trip).
// CHECK-LABEL: func.func @split_user(
// CHECK: linalg.reduce {{.*}} dimensions = [1] {roller.config = #roller.config<block = <shared, [4, 1024]>, thread = <register, [4, 4]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 128, grid = [16], predicted_us = 1.0, bottleneck = global, reduce_threads = 128>}
func.func @split_user(%x: tensor<64x1024xf32>, %o: tensor<64xf32>) -> tensor<64xf32> {
  // expected-remark-re @below {{roller-select: keeping the user's roller.config: block [4, 1024] thread [4, 4] reduce over 128 threads: {{[0-9]+\.[0-9]+}} us latency-bound (1 round of resident blocks), 128 threads, 16 blocks, 2048 B smem, }}
  %0 = linalg.reduce ins(%x : tensor<64x1024xf32>) outs(%o : tensor<64xf32>) dimensions = [1] {roller.config = #roller.config<block = <shared, [4, 1024]>, thread = <register, [4, 4]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 128, grid = [16], predicted_us = 1.0, bottleneck = global, reduce_threads = 128>}
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<64xf32>
}

// -----

// A user config of one f32 a thread in 32-thread blocks: 32768 blocks, 249
// on the busiest of h200's 132 SMs, 32 resident at once (the block limit):
// 8 rounds of blocks, each a round trip, which the remark counts.
// CHECK-LABEL: func.func @relu_user_rounds(
func.func @relu_user_rounds(%in: tensor<1024x1024xf32>, %init: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-remark-re @below {{roller-select: keeping the user's roller.config: block [1, 32] thread [1, 1]: {{[0-9]+\.[0-9]+}} us latency-bound (8 rounds of resident blocks), 32 threads, 32768 blocks, 0 B smem, }}
  %0 = linalg.map ins(%in : tensor<1024x1024xf32>) outs(%init : tensor<1024x1024xf32>) {roller.config = #roller.config<block = <shared, [1, 32]>, thread = <register, [1, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [32768], predicted_us = 1.0, bottleneck = global>}
    (%x: f32, %o: f32) {
      %zero = arith.constant 0.0 : f32
      %r = arith.maximumf %x, %zero : f32
      linalg.yield %r : f32
    }
  return %0 : tensor<1024x1024xf32>
}

// -----

// A user config that takes a 32 x 32 x 4096 f32 matmul 8 of K a step: one
// block of 512 steps, each waiting for its copy (the pipeline's 2 stages
// leave one copy in flight), lives a round trip and 511 load latencies on
// h200, 0.638 + 511 x 0.375 = 192.4 us, which the remark counts.
// CHECK-LABEL: func.func @mm_user_steps(
func.func @mm_user_steps(%a: tensor<32x4096xf32>, %b: tensor<4096x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-remark-re @below {{roller-select: keeping the user's roller.config: block [32, 32, 8] thread [2, 2, 1]: {{192\.[0-9]+}} us latency-bound (1 round of resident blocks, 512 reduction steps each), 256 threads, 1 blocks, }}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [32, 32, 8]>, thread = <register, [2, 2, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 256, grid = [1], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<32x4096xf32>, tensor<4096x32xf32>) outs(%c : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}
