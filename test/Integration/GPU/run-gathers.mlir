// Gathers (a linalg body reading a tensor at indices it computes: an
// embedding lookup with torch-mlir's bounds checks, nearest 2x upsampling)
// and a concatenation, run end to end on the PTX emulator without host
// fallback (each is a kernel) and checked against the untiled reference and
// the CPU oracle. An id out of the table's range stops the kernel at its
// check (roller-asserts-to-traps), where the reference aborts at the assert.
//
// The reference: the linalg ops lowered by upstream, without rPrograms.
// RUN: roller-opt %s --roller-lower-to-cpu | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s
// The CPU oracle: the same tiles as the kernels, as loops.
// RUN: roller-opt %s --roller-tile="device=h200" --roller-lower-to-cpu 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s
// The GPU path on the emulator, for h200 (sm_90) and a100 (sm_80).
// RUN: rm -rf %t && mkdir -p %t
// RUN: roller-opt %s --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t/h200.ptx 2>/dev/null > %t/h200.mlir
// RUN: mlir-runner %t/h200.mlir -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%roller_emu_runtime | \
// RUN:   FileCheck %s
// RUN: roller-opt %s --roller-tile="device=a100" --convert-to-nvvm 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%roller_emu_runtime | \
// RUN:   FileCheck %s
// The bounds check is a trap in the embedding's kernel, not a call.
// RUN: cat %t/h200.*.ptx | FileCheck %s --check-prefix=PTX
// PTX: trap;
// PTX-NOT: __assertfail
// An id of 10 in a table of 10 rows: the kernel traps on the emulator.
// RUN: not mlir-runner %t/h200.mlir -e main_out_of_range -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%roller_emu_runtime 2>&1 | \
// RUN:   FileCheck %s --check-prefix=TRAP
// TRAP: trap: trap executed (kernel embedding_kernel

// Rows 3, 0, 9 and 7, 7, 1 of table[i][j] = 10 i + j.
// CHECK-LABEL: embedding
// CHECK: sizes = [2, 3, 4]
// CHECK-NEXT{LITERAL}: [[[30,   31,   32,   33],
// CHECK-NEXT{LITERAL}:   [0,   1,   2,   3],
// CHECK-NEXT{LITERAL}:   [90,   91,   92,   93]],
// CHECK-NEXT{LITERAL}:  [[70,   71,   72,   73],
// CHECK-NEXT{LITERAL}:   [70,   71,   72,   73],
// CHECK-NEXT{LITERAL}:   [10,   11,   12,   13]]]
func.func @embedding(%ids: tensor<2x3xi64>, %table: tensor<10x4xf32>) -> tensor<2x3x4xf32> {
  %c0 = arith.constant 0 : i64
  %c10 = arith.constant 10 : i64
  %e = tensor.empty() : tensor<2x3x4xf32>
  %0 = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>,
                       affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ids : tensor<2x3xi64>) outs(%e : tensor<2x3x4xf32>) {
    ^bb0(%id: i64, %out: f32):
      %below = arith.cmpi slt, %id, %c10 : i64
      cf.assert %below, "index must be smaller than dim size"
      %above = arith.cmpi sge, %id, %c0 : i64
      cf.assert %above, "index must be larger or equal to 0"
      %row = arith.index_cast %id : i64 to index
      %col = linalg.index 2 : index
      %v = tensor.extract %table[%row, %col] : tensor<10x4xf32>
      linalg.yield %v : f32
  } -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// x[c][h][w] = 10 c + 3 h + w, each element repeated twice along h and w.
// CHECK-LABEL: upsample
// CHECK: sizes = [1, 2, 4, 6]
// CHECK-NEXT{LITERAL}: [[[[0,   0,   1,   1,   2,   2],
// CHECK-NEXT{LITERAL}:    [0,   0,   1,   1,   2,   2],
// CHECK-NEXT{LITERAL}:    [3,   3,   4,   4,   5,   5],
// CHECK-NEXT{LITERAL}:    [3,   3,   4,   4,   5,   5]],
// CHECK-NEXT{LITERAL}:   [[10,   10,   11,   11,   12,   12],
// CHECK-NEXT{LITERAL}:    [10,   10,   11,   11,   12,   12],
// CHECK-NEXT{LITERAL}:    [13,   13,   14,   14,   15,   15],
// CHECK-NEXT{LITERAL}:    [13,   13,   14,   14,   15,   15]]]]
func.func @upsample(%x: tensor<1x2x2x3xf32>) -> tensor<1x2x4x6xf32> {
  %c2 = arith.constant 2 : index
  %e = tensor.empty() : tensor<1x2x4x6xf32>
  %0 = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%e : tensor<1x2x4x6xf32>) {
    ^bb0(%out: f32):
      %n = linalg.index 0 : index
      %c = linalg.index 1 : index
      %h = linalg.index 2 : index
      %w = linalg.index 3 : index
      %hs = arith.divui %h, %c2 : index
      %ws = arith.divui %w, %c2 : index
      %v = tensor.extract %x[%n, %c, %hs, %ws] : tensor<1x2x2x3xf32>
      linalg.yield %v : f32
  } -> tensor<1x2x4x6xf32>
  return %0 : tensor<1x2x4x6xf32>
}

