//===- Passes.td - Passes of the roller dialect ------------*- tablegen -*-===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

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
    module's location, and the module is left unchanged.

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
      sizes) are left untouched with a remark saying why. `linalg.fill`s
      that only initialize another linalg op's output are skipped: tiling
      folds them into that op.
    * `report=<path>` writes one JSON object per op per line (`-` for
      stdout); `search=exhaustive` ranks the whole aligned space with the same
      model instead of constructing (for benchmarking the construction).

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
  let options = [
    Option<"device", "device", "std::string", /*default=*/"\"\"",
           "Preset name or JSON device file (default: the module's "
           "roller.device, else h200)">,
    Option<"topK", "top-k", "int64_t", /*default=*/"10",
           "Number of rPrograms to construct and rank">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "Write a JSON-lines report of every op's selection to this file "
           "('-' for stdout)">,
    Option<"search", "search", "std::string", /*default=*/"\"construct\"",
           "'construct' (ROLLER's greedy construction) or 'exhaustive' (rank "
           "the whole aligned space with the same model)">
  ];
  let dependentDialects = ["::mlir::roller::RollerDialect",
                           "::mlir::linalg::LinalgDialect"];
}

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD
