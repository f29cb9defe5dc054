// RUN: roller-opt %s --split-input-file --roller-select="device=h200" | FileCheck %s --check-prefix=H200
// RUN: roller-opt %s --split-input-file --roller-select="device=a100" | FileCheck %s --check-prefix=A100

// Configs --roller-select chooses for matmul-like ops on h200 and a100.
// Per case: threads = ceil(spatial block / thread tiles, to a warp) (warps x
// 32 with an mma), each thread tile divides its block tile, and the 1-D grid
// is the product over spatial axes of ceil(extent / block); block_group
// (printed above 1) is the launch order's band of rows whose first wave
// reads the fewest distinct tiles (docs/model.md, "Block order").

// Square f32: 64x32 tiles of 8x4 -> 8*8 = 64 threads; grid 16*32 = 512.
// H200-LABEL: func.func @mm_1024(
// H200: roller.config = #roller.config<block = <shared, [64, 32, 8]>, thread = <register, [8, 4, 1]>, padding = [1, 0], vector_width = 4, stages = 2, threads = 64, grid = [512], predicted_us = {{[0-9.e+-]+}}, bottleneck = shared, max_regs = 255>
// A100-LABEL: func.func @mm_1024(
// A100: roller.config = #roller.config<block = <shared, [64, 32, 8]>, thread = <register, [8, 4, 1]>, padding = [1, 0], vector_width = 4, stages = 2, threads = 64, grid = [512], predicted_us = {{[0-9.e+-]+}}, bottleneck = compute, max_regs = 168>
func.func @mm_1024(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// 1000 = 2^3 * 5^3: tiles divide it exactly (no partial tiles, no padding).
// h200: 40x200 / 10x5 -> 4*40 = 160 threads; grid 25*5 = 125, one round of
// blocks taking K 40 a step: 8 a step, 125 steps would wait 0.64 + 124 x
// 0.375 = 47.2 us of load latency, above the 37.9 us of shared traffic.
// a100: 40x40 / 5x5 -> 64 threads; grid 25*25 = 625.
// H200-LABEL: func.func @mm_1000(
// H200: roller.config = #roller.config<block = <shared, [40, 200, 40]>, thread = <register, [10, 5, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 160, grid = [125], predicted_us = {{[0-9.e+-]+}}, bottleneck = shared, max_regs = 255>
// A100-LABEL: func.func @mm_1000(
// A100: roller.config = #roller.config<block = <shared, [40, 40, 8]>, thread = <register, [5, 5, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [625], predicted_us = {{[0-9.e+-]+}}, bottleneck = compute, max_regs = 168>
func.func @mm_1000(%a: tensor<1000x1000xf32>, %b: tensor<1000x1000xf32>, %c: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  return %0 : tensor<1000x1000xf32>
}

// -----

// Irregular 4097x33x129: N and K are taken whole (no vectors: vector_width 1);
// 44 (h200) / 132 (a100) thread tiles round up to 64 / 160 threads; grid is
// ceil(4097/16) = 257 / ceil(4097/48) = 86 (a partial last tile).
// H200-LABEL: func.func @mm_irregular(
// H200: roller.config = #roller.config<block = <shared, [16, 33, 129]>, thread = <register, [4, 3, 1]>, padding = [0, 0], vector_width = 1, stages = 1, threads = 64, grid = [257], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 255>
// A100-LABEL: func.func @mm_irregular(
// A100: roller.config = #roller.config<block = <shared, [48, 33, 129]>, thread = <register, [4, 3, 1]>, padding = [0, 0], vector_width = 1, stages = 1, threads = 160, grid = [86], predicted_us = {{[0-9.e+-]+}}, bottleneck = compute, max_regs = 255>
func.func @mm_irregular(%a: tensor<4097x129xf32>, %b: tensor<129x33xf32>, %c: tensor<4097x33xf32>) -> tensor<4097x33xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4097x129xf32>, tensor<129x33xf32>) outs(%c : tensor<4097x33xf32>) -> tensor<4097x33xf32>
  return %0 : tensor<4097x33xf32>
}

// -----

