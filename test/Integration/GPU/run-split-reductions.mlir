// Threads sharing a reduction (roller.config reduce_threads), run end to
// end on the PTX emulator and checked against the untiled reference and the
// CPU oracle: a boundary block (fewer rows than the block tile), threads
// with no element of the row, a row epilogue walked by the same threads, two
// merged sibling sums, an f64 sum whose slots are merged through shared
// memory (no 64-bit shuffle), and a body that reads its iteration index. The configs are written out so that the paths
// do not depend on the model's choice; the PTX checks show the shuffles.
// Inputs and checksums as in run-gpu-features.mlir.
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
// RUN: roller-opt %s --roller-tile="device=h200" --convert-to-nvvm="allow-host-fallback=true" --ptx-file=%t/h200.ptx 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%roller_emu_runtime | \
// RUN:   FileCheck %s
// RUN: roller-opt %s --roller-tile="device=a100" --convert-to-nvvm="allow-host-fallback=true" --ptx-file=%t/a100.ptx 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%roller_emu_runtime | \
// RUN:   FileCheck %s
// RUN: FileCheck %s --check-prefix=SUM < %t/h200.row_sum_boundary_kernel.ptx
// RUN: FileCheck %s --check-prefix=SUM < %t/a100.row_sum_boundary_kernel.ptx
// RUN: FileCheck %s --check-prefix=MAX < %t/h200.row_max_idle_threads_kernel.ptx
// RUN: FileCheck %s --check-prefix=F64 < %t/h200.row_sum_f64_kernel.ptx

// Each value of a warp goes through five shuffle rounds (offsets 1 to 16)
// before the merge; an f64 never does.
// SUM: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// SUM-NEXT: add.f32
// SUM: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// SUM-NEXT: add.f32
// MAX: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// MAX-NEXT: max.NaN.f32
// F64-NOT: shfl.sync
// F64: add.f64

// CHECK-LABEL: row_sum_boundary
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-143,  -790,  -1993,  2,  0]

// CHECK-LABEL: row_max_idle_threads
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [12,  42,  122,  2,  0]

// CHECK-LABEL: centered_rows
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [0,  7750,  72137,  222,  0]

// CHECK-LABEL: sum_and_squares_sum
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-80,  -346,  -838,  19,  0]

// CHECK-LABEL: sum_and_squares_squares
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [3130,  9406,  21846,  643,  0]

// CHECK-LABEL: row_sum_f64
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-143,  -790,  -1993,  2,  0]

// CHECK-LABEL: index_weighted_sum
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-7001,  -35138,  -100071,  318,  0]

// 10 rows of 100 summed in blocks of 4 rows (the last block has 2), each
// row over 32 threads in chunks of 4: the boundary block's slots and merge.
func.func @row_sum_boundary(%x: tensor<10x100xf32>) -> tensor<10xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<10xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<10xf32>) -> tensor<10xf32>
  %r = linalg.reduce ins(%x : tensor<10x100xf32>) outs(%init : tensor<10xf32>) dimensions = [1] {roller.config = #roller.config<block = <shared, [4, 100]>, thread = <register, [4, 2]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [3], predicted_us = 0.0, bottleneck = global, reduce_threads = 32>}
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %r : tensor<10xf32>
}

