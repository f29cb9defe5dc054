// RUN: roller-opt %s --split-input-file --transform-interpreter --verify-diagnostics -o /dev/null

// Silenceable failures (the payload is left as it was) are reported when the
// sequence propagates them; definite failures (an unusable device, a rewrite
// that fails after others were made) always are.

module attributes {transform.with_named_sequence} {
  // expected-note @below {{when applied to this op}}
  func.func @not_linalg() {
    return
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg op, got 'func.func'}}
    %c = transform.roller.select %f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @dynamic(%a: tensor<?x64xf32>, %b: tensor<64x64xf32>,
                     %c: tensor<?x64xf32>) -> tensor<?x64xf32> {
    // expected-note @below {{when applied to this op}}
    %0 = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x64xf32>)
                       outs(%c : tensor<?x64xf32>) -> tensor<?x64xf32>
    return %0 : tensor<?x64xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{Roller cannot schedule this op: dynamic shape in operand #0 (tensor<?x64xf32>)}}
    %c = transform.roller.select %mm {device = "h200"}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A user config that does not fit the device is a silenceable failure too.
module attributes {transform.with_named_sequence} {
  func.func @bad_user_config(%A: tensor<256x64xf32>, %B: tensor<64x256xf32>,
                             %C: tensor<256x256xf32>) -> tensor<256x256xf32> {
    // expected-note @below {{when applied to this op}}
    %0 = linalg.matmul {roller.config = #roller.config<
            block = #roller.rtile<shared, [64, 64, 16]>,
            thread = #roller.rtile<register, [4, 4, 1]>, padding = [0, 0],
            vector_width = 4, stages = 2, threads = 128, grid = [16],
            predicted_us = 1.0, bottleneck = compute>}
        ins(%A, %B : tensor<256x64xf32>, tensor<64x256xf32>)
        outs(%C : tensor<256x256xf32>) -> tensor<256x256xf32>
    return %0 : tensor<256x256xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the op's roller.config does not fit device 'h200': roller.config has 128 threads but its block and thread tiles give 256}}
    %c = transform.roller.select %mm : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// An unknown device is a definite failure: reported even where the
// sequence suppresses silenceable ones.
module attributes {transform.with_named_sequence} {
  func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    return %0 : tensor<64x64xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%arg: !transform.any_op):
      %mm = transform.structured.match ops{["linalg.matmul"]} in %arg
          : (!transform.any_op) -> !transform.any_op
      // expected-error @below {{unknown device 'b200': expected one of v100, a100, h100, h200 or the path of a JSON device file}}
      %c = transform.roller.select %mm {device = "b200"}
          : (!transform.any_op) -> !transform.any_op
    }
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    return %0 : tensor<64x64xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot read device file 'does-not-exist/device.json': No such file or directory}}
    %c = transform.roller.select %mm {device = "does-not-exist/device.json"}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  // expected-note @below {{when applied to this op}}
  func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    return %0 : tensor<64x64xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg op, got 'func.func'}}
    %p = transform.roller.tile %f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @no_config(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
    // expected-note @below {{when applied to this op}}
    %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    return %0 : tensor<64x64xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a linalg op with a roller.config (run transform.roller.select first)}}
    %p = transform.roller.tile %mm : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  func.func @rank_mismatch(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
    // expected-note @below {{when applied to this op}}
    %0 = linalg.add {roller.config = #roller.config<
            block = #roller.rtile<shared, [64, 64, 16]>,
            thread = #roller.rtile<register, [4, 4, 1]>, padding = [0, 0],
            vector_width = 4, stages = 2, threads = 256, grid = [16],
            predicted_us = 1.0, bottleneck = compute>}
        ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>)
        outs(%a : tensor<256x256xf32>) -> tensor<256x256xf32>
    return %0 : tensor<256x256xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.add"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the roller.config has rank 3, the op has 2 loops}}
    %p = transform.roller.tile %op : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// What only the rewrite itself finds (here a map it cannot size a tile
// with: i floordiv 2) is silenceable when no op was rewritten yet...
module attributes {transform.with_named_sequence} {
  func.func @nonlinear(%a: tensor<32xf32>, %o: tensor<64xf32>) -> tensor<64xf32> {
    // expected-note @below {{when applied to this op}}
    %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i floordiv 2)>,
                                          affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"],
                         roller.config = #roller.config<
                           block = #roller.rtile<shared, [64]>,
                           thread = #roller.rtile<register, [1]>, padding = [0],
                           vector_width = 1, stages = 1, threads = 64,
                           grid = [1], predicted_us = 1.0,
                           bottleneck = compute>}
        ins(%a : tensor<32xf32>) outs(%o : tensor<64xf32>) {
    ^bb0(%x: f32, %y: f32):
      linalg.yield %x : f32
    } -> tensor<64xf32>
    return %0 : tensor<64xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot rewrite the op into a roller.rprogram: indexing map is not linear}}
    %p = transform.roller.tile %op : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// ... and definite once an earlier op of the handle was rewritten.
module attributes {transform.with_named_sequence} {
  func.func @partial(%a: tensor<64xf32>, %h: tensor<32xf32>, %o: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
    %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"],
                         roller.config = #roller.config<
                           block = #roller.rtile<shared, [64]>,
                           thread = #roller.rtile<register, [1]>, padding = [0],
                           vector_width = 1, stages = 1, threads = 64,
                           grid = [1], predicted_us = 1.0,
                           bottleneck = compute>}
        ins(%a : tensor<64xf32>) outs(%o : tensor<64xf32>) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %x : f32
      linalg.yield %s : f32
    } -> tensor<64xf32>
    // expected-note @below {{when applied to this op}}
    %1 = linalg.generic {indexing_maps = [affine_map<(i) -> (i floordiv 2)>,
                                          affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"],
                         roller.config = #roller.config<
                           block = #roller.rtile<shared, [64]>,
                           thread = #roller.rtile<register, [1]>, padding = [0],
                           vector_width = 1, stages = 1, threads = 64,
                           grid = [1], predicted_us = 1.0,
                           bottleneck = compute>}
        ins(%h : tensor<32xf32>) outs(%o : tensor<64xf32>) {
    ^bb0(%x: f32, %y: f32):
      linalg.yield %x : f32
    } -> tensor<64xf32>
    return %0, %1 : tensor<64xf32>, tensor<64xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%arg: !transform.any_op):
      %ops = transform.structured.match ops{["linalg.generic"]} in %arg
          : (!transform.any_op) -> !transform.any_op
      // expected-error @below {{cannot rewrite the op into a roller.rprogram: indexing map is not linear}}
      // expected-note @below {{1 earlier target(s) were already rewritten}}
      %p = transform.roller.tile %ops : (!transform.any_op) -> !transform.any_op
    }
    transform.yield
  }
}
