// A matmul whose user config stages 64 KiB of tiles (128x64 and 64x128 f32
// per reduction step): more than a block's 48 KiB of static shared memory.
func.func @matmul(%A: tensor<256x256xf32>, %B: tensor<256x256xf32>,
                  %C: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.matmul {roller.config = #roller.config<
          block = #roller.rtile<shared, [128, 128, 64]>,
          thread = #roller.rtile<register, [8, 8, 1]>, padding = [0, 0],
          vector_width = 4, stages = 2, threads = 256, grid = [4],
          predicted_us = 1.0, bottleneck = compute>}
      ins(%A, %B : tensor<256x256xf32>, tensor<256x256xf32>)
      outs(%C : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
