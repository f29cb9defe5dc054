// RUN: roller-opt %s --split-input-file --roller-fuse-elementwise -verify-diagnostics | FileCheck %s
// The remark names the user and its location.
// RUN: roller-opt %s --split-input-file --roller-fuse-elementwise 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: remark: roller-fuse-elementwise: not fused into linalg.matmul at loc("{{.*}}fuse-elementwise.mlir":[[#]]:{{[0-9]+}}): its user is a named op

#id = affine_map<(d0, d1) -> (d0, d1)>

// A residual add and its ReLU: one generic, the sum in a register.
// CHECK-LABEL: func.func @add_relu
// CHECK-COUNT-1: linalg.generic
// CHECK-SAME: ins(%arg0, %arg1 : tensor<64x64xf32>, tensor<64x64xf32>)
// CHECK: arith.addf
// CHECK-NEXT: arith.maximumf
// CHECK-NOT: linalg.generic
func.func @add_relu(%x: tensor<64x64xf32>, %r: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %r : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
  } -> tensor<64x64xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%add : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.maximumf %a, %zero : f32
      linalg.yield %m : f32
  } -> tensor<64x64xf32>
  return %relu : tensor<64x64xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// A chain of three (cast, scale, square) becomes one op, and that op,
// reading f16 where it writes f32, goes into the row sum after it: the
// sum's blocks read less than before.
// CHECK-LABEL: func.func @chain_into_reduction
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-SAME: ins(%arg0 : tensor<8x128xf16>)
// CHECK: arith.extf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
func.func @chain_into_reduction(%x: tensor<8x128xf16>) -> tensor<8xf32> {
  %c = arith.constant 0.5 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x128xf32>
  %ext = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x128xf16>) outs(%e : tensor<8x128xf32>) {
    ^bb0(%a: f16, %o: f32):
      %f = arith.extf %a : f16 to f32
      linalg.yield %f : f32
  } -> tensor<8x128xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ext : tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.mulf %a, %c : f32
      linalg.yield %m : f32
  } -> tensor<8x128xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%scaled : tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.mulf %a, %a : f32
      linalg.yield %m : f32
  } -> tensor<8x128xf32>
  %init = tensor.empty() : tensor<8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%sq : tensor<8x128xf32>) outs(%fill : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.addf %a, %o : f32
      linalg.yield %s : f32
  } -> tensor<8xf32>
  return %sum : tensor<8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// An add of two tensors reads twice what it writes: fused into the row sum
// it would double what the sum's blocks read, so it stays apart. A cast
// other ops read too is cheap to repeat: each reader gets a copy of its
// own, and the cast itself is gone.
// CHECK-LABEL: func.func @add_into_reduction
// CHECK: %[[ADD:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%arg0, %arg1 : tensor<8x128xf16>, tensor<8x128xf32>)
// CHECK: arith.extf
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-SAME: ins(%[[ADD]] : tensor<8x128xf32>)
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%arg0 : tensor<8x128xf16>)
// CHECK: arith.extf
// CHECK-NOT: linalg.generic
func.func @add_into_reduction(%x: tensor<8x128xf16>, %y: tensor<8x128xf32>) -> (tensor<8xf32>, tensor<8x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x128xf32>
  %ext = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x128xf16>) outs(%e : tensor<8x128xf32>) {
    ^bb0(%a: f16, %o: f32):
      %f = arith.extf %a : f16 to f32
      linalg.yield %f : f32
  } -> tensor<8x128xf32>
  // expected-remark @below {{its user is a reduction, whose few blocks would read more (the producer's inputs) instead (slower in the model), and no sibling reduction reads them}}
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ext, %y : tensor<8x128xf32>, tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
  } -> tensor<8x128xf32>
  %init = tensor.empty() : tensor<8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%add : tensor<8x128xf32>) outs(%fill : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.addf %a, %o : f32
      linalg.yield %s : f32
  } -> tensor<8xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ext : tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
    ^bb0(%a: f32, %o: f32):
      %n = arith.negf %a : f32
      linalg.yield %n : f32
  } -> tensor<8x128xf32>
  return %sum, %neg : tensor<8xf32>, tensor<8x128xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#vec = affine_map<(d0) -> (d0)>

