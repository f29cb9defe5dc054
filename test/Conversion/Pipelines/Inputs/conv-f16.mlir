// Input of mma-ptx.mlir: an f16 1x1 convolution (a GEMM only in a fused
// view), which Roller schedules on the CUDA cores.
func.func @conv_f16(%x: tensor<8x64x56x56xf16>, %w: tensor<128x64x1x1xf16>,
                    %o: tensor<8x128x56x56xf32>) -> tensor<8x128x56x56xf32> {
  %0 = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<8x64x56x56xf16>, tensor<128x64x1x1xf16>)
                                outs(%o : tensor<8x128x56x56xf32>) -> tensor<8x128x56x56xf32>
  return %0 : tensor<8x128x56x56xf32>
}