// M = 1 (a GEMV as a matmul): one output per thread would give 4096 threads
// (32 blocks of 128, below the SM count); the 32 threads of a block share 8
// columns instead, each summing a contiguous chunk of 128 of the 4096
// products (reduce_threads): 512 blocks. On a100 those 512 blocks are less
// than a full wave (many 32-thread blocks fit an SM) and the busiest of the
// 108 SMs runs 5 of them (39.06 us); split into 32 slices, 2048 blocks of
// 64 columns of one slice spread evenly (33.75 us, global-bound) and a
// combine of 0.70 us: 34.45 us.
// H200-LABEL: func.func @mm_m1(
// H200: roller.config = #roller.config<block = <shared, [1, 8, 4096]>, thread = <register, [1, 8, 4]>, padding = [0, 0], vector_width = 4, stages = 1, staged = false, threads = 32, grid = [512], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 255, reduce_threads = 32>
// A100-LABEL: func.func @mm_m1(
// A100: roller.config = #roller.config<block = <shared, [1, 1, 64, 8]>, thread = <register, [1, 1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [2048], predicted_us = 33.74{{[0-9]*}}, bottleneck = global, max_regs = 48>
// A100: roller.config = #roller.config<block = <shared, [32, 1, 8]>, thread = <register, [1, 1, 8]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 32, grid = [512], predicted_us = 0.70{{[0-9]*}}, bottleneck = latency, max_regs = {{[0-9]+}}, reduce_threads = 32>
func.func @mm_m1(%a: tensor<1x4096xf32>, %b: tensor<4096x4096xf32>, %c: tensor<1x4096xf32>) -> tensor<1x4096xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<1x4096xf32>, tensor<4096x4096xf32>) outs(%c : tensor<1x4096xf32>) -> tensor<1x4096xf32>
  return %0 : tensor<1x4096xf32>
}

// -----

// K = 7: the reduction is one whole step of 7 (unaligned rows: vector_width 1).
// h200: a grid of at most 132 blocks is one round of blocks, bound by its
// round trip (0.638 us) whatever the tile; of those, one with the least
// traffic: 32x64 / 4x4 -> 128 threads, grid 16*8 = 128. a100: 32x16 / 2x1
// -> 256 threads, grid 16*32 = 512 (0.90 us of traffic): with 1x1 thread
// tiles (512 threads) only 4 blocks fit an SM and its 5 take two rounds of
// 704.4 ns (1.41 us).
// H200-LABEL: func.func @mm_k7(
// H200: roller.config = #roller.config<block = <shared, [32, 64, 7]>, thread = <register, [4, 4, 1]>, padding = [0, 0], vector_width = 1, stages = 1, threads = 128, grid = [128], predicted_us = 0.5632, bottleneck = latency, max_regs = 255>
// A100-LABEL: func.func @mm_k7(
// A100: roller.config = #roller.config<block = <shared, [32, 16, 7]>, thread = <register, [2, 1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, threads = 256, grid = [512], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 48>
func.func @mm_k7(%a: tensor<512x7xf32>, %b: tensor<7x512xf32>, %c: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<512x7xf32>, tensor<7x512xf32>) outs(%c : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}

// -----

// B transposed through indexing_maps: both operands are K-contiguous, so both
// get a bank padding (padding = [1, 1]); grid 16*64 = 1024.
// H200-LABEL: func.func @mm_transpose_b(
// H200: roller.config = #roller.config<block = <shared, [64, 32, 8]>, thread = <register, [8, 4, 1]>, padding = [1, 1], vector_width = 4, stages = 2, threads = 64, grid = [1024], predicted_us = {{[0-9.e+-]+}}, bottleneck = shared, max_regs = 128>
// A100-LABEL: func.func @mm_transpose_b(
// A100: roller.config = #roller.config<block = <shared, [64, 32, 8]>, thread = <register, [8, 4, 1]>, padding = [1, 1], vector_width = 4, stages = 2, threads = 64, grid = [1024], predicted_us = {{[0-9.e+-]+}}, bottleneck = compute, max_regs = 96>
func.func @mm_transpose_b(%a: tensor<1024x512xf32>, %b: tensor<2048x512xf32>, %c: tensor<1024x2048xf32>) -> tensor<1024x2048xf32> {
  %0 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<1024x512xf32>, tensor<2048x512xf32>) outs(%c : tensor<1024x2048xf32>) -> tensor<1024x2048xf32>
  return %0 : tensor<1024x2048xf32>
}

// -----

