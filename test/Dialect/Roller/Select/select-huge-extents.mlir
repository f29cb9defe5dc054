// RUN: roller-opt %s --split-input-file --roller-select="device=h200" --verify-diagnostics -o /dev/null
// RUN: roller-opt %s --split-input-file --roller-select="device=h200" 2>/dev/null | FileCheck %s

// Extents a hostile or careless input can demand are checked before any
// analysis: an op above the limits (a dimension over 2^31 - 1, more than 2^48
// elements or iteration points) gets a "not supported" remark and stays as it
// was. Before the limits, the add below enumerated 10^12 tile sizes (8.5 GB,
// then an out-of-memory abort).


// A dimension of 5 * 10^11: above the extent limit.
// CHECK-LABEL: func.func @huge_dim(
// CHECK: linalg.generic
// CHECK-NOT: roller.config
func.func @huge_dim(%a: tensor<2x500000000000xf32>, %b: tensor<2x500000000000xf32>) -> tensor<2x500000000000xf32> {
  // expected-remark @below {{roller-select: not supported: operand #0 has a dimension of 500000000000, above the limit of 2147483647 (tensor<2x500000000000xf32>)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x500000000000xf32>) outs(%b : tensor<2x500000000000xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<2x500000000000xf32>
  return %0 : tensor<2x500000000000xf32>
}

// -----

// Every dimension within the limit, but 2^50 elements in all.
// CHECK-LABEL: func.func @huge_count(
// CHECK-NOT: roller.config
func.func @huge_count(%a: tensor<1048576x1073741824xf32>) -> tensor<1048576x1073741824xf32> {
  // expected-remark @below {{roller-select: not supported: operand #0 has more than 2^48 elements (tensor<1048576x1073741824xf32>)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a : tensor<1048576x1073741824xf32>) {
  ^bb0(%y: f32):
    %s = arith.addf %y, %y : f32
    linalg.yield %s : f32
  } -> tensor<1048576x1073741824xf32>
  return %0 : tensor<1048576x1073741824xf32>
}

// -----

// Operands within the limits, but a matmul of 2^20 x 2^20 x 2^20 iterates
// over 2^60 points.
// CHECK-LABEL: func.func @huge_space(
// CHECK-NOT: roller.config
func.func @huge_space(%a: tensor<1048576x1048576xf32>, %b: tensor<1048576x1048576xf32>, %c: tensor<1048576x1048576xf32>) -> tensor<1048576x1048576xf32> {
  // expected-remark @below {{roller-select: not supported: the iteration space has more than 2^48 points}}
  %0 = linalg.matmul ins(%a, %b : tensor<1048576x1048576xf32>, tensor<1048576x1048576xf32>) outs(%c : tensor<1048576x1048576xf32>) -> tensor<1048576x1048576xf32>
  return %0 : tensor<1048576x1048576xf32>
}

// -----

// Within the limits, a billion-element axis fused with another: the
// construction tests only candidate sizes and selects in milliseconds
// (enumerating every representable size took gigabytes).
// CHECK-LABEL: func.func @big_fused(
// CHECK: linalg.generic {{.*}}roller.config = #roller.config<
func.func @big_fused(%a: tensor<4x1000000000xf32>, %b: tensor<4x1000000000xf32>) -> tensor<4x1000000000xf32> {
  // expected-remark @below {{roller-select: }}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x1000000000xf32>) outs(%b : tensor<4x1000000000xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<4x1000000000xf32>
  return %0 : tensor<4x1000000000xf32>
}
