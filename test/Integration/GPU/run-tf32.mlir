// f32 matmuls on TF32 tensor cores (--roller-tile's allow-tf32), run end to
// end on the PTX emulator: each A and B element is rounded to TF32 (10
// mantissa bits, cvt.rna: to nearest, ties away from zero) before the
// mma.sync, whose products are summed in f32. The inputs are chosen so that
// the f32 result, TF32 rounding and TF32 truncation (what the tensor core
// does to unrounded registers) all differ: 1 + 2^-11, a tie, rounds away to
// 1 + 2^-10 (to nearest even it would be 1), and 1 + 3 * 2^-12 rounds up to
// 1 + 2^-10 (truncated, 1). Without allow-tf32 the matmuls stay f32, on the
// CUDA cores, as does the untiled reference and the CPU oracle (which runs
// the tiles as f32 loops).
//
// RUN: roller-opt %s --roller-lower-to-cpu | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s --check-prefix=F32
// RUN: roller-opt %s --roller-tile="device=a100 allow-tf32=1" --roller-lower-to-cpu 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s --check-prefix=F32
// RUN: roller-opt %s --roller-tile="device=a100" --convert-to-nvvm 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%roller_emu_runtime | \
// RUN:   FileCheck %s --check-prefix=F32
// RUN: rm -rf %t && mkdir -p %t
// RUN: roller-opt %s --roller-tile="device=h200 allow-tf32=1" --convert-to-nvvm --ptx-file=%t/h200.ptx 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%roller_emu_runtime | \
// RUN:   FileCheck %s --check-prefix=TF32
// RUN: roller-opt %s --roller-tile="device=a100 allow-tf32=1" --convert-to-nvvm --ptx-file=%t/a100.ptx 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%roller_emu_runtime | \
// RUN:   FileCheck %s --check-prefix=TF32
// The compile pipeline takes the option too.
// RUN: roller-opt %s --pass-pipeline='builtin.module(roller-compile-nvvm{device=a100 allow-tf32=true})' 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%roller_emu_runtime | \
// RUN:   FileCheck %s --check-prefix=TF32
// Both matmuls' kernels multiply on tensor cores only, their inputs rounded.
// RUN: cat %t/h200.tie_kernel.ptx %t/a100.tie_kernel.ptx %t/h200.irregular_kernel.ptx \
// RUN:   %t/a100.irregular_kernel.ptx | FileCheck %s --check-prefix=PTX
// PTX-NOT: fma.rn.f32
// PTX: cvt.rna.tf32.f32
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX-NOT: fma.rn.f32

// The least and greatest element of each product: 32 x (1 + 2^-11) and
// 40 x (1 + 3 * 2^-12) in f32; 32 x (1 + 2^-10) and 40 x (1 + 2^-10) in TF32.
// F32-LABEL: tie
// F32: data =
// F32-NEXT{LITERAL}: [32.0156,  32.0156]
// F32-LABEL: irregular
// F32: data =
// F32-NEXT{LITERAL}: [40.0293,  40.0293]
// TF32-LABEL: tie
// TF32: data =
// TF32-NEXT{LITERAL}: [32.0312,  32.0312]
// TF32-LABEL: irregular
// TF32: data =
// TF32-NEXT{LITERAL}: [40.0391,  40.0391]

// A 64x32 block of 1 + 2^-11 times ones: K = 32.
func.func @tie(%a: tensor<64x32xf32>, %b: tensor<32x48xf32>) -> tensor<64x48xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x48xf32>
  %f = linalg.fill ins(%c0 : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x48xf32>)
                     outs(%f : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %r : tensor<64x48xf32>
}

// Irregular m and n (boundary warp tiles) and B rounded: ones times
// 1 + 3 * 2^-12, K = 40.
func.func @irregular(%a: tensor<20x40xf32>, %b: tensor<40x12xf32>) -> tensor<20x12xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20x12xf32>
  %f = linalg.fill ins(%c0 : f32) outs(%e : tensor<20x12xf32>) -> tensor<20x12xf32>
  %r = linalg.matmul ins(%a, %b : tensor<20x40xf32>, tensor<40x12xf32>)
                     outs(%f : tensor<20x12xf32>) -> tensor<20x12xf32>
  return %r : tensor<20x12xf32>
}

// [min, max] of a matrix (on the host: the inputs are the functions' own).
func.func private @range(%m: tensor<?x?xf32>) -> tensor<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = tensor.dim %m, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %m, %c1 : tensor<?x?xf32>
  %first = tensor.extract %m[%c0, %c0] : tensor<?x?xf32>
  %r:2 = scf.for %i = %c0 to %rows step %c1 iter_args(%lo = %first, %hi = %first) -> (f32, f32) {
    %s:2 = scf.for %j = %c0 to %cols step %c1 iter_args(%l = %lo, %h = %hi) -> (f32, f32) {
      %v = tensor.extract %m[%i, %j] : tensor<?x?xf32>
      %l2 = arith.minimumf %l, %v : f32
      %h2 = arith.maximumf %h, %v : f32
      scf.yield %l2, %h2 : f32, f32
    }
    scf.yield %s#0, %s#1 : f32, f32
  }
  %out = tensor.from_elements %r#0, %r#1 : tensor<2xf32>
  return %out : tensor<2xf32>
}

func.func private @print_range(%m: tensor<?x?xf32>) {
  %r = call @range(%m) : (tensor<?x?xf32>) -> tensor<2xf32>
  %u = tensor.cast %r : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  // 1 + 2^-11 and 1 + 3 * 2^-12.
  %a0 = arith.constant dense<1.00048828125> : tensor<64x32xf32>
  %b0 = arith.constant dense<1.0> : tensor<32x48xf32>
  %r0 = call @tie(%a0, %b0) : (tensor<64x32xf32>, tensor<32x48xf32>) -> tensor<64x48xf32>
  vector.print str "tie\n"
  %d0 = tensor.cast %r0 : tensor<64x48xf32> to tensor<?x?xf32>
  call @print_range(%d0) : (tensor<?x?xf32>) -> ()
  %a1 = arith.constant dense<1.0> : tensor<20x40xf32>
  %b1 = arith.constant dense<1.000732421875> : tensor<40x12xf32>
  %r1 = call @irregular(%a1, %b1) : (tensor<20x40xf32>, tensor<40x12xf32>) -> tensor<20x12xf32>
  vector.print str "irregular\n"
  %d1 = tensor.cast %r1 : tensor<20x12xf32> to tensor<?x?xf32>
  call @print_range(%d1) : (tensor<?x?xf32>) -> ()
  return
}

func.func private @printMemrefF32(tensor<*xf32>)
