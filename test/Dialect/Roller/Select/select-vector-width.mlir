// RUN: roller-opt %s --split-input-file --roller-select="device=h200" | FileCheck %s
// RUN: roller-opt %s --split-input-file --roller-select="device=a100" | FileCheck %s

// An unstaged (one-level) op reads from each thread's own tile: its vector
// width never exceeds the thread tile's contiguous extent.

// An unstaged op never has a vector wider than its innermost thread tile.
// CHECK-LABEL: func.func @map_relu(
// CHECK-NOT: {{thread = <register, \[([0-9]+, )*1\]>, padding = \[[0-9, ]*\], vector_width = [2-9]}}
// CHECK: return
func.func @map_relu(%in: tensor<1024x1024xf32>, %init: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.map ins(%in : tensor<1024x1024xf32>) outs(%init : tensor<1024x1024xf32>)
    (%x: f32, %o: f32) {
      %zero = arith.constant 0.0 : f32
      %r = arith.maximumf %x, %zero : f32
      linalg.yield %r : f32
    }
  return %0 : tensor<1024x1024xf32>
}

// -----

// The same for linalg.add.
// CHECK-LABEL: func.func @add(
// CHECK-NOT: {{thread = <register, \[([0-9]+, )*1\]>, padding = \[[0-9, ]*\], vector_width = [2-9]}}
// CHECK: return
func.func @add(%a: tensor<4096x1024xf32>, %b: tensor<4096x1024xf32>, %init: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %0 = linalg.add ins(%a, %b : tensor<4096x1024xf32>, tensor<4096x1024xf32>) outs(%init : tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  return %0 : tensor<4096x1024xf32>
}
