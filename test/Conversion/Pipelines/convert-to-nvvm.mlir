// --convert-to-nvvm after --roller-tile: host code launching one kernel per
// operator, each serialized as PTX (format=isa) into a gpu.binary. The
// matmul stages its A and B tiles in shared memory (workgroup attributions
// become .shared globals) with cooperative cp.async copies, a wait for each
// step's group and barriers around the compute; the relu has no shared
// tiles.
//
// RUN: roller-opt %s --roller-tile="device=h200" --convert-to-nvvm 2>/dev/null | FileCheck %s
// RUN: roller-opt %s --roller-tile="device=h200" --convert-to-nvvm="chip=sm_80" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=SM80
// RUN: roller-opt %s --roller-tile="device=a100" --convert-to-nvvm 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=SM80

// The one Roller attribute left records the kernels' memref operands for
// the launch description (builtin attributes, which any tool parses).
// CHECK: module attributes {gpu.container_module, roller.launch_operands = [{kernel = "@matmul_kernel::@matmul_kernel", operands = [{align = 16 : i64, func_arg = 0 : i64, type = memref<1024x1024xf32>}
// CHECK-NOT: roller.
// CHECK-LABEL: llvm.func @matmul(
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @matmul_kernel::@matmul_kernel
// CHECK: gpu.binary @matmul_kernel {{ *}}[#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">
// CHECK-SAME: assembly = "
// CHECK-SAME: .version 8.0
// CHECK-SAME: .target sm_90
// CHECK-SAME: .entry matmul_kernel(
// CHECK-SAME: .shared .align {{[0-9]+}} .b8 __wg_matmul_kernel_0[
// CHECK-SAME: .shared .align {{[0-9]+}} .b8 __wg_matmul_kernel_1[
// CHECK-SAME: cp.async
// CHECK-SAME: cp.async.wait_group
// CHECK-SAME: bar.sync
// CHECK-SAME: ld.shared
// The multiply-accumulate contracts into fma (roller-allow-fma-contraction).
// CHECK-SAME: fma.rn.f32
// CHECK-LABEL: llvm.func @relu(
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @relu_kernel::@relu_kernel
// CHECK: gpu.binary @relu_kernel {{ *}}[#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">
// CHECK-SAME: .entry relu_kernel(
// One thread forall and nothing after it: no barrier before the exit.
// CHECK-NOT: bar.sync
// CHECK-SAME: ret;
// CHECK-NOT: gpu.launch {
// CHECK-NOT: gpu.module

// SM80: gpu.binary @matmul_kernel {{ *}}[#gpu.object<#nvvm.target<chip = "sm_80", features = "+ptx70">
// SM80-SAME: .version 7.0
// SM80-SAME: .target sm_80

func.func @matmul(%A: tensor<1024x1024xf32>, %B: tensor<1024x1024xf32>,
                  %C: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<1024x1024xf32>, tensor<1024x1024xf32>)
                     outs(%C : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @relu(%A: tensor<1024x1024xf32>,
                %C: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %cst = arith.constant 0.0 : f32
  %0 = linalg.generic {indexing_maps = [#map, #map],
                       iterator_types = ["parallel", "parallel"]}
      ins(%A : tensor<1024x1024xf32>) outs(%C : tensor<1024x1024xf32>) {
  ^bb0(%a: f32, %c: f32):
    %m = arith.maximumf %a, %cst : f32
    linalg.yield %m : f32
  } -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
