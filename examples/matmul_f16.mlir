// An f16 matmul accumulating in f32 (a transformer projection: 2048 tokens,
// 1024 -> 4096 features): Roller schedules it on the tensor cores
// (mma.sync m16n8k16) with the shared-memory tiles double-buffered through
// cp.async.
func.func @projection(%x: tensor<2048x1024xf16>, %w: tensor<1024x4096xf16>)
    -> tensor<2048x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2048x4096xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
  %y = linalg.matmul ins(%x, %w : tensor<2048x1024xf16>, tensor<1024x4096xf16>)
                     outs(%acc : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
  return %y : tensor<2048x4096xf32>
}