// Not fused: a result with another user that cannot compute it again (the
// function's result), a value its user broadcasts with more than 8 ops
// (computed once per row element), and a named user (a matmul).
// CHECK-LABEL: func.func @refused
// CHECK-COUNT-5: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: linalg.matmul
func.func @refused(%x: tensor<8x128xf32>, %v: tensor<8xf32>, %w: tensor<128x16xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x128xf32>
  // expected-remark @below {{its result has other users, not all of which can compute it again}}
  %exp = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.exp %a : f32
      linalg.yield %r : f32
  } -> tensor<8x128xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%exp : tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
  } -> tensor<8x128xf32>
  %v8 = tensor.empty() : tensor<8xf32>
  // expected-remark @below {{its user reads each element 128 times: it would be computed that often}}
  %half = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%v : tensor<8xf32>) outs(%v8 : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r1 = arith.mulf %a, %a : f32
      %r2 = arith.mulf %r1, %a : f32
      %r3 = arith.mulf %r2, %a : f32
      %r4 = arith.mulf %r3, %a : f32
      %r5 = arith.mulf %r4, %a : f32
      %r6 = arith.mulf %r5, %a : f32
      %r7 = arith.mulf %r6, %a : f32
      %r8 = arith.mulf %r7, %a : f32
      %r = arith.mulf %r8, %a : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %bcast = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %half : tensor<8x128xf32>, tensor<8xf32>) outs(%e : tensor<8x128xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %r = arith.divf %a, %b : f32
      linalg.yield %r : f32
  } -> tensor<8x128xf32>
  // expected-remark @below {{its user is a named op (linalg.matmul): only producers that move elements (transposes) are fused into named contractions}}
  %act = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.tanh %a : f32
      linalg.yield %r : f32
  } -> tensor<8x128xf32>
  %init = tensor.empty() : tensor<8x16xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<8x16xf32>) -> tensor<8x16xf32>
  %mm = linalg.matmul ins(%act, %w : tensor<8x128xf32>, tensor<128x16xf32>) outs(%fill : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %exp, %neg, %bcast, %mm : tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x16xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// Generics on buffers (no results) are left alone.
// CHECK-LABEL: func.func @buffers
// CHECK-COUNT-2: linalg.generic
func.func @buffers(%x: memref<4x4xf32>, %y: memref<4x4xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4x4xf32>) outs(%y : memref<4x4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y : memref<4x4xf32>) outs(%x : memref<4x4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
  }
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A user inside a loop would compute the producer on every iteration.
// CHECK-LABEL: func.func @loop
// CHECK: linalg.generic
// CHECK: scf.for
// CHECK: linalg.generic
func.func @loop(%x: tensor<4x4xf32>, %n: index) -> tensor<4x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4x4xf32>
  // expected-remark @below {{its user is in another block (inside a loop it would compute it on every iteration)}}
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
  } -> tensor<4x4xf32>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %e) -> tensor<4x4xf32> {
    %abs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%neg : tensor<4x4xf32>) outs(%acc : tensor<4x4xf32>) {
      ^bb0(%a: f32, %o: f32):
        %r = math.absf %a : f32
        linalg.yield %r : f32
    } -> tensor<4x4xf32>
    scf.yield %abs : tensor<4x4xf32>
  }
  return %res : tensor<4x4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// A long chain becomes one op (the fusion visits each op once).
