// REQUIRES: ptxas
// The PTX --convert-to-nvvm writes (ptx-file=, one file per kernel here)
// assembles for sm_90 without spills; the matmul's staged tiles take
// (64x(8+1) + 8x32) x 4 = 3328 bytes of shared memory per stage, times the
// config's 2 stages, and one barrier.
//
// RUN: rm -f %t.*.ptx
// RUN: roller-opt %s --roller-tile="device=h200" \
// RUN:   --convert-to-nvvm --ptx-file=%t.ptx -o /dev/null 2>/dev/null
// RUN: %ptxas -arch=sm_90 -v --warn-on-spills %t.matmul_kernel.ptx -o /dev/null 2>&1 | \
// RUN:   FileCheck %s --check-prefix=MATMUL
// RUN: %ptxas -arch=sm_90 -v --warn-on-spills %t.relu_kernel.ptx -o /dev/null 2>&1 | \
// RUN:   FileCheck %s --check-prefix=RELU
// A single kernel goes to the file named by ptx-file itself.
// RUN: roller-opt %S/Inputs/matmul.mlir --roller-tile="device=h200" \
// RUN:   --convert-to-nvvm --ptx-file=%t.single.ptx -o /dev/null 2>/dev/null
// RUN: %ptxas -arch=sm_90 -v %t.single.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=MATMUL

// MATMUL-NOT: warning
// MATMUL: Compiling entry function 'matmul_kernel' for 'sm_90'
// MATMUL: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// MATMUL: used 1 barriers, 6656 bytes smem

// RELU-NOT: warning
// RELU: Compiling entry function 'relu_kernel' for 'sm_90'
// RELU: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

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
