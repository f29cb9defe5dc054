// RUN: roller-opt %s --split-input-file --roller-select="device=h200" --verify-diagnostics

// A user's roller.config that cannot run is an error at the op (from
// checkConfig in Select.cpp), and the pass fails.

// Two loop axes tiled for a three-axis matmul.
func.func @wrong_rank(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config tiles 2 loop axes but the op has 3}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128]>, thread = <register, [8, 8]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 256, grid = [64], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// One padding for a two-input op.
func.func @wrong_padding_count(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config has padding for 1 inputs but the op has 2}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 8]>, thread = <register, [8, 8, 1]>, padding = [0], vector_width = 4, stages = 2, threads = 256, grid = [64], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// 128x128 / 8x8 needs 256 threads, not 128.
func.func @threads_mismatch(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config has 128 threads but its block and thread tiles give 256}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 8]>, thread = <register, [8, 8, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 128, grid = [64], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// 128x128 / 2x4 = 2048 threads, above the 1024 a block may have.
func.func @too_many_threads(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config uses 2048 threads per block: not a multiple of the warp size (32) or above the limit (1024) of device 'h200'}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 8]>, thread = <register, [2, 4, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 2048, grid = [64], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// (128*128 + 128*128) floats * 4 stages = 512 KiB of shared memory.
func.func @smem_over_limit(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config cannot run on device 'h200': block cannot launch: 524288 bytes of shared memory exceed the 233472 a block may use}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 128]>, thread = <register, [8, 8, 1]>, padding = [0, 0], vector_width = 4, stages = 4, threads = 256, grid = [64], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// 232960 B of tiles, 1 KiB over the 227 KiB a block may use once the
// per-block reservation is added.
func.func @smem_just_over(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config cannot run on device 'h200': block cannot launch: 232960 bytes of shared memory allocate 233984 bytes, above the 233472 a block may use}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 224]>, thread = <register, [8, 8, 1]>, padding = [7, 0], vector_width = 4, stages = 1, threads = 256, grid = [64], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// Too many accumulators: a 16x16 thread tile declares 16 + 16 + 256 = 288
// registers of tiles, more than the 255 a thread may use.
func.func @too_many_registers(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config cannot run on device 'h200': block cannot launch: register tiles need 288 registers per thread, above the 255 a thread may use}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [256, 256, 16]>, thread = <register, [16, 16, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 256, grid = [16], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// h200 has no m16n16k16 MMA.
func.func @mma_not_on_device(%a: tensor<1024x1024xf16>, %b: tensor<1024x1024xf16>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config uses an mma shape device 'h200' does not support}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 32]>, thread = <register, [64, 32, 32]>, mma = [16, 16, 16], padding = [8, 8], vector_width = 4, stages = 2, threads = 256, grid = [64], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf16>, tensor<1024x1024xf16>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// A config on an op Roller cannot model (a dynamic shape).
func.func @config_on_dynamic(%a: tensor<?x64xf32>, %b: tensor<?x64xf32>, %c: tensor<?x64xf32>) -> tensor<?x64xf32> {
  // expected-error @below {{roller.config on an op Roller cannot model: dynamic shape in operand #0 (tensor<?x64xf32>)}}
  %0 = linalg.add {roller.config = #roller.config<block = <shared, [1, 64]>, thread = <register, [1, 2]>, padding = [0, 0], vector_width = 4, stages = 1, staged = false, threads = 32, grid = [64], predicted_us = 1.0, bottleneck = global>} ins(%a, %b : tensor<?x64xf32>, tensor<?x64xf32>) outs(%c : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}

// -----

// Threads sharing a reduction share every output of the block: a thread
// tile of one of the block's 4 rows is refused before its thread count.
func.func @split_thread_tile(%x: tensor<64x1024xf32>, %o: tensor<64xf32>) -> tensor<64xf32> {
  // expected-error @below {{roller.config splits the reduction over 32 threads, so its thread tile must cover the block tile on the parallel axes (axis 0: 1 of 4)}}
  %0 = linalg.reduce ins(%x : tensor<64x1024xf32>) outs(%o : tensor<64xf32>) dimensions = [1] {roller.config = #roller.config<block = <shared, [4, 1024]>, thread = <register, [1, 4]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 32, grid = [16], predicted_us = 1.0, bottleneck = global, reduce_threads = 32>}
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<64xf32>
}

// -----

// An op without a reduction has nothing to split.
func.func @split_without_reduction(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @below {{roller.config splits the reduction over 32 threads but the op has no reduction}}
  %0 = linalg.add {roller.config = #roller.config<block = <shared, [1, 64]>, thread = <register, [1, 64]>, padding = [0, 0], vector_width = 4, stages = 1, staged = false, threads = 32, grid = [64], predicted_us = 1.0, bottleneck = global, reduce_threads = 32>} ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// An argmax's index follows its maximum: its partial results do not combine
// one output at a time, so threads cannot share its reduction.
func.func @split_argmax(%x: tensor<64x1024xf32>, %m: tensor<64xf32>, %i: tensor<64xi64>) -> (tensor<64xf32>, tensor<64xi64>) {
  // expected-error @below {{roller.config splits the reduction over 32 threads but an output of the op is not reduced by one combining op with a neutral element (an argmax, say), so partial results cannot be combined}}
  %r:2 = linalg.generic {indexing_maps = [affine_map<(r, k) -> (r, k)>, affine_map<(r, k) -> (r)>, affine_map<(r, k) -> (r)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x1024xf32>) outs(%m, %i : tensor<64xf32>, tensor<64xi64>) attrs = {roller.config = #roller.config<block = <shared, [8, 1024]>, thread = <register, [8, 4]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 32, grid = [8], predicted_us = 1.0, bottleneck = global, reduce_threads = 32>} {
  ^bb0(%v: f32, %max: f32, %idx: i64):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %mx = arith.maximumf %v, %max : f32
    %gt = arith.cmpf ogt, %v, %max : f32
    %ni = arith.select %gt, %ki, %idx : i64
    linalg.yield %mx, %ni : f32, i64
  } -> (tensor<64xf32>, tensor<64xi64>)
  return %r#0, %r#1 : tensor<64xf32>, tensor<64xi64>
}

// -----

// Threads sharing a reduction are exempt from the transaction rule only for
// what they do not read along it (the 16-byte output rows of @split_user in
// select-user-config.mlir); half rows of 100 floats, read along it, break it.
func.func @split_half_rows(%x: tensor<64x100xf32>, %o: tensor<64xf32>) -> tensor<64xf32> {
  // expected-error @below {{roller.config block tile breaks the memory-transaction rule: operand #0 reads rows of 200 bytes, neither a multiple of 32 nor its whole last dimension}}
  %0 = linalg.reduce ins(%x : tensor<64x100xf32>) outs(%o : tensor<64xf32>) dimensions = [1] {roller.config = #roller.config<block = <shared, [4, 50]>, thread = <register, [4, 2]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [16], predicted_us = 1.0, bottleneck = global, reduce_threads = 32>}
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<64xf32>
}
