// RUN: roller-opt %s --split-input-file --roller-select="device=h200" | FileCheck %s --check-prefix=H200
// RUN: roller-opt %s --split-input-file --roller-select="device=a100" | FileCheck %s --check-prefix=A100
// RUN: roller-opt %s --split-input-file --roller-select="device=h200 split-reductions=0 split-across-blocks=0" | FileCheck %s --check-prefix=NOSPLIT

// Configs --roller-select chooses for reductions and elementwise ops. None of
// them reuses data, so all run in one level (global -> registers): staged =
// false, stages = 1. threads = spatial block / thread tiles rounded up to a
// warp (times reduce_threads where threads share a reduction); grid =
// product over spatial axes of ceil(extent / block). Blocks keep at least a
// warp of output points.

// Row sum over the last axis: 1024 rows of 4096 would give 1024 threads,
// one per row. The block's threads share each row instead (reduce_threads):
// each sums a contiguous chunk of 64 (h200: 4 rows x 4096 over 64 threads,
// 256 blocks: no more rows per block than leave every SM a block, ROLLER's
// small-operator rule; see small-grid.mlir) or 128 (a100: 2 rows over 32
// threads) elements in steps of 4, the partial sums combined at the end;
// the model ranks them above a thread per row. With split-reductions=0
// and split-across-blocks=0, ROLLER's thread per row, a thread summing 64
// elements per step: no tile fills the 132 SMs (a block keeps a warp of
// rows, so at most 32 blocks), so the construction goes on past the
// zero-waste tiles (32 rows per block, grid 32, 57.7 us predicted) to 48
// rows per block (two warps, grid 22, 43.3 us).
// NOSPLIT-LABEL: func.func @reduce_last(
// NOSPLIT: roller.config = #roller.config<block = <shared, [48, 64]>, thread = <register, [1, 64]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [22], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 255>}
// NOSPLIT-LABEL: func.func @
// NOSPLIT-NOT: reduce_threads
// H200-LABEL: func.func @reduce_last(
// H200: roller.config = #roller.config<block = <shared, [4, 4096]>, thread = <register, [4, 4]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 64, grid = [256], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 255, reduce_threads = 64>
// A100-LABEL: func.func @reduce_last(
// A100: roller.config = #roller.config<block = <shared, [2, 4096]>, thread = <register, [2, 4]>, padding = [0], vector_width = 2, stages = 1, staged = false, threads = 32, grid = [512], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 255, reduce_threads = 32>
func.func @reduce_last(%in: tensor<1024x4096xf32>, %init: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = linalg.reduce ins(%in : tensor<1024x4096xf32>) outs(%init : tensor<1024xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<1024xf32>
}

// -----

// Sum over the two middle axes (d1:64, d2:56 reductions; d0:32, d3:128
// spatial): a thread steps a whole 56 row; 32 outputs per block, grid 32*4 =
// 128 on a100. Every zero-waste tile leaves some of h200's 132 SMs idle, so
// its construction goes on to padded tiles: 48 outputs per block (two
// warps, grid 32*3 = 96; 37.9 us predicted against 50.5 for 32).
// H200-LABEL: func.func @reduce_middle(
// H200: roller.config = #roller.config<block = <shared, [1, 1, 56, 48]>, thread = <register, [1, 1, 56, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [96], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 255>
// A100-LABEL: func.func @reduce_middle(
// A100: roller.config = #roller.config<block = <shared, [1, 1, 56, 32]>, thread = <register, [1, 1, 56, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [128], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 255>
func.func @reduce_middle(%in: tensor<32x64x56x128xf32>, %init: tensor<32x128xf32>) -> tensor<32x128xf32> {
  %0 = linalg.reduce ins(%in : tensor<32x64x56x128xf32>) outs(%init : tensor<32x128xf32>) dimensions = [1, 2]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<32x128xf32>
}

// -----

// A row-max linalg.generic, split like reduce_last: 8 rows of 1024 over 64
// threads (h200), 1 row over 32 threads (a100).
// H200-LABEL: func.func @generic_row_max(
// H200: roller.config = #roller.config<block = <shared, [8, 1024]>, thread = <register, [8, 4]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 64, grid = [256], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 255, reduce_threads = 64>
// A100-LABEL: func.func @generic_row_max(
// A100: roller.config = #roller.config<block = <shared, [1, 1024]>, thread = <register, [1, 4]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2048], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 96, reduce_threads = 32>
#map_in = affine_map<(d0, d1) -> (d0, d1)>
#map_out = affine_map<(d0, d1) -> (d0)>
func.func @generic_row_max(%in: tensor<2048x1024xf32>, %init: tensor<2048xf32>) -> tensor<2048xf32> {
  %0 = linalg.generic {indexing_maps = [#map_in, #map_out], iterator_types = ["parallel", "reduction"]} ins(%in : tensor<2048x1024xf32>) outs(%init : tensor<2048xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %x, %acc : f32
    linalg.yield %m : f32
  } -> tensor<2048xf32>
  return %0 : tensor<2048xf32>
}

// -----

// ReLU through linalg.map. Blocks of 32 one-element threads (grid 32768)
// would be latency-bound: 32 resident a SM (the block limit), so h200's
// 249 blocks an SM take 8 rounds of 563.2 ns (4.5 us) for 1.77 us of traffic,
// a100's 304 take 10 of 704.4 ns (7.0 us) for 4.12 us. h200: 128 elements a
// block, 2 a thread (64 threads, grid 8192: 2 rounds); a100: 64 elements, 1
// a thread (grid 16384: 5 rounds, 3.5 us, under the traffic's 4.12 us).
// H200-LABEL: func.func @map_relu(
// H200: roller.config = #roller.config<block = <shared, [1, 128]>, thread = <register, [1, 2]>, padding = [0], vector_width = 2, stages = 1, staged = false, threads = 64, grid = [8192], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 32>
// A100-LABEL: func.func @map_relu(
// A100: roller.config = #roller.config<block = <shared, [1, 64]>, thread = <register, [1, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [16384], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 32>
func.func @map_relu(%in: tensor<1024x1024xf32>, %init: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.map ins(%in : tensor<1024x1024xf32>) outs(%init : tensor<1024x1024xf32>)
    (%x: f32, %o: f32) {
      %zero = arith.constant 0.0 : f32
      %r = arith.maximumf %x, %zero : f32
      linalg.yield %r : f32
    }
  return %0 : tensor<1024x1024xf32>
}

// -----

// linalg.add (two inputs, two paddings): 64 columns per block (32 would be
// latency-bound, as for the ReLU above); grid 4096*16 = 65536.
// H200-LABEL: func.func @add(
// H200: roller.config = #roller.config<block = <shared, [1, 64]>, thread = <register, [1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [65536], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 32>
// A100-LABEL: func.func @add(
// A100: roller.config = #roller.config<block = <shared, [1, 64]>, thread = <register, [1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [65536], predicted_us = {{[0-9.e+-]+}}, bottleneck = global, max_regs = 32>
func.func @add(%a: tensor<4096x1024xf32>, %b: tensor<4096x1024xf32>, %init: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %0 = linalg.add ins(%a, %b : tensor<4096x1024xf32>, tensor<4096x1024xf32>) outs(%init : tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  return %0 : tensor<4096x1024xf32>
}

// -----

// Irregular 1000x7 add: 5 whole 7-element rows per block (35 -> 64 threads;
// odd rows: no vectors); grid 200*1 = 200, at most two blocks an SM: one
// round of a block's round trip (latency-bound, 0.638 and 0.704 us: R11's round trips).
// H200-LABEL: func.func @add_1000x7(
// H200: roller.config = #roller.config<block = <shared, [5, 7]>, thread = <register, [1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [200], predicted_us = 0.5632, bottleneck = latency, max_regs = 255>
// A100-LABEL: func.func @add_1000x7(
// A100: roller.config = #roller.config<block = <shared, [5, 7]>, thread = <register, [1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [200], predicted_us = 0.7044076433121019, bottleneck = latency, max_regs = 255>
func.func @add_1000x7(%a: tensor<1000x7xf32>, %b: tensor<1000x7xf32>, %init: tensor<1000x7xf32>) -> tensor<1000x7xf32> {
  %0 = linalg.add ins(%a, %b : tensor<1000x7xf32>, tensor<1000x7xf32>) outs(%init : tensor<1000x7xf32>) -> tensor<1000x7xf32>
  return %0 : tensor<1000x7xf32>
}

// -----

// 1-D ReLU on 4097 elements: 48 per block (64 threads), a partial last
// block; grid ceil(4097/48) = 86, one block an SM: one round trip.
// H200-LABEL: func.func @relu_4097(
// H200: roller.config = #roller.config<block = <shared, [48]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [86], predicted_us = 0.5632, bottleneck = latency, max_regs = 255>
// A100-LABEL: func.func @relu_4097(
// A100: roller.config = #roller.config<block = <shared, [48]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [86], predicted_us = 0.7044076433121019, bottleneck = latency, max_regs = 255>
func.func @relu_4097(%in: tensor<4097xf32>, %init: tensor<4097xf32>) -> tensor<4097xf32> {
  %0 = linalg.map ins(%in : tensor<4097xf32>) outs(%init : tensor<4097xf32>)
    (%x: f32, %o: f32) {
      %zero = arith.constant 0.0 : f32
      %r = arith.maximumf %x, %zero : f32
      linalg.yield %r : f32
    }
  return %0 : tensor<4097xf32>
}

// -----

// An argmax (BERT's softmax max, as torch-mlir writes it): its index
// follows the maximum, so its threads cannot share the row; a thread per row.
// H200-LABEL: func.func @argmax_rows(
// H200-NOT: reduce_threads
// H200: return
// A100-LABEL: func.func @argmax_rows(
// A100-NOT: reduce_threads
// A100: return
func.func @argmax_rows(%x: tensor<1024x128xf32>, %m: tensor<1024xf32>, %i: tensor<1024xi64>) -> (tensor<1024xf32>, tensor<1024xi64>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(r, k) -> (r, k)>, affine_map<(r, k) -> (r)>, affine_map<(r, k) -> (r)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1024x128xf32>) outs(%m, %i : tensor<1024xf32>, tensor<1024xi64>) {
  ^bb0(%v: f32, %max: f32, %idx: i64):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %mx = arith.maximumf %v, %max : f32
    %gt = arith.cmpf ogt, %v, %max : f32
    %ni = arith.select %gt, %ki, %idx : i64
    linalg.yield %mx, %ni : f32, i64
  } -> (tensor<1024xf32>, tensor<1024xi64>)
  return %r#0, %r#1 : tensor<1024xf32>, tensor<1024xi64>
}
