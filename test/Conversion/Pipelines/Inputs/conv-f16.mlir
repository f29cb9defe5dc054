// Input of mma-ptx.mlir: an f16 NCHW 3x3 convolution of a batch of 8 (ResNet's
// 64 channels at 56x56), which --roller-tile makes an NHWC convolution between
// transposes and that a matmul of its gathered patches (the model predicts it
// faster than the NCHW implicit GEMM and than the convolution).
func.func @conv_f16(%x: tensor<8x64x58x58xf16>, %w: tensor<64x64x3x3xf16>) -> tensor<8x64x56x56xf32> {
  %e = tensor.empty() : tensor<8x64x56x56xf32>
  %z = arith.constant 0.0 : f32
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32>
  %0 = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<8x64x58x58xf16>, tensor<64x64x3x3xf16>)
                                outs(%o : tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32>
  return %0 : tensor<8x64x56x56xf32>
}
