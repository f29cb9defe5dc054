// RUN: roller-opt %s --split-input-file --roller-tile="device=h200" --verify-diagnostics -o /dev/null

// The rewrites --roller-tile makes before selecting say so at the op: a bf16
// matmul into bf16 is summed in f32 (its truncation, selected too, becomes
// the epilogue), a 1x1 convolution with unit strides becomes a matmul, and
// another convolution a matmul of its gathered patches (into bf16: then
// summed in f32 too).

func.func @bf16_out(%a: tensor<64x48xbf16>, %b: tensor<48x32xbf16>) -> tensor<64x32xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<64x32xbf16>
  %z = linalg.fill ins(%zero : bf16) outs(%e : tensor<64x32xbf16>) -> tensor<64x32xbf16>
  // expected-remark @+4 {{roller-widen-bf16-accumulators: summed in f32, rounded to bf16 once after the sum}}
  // expected-remark @+3 {{roller-select: tensor-core}}
  // expected-remark @+2 {{roller-select: }}
  // expected-remark @+1 {{roller-fuse-epilogues: fused as the epilogue}}
  %mm = linalg.matmul ins(%a, %b : tensor<64x48xbf16>, tensor<48x32xbf16>) outs(%z : tensor<64x32xbf16>) -> tensor<64x32xbf16>
  return %mm : tensor<64x32xbf16>
}

// -----

func.func @pointwise(%x: tensor<1x7x5x24xf16>, %w: tensor<1x1x24x40xf16>, %c: tensor<1x7x5x40xf32>) -> tensor<1x7x5x40xf32> {
  // expected-remark @+2 {{roller-pointwise-conv-to-matmul: a 1x1 convolution as a matmul (tensor cores)}}
  // expected-remark @+1 {{roller-select: tensor-core}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x7x5x24xf16>, tensor<1x1x24x40xf16>) outs(%c : tensor<1x7x5x40xf32>) -> tensor<1x7x5x40xf32>
  return %r : tensor<1x7x5x40xf32>
}

// -----

// A 3x3 convolution becomes a matmul of its gathered patches; the gather is
// read through by the matmul's loads (never fused, never selected: no
// remark of roller-select of its own).
func.func @implicit_gemm(%x: tensor<1x7x5x24xf16>, %w: tensor<3x3x24x40xf16>, %c: tensor<1x5x3x40xf32>) -> tensor<1x5x3x40xf32> {
  // expected-remark @+3 {{roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores)}}
  // expected-remark @+2 {{roller-fuse-elementwise: not fused into linalg.matmul}}
  // expected-remark @+1 {{roller-select: tensor-core}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x7x5x24xf16>, tensor<3x3x24x40xf16>) outs(%c : tensor<1x5x3x40xf32>) -> tensor<1x5x3x40xf32>
  return %r : tensor<1x5x3x40xf32>
}

// -----

// A bf16 convolution into bf16: a matmul of its gathered patches, then
// summed in f32 on tensor cores and rounded to bf16 in its epilogue.
func.func @implicit_gemm_bf16_out(%x: tensor<1x7x5x24xbf16>, %w: tensor<3x3x24x40xbf16>) -> tensor<1x5x3x40xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<1x5x3x40xbf16>
  %c = linalg.fill ins(%zero : bf16) outs(%e : tensor<1x5x3x40xbf16>) -> tensor<1x5x3x40xbf16>
  // expected-remark @+6 {{roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores)}}
  // expected-remark @+5 {{roller-widen-bf16-accumulators: summed in f32, rounded to bf16 once after the sum}}
  // expected-remark @+4 {{roller-select: tensor-core}}
  // expected-remark @+3 {{roller-select: }}
  // expected-remark @+2 {{roller-fuse-epilogues: fused as the epilogue}}
  // expected-remark @+1 {{roller-fuse-elementwise: not fused into linalg.generic}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x7x5x24xbf16>, tensor<3x3x24x40xbf16>) outs(%c : tensor<1x5x3x40xbf16>) -> tensor<1x5x3x40xbf16>
  return %r : tensor<1x5x3x40xbf16>
}

// -----

