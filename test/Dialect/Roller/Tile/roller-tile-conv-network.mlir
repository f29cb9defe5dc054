// RUN: roller-opt %s --split-input-file --roller-tile="device=h200" -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,H200
// RUN: roller-opt %s --split-input-file --roller-tile="device=a100" -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,A100
// RUN: roller-opt %s --split-input-file --roller-tile="device=h200 network-layout=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EACH
// RUN: roller-opt %s --split-input-file --roller-tile="device=h200" 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: roller-opt %s --split-input-file --roller-tile="device=h200" --verify-diagnostics -o /dev/null
// (The last RUN line checks every remark on h200 under -verify-diagnostics:
// the function's plan, each convolution's way "with the function's other
// convolutions", and the selection's, by their block shapes.)

// A ResNet basic block in NCHW (256 channels at 14x14, a batch of 8, as in
// ResNet-18's third stage): conv, ReLU, conv, residual add, ReLU. Alone,
// each convolution's fastest way is its NCHW implicit GEMM (the NHWC one
// pays for the transposes of its input and result). Weighed together, all
// in NHWC leaves 2 transposes (the block's input to NHWC, its output back
// to NCHW: roller-sink-transposes cancels the pair between the convolutions
// and takes the residual add to NHWC), against the 2 NCHW GEMMs' own
// transposes of their results: the function goes to NHWC.
// CHECK: remark: roller-conv-to-implicit-gemm: 2 NCHW convolutions weighed together: 2 in NHWC, [[US:[0-9.]+]] us (2 transposes); each its fastest way {{[0-9.]+}} us (2 transposes), all in NHWC [[US]] us (2 transposes)
// CHECK-COUNT-2: remark: roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores), in NHWC with the function's other convolutions: {{[0-9.]+}} us (3 extra kernels, a launch of {{[0-9.]+}} us each), its implicit GEMM
// EACH-NOT: weighed together
// EACH-COUNT-4: remark: roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores): {{[0-9.]+}} us ({{[0-9]}} extra kernels, a launch of 1.86 us each), in NHWC

