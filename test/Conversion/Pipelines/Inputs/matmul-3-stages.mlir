// Input of pipeline-staging.mlir: the 1024x1024 f32 matmul with the
// model's tiles and a hand-written stage count of 3.
func.func @matmul(%A: tensor<1024x1024xf32>, %B: tensor<1024x1024xf32>,
                  %C: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [64, 32, 8]>, thread = <register, [8, 4, 1]>, padding = [1, 0], vector_width = 4, stages = 3, threads = 64, grid = [512], predicted_us = 0.0, bottleneck = shared>}
         ins(%A, %B : tensor<1024x1024xf32>, tensor<1024x1024xf32>)
         outs(%C : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
