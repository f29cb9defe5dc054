// RUN: roller-opt %s --roller-tile="device=a100" -o /dev/null 2>&1 | FileCheck %s
// RUN: roller-opt %s --roller-tile="device=a100" 2>/dev/null | FileCheck %s --check-prefix=IR

// Two of ResNet's NCHW 3x3 layers (64 channels at 56x56, a batch of 8) with
// a ReLU between them, on a100. The first is weighed alone: through NHWC,
// the transposes of its input, its filter and its result are 3 extra
// kernels. The second's input is the ReLU of the first's result
// transposed back to NCHW: through NHWC, its input's transpose takes the
// ReLU in and undoes that transpose (roller-fuse-elementwise), so the ReLU
// writes NHWC and the transpose is no kernel: 2 extra kernels, and the way
// is cheaper than for the first layer.
// CHECK: remark: roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores), in NHWC between transposes: {{[0-9.]+}} us (3 extra kernels, a launch of 1.92 us each)
// CHECK: remark: roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores), in NHWC between transposes: {{[0-9.]+}} us (2 extra kernels, a launch of 1.92 us each)

// The ReLU reads the first implicit GEMM's NHWC result and writes the
// second's NHWC input: it is the first GEMM's epilogue (writing f16), and
// only the second filter's transpose lies between the two GEMMs.
// IR: roller.rprogram ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<25088x576xf16>, tensor<576x64xf16>, tensor<25088x64xf32>) outs(%{{.*}} : tensor<25088x64xf16>)
// IR-NOT: roller.rprogram
// IR: roller.rprogram ins(%{{.*}} : tensor<64x64x3x3xf16>) outs(%{{.*}} : tensor<3x3x64x64xf16>)
// IR-NOT: roller.rprogram
// IR: roller.rprogram ins(%{{.*}}, %{{.*}} : tensor<25088x576xf16>, tensor<576x64xf16>)

func.func @chain(%x: tensor<8x64x58x58xf16>, %w1: tensor<64x64x3x3xf16>, %w2: tensor<64x64x3x3xf16>) -> tensor<8x64x56x56xf32> {
  %z = arith.constant 0.0 : f32
  %z16 = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<8x64x56x56xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32>
  %c1 = linalg.conv_2d_nchw_fchw ins(%x, %w1 : tensor<8x64x58x58xf16>, tensor<64x64x3x3xf16>) outs(%o : tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32>
  %e16 = tensor.empty() : tensor<8x64x56x56xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(a,b,c,d)->(a,b,c,d)>, affine_map<(a,b,c,d)->(a,b,c,d)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c1 : tensor<8x64x56x56xf32>) outs(%e16 : tensor<8x64x56x56xf16>) {
  ^bb0(%in: f32, %out: f16):
    %m = arith.maximumf %in, %z : f32
    %t = arith.truncf %m : f32 to f16
    linalg.yield %t : f16
  } -> tensor<8x64x56x56xf16>
  %p = tensor.pad %r low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z16 : f16
  } : tensor<8x64x56x56xf16> to tensor<8x64x58x58xf16>
  %c2 = linalg.conv_2d_nchw_fchw ins(%p, %w2 : tensor<8x64x58x58xf16>, tensor<64x64x3x3xf16>) outs(%o : tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32>
  return %c2 : tensor<8x64x56x56xf32>
}
