// RUN: sed 's|DEVICE|%roller_src/examples/devices/h200-half-smem.json|' %s | roller-opt --transform-interpreter | FileCheck %s
// RUN: sed 's|DEVICE|%S/../../Roller/Transforms/Inputs/bad-key.json|' %s | not roller-opt --transform-interpreter 2>&1 | FileCheck %s --check-prefix=BADKEY
// RUN: sed 's|DEVICE|%S/../../Roller/Transforms/Inputs/bad-type.json|' %s | not roller-opt --transform-interpreter 2>&1 | FileCheck %s --check-prefix=BADTYPE

// A JSON device file as the device: used and recorded on the module. A file
// the analysis rejects (a misspelt key) or one whose element type MLIR does
// not know is a definite failure at the transform op (the script stops).
// CHECK: #roller.device<name = "h200-half-smem"
// CHECK-LABEL: func.func @mm
// CHECK: linalg.matmul {roller.config = #roller.config<
// BADKEY: error: {{.*}}smem_per_blok
// BADKEY-NEXT: transform.roller.select
// BADTYPE: error: {{.*}}f12
// BADTYPE-NEXT: transform.roller.select
module attributes {transform.with_named_sequence} {
  func.func @mm(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
    return %0 : tensor<256x256xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %configured = transform.roller.select %mm {device = "DEVICE"}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
