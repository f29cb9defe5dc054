// XFAIL: *
// RUN: roller-opt %s --split-input-file --roller-select="device=h200" | FileCheck %s
// RUN: roller-opt %s --split-input-file --roller-select="device=a100" | FileCheck %s

// BUG: a block is meant to keep a warp's worth of output points unless the
// op has fewer ("Never below a warp's worth of output points per block" in
// ConstructBlockTiles.cpp, commit 138e880), but Constructor::minBusyThreads
// is initialized to 1 and never set, so every such guard is a no-op: a GEMV
// with 4096 outputs gets blocks of 8 outputs on 32 threads (24 idle lanes),
// e.g. matvec -> block = <shared, [8, 8]>, thread = <register, [1, 1]>,
// threads = 32, grid = [512]; the same for reductions and elementwise ops
// (config_reduce_elementwise.mlir: 1 to 8 busy lanes per 32-thread block).

// A 4096-row matvec: each block covers at least 32 rows.
// CHECK-LABEL: func.func @matvec(
// CHECK: roller.config = #roller.config<block = <shared, [{{[0-9]{3,}|[4-9][0-9]|3[2-9]}}, {{[0-9]+}}]>, thread = <register, [1, 1]>
func.func @matvec(%a: tensor<4096x2048xf32>, %x: tensor<2048xf32>, %y: tensor<4096xf32>) -> tensor<4096xf32> {
  %0 = linalg.matvec ins(%a, %x : tensor<4096x2048xf32>, tensor<2048xf32>) outs(%y : tensor<4096xf32>) -> tensor<4096xf32>
  return %0 : tensor<4096xf32>
}

// -----

// An M = 1 matmul with 4096 columns: each block covers at least 32 columns.
// CHECK-LABEL: func.func @mm_m1(
// CHECK: roller.config = #roller.config<block = <shared, [1, {{[0-9]{3,}|[4-9][0-9]|3[2-9]}}, {{[0-9]+}}]>, thread = <register, [1, 1, 1]>
func.func @mm_m1(%a: tensor<1x4096xf32>, %b: tensor<4096x4096xf32>, %c: tensor<1x4096xf32>) -> tensor<1x4096xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<1x4096xf32>, tensor<4096x4096xf32>) outs(%c : tensor<1x4096xf32>) -> tensor<1x4096xf32>
  return %0 : tensor<1x4096xf32>
}

// -----

// A row reduction with 1024 outputs (today: block = <shared, [2, 64]>,
// thread = <register, [1, 64]>, threads = 32: 2 busy lanes): at least 32 rows
// per block.
// CHECK-LABEL: func.func @reduce_last(
// CHECK: roller.config = #roller.config<block = <shared, [{{[0-9]{3,}|[4-9][0-9]|3[2-9]}}, {{[0-9]+}}]>, thread = <register, [1, {{[0-9]+}}]>
func.func @reduce_last(%in: tensor<1024x4096xf32>, %init: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = linalg.reduce ins(%in : tensor<1024x4096xf32>) outs(%init : tensor<1024xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<1024xf32>
}
