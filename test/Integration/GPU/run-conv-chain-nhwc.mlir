// Two NCHW f16 convolutions with a ReLU between them, as a torch-mlir
// network has them, taken through NHWC (roller-conv-nchw-to-nhwc forced
// before --roller-tile, which the model weighs on larger layers): the
// first one's result transposed back to NCHW, the ReLU and its rounding to
// f16, and the second one's transpose of its input to NHWC become one op
// that reads the NHWC result and writes NHWC (the transposes undo each
// other, roller-fuse-elementwise), the first implicit GEMM's epilogue,
// whose result the second gathers through its pad in runs of channels. On the PTX emulator (under
// its sanitizer) for h200 and a100, and on the CPU oracle, it must print
// what the untiled reference prints. Inputs: small integers (see
// run-conv-nchw.mlir's @data_4d_f32), exact in f16 and in the f32 sums.
// A second function, @residual, adds a basic block's residual (below).
//
// RUN: roller-opt %s --roller-conv-nchw-to-nhwc --roller-tile="device=h200" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=TILED
// RUN: roller-opt %s --roller-conv-nchw-to-nhwc --roller-tile="device=h200" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=KERNELS
// RUN: roller-opt %s --roller-conv-nchw-to-nhwc --roller-tile="device=h200" --convert-to-nvvm="allow-host-fallback=true" 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%roller_emu_runtime | \
// RUN:   FileCheck %s
// RUN: roller-opt %s --roller-conv-nchw-to-nhwc --roller-tile="device=a100" --convert-to-nvvm="allow-host-fallback=true" 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%roller_emu_runtime | \
// RUN:   FileCheck %s
// RUN: roller-opt %s --roller-conv-nchw-to-nhwc --roller-tile="device=h200" --roller-lower-to-cpu 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s
// RUN: roller-opt %s --roller-lower-to-cpu | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s

// The kernels: the input's rounding to f16 and its transpose to NHWC (one
// op), the filters' transposes to HWCF, the two implicit GEMMs (the first
// with the ReLU as its epilogue, writing f16), and the last result's
// transpose to NCHW.
// TILED-LABEL: func.func @chain
// TILED: roller.rprogram ins(%{{.*}} : tensor<2x16x10x10xf32>) outs(%{{.*}} : tensor<2x10x10x16xf16>)
// TILED: roller.rprogram ins(%{{.*}} : tensor<16x16x3x3xf16>) outs(%{{.*}} : tensor<3x3x16x16xf16>)
// TILED: roller.rprogram ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<200x144xf16>, tensor<144x16xf16>, tensor<200x16xf32>) outs(%{{.*}} : tensor<200x16xf16>)
// TILED: roller.rprogram ins(%{{.*}} : tensor<24x16x3x3xf16>) outs(%{{.*}} : tensor<3x3x16x24xf16>)
// TILED: roller.rprogram ins(%{{.*}}, %{{.*}} : tensor<200x144xf16>, tensor<144x24xf16>)
// TILED: roller.rprogram ins(%{{.*}} : tensor<2x10x10x24xf32>) outs(%{{.*}} : tensor<2x24x10x10xf32>)
// KERNELS-LABEL: func.func @chain
// KERNELS-COUNT-6: roller.rprogram ins(
// KERNELS-NOT: roller.rprogram ins(
// KERNELS-LABEL: func.func @residual
// KERNELS-COUNT-6: roller.rprogram ins(
// KERNELS-NOT: roller.rprogram ins(
// KERNELS-LABEL: func.func @to_f16

// The residual: the input's rounding and transpose to NHWC (one op), the
// filters' transposes, the GEMMs, and the add with its transpose back to
// NCHW (one op: the add, sunk into NHWC, reading the second GEMM's NHWC
// result, taken in by the transpose after it; the rounded input it reads
// through its NHWC transpose is fused back into a read of the argument).
// TILED-LABEL: func.func @residual
// TILED: roller.rprogram ins(%{{.*}}, %{{.*}} : tensor<2x10x10x16xf32>, tensor<2x16x10x10xf32>) outs(%{{.*}} : tensor<2x16x10x10xf32>)

