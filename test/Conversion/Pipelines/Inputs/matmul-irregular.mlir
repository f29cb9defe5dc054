// Input of specialize-full-tiles.mlir: a matmul whose extents the block and
// reduction tiles do not divide.
func.func @matmul(%A: tensor<1000x1003xf32>, %B: tensor<1003x1000xf32>,
                  %C: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<1000x1003xf32>, tensor<1003x1000xf32>)
                     outs(%C : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  return %0 : tensor<1000x1000xf32>
}
