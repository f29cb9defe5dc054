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
           "the whole aligned space with the same model)">,
    Option<"rank", "rank", "int64_t", /*default=*/"1",
           "Attach the rank-th best candidate (1: the model's choice; larger "
           "ranks let a benchmark evaluate the top-k on the device)">
  ];
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
  let options = [
    Option<"device", "device", "std::string", /*default=*/"\"\"",
           "Preset name or JSON device file (default: the module's "
           "roller.device, else h200)">,
    Option<"topK", "top-k", "int64_t", /*default=*/"10",
           "Number of rPrograms to construct and rank">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "Write the selection report to this file ('-' for stdout)">,
    Option<"search", "search", "std::string", /*default=*/"\"construct\"",
           "'construct' or 'exhaustive'">,
    Option<"rank", "rank", "int64_t", /*default=*/"1",
           "Tile with the rank-th best candidate (1: the model's choice)">
  ];
  let dependentDialects = ["::mlir::roller::RollerDialect",
                           "::mlir::linalg::LinalgDialect"];
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
      along the innermost dimension first, `vector_width` elements each);
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
    bufferize to plain `memref.alloc`s. The CPU has one address space: this
    is the only difference between the CPU oracle and the GPU path after
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

def RollerMapForallToGPUPass
    : Pass<"roller-map-forall-to-gpu", "::mlir::func::FuncOp"> {
  let summary = "Map bufferized block/thread foralls to a gpu.launch";
  let description = [{
    Every top-level bufferized `scf.forall` mapped to `#gpu.block<linear_dim_*>`
    (as `--roller-lower-rprograms` and bufferization leave it) becomes a
    `gpu.launch` with a one-dimensional grid (the product of the forall's trip
    counts, delinearized with `linear_dim_0` fastest) and a one-dimensional
    block of the `threads` of its `roller.config`. The nested foralls mapped
    to `#gpu.thread<linear_dim_*>` / `#gpu.warp<...>` are then distributed
    by upstream `mapNestedForallToThreadsImpl`, with a `gpu.barrier` after
    each (cooperative copies, compute, and the next reduction step's copies
    are thereby ordered).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect", "::mlir::affine::AffineDialect"];
}

def RollerPipelineStagingPass
    : Pass<"roller-pipeline-staging", "::mlir::func::FuncOp"> {
  let summary = "Multi-stage cp.async pipelining of the shared-memory "
                "staging copies (the config's stages)";
  let description = [{
    For every `gpu.launch` whose `roller.config` stages inputs with
    `stages = S > 1`, and every reduction `scf.for` in it (constant lower
    bound and step) whose staging buffers (workgroup `memref.alloc`s in the
    loop body) are written only by cooperative `linalg.copy`s from global
    memory:

    * each staging buffer becomes a ring of S slots (upstream
      `memref::multiBuffer`; the slot of step k is
      `((k - lb) floordiv step) mod S`, an `affine.apply`);
    * the copies of the first S - 1 steps are issued before the loop, and
      step k issues those of step k + (S - 1) step (guarded by
      `k' < ub`), each step's copies closing one `cp.async` group
      (`nvgpu.device_async_create_group`, empty past the end so that the
      count stays uniform);
    * step k then waits until at most S - 1 groups are pending (its own
      tile has landed: `nvgpu.device_async_wait {numGroups = S - 1}`) and
      synchronizes the block before its compute; the barrier after the
      compute (added if missing) protects the slot step k + 1 overwrites.

    The copies issued ahead carry `roller.async_copy`, so that
    `--roller-vectorize-accesses` makes them `nvgpu.device_async_copy`
    (`cp.async` of 4, 8 or 16 bytes) where the width and the proven
    alignment allow; copies it cannot (dynamic boundary tiles, 2-byte
    elements) stay synchronous, which is still correct in this schedule.
    The model counts S copies of every staged tile in the block's shared
    memory. Loops of any other shape are left alone (one slot, synchronous
    copies).

    Before (in a launch, `stages = 2`):

    ```mlir
    scf.for %k = %c0 to %c1024 step %c8 {
      %s = memref.alloc() : memref<64x9xf32, #gpu.address_space<workgroup>>
      scf.if %t { linalg.copy ins(%a_k : ...) outs(%s_view : ...) }
      gpu.barrier
      linalg.generic ... ins(%s_view, ...)
      gpu.barrier
    }
    ```

    After:

    ```mlir
    %ring = memref.alloc() : memref<2x64x9xf32, #gpu.address_space<workgroup>>
    scf.if %true { scf.if %t { linalg.copy {roller.async_copy} ... slot 0 } }
    nvgpu.device_async_create_group
    scf.for %k = %c0 to %c1024 step %c8 {
      %next = affine.apply affine_map<(d0) -> (d0 + 8)>(%k)
      scf.if %next < %c1024 { ... linalg.copy {roller.async_copy} ... slot of %next }
      %g = nvgpu.device_async_create_group
      nvgpu.device_async_wait %g {numGroups = 1 : i32}
      gpu.barrier
      linalg.generic ... ins(%slot_view, ...)
      gpu.barrier
    }
    ```
  }];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::nvgpu::NVGPUDialect",
                           "::mlir::scf::SCFDialect"];
}

def RollerPromoteWorkgroupAllocsPass
    : Pass<"roller-promote-workgroup-allocs", "::mlir::func::FuncOp"> {
  let summary = "Turn allocations inside gpu.launch into attributions";
  let description = [{
    Inside every `gpu.launch`, a statically shaped `memref.alloc` in
    `#gpu.address_space<workgroup>` becomes a workgroup attribution of the
    launch (hence `.shared` memory), hoisted out of any loop; other statically
    shaped allocations become a `memref.alloca` at the start of the kernel
    (thread-private). Their `memref.dealloc`s are erased. Without this an
    allocation inside a kernel lowers to a device `malloc`. In a launch
    whose `roller.config` uses tensor cores, a bf16 buffer becomes an `i8`
    attribution of its size and a `memref.view` (so that the warps can read
    the same bytes as f16, see `--roller-vectorize-mma`).
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect"];
}

def RollerHoistAccumulatorsPass
    : Pass<"roller-hoist-accumulators", "::mlir::func::FuncOp"> {
  let summary = "Keep each thread's output tile in registers across the "
                "reduction loops";
  let description = [{
    After mapping to a `gpu.launch`, a thread's slice of the output is a
    small `memref.subview` of global memory that the compute step reads and
    writes on every iteration of the reduction loop. For each `scf.for`
    inside a launch (outermost first), loop-invariant code is hoisted first;
    then every statically shaped global subview defined outside the loop,
    of at most 1024 elements, whose only accesses inside the loop go through
    it (no other view of the same buffer is read or written there) is
    replaced inside the loop by a thread-private `memref.alloca`: a
    `linalg.copy` fills it before the loop and another writes it back after.
    `--roller-unroll-register-tiles` then makes every index into it a
    constant, so that LLVM keeps it in registers.

    Before (in a launch):

    ```mlir
    %acc = memref.subview %C[%i, %j] [8, 4] [1, 1] : ...
    scf.for %k = %c0 to %c1024 step %c8 {
      ...
      linalg.generic ... outs(%acc : memref<8x4xf32, strided<[1024, 1], offset: ?>>)
    }
    ```

    After:

    ```mlir
    %regs = memref.alloca() : memref<8x4xf32>
    %acc = memref.subview %C[%i, %j] [8, 4] [1, 1] : ...
    linalg.copy ins(%acc : ...) outs(%regs : memref<8x4xf32>)
    scf.for %k = %c0 to %c1024 step %c8 {
      ...
      linalg.generic ... outs(%regs : memref<8x4xf32>)
    }
    linalg.copy ins(%regs : memref<8x4xf32>) outs(%acc : ...)
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::memref::MemRefDialect"];
}

def RollerSpecializeFullTilesPass
    : Pass<"roller-specialize-full-tiles", "::mlir::func::FuncOp"> {
  let summary = "Static tiles for interior blocks and full reduction steps";
  let description = [{
    When the block or reduction tiles do not divide the tensor, the rProgram
    lowering gives every tile `affine.min` sizes, and in every block (not
    only the boundary ones) accumulators stay in global memory and accesses
    stay scalar. In each `gpu.launch` this pass

    * peels the last, partial step off every `scf.for` whose step does not
      divide its trip (upstream `scf::peelForLoopAndSimplifyBounds`), so
      that the main loop's steps are full;
    * versions the launch body on the block being interior: each
      block-level size (an `affine.min` of block ids and constants directly
      in the body) is compared with its constant bound, and when all are
      full a copy of the rest of the body with those sizes replaced by the
      constants runs (`scf.if`); boundary blocks run the original;
    * simplifies the `affine.min`/`affine.max` ops that become redundant
      (a full block's thread tiles; upstream `simplifyAffineMinMaxOps`), so
      that the interior version's views fold to static shapes.

    Runs after the workgroup buffers are attributions (both versions share
    them) and before the accumulator hoisting, the mma and the access
    vectorization, which need static tiles.

    ```mlir
    %n = affine.min affine_map<()[s0] -> (80, s0 * -80 + 1024)>()[%bx]
    ... everything else, sized by %n ...
    ```

    becomes

    ```mlir
    %n = affine.min affine_map<()[s0] -> (80, s0 * -80 + 1024)>()[%bx]
    %full = arith.cmpi eq, %n, %c80 : index
    scf.if %full {
      ... everything else, sized by 80 (static) ...
    } else {
      ... everything else, sized by %n ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def RollerVectorizeMmaPass
    : Pass<"roller-vectorize-mma", "::mlir::func::FuncOp"> {
  let summary = "Tensor-core warp tiles to vector.contract of the mma shape, "
                "accumulators in registers";
  let description = [{
    A tensor-core rProgram (a config with `mma = [m, n, k]`) lowers to one
    linalg contraction per warp tile, marked `roller.mma = array<i64: m, n,
    k>`; after `--roller-map-forall-to-gpu` all 32 lanes of a warp execute
    it. This pass rewrites every such op inside a GPU kernel into 2-D
    `vector.transfer_read`s of its tiles (the inputs from shared memory, the
    accumulator from global memory), one `vector.contract` per m x n x k mma
    tile, and `vector.transfer_write`s of the accumulator tiles, then moves
    the accumulator reads before and the writes after every enclosing
    `scf.for` in which nothing else touches the accumulator's buffer, so
    that the accumulators are the loops' iteration values. Those are exactly
    the native shapes of upstream's vector -> nvgpu conversion, which
    `--roller-mma-to-nvgpu` runs after outlining (`nvgpu.ldmatrix`,
    transposed for k-major operands, and `nvgpu.mma.sync`).

    The warp tile must be a contraction with f16 inputs and an f32 or f16
    accumulator, or bf16 inputs and an f32 accumulator, static
    ranges that are multiples of the mma shape (the selection makes
    tensor-core block tiles divide the tensor), one m, n and k dimension
    (batch and other dimensions of extent 1), and operands whose innermost
    dimension is contiguous. A boundary warp tile (dynamic sizes, or sizes
    that are not multiples of the mma shape: partial blocks and partial
    reduction steps, which the selection avoids but a hand-written config
    may have) is computed on the CUDA cores instead: the lanes split its
    output elements (the last parallel dimension across the lanes), with
    `memref.load`/`store` and `llvm.fpext` + `llvm.intr.fmuladd` (arith ops
    would trip the nvgpu conversion). Anything else is an error at the op.

    bf16: upstream's vector -> nvgpu conversion (LLVM 22) has 16-bit
    fragments for f16 only. `--roller-promote-workgroup-allocs` keeps bf16
    tiles in byte buffers (`memref.view` of an `i8` attribution); this pass
    reads the warp's tiles through f16 views of the same bytes (ldmatrix
    moves bits) and marks the contractions `roller.bf16_mma`, for which
    `--roller-mma-to-nvgpu` emits the bf16 `nvvm.mma.sync`.

    Before (inside a `gpu.launch`, in the reduction loop):

    ```mlir
    linalg.generic {..., iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<16x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>,
                     memref<16x16xf16, strided<[72, 1], offset: ?>, #gpu.address_space<workgroup>>)
        outs(%c : memref<16x16xf32, strided<[1024, 1], offset: ?>>)
        attrs = {roller.mma = array<i64: 16, 8, 16>} { ... }
    ```

    After (the accumulators read before and written after the loop):

    ```mlir
    %acc0 = vector.transfer_read %c[%c0, %c0], %zero : ..., vector<16x8xf32>
    %r:2 = scf.for %k = ... iter_args(%x = %acc0, %y = %acc1) -> (...) {
      %A  = vector.transfer_read %a[%c0, %c0], %h : ..., vector<16x16xf16>
      %B0 = vector.transfer_read %b[%c0, %c0], %h : ..., vector<16x8xf16>
      %x1 = vector.contract {...} %A, %B0, %x : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
      ...
    }
    vector.transfer_write %r#0, %c[%c0, %c0] : vector<16x8xf32>, ...
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def RollerOutlineKernelsPass
    : Pass<"roller-outline-kernels", "::mlir::ModuleOp"> {
  let summary = "Upstream kernel outlining that keeps each launch's "
                "roller.config, as `.maxnreg`, on its kernel";
  let description = [{
    Runs upstream `gpu-kernel-outlining` and gives every outlined kernel the
    `roller.config` of the `gpu.launch` it came from (outlining drops the
    launch's attributes). A config with `max_regs` also sets the kernel's
    `nvvm.maxnreg`, which becomes the PTX `.maxnreg` directive: ptxas then
    uses at most the registers that keep the blocks per SM the model's
    occupancy assumed, instead of as many as it likes.

    ```mlir
    gpu.launch blocks(...) threads(...) { ... } {roller.config = #roller.config<..., max_regs = 64>}
    ```

    becomes

    ```mlir
    gpu.launch_func @f_kernel::@f_kernel blocks in (...) threads in (...) args(...)
    gpu.module @f_kernel {
      gpu.func @f_kernel(...) kernel attributes {known_block_size = array<i32: 64, 1, 1>,
          nvvm.maxnreg = 64 : i32, roller.config = #roller.config<..., max_regs = 64>} { ... }
    }
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::DLTIDialect"];
}

def RollerHostBuffersToGPUPass
    : Pass<"roller-host-buffers-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Make the buffers the host hands to kernels device-accessible "
                "(managed memory)";
  let description = [{
    Runs on the host code of every `func.func` outside the `gpu.module`s
    (the bodies of `gpu.launch` ops left unoutlined are not looked at), after
    kernel outlining (`roller-outline-kernels`) and before the host is
    lowered to LLVM. A kernel can only access device memory, managed memory
    or registered host memory, but the host allocates with `memref.alloc`
    (C `malloc`); the C++ entry point is
    `makeHostBuffersDeviceAccessible(RewriterBase &, func::FuncOp)` in
    `HostBuffersToGPU.h`.

    * Every host `memref.alloc` (default memory space) becomes
      `gpu.alloc host_shared` with the same dynamic sizes, symbols and type:
      managed memory (upstream's CUDA runtime wrappers call
      `cuMemAllocManaged` for it), which the host reads and writes as
      before. Every one, not only those reaching a launch: buffers made in
      host-only helpers (a data generator, say) reach kernels through calls,
      and the module's own allocations are then all alike. The `alignment`
      attribute is dropped: CUDA aligns every allocation to at least 256
      bytes; an alignment above 256 is an error.
    * Every host `memref.dealloc` becomes `gpu.dealloc` (`mgpuMemFree`), in
      the asynchronous form between `gpu.wait async` and `gpu.wait`, the one
      LLVM 22's gpu-to-llvm lowers (it leaves a synchronous `gpu.dealloc`
      unconverted).
    * A `memref.get_global` whose value reaches a kernel is host memory a
      GPU cannot read. A value reaches a kernel when it reaches, through
      view-like ops (`memref.cast`, `subview`, `reinterpret_cast`,
      `expand_shape`, `collapse_shape`, ...), a `gpu.launch_func` operand or
      an argument of a host function of the module that does (a fixpoint
      over the calls). A constant global is copied (`memref.copy` on the
      host) into a `gpu.alloc host_shared` buffer where it is read, and the
      copy replaces it; a mutable one is copied into a managed buffer before
      each launch (or call) it reaches and back after it (launches are
      synchronous), so that the host and the kernel see each other's writes.
    * A `memref.alloca` (host stack memory) reaching a kernel cannot be made
      accessible: it is an error at the alloca, with a note at the launch
      (or call). So are a mutable global reaching an asynchronous launch, a
      host `memref.realloc` (the C allocator cannot resize managed memory)
      and the free of an unranked memref (`gpu.dealloc` takes ranked ones).
      On an error the function is left unchanged.

    The ABI that follows: memrefs passed into a compiled function from
    outside the module must already be device-accessible (`cudaMallocManaged`, `cudaMalloc` or
    registered host memory): they are the caller's and are passed to the
    kernels as they are. Buffers a compiled function returns are managed
    memory, and a buffer whose ownership passes to a compiled function (one
    it frees) must be freeable with `cuMemFree`.

    ```mlir
    %buf = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
    gpu.launch_func @k::@k blocks in (...) threads in (...) args(%buf : memref<?xf32>)
    memref.dealloc %buf : memref<?xf32>
    ```

    becomes

    ```mlir
    %buf = gpu.alloc host_shared (%n) : memref<?xf32>
    gpu.launch_func @k::@k blocks in (...) threads in (...) args(%buf : memref<?xf32>)
    %t0 = gpu.wait async
    %t1 = gpu.dealloc async [%t0] %buf : memref<?xf32>
    gpu.wait [%t1]
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect"];
}

def RollerExternDynamicSharedMemoryPass
    : Pass<"roller-extern-dynamic-shared-memory", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Give kernels dynamic shared memory as an `.extern .shared` "
                "array";
  let description = [{
    Upstream lowers `gpu.dynamic_shared_memory` to an internal zero-sized
    global, which LLVM's NVPTX back end demotes into the kernel as a 1-byte
    static `.shared` variable (`.shared .align 16 .b8 __dynamic_shmem__0;`):
    the kernel then reaches its dynamic shared memory by overrunning that
    variable, which works only while it is the block's one static variable
    (the PTX emulator's sanitizer reports the overrun). This pass replaces
    every `gpu.dynamic_shared_memory` of the module with a
    `memref.get_global` of an external `memref.global` (declared, no value),
    which becomes `.extern .shared .align 16 .b8
    __roller_dynamic_shared_memory[];`, the PTX of CUDA's
    `extern __shared__` array. Runs after `roller-vectorize-accesses` (which
    reads alignment off `gpu.dynamic_shared_memory`), before the NVVM
    lowering. The C++ entry point is `externalizeDynamicSharedMemory` in
    `ExternDynamicSharedMemory.h`.

    ```mlir
    %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    ```

    becomes

    ```mlir
    memref.global "public" @__roller_dynamic_shared_memory
        : memref<0xi8, #gpu.address_space<workgroup>> {alignment = 16 : i64}
    ...
    %0 = memref.get_global @__roller_dynamic_shared_memory
        : memref<0xi8, #gpu.address_space<workgroup>>
    %smem = memref.cast %0 : memref<0xi8, #gpu.address_space<workgroup>>
        to memref<?xi8, #gpu.address_space<workgroup>>
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def RollerMmaToNVGPUPass
    : Pass<"roller-mma-to-nvgpu", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Warp-level vector.contract tiles to nvgpu.ldmatrix and "
                "nvgpu.mma.sync";
  let description = [{
    In every kernel of a `gpu.module` that holds `vector.contract`s (as
    `--roller-vectorize-mma` leaves them, outlined), applies upstream's
    preparation patterns and `convertVectorToNVVMCompatibleMMASync`: reads
    from workgroup memory become `nvgpu.ldmatrix` (`transpose = true` for
    k-major operands), the accumulator reads and writes per-lane
    `vector.load`/`vector.store` of the mma fragment, the contractions
    `nvgpu.mma.sync`, and the reduction loops carry the fragments
    (`vector<2x2xf32>` per 16x8 tile). The replaced vector ops are erased.
    In a kernel whose contractions carry `roller.bf16_mma` (bf16 bits in
    f16-typed fragments), each `nvgpu.mma.sync` then becomes
    `nvvm.mma.sync` with bf16 multiplicands (the A and B registers as the
    i32 pairs the instruction takes, the f32 accumulators unchanged).

    This is upstream `convert-vector-to-gpu{use-nvgpu}` restricted to the
    kernels that have contractions: in LLVM 22 that pass also starts from
    every scalar arithmetic op it knows how to apply to mma fragments
    (`arith.muli` on indices included) and fails on it, so a kernel with
    such scalar ops is rejected with an error naming the op (the GPU mapping
    computes indices with `affine.apply`).

    ```mlir
    %a = vector.transfer_read %smem[%c0, %c0], %h : memref<16x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<16x16xf16>
    ```

    becomes

    ```mlir
    %a = nvgpu.ldmatrix %smem[%row, %col] {numTiles = 4 : i32, transpose = false} : memref<...> -> vector<4x2xf16>
    ```
  }];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::nvgpu::NVGPUDialect",
                           "::mlir::vector::VectorDialect"];
}

def RollerVectorizeAccessesPass
    : Pass<"roller-vectorize-accesses", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Elementwise copies and operations with aligned vector "
                "loads and stores of up to 16 bytes";
  let description = [{
    Rewrites every statically shaped elementwise linalg op in the kernels of
    a `gpu.module` (`linalg.copy`: global -> shared staging, accumulators
    moved in and out of registers; `linalg.generic` with identity maps,
    parallel loops and a body of elementwise-mappable ops and constants: an
    elementwise operator's thread tile) into a loop nest of
    `vector.load`/`vector.store` around the body applied to vectors. The
    width is the widest power of two (at most 16 bytes of the widest element)
    that divides the rows and that at least one operand can access fully
    aligned. Each access carries the `alignment` that can be proven for it,
    so that the NVPTX backend emits `ld.global.v4.b32`, `st.shared.v4.b32`
    and the like; an operand with less alignment gets what it has (the
    backend splits its accesses).

    The proof: kernel buffer arguments are assumed 16-byte aligned (the
    launcher's buffers; `cudaMalloc` gives 256), workgroup attributions are
    given `llvm.align = 16` by this pass, private `memref.alloca`s an
    alignment of 16, and views of `gpu.dynamic_shared_memory` are aligned as
    their byte shift allows. Through a chain of `memref.subview`s, the
    element offset's power-of-two divisibility is derived from constants,
    loop induction variables (lower bound and step), `arith` and
    `affine.apply` arithmetic on them, and the static strides. Ops with a
    dynamic shape, an operand whose innermost dimension is not contiguous,
    rows of odd length, broadcasts or transposes (non-identity maps), or a
    body that does not map onto vectors (`linalg.index`, regions) are left
    alone (and become scalar loops).

    A `linalg.copy` marked `roller.async_copy` (by
    `--roller-pipeline-staging`) from global into workgroup memory becomes
    `nvgpu.device_async_copy`s instead (`cp.async`, `.cg` for 16 bytes)
    when one access is 4, 8 or 16 bytes and both sides are aligned to it;
    4-byte elements qualify one at a time. Otherwise it is vectorized (or
    left) like any copy.

    Vector loads and stores other passes made without an alignment (the
    per-lane accesses of mma accumulator fragments) get the alignment the
    same analysis proves for them.

    ```mlir
    linalg.copy ins(%a : memref<8x32xf32, strided<[1024, 1], offset: ?>>)
                outs(%s : memref<8x32xf32, 3>)
    ```

    becomes

    ```mlir
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c32 step %c4 {
        %v = vector.load %a[%i, %j] {alignment = 16 : i64} : ..., vector<4xf32>
        vector.store %v, %s[%i, %j] {alignment = 16 : i64} : ..., vector<4xf32>
      }
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::nvgpu::NVGPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def RollerUnrollRegisterTilesPass
    : Pass<"roller-unroll-register-tiles", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Fully unroll the loops that index thread-private tiles";
  let description = [{
    In every kernel of a `gpu.module` (after `convert-linalg-to-loops`),
    finds the `scf.for` loops whose induction variables flow into the
    indices of a load or store of a statically shaped `memref.alloca`, and
    fully unrolls them, innermost first, when their trip counts are
    constant and the unrolled nest stays under `max-unrolled-ops`
    operations. Every index into the private tile is then a constant, which
    is what lets LLVM's SROA put it in registers rather than in local
    memory (a stack frame in `ptxas -v`).
  }];
  let options = [
    Option<"maxUnrolledOps", "max-unrolled-ops", "int64_t",
           /*default=*/"20000",
           "Largest number of operations a fully unrolled loop nest may have">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def RollerConvertToNVVMPass : Pass<"convert-to-nvvm", "::mlir::ModuleOp"> {
  let summary = "Lower rPrograms to host code plus a gpu.binary (NVVM/PTX)";
  let description = [{
    Runs, as one dynamic pipeline (stage by stage in docs/passes.md):
    `roller-lower-rprograms`; one-shot bufferization (identity layouts at
    function boundaries); `roller-map-forall-to-gpu`;
    `roller-pipeline-staging`; `roller-promote-workgroup-allocs`;
    `roller-specialize-full-tiles`; `roller-vectorize-mma`;
    `roller-hoist-accumulators`; `gpu-launch-sink-index-computations`;
    `roller-outline-kernels` (each kernel's `.maxnreg` from its config);
    `roller-host-buffers-to-gpu` (host buffers become managed memory);
    `roller-mma-to-nvgpu`; `roller-vectorize-accesses`;
    `roller-extern-dynamic-shared-memory`;
    `convert-linalg-to-loops`, `lower-affine`; `roller-strip-attributes`;
    `roller-unroll-register-tiles`; `roller-allow-fma-contraction`; and
    upstream `gpu-lower-to-nvvm-pipeline` with
    `cubin-chip=<chip>`, `cubin-features` (+ptx80 for sm_90/sm_90a, +ptx78 for
    sm_89, +ptx71 for sm_86, +ptx70 for sm_80) and `cubin-format=<format>`.

    * `chip`: empty means the module's `roller.device` chip, else `sm_90`;
      anything else than sm_80, sm_86, sm_89, sm_90, sm_90a is an error.
    * `format`: `isa` (PTX text in the `gpu.binary`), `bin` or `fatbin`
      (these call ptxas from PATH).
    * `ptx-file`: with `format=isa`, also write the PTX of the `gpu.binary`
      to this file; with several binaries (one per kernel), write one file
      per binary, `<ptx-file without .ptx>.<binary symbol>.ptx`; and
      `<ptx-file without .ptx>.launch.json`, one object per launch: kernel,
      module, grid, block, dynamic shared memory bytes, arguments (index and
      LLVM type, in order).

    Tensor-core schedules (`mma`) need f16 or bf16 inputs and an sm_80+
    chip.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Target chip (default: the module's roller.device chip, else sm_90)">,
    Option<"format", "format", "std::string", /*default=*/"\"isa\"",
           "gpu.binary format: isa, bin or fatbin">,
    Option<"ptxFile", "ptx-file", "std::string", /*default=*/"\"\"",
           "Write the PTX here (needs format=isa)">
  ];
}

def RollerAllowFmaContractionPass
    : Pass<"roller-allow-fma-contraction", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Let float multiply-adds in kernels contract into fma";
  let description = [{
    Adds the `contract` fast-math flag to every floating-point arith op in the
    kernels of a `gpu.module`, so that the NVPTX backend fuses a multiply and
    the add that consumes it into one `fma` (what nvcc does by default with
    `--fmad=true`; the fused result is rounded once, which is at least as
    accurate). linalg bodies lower to separate `mulf` and `addf` otherwise.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD
