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