// 6 rows of 200, their maximum over 64 threads in chunks of 4: threads 50
// to 63 have no element (their slots keep -inf) and still shuffle.
func.func @row_max_idle_threads(%x: tensor<6x200xf32>) -> tensor<6xf32> {
  %lowest = arith.constant 0xFF800000 : f32
  %empty = tensor.empty() : tensor<6xf32>
  %init = linalg.fill ins(%lowest : f32) outs(%empty : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.reduce ins(%x : tensor<6x200xf32>) outs(%init : tensor<6xf32>) dimensions = [1] {roller.config = #roller.config<block = <shared, [4, 200]>, thread = <register, [4, 4]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [2], predicted_us = 0.0, bottleneck = global, reduce_threads = 64>}
    (%a: f32, %b: f32) {
      %m = arith.maximumf %a, %b : f32
      linalg.yield %m : f32
    }
  return %r : tensor<6xf32>
}

// x * 100 - sum(x) per row: the row sum shared by 32 threads, and its row
// epilogue walked by the same threads, each over its chunk of every row of
// the block.
func.func @centered_rows(%x: tensor<10x100xf32>) -> tensor<10x100xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<10xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<10xf32>) -> tensor<10xf32>
  %s = linalg.reduce ins(%x : tensor<10x100xf32>) outs(%init : tensor<10xf32>) dimensions = [1] {roller.config = #roller.config<block = <shared, [4, 100]>, thread = <register, [4, 2]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [3], predicted_us = 0.0, bottleneck = global, reduce_threads = 32>}
    (%a: f32, %b: f32) {
      %t = arith.addf %a, %b : f32
      linalg.yield %t : f32
    }
  %out = tensor.empty() : tensor<10x100xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>, affine_map<(i, k) -> (i, k)>], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<10x100xf32>, tensor<10xf32>) outs(%out : tensor<10x100xf32>) {
  ^bb0(%v: f32, %sum: f32, %o: f32):
    %n = arith.constant 100.0 : f32
    %vn = arith.mulf %v, %n : f32
    %y = arith.subf %vn, %sum : f32
    linalg.yield %y : f32
  } -> tensor<10x100xf32>
  return %r : tensor<10x100xf32>
}

// The sum and the sum of squares of each row in one op (LayerNorm's merged
// sibling reductions): two partial results per thread and row, two merges.
func.func @sum_and_squares(%x: tensor<5x300xf32>) -> (tensor<5xf32>, tensor<5xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<5xf32>) -> tensor<5xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<5x300xf32>) outs(%init, %init : tensor<5xf32>, tensor<5xf32>) attrs = {roller.config = #roller.config<block = <shared, [2, 300]>, thread = <register, [2, 2]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 128, grid = [3], predicted_us = 0.0, bottleneck = global, reduce_threads = 128>} {
  ^bb0(%v: f32, %s: f32, %q: f32):
    %s2 = arith.addf %v, %s : f32
    %vv = arith.mulf %v, %v : f32
    %q2 = arith.addf %vv, %q : f32
    linalg.yield %s2, %q2 : f32, f32
  } -> (tensor<5xf32>, tensor<5xf32>)
  return %r#0, %r#1 : tensor<5xf32>, tensor<5xf32>
}

// An f64 sum: a shuffle moves 32 bits, so its 32 slots are merged through
// shared memory on the GPU path too.
func.func @row_sum_f64(%x: tensor<10x100xf32>) -> tensor<10xf32> {
  %zero = arith.constant 0.0 : f64
  %empty = tensor.empty() : tensor<10xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<10xf64>) -> tensor<10xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<10x100xf32>) outs(%init : tensor<10xf64>) attrs = {roller.config = #roller.config<block = <shared, [4, 100]>, thread = <register, [4, 2]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [3], predicted_us = 0.0, bottleneck = global, reduce_threads = 32>} {
  ^bb0(%v: f32, %s: f64):
    %w = arith.extf %v : f32 to f64
    %t = arith.addf %w, %s : f64
    linalg.yield %t : f64
  } -> tensor<10xf64>
  %out = tensor.empty() : tensor<10xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%r : tensor<10xf64>) outs(%out : tensor<10xf32>) {
  ^bb0(%v: f64, %o: f32):
    %y = arith.truncf %v : f64 to f32
    linalg.yield %y : f32
  } -> tensor<10xf32>
  return %n : tensor<10xf32>
}

// A sum of x[i, k] * k: the body reads its iteration index, which each
// thread's chunk must offset (k = its chunk's start + its position).
func.func @index_weighted_sum(%x: tensor<10x100xf32>) -> tensor<10xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<10xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<10xf32>) -> tensor<10xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<10x100xf32>) outs(%init : tensor<10xf32>) attrs = {roller.config = #roller.config<block = <shared, [4, 100]>, thread = <register, [4, 2]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [3], predicted_us = 0.0, bottleneck = global, reduce_threads = 32>} {
  ^bb0(%v: f32, %s: f32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %w = arith.mulf %v, %kf : f32
    %t = arith.addf %w, %s : f32
    linalg.yield %t : f32
  } -> tensor<10xf32>
  return %r : tensor<10xf32>
}

