// Input of invalid.mlir: an f16 matmul, for which Roller picks an mma schedule.
func.func @matmul_f16(%A: tensor<1024x1024xf16>, %B: tensor<1024x1024xf16>,
                      %C: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<1024x1024xf16>, tensor<1024x1024xf16>)
                     outs(%C : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
