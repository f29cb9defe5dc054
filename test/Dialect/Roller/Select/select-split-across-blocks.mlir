// RUN: roller-opt %s --split-input-file --roller-select="device=a100" --verify-diagnostics -o /dev/null
// RUN: roller-opt %s --split-input-file --roller-select="device=a100" 2>/dev/null | FileCheck %s
// RUN: roller-opt %s --split-input-file --roller-select="device=a100 split-across-blocks=false" 2>/dev/null | FileCheck %s --check-prefix=OFF
// RUN: roller-opt %s --split-input-file --roller-select="device=a100 split-launch-us=1000" 2>/dev/null | FileCheck %s --check-prefix=OFF
// RUN: roller-opt %s --split-input-file --roller-select="device=a100 report=-" 2>/dev/null | FileCheck %s --check-prefix=REPORT

// An op whose best schedule launches fewer blocks than the SMs (108 on
// a100) and whose reduction is long is split across blocks when the model
// predicts the partial results plus their combine faster than one kernel by
// more than a launch (split-launch-us, 2 us by default): upstream's
// linalg::splitReduction, the slices outermost in the partial results. The
// two new ops are selected like any other; the remark is the partial
// results'.

// 256x256 outputs over K = 4096: one kernel of 32x32 tiles is 64 blocks.
// CHECK-LABEL: func.func @mm_small(
// CHECK-DAG: %[[A:.*]] = tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [256, 16, 256] : tensor<256x4096xf32> into tensor<256x16x256xf32>
// CHECK-DAG: %[[B:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1], [2]] output_shape [16, 256, 256] : tensor<4096x256xf32> into tensor<16x256x256xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[EMPTY:.*]] = tensor.empty() : tensor<16x256x256xf32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<16x256x256xf32>)
// CHECK: %[[PARTIAL:.*]] = linalg.generic {{{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<256x16x256xf32>, tensor<16x256x256xf32>) outs(%[[FILL]] : tensor<16x256x256xf32>)
// CHECK-SAME: roller.config = #roller.config<{{.*}}grid = [512]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[SUM:.*]] = linalg.generic {{{.*}}iterator_types = ["reduction", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[PARTIAL]] : tensor<16x256x256xf32>) outs(%arg2 : tensor<256x256xf32>)
// CHECK-SAME: roller.config = #roller.config<
// CHECK: return %[[SUM]]
// OFF-LABEL: func.func @mm_small(
// OFF-NOT: tensor.expand_shape
// OFF: linalg.matmul {roller.config = #roller.config<{{.*}}grid = [64]
// REPORT: "func":"mm_small"{{.*}}"split_across_blocks":{"combine_us":{{[0-9.e+-]+}},"partials_us":{{[0-9.e+-]+}},"role":"partials","search_us":{{[0-9.e+-]+}},"slices":16,"unsplit_blocks":64,"unsplit_us":{{[0-9.e+-]+}}}
// REPORT-NEXT: "func":"mm_small"{{.*}}"split_across_blocks":{{{.*}}"role":"combine"
func.func @mm_small(%a: tensor<256x4096xf32>, %b: tensor<4096x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  // expected-remark-re @+3 {{roller-select: reduction split across blocks into 16 slices: {{[0-9.]+}} us ({{[0-9.]+}} for the partial results in 512 blocks + {{[0-9.]+}} to combine them) predicted, against {{[0-9.]+}} us in one kernel of 64 blocks on 108 SMs}}
  // expected-remark-re @+2 {{roller-select: two-level {{.*}}, chose block [1, 64, 32, 8]}}
  // expected-remark-re @+1 {{roller-select: one-level {{.*}}, chose block [16, 1, 32]}}
  %0 = linalg.matmul ins(%a, %b : tensor<256x4096xf32>, tensor<4096x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// A column sum of 300x70 (a reduction over the outer axis, not the
// innermost): 2 blocks in one kernel. Split, the blocks take whole rows of
// 70 (rows of 35 floats, 140 bytes, break the transaction rule).
// CHECK-LABEL: func.func @col_sum(
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [4, 75, 70]
// CHECK: linalg.generic {{{.*}}roller.config
// CHECK: linalg.generic {{{.*}}roller.config
// OFF-LABEL: func.func @col_sum(
// OFF: linalg.reduce
func.func @col_sum(%in: tensor<300x70xf32>, %init: tensor<70xf32>) -> tensor<70xf32> {
  // expected-remark-re @+3 {{roller-select: reduction split across blocks into 4 slices: }}
  // expected-remark-re @+2 {{roller-select: one-level {{.*}}, chose block [1, 25, 70]}}
  // expected-remark-re @+1 {{roller-select: one-level {{.*}}, chose block [4, 70]}}
  %0 = linalg.reduce ins(%in : tensor<300x70xf32>) outs(%init : tensor<70xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<70xf32>
}

// -----

// Too small to pay for a second launch: 64x64x64 saves well under 2 us.
// CHECK-LABEL: func.func @mm_tiny(
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.matmul {roller.config
func.func @mm_tiny(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-remark-re @+1 {{roller-select: {{.*}}, chose }}
  %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// A prime K (4093): no slice count divides it; the op stays whole.
// CHECK-LABEL: func.func @mm_prime_k(
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.matmul {roller.config
func.func @mm_prime_k(%a: tensor<256x4093xf32>, %b: tensor<4093x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  // expected-remark-re @+1 {{roller-select: {{.*}}, chose }}
  %0 = linalg.matmul ins(%a, %b : tensor<256x4093xf32>, tensor<4093x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// A convolution reduces over three loops (upstream's split takes one).
// CHECK-LABEL: func.func @conv_few_outputs(
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.conv_2d_nchw_fchw {roller.config
func.func @conv_few_outputs(%i: tensor<1x512x9x9xf32>, %w: tensor<64x512x3x3xf32>, %o: tensor<1x64x7x7xf32>) -> tensor<1x64x7x7xf32> {
  // expected-remark-re @+1 {{roller-select: {{.*}}, chose }}
  %0 = linalg.conv_2d_nchw_fchw ins(%i, %w : tensor<1x512x9x9xf32>, tensor<64x512x3x3xf32>) outs(%o : tensor<1x64x7x7xf32>) -> tensor<1x64x7x7xf32>
  return %0 : tensor<1x64x7x7xf32>
}

// -----

// A user's config is the user's schedule: kept, never split.
// CHECK-LABEL: func.func @mm_user_config(
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.matmul {roller.config
func.func @mm_user_config(%a: tensor<256x4096xf32>, %b: tensor<4096x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  // expected-remark-re @+1 {{roller-select: keeping the user's roller.config: }}
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [32, 32, 8]>, thread = <register, [4, 2, 1]>, padding = [1, 0], vector_width = 4, stages = 2, threads = 128, grid = [64], predicted_us = 69.7, bottleneck = shared, max_regs = 56>} ins(%a, %b : tensor<256x4096xf32>, tensor<4096x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// An argmax's two outputs (a value and its index) are not one combining op
// with a neutral element; its body also reads the iteration index.
// CHECK-LABEL: func.func @argmax(
// CHECK-NOT: tensor.expand_shape
func.func @argmax(%in: tensor<64x8192xf32>, %v: tensor<64xf32>, %i: tensor<64xi64>) -> (tensor<64xf32>, tensor<64xi64>) {
  // expected-remark-re @+1 {{roller-select: {{.*}}, chose }}
  %0:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%in : tensor<64x8192xf32>) outs(%v, %i : tensor<64xf32>, tensor<64xi64>) {
  ^bb0(%x: f32, %best: f32, %at: i64):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %gt = arith.cmpf ogt, %x, %best : f32
    %nv = arith.select %gt, %x, %best : f32
    %ni = arith.select %gt, %ki, %at : i64
    linalg.yield %nv, %ni : f32, i64
  } -> (tensor<64xf32>, tensor<64xi64>)
  return %0#0, %0#1 : tensor<64xf32>, tensor<64xi64>
}