// CHECK-LABEL: func.func @long_chain
// CHECK-COUNT-1: linalg.generic
// CHECK-COUNT-6: arith.negf
// CHECK-NOT: linalg.generic
func.func @long_chain(%x: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%0 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%1 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%2 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%3 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %5 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%4 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  return %5 : tensor<8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#diag = affine_map<(d0) -> (d0, d0)>
#vec = affine_map<(d0) -> (d0)>

// A producer that initializes its user's output, and one its user reads
// through a map that is no permutation of its loops (a diagonal: each
// element read at most once, but not every element), stay apart.
// CHECK-LABEL: func.func @not_inputs
// CHECK-COUNT-4: linalg.generic
func.func @not_inputs(%x: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4x4xf32>
  // expected-remark @below {{it is the initial value of its user's output}}
  %init = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
  } -> tensor<4x4xf32>
  %acc = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.addf %a, %o : f32
      linalg.yield %r : f32
  } -> tensor<4x4xf32>
  // expected-remark @below {{its user does not read it through a permutation of its loops}}
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
  } -> tensor<4x4xf32>
  %e4 = tensor.empty() : tensor<4xf32>
  %d = linalg.generic {indexing_maps = [#diag, #vec], iterator_types = ["parallel"]}
      ins(%neg : tensor<4x4xf32>) outs(%e4 : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      linalg.yield %a : f32
  } -> tensor<4xf32>
  return %acc, %d : tensor<4x4xf32>, tensor<4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// LayerNorm's variance as torch writes it: the centered value squared by
// reading it twice. Both reads belong to one user, so the subtraction fuses
// into the square, and the square (reading x and a row mean, no more than
// it writes) into the sum: one op.
// CHECK-LABEL: func.func @square_of_centered
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-SAME: ins(%arg0, %arg1 : tensor<8x64xf32>, tensor<8xf32>)
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @square_of_centered(%x: tensor<8x64xf32>, %mean: tensor<8xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %c = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mean : tensor<8x64xf32>, tensor<8xf32>) outs(%e : tensor<8x64xf32>) {
    ^bb0(%a: f32, %m: f32, %o: f32):
      %d = arith.subf %a, %m : f32
      linalg.yield %d : f32
  } -> tensor<8x64xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %c : tensor<8x64xf32>, tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %m = arith.mulf %a, %b : f32
      linalg.yield %m : f32
  } -> tensor<8x64xf32>
  %init = tensor.empty() : tensor<8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%sq : tensor<8x64xf32>) outs(%fill : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.addf %a, %o : f32
      linalg.yield %s : f32
  } -> tensor<8xf32>
  return %sum : tensor<8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A transpose fuses into its elementwise user as its generic form: the
// user reads the source through the transposed map.
// CHECK-LABEL: func.func @transpose_into_scale
// CHECK: linalg.generic {indexing_maps = [#[[T:.+]], #[[I:.+]]]
// CHECK-SAME: ins(%arg0 : tensor<16x8xf32>)
// CHECK: arith.mulf
// CHECK-NOT: linalg.transpose
func.func @transpose_into_scale(%x: tensor<16x8xf32>) -> tensor<8x16xf32> {
  %s = arith.constant 0.25 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %t = linalg.transpose ins(%x : tensor<16x8xf32>) outs(%e : tensor<8x16xf32>) permutation = [1, 0]
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.mulf %a, %s : f32
      linalg.yield %r : f32
  } -> tensor<8x16xf32>
  return %m : tensor<8x16xf32>
}

// -----

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// A transpose takes its elementwise producer in too. Between two NHWC
// convolutions taken through transposes (roller-conv-nchw-to-nhwc), the
// first one's result back to NCHW, its ReLU and rounding in NCHW, and the
// transpose to NHWC for the next one become one op that reads the NHWC
// result in place and writes NHWC: the two transposes undo each other.
// CHECK: #[[ID:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @transposes_cancel_around_relu
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%arg0 : tensor<2x5x7x3xf32>) outs(%{{.*}} : tensor<2x5x7x3xf16>)
// CHECK: arith.maximumf
// CHECK: arith.truncf
// CHECK-NOT: linalg.transpose
// CHECK: return %[[R]]
func.func @transposes_cancel_around_relu(%nhwc: tensor<2x5x7x3xf32>) -> tensor<2x5x7x3xf16> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x5x7xf32>
  %nchw = linalg.transpose ins(%nhwc : tensor<2x5x7x3xf32>) outs(%e : tensor<2x3x5x7xf32>) permutation = [0, 3, 1, 2]
  %e16 = tensor.empty() : tensor<2x3x5x7xf16>
  %relu = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%nchw : tensor<2x3x5x7xf32>) outs(%e16 : tensor<2x3x5x7xf16>) {
    ^bb0(%a: f32, %o: f16):
      %m = arith.maximumf %a, %z : f32
      %t = arith.truncf %m : f32 to f16
      linalg.yield %t : f16
  } -> tensor<2x3x5x7xf16>
  %back = tensor.empty() : tensor<2x5x7x3xf16>
  %r = linalg.transpose ins(%relu : tensor<2x3x5x7xf16>) outs(%back : tensor<2x5x7x3xf16>) permutation = [0, 2, 3, 1]
  return %r : tensor<2x5x7x3xf16>
}

