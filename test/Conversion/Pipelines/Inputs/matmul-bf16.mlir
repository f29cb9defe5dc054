// Input of mma-ptx.mlir: a bf16 matmul accumulating in f32.
func.func @matmul_bf16(%A: tensor<512x256xbf16>, %B: tensor<256x512xbf16>,
                       %C: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<512x256xbf16>, tensor<256x512xbf16>)
                     outs(%C : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}
