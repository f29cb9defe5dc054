// Three operators from ResNet-50 (ROLLER's benchmark suite) on linalg
// tensors: a 3x3 convolution, a 1x1 strided convolution and the final
// classifier matmul. `scripts/run-example.sh` runs --roller-select on them.
func.func @conv3x3(%input: tensor<128x64x58x58xf32>, %filter: tensor<64x64x3x3xf32>,
                   %init: tensor<128x64x56x56xf32>) -> tensor<128x64x56x56xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>,
                                 strides = dense<1> : tensor<2xi64>}
      ins(%input, %filter : tensor<128x64x58x58xf32>, tensor<64x64x3x3xf32>)
      outs(%init : tensor<128x64x56x56xf32>) -> tensor<128x64x56x56xf32>
  return %0 : tensor<128x64x56x56xf32>
}

func.func @conv1x1_stride2(%input: tensor<128x512x28x28xf32>,
                           %filter: tensor<1024x512x1x1xf32>,
                           %init: tensor<128x1024x14x14xf32>) -> tensor<128x1024x14x14xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>,
                                 strides = dense<2> : tensor<2xi64>}
      ins(%input, %filter : tensor<128x512x28x28xf32>, tensor<1024x512x1x1xf32>)
      outs(%init : tensor<128x1024x14x14xf32>) -> tensor<128x1024x14x14xf32>
  return %0 : tensor<128x1024x14x14xf32>
}

func.func @classifier(%x: tensor<128x2048xf32>, %w: tensor<2048x1000xf32>,
                      %init: tensor<128x1000xf32>) -> tensor<128x1000xf32> {
  %0 = linalg.matmul ins(%x, %w : tensor<128x2048xf32>, tensor<2048x1000xf32>)
                     outs(%init : tensor<128x1000xf32>) -> tensor<128x1000xf32>
  return %0 : tensor<128x1000xf32>
}
