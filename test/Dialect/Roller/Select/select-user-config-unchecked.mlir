// RUN: roller-opt %s --split-input-file --roller-select="device=h200" --verify-diagnostics

// checkConfig rejects user configs that cannot run as written: a grid that
// does not cover the block tiles, an MMA shape for another input type, a
// register cap above the device limit.

// grid = [7] for 1024x1024 in 128x128 tiles (8*8 = 64 blocks): the launch
// would not cover the output.
func.func @wrong_grid(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config launches 7 blocks but its block tile needs 64}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 8]>, thread = <register, [8, 8, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 256, grid = [7], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// An f16 m16n8k16 MMA on an f32 matmul: the device's MMA shapes are matched
// by input type too (f32 would need tf32 m16n8k8).
func.func @mma_wrong_input_type(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config uses an mma shape device 'h200' does not support}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 32]>, thread = <register, [64, 32, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 2, threads = 256, grid = [64], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// m8n8k4 on f16 inputs: h200's only m8n8k4 is the f64 one.
func.func @mma_f64_shape_on_f16(%a: tensor<1024x1024xf16>, %b: tensor<1024x1024xf16>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config uses an mma shape device 'h200' does not support}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 32]>, thread = <register, [64, 32, 16]>, mma = [8, 8, 4], padding = [8, 8], vector_width = 4, stages = 2, threads = 256, grid = [64], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf16>, tensor<1024x1024xf16>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// A 40-row warp tile is not a multiple of the MMA's m = 16.
func.func @warp_tile_not_mma_multiple(%a: tensor<1024x1024xf16>, %b: tensor<1024x1024xf16>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [120, 128, 32]>, thread = <register, [40, 32, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 2, threads = 384, grid = [72], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf16>, tensor<1024x1024xf16>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// max_regs above the 255 registers an h200 thread may use: no .maxnreg
// ptxas could honour.
func.func @max_regs_too_high(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-error @below {{roller.config max_regs 300 is above the 255 registers a thread of device 'h200' may use}}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 8]>, thread = <register, [8, 8, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 256, grid = [64], predicted_us = 1.0, bottleneck = compute, max_regs = 300>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