// The input's transpose, the GEMMs (the ReLU and the residual add in their
// epilogues, reading and writing NHWC), and one transpose of the result
// back to NCHW: no transpose between them.
// IR-LABEL: func.func @basic_block
// IR: roller.rprogram ins(%arg0 : tensor<8x256x14x14xf16>) outs(%{{.*}} : tensor<8x14x14x256xf16>)
// IR-NOT: outs(%{{.*}} : tensor<8x256x14x14xf16>)
// IR: roller.rprogram ins(%{{.*}} : tensor<8x14x14x256xf16>) outs(%{{.*}} : tensor<8x256x14x14xf16>)
// IR-NOT: roller.rprogram
// IR: return

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// expected-remark-re @+1 {{roller-conv-to-implicit-gemm: 2 NCHW convolutions weighed together: 2 in NHWC, {{[0-9.]+}} us (2 transposes); each its fastest way {{[0-9.]+}} us (2 transposes), all in NHWC {{[0-9.]+}} us (2 transposes)}}
func.func @basic_block(%x: tensor<8x256x14x14xf16>) -> tensor<8x256x14x14xf16> {
  %w1 = arith.constant dense<0.01> : tensor<256x256x3x3xf16>
  %w2 = arith.constant dense<-0.02> : tensor<256x256x3x3xf16>
  %z = arith.constant 0.0 : f32
  %z16 = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<8x256x14x14xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<8x256x14x14xf32>) -> tensor<8x256x14x14xf32>
  %e16 = tensor.empty() : tensor<8x256x14x14xf16>
  // expected-remark @+1 {{roller-tile: pad fused into the loads of its 1 consumer(s)}}
  %px = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z16 : f16
  } : tensor<8x256x14x14xf16> to tensor<8x256x16x16xf16>
  // expected-remark-re @+6 {{roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores), in NHWC with the function's other convolutions: {{[0-9.]+}} us (3 extra kernels, a launch of {{[0-9.]+}} us each), its implicit GEMM {{[0-9.]+}} us (2 extra kernels, a launch of {{[0-9.]+}} us each), the convolution {{[0-9.]+}} us}}
  // expected-remark-re @+5 {{roller-fuse-elementwise: not fused into linalg.matmul at loc({{.*}}): it is a gather (a convolution's patches), which its users read through}}
  // expected-remark @+4 {{roller-select: reduction split across blocks into 4 slices}}
  // expected-remark @+3 {{roller-select: one-level (fused view), chose block [1, 14, 14, 16] thread [1, 1, 1, 8]}}
  // expected-remark @+2 {{roller-select: tensor-core (fused view), chose block [1, 112, 128, 192] thread [1, 16, 64, 16]}}
  // expected-remark @+1 {{roller-select: one-level (fused view), chose block [4, 1, 64] thread [4, 1, 1]}}
  %c1 = linalg.conv_2d_nchw_fchw ins(%px, %w1 : tensor<8x256x16x16xf16>, tensor<256x256x3x3xf16>) outs(%o : tensor<8x256x14x14xf32>) -> tensor<8x256x14x14xf32>
  // expected-remark-re @+3 {{roller-fuse-elementwise: not fused into linalg.generic at loc({{.*}}): its result has other users, which would compute it again}}
  // expected-remark @+2 {{roller-select: one-level (fused view), chose block [1, 128] thread [1, 2]}}
  // expected-remark-re @+1 {{roller-fuse-epilogues: fused as the epilogue of the rProgram at loc({{.*}})}}
  %r1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c1 : tensor<8x256x14x14xf32>) outs(%e16 : tensor<8x256x14x14xf16>) {
  ^bb0(%in: f32, %out: f16):
    %m = arith.maximumf %in, %z : f32
    %t = arith.truncf %m : f32 to f16
    linalg.yield %t : f16
  } -> tensor<8x256x14x14xf16>
  // expected-remark @+1 {{roller-tile: pad fused into the loads of its 1 consumer(s)}}
  %p1 = tensor.pad %r1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z16 : f16
  } : tensor<8x256x14x14xf16> to tensor<8x256x16x16xf16>
  // expected-remark-re @+5 {{roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores), in NHWC with the function's other convolutions: {{[0-9.]+}} us (3 extra kernels, a launch of {{[0-9.]+}} us each), its implicit GEMM {{[0-9.]+}} us (2 extra kernels, a launch of {{[0-9.]+}} us each), the convolution {{[0-9.]+}} us}}
  // expected-remark-re @+4 {{roller-fuse-elementwise: not fused into linalg.matmul at loc({{.*}}): it is a gather (a convolution's patches), which its users read through}}
  // expected-remark @+3 {{roller-select: reduction split across blocks into 4 slices}}
  // expected-remark @+2 {{roller-select: tensor-core (fused view), chose block [1, 112, 128, 192] thread [1, 16, 64, 16]}}
  // expected-remark @+1 {{roller-select: one-level (fused view), chose block [4, 1, 32] thread [4, 1, 1]}}
  %c2 = linalg.conv_2d_nchw_fchw ins(%p1, %w2 : tensor<8x256x16x16xf16>, tensor<256x256x3x3xf16>) outs(%o : tensor<8x256x14x14xf32>) -> tensor<8x256x14x14xf32>
  // expected-remark-re @+4 {{roller-collapse-through-reshapes: not collapsed to read the result of linalg.generic at loc({{.*}}) directly: the reshape splits a dimension into loops that are not consecutive or not in order}}
  // expected-remark @+3 {{roller-select: one-level (fused view), chose block [1, 128] thread [1, 2]}}
  // expected-remark @+2 {{roller-select: one-level (fused view), chose block [1, 16, 14, 14] thread [1, 1, 1, 7]}}
  // expected-remark-re @+1 {{roller-fuse-epilogues: fused as the epilogue of the rProgram at loc({{.*}})}}
  %r2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c2, %r1 : tensor<8x256x14x14xf32>, tensor<8x256x14x14xf16>) outs(%e16 : tensor<8x256x14x14xf16>) {
  ^bb0(%in: f32, %res: f16, %out: f16):
    %rf = arith.extf %res : f16 to f32
    %s = arith.addf %in, %rf : f32
    %m = arith.maximumf %s, %z : f32
    %t = arith.truncf %m : f32 to f16
    linalg.yield %t : f16
  } -> tensor<8x256x14x14xf16>
  return %r2 : tensor<8x256x14x14xf16>
}

// -----

