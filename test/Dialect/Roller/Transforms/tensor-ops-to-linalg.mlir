// RUN: roller-opt %s --split-input-file --roller-tensor-ops-to-linalg | FileCheck %s

// A constant pad: the padded tensor filled, the source copied into its
// interior through the matching extract_slice/insert_slice pair.
// CHECK-LABEL: func.func @constant_pad
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x8x8xf32>)
// CHECK: arith.constant 0.000000e+00 : f32
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3x10x10xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<2x3x10x10xf32>)
// CHECK: %[[S:.*]] = tensor.extract_slice %[[F]][0, 0, 1, 1] [2, 3, 8, 8] [1, 1, 1, 1]
// CHECK: %[[C:.*]] = linalg.copy ins(%[[X]] : tensor<2x3x8x8xf32>) outs(%[[S]] : tensor<2x3x8x8xf32>)
// CHECK: %[[P:.*]] = tensor.insert_slice %[[C]] into %[[F]][0, 0, 1, 1] [2, 3, 8, 8] [1, 1, 1, 1]
// CHECK: return %[[P]]
func.func @constant_pad(%x: tensor<2x3x8x8xf32>) -> tensor<2x3x10x10xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%n: index, %c: index, %h: index, %w: index):
    tensor.yield %zero : f32
  } : tensor<2x3x8x8xf32> to tensor<2x3x10x10xf32>
  return %p : tensor<2x3x10x10xf32>
}

// -----

// Dynamic shapes are left alone.
// CHECK-LABEL: func.func @dynamic_pad
// CHECK: tensor.pad
func.func @dynamic_pad(%x: tensor<?x8xf32>) -> tensor<?x10xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<?x8xf32> to tensor<?x10xf32>
  return %p : tensor<?x10xf32>
}

// -----

// A generator: a linalg.generic whose body reads its indices.
// CHECK-LABEL: func.func @iota
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x5xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<4x5xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: arith.addi %[[I]], %[[J]] : index
// CHECK-NOT: tensor.generate
func.func @iota() -> tensor<4x5xf32> {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    tensor.yield %f : f32
  } : tensor<4x5xf32>
  return %t : tensor<4x5xf32>
}