// x's channels, then x + 100's: copies into the channel slices.
// CHECK-LABEL: concat
// CHECK: sizes = [1, 4, 2, 3]
// CHECK-NEXT{LITERAL}: [[[[0,   1,   2],
// CHECK-NEXT{LITERAL}:    [3,   4,   5]],
// CHECK-NEXT{LITERAL}:   [[10,   11,   12],
// CHECK-NEXT{LITERAL}:    [13,   14,   15]],
// CHECK-NEXT{LITERAL}:   [[100,   101,   102],
// CHECK-NEXT{LITERAL}:    [103,   104,   105]],
// CHECK-NEXT{LITERAL}:   [[110,   111,   112],
// CHECK-NEXT{LITERAL}:    [113,   114,   115]]]]
func.func @concat(%a: tensor<1x2x2x3xf32>, %b: tensor<1x2x2x3xf32>) -> tensor<1x4x2x3xf32> {
  %0 = tensor.concat dim(1) %a, %b : (tensor<1x2x2x3xf32>, tensor<1x2x2x3xf32>) -> tensor<1x4x2x3xf32>
  return %0 : tensor<1x4x2x3xf32>
}

func.func @table() -> tensor<10x4xf32> {
  %c10 = arith.constant 10 : index
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ten = arith.muli %i, %c10 : index
    %v = arith.addi %ten, %j : index
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    tensor.yield %f : f32
  } : tensor<10x4xf32>
  return %t : tensor<10x4xf32>
}

func.func @main() {
  %c0f = arith.constant 0.0 : f32
  %c100f = arith.constant 100.0 : f32
  %table = call @table() : () -> tensor<10x4xf32>
  %ids = arith.constant dense<[[3, 0, 9], [7, 7, 1]]> : tensor<2x3xi64>
  %emb = call @embedding(%ids, %table) : (tensor<2x3xi64>, tensor<10x4xf32>) -> tensor<2x3x4xf32>
  vector.print str "embedding\n"
  %emb_u = tensor.cast %emb : tensor<2x3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%emb_u) : (tensor<*xf32>) -> ()
  %x = call @data(%c0f) : (f32) -> tensor<1x2x2x3xf32>
  %up = call @upsample(%x) : (tensor<1x2x2x3xf32>) -> tensor<1x2x4x6xf32>
  vector.print str "upsample\n"
  %up_u = tensor.cast %up : tensor<1x2x4x6xf32> to tensor<*xf32>
  call @printMemrefF32(%up_u) : (tensor<*xf32>) -> ()
  %a = call @data(%c0f) : (f32) -> tensor<1x2x2x3xf32>
  %b = call @data(%c100f) : (f32) -> tensor<1x2x2x3xf32>
  %cat = call @concat(%a, %b) : (tensor<1x2x2x3xf32>, tensor<1x2x2x3xf32>) -> tensor<1x4x2x3xf32>
  vector.print str "concat\n"
  %cat_u = tensor.cast %cat : tensor<1x4x2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%cat_u) : (tensor<*xf32>) -> ()
  return
}

// [c][h][w] = base + 10 c + 3 h + w.
func.func @data(%base: f32) -> tensor<1x2x2x3xf32> {
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %x = tensor.generate {
  ^bb0(%n: index, %c: index, %h: index, %w: index):
    %tc = arith.muli %c, %c10 : index
    %th = arith.muli %h, %c3 : index
    %s = arith.addi %tc, %th : index
    %v = arith.addi %s, %w : index
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    %g = arith.addf %f, %base : f32
    tensor.yield %g : f32
  } : tensor<1x2x2x3xf32>
  return %x : tensor<1x2x2x3xf32>
}

func.func @main_out_of_range() {
  %table = call @table() : () -> tensor<10x4xf32>
  %ids = arith.constant dense<[[3, 0, 10], [7, 7, 1]]> : tensor<2x3xi64>
  %emb = call @embedding(%ids, %table) : (tensor<2x3xi64>, tensor<10x4xf32>) -> tensor<2x3x4xf32>
  %emb_u = tensor.cast %emb : tensor<2x3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%emb_u) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(tensor<*xf32>)
