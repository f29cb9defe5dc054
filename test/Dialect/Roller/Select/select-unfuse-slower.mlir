// RUN: roller-opt %s --split-input-file --roller-select="plan-epilogues=1 unfuse-slower=1" --verify-diagnostics | FileCheck %s
// RUN: roller-opt %s --split-input-file --roller-tile="unfuse-slower=1" 2>&1 >/dev/null | FileCheck %s --check-prefix=TILE

// unfuse-slower=1 acts on the comparison the selection makes for every
// planned group: the group's best schedule against the operator's and the
// epilogue's own as two kernels. Where two kernels are predicted faster,
// the operator keeps its schedule alone and the epilogue is marked
// roller.unfused, which --roller-tile carries to its rProgram and
// roller-fuse-epilogues leaves alone.

// Softmax's divide after its row sum, on rows too short for threads to share
// (31 elements, below a warp): the rows' second read on the sum's blocks
// makes the group slower than two kernels (8192 rows: 1.31 us fused, two
// kernels of one round trip each, 0.56 + 0.56 us; shorter or fewer rows
// leave the group faster). (Rows of 1000 are split over the threads of
// each block, and the group is faster fused.)
// CHECK-LABEL: func.func @row
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} attrs = {roller.config = #roller.config<{{[^}]*}}>} {
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} attrs = {roller.config = #roller.config<{{[^}]*}}>, roller.unfused} {
// TILE: remark: roller-fuse-epilogues: not fused into the rProgram at {{.*}}: the selection predicted the two kernels faster than the fused one (roller.unfused)
func.func @row(%x: tensor<8192x31xf32>, %s0: tensor<8192xf32>, %y0: tensor<8192x31xf32>) -> tensor<8192x31xf32> {
  // expected-remark @+2 {{roller-select: not fused with its epilogue at}}
  // expected-remark @+1 {{roller-select: one-level}}
  %s = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8192x31xf32>) outs(%s0 : tensor<8192xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %t = arith.addf %acc, %v : f32
    linalg.yield %t : f32
  } -> tensor<8192xf32>
  // (Two-level since one-level blocks are held to the transaction rule: 8
  // whole rows, whose 8 sums fill a 32-byte transaction.)
  // expected-remark @+1 {{roller-select: two-level}}
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
