// Input of invalid.mlir: an f16 batch matmul with a hand-written
// tensor-core config whose warp tiles span two batches (mma.sync tiles are
// 2-D; the selection gives warps one batch).
func.func @bmm_f16(%A: tensor<4x64x64xf16>, %B: tensor<4x64x64xf16>,
                   %C: tensor<4x64x64xf32>) -> tensor<4x64x64xf32> {
  %0 = linalg.batch_matmul {roller.config = #roller.config<block = <shared, [2, 64, 32, 16]>, thread = <register, [2, 16, 8, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 2, threads = 512, grid = [4], predicted_us = 0.0, bottleneck = global>}
         ins(%A, %B : tensor<4x64x64xf16>, tensor<4x64x64xf16>)
         outs(%C : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  return %0 : tensor<4x64x64xf32>
}
