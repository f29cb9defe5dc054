//===- Passes.td - Passes of the roller dialect ------------*- tablegen -*-===//
//
// The dialect-level passes: the device, the selection, the rProgram rewrite
// and its lowering to loops (shared by the CPU oracle and the GPU path). The
// GPU path itself is in include/Roller/Conversion.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

// The selection options, spelled once: `--roller-select`, `--roller-tile`
// and the compile pipelines take them; in C++ they are `SelectionOptions`
// (Select.h), whose constants are the defaults.
defvar RollerSelectionOptions = [
  Option<"device", "device", "std::string", /*default=*/"\"\"",
         "Preset name or JSON device file (default: the module's "
         "roller.device, else h200)">,
  Option<"topK", "top-k", "int64_t",
         /*default=*/"::mlir::roller::SelectionOptions::kDefaultTopK",
         "Number of rPrograms to construct and rank">,
  Option<"report", "report", "std::string", /*default=*/"\"\"",
         "Write a JSON-lines report of every op's selection to this file "
         "('-' for stdout)">,
  Option<"search", "search", "std::string",
         /*default=*/"::mlir::roller::SelectionOptions::kDefaultSearch",
         "'construct' (ROLLER's greedy construction) or 'exhaustive' (rank "
         "the whole aligned space with the same model)">,
  Option<"rank", "rank", "int64_t",
         /*default=*/"::mlir::roller::SelectionOptions::kDefaultRank",
         "Attach the rank-th best candidate (1: the model's choice; larger "
         "ranks let a benchmark evaluate the top-k on the device)">,
  Option<"splitReductions", "split-reductions", "bool", /*default=*/"true",
         "Also construct schedules whose block's threads share each "
         "output's reduction (reduce_threads), for reductions with few "
         "outputs; false keeps ROLLER's thread-per-output schedules (for "
         "comparison)">,
  Option<"splitAcrossBlocks", "split-across-blocks", "bool",
         /*default=*/"true",
         "Split the reduction of an op whose best schedule launches fewer "
         "blocks than one full wave (SMs x blocks resident per SM) into "
         "slices reduced by separate "
         "blocks, then combined by a second op (upstream "
         "linalg::splitReduction), when the model predicts the two faster "
         "by at least split-launch-us; "
         "false keeps every reduction in one block, as ROLLER does">,
  Option<"splitLaunchUs", "split-launch-us", "double",
         /*default=*/"::mlir::roller::SelectionOptions::kDefaultSplitLaunchUs",
         "What one more kernel costs, in microseconds, where the model "
         "weighs a split across blocks or an unfused epilogue against one "
         "kernel: negative (the default) takes the device's measured "
         "launch_ns, or 2 us where it has none">
];

def RollerAttachDevicePass : Pass<"roller-attach-device", "::mlir::ModuleOp"> {
  let summary = "Attach a target device description to the module";
  let description = [{
    Resolves `device` (a built-in preset name: `v100`, `a100`, `h100`,
    `h200`, or the path of a JSON device file, see `docs/devices.md`) and
    attaches it to the module as the `roller.device` attribute, which the
    later Roller passes and the `roller.rprogram` verifier read.

    A module that already names a device keeps it: the user's choice wins.
    Pass `replace=true` to overwrite it. An unknown name, an unreadable or
    malformed file, or an inconsistent description is an error at the
    module's location, and the module is left unchanged. Only regular files
    of at most 1 MiB whose JSON nests at most 64 levels deep are read (both
    checked before reading or parsing).

    Before:

    ```mlir
    module { }
    ```

    After `--roller-attach-device="device=h200"`:

    ```mlir
    #roller_h200 = #roller.device<name = "h200", chip = "sm_90", ...>
    module attributes {roller.device = #roller_h200} { }
    ```
  }];
  let options = [
    Option<"device", "device", "std::string", /*default=*/"\"h200\"",
           "Preset name (v100, a100, h100, h200) or path of a JSON device "
           "file">,
    Option<"replace", "replace", "bool", /*default=*/"false",
           "Replace a roller.device the module already has">
  ];
  let dependentDialects = ["::mlir::roller::RollerDialect"];
}

def RollerSelectPass : Pass<"roller-select", "::mlir::ModuleOp"> {
  let summary = "Choose a #roller.config for every supported linalg op";
  let description = [{
    Runs ROLLER's construction (aligned rTiles grown by data reuse, scaled
    out over the SMs, ranked by the micro-performance model) on every linalg
    op of the module and attaches the best rProgram's schedule as the
    discardable attribute `roller.config`. Each op gets an optimization
    remark listing its top candidates (tiles, predicted time, bottleneck,
    shared memory, occupancy).

    * The device is `device` (a preset name or a JSON file), else the
      module's `roller.device`, else `h200`; a module without a device gets
      the one used attached.
    * A `roller.config` already on an op is the user's override: it is
      checked against the op and the device (an error at the op when it
      cannot run) and kept.
    * Ops with no tensor expression (dynamic shapes, non-affine maps, zero
      sizes, a dimension over 2^31 - 1 or more than 2^48 elements or
      iteration points) are left untouched with a remark saying why. `linalg.fill`s
      that only initialize another linalg op's output are skipped: tiling
      folds them into that op.
    * `report=<path>` writes one JSON object per op per line (`-` for
      stdout; a path that cannot be opened or written is an error at the
      module); `search=exhaustive` ranks the whole aligned space with the same
      model instead of constructing (for benchmarking the construction).
    * `rank=<k>` attaches the k-th best candidate instead of the best (an op
      with fewer than k candidates gets its last, with a remark), so a
      benchmark can build and time the top-k on the device as ROLLER did.

    Before:

    ```mlir
    %0 = linalg.matmul ins(%A, %B : tensor<1024x1024xf32>, tensor<1024x1024xf32>)
                       outs(%C : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    ```

    After `--roller-select="device=h200"`:

    ```mlir
    %0 = linalg.matmul {roller.config = #roller.config<
             block = <shared, [128, 64, 16]>, thread = <register, [8, 4, 1]>,
             padding = [...], vector_width = 4, stages = 2, threads = 256,
             grid = [128], predicted_us = ..., bottleneck = compute>}
           ins(...) outs(...) -> tensor<1024x1024xf32>
    ```
  }];
  let options = !listconcat(RollerSelectionOptions, [
    Option<"planEpilogues", "plan-epilogues", "bool", /*default=*/"false",
           "Rank each operator together with the elementwise consumer "
           "roller-fuse-epilogues will fuse into it, and report them as one "
           "kernel (roller-tile does unless fuse-epilogues=false)">,
    Option<"unfuseSlower", "unfuse-slower", "bool", /*default=*/"false",
           "With planned epilogues: keep an epilogue a kernel of its own when "
           "the model predicts the two kernels faster than the fused one (off "
           "by default: the model has no launch overhead term yet, which "
           "favors separate kernels)">
  ]);
  let dependentDialects = ["::mlir::roller::RollerDialect",
                           "::mlir::linalg::LinalgDialect"];
}

