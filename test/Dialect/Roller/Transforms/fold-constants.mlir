// RUN: roller-opt %s --split-input-file --roller-fold-constants | FileCheck %s
// RUN: roller-opt %s --split-input-file --roller-fold-constants="max-bytes=8" | FileCheck %s --check-prefix=SMALL
// Large constants (their input is generated: the blobs are over 64 KiB).
// RUN: %python %S/Inputs/large_constants.py | roller-opt --roller-fold-constants | FileCheck %s --check-prefix=LARGE

// A large result becomes a dense_resource blob (128 KiB: over the 64 KiB of
// inline constants); a splat broadcast stays a splat whatever its size; a
// broadcast that would multiply a constant by more than 16 and exceed
// 64 KiB (a 128-element bias over 256 rows) is left to a kernel.
// LARGE-LABEL: func.func @large
// LARGE-DAG: arith.constant dense_resource<roller_folded> : tensor<128x256xf32>
// LARGE-DAG: arith.constant dense<2.000000e+00> : tensor<512x256xf32>
// LARGE-DAG: linalg.broadcast ins(%{{.*}} : tensor<128xf32>)
// LARGE-NOT: linalg.transpose
// LARGE: return

// A weight transpose is done at compile time.
// CHECK-LABEL: func.func @transpose
// CHECK: %[[C:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-NOT: linalg.transpose
// CHECK: return %[[C]]
// Over max-bytes (24 > 8): left as it is.
// SMALL-LABEL: func.func @transpose
// SMALL: linalg.transpose
func.func @transpose() -> tensor<3x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%w : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  return %t : tensor<3x2xf32>
}

// -----

// A broadcast of a bias, and a dense_resource weight (torch-mlir's form).
// CHECK-LABEL: func.func @broadcast
// CHECK: arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [1.000000e+00, 2.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<3x2xf32>
// CHECK-NOT: linalg.broadcast
func.func @broadcast() -> tensor<3x2xf32> {
  %b = arith.constant dense_resource<bias> : tensor<2xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.broadcast ins(%b : tensor<2xf32>) outs(%e : tensor<3x2xf32>) dimensions = [0]
  return %t : tensor<3x2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      bias: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// A generic that only moves an f16 constant (a splat) folds too.
// CHECK-LABEL: func.func @splat_generic
// CHECK: arith.constant dense<1.500000e+00> : tensor<4x2xf16>
// CHECK-NOT: linalg.generic
func.func @splat_generic() -> tensor<4x2xf16> {
  %w = arith.constant dense<1.5> : tensor<2x4xf16>
  %e = tensor.empty() : tensor<4x2xf16>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<2x4xf16>) outs(%e : tensor<4x2xf16>) {
  ^bb0(%x: f16, %o: f16):
    linalg.yield %x : f16
  } -> tensor<4x2xf16>
  return %t : tensor<4x2xf16>
}

// -----

// What computes, or reads something that is not a constant, stays.
// CHECK-LABEL: func.func @not_folded
// CHECK: linalg.transpose
// CHECK: linalg.generic
func.func @not_folded(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>) {
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  %w = arith.constant dense<2.0> : tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<2x3xf32>) outs(%e2 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.negf %a : f32
    linalg.yield %m : f32
  } -> tensor<2x3xf32>
  return %t, %n : tensor<3x2xf32>, tensor<2x3xf32>
}


// -----

// A copy of index elements (no bit width) is not folded, and does not crash
// the pass (found by fuzz/roller_fuzz.py).
// CHECK-LABEL: func.func @index_copy
// CHECK: linalg.copy
func.func @index_copy(%c: tensor<4x4xindex>) -> tensor<4x4xindex> {
  %a = arith.constant dense<1> : tensor<4x4xindex>
  %0 = linalg.copy ins(%a : tensor<4x4xindex>) outs(%c : tensor<4x4xindex>) -> tensor<4x4xindex>
  return %0 : tensor<4x4xindex>
}

// -----

// A fill of 2^63 elements: its byte count does not fit 64 bits, so it is not
// folded (the size check overflowed; UBSan found it under the fuzzer).
// CHECK-LABEL: func.func @fill_overflow
// CHECK: linalg.fill
func.func @fill_overflow() -> tensor<4611686018427387904x2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4611686018427387904x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4611686018427387904x2xf32>) -> tensor<4611686018427387904x2xf32>
  return %f : tensor<4611686018427387904x2xf32>
}

// -----

// A bias broadcast as the initial value of a convolution (torch-mlir's
// Conv2d with a bias) stays a broadcast, for roller-split-bias-init to move
// after the sum; the same broadcast read by an elementwise op folds.
// CHECK-LABEL: func.func @bias_init
// CHECK: %[[B:.*]] = linalg.broadcast
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} outs(%[[B]] : tensor<1x2x4x4xf32>)
// CHECK-LABEL: func.func @bias_read
// CHECK-NOT: linalg.broadcast
// CHECK: arith.constant dense<{{.*}}> : tensor<1x2x4x4xf32>
func.func @bias_init(%x: tensor<1x3x4x4xf32>, %w: tensor<2x3x1x1xf32>) -> tensor<1x2x4x4xf32> {
  %bias = arith.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %b = linalg.broadcast ins(%bias : tensor<2xf32>) outs(%e : tensor<1x2x4x4xf32>) dimensions = [0, 2, 3]
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32>) outs(%b : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}
func.func @bias_read(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %bias = arith.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %b = linalg.broadcast ins(%bias : tensor<2xf32>) outs(%e : tensor<1x2x4x4xf32>) dimensions = [0, 2, 3]
  %0 = linalg.add ins(%x, %b : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) outs(%e : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}
