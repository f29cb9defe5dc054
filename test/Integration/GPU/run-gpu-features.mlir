// The GPU features the CPU integration tests do not reach, run end to end on
// the PTX emulator and checked against the untiled reference: tensor cores
// with bf16 inputs and with f16 accumulation, a tensor-core config on a shape
// its tiles do not divide (boundary blocks on zero-padded tiles) and one whose
// k step does not divide K (the partial step on the tensor cores too), three
// cp.async stages, and dynamic shared memory beyond 48 KiB. The configs are
// written out (roller.config) so that the features do not depend on the
// model's choice; the PTX checks show each feature is really there.
//
// The inputs and the checksum are those of the CPU integration tests
// (test/Integration/CPU/run-f16.mlir explains them); bf16 inputs are the
// same small integers, exact in bf16.
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
// RUN: cat %t/h200.*.ptx | FileCheck %s --check-prefix=PTX
// RUN: cat %t/a100.*.ptx | FileCheck %s --check-prefix=PTX
// RUN: FileCheck %s --check-prefix=KTAIL < %t/h200.f16_matmul_k_tail_mma_kernel.ptx
// RUN: FileCheck %s --check-prefix=KTAIL < %t/a100.f16_matmul_k_tail_mma_kernel.ptx
// RUN: not grep -q fma.rn %t/h200.f16_matmul_k_tail_mma_kernel.ptx %t/a100.f16_matmul_k_tail_mma_kernel.ptx

// PTX-DAG: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-DAG: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// PTX-DAG: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-DAG: cp.async.wait_group {{[[:space:]]*}}1;
// PTX-DAG: .extern .shared .align 16 .b8 __roller_dynamic_shared_memory[];

// CHECK-LABEL: bf16_matmul
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [1663, 4675880, 81698, 53, 0]

// CHECK-LABEL: f16_acc_matmul
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [1004, 1419362, 40927, 51, 0]

// CHECK-LABEL: f16_matmul_irregular_mma
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [689, 1722184, 7260, 60, 0]

// CHECK-LABEL: f16_matmul_k_tail_mma
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [740, 1894060, 12552, 58, 0]

// CHECK-LABEL: matmul_3_stages
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-714, 749707, 16383, 92, 0]

// CHECK-LABEL: matmul_dynamic_smem
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-9642, -100822204, -209096, 141, 0]