// CHECK-LABEL: chain
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-300808, -298973631, -9208652, 807, 0]
// CHECK-LABEL: residual
// CHECK-NEXT: rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [-246926, -235177665, -7977860, 935, 0]

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @chain(%x: tensor<2x16x10x10xf32>, %w1: tensor<16x16x3x3xf16>,
                 %w2: tensor<24x16x3x3xf16>) -> tensor<2x24x10x10xf32> {
  %z = arith.constant 0.0 : f32
  %z16 = arith.constant 0.0 : f16
  %e16 = tensor.empty() : tensor<2x16x10x10xf16>
  %x16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x16x10x10xf32>) outs(%e16 : tensor<2x16x10x10xf16>) {
    ^bb0(%a: f32, %o: f16):
      %t = arith.truncf %a : f32 to f16
      linalg.yield %t : f16
  } -> tensor<2x16x10x10xf16>
  %p1 = tensor.pad %x16 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z16 : f16
  } : tensor<2x16x10x10xf16> to tensor<2x16x12x12xf16>
  %e1 = tensor.empty() : tensor<2x16x10x10xf32>
  %o1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<2x16x10x10xf32>) -> tensor<2x16x10x10xf32>
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p1, %w1 : tensor<2x16x12x12xf16>, tensor<16x16x3x3xf16>) outs(%o1 : tensor<2x16x10x10xf32>) -> tensor<2x16x10x10xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c1 : tensor<2x16x10x10xf32>) outs(%e16 : tensor<2x16x10x10xf16>) {
    ^bb0(%a: f32, %o: f16):
      %m = arith.maximumf %a, %z : f32
      %t = arith.truncf %m : f32 to f16
      linalg.yield %t : f16
  } -> tensor<2x16x10x10xf16>
  %p2 = tensor.pad %r low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z16 : f16
  } : tensor<2x16x10x10xf16> to tensor<2x16x12x12xf16>
  %e2 = tensor.empty() : tensor<2x24x10x10xf32>
  %o2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x24x10x10xf32>) -> tensor<2x24x10x10xf32>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p2, %w2 : tensor<2x16x12x12xf16>, tensor<24x16x3x3xf16>) outs(%o2 : tensor<2x24x10x10xf32>) -> tensor<2x24x10x10xf32>
  return %c2 : tensor<2x24x10x10xf32>
}

// A basic block's residual: the block's input (rounded to f16) is read by
// its first convolution and by the add after its second. Through NHWC, the
// first convolution transposes the input to NHWC; the add, which reads the
// second result transposed back to NCHW and the NCHW input, takes that
// transpose (roller-sink-transposes reads the input through the transpose
// already made of it) and runs in NHWC; one transpose of its result is
// left.
func.func @residual(%x: tensor<2x16x10x10xf32>, %w1: tensor<16x16x3x3xf16>,
                    %w3: tensor<16x16x3x3xf16>) -> tensor<2x16x10x10xf32> {
  %z = arith.constant 0.0 : f32
  %z16 = arith.constant 0.0 : f16
  %e16 = tensor.empty() : tensor<2x16x10x10xf16>
  %x16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x16x10x10xf32>) outs(%e16 : tensor<2x16x10x10xf16>) {
    ^bb0(%a: f32, %o: f16):
      %t = arith.truncf %a : f32 to f16
      linalg.yield %t : f16
  } -> tensor<2x16x10x10xf16>
  %p1 = tensor.pad %x16 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z16 : f16
  } : tensor<2x16x10x10xf16> to tensor<2x16x12x12xf16>
  %e = tensor.empty() : tensor<2x16x10x10xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<2x16x10x10xf32>) -> tensor<2x16x10x10xf32>
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p1, %w1 : tensor<2x16x12x12xf16>, tensor<16x16x3x3xf16>) outs(%o : tensor<2x16x10x10xf32>) -> tensor<2x16x10x10xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c1 : tensor<2x16x10x10xf32>) outs(%e16 : tensor<2x16x10x10xf16>) {
    ^bb0(%a: f32, %out: f16):
      %m = arith.maximumf %a, %z : f32
      %t = arith.truncf %m : f32 to f16
      linalg.yield %t : f16
  } -> tensor<2x16x10x10xf16>
  %p2 = tensor.pad %r low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z16 : f16
  } : tensor<2x16x10x10xf16> to tensor<2x16x12x12xf16>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p2, %w3 : tensor<2x16x12x12xf16>, tensor<16x16x3x3xf16>) outs(%o : tensor<2x16x10x10xf32>) -> tensor<2x16x10x10xf32>
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c2, %x16 : tensor<2x16x10x10xf32>, tensor<2x16x10x10xf16>) outs(%e : tensor<2x16x10x10xf32>) {
    ^bb0(%a: f32, %b: f16, %out: f32):
      %bf = arith.extf %b : f16 to f32
      %s = arith.addf %a, %bf : f32
      linalg.yield %s : f32
  } -> tensor<2x16x10x10xf32>
  return %add : tensor<2x16x10x10xf32>
}

/// `t` rounded to f16 (exact for the small integers of @data_4d_f32).
func.func @to_f16(%t: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?x?x?xf32>
  %d1 = tensor.dim %t, %c1 : tensor<?x?x?x?xf32>
  %d2 = tensor.dim %t, %c2 : tensor<?x?x?x?xf32>
  %d3 = tensor.dim %t, %c3 : tensor<?x?x?x?xf32>
  %r = tensor.generate %d0, %d1, %d2, %d3 {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    %v = tensor.extract %t[%i0, %i1, %i2, %i3] : tensor<?x?x?x?xf32>
    %h = arith.truncf %v : f32 to f16
    tensor.yield %h : f16
  } : tensor<?x?x?x?xf16>
  return %r : tensor<?x?x?x?xf16>
}

