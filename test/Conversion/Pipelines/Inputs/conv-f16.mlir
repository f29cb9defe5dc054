// Input of mma-ptx.mlir: an f16 NCHW 1x1 convolution of a batch of 8, which
// roller-conv-to-implicit-gemm makes a matmul of its gathered pixels.
func.func @conv_f16(%x: tensor<8x64x56x56xf16>, %w: tensor<128x64x1x1xf16>,
                    %o: tensor<8x128x56x56xf32>) -> tensor<8x128x56x56xf32> {
  %0 = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<8x64x56x56xf16>, tensor<128x64x1x1xf16>)
                                outs(%o : tensor<8x128x56x56xf32>) -> tensor<8x128x56x56xf32>
  return %0 : tensor<8x128x56x56xf32>
}
