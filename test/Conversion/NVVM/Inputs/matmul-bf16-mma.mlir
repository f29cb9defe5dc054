// Input of invalid.mlir: a bf16 matmul with a hand-written tensor-core
// config (the selection itself keeps bf16 on the CUDA cores).
func.func @matmul_bf16(%A: tensor<512x256xbf16>, %B: tensor<256x512xbf16>,
                       %C: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [64, 32, 16]>, thread = <register, [16, 8, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 2, threads = 512, grid = [128], predicted_us = 0.0, bottleneck = global>}
         ins(%A, %B : tensor<512x256xbf16>, tensor<256x512xbf16>)
         outs(%C : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}
