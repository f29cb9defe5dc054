//===- RProgramPasses.td - Passes on rPrograms -------------*- tablegen -*-===//
//
// After the selection: epilogues fused into rPrograms, rPrograms lowered
// to loops (the CPU oracle and the GPU path share it), and the cleanup
// of what the selection attached.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_R_PROGRAM_PASSES_TD
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_R_PROGRAM_PASSES_TD

include "mlir/Pass/PassBase.td"

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

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_R_PROGRAM_PASSES_TD
