//===- Passes.td - The GPU path's steps ---------------------*- tablegen -*-===//
//
// From the bufferized loops of rPrograms to kernels ready for upstream's
// NVVM lowering: one pass per step, each a thin wrapper of the C++ entry
// point declared in the header named after it (RollerToGPU/<Step>.h).
// `--convert-to-nvvm` (Conversion/Pipelines) runs them in order.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_PASSES_TD
#define ROLLER_CONVERSION_ROLLERTOGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

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
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
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
  let dependentDialects = [
    "::mlir::gpu::GPUDialect", "::mlir::memref::MemRefDialect"];
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
  let dependentDialects = [
    "::mlir::memref::MemRefDialect"];
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
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::NVVM::NVVMDialect", "::mlir::nvgpu::NVGPUDialect",
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
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::nvgpu::NVGPUDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect"];
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
  let dependentDialects = [
    "::mlir::scf::SCFDialect"];
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
  let dependentDialects = [
    "::mlir::arith::ArithDialect"];
}

def RollerRecordLaunchOperandsPass
    : Pass<"roller-record-launch-operands", "::mlir::ModuleOp"> {
  let summary = "Record the kernels' memref operands for the launch "
                "description";
  let description = [{
    Lowering the host to LLVM expands each memref operand of a
    `gpu.launch_func` into its descriptor's fields and forgets its type and
    which host argument it was; a launcher that calls the kernels itself
    needs both. This records, as the module attribute
    `roller.launch_operands`, one dictionary per launch (walk order): the
    kernel and, per operand, its `type` and, for a memref, `func_arg` (the
    host function's argument it is, -1 for a temporary) and `align` (16:
    what the kernels assume of its aligned pointer). `writeKernelArtifacts`
    (`roller-opt --ptx-file`) turns it into the launch description. Runs
    on host code still on memrefs; the C++ entry point is
    `recordLaunchOperands`.

    ```mlir
    gpu.launch_func @main_kernel::@main_kernel blocks in (...) threads in (...)
        args(%arg0 : memref<64x64xf32>, %c0 : index)
    ```

    gives the module

    ```mlir
    module attributes {roller.launch_operands = [
      {kernel = "@main_kernel::@main_kernel", operands = [
        {align = 16 : i64, func_arg = 0 : i64, type = memref<64x64xf32>},
        {type = index}
      ]}
    ]}
    ```
  }];
}

#endif // ROLLER_CONVERSION_ROLLERTOGPU_PASSES_TD