func.func @data_2d_f32(%s0: index, %s1: index,
    %k0: index, %k1: index, %q0: index, %q1: index,
    %off: index, %m: index) -> tensor<?x?xf32> {
  %one = arith.constant 1 : index
  %two = arith.constant 2 : index
  %p = arith.constant 1009 : index
  %h = arith.divui %m, %two : index
  %data = tensor.generate %s0, %s1 {
  ^bb0(%i0: index, %i1: index):
    %ks0 = arith.muli %i0, %k0 : index
    %sum0 = arith.addi %off, %ks0 : index
    %qt0 = arith.muli %i0, %q0 : index
    %tsum0 = arith.addi %one, %qt0 : index
    %ks1 = arith.muli %i1, %k1 : index
    %sum1 = arith.addi %sum0, %ks1 : index
    %qt1 = arith.muli %i1, %q1 : index
    %tsum1 = arith.addi %tsum0, %qt1 : index
    %st = arith.muli %sum1, %tsum1 : index
    %u = arith.addi %st, %sum1 : index
    %r = arith.remui %u, %p : index
    %rm = arith.remui %r, %m : index
    %v = arith.subi %rm, %h : index
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?xf32>
  return %data : tensor<?x?xf32>
}

func.func @checksum(%t: tensor<?xf32>) -> tensor<5xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %c61 = arith.constant 61 : i64
  %lowest = arith.constant -9223372036854775807 : i64
  %r:5 = scf.for %i = %c0 to %n step %c1
      iter_args(%s = %z, %w1 = %z, %w2 = %z, %mx = %lowest, %bad = %z)
      -> (i64, i64, i64, i64, i64) {
    %x = tensor.extract %t[%i] : tensor<?xf32>
    %xi = arith.fptosi %x : f32 to i64
    %back = arith.sitofp %xi : i64 to f32
    %exact = arith.cmpf oeq, %back, %x : f32
    %notint = arith.select %exact, %z, %one : i64
    %bad2 = arith.addi %bad, %notint : i64
    %ii = arith.index_cast %i : index to i64
    %i1 = arith.addi %ii, %one : i64
    %sq = arith.muli %ii, %ii : i64
    %sqm = arith.remui %sq, %c61 : i64
    %wt = arith.addi %sqm, %one : i64
    %s2 = arith.addi %s, %xi : i64
    %p1 = arith.muli %xi, %i1 : i64
    %w1n = arith.addi %w1, %p1 : i64
    %p2 = arith.muli %xi, %wt : i64
    %w2n = arith.addi %w2, %p2 : i64
    %mxn = arith.maxsi %mx, %xi : i64
    scf.yield %s2, %w1n, %w2n, %mxn, %bad2 : i64, i64, i64, i64, i64
  }
  %res = tensor.from_elements %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<5xi64>
  return %res : tensor<5xi64>
}

