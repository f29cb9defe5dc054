// RUN: roller-opt %s --split-input-file --roller-select="plan-epilogues=1 unfuse-slower=1" --verify-diagnostics | FileCheck %s
// RUN: roller-opt %s --split-input-file --roller-tile="unfuse-slower=1" 2>&1 >/dev/null | FileCheck %s --check-prefix=TILE

// unfuse-slower=1 acts on the comparison the selection makes for every
// planned group: the group's best schedule against the operator's and the
// epilogue's own as two kernels. Where two kernels are predicted faster,
// the operator keeps its schedule alone and the epilogue is marked
// roller.unfused, which --roller-tile carries to its rProgram and
// roller-fuse-epilogues leaves alone.

// The gate of a LLaMA MLP in f16: silu(x W_gate) * up as the matmul's
// epilogue. The epilogue's f16 input and output tiles make the group take
// smaller warp tiles (128 x 128 blocks of 64 x 32 warps), which re-read A
// and B: 654.21 us fused, against 540.67 us for the matmul alone, 37.59 for
// the epilogue and h200's launch of 1.86 us, 580.13 us as two kernels.
// CHECK-LABEL: func.func @gate
// CHECK: linalg.matmul {roller.config = #roller.config<{{[^}]*}}>}
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} attrs = {roller.config = #roller.config<{{[^}]*}}>, roller.unfused} {
// TILE: remark: roller-fuse-epilogues: not fused into the rProgram at {{.*}}: the selection predicted the two kernels faster than the fused one (roller.unfused)
func.func @gate(%a: tensor<2048x4096xf16>, %b: tensor<4096x11008xf16>, %c: tensor<2048x11008xf32>, %up: tensor<2048x11008xf16>, %y0: tensor<2048x11008xf16>) -> tensor<2048x11008xf16> {
  // expected-remark-re @+2 {{roller-select: not fused with its epilogue at {{.*}}: two kernels predicted 580.13 us (540.67 + 37.59 + a launch of 1.86), fused 654.21 us}}
  // expected-remark @+1 {{roller-select: tensor-core}}
  %g = linalg.matmul ins(%a, %b : tensor<2048x4096xf16>, tensor<4096x11008xf16>) outs(%c : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
  // expected-remark @+1 {{roller-select: one-level}}
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%g, %up : tensor<2048x11008xf32>, tensor<2048x11008xf16>) outs(%y0 : tensor<2048x11008xf16>) {
  ^bb0(%v: f32, %u: f16, %o: f16):
    %n = arith.negf %v : f32
    %e = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %e : f32
    %s = arith.divf %v, %d : f32
    %uf = arith.extf %u : f16 to f32
    %m = arith.mulf %s, %uf : f32
    %t = arith.truncf %m : f32 to f16
    linalg.yield %t : f16
  } -> tensor<2048x11008xf16>
  return %y : tensor<2048x11008xf16>
}

// Softmax's divide after its row sum, on rows too short for threads to
// share (31 elements): the rows' second read on the sum's blocks makes the
// group slower than the two kernels alone (8192 rows: 1.31 us fused, 0.56 +
// 0.56 us apart), but not than the two and a launch: it stays fused.
// CHECK-LABEL: func.func @row
// CHECK-NOT: roller.unfused
func.func @row(%x: tensor<8192x31xf32>, %s0: tensor<8192xf32>, %y0: tensor<8192x31xf32>) -> tensor<8192x31xf32> {
  // expected-remark @+1 {{roller-select: one-level}}
  %s = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8192x31xf32>) outs(%s0 : tensor<8192xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %t = arith.addf %acc, %v : f32
    linalg.yield %t : f32
  } -> tensor<8192xf32>
  // expected-remark @+1 {{planned as the epilogue of linalg.generic at}}
  %y = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>, affine_map<(r, c) -> (r, c)>], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<8192x31xf32>, tensor<8192xf32>) outs(%y0 : tensor<8192x31xf32>) {
  ^bb0(%v: f32, %sum: f32, %o: f32):
    %q = arith.divf %v, %sum : f32
    linalg.yield %q : f32
  } -> tensor<8192x31xf32>
  return %y : tensor<8192x31xf32>
}

// -----

// A bias add after a matmul: the group is predicted no slower, so it stays
// (no mark).
// CHECK-LABEL: func.func @bias
// CHECK-NOT: roller.unfused
// TILE: remark: roller-fuse-epilogues: fused as the epilogue of the rProgram at
func.func @bias(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256x256xf32>, %bias: tensor<256xf32>, %d: tensor<256x256xf32>) -> tensor<256x256xf32> {
  // expected-remark @+1 {{fused epilogue: linalg.generic at}}
  %0 = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  // expected-remark @+1 {{planned as the epilogue of linalg.matmul at}}
  %1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%0, %bias : tensor<256x256xf32>, tensor<256xf32>) outs(%d : tensor<256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<256x256xf32>
  return %1 : tensor<256x256xf32>
}
