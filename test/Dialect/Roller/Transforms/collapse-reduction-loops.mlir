// RUN: roller-opt %s --split-input-file --roller-collapse-reduction-loops | FileCheck %s

// The mean over H and W of NCHW: one reduction loop over H*W, the input
// collapsed along them, the output (and its fill) as it was.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @spatial_sum
// CHECK: %[[Z:.*]] = linalg.fill
// CHECK: %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : tensor<8x64x7x9xf32> into tensor<8x64x63xf32>
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[C]] : tensor<8x64x63xf32>) outs(%[[Z]] : tensor<8x64xf32>)
// CHECK: return %[[S]]
func.func @spatial_sum(%x: tensor<8x64x7x9xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  %s = linalg.reduce ins(%x : tensor<8x64x7x9xf32>) outs(%z : tensor<8x64xf32>) dimensions = [2, 3]
    (%a: f32, %acc: f32) {
      %t = arith.addf %a, %acc : f32
      linalg.yield %t : f32
    }
  return %s : tensor<8x64xf32>
}

// -----

// Two runs split by a parallel loop, and a run cut where an operand reads
// the loops out of order: the second input reads loop 5 before loops 3
// and 4, so 3 and 4 fold and 5 stays. Every operand is collapsed along
// the folded loops, wherever it reads them.
// CHECK-DAG: #[[YMAP:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>
// CHECK-LABEL: func.func @runs
// CHECK: %[[X:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2], [3, 4], [5]] : tensor<2x3x4x5x6x7xf32> into tensor<6x4x30x7xf32>
// CHECK: %[[Y:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2], [3], [4, 5]] : tensor<2x3x4x7x5x6xf32> into tensor<6x4x7x30xf32>
// CHECK: linalg.generic {indexing_maps = [#{{[^,]*}}, #[[YMAP]], #{{[^,]*}}], iterator_types = ["reduction", "parallel", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[X]], %[[Y]] : tensor<6x4x30x7xf32>, tensor<6x4x7x30xf32>)
func.func @runs(%x: tensor<2x3x4x5x6x7xf32>, %y: tensor<2x3x4x7x5x6xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d5, d3, d4)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d2)>],
                       iterator_types = ["reduction", "reduction", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %y : tensor<2x3x4x5x6x7xf32>, tensor<2x3x4x7x5x6xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %p, %acc : f32
    linalg.yield %t : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// Windows read through sums of loops (pooling, convolutions), single
// reduction loops, ops reading a pad and dynamic shapes stay as they are.
// CHECK-LABEL: func.func @untouched
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.pooling_nchw_sum
// CHECK: linalg.matmul
// CHECK: linalg.reduce
// CHECK: linalg.reduce
func.func @untouched(%x: tensor<1x4x8x8xf32>, %w: tensor<3x3xf32>, %o: tensor<1x4x6x6xf32>,
                     %a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %c: tensor<8x4xf32>,
                     %d: tensor<4x?x5xf32>, %r: tensor<4xf32>, %s: tensor<2x4x3xf32>, %t: tensor<2xf32>)
    -> (tensor<1x4x6x6xf32>, tensor<8x4xf32>, tensor<4xf32>, tensor<2xf32>) {
  %pool = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x4x8x8xf32>, tensor<3x3xf32>) outs(%o : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%c : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dyn = linalg.reduce ins(%d : tensor<4x?x5xf32>) outs(%r : tensor<4xf32>) dimensions = [1, 2]
    (%in: f32, %acc: f32) {
      %u = arith.addf %in, %acc : f32
      linalg.yield %u : f32
    }
  %zero = arith.constant 0.0 : f32
  %pad = tensor.pad %s low[0, 0, 0] high[0, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<2x4x3xf32> to tensor<2x5x3xf32>
  %viapad = linalg.reduce ins(%pad : tensor<2x5x3xf32>) outs(%t : tensor<2xf32>) dimensions = [1, 2]
    (%in: f32, %acc: f32) {
      %u = arith.addf %in, %acc : f32
      linalg.yield %u : f32
    }
  return %pool, %mm, %dyn, %viapad : tensor<1x4x6x6xf32>, tensor<8x4xf32>, tensor<4xf32>, tensor<2xf32>
}

// -----

// A user's roller.config names the loops as written: the op keeps them.
// CHECK-LABEL: func.func @user_config
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.generic {{.*}}roller.config
func.func @user_config(%x: tensor<8x16x4x4xf32>, %o: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction", "reduction"],
                       roller.config = #roller.config<block = <shared, [1, 16, 4, 4]>, thread = <register, [1, 1, 4, 4]>, padding = [0], vector_width = 1, stages = 1, threads = 32, grid = [8], predicted_us = 1.0, bottleneck = global>}
      ins(%x : tensor<8x16x4x4xf32>) outs(%o : tensor<8x16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %u = arith.addf %in, %acc : f32
    linalg.yield %u : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

// InstanceNorm's centering: the reader of the sum walks H and W, which it
// reads from the tensor the sum reads, as the sum does: its loops along
// them fold too, and the two read one collapse of that tensor (the reader
// is then the sum's row epilogue). The reader's result is reshaped back.
// A reader reading H and W transposed, and one with a user's config, keep
// their loops.
// CHECK-LABEL: func.func @row_readers
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[X:[^ ]*]] {{\[}}[0], [1], [2, 3]] : tensor<2x4x5x6xf32> into tensor<2x4x30xf32>
// CHECK-NOT: tensor.collapse_shape %[[X]]
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[C]] : tensor<2x4x30xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[C]], %[[S]] : tensor<2x4x30xf32>, tensor<2x4xf32>)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[R]] {{\[}}[0], [1], [2, 3]] output_shape [2, 4, 5, 6]
// CHECK: %[[T:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[X]], %[[S]] : tensor<2x4x5x6xf32>, tensor<2x4xf32>)
// CHECK: %[[U:.*]] = linalg.generic
// CHECK-SAME: ins(%[[X]], %[[S]] : tensor<2x4x5x6xf32>, tensor<2x4xf32>)
// CHECK-SAME: roller.config
// CHECK: return %[[E]], %[[T]], %[[U]]
#nchw = affine_map<(n, c, h, w) -> (n, c, h, w)>
#nc = affine_map<(n, c, h, w) -> (n, c)>
func.func @row_readers(%x: tensor<2x4x5x6xf32>, %z: tensor<2x4xf32>, %o: tensor<2x4x5x6xf32>, %ot: tensor<2x4x6x5xf32>)
    -> (tensor<2x4x5x6xf32>, tensor<2x4x6x5xf32>, tensor<2x4x5x6xf32>) {
  %s = linalg.reduce ins(%x : tensor<2x4x5x6xf32>) outs(%z : tensor<2x4xf32>) dimensions = [2, 3]
    (%a: f32, %acc: f32) {
      %t = arith.addf %a, %acc : f32
      linalg.yield %t : f32
    }
  %r = linalg.generic {indexing_maps = [#nchw, #nc, #nchw], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<2x4x5x6xf32>, tensor<2x4xf32>) outs(%o : tensor<2x4x5x6xf32>) {
  ^bb0(%a: f32, %m: f32, %out: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<2x4x5x6xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(n, c, w, h) -> (n, c, h, w)>, affine_map<(n, c, w, h) -> (n, c)>, affine_map<(n, c, w, h) -> (n, c, w, h)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<2x4x5x6xf32>, tensor<2x4xf32>) outs(%ot : tensor<2x4x6x5xf32>) {
  ^bb0(%a: f32, %m: f32, %out: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<2x4x6x5xf32>
  %u = linalg.generic {indexing_maps = [#nchw, #nc, #nchw], iterator_types = ["parallel", "parallel", "parallel", "parallel"],
                       roller.config = #roller.config<block = <shared, [1, 4, 5, 6]>, thread = <register, [1, 1, 1, 6]>, padding = [0, 0], vector_width = 1, stages = 1, threads = 32, grid = [2], predicted_us = 1.0, bottleneck = global>}
      ins(%x, %s : tensor<2x4x5x6xf32>, tensor<2x4xf32>) outs(%o : tensor<2x4x5x6xf32>) {
  ^bb0(%a: f32, %m: f32, %out: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<2x4x5x6xf32>
  return %r, %t, %u : tensor<2x4x5x6xf32>, tensor<2x4x6x5xf32>, tensor<2x4x5x6xf32>
}

// -----

// Reduction loops whose merged extent leaves the limits the selection
// schedules (2^62 x 14 elements, above Limits.h's 2^48) are not collapsed:
// the collapse multiplied them into a dynamic `tensor<?xf32>`, which
// `--roller-lower-to-cpu` crashed on (the fuzzer's seed 31).
// CHECK-LABEL: func.func @above_the_limits
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.reduce ins(%{{.*}} : tensor<4611686018427387904x14xf32>) outs(%{{.*}} : tensor<f32>) dimensions = [0, 1]
func.func @above_the_limits(%x: tensor<4611686018427387904x14xf32>, %o: tensor<f32>) -> tensor<f32> {
  %0 = linalg.reduce ins(%x : tensor<4611686018427387904x14xf32>) outs(%o : tensor<f32>) dimensions = [0, 1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<f32>
}
