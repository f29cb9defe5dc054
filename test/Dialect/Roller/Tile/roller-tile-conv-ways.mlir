// RUN: roller-opt %s --split-input-file --roller-tile="device=a100" --verify-diagnostics -o /dev/null

// ResNet-50's 3x3 layer of 512 channels at 7x7, a batch of 8, on a100: 392
// output pixels fill few blocks, so each implicit GEMM is split across
// blocks (a second kernel, the partial sums' combine), and the weighing
// counts the split as roller-select will make it (the combine and its
// launch): through NHWC the transposes of the input, the filter and the
// result and the split make 4 extra kernels, and the whole is predicted
// faster than the NCHW implicit GEMM, whose patches are gathered an
// element at a time (priced whole, the NHWC matmul alone is 47.30 us). The
// selection then splits the matmul as the weighing priced it; the
// one-level kernels are the transposes of the input, the filter and the
// result, and the combine.
func.func @layer4(%x: tensor<8x512x9x9xf16>, %w: tensor<512x512x3x3xf16>) -> tensor<8x512x7x7xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x512x7x7xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<8x512x7x7xf32>) -> tensor<8x512x7x7xf32>
  // expected-remark-re @+10 {{roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores), in NHWC between transposes: {{[0-9.]+}} us (4 extra kernels, a launch of 1.92 us each), its implicit GEMM {{[0-9.]+}} us (2 extra kernels, a launch of 1.92 us each), the convolution {{[0-9.]+}} us}}
  // expected-remark @+9 {{roller-collapse-through-reshapes: not collapsed}}
  // expected-remark @+8 {{roller-fuse-elementwise: not fused into linalg.generic}}
  // expected-remark @+7 {{roller-fuse-elementwise: not fused into linalg.matmul}}
  // expected-remark-re @+6 {{roller-select: reduction split across blocks into {{[0-9]+}} slices}}
  // expected-remark @+5 {{roller-select: tensor-core}}
  // expected-remark @+4 {{roller-select: one-level (fused view), chose block [1, 3, 9, 16]}}
  // expected-remark @+3 {{roller-select: one-level (fused view), chose block [3, 3, 16, 16]}}
  // expected-remark @+2 {{roller-select: one-level (fused view), chose block [4, 8, 1, 7]}}
  // expected-remark @+1 {{roller-select: one-level (fused view), chose block [8, 1, 32]}}
  %r = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<8x512x9x9xf16>, tensor<512x512x3x3xf16>)
                                outs(%o : tensor<8x512x7x7xf32>) -> tensor<8x512x7x7xf32>
  return %r : tensor<8x512x7x7xf32>
}

// -----

// The 64-channel layer at a batch of 1 on a100: the NCHW implicit GEMM adds
// no kernel, so the convolution as it is is not weighed (the GEMM is taken
// over the CUDA cores, as before), and the NHWC way's three transposes cost
// more than they save: the remark gives the GEMM as one kernel.
func.func @batch1(%x: tensor<1x64x58x58xf16>, %w: tensor<64x64x3x3xf16>) -> tensor<1x64x56x56xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x56x56xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
  // expected-remark-re @+3 {{roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores): {{[0-9.]+}} us (one kernel), in NHWC {{[0-9.]+}} us (3 extra kernels, a launch of 1.92 us each){{$}}}}
  // expected-remark @+2 {{roller-fuse-elementwise: not fused into linalg.matmul}}
  // expected-remark @+1 {{roller-select: tensor-core}}
  %r = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x64x58x58xf16>, tensor<64x64x3x3xf16>)
                                outs(%o : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
  return %r : tensor<1x64x56x56xf32>
}
