// RUN: roller-opt %s --split-input-file --transform-interpreter | FileCheck %s
// The same scripts in Debian's stock mlir-opt, with Roller as a plugin.
// RUN: mlir-opt --load-dialect-plugin=%roller_plugin --load-pass-plugin=%roller_plugin \
// RUN:   %s --split-input-file --transform-interpreter | FileCheck %s

// transform.roller.select and transform.roller.tile driven by a transform
// script, next to upstream transforms. 1000x1000x1000 tells the devices
// apart: grid [625] on a100, [125] on h200 (as in Select/select-device.mlir).

// An upstream match picks the matmul; Roller configures it for a100 and
// rewrites it into an rprogram; the elementwise op next to it is not in the
// handle and stays as it was. The module records the device.
// CHECK: #roller_a100 = #roller.device<name = "a100"
// CHECK-LABEL: module attributes {roller.device = #roller_a100
// CHECK-LABEL: func.func @mm_relu
// CHECK: %[[MM:.*]] = roller.rprogram ins(%{{.*}}, %{{.*}} : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%{{.*}} : tensor<1000x1000xf32>) config = <block = <shared, [40, 40, 8]>, thread = <register, [5, 5, 1]>, {{.*}}grid = [625]
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic
// CHECK-NOT: roller.config
// CHECK-SAME: ins(%[[MM]] : tensor<1000x1000xf32>)
module attributes {transform.with_named_sequence} {
  func.func @mm_relu(%a: tensor<1000x1000xf32>, %b: tensor<1000x1000xf32>,
                     %c: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<1000x1000xf32>, tensor<1000x1000xf32>)
                       outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
    %1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%0 : tensor<1000x1000xf32>) outs(%c : tensor<1000x1000xf32>) {
    ^bb0(%x: f32, %y: f32):
      %zero = arith.constant 0.0 : f32
      %r = arith.maximumf %x, %zero : f32
      linalg.yield %r : f32
    } -> tensor<1000x1000xf32>
    return %1 : tensor<1000x1000xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %configured = transform.roller.select %mm {device = "a100"}
        : (!transform.any_op) -> !transform.any_op
    %programs = transform.roller.tile %configured
        : (!transform.any_op) -> !transform.op<"roller.rprogram">
    transform.yield
  }
}

// -----

// No device anywhere: h200, which the module then records (its 1000^3
// matmul takes K 40 a step, as config_matmul.mlir explains).
// CHECK: #roller_h200 = #roller.device<name = "h200"
// CHECK-LABEL: module attributes {roller.device = #roller_h200
// CHECK-LABEL: func.func @default_device
// CHECK: roller.rprogram {{.*}}config = <block = <shared, [40, 200, 40]>, thread = <register, [10, 5, 1]>, {{.*}}grid = [125]
module attributes {transform.with_named_sequence} {
  func.func @default_device(%a: tensor<1000x1000xf32>, %b: tensor<1000x1000xf32>,
                            %c: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<1000x1000xf32>, tensor<1000x1000xf32>)
                       outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
    return %0 : tensor<1000x1000xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %configured = transform.roller.select %mm
        : (!transform.any_op) -> !transform.any_op
    %programs = transform.roller.tile %configured
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// An upstream transform first: the matmul generalized into a linalg.generic,
// whose handle Roller takes; the ops of a function are tiled one by one.
// CHECK-LABEL: func.func @generalized
// CHECK: roller.rprogram {{.*}}config = <block = <shared, [40, 200, 40]>
// CHECK-NOT: linalg.
// CHECK: return
module attributes {transform.with_named_sequence} {
  func.func @generalized(%a: tensor<1000x1000xf32>, %b: tensor<1000x1000xf32>,
                         %c: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<1000x1000xf32>, tensor<1000x1000xf32>)
                       outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
    return %0 : tensor<1000x1000xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %generic = transform.structured.generalize %mm
        : (!transform.any_op) -> !transform.op<"linalg.generic">
    %configured = transform.roller.select %generic {device = "h200", top_k = 3}
        : (!transform.op<"linalg.generic">) -> !transform.any_op
    %programs = transform.roller.tile %configured
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
