//===- SelectionPasses.td - The selection passes -----------*- tablegen -*-===//
//
// The device description and the selection: `--roller-attach-device`,
// `--roller-select` and `--roller-tile` (the whole linalg-to-rProgram
// pipeline), with the selection options they share.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_SELECTION_PASSES_TD
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_SELECTION_PASSES_TD

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
         "launch_ns, or 2 us where it has none">,
  Option<"allowTf32", "allow-tf32", "bool", /*default=*/"false",
         "Let f32 contractions (matmuls, convolutions) run on TF32 tensor "
         "cores (mma.sync m16n8k8: inputs rounded to 10 mantissa bits, sums "
         "in f32), as PyTorch's allow_tf32: marks the module "
         "roller.allow_tf32 (which also allows it when set by hand)">
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

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_SELECTION_PASSES_TD
