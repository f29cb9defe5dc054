// RUN: roller-opt %s --split-input-file --roller-add-unit-parallel-loop | FileCheck %s

// torch's x.mean(): a sum to a 0-d tensor, then a 0-d divide. The sum gets
// a unit parallel loop and its fill a 1-element tensor; the divide reads
// the sum's 1-element result directly (the reshapes between them fold).
// CHECK-LABEL: func.func @mean
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1xf32>
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<1xf32>) -> tensor<1xf32>
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#{{[^,]*}}, #{{[^,]*}}], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%{{.*}} : tensor<4096xf32>) outs(%[[Z]] : tensor<1xf32>)
// CHECK: arith.addf
// CHECK: %[[D:.*]] = linalg.generic {indexing_maps = [#[[ONLY:[^,]*]], #[[ONLY]]], iterator_types = ["parallel"]}
// CHECK-SAME: ins(%[[S]] : tensor<1xf32>) outs(%{{.*}} : tensor<1xf32>)
// CHECK: arith.divf
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[D]] [] : tensor<1xf32> into tensor<f32>
// CHECK: return %[[R]]
func.func @mean(%x: tensor<4096xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 4096.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%x : tensor<4096xf32>) outs(%z : tensor<f32>) dimensions = [0]
    (%a: f32, %acc: f32) {
      %t = arith.addf %a, %acc : f32
      linalg.yield %t : f32
    }
  %m = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%s : tensor<f32>) outs(%e : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.divf %a, %n : f32
    linalg.yield %d : f32
  } -> tensor<f32>
  return %m : tensor<f32>
}

// -----

// A keepdim full reduction writes unit dimensions at 0: they become the
// 1-element tensor too. The input keeps its map, one loop further in, and
// linalg.index counts its loop one further in as well.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[UNIT:.*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-LABEL: func.func @keepdim_indexed
// CHECK: %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<1x1xi32> into tensor<1xi32>
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[UNIT]]], iterator_types = ["parallel", "reduction", "reduction"]}
// CHECK-SAME: outs(%[[C]] : tensor<1xi32>)
// CHECK: linalg.index 2 : index
// CHECK: tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [1, 1] : tensor<1xi32> into tensor<1x1xi32>
func.func @keepdim_indexed(%x: tensor<8x16xi32>, %init: tensor<1x1xi32>) -> tensor<1x1xi32> {
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, 0)>],
                       iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<8x16xi32>) outs(%init : tensor<1x1xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %p = arith.muli %a, %ji : i32
    %t = arith.addi %p, %acc : i32
    linalg.yield %t : i32
  } -> tensor<1x1xi32>
  return %s : tensor<1x1xi32>
}

// -----

// Ops with a parallel loop, dynamic shapes, fills and ops with a user's
// roller.config (which names their loops) are left as they are.
// CHECK-LABEL: func.func @untouched
// CHECK: linalg.reduce
// CHECK: linalg.reduce
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]} {{.*}} attrs =  {roller.config
func.func @untouched(%x: tensor<8x16xf32>, %y: tensor<?xf32>, %o: tensor<8xf32>, %p: tensor<f32>, %v: tensor<16xf32>, %q: tensor<f32>) -> (tensor<8xf32>, tensor<f32>, tensor<f32>) {
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%p : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce ins(%x : tensor<8x16xf32>) outs(%o : tensor<8xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %t = arith.addf %a, %acc : f32
      linalg.yield %t : f32
    }
  %s = linalg.reduce ins(%y : tensor<?xf32>) outs(%z : tensor<f32>) dimensions = [0]
    (%a: f32, %acc: f32) {
      %t = arith.addf %a, %acc : f32
      linalg.yield %t : f32
    }
  %u = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"],
                       roller.config = #roller.config<block = <shared, [16]>, thread = <register, [16]>, padding = [0], vector_width = 1, stages = 1, threads = 32, grid = [1], predicted_us = 1.0, bottleneck = global>}
      ins(%v : tensor<16xf32>) outs(%q : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %a, %acc : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  return %r, %s, %u : tensor<8xf32>, tensor<f32>, tensor<f32>
}

// -----

// A full reduction of more elements than the selection schedules (2^62 x 14,
// above Limits.h's 2^48) keeps its IR: with the unit loop, the folding of its
// reshapes collapsed the input to a dynamic `tensor<?xf32>` (the product
// overflows), which `--roller-lower-to-cpu` crashed on (fuzzer, seed 31).
// CHECK-LABEL: func.func @above_the_limits
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.reduce ins(%{{.*}} : tensor<4611686018427387904x14xf32>) outs(%{{.*}} : tensor<f32>) dimensions = [0, 1]
func.func @above_the_limits(%x: tensor<4611686018427387904x14xf32>, %o: tensor<f32>) -> tensor<f32> {
  %0 = linalg.reduce ins(%x : tensor<4611686018427387904x14xf32>) outs(%o : tensor<f32>) dimensions = [0, 1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<f32>
}
