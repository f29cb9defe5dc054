// RUN: roller-opt %s --split-input-file --roller-tile="device=h200" 2>/dev/null | FileCheck %s
// RUN: roller-opt %s --split-input-file --roller-tile="device=a100" 2>/dev/null | FileCheck %s

// Reductions over two axes that a parallel axis separates (found by
// test/Integration/CPU/differential.py at larger scales): their one-level
// thread tile once held every reduction axis's step (16 x 16 = 256 elements,
// more registers than a thread has), so no schedule fitted and the op stayed
// linalg. The steps of all reduction axes now share a 64-element budget.

// The smallest case that failed: 16x1x16 reduced over [0, 2].
// CHECK-LABEL: func.func @split_16x1x16(
// CHECK: roller.rprogram
func.func @split_16x1x16(%x: tensor<16x1x16xf32>, %o: tensor<1xf32>) -> tensor<1xf32> {
  %r = linalg.reduce ins(%x : tensor<16x1x16xf32>) outs(%o : tensor<1xf32>) dimensions = [0, 2]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %r : tensor<1xf32>
}

// -----

// A 32-wide output between the reduced axes (a max, as linalg.generic).
// CHECK-LABEL: func.func @split_100x32x100(
// CHECK: roller.rprogram
func.func @split_100x32x100(%x: tensor<100x32x100xf32>, %o: tensor<32xf32>) -> tensor<32xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>], iterator_types = ["reduction", "parallel", "reduction"]} ins(%x : tensor<100x32x100xf32>) outs(%o : tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maximumf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<32xf32>
  return %r : tensor<32xf32>
}