// A 64x64x32 bf16 matmul: tensor cores (mma.sync bf16, f32 accumulation).
func.func @bf16_matmul(%in0: tensor<64x32xbf16>, %in1: tensor<32x64xbf16>) -> tensor<64x64xf32> {
  %empty = tensor.empty() : tensor<64x64xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%in0, %in1 : tensor<64x32xbf16>, tensor<32x64xbf16>) outs(%init : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// A 64x32x32 f16 matmul accumulating in f16 (mma.sync f16.f16.f16.f16).
func.func @f16_acc_matmul(%in0: tensor<64x32xf16>, %in1: tensor<32x32xf16>) -> tensor<64x32xf16> {
  %empty = tensor.empty() : tensor<64x32xf16>
  %fill = arith.constant 0.0 : f16
  %init = linalg.fill ins(%fill : f16) outs(%empty : tensor<64x32xf16>) -> tensor<64x32xf16>
  %r = linalg.matmul ins(%in0, %in1 : tensor<64x32xf16>, tensor<32x32xf16>) outs(%init : tensor<64x32xf16>) -> tensor<64x32xf16>
  return %r : tensor<64x32xf16>
}

// A 72x40x48 f16 matmul with a tensor-core config the tensor does not divide:
// the boundary blocks' warp tiles run mma.sync on zero-padded shared tiles
// and store their accumulators masked, like the interior ones on the
// tensor cores.
func.func @f16_matmul_irregular_mma(%in0: tensor<72x48xf16>, %in1: tensor<48x40xf16>) -> tensor<72x40xf32> {
  %empty = tensor.empty() : tensor<72x40xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<72x40xf32>) -> tensor<72x40xf32>
  %r = linalg.matmul {roller.config = #roller.config<block = <shared, [64, 32, 16]>, thread = <register, [16, 8, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 2, threads = 512, grid = [4], predicted_us = 0.0, bottleneck = global>} ins(%in0, %in1 : tensor<72x48xf16>, tensor<48x40xf16>) outs(%init : tensor<72x40xf32>) -> tensor<72x40xf32>
  return %r : tensor<72x40xf32>
}

// A 72x40x40 f16 matmul with a tensor-core config whose k step (16) does not
// divide K: the partial last step (8) runs mma.sync too, on its shared tiles
// rounded up to 16 with the slab past K zeroed, in the interior and the
// boundary blocks alike: three steps of one m16n8k16 per warp in each
// version of the kernel, and no CUDA-core multiply-add.
// KTAIL-COUNT-6: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// KTAIL-NOT: mma.sync
func.func @f16_matmul_k_tail_mma(%in0: tensor<72x40xf16>, %in1: tensor<40x40xf16>) -> tensor<72x40xf32> {
  %empty = tensor.empty() : tensor<72x40xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<72x40xf32>) -> tensor<72x40xf32>
  %r = linalg.matmul {roller.config = #roller.config<block = <shared, [64, 32, 16]>, thread = <register, [16, 8, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 2, threads = 512, grid = [4], predicted_us = 0.0, bottleneck = global>} ins(%in0, %in1 : tensor<72x40xf16>, tensor<40x40xf16>) outs(%init : tensor<72x40xf32>) -> tensor<72x40xf32>
  return %r : tensor<72x40xf32>
}

// A 128x64x64 f32 matmul staged three deep (cp.async.wait_group 1).
func.func @matmul_3_stages(%in0: tensor<128x64xf32>, %in1: tensor<64x64xf32>, %init: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %r = linalg.matmul {roller.config = #roller.config<block = <shared, [64, 32, 8]>, thread = <register, [8, 4, 1]>, padding = [1, 0], vector_width = 4, stages = 3, threads = 64, grid = [4], predicted_us = 0.0, bottleneck = shared>} ins(%in0, %in1 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%init : tensor<128x64xf32>) -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

// A 256x128x128 f32 matmul whose 2 stages of 128x64 and 64x128 tiles take
// 128 KiB: dynamic shared memory beyond the 48 KiB of static.
func.func @matmul_dynamic_smem(%in0: tensor<256x128xf32>, %in1: tensor<128x128xf32>) -> tensor<256x128xf32> {
  %empty = tensor.empty() : tensor<256x128xf32>
  %fill = arith.constant 0.0 : f32
  %init = linalg.fill ins(%fill : f32) outs(%empty : tensor<256x128xf32>) -> tensor<256x128xf32>
  %r = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 64]>, thread = <register, [8, 8, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 256, grid = [2], predicted_us = 1.0, bottleneck = compute>} ins(%in0, %in1 : tensor<256x128xf32>, tensor<128x128xf32>) outs(%init : tensor<256x128xf32>) -> tensor<256x128xf32>
  return %r : tensor<256x128xf32>
}

func.func @data_2d_f16(%s0: index, %s1: index,
    %k0: index, %k1: index, %q0: index, %q1: index,
    %off: index, %m: index) -> tensor<?x?xf16> {
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
    %f = arith.sitofp %vi : i32 to f16
    tensor.yield %f : f16
  } : tensor<?x?xf16>
  return %data : tensor<?x?xf16>
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

func.func @data_2d_bf16(%s0: index, %s1: index,
    %k0: index, %k1: index, %q0: index, %q1: index,
    %off: index, %m: index) -> tensor<?x?xbf16> {
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
    %fb = arith.bitcast %f : f32 to i32
    %c16 = arith.constant 16 : i32
    %hi = arith.shrui %fb, %c16 : i32
    %hb = arith.trunci %hi : i32 to i16
    %b = arith.bitcast %hb : i16 to bf16
    tensor.yield %b : bf16
  } : tensor<?x?xbf16>
  return %data : tensor<?x?xbf16>
}

func.func @widen_f16(%t: tensor<?xf16>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xf16>
  %w = tensor.generate %n {
  ^bb0(%i: index):
    %x = tensor.extract %t[%i] : tensor<?xf16>
    %y = arith.extf %x : f16 to f32
    tensor.yield %y : f32
  } : tensor<?xf32>
  return %w : tensor<?xf32>
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
  %c11 = arith.constant 11 : index
  %c23 = arith.constant 23 : index
  %c32 = arith.constant 32 : index
  %c37 = arith.constant 37 : index
  %c40 = arith.constant 40 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %c72 = arith.constant 72 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  vector.print str "bf16_matmul\n"
  %bf16_matmul_in0_d = call @data_2d_bf16(%c64, %c32, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xbf16>
  %bf16_matmul_in0 = tensor.cast %bf16_matmul_in0_d : tensor<?x?xbf16> to tensor<64x32xbf16>
  %bf16_matmul_in1_d = call @data_2d_bf16(%c32, %c64, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xbf16>
  %bf16_matmul_in1 = tensor.cast %bf16_matmul_in1_d : tensor<?x?xbf16> to tensor<32x64xbf16>
  %bf16_matmul_r = call @bf16_matmul(%bf16_matmul_in0, %bf16_matmul_in1) : (tensor<64x32xbf16>, tensor<32x64xbf16>) -> tensor<64x64xf32>
  %bf16_matmul_flat = tensor.collapse_shape %bf16_matmul_r [[0, 1]] : tensor<64x64xf32> into tensor<4096xf32>
  %bf16_matmul_dyn = tensor.cast %bf16_matmul_flat : tensor<4096xf32> to tensor<?xf32>
  %bf16_matmul_sum = call @checksum(%bf16_matmul_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %bf16_matmul_u = tensor.cast %bf16_matmul_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%bf16_matmul_u) : (tensor<*xi64>) -> ()
  vector.print str "f16_acc_matmul\n"
  %f16_acc_matmul_in0_d = call @data_2d_f16(%c64, %c32, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_acc_matmul_in0 = tensor.cast %f16_acc_matmul_in0_d : tensor<?x?xf16> to tensor<64x32xf16>
  %f16_acc_matmul_in1_d = call @data_2d_f16(%c32, %c32, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_acc_matmul_in1 = tensor.cast %f16_acc_matmul_in1_d : tensor<?x?xf16> to tensor<32x32xf16>
  %f16_acc_matmul_r = call @f16_acc_matmul(%f16_acc_matmul_in0, %f16_acc_matmul_in1) : (tensor<64x32xf16>, tensor<32x32xf16>) -> tensor<64x32xf16>
  %f16_acc_matmul_flat = tensor.collapse_shape %f16_acc_matmul_r [[0, 1]] : tensor<64x32xf16> into tensor<2048xf16>
  %f16_acc_matmul_dyn = tensor.cast %f16_acc_matmul_flat : tensor<2048xf16> to tensor<?xf16>
  %f16_acc_matmul_w = call @widen_f16(%f16_acc_matmul_dyn) : (tensor<?xf16>) -> tensor<?xf32>
  %f16_acc_matmul_sum = call @checksum(%f16_acc_matmul_w) : (tensor<?xf32>) -> tensor<5xi64>
  %f16_acc_matmul_u = tensor.cast %f16_acc_matmul_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%f16_acc_matmul_u) : (tensor<*xi64>) -> ()
  vector.print str "f16_matmul_irregular_mma\n"
  %f16_matmul_irregular_mma_in0_d = call @data_2d_f16(%c72, %c48, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_matmul_irregular_mma_in0 = tensor.cast %f16_matmul_irregular_mma_in0_d : tensor<?x?xf16> to tensor<72x48xf16>
  %f16_matmul_irregular_mma_in1_d = call @data_2d_f16(%c48, %c40, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_matmul_irregular_mma_in1 = tensor.cast %f16_matmul_irregular_mma_in1_d : tensor<?x?xf16> to tensor<48x40xf16>
  %f16_matmul_irregular_mma_r = call @f16_matmul_irregular_mma(%f16_matmul_irregular_mma_in0, %f16_matmul_irregular_mma_in1) : (tensor<72x48xf16>, tensor<48x40xf16>) -> tensor<72x40xf32>
  %f16_matmul_irregular_mma_flat = tensor.collapse_shape %f16_matmul_irregular_mma_r [[0, 1]] : tensor<72x40xf32> into tensor<2880xf32>
  %f16_matmul_irregular_mma_dyn = tensor.cast %f16_matmul_irregular_mma_flat : tensor<2880xf32> to tensor<?xf32>
  %f16_matmul_irregular_mma_sum = call @checksum(%f16_matmul_irregular_mma_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %f16_matmul_irregular_mma_u = tensor.cast %f16_matmul_irregular_mma_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%f16_matmul_irregular_mma_u) : (tensor<*xi64>) -> ()
  vector.print str "f16_matmul_k_tail_mma\n"
  %f16_matmul_k_tail_mma_in0_d = call @data_2d_f16(%c72, %c40, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_matmul_k_tail_mma_in0 = tensor.cast %f16_matmul_k_tail_mma_in0_d : tensor<?x?xf16> to tensor<72x40xf16>
  %f16_matmul_k_tail_mma_in1_d = call @data_2d_f16(%c40, %c40, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf16>
  %f16_matmul_k_tail_mma_in1 = tensor.cast %f16_matmul_k_tail_mma_in1_d : tensor<?x?xf16> to tensor<40x40xf16>
  %f16_matmul_k_tail_mma_r = call @f16_matmul_k_tail_mma(%f16_matmul_k_tail_mma_in0, %f16_matmul_k_tail_mma_in1) : (tensor<72x40xf16>, tensor<40x40xf16>) -> tensor<72x40xf32>
  %f16_matmul_k_tail_mma_flat = tensor.collapse_shape %f16_matmul_k_tail_mma_r [[0, 1]] : tensor<72x40xf32> into tensor<2880xf32>
  %f16_matmul_k_tail_mma_dyn = tensor.cast %f16_matmul_k_tail_mma_flat : tensor<2880xf32> to tensor<?xf32>
  %f16_matmul_k_tail_mma_sum = call @checksum(%f16_matmul_k_tail_mma_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %f16_matmul_k_tail_mma_u = tensor.cast %f16_matmul_k_tail_mma_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%f16_matmul_k_tail_mma_u) : (tensor<*xi64>) -> ()
  vector.print str "matmul_3_stages\n"
  %matmul_3_stages_in0_d = call @data_2d_f32(%c128, %c64, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_3_stages_in0 = tensor.cast %matmul_3_stages_in0_d : tensor<?x?xf32> to tensor<128x64xf32>
  %matmul_3_stages_in1_d = call @data_2d_f32(%c64, %c64, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_3_stages_in1 = tensor.cast %matmul_3_stages_in1_d : tensor<?x?xf32> to tensor<64x64xf32>
  %matmul_3_stages_in2_d = call @data_2d_f32(%c128, %c64, %c3, %c1, %c1, %c4, %c37, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_3_stages_in2 = tensor.cast %matmul_3_stages_in2_d : tensor<?x?xf32> to tensor<128x64xf32>
  %matmul_3_stages_r = call @matmul_3_stages(%matmul_3_stages_in0, %matmul_3_stages_in1, %matmul_3_stages_in2) : (tensor<128x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
  %matmul_3_stages_flat = tensor.collapse_shape %matmul_3_stages_r [[0, 1]] : tensor<128x64xf32> into tensor<8192xf32>
  %matmul_3_stages_dyn = tensor.cast %matmul_3_stages_flat : tensor<8192xf32> to tensor<?xf32>
  %matmul_3_stages_sum = call @checksum(%matmul_3_stages_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %matmul_3_stages_u = tensor.cast %matmul_3_stages_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%matmul_3_stages_u) : (tensor<*xi64>) -> ()
  vector.print str "matmul_dynamic_smem\n"
  %matmul_dynamic_smem_in0_d = call @data_2d_f32(%c256, %c128, %c7, %c3, %c2, %c9, %c11, %c5) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_dynamic_smem_in0 = tensor.cast %matmul_dynamic_smem_in0_d : tensor<?x?xf32> to tensor<256x128xf32>
  %matmul_dynamic_smem_in1_d = call @data_2d_f32(%c128, %c128, %c2, %c5, %c6, %c1, %c23, %c7) : (index, index, index, index, index, index, index, index) -> tensor<?x?xf32>
  %matmul_dynamic_smem_in1 = tensor.cast %matmul_dynamic_smem_in1_d : tensor<?x?xf32> to tensor<128x128xf32>
  %matmul_dynamic_smem_r = call @matmul_dynamic_smem(%matmul_dynamic_smem_in0, %matmul_dynamic_smem_in1) : (tensor<256x128xf32>, tensor<128x128xf32>) -> tensor<256x128xf32>
  %matmul_dynamic_smem_flat = tensor.collapse_shape %matmul_dynamic_smem_r [[0, 1]] : tensor<256x128xf32> into tensor<32768xf32>
  %matmul_dynamic_smem_dyn = tensor.cast %matmul_dynamic_smem_flat : tensor<32768xf32> to tensor<?xf32>
  %matmul_dynamic_smem_sum = call @checksum(%matmul_dynamic_smem_dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %matmul_dynamic_smem_u = tensor.cast %matmul_dynamic_smem_sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%matmul_dynamic_smem_u) : (tensor<*xi64>) -> ()
  return
}