// Batch matmul: one batch per block. h200: 64x96 blocks of 8x12 thread
// tiles, 8*8 = 64 threads, grid 16*8*4 = 512 (the refinement's step from 48
// columns to the next multiple, 96: 24.8 us against 29.0); a100: 64x48
// blocks, 16*8 = 128 threads, grid 16*8*8 = 1024.
// H200-LABEL: func.func @batch_mm(
// H200: roller.config = #roller.config<block = <shared, [1, 64, 96, 8]>, thread = <register, [1, 8, 12, 1]>, padding = [1, 0], vector_width = 4, stages = 2, threads = 64, grid = [512], predicted_us = {{[0-9.e+-]+}}, bottleneck = compute, max_regs = 255>
// A100-LABEL: func.func @batch_mm(
// A100: roller.config = #roller.config<block = <shared, [1, 64, 48, 8]>, thread = <register, [1, 4, 6, 1]>, padding = [1, 0], vector_width = 4, stages = 2, threads = 128, grid = [1024], predicted_us = {{[0-9.e+-]+}}, bottleneck = compute, max_regs = 80, block_group = 2>
func.func @batch_mm(%a: tensor<16x512x256xf32>, %b: tensor<16x256x384xf32>, %c: tensor<16x512x384xf32>) -> tensor<16x512x384xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<16x512x256xf32>, tensor<16x256x384xf32>) outs(%c : tensor<16x512x384xf32>) -> tensor<16x512x384xf32>
  return %0 : tensor<16x512x384xf32>
}

// -----

// Matvec: split like mm_m1, 8 rows per block over 32 threads (512 blocks).
// H200-LABEL: func.func @matvec(
// H200: roller.config = #roller.config<block = <shared, [8, 2048]>, thread = <register, [8, 4]>, padding = [0, 0], vector_width = 4, stages = 1, staged = false, threads = 32, grid = [512], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 255, reduce_threads = 32>
// A100-LABEL: func.func @matvec(
// A100: roller.config = #roller.config<block = <shared, [8, 2048]>, thread = <register, [8, 4]>, padding = [0, 0], vector_width = 4, stages = 1, staged = false, threads = 32, grid = [512], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 255, reduce_threads = 32>
func.func @matvec(%a: tensor<4096x2048xf32>, %x: tensor<2048xf32>, %y: tensor<4096xf32>) -> tensor<4096xf32> {
  %0 = linalg.matvec ins(%a, %x : tensor<4096x2048xf32>, tensor<2048xf32>) outs(%y : tensor<4096xf32>) -> tensor<4096xf32>
  return %0 : tensor<4096xf32>
}

// -----

// f16 x f16 -> f32 uses the tensor cores (mma m16n8k16); the thread tile is a
// warp tile: 256x128 / 64x64 = 8 warps = 256 threads with k-steps of 128
// (h200: equal predicted times go to fewer steps), 128x128 / 64x32 = 8
// warps = 256 threads with k-steps of 128 (a100); padding of 8 halves
// (16 B); grid 8*16 = 128 / 16*16 = 256.
// H200-LABEL: func.func @mm_f16(
// H200: roller.config = #roller.config<block = <shared, [256, 128, 128]>, thread = <register, [64, 64, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 2, threads = 256, grid = [128], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 255>
// A100-LABEL: func.func @mm_f16(
// A100: roller.config = #roller.config<block = <shared, [128, 128, 128]>, thread = <register, [64, 32, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 2, threads = 256, grid = [256], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 255, block_group = 8>
func.func @mm_f16(%a: tensor<2048x2048xf16>, %b: tensor<2048x2048xf16>, %c: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<2048x2048xf16>, tensor<2048x2048xf16>) outs(%c : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %0 : tensor<2048x2048xf32>
}

// -----

// Small operator: 128x128 tiles would give 4 blocks; the small-operator
// shrink brings h200 to 16x16 tiles, grid 256 >= 132 SMs, K 64 a step (8
// a step, 512 steps would wait 192 us of load latency, against 33.1 us of
// shared traffic; 64 steps wait 24.3 us). That is still less than a full
// wave (several blocks resident per SM), so the reduction is split across
// blocks: 8 slices, 12.41 us for the partial results in 256 blocks of 64 x
// 32 outputs of one slice, 16 a step, and 0.56 to combine them, against
// 33.10 us in one kernel. On a100 the grid stays below 108 SMs and the
// reduction is split too: see small-grid.mlir and
// select-split-across-blocks.mlir.
// H200-LABEL: func.func @mm_small(
// H200: roller.config = #roller.config<block = <shared, [1, 64, 32, 16]>, thread = <register, [1, 8, 4, 1]>, padding = [1, 0], vector_width = 4, stages = 2, threads = 64, grid = [256], predicted_us = 12.41{{[0-9]*}}, bottleneck = shared, max_regs = 255>
// H200: roller.config = #roller.config<block = <shared, [8, 1, 32]>, thread = <register, [8, 1, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2048], predicted_us = 0.5632{{[0-9]*}}, bottleneck = latency, max_regs = 128>
// A100-LABEL: func.func @mm_small(
func.func @mm_small(%a: tensor<256x4096xf32>, %b: tensor<4096x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<256x4096xf32>, tensor<4096x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