func.func @data_4d_f32(%s0: index, %s1: index, %s2: index, %s3: index,
    %k0: index, %k1: index, %k2: index, %k3: index, %q0: index, %q1: index, %q2: index, %q3: index,
    %off: index, %m: index) -> tensor<?x?x?x?xf32> {
  %one = arith.constant 1 : index
  %two = arith.constant 2 : index
  %p = arith.constant 1009 : index
  %h = arith.divui %m, %two : index
  %data = tensor.generate %s0, %s1, %s2, %s3 {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    %ks0 = arith.muli %i0, %k0 : index
    %sum0 = arith.addi %off, %ks0 : index
    %qt0 = arith.muli %i0, %q0 : index
    %tsum0 = arith.addi %one, %qt0 : index
    %ks1 = arith.muli %i1, %k1 : index
    %sum1 = arith.addi %sum0, %ks1 : index
    %qt1 = arith.muli %i1, %q1 : index
    %tsum1 = arith.addi %tsum0, %qt1 : index
    %ks2 = arith.muli %i2, %k2 : index
    %sum2 = arith.addi %sum1, %ks2 : index
    %qt2 = arith.muli %i2, %q2 : index
    %tsum2 = arith.addi %tsum1, %qt2 : index
    %ks3 = arith.muli %i3, %k3 : index
    %sum3 = arith.addi %sum2, %ks3 : index
    %qt3 = arith.muli %i3, %q3 : index
    %tsum3 = arith.addi %tsum2, %qt3 : index
    %st = arith.muli %sum3, %tsum3 : index
    %u = arith.addi %st, %sum3 : index
    %r = arith.remui %u, %p : index
    %rm = arith.remui %r, %m : index
    %v = arith.subi %rm, %h : index
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?x?x?xf32>
  return %data : tensor<?x?x?x?xf32>
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
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c16 = arith.constant 16 : index
  %c23 = arith.constant 23 : index
  %c24 = arith.constant 24 : index
  vector.print str "chain\n"
  %x_d = call @data_4d_f32(%c2, %c16, %c10, %c10, %c7, %c3, %c5, %c2, %c2, %c9, %c4, %c1, %c11, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %x = tensor.cast %x_d : tensor<?x?x?x?xf32> to tensor<2x16x10x10xf32>
  %w1_d = call @data_4d_f32(%c16, %c16, %c3, %c3, %c2, %c5, %c3, %c1, %c6, %c1, %c8, %c3, %c23, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %w1_h = call @to_f16(%w1_d) : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf16>
  %w1 = tensor.cast %w1_h : tensor<?x?x?x?xf16> to tensor<16x16x3x3xf16>
  %w2_d = call @data_4d_f32(%c24, %c16, %c3, %c3, %c3, %c1, %c2, %c5, %c1, %c4, %c7, %c2, %c9, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %w2_h = call @to_f16(%w2_d) : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf16>
  %w2 = tensor.cast %w2_h : tensor<?x?x?x?xf16> to tensor<24x16x3x3xf16>
  %r = call @chain(%x, %w1, %w2) : (tensor<2x16x10x10xf32>, tensor<16x16x3x3xf16>, tensor<24x16x3x3xf16>) -> tensor<2x24x10x10xf32>
  %flat = tensor.collapse_shape %r [[0, 1, 2, 3]] : tensor<2x24x10x10xf32> into tensor<4800xf32>
  %dyn = tensor.cast %flat : tensor<4800xf32> to tensor<?xf32>
  %sum = call @checksum(%dyn) : (tensor<?xf32>) -> tensor<5xi64>
  %u = tensor.cast %sum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()

  vector.print str "residual\n"
  %w3_d = call @data_4d_f32(%c16, %c16, %c3, %c3, %c5, %c2, %c1, %c3, %c4, %c2, %c6, %c1, %c7, %c5) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?x?xf32>
  %w3_h = call @to_f16(%w3_d) : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf16>
  %w3 = tensor.cast %w3_h : tensor<?x?x?x?xf16> to tensor<16x16x3x3xf16>
  %rr = call @residual(%x, %w1, %w3) : (tensor<2x16x10x10xf32>, tensor<16x16x3x3xf16>, tensor<16x16x3x3xf16>) -> tensor<2x16x10x10xf32>
  %rflat = tensor.collapse_shape %rr [[0, 1, 2, 3]] : tensor<2x16x10x10xf32> into tensor<3200xf32>
  %rdyn = tensor.cast %rflat : tensor<3200xf32> to tensor<?xf32>
  %rsum = call @checksum(%rdyn) : (tensor<?xf32>) -> tensor<5xi64>
  %ru = tensor.cast %rsum : tensor<5xi64> to tensor<*xi64>
  call @printMemrefI64(%ru) : (tensor<*xi64>) -> ()
  return
}
