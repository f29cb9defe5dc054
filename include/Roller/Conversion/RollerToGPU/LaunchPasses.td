//===- LaunchPasses.td - GPU steps on gpu.launch ------------*- tablegen -*-===//
//
// The steps that turn the bufferized loops of rPrograms into gpu.launch
// bodies and shape them (staging, shared memory, full tiles, tensor-core
// warp tiles, accumulators), up to kernel outlining. Included by Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_LAUNCHPASSES_TD
#define ROLLER_CONVERSION_ROLLERTOGPU_LAUNCHPASSES_TD

include "mlir/Pass/PassBase.td"

def RollerReducePartialsInWarpsPass
    : Pass<"roller-reduce-partials-in-warps", "::mlir::func::FuncOp"> {
  let summary = "Combine the partial results of threads sharing a reduction "
                "with warp shuffles";
  let description = [{
    Runs on the tensor loops `--roller-lower-rprograms` builds, before
    bufferization. A config with `reduce_threads = R` (a multiple of the
    warp size) has each of its R threads write a partial result of every
    output of its block into a slot of a workgroup buffer; a
    `linalg.reduce` marked `roller.merge_partials` then combines the R
    slots of each output.

    Each thread now combines its partial results with those of its warp's
    other lanes first (`gpu.subgroup_reduce`, one per output of the block,
    in loops every lane of the block runs alike), so that every slot of a
    warp holds the warp's result, and the merge reads one slot per warp
    (a strided view, R / warp size slots) instead of R.

    The merge's combiner must be one arith op that `gpu.subgroup_reduce`
    knows (add, mul, min/max in every flavour, and, or, xor) on values of at
    most 32 bits (what one shuffle moves); other merges (f64 sums, say) are
    left as they are, which is also correct. The CPU path never runs
    this pass (its threads run one after another).

    ```mlir
    // before: slot %r of each output, then the merge of all 128 slots
    %slots = scf.forall (%r) in (128) shared_outs(%s = %init) -> (tensor<4x128xf32>) {
      ...
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %partial into %s[0, %r] [4, 1] [1, 1] ...
      }
    }
    %rows = tensor.extract_slice %slots[%p, 0] [1, 128] [1, 1]
    linalg.reduce ins(%rows : tensor<1x128xf32>) ... {roller.merge_partials}
    // after: the warp's lanes combined, then the merge of 4 slots
    //   %v = gpu.subgroup_reduce add %e : (f32) -> f32     (per output)
    %rows = tensor.extract_slice %slots[%p, 0] [1, 4] [1, 32]
    ```
  }];
  let options = [
    Option<"warpSize", "warp-size", "int64_t", /*default=*/"32",
           "lanes of a warp">];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"];
}

