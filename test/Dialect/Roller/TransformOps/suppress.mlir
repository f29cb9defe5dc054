// RUN: roller-opt %s --transform-interpreter --verify-diagnostics | FileCheck %s

// A silenceable failure inside `failures(suppress)` is not reported (no
// diagnostic is expected here) and changes nothing: the static matmul of the
// same handle gets no config either, since all ops are checked first. The
// script goes on after the suppressed sequence.
// CHECK-LABEL: func.func @mixed
// CHECK-NOT: roller.
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x64xf32>, tensor<64x64xf32>)
// CHECK-NOT: roller.
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<?x64xf32>, tensor<64x64xf32>)
// CHECK-NOT: roller.
// CHECK: return
// CHECK-LABEL: func.func @after
// CHECK: roller.rprogram
module attributes {transform.with_named_sequence} {
  func.func @mixed(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>,
                   %d: tensor<?x64xf32>, %e: tensor<?x64xf32>) -> (tensor<64x64xf32>, tensor<?x64xf32>) {
    %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    %1 = linalg.matmul ins(%d, %b : tensor<?x64xf32>, tensor<64x64xf32>) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
    return %0, %1 : tensor<64x64xf32>, tensor<?x64xf32>
  }

  func.func @after(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    return %0 : tensor<64x64xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mixed = transform.structured.match ops{["func.func"]} attributes{sym_name = "mixed"} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.sequence %mixed : !transform.any_op failures(suppress) {
    ^bb0(%f: !transform.any_op):
      %mm = transform.structured.match ops{["linalg.matmul"]} in %f
          : (!transform.any_op) -> !transform.any_op
      %c = transform.roller.select %mm : (!transform.any_op) -> !transform.any_op
      %p = transform.roller.tile %c : (!transform.any_op) -> !transform.any_op
    }
    %after = transform.structured.match ops{["func.func"]} attributes{sym_name = "after"} in %root
        : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %after
        : (!transform.any_op) -> !transform.any_op
    %c = transform.roller.select %mm : (!transform.any_op) -> !transform.any_op
    %p = transform.roller.tile %c : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
