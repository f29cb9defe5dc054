// XFAIL: *
// RUN: roller-opt %s --split-input-file --roller-select="device=h200" 2>/dev/null | FileCheck %s --check-prefix=H200
// RUN: roller-opt %s --split-input-file --roller-select="device=a100" 2>/dev/null | FileCheck %s --check-prefix=A100

// BUG: the chosen grid leaves SMs idle although the ops are large enough to
// cover them (132 SMs on h200, 108 on a100).
//   The matvec and the M = 1 matmul now pass: their 32 threads share each
//   output's reduction (split reductions, reduce_threads), 512 blocks
//   (predicted 8.1 and 16.2 us on h200, from 29.1 and 58.1).
//   The 1024x4096 row sum passes on a100 (512 blocks of 2 rows) but takes
//   128 blocks of 8 rows over 128 threads on h200 (3.61 us predicted, equal
//   to 1% to the 512-block choice): the model has no term that rewards
//   more resident warps in a memory-bound kernel (latency hiding), so it
//   cannot tell 128 blocks on 132 SMs from 4 blocks an SM.
//   256x256x4096 matmul, a100: block [32, 32, 8], grid = [64] (the model:
//   69.7 us, against 83.5 us for the 256-block 16x16 tile); split-K across
//   blocks would cover the SMs, and is not built.

// A 256x256x4096 matmul covers the SMs.
// H200-LABEL: func.func @mm_small(
// H200: roller.config = #roller.config<{{.*}} grid = [{{[0-9]{4,}|[2-9][0-9][0-9]|1[4-9][0-9]|13[2-9]}}]
// A100-LABEL: func.func @mm_small(
// A100: roller.config = #roller.config<{{.*}} grid = [{{[0-9]{4,}|[2-9][0-9][0-9]|1[1-9][0-9]|10[89]}}]
func.func @mm_small(%a: tensor<256x4096xf32>, %b: tensor<4096x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<256x4096xf32>, tensor<4096x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// A 4096-row matvec covers the SMs.
// H200-LABEL: func.func @matvec(
// H200: roller.config = #roller.config<{{.*}} grid = [{{[0-9]{4,}|[2-9][0-9][0-9]|1[4-9][0-9]|13[2-9]}}]
// A100-LABEL: func.func @matvec(
// A100: roller.config = #roller.config<{{.*}} grid = [{{[0-9]{4,}|[2-9][0-9][0-9]|1[1-9][0-9]|10[89]}}]
func.func @matvec(%a: tensor<4096x2048xf32>, %x: tensor<2048xf32>, %y: tensor<4096xf32>) -> tensor<4096xf32> {
  %0 = linalg.matvec ins(%a, %x : tensor<4096x2048xf32>, tensor<2048xf32>) outs(%y : tensor<4096xf32>) -> tensor<4096xf32>
  return %0 : tensor<4096xf32>
}

// -----

// An M = 1 matmul with 4096 columns covers the SMs.
// H200-LABEL: func.func @mm_m1(
// H200: roller.config = #roller.config<{{.*}} grid = [{{[0-9]{4,}|[2-9][0-9][0-9]|1[4-9][0-9]|13[2-9]}}]
// A100-LABEL: func.func @mm_m1(
// A100: roller.config = #roller.config<{{.*}} grid = [{{[0-9]{4,}|[2-9][0-9][0-9]|1[1-9][0-9]|10[89]}}]
func.func @mm_m1(%a: tensor<1x4096xf32>, %b: tensor<4096x4096xf32>, %c: tensor<1x4096xf32>) -> tensor<1x4096xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<1x4096xf32>, tensor<4096x4096xf32>) outs(%c : tensor<1x4096xf32>) -> tensor<1x4096xf32>
  return %0 : tensor<1x4096xf32>
}

// -----

// A 1024x4096 row sum (16 MiB to read) covers the SMs.
// H200-LABEL: func.func @reduce_rows(
// H200: roller.config = #roller.config<{{.*}} grid = [{{[0-9]{4,}|[2-9][0-9][0-9]|1[4-9][0-9]|13[2-9]}}]
// A100-LABEL: func.func @reduce_rows(
// A100: roller.config = #roller.config<{{.*}} grid = [{{[0-9]{4,}|[2-9][0-9][0-9]|1[1-9][0-9]|10[89]}}]
func.func @reduce_rows(%in: tensor<1024x4096xf32>, %init: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = linalg.reduce ins(%in : tensor<1024x4096xf32>) outs(%init : tensor<1024xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<1024xf32>
}