def RollerMapForallToGPUPass
    : Pass<"roller-map-forall-to-gpu", "::mlir::func::FuncOp"> {
  let summary = "Map bufferized block/thread foralls to a gpu.launch";
  let description = [{
    Every top-level bufferized `scf.forall` mapped to `#gpu.block<linear_dim_*>`
    (as `--roller-lower-rprograms` and bufferization leave it) becomes a
    `gpu.launch` with a one-dimensional grid (the product of the forall's trip
    counts, delinearized with `linear_dim_0` fastest) and a one-dimensional
    block of the `threads` of its `roller.config`. With the config's
    `block_group = g` above 1 the blocks run in grouped order
    (`getBlockOrder`): bands of `g` rows of `linear_dim_1` (`g` must divide
    them), walked column by column, so that the blocks running at one time
    read few rows' and few columns' tiles (L2 reuse; Triton's
    `GROUP_SIZE_M`). The nested foralls mapped
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
    * step k first waits until at most S - 2 groups are pending (its own
      tile has landed: `nvgpu.device_async_wait {numGroups = S - 2}`) and
      passes one barrier, then issues step k + (S - 1) step into the slot
      step k - step read, and computes. That barrier both publishes step
      k's tile and tells that every thread is done with step k - step, so
      the barrier that ended each step goes, unless the step writes shared
      memory itself; one barrier after the loop (not at the end of the
      kernel) keeps what follows off the ring. One barrier per step, as in
      CUTLASS's and Triton's multistage loops.

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
    %g0 = nvgpu.device_async_create_group
    scf.for %k = %c0 to %c1024 step %c8 {
      nvgpu.device_async_wait %g0 {numGroups = 0 : i32}
      gpu.barrier
      %next = affine.apply affine_map<(d0) -> (d0 + 8)>(%k)
      scf.if %next < %c1024 { ... linalg.copy {roller.async_copy} ... slot of %next }
      nvgpu.device_async_create_group
      linalg.generic ... ins(%slot_view, ...)
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect", "::mlir::nvgpu::NVGPUDialect",
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
  let dependentDialects = [
    "::mlir::gpu::GPUDialect", "::mlir::memref::MemRefDialect"];
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
    constant, so that LLVM keeps it in registers. A linalg op that reads the
    tile again right after the copy-out, with only memory-effect-free ops
    between (a fused epilogue, whose subview of the tile is recomputed from
    the same thread ids), reads the private buffer instead: the epilogue
    gets the accumulators in registers, not back from global memory.

    A tile whose buffer a `roller.accumulator_fill` (the in-kernel fill of
    an output that `--roller-lower-rprograms` marks) filled earlier in the
    same block, with nothing touching that buffer in between, starts from
    the fill's value (`linalg.fill` of the private buffer, no read). Then,
    in each launch, an accumulator fill whose buffer nothing reads after it
    (its readers all start from the value, the copies out overwrite every
    filled element) is erased, and the barrier right after it too when no
    memory access precedes it. `--roller-vectorize-mma` starts tensor-core
    fragments from such a fill the same way (splats of its value).

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
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::memref::MemRefDialect"];
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
      that the main loop's steps are full; in a loop pipelined `stages`
      deep (copies marked `roller.async_copy`, the launch's
      `roller.config`), also the last `stages - 1` full steps, which
      prefetch the partial one, so that every copy the main loop issues
      ahead is full too;
    * versions the launch body on the block being interior: each
      block-level size (an `affine.min` of block ids and constants directly
      in the body) is compared with its constant bound, and when all are
      full a copy of the rest of the body with those sizes replaced by the
      constants runs (`scf.if`); boundary blocks run the original;
    * simplifies the `affine.min`/`affine.max` ops that become redundant
      (a full block's thread tiles; upstream `simplifyAffineMinMaxOps`),
      and replaces those computed from the x thread id and constants that
      take one value in every thread reaching them (evaluated thread by
      thread under the enclosing `scf.if` guards, blocks of at most 1024
      threads: a full tile's copy pieces, `min(80 - 2 * tid, 2)` under
      `tid < 40`) by that constant, so that the interior version's views
      fold to static shapes.

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
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect"];
}

def RollerPadMmaBoundaryTilesPass
    : Pass<"roller-pad-mma-boundary-tiles", "::mlir::func::FuncOp"> {
  let summary = "Tensor-core warp tiles at the boundary read zero-padded "
                "static tiles";
  let description = [{
    A tensor-core warp tile (a linalg contraction marked `roller.mma`) at
    the tensor's boundary, in a boundary block or in the partial last
    reduction step, has dynamic sizes, which no `mma.sync` computes. Its
    shared-memory tiles are buffers of the full static tile. In each
    `gpu.launch` this pass makes every such warp tile read the static views
    of the same origin whose sizes are the dynamic sizes' constant upper
    bounds (the `affine.min` of the full tile), and puts before every op
    that writes those buffers through a view of dynamic size (a staging
    copy, or the generic that stages a read-through pad) a fill of zeros
    over the thread's full static piece, clipped at the buffer (to nothing
    for a thread whose piece starts past it) unless every thread's piece
    provably ends inside it. An asynchronous copy whose piece is static then
    writes a prefix view of the piece and its fill is marked
    `roller.zero_fill`: `--roller-vectorize-accesses` issues the pair as
    `cp.async` copies of the whole piece that read what is inside the
    tensor (`src-size`) and zero-fill the rest. Other copies become
    synchronous, ordered after their fill. Past the edge
    along m or n, padded rows and columns only feed accumulator elements
    past the edge, which `--roller-vectorize-mma` then reads and writes
    masked; past the end of the reduction both inputs are zero. The zeros
    are written, not assumed: shared memory holds what the previous kernel
    or the previous pipeline step left.

    The partial last reduction step of an interior block, peeled by
    `--roller-specialize-full-tiles`, has static warp tiles whose
    reduction extent is no multiple of the mma k (8 of 16). They read
    views rounded up to the multiple inside the same shared tiles, and the
    slab between the step's end and the rounded end is zeroed first: the
    block's threads store its elements, each every (threads)-th, at the
    last point before the warp tile that every thread reaches (after the
    barrier that precedes it), then pass a barrier of their own. The
    step's buffers were last read before that barrier, and the step's
    copies write only its own extent, so nothing else touches the slab.

    A tensor shorter than the mma shape along m or n (5 rows in a block
    tile of 16) gives static warp tiles of 5 rows in every step. They read
    views rounded up to 16 rows; the rows past the fifth, in the whole
    workgroup buffer, are zeroed once at the start of the launch, behind a
    barrier (every step's copies write the same 5 rows), and the static
    5-row accumulator is cast to a view of dynamic size, which
    `--roller-vectorize-mma` masks. With two dimensions rounded (5 rows of
    a partial step), the slabs are disjoint.

    A warp tile whose inputs are not such views, or whose buffers some copy
    fills through a view without constant bounds, is left alone (computed
    by the warp's lanes on the CUDA cores). Runs after
    `--roller-specialize-full-tiles` (interior blocks keep their static
    tiles and asynchronous copies) and before `--roller-vectorize-mma`.

    ```mlir
    %a = memref.subview %stageA[0, 0] [%m, 16] [1, 1]   // of 64x24xf16
    %piece = memref.subview %a[%r, %c] [%rows, 8] [1, 1]
    linalg.copy {roller.async_copy} ins(%src : ...) outs(%piece : ...)
    %wa = memref.subview %a[%wm, 0] [%wrows, 16] [1, 1]
    linalg.generic {roller.mma = array<i64: 16, 8, 16>, ...}
        ins(%wa, %wb : memref<?x16xf16, ...>, ...) outs(%acc : memref<?x?xf32, ...>)
    ```

    becomes

    ```mlir
    %full = memref.subview %stageA[%r, %c] [1, 8] [1, 1]
    linalg.fill {roller.zero_fill} ins(%zero : f16) outs(%full : memref<1x8xf16, ...>)
    %prefix = memref.subview %full[0, 0] [%rows, 8] [1, 1]
    linalg.copy {roller.async_copy} ins(%src : ...) outs(%prefix : ...)
    %wa16 = memref.subview %stageA[%wm, 0] [16, 16] [1, 1]
    linalg.generic {roller.mma = array<i64: 16, 8, 16>, ...}
        ins(%wa16, %wb8 : memref<16x16xf16, ...>, ...) outs(%acc : memref<?x?xf32, ...>)
    ```
  }];
  let statistics = [
    Statistic<"numWarpTiles", "warp-tiles",
              "Boundary warp tiles given zero-padded static tiles">,
    Statistic<"numZeroedCopies", "zeroed-copies",
              "Copies that zero their static piece first">,
    Statistic<"numZeroedSlabs", "zeroed-slabs",
              "Slabs past a static partial reduction step zeroed">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::memref::MemRefDialect",
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
    that the accumulators are the loops' iteration values; when a
    `roller.accumulator_fill` filled their buffer just before (see
    `--roller-hoist-accumulators`), the hoisted reads become
    `vector.broadcast`s of the fill's value. When the warp steps through
    the k-slices of one block step in a loop of its own (thread k smaller
    than block k), that loop is fully unrolled once it carries the
    accumulators (constant trip count, no barrier or loop inside, at most
    512 contractions unrolled): the block step issues all its MMAs in
    straight-line code, without index arithmetic or a branch per slice
    (the 4096^3 f16 GEMM's step of k = 64: 128 MMAs per warp per barrier,
    1.98 PTX instructions per MMA on sm_80). Those are exactly the native
    shapes of upstream's vector -> nvgpu conversion, which
    `--roller-mma-to-nvgpu` runs after outlining (`nvgpu.ldmatrix`,
    transposed for k-major operands, and `nvgpu.mma.sync`).

    The warp tile must be a contraction with f16 inputs and an f32 or f16
    accumulator, or bf16 inputs and an f32 accumulator, static
    ranges that are multiples of the mma shape, one m, n and k dimension
    (batch and other dimensions of extent 1), and operands whose innermost
    dimension is contiguous. Its inputs must be static; its accumulator may
    be a view of dynamic size (a boundary block's warp tile whose inputs
    `--roller-pad-mma-boundary-tiles` padded), which is then read and
    written out of bounds (masked at the view's edge). A boundary warp tile
    with dynamic inputs, or sizes that are not multiples of the mma shape
    (a partial reduction step, which the selection avoids but a
    hand-written config may have), is computed on the CUDA cores instead:
    the lanes split its
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
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect"];
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
  let dependentDialects = [
    "::mlir::gpu::GPUDialect", "::mlir::NVVM::NVVMDialect",
    "::mlir::DLTIDialect"];
}

def RollerDeduplicateKernelsPass
    : Pass<"roller-deduplicate-kernels", "::mlir::ModuleOp"> {
  let summary = "Launches of identical kernels share one gpu.module";
  let description = [{
    After outlining, every launch has a `gpu.module` of its own, and each
    is lowered and compiled to PTX separately. A model repeats its layers
    (ResNet-18: 106 launches of 42 distinct kernels), so most of that work
    is done several times over. This pass points the launches of a kernel
    module equivalent to an earlier one at the earlier one and erases it:
    compile time grows with the distinct kernels.

    Two modules are equivalent when they differ in nothing but their
    symbol name and locations: the same ops with the same attributes
    (`roller.config` included, so kernels of different schedules stay
    apart), types and value uses, and the same kernel names inside. A
    module referenced by anything other than `gpu.launch_func` is kept.

    ```mlir
    gpu.launch_func @f_kernel::@f_kernel blocks in (...) threads in (...) args(%a : memref<64xf32>)
    gpu.launch_func @f_kernel_0::@f_kernel blocks in (...) threads in (...) args(%b : memref<64xf32>)
    gpu.module @f_kernel { gpu.func @f_kernel(%x: memref<64xf32>) kernel { ... } }
    gpu.module @f_kernel_0 { gpu.func @f_kernel(%x: memref<64xf32>) kernel { ... } }
    ```

    becomes

    ```mlir
    gpu.launch_func @f_kernel::@f_kernel blocks in (...) threads in (...) args(%a : memref<64xf32>)
    gpu.launch_func @f_kernel::@f_kernel blocks in (...) threads in (...) args(%b : memref<64xf32>)
    gpu.module @f_kernel { gpu.func @f_kernel(%x: memref<64xf32>) kernel { ... } }
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // ROLLER_CONVERSION_ROLLERTOGPU_LAUNCHPASSES_TD
