// Input of mma-ptx.mlir: an f16 matmul the block tile does not divide, with
// a hand-written tensor-core config (boundary blocks run mma.sync on
// zero-padded shared tiles).
func.func @matmul_f16(%A: tensor<1000x1024xf16>, %B: tensor<1024x1000xf16>,
                      %C: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [64, 32, 16]>, thread = <register, [16, 8, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 2, threads = 512, grid = [512], predicted_us = 0.0, bottleneck = global>}
         ins(%A, %B : tensor<1000x1024xf16>, tensor<1024x1000xf16>)
         outs(%C : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  return %0 : tensor<1000x1000xf32>
}
