//===- ReductionPasses.td - Reductions' loops --------------*- tablegen -*-===//
//
// Rewrites of reductions' loops before the selection: collapsed reduction
// loops, a unit parallel loop for full reductions, keepdim unit dims,
// sibling reductions of one input merged.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_REDUCTION_PASSES_TD
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_REDUCTION_PASSES_TD

include "mlir/Pass/PassBase.td"

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

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_REDUCTION_PASSES_TD