func.func private @printMemrefI64(tensor<*xi64>)
    attributes { llvm.emit_c_interface }

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c23 = arith.constant 23 : index
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  %c600 = arith.constant 600 : index
  %c1000 = arith.constant 1000 : index
  %c1500 = arith.constant 1500 : index
  %a_d = call @data_2d_f32(%c10, %c100, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %a_x = tensor.cast %a_d : tensor<?x?xf32> to tensor<10x100xf32>
  %a_r = call @row_sum_boundary(%a_x) : (tensor<10x100xf32>) -> tensor<10xf32>
  vector.print str "row_sum_boundary\n"
  %row_sum_boundary_dyn = tensor.cast %a_r : tensor<10xf32> to tensor<?xf32>
  %row_sum_boundary_sum = call @checksum(%row_sum_boundary_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %row_sum_boundary_u = tensor.cast %row_sum_boundary_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%row_sum_boundary_u) : (tensor<*xi64>) -> ()
  %b_d = call @data_2d_f32(%c6, %c200, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %b_x = tensor.cast %b_d : tensor<?x?xf32> to tensor<6x200xf32>
  %b_r = call @row_max_idle_threads(%b_x) : (tensor<6x200xf32>) -> tensor<6xf32>
  vector.print str "row_max_idle_threads\n"
  %row_max_idle_threads_dyn = tensor.cast %b_r : tensor<6xf32> to tensor<?xf32>
  %row_max_idle_threads_sum = call @checksum(%row_max_idle_threads_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %row_max_idle_threads_u = tensor.cast %row_max_idle_threads_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%row_max_idle_threads_u) : (tensor<*xi64>) -> ()
  %c_d = call @data_2d_f32(%c10, %c100, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %c_x = tensor.cast %c_d : tensor<?x?xf32> to tensor<10x100xf32>
  %c_r = call @centered_rows(%c_x) : (tensor<10x100xf32>) -> tensor<10x100xf32>
  vector.print str "centered_rows\n"
  %centered_rows_flat = tensor.collapse_shape %c_r [[0, 1]] : tensor<10x100xf32> into tensor<1000xf32>
  %centered_rows_dyn = tensor.cast %centered_rows_flat : tensor<1000xf32> to tensor<?xf32>
  %centered_rows_sum = call @checksum(%centered_rows_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %centered_rows_u = tensor.cast %centered_rows_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%centered_rows_u) : (tensor<*xi64>) -> ()
  %d_d = call @data_2d_f32(%c5, %c300, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %d_x = tensor.cast %d_d : tensor<?x?xf32> to tensor<5x300xf32>
  %d_r:2 = call @sum_and_squares(%d_x) : (tensor<5x300xf32>) -> (tensor<5xf32>, tensor<5xf32>)
  vector.print str "sum_and_squares_sum\n"
  %sum_and_squares_sum_dyn = tensor.cast %d_r#0 : tensor<5xf32> to tensor<?xf32>
  %sum_and_squares_sum_sum = call @checksum(%sum_and_squares_sum_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %sum_and_squares_sum_u = tensor.cast %sum_and_squares_sum_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%sum_and_squares_sum_u) : (tensor<*xi64>) -> ()
  vector.print str "sum_and_squares_squares\n"
  %sum_and_squares_squares_dyn = tensor.cast %d_r#1 : tensor<5xf32> to tensor<?xf32>
  %sum_and_squares_squares_sum = call @checksum(%sum_and_squares_squares_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %sum_and_squares_squares_u = tensor.cast %sum_and_squares_squares_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%sum_and_squares_squares_u) : (tensor<*xi64>) -> ()
  %e_d = call @data_2d_f32(%c10, %c100, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %e_x = tensor.cast %e_d : tensor<?x?xf32> to tensor<10x100xf32>
  %e_r = call @row_sum_f64(%e_x) : (tensor<10x100xf32>) -> tensor<10xf32>
  vector.print str "row_sum_f64\n"
  %row_sum_f64_dyn = tensor.cast %e_r : tensor<10xf32> to tensor<?xf32>
  %row_sum_f64_sum = call @checksum(%row_sum_f64_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %row_sum_f64_u = tensor.cast %row_sum_f64_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%row_sum_f64_u) : (tensor<*xi64>) -> ()
  %f_d = call @data_2d_f32(%c10, %c100, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %f_x = tensor.cast %f_d : tensor<?x?xf32> to tensor<10x100xf32>
  %f_r = call @index_weighted_sum(%f_x) : (tensor<10x100xf32>) -> tensor<10xf32>
  vector.print str "index_weighted_sum\n"
  %index_weighted_sum_dyn = tensor.cast %f_r : tensor<10xf32> to tensor<?xf32>
  %index_weighted_sum_sum = call @checksum(%index_weighted_sum_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %index_weighted_sum_u = tensor.cast %index_weighted_sum_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%index_weighted_sum_u) : (tensor<*xi64>) -> ()
  return
}
