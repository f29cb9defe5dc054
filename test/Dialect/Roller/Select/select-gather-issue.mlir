// RUN: roller-opt %s --split-input-file --roller-select="device=h200 report=-" -o /dev/null 2>/dev/null | FileCheck %s

// The issue stage (docs/model.md): an implicit GEMM's gather computes each
// position it copies through the convolution's map. Written as
// roller-conv-to-implicit-gemm leaves a 3x3 NHWC convolution of 1x58x58xC
// into 64 filters: the gather copy, then the matmul of its patches.
//
// 27 channels: no aligned run of 2 or more divides them, so the staging
// gathers element by element (40 thread-instructions a position). Blocks of
// 48 x 32 (the choice without the stage) gather the patches twice, 1.96 us
// of issue above 1.30 of traffic; blocks of all 64 filters gather them once:
// 98 blocks of 32 x 256 positions, 10,240 warp-instructions and 256 MMAs
// each, at 4 x 1980 MHz 1.325 us, under their 1.577 us of traffic (on the
// emulator: 1.07 M warp-instructions, against 2.05 M for 48 x 32).
// CHECK: "block_tile":[32,64,128]
// CHECK-SAME: "bottleneck":"global"
// CHECK-SAME: "stage_us":{"compute":{{[0-9.e+-]+}},"global":1.57{{[0-9]*}},"issue":1.32{{[0-9]*}},
#gather27 = affine_map<(d0, d1) -> (0, d0 floordiv 56 + d1 floordiv 81, d0 mod 56 + (d1 mod 81) floordiv 27, d1 mod 27)>
func.func @channels_27(%x: tensor<1x58x58x27xf16>, %w: tensor<243x64xf16>) -> tensor<3136x64xf32> {
  %e = tensor.empty() : tensor<3136x243xf16>
  %patches = linalg.generic {indexing_maps = [#gather27, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1x58x58x27xf16>) outs(%e : tensor<3136x243xf16>) {
  ^bb0(%in: f16, %out: f16):
    linalg.yield %in : f16
  } -> tensor<3136x243xf16>
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<3136x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<3136x64xf32>) -> tensor<3136x64xf32>
  %r = linalg.matmul ins(%patches, %w : tensor<3136x243xf16>, tensor<243x64xf16>) outs(%init : tensor<3136x64xf32>) -> tensor<3136x64xf32>
  return %r : tensor<3136x64xf32>
}

// -----

// 24 channels: runs of 8 (16 bytes), one position each (56
// thread-instructions): 132 blocks of 48 x 224 / 8 runs, 2,352
// warp-instructions and 168 MMAs each, 0.318 us, far under the traffic.
// CHECK: "block_tile":[48,32,112]
// CHECK-SAME: "bottleneck":"global"
// CHECK-SAME: "stage_us":{"compute":{{[0-9.e+-]+}},"global":1.15{{[0-9]*}},"issue":0.318{{[0-9]*}},
#gather24 = affine_map<(d0, d1) -> (0, d0 floordiv 56 + d1 floordiv 72, d0 mod 56 + (d1 mod 72) floordiv 24, d1 mod 24)>
func.func @channels_24(%x: tensor<1x58x58x24xf16>, %w: tensor<216x64xf16>) -> tensor<3136x64xf32> {
  %e = tensor.empty() : tensor<3136x216xf16>
  %patches = linalg.generic {indexing_maps = [#gather24, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1x58x58x24xf16>) outs(%e : tensor<3136x216xf16>) {
  ^bb0(%in: f16, %out: f16):
    linalg.yield %in : f16
  } -> tensor<3136x216xf16>
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<3136x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<3136x64xf32>) -> tensor<3136x64xf32>
  %r = linalg.matmul ins(%patches, %w : tensor<3136x216xf16>, tensor<216x64xf16>) outs(%init : tensor<3136x64xf32>) -> tensor<3136x64xf32>
  return %r : tensor<3136x64xf32>
}
