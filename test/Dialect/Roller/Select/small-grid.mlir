// RUN: roller-opt %s --split-input-file --roller-select="device=h200" 2>/dev/null | FileCheck %s --check-prefix=H200
// RUN: roller-opt %s --split-input-file --roller-select="device=a100" 2>/dev/null | FileCheck %s --check-prefix=A100

// Was a bug: the chosen grid left SMs idle although the ops are large
// enough to cover them (132 SMs on h200, 108 on a100).
//   The matvec and the M = 1 matmul: their 32 threads share each output's
//   reduction (split reductions, reduce_threads), 512 blocks.
//   The 1024x4096 row sum on h200 took 128 blocks of 8 rows (the model
//   prices 128 blocks on 132 SMs like 4 blocks an SM); the threads-sharing
//   schedules now follow ROLLER's small-operator rule: no more rows per
//   block than leave every SM a block (256 blocks of 4 rows).
//   The 256x256x4096 matmul on a100 took 64 blocks of 32x32: its reduction
//   is now split across blocks (16 slices of 256, 512 blocks, then a
//   combine; predicted 31.2 us against 69.7). The grid checked for it is
//   the first kernel's, the partial products'.

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
