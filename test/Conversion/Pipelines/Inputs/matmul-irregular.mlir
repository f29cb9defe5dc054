// Input of chain-specialize-full-tiles.mlir: a matmul whose extents the block
// and reduction tiles do not divide. The config is pinned (block [64, 80, 8],
// the selection's choice before the latency stage charged reduction steps;
// it now takes K 16 a step) so that the test follows the pass, not the model.
func.func @matmul(%A: tensor<1000x1003xf32>, %B: tensor<1003x1000xf32>,
                  %C: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [64, 80, 8]>, thread = <register, [8, 10, 1]>, padding = [1, 0], vector_width = 1, stages = 2, threads = 64, grid = [208], predicted_us = 40.73, bottleneck = compute, max_regs = 255>}
                     ins(%A, %B : tensor<1000x1003xf32>, tensor<1003x1000xf32>)
                     outs(%C : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  return %0 : tensor<1000x1000xf32>
}
