// RUN: roller-opt %s --split-input-file --roller-tile="device=h200" --verify-diagnostics -o /dev/null

// A user config whose threads do not match its tiles is an error at the op.
func.func @threads(%A: tensor<256x64xf32>, %B: tensor<64x256xf32>,
                   %C: tensor<256x256xf32>) -> tensor<256x256xf32> {
  // expected-error @+1 {{roller.config has 128 threads but its block and thread tiles give 256}}
  %0 = linalg.matmul {roller.config = #roller.config<
          block = #roller.rtile<shared, [64, 64, 16]>,
          thread = #roller.rtile<register, [4, 4, 1]>, padding = [0, 0],
          vector_width = 4, stages = 2, threads = 128, grid = [16],
          predicted_us = 1.0, bottleneck = compute>}
      ins(%A, %B : tensor<256x64xf32>, tensor<64x256xf32>)
      outs(%C : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// A config that breaks the memory-transaction rule (rows of 5 floats).
func.func @transaction(%A: tensor<256x64xf32>, %B: tensor<64x256xf32>,
                       %C: tensor<256x256xf32>) -> tensor<256x256xf32> {
  // expected-error @+1 {{roller.config block tile breaks the memory-transaction rule: operand #0 reads rows of 20 bytes, neither a multiple of 32 nor its whole last dimension}}
  %0 = linalg.matmul {roller.config = #roller.config<
          block = #roller.rtile<shared, [64, 64, 5]>,
          thread = #roller.rtile<register, [4, 4, 1]>, padding = [0, 0],
          vector_width = 1, stages = 2, threads = 256, grid = [16],
          predicted_us = 1.0, bottleneck = compute>}
      ins(%A, %B : tensor<256x64xf32>, tensor<64x256xf32>)
      outs(%C : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// A config whose shared tiles exceed the device's shared memory per block.
func.func @capacity(%A: tensor<4096x4096xf32>, %B: tensor<4096x4096xf32>,
                    %C: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  // expected-error @+1 {{roller.config cannot run on device 'h200': block cannot launch}}
  %0 = linalg.matmul {roller.config = #roller.config<
          block = #roller.rtile<shared, [256, 256, 64]>,
          thread = #roller.rtile<register, [16, 16, 1]>, padding = [0, 0],
          vector_width = 4, stages = 4, threads = 256, grid = [256],
          predicted_us = 1.0, bottleneck = compute>}
      ins(%A, %B : tensor<4096x4096xf32>, tensor<4096x4096xf32>)
      outs(%C : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}

// -----

// An f16 config whose warp tile is not a whole number of MMA tiles.
func.func @mma(%A: tensor<256x256xf16>, %B: tensor<256x256xf16>,
               %C: tensor<256x256xf32>) -> tensor<256x256xf32> {
  // expected-error @+1 {{roller.config warp tile 16x12 is not a multiple of the mma shape 16x8}}
  %0 = linalg.matmul {roller.config = #roller.config<
          block = #roller.rtile<shared, [64, 48, 16]>,
          thread = #roller.rtile<register, [16, 12, 16]>, mma = [16, 8, 16],
          padding = [8, 8], vector_width = 8, stages = 2, threads = 512,
          grid = [24], predicted_us = 1.0, bottleneck = compute>}
      ins(%A, %B : tensor<256x256xf16>, tensor<256x256xf16>)
      outs(%C : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// An op on memrefs with a scalar operand gets a config but cannot become an
// rProgram (a scalar has no buffer to be read from): it stays as it is, with
// a remark.
func.func @scalar_input(%s: f32, %O: memref<64xf32>) {
  // expected-remark @+2 {{roller-select: }}
  // expected-remark @+1 {{roller-tile: left as is: operands must be statically shaped tensors or memrefs}}
  linalg.generic {indexing_maps = [affine_map<(i) -> ()>, affine_map<(i) -> (i)>],
                  iterator_types = ["parallel"]}
      ins(%s : f32) outs(%O : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.addf %x, %y : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A zero-size tensor cannot be modeled: a remark, and the op is kept.
func.func @empty(%A: tensor<0x8xf32>, %B: tensor<0x8xf32>) -> tensor<0x8xf32> {
  // expected-remark @+1 {{roller-select: not supported: zero-size dimension}}
  %0 = linalg.add ins(%A, %A : tensor<0x8xf32>, tensor<0x8xf32>)
                  outs(%B : tensor<0x8xf32>) -> tensor<0x8xf32>
  return %0 : tensor<0x8xf32>
}

// -----

// -----

// A reduction to a single value gets a parallel loop of extent 1 and is
// scheduled (roller-add-unit-parallel-loop); one of dynamic shape cannot
// be modeled: the selection says so, and the op is kept.
func.func @full_reduction(%x: tensor<?x14xf32>, %o: tensor<f32>) -> tensor<f32> {
  // expected-remark @+1 {{roller-select: not supported: dynamic shape in operand #0 (tensor<?x14xf32>)}}
  %0 = linalg.reduce ins(%x : tensor<?x14xf32>) outs(%o : tensor<f32>) dimensions = [0, 1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<f32>
}

// -----

// A user config whose reduction step (65537) exceeds the reduction (64):
// the selection keeps it (its model clips tiles to the extents), but the
// rProgram's shared tiles are not clipped and need 64 MiB, which its
// verifier rejects. The op is left as it was, with the reason (the fuzzer's
// seed 12 found the invalid rProgram this used to leave behind).
func.func @block_beyond_extent(%A: tensor<256x64xf32>, %B: tensor<64x256xf32>,
                               %C: tensor<256x256xf32>) -> tensor<256x256xf32> {
  // expected-remark @+2 {{roller-select: keeping the user's roller.config}}
  // expected-remark @+1 {{roller-tile: left as is: 'roller.rprogram' op shared-memory tiles need 67109888 bytes (2 stages) but device 'h200' allows 232448 per block}}
  %0 = linalg.matmul {roller.config = #roller.config<
          block = #roller.rtile<shared, [64, 64, 65537]>,
          thread = #roller.rtile<register, [4, 4, 1]>, padding = [0, 0],
          vector_width = 1, stages = 2, threads = 256, grid = [16],
          predicted_us = 1.0, bottleneck = compute>}
      ins(%A, %B : tensor<256x64xf32>, tensor<64x256xf32>)
      outs(%C : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
