// An elementwise operator whose thread tile is two elements (ReLU on
// 128x1008x42x42, ROLLER's E0: block [1, 1, 42, 42], thread [1, 1, 1, 2]):
// each thread reads and writes its pair with one 8-byte access (the row of
// 42 elements proves 8-byte alignment, not 16).
//
// RUN: rm -f %t.ptx
// RUN: roller-opt %s --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t.ptx -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.ptx

// CHECK: .entry relu_kernel(
// CHECK-NOT: ld.global.b32
// CHECK: ld.global.v2.b32
// CHECK-COUNT-2: max.NaN.f32
// CHECK-NEXT: st.global.v2.b32
// CHECK-NOT: st.global.b32
// No barrier before the exit (roller-map-forall-to-gpu drops the last one).
// CHECK-NOT: bar.sync
// CHECK: ret;
func.func @relu(%x: tensor<128x1008x42x42xf32>) -> tensor<128x1008x42x42xf32> {
  %empty = tensor.empty() : tensor<128x1008x42x42xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<128x1008x42x42xf32>) outs(%empty : tensor<128x1008x42x42xf32>) {
  ^bb0(%in: f32, %out: f32):
    %zero = arith.constant 0.0 : f32
    %max = arith.maximumf %in, %zero : f32
    linalg.yield %max : f32
  } -> tensor<128x1008x42x42xf32>
  return %0 : tensor<128x1008x42x42xf32>
}
