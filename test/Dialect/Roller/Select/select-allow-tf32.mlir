// RUN: roller-opt %s --split-input-file --roller-select="device=a100 allow-tf32=1" 2>/dev/null | FileCheck %s --check-prefix=TF32
// RUN: roller-opt %s --split-input-file --roller-select="device=a100" 2>/dev/null | FileCheck %s --check-prefix=F32

// allow-tf32 marks the module roller.allow_tf32: its f32 matmuls get
// tensor-core schedules of mma.sync m16n8k8 (TF32), the others stay f32 on
// the CUDA cores (v100, which has no TF32, says so in a remark:
// select-options-errors.mlir).

// TF32-LABEL: module attributes {roller.allow_tf32, roller.device = #roller_a100}
// TF32: linalg.matmul {roller.config = #roller.config<{{.*}} mma = [16, 8, 8],
// F32-LABEL: module attributes {roller.device = #roller_a100}
// F32-NOT: mma =
func.func @mm(%a: tensor<256x128xf32>, %b: tensor<128x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<256x128xf32>, tensor<128x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// The attribute set by hand allows TF32 without the option; an f32 matmul
// into f16 has no TF32 form (mma.sync sums TF32 into f32).

// F32-LABEL: module attributes {roller.allow_tf32, roller.device = #roller_a100}
// F32: func.func @by_hand
// F32: linalg.matmul {roller.config = #roller.config<{{.*}} mma = [16, 8, 8],
// F32: func.func @into_f16
// F32-NOT: mma =
module attributes {roller.allow_tf32} {
  func.func @by_hand(%a: tensor<256x128xf32>, %b: tensor<128x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<256x128xf32>, tensor<128x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
    return %0 : tensor<256x256xf32>
  }
  func.func @into_f16(%a: tensor<256x128xf32>, %b: tensor<128x256xf32>, %c: tensor<256x256xf16>) -> tensor<256x256xf16> {
    %0 = linalg.matmul ins(%a, %b : tensor<256x128xf32>, tensor<128x256xf32>) outs(%c : tensor<256x256xf16>) -> tensor<256x256xf16>
    return %0 : tensor<256x256xf16>
  }
}
