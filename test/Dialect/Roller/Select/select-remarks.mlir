// RUN: roller-opt %s --split-input-file --roller-select="device=h200" --verify-diagnostics -o /dev/null
// RUN: roller-opt %s --split-input-file --roller-select="device=h200" 2>/dev/null | roller-opt --split-input-file | FileCheck %s

// Every linalg op --roller-select sees gets a remark: the strategy, the chosen
// schedule with its prediction, and the ranked candidates; unsupported ops get
// the reason instead and are left untouched. The second RUN checks the IR
// (and that it re-parses).

// A matmul: two-level construction, its choice, then the top-K list.
// CHECK-LABEL: func.func @mm(
// CHECK: linalg.matmul {roller.config = #roller.config<
func.func @mm(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  // expected-remark-re @below {{roller-select: two-level (fused view), chose block [64, 32, 8] thread [8, 4, 1]: {{[0-9]+\.[0-9]+}} us shared-bound, 64 threads, 512 blocks, {{[0-9]+}} B smem, ~{{[0-9]+}} regs, occupancy {{[0-9.]+}}; {{[0-9]+}} candidates considered; top 10: #1 block [64, 32, 8] thread [8, 4, 1]: }}
  %0 = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// An f16 matmul: the tensor-core strategy, and the mma shape in the choice.
// CHECK-LABEL: func.func @mm_f16(
// CHECK: linalg.matmul {roller.config = #roller.config<
func.func @mm_f16(%a: tensor<2048x2048xf16>, %b: tensor<2048x2048xf16>, %c: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  // expected-remark-re @below {{roller-select: tensor-core (fused view), chose block [256, 128, 128] thread [64, 64, 16] mma [16, 8, 16]: {{[0-9]+\.[0-9]+}} us global-bound, 256 threads, 128 blocks, {{.*}} candidates considered; top {{[0-9]+}}: #1 }}
  %0 = linalg.matmul ins(%a, %b : tensor<2048x2048xf16>, tensor<2048x2048xf16>) outs(%c : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %0 : tensor<2048x2048xf32>
}

// -----

// A convolution is also constructed on its implicit GEMM view.
// CHECK-LABEL: func.func @conv(
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, roller.config = #roller.config<
func.func @conv(%in: tensor<8x64x56x56xf32>, %w: tensor<128x64x3x3xf32>, %out: tensor<8x128x54x54xf32>) -> tensor<8x128x54x54xf32> {
  // expected-remark-re @below {{roller-select: two-level (fused view; two-level on the implicit GEMM view), chose block [{{[0-9, ]+}}] thread [{{[0-9, ]+}}]: {{[0-9]+\.[0-9]+}} us {{[a-z]+}}-bound, {{.*}} candidates considered; top {{[0-9]+}}: #1 }}
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<8x64x56x56xf32>, tensor<128x64x3x3xf32>) outs(%out : tensor<8x128x54x54xf32>) -> tensor<8x128x54x54xf32>
  return %0 : tensor<8x128x54x54xf32>
}

// -----

// An elementwise op: one level, 0 B of shared memory.
// CHECK-LABEL: func.func @add(
// CHECK: linalg.add {roller.config = #roller.config<
func.func @add(%a: tensor<4096x1024xf32>, %b: tensor<4096x1024xf32>, %init: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  // expected-remark-re @below {{roller-select: one-level (fused view), chose block [{{[0-9, ]+}}] thread [1, 1]: {{[0-9]+\.[0-9]+}} us global-bound, {{[0-9]+}} threads, {{[0-9]+}} blocks, 0 B smem, }}
  %0 = linalg.add ins(%a, %b : tensor<4096x1024xf32>, tensor<4096x1024xf32>) outs(%init : tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  return %0 : tensor<4096x1024xf32>
}

// -----

// A linalg.fill that only initializes a matmul's output is skipped (no
// remark, no config): tiling folds it into the matmul.
// CHECK-LABEL: func.func @fill_init(
// CHECK: linalg.fill ins
// CHECK: linalg.matmul {roller.config = #roller.config<
func.func @fill_init(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  // expected-remark-re @below {{roller-select: two-level (fused view), chose block }}
  %0 = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}

// -----

// A matmul on memrefs is scheduled like one on tensors. K 64 a step: 8 a
// step, its 32 steps would wait 12.3 us of load latency for 2.07 us of
// shared traffic.
// CHECK-LABEL: func.func @memref_mm(
// CHECK: linalg.matmul {roller.config = #roller.config<
func.func @memref_mm(%a: memref<256x256xf32>, %b: memref<256x256xf32>, %c: memref<256x256xf32>) {
  // expected-remark-re @below {{roller-select: two-level (fused view), chose block [16, 16, 64] thread [2, 2, 1]: }}
  linalg.matmul ins(%a, %b : memref<256x256xf32>, memref<256x256xf32>) outs(%c : memref<256x256xf32>)
  return
}

// -----

// Dynamic shapes: not supported, left untouched.
// CHECK-LABEL: func.func @dynamic(
// CHECK-NOT: roller.config
// CHECK: linalg.add ins
func.func @dynamic(%a: tensor<?x64xf32>, %b: tensor<?x64xf32>, %c: tensor<?x64xf32>) -> tensor<?x64xf32> {
  // expected-remark @below {{roller-select: not supported: dynamic shape in operand #0 (tensor<?x64xf32>)}}
  %0 = linalg.add ins(%a, %b : tensor<?x64xf32>, tensor<?x64xf32>) outs(%c : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}

// -----

// A `mod` in an indexing map: not a tensor expression, left untouched.
// CHECK-LABEL: func.func @mod_map(
// CHECK-NOT: roller.config
// CHECK: linalg.generic
// CHECK-NOT: roller.config
// CHECK: return
#mod = affine_map<(d0) -> (d0 mod 16)>
#id = affine_map<(d0) -> (d0)>
func.func @mod_map(%a: tensor<16xf32>, %c: tensor<64xf32>) -> tensor<64xf32> {
  // expected-remark @below {{roller-select: not supported: indexing map #0 is not affine-linear: (d0 mod 16)}}
  %0 = linalg.generic {indexing_maps = [#mod, #id], iterator_types = ["parallel"]} ins(%a : tensor<16xf32>) outs(%c : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// A zero-size dimension: nothing to schedule, left untouched.
// CHECK-LABEL: func.func @zero_size(
// CHECK-NOT: roller.config
// CHECK: linalg.add ins
func.func @zero_size(%a: tensor<0x8xf32>, %b: tensor<0x8xf32>, %c: tensor<0x8xf32>) -> tensor<0x8xf32> {
  // expected-remark @below {{roller-select: not supported: zero-size dimension in operand #0 (tensor<0x8xf32>)}}
  %0 = linalg.add ins(%a, %b : tensor<0x8xf32>, tensor<0x8xf32>) outs(%c : tensor<0x8xf32>) -> tensor<0x8xf32>
  return %0 : tensor<0x8xf32>
}

// -----

// An `index` element type has no size: left untouched.
// CHECK-LABEL: func.func @index_type(
// CHECK-NOT: roller.config
// CHECK: linalg.copy ins
func.func @index_type(%a: tensor<64x64xindex>, %c: tensor<64x64xindex>) -> tensor<64x64xindex> {
  // expected-remark @below {{roller-select: not supported: element type of operand #0 is not an integer or float (index)}}
  %0 = linalg.copy ins(%a : tensor<64x64xindex>) outs(%c : tensor<64x64xindex>) -> tensor<64x64xindex>
  return %0 : tensor<64x64xindex>
}

// -----

// A 0-d op has no loops to tile: left untouched.
// CHECK-LABEL: func.func @scalar_0d(
// CHECK-NOT: roller.config
// CHECK: linalg.add ins
func.func @scalar_0d(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-remark @below {{roller-select: not supported: the op has no loops (0-d operands): nothing to tile}}
  %0 = linalg.add ins(%a, %b : tensor<f32>, tensor<f32>) outs(%c : tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// An output indexed by a scaled loop (valid linalg on a 1 x 8 output, where
// d0 is always 0; found by the fuzzer): no output tile steps with d0, so the
// op is left untouched rather than made an rProgram its verifier rejects.
// CHECK-LABEL: func.func @scaled_output_index(
// CHECK-NOT: roller.config
// CHECK: linalg.generic
func.func @scaled_output_index(%x: tensor<1x8xf32>, %o: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // expected-remark @below {{roller-select: not supported: indexing map #1 ((d0, d1) -> (d0 * 1099511627776, d1)) of an output indexes it by something other than a parallel loop or a kept unit dimension (0)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0 * 1099511627776, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1x8xf32>) outs(%o : tensor<1x8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    linalg.yield %v : f32
  } -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// A reduction to one value has no parallel loop: --roller-select alone
// leaves it, naming the pass that gives it one (--roller-tile runs it).
// CHECK-LABEL: func.func @full_reduction(
// CHECK-NOT: roller.config
// CHECK: linalg.reduce
func.func @full_reduction(%x: tensor<9x14xf32>, %o: tensor<f32>) -> tensor<f32> {
  // expected-remark @below {{roller-select: not supported: a full reduction (no parallel loop): its single output element cannot be spread over blocks and threads (roller-add-unit-parallel-loop, which --roller-tile runs, gives it a parallel loop of extent 1)}}
  %0 = linalg.reduce ins(%x : tensor<9x14xf32>) outs(%o : tensor<f32>) dimensions = [0, 1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<f32>
}