// A stem of 3 channels (stride 2) before such a block. Alone, the stem
// stays a convolution (0.56 us on h200) and the block's convolutions take
// their NCHW GEMMs; all in NHWC, the stem's GEMM gathers runs of 3 channels
// and costs more than its convolution. On h200 the plan flips the stem back
// to its own way (its result is transposed to NHWC once, in its epilogue,
// then the block runs in NHWC): 2 in NHWC, faster than either. On a100 the stem's convolution
// (1.64 us) costs more than its NHWC GEMM in the plan: all 3 in NHWC.
// H200: remark: roller-conv-to-implicit-gemm: 3 NCHW convolutions weighed together: 2 in NHWC, {{[0-9.]+}} us (2 transposes); each its fastest way {{[0-9.]+}} us (2 transposes), all in NHWC {{[0-9.]+}} us (2 transposes)
// H200: remark: roller-conv-to-implicit-gemm: left a convolution: predicted
// A100: remark: roller-conv-to-implicit-gemm: 3 NCHW convolutions weighed together: 3 in NHWC, [[US:[0-9.]+]] us (2 transposes); each its fastest way {{[0-9.]+}} us (2 transposes), all in NHWC [[US]] us (2 transposes)
// A100: remark: roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores), in NHWC with the function's other convolutions: {{[0-9.]+}} us (2 extra kernels, a launch of 1.92 us each), its implicit GEMM {{[0-9.]+}} us (1 extra kernel, a launch of 1.92 us each), the convolution
// CHECK-COUNT-2: remark: roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores), in NHWC with the function's other convolutions: {{[0-9.]+}} us (3 extra kernels