def RollerTilePass : Pass<"roller-tile", "::mlir::ModuleOp"> {
  let summary = "Rewrite linalg ops into roller.rprogram tile pipelines";
  let description = [{
    Chooses a `#roller.config` for every supported linalg op that has none
    (exactly as `--roller-select` does, with the same options, remarks and
    report; a config already on an op is the user's and is checked and kept),
    then rewrites each op with a config into a `roller.rprogram`: every input
    is loaded global -> shared (padded, when the config stages inputs) ->
    registers, the outputs' current values are loaded as the accumulators,
    `roller.compute` holds the op's scalar body over the thread tile, and
    `roller.store` writes the result back. Tile shapes are the images of the
    config's rTiles through the indexing maps. Tensor and memref operands
    are both supported.

    Ops that cannot be modeled keep their IR, with a remark saying why.

    Before selecting, it runs (in this order) `roller-tensor-ops-to-linalg`
    (with `fuse-pads` unless `fuse-pads=false`: pads their consumers read
    through stay pads), `roller-fold-extensions-into-contractions`,
    `roller-batch-matmul-to-matmul`, `roller-fold-constants`,
    `roller-fold-batch-norm`, unless `fuse-epilogues=false`
    `roller-split-bias-init`, `roller-pointwise-conv-to-matmul`,
    `roller-conv-to-implicit-gemm` (for the device it selects for, weighing
    each NCHW convolution's three ways and, unless `network-layout=false`,
    a function's NCHW convolutions all in NHWC against those choices),
    `roller-sink-transposes`, unless
    `fuse-epilogues=false` `roller-widen-bf16-accumulators`, unless
    `fuse-elementwise=false`
    `roller-collapse-through-reshapes`, unless `fuse-epilogues=false`
    `roller-move-scales-to-epilogues`, unless `fuse-elementwise=false`
    `roller-fuse-elementwise`,
    unless `fuse-epilogues=false` `roller-drop-keepdim-units`, unless
    `fuse-elementwise=false` `roller-merge-sibling-reductions`, then
    `roller-add-unit-parallel-loop` and `roller-collapse-reduction-loops`;
    after tiling, unless `fuse-epilogues=false`, `roller-fuse-epilogues`.

    Before:

    ```mlir
    %0 = linalg.matmul ins(%A, %B : tensor<256x64xf32>, tensor<64x256xf32>)
                       outs(%C : tensor<256x256xf32>) -> tensor<256x256xf32>
    ```

    After `--roller-tile`:

    ```mlir
    %0 = roller.rprogram ins(%A, %B : ...) outs(%C : ...) config = <...> {
    ^bb0(%a: tensor<256x64xf32>, %b: tensor<64x256xf32>, %c: tensor<256x256xf32>):
      %as = roller.load %a : tensor<256x64xf32> -> !roller.tile<..., shared, padding = ...>
      ...
      %acc = roller.compute ins(...) inits(...) attributes {...} { ... }
      %r = roller.store %acc into %c : ... into tensor<256x256xf32>
      roller.yield %r : tensor<256x256xf32>
    } -> tensor<256x256xf32>
    ```
  }];
  let options = !listconcat(RollerSelectionOptions, [
    Option<"fuseElementwise", "fuse-elementwise", "bool", /*default=*/"true",
           "Fuse elementwise chains first (roller-fuse-elementwise)">,
    Option<"fuseEpilogues", "fuse-epilogues", "bool", /*default=*/"true",
           "Fuse elementwise rPrograms into their producers "
           "(roller-fuse-epilogues)">,
    Option<"unfuseSlower", "unfuse-slower", "bool", /*default=*/"false",
           "With planned epilogues: keep an epilogue a kernel of its own when "
           "the model predicts the two kernels faster than the fused one (off "
           "by default: the model has no launch overhead term yet, which "
           "favors separate kernels)">,
    Option<"fusePads", "fuse-pads", "bool", /*default=*/"true",
           "Read pads through in their consumers' loads instead of "
           "computing them (roller-tensor-ops-to-linalg fuse-pads)">,
    Option<"networkLayout", "network-layout", "bool", /*default=*/"true",
           "Weigh a function's f16/bf16 NCHW convolutions all in NHWC (the "
           "transposes between them cancelled by roller-sink-transposes) "
           "against each one's fastest way">
  ]);
  let dependentDialects = ["::mlir::roller::RollerDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerBatchMatmulToMatmulPass : Pass<"roller-batch-matmul-to-matmul"> {
  let summary = "A batch matmul by one matrix broadcast over the batch as a "
                "matmul";
  let description = [{
    A `linalg.batch_matmul` (tensors, static shapes, default maps) whose
    right operand is a matrix broadcast over the batch (`linalg.broadcast`
    with `dimensions = [0]`, or a `linalg.generic` of that form) multiplies
    every batch by the same matrix: it becomes a `linalg.matmul` over the
    rows of all batches (`tensor.collapse_shape` of the left operand and the
    output, `tensor.expand_shape` of the result; a `linalg.fill` of the
    output is re-made at the matmul's shape), and the broadcast, which would
    materialize the matrix once per batch, is erased when unused.
    torch-mlir applies `nn.Linear` to 3-D inputs this way (the attention
    projections of `nn.TransformerEncoderLayer`). `--roller-tile` runs it
    before folding constants. Entry point: `batchMatmulToMatmul`
    (`BatchMatmulToMatmul.h`).

    ```mlir
    %wb = linalg.broadcast ins(%w : tensor<768x2304xf32>) outs(%e : tensor<128x768x2304xf32>) dimensions = [0]
    %r = linalg.batch_matmul ins(%x, %wb : tensor<128x8x768xf32>, tensor<128x768x2304xf32>) outs(%c : tensor<128x8x2304xf32>) -> tensor<128x8x2304xf32>
    ```

    becomes

    ```mlir
    %x2 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<128x8x768xf32> into tensor<1024x768xf32>
    %c2 = tensor.collapse_shape %c [[0, 1], [2]] : tensor<128x8x2304xf32> into tensor<1024x2304xf32>
    %m = linalg.matmul ins(%x2, %w : tensor<1024x768xf32>, tensor<768x2304xf32>) outs(%c2 : tensor<1024x2304xf32>) -> tensor<1024x2304xf32>
    %r = tensor.expand_shape %m [[0, 1], [2]] output_shape [128, 8, 2304] : tensor<1024x2304xf32> into tensor<128x8x2304xf32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

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
    would otherwise read from a constant as large. `--roller-tile` runs it
    first. Entry point: `foldConstantDataMovement` (`FoldConstants.h`).

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

def RollerPointwiseConvToMatmulPass
    : Pass<"roller-pointwise-conv-to-matmul"> {
  let summary = "f16/bf16 1x1 convolutions with unit strides as matmuls";
  let description = [{
    A convolution with a 1x1 filter and unit strides is a GEMM: each output
    pixel is its input pixel's channels times the filter matrix. As a
    convolution, its warp tiles span several loops along m (batch, rows,
    columns), which `mma.sync` cannot take, so f16/bf16 pointwise
    convolutions (MobileNet's, ResNet's bottleneck 1x1 layers) ran on the
    CUDA cores. This pass rewrites a `linalg.conv_2d_nhwc_hwcf` (any batch)
    or `linalg.conv_2d_nchw_fchw` (a batch of 1) on static tensors with a
    1x1 filter, unit strides and f16 or bf16 inputs into a `linalg.matmul`
    of collapsed operands (NHWC: pixels [N*H*W, C] times the filter [C, F];
    NCHW: the filter [F, C] times the channels [C, H*W]), whose result is
    expanded back; the reshapes are views, nothing is copied, and a fill of
    the output is re-made at the matmul's shape. An elementwise consumer (a
    bias, an activation) is moved through the expand by
    `roller-collapse-through-reshapes` and fused as the matmul's epilogue.
    f32 convolutions are left alone (the selection already ranks them on
    their implicit GEMM view, on the CUDA cores); the other f16/bf16 ones
    are `roller-conv-to-implicit-gemm`'s. An op with a `roller.config` is
    left as it is. `--roller-tile` runs it
    after `roller-split-bias-init`. Entry point: `pointwiseConvToMatmul`
    (`PointwiseConvToMatmul.h`).

    ```mlir
    %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
           ins(%x, %w : tensor<2x14x14x64xf16>, tensor<1x1x64x128xf16>)
           outs(%c : tensor<2x14x14x128xf32>) -> tensor<2x14x14x128xf32>
    ```

    becomes

    ```mlir
    %x2 = tensor.collapse_shape %x [[0, 1, 2], [3]] : tensor<2x14x14x64xf16> into tensor<392x64xf16>
    %w2 = tensor.collapse_shape %w [[0, 1, 2], [3]] : tensor<1x1x64x128xf16> into tensor<64x128xf16>
    %c2 = tensor.collapse_shape %c [[0, 1, 2], [3]] : tensor<2x14x14x128xf32> into tensor<392x128xf32>
    %m = linalg.matmul ins(%x2, %w2 : tensor<392x64xf16>, tensor<64x128xf16>) outs(%c2 : tensor<392x128xf32>) -> tensor<392x128xf32>
    %r = tensor.expand_shape %m [[0, 1, 2], [3]] output_shape [2, 14, 14, 128] : tensor<392x128xf32> into tensor<2x14x14x128xf32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerConvToImplicitGemmPass
    : Pass<"roller-conv-to-implicit-gemm"> {
  let summary = "f16/bf16 convolutions as matmuls of their gathered patches";
  let description = [{
    A convolution is a GEMM of its input's patches and its filter (the
    implicit GEMM view). As a convolution, its warp tiles span several loops
    along m and k, which `mma.sync` cannot take, so f16/bf16 convolutions
    with a window larger than 1x1, or with strides, ran on the CUDA cores.
    This pass rewrites a `linalg.conv_2d_nhwc_hwcf` or
    `linalg.conv_2d_nchw_fchw` (any batch) on static tensors with f16 or
    bf16 inputs, any window, strides and dilations, into a `linalg.matmul`
    whose patch operand is a *gather copy*: a `linalg.generic` that yields
    its input element through an indexing map of floordiv/mod expressions
    (the same op upstream's `convert_conv2d_to_img2col` writes). NHWC: the
    patches [N*OH*OW, KH*KW*C] times the filter [KH*KW*C, F]; NCHW: the
    filter [F, C*KH*KW] times the patches [C*KH*KW, N*OH*OW]. The result is
    expanded back, and a fill of the output is re-made at the matmul's
    shape. NCHW with a batch above 1 (torch-mlir's convolutions of a batch):
    the result [F, N, OH, OW] is transposed to NCHW by a `linalg.transpose`
    after the matmul (a kernel of its own: a pass over the output), and an
    initial value other than a fill is transposed the other way before it.
    The pass alone rewrites every convolution that qualifies;
    `--roller-tile` weighs an NCHW convolution three ways, each constructed
    on a clone with `split-launch-us` per extra kernel: as it is, its
    implicit GEMM (with those transposes), and `roller-conv-nchw-to-nhwc`'s
    NHWC convolution between transposes as an implicit GEMM (gathered in
    runs of channels rather than an element at a time), and takes the
    fastest (a remark gives the three times).

    The gather is never computed: the selection gives it no kernel, and the
    matmul's rProgram reads through it (`ReadThroughGathers.h`): each block
    gathers its tile of the patches from the convolution's input (through a
    pad the input comes from) into shared memory, so the patch matrix,
    KH*KW times the input, is never written to global memory. Such a staged
    input is copied without vectors and without `cp.async` pipelining (one
    stage), as a padded one is.

    Only convolutions whose matmul runs on the device's tensor cores are
    rewritten: f16/bf16 inputs the device has `mma.sync` m16n8k16 for
    (sm_80 and later), summed into f32, or f16 into f16, or bf16 into bf16,
    whose matmul `roller-widen-bf16-accumulators` then sums in f32
    (`--roller-tile` asks the device it selects for, and takes bf16 outputs
    unless `fuse-epilogues=false`, which turns the widening off; the pass
    alone, the module's device). An op with a
    `roller.config` is left as it is. `--roller-tile` runs it after
    `roller-pointwise-conv-to-matmul`, which takes the 1x1 unit-stride
    convolutions first (their patches are the input itself, a view).
    Entry point: `convToImplicitGemm` (`ConvToImplicitGemm.h`).

    ```mlir
    %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
           ins(%x, %w : tensor<1x16x16x64xf16>, tensor<3x3x64x128xf16>)
           outs(%c : tensor<1x14x14x128xf32>) -> tensor<1x14x14x128xf32>
    ```

    becomes

    ```mlir
    #patches = affine_map<(d0, d1) -> (0, d0 floordiv 14 + d1 floordiv 192, d0 mod 14 + (d1 mod 192) floordiv 64, d1 mod 64)>
    %e = tensor.empty() : tensor<196x576xf16>
    %p = linalg.generic {indexing_maps = [#patches, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
           ins(%x : tensor<1x16x16x64xf16>) outs(%e : tensor<196x576xf16>) {
         ^bb0(%in: f16, %out: f16):
           linalg.yield %in : f16
         } -> tensor<196x576xf16>
    %w2 = tensor.collapse_shape %w [[0, 1, 2], [3]] : tensor<3x3x64x128xf16> into tensor<576x128xf16>
    %c2 = tensor.collapse_shape %c [[0, 1, 2], [3]] : tensor<1x14x14x128xf32> into tensor<196x128xf32>
    %m = linalg.matmul ins(%p, %w2 : tensor<196x576xf16>, tensor<576x128xf16>) outs(%c2 : tensor<196x128xf32>) -> tensor<196x128xf32>
    %r = tensor.expand_shape %m [[0, 1, 2], [3]] output_shape [1, 14, 14, 128] : tensor<196x128xf32> into tensor<1x14x14x128xf32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerConvNchwToNhwcPass : Pass<"roller-conv-nchw-to-nhwc"> {
  let summary = "NCHW convolutions as NHWC ones between transposes";
  let description = [{
    An NCHW convolution's implicit GEMM (`roller-conv-to-implicit-gemm`)
    gathers its patches an element at a time: the innermost dimension it
    reads is the image's width, which strides, window offsets and the pad's
    zeros interrupt every few elements, so each position costs an address
    computation of its own (the model's issue stage binds: ResNet-50's NCHW
    3x3 layers predict 1.4-1.7x their NHWC times). Read as NHWC, the
    innermost dimension is the channels, gathered 16 bytes at a time.

    This pass rewrites a `linalg.conv_2d_nchw_fchw` on static, non-empty
    tensors (any element types, strides and dilations) into a
    `linalg.conv_2d_nhwc_hwcf` of its input transposed to NHWC, its filter
    transposed to HWCF and its initial value transposed to NHWC, whose
    result is transposed back to NCHW (`linalg.transpose` each). A constant
    filter (a model's weights) is transposed at compile time (a constant of
    its own); a fill of the output is re-made at the NHWC shape; an input
    padded by a `tensor.pad` of a constant is transposed before the pad,
    which is made over the NHWC dims, so that the convolution still reads
    through it. An op with a `roller.config` is left as it is.

    The pass alone rewrites every such convolution; `--roller-tile` takes
    this route for an f16/bf16 NCHW convolution on a device with tensor
    cores only where the model predicts the transposes and the NHWC implicit
    GEMM, with `split-launch-us` per extra kernel, faster than both the NCHW
    implicit GEMM and the convolution as it is (a remark gives the three
    times). Entry point: `convNchwToNhwc` (`ConvNchwToNhwc.h`).

    ```mlir
    %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
           ins(%x, %w : tensor<2x8x9x9xf16>, tensor<16x8x3x3xf16>)
           outs(%c : tensor<2x16x7x7xf32>) -> tensor<2x16x7x7xf32>
    ```

    becomes

    ```mlir
    %e0 = tensor.empty() : tensor<2x9x9x8xf16>
    %x2 = linalg.transpose ins(%x : tensor<2x8x9x9xf16>) outs(%e0 : tensor<2x9x9x8xf16>) permutation = [0, 2, 3, 1]
    %e1 = tensor.empty() : tensor<3x3x8x16xf16>
    %w2 = linalg.transpose ins(%w : tensor<16x8x3x3xf16>) outs(%e1 : tensor<3x3x8x16xf16>) permutation = [2, 3, 1, 0]
    %e2 = tensor.empty() : tensor<2x7x7x16xf32>
    %c2 = linalg.transpose ins(%c : tensor<2x16x7x7xf32>) outs(%e2 : tensor<2x7x7x16xf32>) permutation = [0, 2, 3, 1]
    %r2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
            ins(%x2, %w2 : tensor<2x9x9x8xf16>, tensor<3x3x8x16xf16>)
            outs(%c2 : tensor<2x7x7x16xf32>) -> tensor<2x7x7x16xf32>
    %e3 = tensor.empty() : tensor<2x16x7x7xf32>
    %r = linalg.transpose ins(%r2 : tensor<2x7x7x16xf32>) outs(%e3 : tensor<2x16x7x7xf32>) permutation = [0, 3, 1, 2]
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerSinkTransposesPass : Pass<"roller-sink-transposes"> {
  let summary = "Transposes moved past elementwise ops, pads and poolings";
  let description = [{
    An NCHW network whose convolutions run in NHWC (`roller-conv-nchw-to-nhwc`)
    has a transpose back to NCHW after every convolution and one to NHWC
    before the next; between them lie BatchNorm, ReLU, the residual add,
    pads and poolings, which work as well in NHWC. This pass moves each
    `linalg.transpose` on tensors past its users, into the layout its input
    has, until the pairs meet: a transpose of a transpose is one transpose by
    the composed permutation, and none where they undo each other.

    A transpose moves when every user takes it and the move adds no
    transpose (one made per pad, pooling and elementwise result, against the
    transpose itself and every user it undoes):
    - a transpose of it (upstream's linalg.transpose canonicalization,
      which runs beside the moves, composes the two; a transpose with only
      transposes for users is left to it);
    - a `tensor.pad` of it by a constant with static padding that only
      transposes and NCHW poolings read (a pad a convolution reads through
      stays under it), made over the input's dims and transposed;
    - a `linalg.pooling_nchw_max`/`_sum` whose input it transposes from
      NHWC: the NHWC pooling, transposed (a fill of its output re-made at the
      NHWC shape);
    - an elementwise `linalg.generic` (a parallel loop per dim, identity
      output maps, initial values empty or unread) that reads it with the
      identity map and otherwise reads broadcasts (a bias per channel),
      scalars, transposes by the same permutation (a residual add), or
      tensors a transpose by the inverse permutation already reads before
      it (a block's input, transposed for its first convolution: that
      transpose's result is read instead): its loops reordered into the
      input's layout, each result transposed;
    - a `linalg.generic` with reduction loops (a global average pool): it
      reads the transpose's input through the permuted map.
    Ops with a `roller.config` take nothing; nothing but the transposes
    and what the moves make is changed or folded. `--roller-tile` runs it after the convolutions are rewritten,
    on the transposes from NHWC to NCHW (convolutions' results taken
    through NHWC) and those their moves make; other transposes (attention's)
    stay where its later steps expect them (only linalg.transpose's own
    canonicalization applies to them).
    Entry points: `sinkTranspose`, `sinkTransposes` (`SinkTransposes.h`).

    ```mlir
    %t = linalg.transpose ins(%c : tensor<2x7x7x16xf32>) outs(%e : tensor<2x16x7x7xf32>) permutation = [0, 3, 1, 2]
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
           ins(%t : tensor<2x16x7x7xf32>) outs(%e : tensor<2x16x7x7xf32>) { relu }
    %u = linalg.transpose ins(%r : tensor<2x16x7x7xf32>) outs(%e2 : tensor<2x7x7x16xf32>) permutation = [0, 2, 3, 1]
    ```

    becomes

    ```mlir
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
           ins(%c : tensor<2x7x7x16xf32>) outs(%e3 : tensor<2x7x7x16xf32>) { relu }
    ```
    (`%u` is `%r`; the transpose of `%r` back to NCHW is left only where
    something else reads it.)
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerFoldExtensionsIntoContractionsPass
    : Pass<"roller-fold-extensions-into-contractions"> {
  let summary = "Matmuls of extended f16/bf16 operands read them narrow";
  let description = [{
    torch-mlir lowers a Linear with a bias of f16 or bf16 tensors
    (`aten.addmm`) as an f32 matmul of its operands extended to f32: two
    elementwise `arith.extf` ops, then a `linalg.matmul` of f32 tensors,
    which has no f16 or bf16 input and so runs on the CUDA cores (and the
    extended activations are a tensor of their own). This pass rewrites a
    `linalg.matmul` or `linalg.batch_matmul` whose two inputs are each an
    elementwise extension (a `linalg.generic` with identity maps yielding
    `arith.extf` of its input) of tensors of one type, f16 or bf16, into the
    same op reading the narrow tensors: the values are the same, as the
    named op's body extends its inputs to the output's type, and the matmul
    now runs on tensor cores. Its indexing maps, cast and other attributes
    are kept; extensions left without users are erased. `--roller-tile`
    runs it first of all, before constant folding would make an extended
    weight an f32 constant. Entry point: `foldExtensionsIntoContraction`
    (`FoldExtensionsIntoContractions.h`).

    ```mlir
    %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
            ins(%x : tensor<8x64xf16>) outs(%e0 : tensor<8x64xf32>) {
          ^bb0(%in: f16, %out: f32):
            %0 = arith.extf %in : f16 to f32
            linalg.yield %0 : f32
          } -> tensor<8x64xf32>
    %wf = linalg.generic ... ins(%w : tensor<64x32xf16>) ... -> tensor<64x32xf32>
    %r = linalg.matmul ins(%xf, %wf : tensor<8x64xf32>, tensor<64x32xf32>)
                       outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
    ```

    becomes

    ```mlir
    %r = linalg.matmul ins(%x, %w : tensor<8x64xf16>, tensor<64x32xf16>)
                       outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def RollerWidenBf16AccumulatorsPass
    : Pass<"roller-widen-bf16-accumulators"> {
  let summary = "Sum bf16 contractions in f32, round to bf16 once after";
  let description = [{
    A contraction of bf16 tensors into a bf16 tensor (StableHLO's bf16
    `dot_general` lowered to linalg, whose result type is its accumulator;
    torch-mlir already sums bf16 matmuls into f32 and truncates) sums in
    bf16 as written: every partial sum is rounded to 8 bits of mantissa, and tensor
    cores cannot compute it (mma.sync takes bf16 inputs into an f32
    accumulator only), so it would run on the CUDA cores. cuBLAS and
    PyTorch sum bf16 GEMMs in f32 and round once, at the end. This pass does
    the same: such a contraction (two bf16 inputs, one bf16 output, static
    shapes, a body that yields `out + a * b`) becomes a `linalg.generic`
    with the same indexing maps that sums `extf(a) * extf(b)` into an f32
    tensor, and an elementwise `linalg.generic` that truncates the sum to
    bf16, which `roller-fuse-elementwise` and `roller-fuse-epilogues` then
    bring into the contraction's kernel. The initial value is widened: a
    `linalg.fill` of the widened value for a fill, a widening
    `linalg.generic` otherwise. The result is more accurate than the
    op as written (one rounding instead of one per step), so it differs
    from a bf16 sum in the last bits. `--roller-tile` runs it after
    `roller-split-bias-init`, unless `fuse-epilogues=false`. Entry point:
    `widenBf16Accumulator` (`WidenBf16Accumulators.h`).

    ```mlir
    %z = linalg.fill ins(%cst : bf16) outs(%e : tensor<64x32xbf16>) -> tensor<64x32xbf16>
    %mm = linalg.matmul ins(%a, %b : tensor<64x48xbf16>, tensor<48x32xbf16>)
                        outs(%z : tensor<64x32xbf16>) -> tensor<64x32xbf16>
    ```

    becomes

    ```mlir
    %z = linalg.fill ins(%cst_f32 : f32) outs(%e0 : tensor<64x32xf32>) -> tensor<64x32xf32>
    %sum = linalg.generic {indexing_maps = [#mk, #kn, #mn], ...}
             ins(%a, %b : tensor<64x48xbf16>, tensor<48x32xbf16>) outs(%z : tensor<64x32xf32>) {
    ^bb0(%x: bf16, %y: bf16, %acc: f32):
      %xf = arith.extf %x : bf16 to f32
      %yf = arith.extf %y : bf16 to f32
      %p = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<64x32xf32>
    %mm = linalg.generic {indexing_maps = [#id, #id], ...} ins(%sum : tensor<64x32xf32>)
            outs(%e1 : tensor<64x32xbf16>) { ... arith.truncf ... } -> tensor<64x32xbf16>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerCollapseReductionLoopsPass
    : Pass<"roller-collapse-reduction-loops"> {
  let summary = "Adjacent reduction loops as one loop";
  let description = [{
    A reduction over several dimensions (the mean over H and W of an NCHW
    tensor, a sum over every element) has several reduction loops, and the
    schedules that make reductions fast take one: a block's threads sharing
    each output, and the split across blocks. With one thread per output,
    the mean over H and W of an 8x64x112x112 tensor is predicted at 151 us
    on h200; as one loop over H*W, 5.5 us. This pass folds each run of
    adjacent reduction loops that every indexing map reads contiguously and
    in order into one loop (upstream `linalg::collapseOpIterationDims`; a
    named op is generalized first), collapsing the operands along them and
    reshaping the results back. Windows (pooling, convolutions) are read
    through sums of loops and are left alone, and so are ops with a user's
    `roller.config` (it names their loops as written) and ops that read a
    `tensor.pad` (read through only as an rProgram's direct input).
    An elementwise reader of the reduction's result that walks the same
    dimensions of a tensor the reduction reads (InstanceNorm's `x - mean`
    over H and W) has its loops along the run folded too, and reads the
    reduction's collapse of that tensor: it stays the reduction's row
    epilogue (`roller-fuse-epilogues`).
    `--roller-tile` runs it before the selection.
    Entry points: `getCollapsibleReductionLoops`, `collapseReductionLoops`,
    `getRowReaderLoops`, `collapseReductionAndRowReaders`,
    `collapseReductionLoopsEverywhere`, `collapseLoopsOfGenericForm`
    (`CollapseReductionLoops.h`).

    ```mlir
    %s = linalg.reduce ins(%x : tensor<8x64x112x112xf32>)
           outs(%z : tensor<8x64xf32>) dimensions = [2, 3] (...)
    ```

    becomes

    ```mlir
    %c = tensor.collapse_shape %x [[0], [1], [2, 3]]
           : tensor<8x64x112x112xf32> into tensor<8x64x12544xf32>
    %s = linalg.generic {indexing_maps = [(d0, d1, d2) -> (d0, d1, d2), (d0, d1, d2) -> (d0, d1)],
           iterator_types = ["parallel", "parallel", "reduction"]}
           ins(%c : tensor<8x64x12544xf32>) outs(%z : tensor<8x64xf32>) {...}
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerAddUnitParallelLoopPass : Pass<"roller-add-unit-parallel-loop"> {
  let summary = "A parallel loop of extent 1 for ops without one";
  let description = [{
    A reduction to a single value (torch's `x.sum()`, `x.mean()`, a loss)
    and an elementwise op on 0-d tensors have no parallel loop, so no block
    or thread tile fits them and the selection leaves them out (they would
    run on the host). This pass gives each such linalg op on static
    tensors (without a user's `roller.config`, which names its loops) a
    parallel loop of extent 1 in front of its loops: it becomes a
    `linalg.generic` whose single-element operands (0-d, or unit dimensions
    read at 0) are 1-element 1-D tensors indexed by the new loop, its
    results reshaped back. The reshape pairs this leaves between rewritten
    ops fold away, and a fill of a reshaped initial value becomes a fill of
    the 1-element tensor. The reduction's single row is then shared by a
    block's threads and split across blocks where the SMs would idle, and
    the divide of a mean reads its result directly (it can be its
    epilogue). `--roller-tile` runs it before
    `roller-collapse-reduction-loops`, which then folds a full reduction's
    loops into one.
    Entry points: `addUnitParallelLoop`, `addUnitParallelLoops`
    (`AddUnitParallelLoop.h`).

    ```mlir
    %s = linalg.reduce ins(%x : tensor<4096xf32>) outs(%z : tensor<f32>)
           dimensions = [0] (...)
    ```

    becomes

    ```mlir
    %z1 = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
    %s1 = linalg.generic {indexing_maps = [(d0, d1) -> (d1), (d0, d1) -> (d0)],
            iterator_types = ["parallel", "reduction"]}
            ins(%x : tensor<4096xf32>) outs(%z1 : tensor<1xf32>) {...}
    %s = tensor.collapse_shape %s1 [] : tensor<1xf32> into tensor<f32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerDropKeepdimUnitsPass : Pass<"roller-drop-keepdim-units"> {
  let summary = "Keepdim reductions and their readers without unit dims";
  let description = [{
    A reduction that keeps its reduced axes as unit dimensions (torch's
    `keepdim=True`: LayerNorm's mean and variance, softmax's max and sum)
    writes a `2x16x1` tensor through `(d0, d1, d2) -> (d0, d1, 0)`, and the
    elementwise steps after it (the divide by the row length, epsilon and
    rsqrt) loop over that unit axis, which is no axis of the reduction: they
    cannot be its epilogue. This pass drops the unit dimensions (upstream
    `linalg::dropUnitDims`, with reassociative reshapes) of every keepdim
    reduction `linalg.generic` and of every `linalg.generic` that reads the
    result of one it rewrote, then folds the `expand_shape`/`collapse_shape`
    pairs this leaves between them: the reduction writes a `2x16` tensor
    that its consumers read through projected permutations, and
    `roller-fuse-epilogues` fuses them. Ops that are not generic ops keep
    their shapes, and so does a generic op that reads a unit dimension from
    another linalg op (a reshape between an anchor and an elementwise
    consumer would stop that consumer from becoming its epilogue).
    `--roller-tile` runs it after the elementwise fusion, unless
    `fuse-epilogues=false`.
    Entry points: `dropKeepdimUnits`, `dropKeepdimUnitsEverywhere`
    (`DropKeepdimUnits.h`).

    ```mlir
    %s = linalg.generic {indexing_maps = [(d0, d1, d2) -> (d0, d1, d2), (d0, d1, d2) -> (d0, d1, 0)],
           iterator_types = ["parallel", "parallel", "reduction"]}
           ins(%x : tensor<2x16x64xf32>) outs(%z : tensor<2x16x1xf32>) {...}
    %m = linalg.generic {indexing_maps = [#id3, #id3], ...}
           ins(%s : tensor<2x16x1xf32>) outs(%e : tensor<2x16x1xf32>) {... arith.divf ...}
    ```

    becomes

    ```mlir
    %s = linalg.generic {indexing_maps = [(d0, d1, d2) -> (d0, d1, d2), (d0, d1, d2) -> (d0, d1)], ...}
           ins(%x : tensor<2x16x64xf32>) outs(%z2 : tensor<2x16xf32>) {...}
    %m = linalg.generic {indexing_maps = [#id2, #id2], ...}
           ins(%s : tensor<2x16xf32>) outs(%e2 : tensor<2x16xf32>) {... arith.divf ...}
    %r = tensor.expand_shape %m [[0], [1, 2]] output_shape [2, 16, 1] : ...
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerMergeSiblingReductionsPass
    : Pass<"roller-merge-sibling-reductions"> {
  let summary = "Reductions of the same input over the same loops as one op";
  let description = [{
    torch's LayerNorm sums its input twice over the same rows (in f64 for
    the variance's mean, in f32 for the normalize's mean), and each sum
    would be a kernel reading the whole input. This pass replaces two
    `linalg.generic` reductions on tensors (not contractions or
    convolutions, which keep their kernels and tensor cores) by one
    multi-output generic when they have the same iterator types and static loop ranges, read one
    tensor through the same indexing map, and the second does not read a
    result of the first (what it reads from ops between them, such as its
    initial value's fill, must come from ops without memory effects, which
    move up): the merged op, at the first's place, reads each (tensor, map) pair of
    both once, writes the outputs of the first then of the second, and runs
    both bodies. Each reduction joins the first earlier one it can; a
    merged op can take more. With `remarks` (the default) each merge gets a
    remark. `--roller-tile` runs it after the keepdim units are dropped,
    unless `fuse-elementwise=false`. Entry points: `whyNotMerged`,
    `mergeSiblingReductions`, `mergeSiblingReductionsEverywhere`
    (`MergeSiblingReductions.h`).

    ```mlir
    %s64 = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
             ins(%x : tensor<32x64xf32>) outs(%z64 : tensor<32xf64>) {
      ^bb0(%a: f32, %o: f64):
        %w = arith.extf %a : f32 to f64
        %r = arith.addf %w, %o : f64
        linalg.yield %r : f64
    } -> tensor<32xf64>
    %s32 = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
             ins(%x : tensor<32x64xf32>) outs(%z32 : tensor<32xf32>) {
      ^bb0(%a: f32, %o: f32):
        %r = arith.addf %a, %o : f32
        linalg.yield %r : f32
    } -> tensor<32xf32>
    ```

    becomes

    ```mlir
    %s:2 = linalg.generic {indexing_maps = [#id, #rows, #rows], iterator_types = ["parallel", "reduction"]}
             ins(%x : tensor<32x64xf32>) outs(%z64, %z32 : tensor<32xf64>, tensor<32xf32>) {
      ^bb0(%a: f32, %o: f64, %p: f32):
        %w = arith.extf %a : f32 to f64
        %r = arith.addf %w, %o : f64
        %q = arith.addf %a, %p : f32
        linalg.yield %r, %q : f64, f32
    } -> (tensor<32xf64>, tensor<32xf32>)
    ```
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark on every merge">
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def RollerFuseEpiloguesPass : Pass<"roller-fuse-epilogues"> {
  let summary = "Fuse elementwise rPrograms into their producers as epilogues";
  let description = [{
    A bias add, an activation, a cast or a residual add after a matmul,
    convolution, pooling or reduction is an rProgram of its own: a kernel
    that reads and writes a whole tensor in global memory. This pass makes
    such a consumer the epilogue of its producer: one rProgram whose
    operator accumulates in registers as before, then applies the
    consumer's computation to each thread's accumulators (a second
    `roller.compute` with `axes`) and stores only the consumer's result.
    The producer's output is no longer written to global memory; the
    consumer's other inputs are loaded into registers with the tile the
    producer's thread rTile implies.

    A consumer with more loops, each running along a reduction axis of a
    CUDA-core producer (bound through a tensor both read), is a row
    epilogue (softmax's divide by the row sum, LayerNorm's normalize): each
    thread walks its outputs' rows after their reductions end.

    Not fused, with a remark saying why (with `remarks`, the default, for
    every elementwise consumer of an rProgram): a producer with several
    outputs, other users of its result, an output map that is not a
    permutation of its parallel axes (a kept unit dimension), a consumer
    that reads the result through a broadcast other than a row epilogue's,
    a consumer the selection marked `roller.unfused` (`unfuse-slower=1`:
    the two kernels predicted faster), and a fused rProgram that would need
    more registers than the device allows. `--roller-tile` ranks each
    producer with the epilogue this pass will give it (the same structural
    test, `EpilogueLoops.h`). With tensor cores the
    accumulators are mma fragments spread over a warp's lanes: the lowering
    then stores them and, after a barrier, the block's threads share the
    epilogue over the block tile. Entry point:
    `fuseEpilogues` (`FuseEpilogues.h`); `--roller-tile` runs it unless
    `fuse-epilogues=false`.

    ```mlir
    %mm = roller.rprogram ins(%A, %B : ...) outs(%fill : ...) config = #cfg {
      ...
      %acc = roller.compute ins(%a, %b : ...) inits(%c : ...) {...}
      %r = roller.store %acc into %out : ...
      roller.yield %r : tensor<256x256xf32>
    }
    %y = roller.rprogram ins(%mm, %bias : ...) outs(%e : ...) config = #cfg2 {
      ... add and ReLU ...
    }
    ```

    becomes

    ```mlir
    %y = roller.rprogram ins(%A, %B, %fill, %bias : ...) outs(%e : ...) config = #cfg {
      ...
      %acc = roller.compute ins(%a, %b : ...) inits(%c : ...) {...}
      %br = roller.load %bias_arg : tensor<256xf32> -> !roller.tile<2xf32, register>
      %er = roller.load %e_arg : tensor<256x256xf32> -> !roller.tile<2x2xf32, register>
      %y = roller.compute ins(%acc, %br : ...) inits(%er : ...) attributes {
             axes = array<i64: 0, 1>, ...} { ... add and ReLU ... }
      %r = roller.store %y into %e_arg : ...
      roller.yield %r : tensor<256x256xf32>
    }
    ```
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"true",
           "Emit a remark on every elementwise consumer left unfused">
  ];
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
  let summary = "tensor.pad and tensor.generate as linalg ops Roller tiles";
  let description = [{
    Rewrites every statically shaped `tensor.generate` into a
    `linalg.generic` whose body reads its indices with `linalg.index`
    (`generateToLinalg`), and every statically shaped `tensor.pad` into the padded tensor
    filled with the padding value (upstream's destination-passing form of the
    pad: `linalg.fill`, or a `linalg.generic` when the value depends on the
    index) and a `linalg.copy` of the source into an `extract_slice` of its
    interior, inserted back with the matching `insert_slice` (the pair
    bufferizes in place). Both are linalg ops, which `--roller-tile` (which
    runs this first) schedules and tiles into kernels; a pad itself would
    run on the host. Entry points: `decomposePad`, `generateToLinalg`
    (`TensorOpsToLinalg.h`).

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

def RollerLowerRProgramsPass
    : Pass<"roller-lower-rprograms", "::mlir::func::FuncOp"> {
  let summary = "Lower every roller.rprogram to tiled loops on tensors";
  let description = [{
    Rebuilds the operator of each `roller.rprogram` as a `linalg.generic`
    and tiles it with upstream `scf::tileUsingSCF`, one memory level at a
    time, as its `#roller.config` says:

    * the spatial axes by the block rTile into an `scf.forall` mapped to
      `#gpu.block<linear_dim_*>` (innermost axis `linear_dim_0`), which
      carries the config as `roller.config`;
    * the reduction axes by the block rTile's reduction step into `scf.for`;
    * with `staged = true` (the default), each input slice is copied into a
      `bufferization.alloc_tensor` in `#gpu.address_space<workgroup>` of the
      static shared-tile shape, plus the config's padding on the innermost
      dimension, by a `linalg.copy` tiled into an `scf.forall` over
      `#gpu.thread<linear_dim_*>` (at most `threads` iterations, threads
      along the innermost dimension first, `vector_width` elements of the
      op's widest element type each, counted in bytes: an f16 input of an
      op with an f32 output and `vector_width = 4` is copied 8 halves, one
      16-byte `cp.async`, at a time; halved until both the shared tile's
      and the input's rows divide into whole chunks);
    * the spatial axes by the thread rTile into an `scf.forall` mapped to
      `#gpu.thread` (`#gpu.warp` with `mma`), with static trip counts
      block / thread tile, and its reduction axes into `scf.for`.

    Boundary tiles keep the dynamic sizes tiling computes (`affine.min`).
    Memref operands are viewed as tensors (`bufferization.to_tensor
    restrict`) and written back with `materialize_in_destination`.

    Preconditions: the canonical rProgram form (`--roller-tile`'s output);
    anything else is an error at the op, which is left unchanged.

    Before:

    ```mlir
    %0 = roller.rprogram ins(%A, %B : ...) outs(%C : ...) config = #cfg {...}
    ```

    After:

    ```mlir
    %0 = scf.forall (%i, %j) = (0, 0) to (256, 256) step (64, 64)
        shared_outs(%c = %C) -> (tensor<256x256xf32>) {
      %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = ...) {
        %as = bufferization.alloc_tensor() {memory_space =
                #gpu.address_space<workgroup>} : tensor<64x20xf32>
        %a = scf.forall (...) in (64, 4) shared_outs(...) {
          linalg.copy ...  // 1x4 elements per thread
        } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
        ...
        scf.forall (...) in (16, 16) shared_outs(...) {
          scf.for ... { linalg.generic ... }
        } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
      }
    } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::gpu::GPUDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect"];
}

def RollerDropWorkgroupMemorySpacePass
    : Pass<"roller-drop-workgroup-memory-space"> {
  let summary = "Drop the workgroup memory space from alloc_tensor (CPU)";
  let description = [{
    Removes `memory_space = #gpu.address_space<workgroup>` from every
    `bufferization.alloc_tensor`, so that the staged shared-memory tiles
    bufferize to plain `memref.alloc`s, and erases `gpu.barrier`s (the one
    before a tensor-core epilogue: the CPU runs a block's threads one after
    another). The CPU has one address space: this is the only difference
    between the CPU oracle and the GPU path after
    `--roller-lower-rprograms`.

    Before:

    ```mlir
    %0 = bufferization.alloc_tensor() {memory_space =
           #gpu.address_space<workgroup>} : tensor<64x20xf32>
    ```

    After:

    ```mlir
    %0 = bufferization.alloc_tensor() : tensor<64x20xf32>
    ```
  }];
}

def RollerStripAttributesPass : Pass<"roller-strip-attributes"> {
  let summary = "Remove the roller dialect's discardable attributes";
  let description = [{
    Removes every discardable attribute of the `roller` dialect
    (`roller.device` on the module, `roller.config` on linalg ops and on the
    loops `--roller-lower-rprograms` builds), so that tools that do not load
    the dialect (`mlir-runner`, `mlir-translate`) can read the output. The
    last step of `--roller-lower-to-cpu`.

    Before:

    ```mlir
    module attributes {roller.device = #roller.device<...>} { ... }
    ```

    After:

    ```mlir
    module { ... }
    ```
  }];
}

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD
