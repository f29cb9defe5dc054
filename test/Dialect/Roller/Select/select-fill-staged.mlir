// RUN: roller-opt %s --roller-select="device=h200" 2>/dev/null | FileCheck %s

// A standalone linalg.fill has no reuse (its scalar operand is one cached
// word, not traffic per block): it runs in one level, staged = false.

// A standalone fill runs in one level: staged = false.
// CHECK-LABEL: func.func @fill_alone(
// CHECK: linalg.fill {roller.config = #roller.config<{{.*}}, stages = 1, staged = false,
func.func @fill_alone(%e: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %cst = arith.constant 0.0 : f32
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %f : tensor<512x512xf32>
}