// The stem's convolution (its ReLU and the transpose to NHWC in its
// epilogue) writes NHWC; the block's GEMMs read and write NHWC; the residual
// add (in the last kernel) reads the second GEMM's NHWC result and the
// stem's NHWC result (roller-sink-transposes reads the stem's result through
// the transpose the block's first convolution made of it) and writes NCHW
// (its transpose back taken in).
// IR-LABEL: func.func @stem_and_block
// IR: roller.rprogram ins(%arg0, %{{.*}} : tensor<8x3x30x30xf16>, tensor<256x3x3x3xf16>, {{.*}}) outs(%{{.*}} : tensor<8x14x14x256xf16>)
// IR-NOT: outs(%{{.*}} : tensor<8x256x14x14xf16>)
// IR: roller.rprogram ins(%{{.*}}, %{{.*}} : tensor<8x14x14x256xf32>, tensor<8x14x14x256xf16>) outs(%{{.*}} : tensor<8x256x14x14xf16>)
// IR-NOT: roller.rprogram
// IR: return

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// expected-remark-re @+1 {{roller-conv-to-implicit-gemm: 3 NCHW convolutions weighed together: 2 in NHWC, {{[0-9.]+}} us (2 transposes); each its fastest way {{[0-9.]+}} us (2 transposes), all in NHWC {{[0-9.]+}} us (2 transposes)}}
func.func @stem_and_block(%x: tensor<8x3x30x30xf16>) -> tensor<8x256x14x14xf16> {
  %w0 = arith.constant dense<0.03> : tensor<256x3x3x3xf16>
  %w1 = arith.constant dense<0.01> : tensor<256x256x3x3xf16>
  %w2 = arith.constant dense<-0.02> : tensor<256x256x3x3xf16>
  %z = arith.constant 0.0 : f32
  %z16 = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<8x256x14x14xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<8x256x14x14xf32>) -> tensor<8x256x14x14xf32>
  %e16 = tensor.empty() : tensor<8x256x14x14xf16>
  // expected-remark-re @+2 {{roller-conv-to-implicit-gemm: left a convolution: predicted {{[0-9.]+}} us, its implicit GEMM {{[0-9.]+}} us (1 extra kernel, a launch of {{[0-9.]+}} us each), in NHWC {{[0-9.]+}} us (2 extra kernels, a launch of {{[0-9.]+}} us each)}}
  // expected-remark @+1 {{roller-select: two-level (fused view; two-level on the implicit GEMM view), chose block [4, 64, 1, 14, 3, 3, 3] thread [4, 4, 1, 1, 1, 1, 1]}}
  %c0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w0 : tensor<8x3x30x30xf16>, tensor<256x3x3x3xf16>) outs(%o : tensor<8x256x14x14xf32>) -> tensor<8x256x14x14xf32>
  %r0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c0 : tensor<8x256x14x14xf32>) outs(%e16 : tensor<8x256x14x14xf16>) {
  ^bb0(%in: f32, %out: f16):
    %m = arith.maximumf %in, %z : f32
    %t = arith.truncf %m : f32 to f16
    linalg.yield %t : f16
  } -> tensor<8x256x14x14xf16>
  // expected-remark @+1 {{roller-tile: pad fused into the loads of its 1 consumer(s)}}
  %px = tensor.pad %r0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z16 : f16
  } : tensor<8x256x14x14xf16> to tensor<8x256x16x16xf16>
  // expected-remark-re @+8 {{roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores), in NHWC with the function's other convolutions: {{[0-9.]+}} us (3 extra kernels, a launch of {{[0-9.]+}} us each), its implicit GEMM {{[0-9.]+}} us (2 extra kernels, a launch of {{[0-9.]+}} us each), the convolution {{[0-9.]+}} us}}
  // expected-remark-re @+7 {{roller-fuse-elementwise: not fused into linalg.generic at loc({{.*}}): its result has other users, which would compute it again}}
  // expected-remark-re @+6 {{roller-fuse-elementwise: not fused into linalg.matmul at loc({{.*}}): it is a gather (a convolution's patches), which its users read through}}
  // expected-remark @+5 {{roller-select: reduction split across blocks into 4 slices}}
  // expected-remark @+4 {{roller-select: one-level (fused view), chose block [1, 14, 14, 16] thread [1, 1, 1, 8]}}
  // expected-remark @+3 {{roller-select: tensor-core (fused view), chose block [1, 112, 128, 192] thread [1, 16, 64, 16]}}
  // expected-remark @+2 {{roller-select: one-level (fused view), chose block [4, 1, 64] thread [4, 1, 1]}}
  // expected-remark-re @+1 {{roller-fuse-epilogues: fused as the epilogue of the rProgram at loc({{.*}})}}
  %c1 = linalg.conv_2d_nchw_fchw ins(%px, %w1 : tensor<8x256x16x16xf16>, tensor<256x256x3x3xf16>) outs(%o : tensor<8x256x14x14xf32>) -> tensor<8x256x14x14xf32>
  // expected-remark @+2 {{roller-select: one-level (fused view), chose block [1, 128] thread [1, 2]}}
  // expected-remark-re @+1 {{roller-fuse-epilogues: fused as the epilogue of the rProgram at loc({{.*}})}}
  %r1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c1 : tensor<8x256x14x14xf32>) outs(%e16 : tensor<8x256x14x14xf16>) {
  ^bb0(%in: f32, %out: f16):
    %m = arith.maximumf %in, %z : f32
    %t = arith.truncf %m : f32 to f16
    linalg.yield %t : f16
  } -> tensor<8x256x14x14xf16>
  // expected-remark @+1 {{roller-tile: pad fused into the loads of its 1 consumer(s)}}
  %p1 = tensor.pad %r1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z16 : f16
  } : tensor<8x256x14x14xf16> to tensor<8x256x16x16xf16>
  // expected-remark-re @+5 {{roller-conv-to-implicit-gemm: a convolution as a matmul of its gathered patches (tensor cores), in NHWC with the function's other convolutions: {{[0-9.]+}} us (3 extra kernels, a launch of {{[0-9.]+}} us each), its implicit GEMM {{[0-9.]+}} us (2 extra kernels, a launch of {{[0-9.]+}} us each), the convolution {{[0-9.]+}} us}}
  // expected-remark-re @+4 {{roller-fuse-elementwise: not fused into linalg.matmul at loc({{.*}}): it is a gather (a convolution's patches), which its users read through}}
  // expected-remark @+3 {{roller-select: reduction split across blocks into 4 slices}}
  // expected-remark @+2 {{roller-select: tensor-core (fused view), chose block [1, 112, 128, 192] thread [1, 16, 64, 16]}}
  // expected-remark @+1 {{roller-select: one-level (fused view), chose block [4, 1, 32] thread [4, 1, 1]}}
  %c2 = linalg.conv_2d_nchw_fchw ins(%p1, %w2 : tensor<8x256x16x16xf16>, tensor<256x256x3x3xf16>) outs(%o : tensor<8x256x14x14xf32>) -> tensor<8x256x14x14xf32>
  // expected-remark-re @+2 {{roller-collapse-through-reshapes: not collapsed to read the result of linalg.matmul at loc({{.*}}) directly: an elementwise producer it fuses with would be read through a reshape}}
  // expected-remark @+1 {{roller-select: one-level (fused view), chose block [1, 16, 14, 14] thread [1, 1, 1, 7]}}
  %r2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c2, %r0 : tensor<8x256x14x14xf32>, tensor<8x256x14x14xf16>) outs(%e16 : tensor<8x256x14x14xf16>) {
  ^bb0(%in: f32, %res: f16, %out: f16):
    %rf = arith.extf %res : f16 to f32
    %s = arith.addf %in, %rf : f32
    %m = arith.maximumf %s, %z : f32
    %t = arith.truncf %m : f32 to f16
    linalg.yield %t : f16
  } -> tensor<8x256x14x14xf16>
  return %r2 : tensor<8x256x14x14xf16>
}
