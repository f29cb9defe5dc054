// The committed benchmark suite parses and verifies in roller-opt, has all 119
// operators, and is what bench/suite/gen_suite.py generates from bench/data/.
// RUN: roller-opt %roller_src/bench/suite/roller119.mlir | FileCheck %s
// RUN: roller-opt %roller_src/bench/suite/roller119.mlir | grep -c "func.func @" | FileCheck %s --check-prefix=COUNT
// RUN: roller-opt %roller_src/bench/suite/fp16.mlir | FileCheck %s --check-prefix=FP16
// RUN: python3 %roller_src/bench/suite/gen_suite.py --suite roller119 --out %t.mlir && diff %t.mlir %roller_src/bench/suite/roller119.mlir
// RUN: python3 %roller_src/bench/suite/gen_suite.py --suite fp16 --out %t.fp16.mlir && diff %t.fp16.mlir %roller_src/bench/suite/fp16.mlir

// COUNT: {{^}}119{{$}}

// CHECK-LABEL: func.func @C0(
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<128x128x30x30xf32>, tensor<128x128x3x3xf32>)
// CHECK-SAME: -> tensor<128x128x28x28xf32>
// CHECK-LABEL: func.func @C43(
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-LABEL: func.func @D22(
// CHECK: linalg.depthwise_conv_2d_nchw_chw
// CHECK-LABEL: func.func @E27(
// CHECK: linalg.generic
// CHECK: arith.maximumf
// CHECK-LABEL: func.func @P12(
// CHECK: linalg.pooling_nchw_sum
// CHECK-LABEL: func.func @R3(
// CHECK: linalg.reduce
// CHECK-SAME: dimensions = [2, 3]
// CHECK-LABEL: func.func @M6(
// CHECK: linalg.matmul
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<65536x30522xf32>, tensor<30522x1024xf32>)

// FP16-LABEL: func.func @F15_M3(
// FP16: linalg.matmul
// FP16-SAME: tensor<65536x1024xf16>, tensor<1024x4096xf16>) outs(%{{.*}} : tensor<65536x4096xf32>)
// FP16-LABEL: func.func @F15_M6(
