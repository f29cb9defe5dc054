// RUN: roller-opt %s --split-input-file --roller-drop-keepdim-units | FileCheck %s

// LayerNorm's mean: a sum keeping its reduced axis, then the divide by the
// row length on the 2x16x1 result. Both lose the unit axis; the reshapes
// between them cancel, so the divide reads the sum directly.
// CHECK-LABEL: func.func @mean
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[OUT:.*]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<2x16xf32>)
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[D:.*]] = linalg.generic {{.*}} ins(%[[S]] : tensor<2x16xf32>) outs(%{{.*}} : tensor<2x16xf32>)
// CHECK: arith.divf
// CHECK: %[[R:.*]] = tensor.expand_shape %[[D]] {{\[}}[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
// CHECK: return %[[R]]
func.func @mean(%x: tensor<2x16x64xf32>) -> tensor<2x16x1xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 64.0 : f32
  %e = tensor.empty() : tensor<2x16x1xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<2x16x64xf32>) outs(%z : tensor<2x16x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %a, %acc : f32
    linalg.yield %t : f32
  } -> tensor<2x16x1xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x16x1xf32>) outs(%e : tensor<2x16x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.divf %a, %n : f32
    linalg.yield %d : f32
  } -> tensor<2x16x1xf32>
  return %m : tensor<2x16x1xf32>
}

// -----

// A generic op reading the keepdim result through a broadcast (x - mean)
// reads the rank-reduced sum instead; an elementwise consumer of a named
// op (the matmul) keeps its shape, unit dimension included.
// CHECK-LABEL: func.func @center
// CHECK: %[[S:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2x16xf32>)
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}}, %[[S]] : tensor<2x16x64xf32>, tensor<2x16xf32>)
// CHECK: %[[MM:.*]] = linalg.matmul
// CHECK: linalg.generic {{.*}} ins(%[[MM]] : tensor<1x8xf32>) outs(%{{.*}} : tensor<1x8xf32>)
func.func @center(%x: tensor<2x16x64xf32>, %a: tensor<1x4xf32>, %b: tensor<4x8xf32>) -> (tensor<2x16x64xf32>, tensor<1x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x1xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<2x16x64xf32>) outs(%z : tensor<2x16x1xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %t = arith.addf %v, %acc : f32
    linalg.yield %t : f32
  } -> tensor<2x16x1xf32>
  %e2 = tensor.empty() : tensor<2x16x64xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<2x16x64xf32>, tensor<2x16x1xf32>) outs(%e2 : tensor<2x16x64xf32>) {
  ^bb0(%v: f32, %m: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    linalg.yield %d : f32
  } -> tensor<2x16x64xf32>
  %e3 = tensor.empty() : tensor<1x8xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x8xf32>) -> tensor<1x8xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<1x4xf32>, tensor<4x8xf32>) outs(%z3 : tensor<1x8xf32>) -> tensor<1x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<1x8xf32>) outs(%e3 : tensor<1x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8xf32>
  return %c, %r : tensor<2x16x64xf32>, tensor<1x8xf32>
}

// -----

// A keepdim reduction reading a pad keeps its shape: the pad is read
// through only as the direct input of the reduction's rProgram.
// CHECK-LABEL: func.func @reads_pad
// CHECK: %[[P:.*]] = tensor.pad
// CHECK: linalg.generic {{.*}} ins(%[[P]] : tensor<2x16x66xf32>) outs(%{{.*}} : tensor<2x16x1xf32>)
// CHECK-NOT: tensor.collapse_shape
func.func @reads_pad(%x: tensor<2x16x64xf32>) -> tensor<2x16x1xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1] high[0, 0, 1] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<2x16x64xf32> to tensor<2x16x66xf32>
  %e = tensor.empty() : tensor<2x16x1xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%p : tensor<2x16x66xf32>) outs(%z : tensor<2x16x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %a, %acc : f32
    linalg.yield %t : f32
  } -> tensor<2x16x1xf32>
  return %s : tensor<2x16x1xf32>
}

// -----

// A sum over every axis that is not a unit one keeps its unit parallel
// loop: without it the op would have no parallel loop left (a reduction to
// one value, which Roller does not schedule). Its kept unit dims go, so an
// elementwise reader can be its epilogue (found by the differential test,
// seed 31: a keepdim max of [3, 1, 1, 1] and its bias add stayed two
// kernels).
// CHECK-LABEL: func.func @to_one_value
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[OUT:map[0-9]*]]], iterator_types = ["reduction", "parallel", "reduction"]} {{.*}} outs(%{{.*}} : tensor<1xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[S]], %{{.*}} : tensor<1xf32>, tensor<f32>) outs(%{{.*}} : tensor<1xf32>)
// CHECK: tensor.expand_shape %[[R]] {{\[\[}}0, 1, 2]] output_shape [1, 1, 1] : tensor<1xf32> into tensor<1x1x1xf32>
func.func @to_one_value(%x: tensor<2x1x7xf32>, %b: tensor<1xf32>) -> tensor<1x1x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x1xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (0, d1, 0)>],
                       iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%x : tensor<2x1x7xf32>) outs(%z : tensor<1x1x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %a, %acc : f32
    linalg.yield %t : f32
  } -> tensor<1x1x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s, %b : tensor<1x1x1xf32>, tensor<1xf32>) outs(%e : tensor<1x1x1xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %t = arith.addf %v, %c : f32
    linalg.yield %t : f32
  } -> tensor<1x1x1xf32>
  return %r : tensor<1x1x1xf32>
}
