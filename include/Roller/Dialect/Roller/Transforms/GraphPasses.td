//===- GraphPasses.td - Rewrites before the selection ------*- tablegen -*-===//
//
// Linalg-on-tensors rewrites that shape a model's graph for the selection:
// constants, elementwise chains, reshapes, scales and biases, BatchNorm,
// tensor ops as linalg.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_GRAPH_PASSES_TD
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_GRAPH_PASSES_TD

include "mlir/Pass/PassBase.td"

def RollerFoldConstantsPass : Pass<"roller-fold-constants"> {
  let summary = "Fold transposes, broadcasts and copies of constants";
  let description = [{
    Replaces every linalg op that only moves constant data (a
    `linalg.transpose`, `linalg.broadcast` or `linalg.copy`, or a
    `linalg.generic` of that form, of an `arith.constant` dense or
    `dense_resource` tensor) by a constant of its result, so that weight
    transposes are done once at compile time instead of by a kernel on
    every call. A splat source gives a splat constant; a result over 64 KiB
    is a `dense_resource` blob (as frontends give weights: nothing is
    hashed or uniqued in the context). A broadcast whose result is over
    64 KiB and more than 16 times its source (a bias over every row, a
    weight over a batch) is left to a kernel, which writes what a consumer
    would otherwise read from a constant as large. A broadcast read only as
    the initial value of reductions (torch-mlir's convolution bias) is
    left too: `roller-split-bias-init` moves it after the sum, where a
    folded one would be a constant the contraction writes into, copied into
    a writable buffer on every call. `--roller-tile` runs it first. Entry
    point: `foldConstantDataMovement` (`FoldConstants.h`).

    ```mlir
    %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %t = linalg.transpose ins(%w : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) permutation = [1, 0]
    ```

    becomes `arith.constant dense<[[1.0, 3.0], [2.0, 4.0]]> : tensor<2x2xf32>`.
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t",
           /*default=*/"::mlir::roller::kDefaultFoldMaxBytes",
           "Largest result to fold, in bytes">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def RollerFuseElementwisePass : Pass<"roller-fuse-elementwise"> {
  let summary = "Fuse chains of elementwise linalg.generic ops into one op";
  let description = [{
    torch-mlir exports every elementwise step as a `linalg.generic` of its
    own, and each would be a kernel reading and writing a whole tensor in
    global memory. This pass fuses an elementwise producer (a
    `linalg.generic` on tensors with only parallel loops) into its user with
    upstream's `linalg::fuseElementwiseOps` when each element is still
    computed once: the user is a `linalg.generic` or a `linalg.transpose`
    (taken as its generic form: the chain is then computed in the order the
    transpose writes, and two transposes that undo each other around a
    chain, an NCHW convolution's result taken through NHWC and the next
    one's input, leave it reading in place) in the same block (not
    inside a loop) reading it as an input through a permutation of its
    loops, and the producer has no other user (the user's other operands
    may read it too: `d * d`); a producer that only casts
    (cheap to repeat) is fused into each of its users, as a copy of its
    own. Two exceptions compute elements again on purpose, so that softmax
    and LayerNorm become row epilogues of their reductions: a producer of
    at most 8 scalar ops read through a broadcast (a mean's divide,
    `rsqrt(var / N + eps)`) is computed again for every element its reader
    visits, and one that reads no more than it writes with at most 8 ops
    (softmax's `exp(x - max)`) is fused into each of its users when all of
    them can take it. It repeats until nothing is left to fuse, so a chain
    becomes one op. Not fused, with a remark saying why (with `remarks`,
    the default): a producer whose result has other users (it would be
    computed twice) or other users not all of which can take it, one its
    user reads through a broadcast with more than 8 ops (computed once per
    broadcast element), one whose user is a reduction and that reads more bytes per
    element than it writes (a whole model's reductions have few blocks,
    for which reading the producer's inputs costs more than the producer's
    kernel: the model predicts `models/resnet_block`'s pooled sum 3.6 ->
    7.2 us with its add and ReLU fused in; a cast to f64 or LayerNorm's
    `(x - mean)^2` reads less, or as much, and softmax's `x == -inf` check
    reads what the row max beside it reads: those are fused), one whose
    user is a named op (a matmul or a convolution:
    epilogue and prologue fusion into anchors is not implemented). Entry
    point: `fuseElementwiseChains` (`FuseElementwise.h`).

    ```mlir
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
    ```

    becomes

    ```mlir
    %relu = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
              ins(%x, %r : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
      ^bb0(%a: f32, %b: f32, %o: f32):
        %s = arith.addf %a, %b : f32
        %m = arith.maximumf %s, %zero : f32
        linalg.yield %m : f32
    } -> tensor<64x64xf32>
    ```
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark on every elementwise producer left unfused">
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def RollerCollapseThroughReshapesPass : Pass<"roller-collapse-through-reshapes"> {
  let summary = "Elementwise ops read their producers' results without reshapes";
  let description = [{
    torch-mlir reshapes around every anchor: a linear layer is a 2-D matmul
    whose result is expanded back to `(batch, seq, features)` before its
    bias add or ReLU; attention heads are expanded and collapsed around each
    batch matmul. An elementwise op reading `tensor.expand_shape(%anchor)`
    is not the anchor's epilogue (it does not read the anchor's result) and
    does not fuse with an elementwise producer behind a reshape. This pass
    collapses the loops of such an op the way the reshape splits them
    (upstream `linalg::collapseOpIterationDims`; a `linalg.transpose` as
    its generic form), so that it reads the producer's result directly:
    its other operands are collapsed, its results expanded back, and
    reshape pairs that cancel (the collapse feeding the next matmul) are
    folded. An op is left as it is, with a remark (`remarks`, the default),
    when the reshape splits a dimension into loops that are not consecutive,
    another operand reads them apart, an elementwise producer it fuses with
    would be read through a new reshape, or a user that fuses it (in
    `roller-fuse-elementwise`) could not be collapsed the same way: no
    fusion is lost to a reshape the pass puts in. It repeats until nothing
    is left to collapse (each collapse can make the op's users collapsible).
    `--roller-tile` runs it before the elementwise fusion, unless
    `fuse-elementwise=false`. Entry points: `whyNotCollapsed`,
    `collapseThroughReshape`, `collapseThroughReshapes`
    (`CollapseThroughReshapes.h`).

    ```mlir
    %mm = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x192xf32>) outs(%acc : tensor<32x192xf32>) -> tensor<32x192xf32>
    %e = tensor.expand_shape %mm [[0, 1], [2]] output_shape [16, 2, 192] : tensor<32x192xf32> into tensor<16x2x192xf32>
    %add = linalg.generic {indexing_maps = [(d0, d1, d2) -> (d0, d1, d2), (d0, d1, d2) -> (d2), (d0, d1, d2) -> (d0, d1, d2)], ...}
             ins(%e, %bias : tensor<16x2x192xf32>, tensor<192xf32>) outs(%init : tensor<16x2x192xf32>) {...}
    ```

    becomes

    ```mlir
    %mm = linalg.matmul ins(%x, %w : ...) outs(%acc : tensor<32x192xf32>) -> tensor<32x192xf32>
    %add = linalg.generic {indexing_maps = [(d0, d1) -> (d0, d1), (d0, d1) -> (d1), (d0, d1) -> (d0, d1)], ...}
             ins(%mm, %bias : tensor<32x192xf32>, tensor<192xf32>) outs(%init2 : tensor<32x192xf32>) {...}
    %e = tensor.expand_shape %add [[0, 1], [2]] output_shape [16, 2, 192] : tensor<32x192xf32> into tensor<16x2x192xf32>
    ```

    and `roller-fuse-epilogues` makes the add the matmul's epilogue.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark on every elementwise op left reading a reshape">
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerMoveScalesToEpiloguesPass : Pass<"roller-move-scales-to-epilogues"> {
  let summary = "Scale a contraction's result instead of its operand";
  let description = [{
    Attention scales its queries and keys before their product (an
    elementwise multiply by a constant, `d^-1/4` each, feeding a batch
    matmul). Fused into the contraction as a prologue, the multiply would
    make its body more than a multiply-add (no tensor cores); left alone, it
    is a kernel reading and writing a whole tensor. A contraction that
    starts from a fill of zero is linear in each operand, so this pass makes
    it read the unscaled operand and multiplies its result by the same
    constant in a new elementwise `linalg.generic` after it, which
    `roller-fuse-epilogues` makes its epilogue (and whatever the scale read,
    such as a head transpose, `roller-fuse-elementwise` fuses into the
    contraction as a transposed read). Moved: a `linalg.generic` on tensors
    whose body only multiplies its one input, read and written through
    identity maps, by a floating-point constant, with no other user, into a
    contraction (`linalg::isaContractionOpInterface`) whose output is a fill
    of zero. A scale left in place gets a remark with the reason (with
    `remarks`, the default). The result can differ from the unfused one
    only by rounding (none for a power of two). `--roller-tile` runs it
    before the elementwise fusion, unless `fuse-epilogues=false`. Entry
    points: `whyScaleNotMoved`, `moveScaleToEpilogue`,
    `moveScalesToEpilogues` (`MoveScalesToEpilogues.h`).

    ```mlir
    %qs = linalg.generic {indexing_maps = [#id3, #id3], ...} ins(%q : tensor<8x16x16xf32>) outs(%e : tensor<8x16x16xf32>) {
      ^bb0(%a: f32, %o: f32):
        %m = arith.mulf %a, %half : f32
        linalg.yield %m : f32
    } -> tensor<8x16x16xf32>
    %s = linalg.batch_matmul ins(%qs, %k : ...) outs(%zero : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    ```

    becomes

    ```mlir
    %s = linalg.batch_matmul ins(%q, %k : ...) outs(%zero : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %r = linalg.generic {indexing_maps = [#id3, #id3], ...} ins(%s : tensor<8x16x16xf32>) outs(%e2 : tensor<8x16x16xf32>) {
      ^bb0(%a: f32, %o: f32):
        %m = arith.mulf %a, %half : f32
        linalg.yield %m : f32
    } -> tensor<8x16x16xf32>
    ```
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark on every scale left before its contraction">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerSplitBiasInitPass : Pass<"roller-split-bias-init"> {
  let summary = "Start contractions from zero and add their bias after";
  let description = [{
    torch-mlir's linear layers and convolutions start their sum from the
    bias broadcast over the output: an elementwise `linalg.generic` that
    only the contraction reads, as its initial value, and a kernel of its
    own. This pass makes such a contraction (an op with reduction loops
    whose body yields `out + x` in a float type) start from a zero
    `linalg.fill` and adds the broadcast after it in a new elementwise
    `linalg.generic`, which the elementwise and epilogue fusions then bring
    into the contraction's kernel (as cuBLAS and PyTorch's `addmm` add
    their bias in an epilogue). The sum is rounded in a different order:
    `(x_1 + ... + x_n) + bias` instead of `((bias + x_1) + ...) + x_n`.
    `--roller-tile` runs it after the constant and BatchNorm folding,
    before the elementwise fusion, unless `fuse-epilogues=false`. Entry
    point: `splitBiasInit` (`SplitBiasInit.h`).

    ```mlir
    %b = linalg.generic {indexing_maps = [#col, #id], ...} ins(%bias : tensor<128xf32>)
           outs(%e : tensor<8x128xf32>) { ... linalg.yield %in : f32 } -> tensor<8x128xf32>
    %mm = linalg.matmul ins(%x, %w : ...) outs(%b : tensor<8x128xf32>) -> tensor<8x128xf32>
    ```

    becomes

    ```mlir
    %b = linalg.generic {...} ins(%bias : tensor<128xf32>) outs(%e : tensor<8x128xf32>) {...}
    %zero = linalg.fill ins(%cst : f32) outs(%e0 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %mm = linalg.matmul ins(%x, %w : ...) outs(%zero : tensor<8x128xf32>) -> tensor<8x128xf32>
    %sum = linalg.generic {indexing_maps = [#id, #id, #id], ...} ins(%mm, %b : ...)
             outs(%e1 : tensor<8x128xf32>) { ... arith.addf ... } -> tensor<8x128xf32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerFoldBatchNormPass : Pass<"roller-fold-batch-norm"> {
  let summary = "Fold BatchNorm (an affine epilogue) into constant weights";
  let description = [{
    Two rewrites, in this order (entry points in `FoldBatchNorm.h`):

    * `evaluateConstantElementwise`: an elementwise linalg op whose inputs
      are all constants (dense or `dense_resource`, also through
      `tensor.expand_shape` / `collapse_shape`, or scalar `arith.constant`s)
      and whose body computes with arith (add, sub, mul, div, neg, min/max,
      truncf, extf) and math (sqrt, rsqrt, exp, log, absf, tanh, erf, powf)
      ops in f16, bf16, f32 or f64 becomes an `arith.constant` of its result
      (BatchNorm's `var + eps` and `rsqrt`). Data movement alone is
      `roller-fold-constants`' job and is left to it.
    * `foldAffineEpilogue`: a contraction or convolution (`out + x * w` in
      one float type: matmul, batch_matmul, conv_2d_*, depthwise convs)
      whose result's only user starts a chain of elementwise ops that is an
      affine map per output channel, y = x * a[c] + b[c] (sub, mul, div, add
      with constants broadcast along the channel: eval-mode BatchNorm, a
      bias), and whose weights are constants indexed by that channel, gets
      weights W'[..c..] = a[c] * W[..c..] and as initial value a
      `linalg.broadcast` of the small constant a[c] * bias[c] + b[c] (bias:
      its old fill or per-channel constant initial value; a `linalg.fill`
      when the value is the same for every channel); the chain is erased.

    The coefficients are composed in double and rounded once, so results
    differ from the unfolded chain by reassociation (a few ulps, and
    `(x - mean) * s` computed as `x * s - mean * s`). An anchor that looks
    like a candidate (an elementwise user with a constant operand) but is
    not folded (non-constant weights, other users of its result, dynamic
    shapes, a non-affine op first, an initial value that is not per channel)
    gets a remark saying why, with `remarks` (the default), and its IR is
    left as it is. `--roller-tile` runs it after `roller-fold-constants`.

    ```mlir
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %y = linalg.conv_2d_nchw_fchw ins(%x, %W : tensor<2x3x10x10xf32>, tensor<16x3x3x3xf32>)
           outs(%f : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %s = linalg.generic {indexing_maps = [#id, #chan, #id], iterator_types = [...]}
           ins(%y, %mean : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%e : ...) {
      ^bb0(%a: f32, %m: f32, %o: f32):
        %d = arith.subf %a, %m : f32
        linalg.yield %d : f32
    } -> tensor<2x16x8x8xf32>
    // ... mulf by rsqrt(var + eps), mulf by gamma, addf beta
    ```

    becomes

    ```mlir
    %W2 = arith.constant dense<...> : tensor<16x3x3x3xf32>   // a[c] * W
    %b = arith.constant dense<...> : tensor<16xf32>          // b[c]
    %i = linalg.broadcast ins(%b : tensor<16xf32>) outs(%e2 : tensor<2x16x8x8xf32>)
           dimensions = [0, 2, 3]
    %y = linalg.conv_2d_nchw_fchw ins(%x, %W2 : ...) outs(%i : ...) -> tensor<2x16x8x8xf32>
    ```
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t",
           /*default=*/"::mlir::roller::kDefaultFoldMaxBytes",
           "Largest constant to evaluate or weights to rescale, in bytes">,
    Option<"remarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark on every candidate that is not folded">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerTensorOpsToLinalgPass : Pass<"roller-tensor-ops-to-linalg"> {
  let summary = "tensor.pad, tensor.concat, tensor.generate and tensor.splat "
                "as linalg ops Roller tiles";
  let description = [{
    Rewrites every statically shaped `tensor.generate` into a
    `linalg.generic` whose body reads its indices with `linalg.index`
    (`generateToLinalg`), and every statically shaped `tensor.pad` into the padded tensor
    filled with the padding value (upstream's destination-passing form of the
    pad: `linalg.fill`, or a `linalg.generic` when the value depends on the
    index) and a `linalg.copy` of the source into an `extract_slice` of its
    interior, inserted back with the matching `insert_slice` (the pair
    bufferizes in place). Every statically shaped `tensor.concat` (torch.cat:
    a UNet's skip connections) becomes upstream's decomposition, a
    `tensor.empty` of the result and an `insert_slice` per input, each
    inserting a `linalg.copy` of the input into the slice it overwrites
    (`concatToLinalg`). Every statically shaped `tensor.splat` becomes a
    `linalg.fill` of a `tensor.empty` (`splatToLinalg`). All are linalg ops, which `--roller-tile` (which
    runs this first) schedules and tiles into kernels; a pad or a concat
    itself would run on the host (a concat along any dimension but the
    outermost copies strided pieces, which host code on device memory
    cannot). Entry points: `decomposePad`, `concatToLinalg`,
    `generateToLinalg`, `copyIntoSlice` (`TensorOpsToLinalg.h`).

    With `fuse-pads` (which `--roller-tile` sets unless told
    `fuse-pads=false`), a pad whose every user is an input of a linalg op
    Roller schedules stays a pad: the rPrograms of its consumers read
    through it (the lowering copies the pad's source into their staging
    tiles and writes the padding value where a tile leaves the source;
    `ReadThroughPads.h`), so the padded tensor is never computed. That copy
    is not pipelined with `cp.async`: the selection gives an op reading a
    pad one stage.

    ```mlir
    %p = tensor.pad %x low[0, 1] high[0, 1] {
    ^bb0(%i: index, %j: index):
      tensor.yield %zero : f32
    } : tensor<4x8xf32> to tensor<4x10xf32>
    ```

    becomes

    ```mlir
    %e = tensor.empty() : tensor<4x10xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x10xf32>) -> tensor<4x10xf32>
    %s = tensor.extract_slice %f[0, 1] [4, 8] [1, 1] : tensor<4x10xf32> to tensor<4x8xf32>
    %c = linalg.copy ins(%x : tensor<4x8xf32>) outs(%s : tensor<4x8xf32>) -> tensor<4x8xf32>
    %p = tensor.insert_slice %c into %f[0, 1] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x10xf32>
    ```
  }];
  let options = [
    Option<"fusePads", "fuse-pads", "bool", /*default=*/"false",
           "Keep pads whose consumers can read through them">
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_GRAPH_PASSES_TD
