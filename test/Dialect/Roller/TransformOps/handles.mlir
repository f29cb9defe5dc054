// RUN: roller-opt %s --split-input-file --transform-interpreter --verify-diagnostics -o /dev/null

// transform.roller.select returns the configured ops and leaves its operand
// handle valid; transform.roller.tile returns the rprograms (which keep the
// op's location) and consumes its operand.
module attributes {transform.with_named_sequence} {
  func.func @two(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>, %c: tensor<128x128xf32>) -> tensor<128x128xf32> {
    // expected-remark @below {{configured}}
    // expected-remark @below {{still valid}}
    // expected-remark @below {{rprogram}}
    %0 = linalg.matmul ins(%a, %b : tensor<128x128xf32>, tensor<128x128xf32>) outs(%c : tensor<128x128xf32>) -> tensor<128x128xf32>
    // expected-remark @below {{configured}}
    // expected-remark @below {{still valid}}
    // expected-remark @below {{rprogram}}
    %1 = linalg.matmul ins(%0, %b : tensor<128x128xf32>, tensor<128x128xf32>) outs(%c : tensor<128x128xf32>) -> tensor<128x128xf32>
    return %1 : tensor<128x128xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %configured = transform.roller.select %mm
        : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %configured, "configured" : !transform.any_op
    transform.debug.emit_remark_at %mm, "still valid" : !transform.any_op
    %programs = transform.roller.tile %configured
        : (!transform.any_op) -> !transform.op<"roller.rprogram">
    transform.debug.emit_remark_at %programs, "rprogram" : !transform.op<"roller.rprogram">
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @consumed(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>, %c: tensor<128x128xf32>) -> tensor<128x128xf32> {
    // expected-note @below {{payload op}}
    %0 = linalg.matmul ins(%a, %b : tensor<128x128xf32>, tensor<128x128xf32>) outs(%c : tensor<128x128xf32>) -> tensor<128x128xf32>
    return %0 : tensor<128x128xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-note @below {{handle to invalidated ops}}
    %configured = transform.roller.select %mm
        : (!transform.any_op) -> !transform.any_op
    // expected-note @below {{invalidated by this transform op that consumes its operand #0}}
    %programs = transform.roller.tile %configured
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{uses a handle invalidated by a previously executed transform op}}
    transform.debug.emit_remark_at %configured, "gone" : !transform.any_op
    transform.yield
  }
}