// -----

// A transpose fuses into the batch matmul reading it (attention's values):
// the matmul becomes a generic contraction reading the source through the
// transposed map, its body still a multiply-add.
// CHECK-DAG: #[[B:.+]] = affine_map<(d0, d1, d2, d3) -> (d3, d0, d2)>
// CHECK-LABEL: func.func @transpose_into_batch_matmul
// CHECK: linalg.generic
// CHECK-SAME: #[[B]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%arg0, %arg1 : tensor<8x16x16xf32>, tensor<16x8x16xf32>)
// CHECK: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.transpose
// CHECK-NOT: linalg.batch_matmul
func.func @transpose_into_batch_matmul(%p: tensor<8x16x16xf32>, %v: tensor<16x8x16xf32>) -> tensor<8x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16x16xf32>
  %t = linalg.transpose ins(%v : tensor<16x8x16xf32>) outs(%e : tensor<8x16x16xf32>) permutation = [1, 0, 2]
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  %mm = linalg.batch_matmul ins(%p, %t : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%fill : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  return %mm : tensor<8x16x16xf32>
}

// -----

// A transpose read by a matmul and by a return: moving elements is cheap to
// repeat, so the matmul takes a copy of it in (a weight read transposed)
// and the original stays for the return.
// CHECK-LABEL: func.func @shared_transpose_into_matmul
// CHECK: linalg.transpose
// CHECK: linalg.generic
// CHECK-SAME: ins(%arg0, %arg1 : tensor<8x16xf32>, tensor<32x16xf32>)
// CHECK-NOT: linalg.matmul
func.func @shared_transpose_into_matmul(%a: tensor<8x16xf32>, %w: tensor<32x16xf32>) -> (tensor<8x32xf32>, tensor<16x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %t = linalg.transpose ins(%w : tensor<32x16xf32>) outs(%e : tensor<16x32xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<8x32xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%o : tensor<8x32xf32>) -> tensor<8x32xf32>
  %mm = linalg.matmul ins(%a, %t : tensor<8x16xf32>, tensor<16x32xf32>) outs(%fill : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %mm, %t : tensor<8x32xf32>, tensor<16x32xf32>
}

// -----

#diag = affine_map<(d0, d1) -> (d0, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// A transpose read along its diagonal (a map that is not a projected
// permutation): its elements would be read from the source through a map
// no fused op can express. Left alone.
// CHECK-LABEL: func.func @transpose_read_diagonally
// CHECK: linalg.transpose
// CHECK: linalg.generic
func.func @transpose_read_diagonally(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-remark @below {{its user does not read it through a projected permutation of its loops}}
  %t = linalg.transpose ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<8x8xf32>
  %add = linalg.generic {indexing_maps = [#diag, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t, %y : tensor<8x8xf32>, tensor<8x8xf32>) outs(%o : tensor<8x8xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
  } -> tensor<8x8xf32>
  return %add : tensor<8x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#id1 = affine_map<(d0, d1) -> (d0, d1)>

// A few scalar ops on a reduced tensor (LayerNorm's rsqrt(var / N + eps),
// on a kept unit dim) read through a broadcast are computed again by their
// reader: it then reads the reduction's result itself.
// CHECK-LABEL: func.func @recomputed_through_broadcast
// CHECK: %[[VAR:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[VAR]] : tensor<8x64xf32>, tensor<8x1xf32>)
// CHECK: arith.divf
// CHECK: math.rsqrt
// CHECK: arith.mulf
// CHECK-NOT: linalg.generic
func.func @recomputed_through_broadcast(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 64.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e1 = tensor.empty() : tensor<8x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x1xf32>) -> tensor<8x1xf32>
  %var = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x64xf32>) outs(%f : tensor<8x1xf32>) {
    ^bb0(%a: f32, %o: f32):
      %sq = arith.mulf %a, %a : f32
      %r = arith.addf %sq, %o : f32
      linalg.yield %r : f32
  } -> tensor<8x1xf32>
  %rstd = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel", "parallel"]}
      ins(%var : tensor<8x1xf32>) outs(%e1 : tensor<8x1xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.divf %a, %n : f32
      %p = arith.addf %m, %eps : f32
      %r = math.rsqrt %p : f32
      linalg.yield %r : f32
  } -> tensor<8x1xf32>
  %e = tensor.empty() : tensor<8x64xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %rstd : tensor<8x64xf32>, tensor<8x1xf32>) outs(%e : tensor<8x64xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %r = arith.mulf %a, %b : f32
      linalg.yield %r : f32
  } -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Softmax's x - max, read by the row sum and by the divide: it reads no more
// than it writes, so each of its readers computes it again and its kernel
// is gone.
// CHECK-LABEL: func.func @shift_in_each_reader
// CHECK: %[[MAX:.*]] = linalg.generic
// CHECK: arith.maximumf
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%arg0, %[[MAX]] :
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%arg0, %[[MAX]], %[[SUM]] :
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.divf
// CHECK-NOT: linalg.generic
func.func @shift_in_each_reader(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %lowest = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<8xf32>
  %fl = linalg.fill ins(%lowest : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %fz = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x64xf32>) outs(%fl : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.maximumf %a, %o : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %e = tensor.empty() : tensor<8x64xf32>
  %exp = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<8x64xf32>, tensor<8xf32>) outs(%e : tensor<8x64xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.subf %a, %b : f32
      %r = math.exp %s : f32
      linalg.yield %r : f32
  } -> tensor<8x64xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<8x64xf32>) outs(%fz : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.addf %a, %o : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %div = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<8x64xf32>, tensor<8xf32>) outs(%e : tensor<8x64xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %r = arith.divf %a, %b : f32
      linalg.yield %r : f32
  } -> tensor<8x64xf32>
  return %div : tensor<8x64xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Softmax's check for rows of -inf (x == -inf, then an `and` over the row)
// reads x as the row max does: fused into its reduction although it reads
// more than it writes (f32 in, i1 out), since the sibling max reads x
// anyway (roller-merge-sibling-reductions makes them one kernel).
// CHECK-LABEL: func.func @check_beside_max
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<8x64xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: arith.maximumf
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<8x64xf32>) outs(%{{.*}} : tensor<8xi1>)
// CHECK: arith.cmpf oeq
// CHECK: arith.andi
// CHECK-NOT: linalg.generic
func.func @check_beside_max(%x: tensor<8x64xf32>) -> (tensor<8xf32>, tensor<8xi1>) {
  %lowest = arith.constant 0xFF800000 : f32
  %true = arith.constant true
  %e = tensor.empty() : tensor<8xf32>
  %fl = linalg.fill ins(%lowest : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x64xf32>) outs(%fl : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.maximumf %a, %o : f32
      linalg.yield %r : f32
  } -> tensor<8xf32>
  %eb = tensor.empty() : tensor<8x64xi1>
  %isinf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x64xf32>) outs(%eb : tensor<8x64xi1>) {
    ^bb0(%a: f32, %o: i1):
      %r = arith.cmpf oeq, %a, %lowest : f32
      linalg.yield %r : i1
  } -> tensor<8x64xi1>
  %e1 = tensor.empty() : tensor<8xi1>
  %ft = linalg.fill ins(%true : i1) outs(%e1 : tensor<8xi1>) -> tensor<8xi1>
  %all = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%isinf : tensor<8x64xi1>) outs(%ft : tensor<8xi1>) {
    ^bb0(%a: i1, %o: i1):
      %r = arith.andi %a, %o : i1
      linalg.yield %r : i1
  } -> tensor<8xi1>
  return %max, %all : tensor<8xf32>, tensor<8xi1>
}