// torch-mlir's f16 Linear with a bias: the f32 matmul of the extended
// operands reads them in f16, on tensor cores (the bias add is its epilogue).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @extended_f16_linear(%x: tensor<8x64xf16>, %w: tensor<64x32xf16>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
  %e0 = tensor.empty() : tensor<8x64xf32>
  %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x64xf16>) outs(%e0 : tensor<8x64xf32>) {
  ^bb0(%in: f16, %out: f32):
    %0 = arith.extf %in : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<8x64xf32>
  %e1 = tensor.empty() : tensor<64x32xf32>
  %wf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<64x32xf16>) outs(%e1 : tensor<64x32xf32>) {
  ^bb0(%in: f16, %out: f32):
    %0 = arith.extf %in : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<64x32xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  // expected-remark @+2 {{roller-fold-extensions-into-contractions: reads its f16/bf16 operands before their extension to f32 (tensor cores)}}
  // expected-remark @+1 {{roller-select: tensor-core}}
  %r = linalg.matmul ins(%xf, %wf : tensor<8x64xf32>, tensor<64x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  // expected-remark @+2 {{roller-select: }}
  // expected-remark @+1 {{roller-fuse-epilogues: fused as the epilogue}}
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%r, %b : tensor<8x32xf32>, tensor<32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %0 = arith.addf %in, %bias : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}

// -----

// NCHW convolutions take the fastest of three ways the model predicts, with
// h200's measured launch (1.86 us) per extra kernel: as they are; their
// implicit GEMM, gathered an element at a time (NCHW's innermost dim is the
// width), whose result [F, N, OH, OW] of a batch above 1 is transposed to
// NCHW by a kernel of its own; or in NHWC between transposes (input, filter,
// output: 3 more kernels), gathered in runs of 8 channels. A small one
// stays a convolution; ResNet's 3x3 layer of 64 channels at 56 (batch 8)
// goes through NHWC; the one of 128 at 28 is the NCHW implicit GEMM.
// Weighed together first (all three in NHWC), nothing cancels: they read
// and write the function's own tensors, so each keeps its 3 transposes (the
// filters are arguments, not constants) against the 4 of their own ways.
// expected-remark-re @+1 {{roller-conv-to-implicit-gemm: 3 NCHW convolutions weighed together: 1 in NHWC (each its fastest way), {{[0-9.]+}} us (4 transposes); each its fastest way {{[0-9.]+}} us (4 transposes), all in NHWC {{[0-9.]+}} us (9 transposes)}}
func.func @nchw_batches(%xs: tensor<2x8x15x13xf16>, %ws: tensor<16x8x3x3xf16>,
                        %x: tensor<8x64x58x58xf16>, %w: tensor<64x64x3x3xf16>,
                        %x2: tensor<8x128x30x30xf16>, %w2: tensor<128x128x3x3xf16>)
    -> (tensor<2x16x13x11xf32>, tensor<8x64x56x56xf32>, tensor<8x128x28x28xf32>) {
  %z = arith.constant 0.0 : f32
  %es = tensor.empty() : tensor<2x16x13x11xf32>
  %os = linalg.fill ins(%z : f32) outs(%es : tensor<2x16x13x11xf32>) -> tensor<2x16x13x11xf32>
  // expected-remark-re @+2 {{roller-conv-to-implicit-gemm: left a convolution: predicted {{[0-9.]+}} us, its implicit GEMM {{[0-9.]+}} us (1 extra kernel, a launch of 1.86 us each), in NHWC {{[0-9.]+}} us (3 extra kernels, a launch of 1.86 us each)}}
  // expected-remark @+1 {{roller-select: two-level}}
  %0 = linalg.conv_2d_nchw_fchw ins(%xs, %ws : tensor<2x8x15x13xf16>, tensor<16x8x3x3xf16>)
                                outs(%os : tensor<2x16x13x11xf32>) -> tensor<2x16x13x11xf32>
  %e = tensor.empty() : tensor<8x64x56x56xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32>
  // The transposes of the input, the filter and the result are kernels
  // (selected in that order below).
  // expected-remark-re @+8 {{roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores), in NHWC between transposes: {{[0-9.]+}} us (3 extra kernels, a launch of 1.86 us each), its implicit GEMM {{[0-9.]+}} us (1 extra kernel, a launch of 1.86 us each), the convolution {{[0-9.]+}} us}}
  // expected-remark @+7 {{roller-collapse-through-reshapes: not collapsed}}
  // expected-remark @+6 {{roller-fuse-elementwise: not fused into linalg.generic}}
  // expected-remark @+5 {{roller-fuse-elementwise: not fused into linalg.matmul}}
  // expected-remark @+4 {{roller-select: tensor-core}}
  // expected-remark @+3 {{roller-select: one-level (fused view), chose block [1, 1, 58, 16]}}
  // expected-remark @+2 {{roller-select: one-level (fused view), chose block [3, 3, 1, 16]}}
  // expected-remark @+1 {{roller-select: one-level (fused view), chose block [2, 8, 1, 8]}}
  %1 = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<8x64x58x58xf16>, tensor<64x64x3x3xf16>)
                                outs(%o : tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32>
  %e2 = tensor.empty() : tensor<8x128x28x28xf32>
  %o2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8x128x28x28xf32>) -> tensor<8x128x28x28xf32>
  // expected-remark-re @+5 {{roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores): {{[0-9.]+}} us (1 extra kernel, a launch of 1.86 us each), in NHWC {{[0-9.]+}} us (3 extra kernels, a launch of 1.86 us each), the convolution {{[0-9.]+}} us}}
  // expected-remark @+4 {{roller-collapse-through-reshapes: not collapsed}}
  // expected-remark @+3 {{roller-fuse-elementwise: not fused into linalg.matmul}}
  // expected-remark @+2 {{roller-select: tensor-core}}
  // expected-remark @+1 {{roller-select: }}
  %2 = linalg.conv_2d_nchw_fchw ins(%x2, %w2 : tensor<8x128x30x30xf16>, tensor<128x128x3x3xf16>)
                                outs(%o2 : tensor<8x128x28x28xf32>) -> tensor<8x128x28x28xf32>
  return %0, %1, %2 : tensor<2x16x13x11xf32>, tensor<8x64x56x56xf32>, tensor<8x128x28x28xf32>
}
