// RUN: roller-opt %s --roller-attach-device=device=a100 --transform-interpreter | FileCheck %s
// RUN: roller-opt %s --roller-attach-device=device=a100 --transform-interpreter 2>/dev/null | grep "linalg.matmul {roller.config" > %t.transform
// RUN: roller-opt %s --roller-attach-device=device=a100 --roller-select="rank=2" 2>/dev/null | grep "linalg.matmul {roller.config" > %t.pass
// RUN: diff %t.transform %t.pass

// No device option: the module's roller.device (a100 here) is used and kept.
// rank = 2 attaches the second candidate, the same config --roller-select
// with rank=2 attaches (the diff above).
// CHECK: #roller_a100 = #roller.device<name = "a100"
// CHECK-LABEL: module attributes {roller.device = #roller_a100
// CHECK-NOT: roller.device
// CHECK-LABEL: func.func @module_device
// CHECK: linalg.matmul {roller.config = #roller.config<
// CHECK-NOT: block = <shared, [40, 40, 8]>
// CHECK-SAME: grid = [
module attributes {transform.with_named_sequence} {
  func.func @module_device(%a: tensor<1000x1000xf32>, %b: tensor<1000x1000xf32>,
                           %c: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<1000x1000xf32>, tensor<1000x1000xf32>)
                       outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
    return %0 : tensor<1000x1000xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %configured = transform.roller.select %mm {rank = 2}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
