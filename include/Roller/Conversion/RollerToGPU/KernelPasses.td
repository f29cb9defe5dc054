//===- KernelPasses.td - GPU steps on outlined kernels ------*- tablegen -*-===//
//
// The steps from kernel outlining on (host buffers, tensor-core and vector
// accesses, dynamic shared memory, launch operands, unrolling), and
// the check that nothing computes on the host. Included by Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_KERNELPASSES_TD
#define ROLLER_CONVERSION_ROLLERTOGPU_KERNELPASSES_TD

include "mlir/Pass/PassBase.td"

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

def RollerStageFunctionBoundariesPass
    : Pass<"roller-stage-function-boundaries", "::mlir::func::FuncOp"> {
  let summary = "Copy the buffers crossing a host function's boundary that "
                "its kernels touch into buffers of its own";
  let description = [{
    Runs after kernel outlining, before `roller-deallocate-host-buffers` and
    `roller-host-buffers-to-device`, on host functions (a `func.func` in a
    `gpu.module` is left alone). A compiled function gets host buffers from
    its caller and returns buffers its caller reads on the host, but its
    kernels can only use device memory. Each memref argument, and each
    mutable global read and memref a call returns (host memory, as this
    step makes every function return) in the entry block, that reaches a
    `gpu.launch_func` operand of the function (through view-like ops) is
    copied into a `memref.alloc` of its own at the start (`memref.copy`),
    which replaces it in the function, and copied back before each return
    when a kernel may write it (the kernel's uses of the argument are not
    all reads). Each operand of a call (in the entry block) that views a
    buffer a kernel touches is passed as the same view of a host copy of
    the buffer, copied back after the call when the buffer is used later.
    Each returned memref whose buffer a kernel touches is copied
    into a new `memref.alloc` (made at the entry when its shape is static,
    so that no host allocation interrupts the launches later) that is
    returned instead. Entry point: `stageFunctionBoundaries`
    (`StageFunctionBoundaries.h`). A staged value that is not an
    identity-layout memref is an error, and the function is left unchanged.

    ```mlir
    func.func @f(%a: memref<64xf32>) -> memref<64xf32> {
      %b = memref.alloc() : memref<64xf32>
      gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
          args(%a : memref<64xf32>, %b : memref<64xf32>)
      return %b : memref<64xf32>
    }
    ```

    becomes (the kernel only reads its first operand)

    ```mlir
    func.func @f(%a: memref<64xf32>) -> memref<64xf32> {
      %result = memref.alloc() : memref<64xf32>
      %a_copy = memref.alloc() : memref<64xf32>
      memref.copy %a, %a_copy : memref<64xf32> to memref<64xf32>
      %b = memref.alloc() : memref<64xf32>
      gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
          args(%a_copy : memref<64xf32>, %b : memref<64xf32>)
      memref.copy %b, %result : memref<64xf32> to memref<64xf32>
      return %result : memref<64xf32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def RollerDeallocateHostBuffersPass
    : Pass<"roller-deallocate-host-buffers", "::mlir::ModuleOp"> {
  let summary = "Free the host code's buffers after their last use "
                "(upstream's buffer deallocation)";
  let description = [{
    One-Shot Bufferize frees nothing; a model's intermediates would all be
    leaked on every call. This runs upstream's buffer deallocation
    (`ownership-based-buffer-deallocation`,
    `buffer-deallocation-simplification`, `bufferization-lower-deallocations`)
    and `optimize-allocation-liveness` on the module's host functions (the
    kernels are not touched), after `roller-stage-function-boundaries`.
    Upstream refuses ops with unknown memory effects, such as
    `gpu.launch_func`: the pass registers the effects of a launch (it reads
    and writes its memref operands; `registerLaunchFuncMemoryEffects` in
    `DeallocateHostBuffers.h`) before it runs them. Every buffer the
    function allocates and does not return is freed right after its last
    use; a returned one belongs to the caller.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect"];
}

def RollerHostBuffersToDevicePass
    : Pass<"roller-host-buffers-to-device", "::mlir::ModuleOp"> {
  let summary = "Keep the buffers kernels use in device memory; upload "
                "constants once";
  let description = [{
    The device-memory placement of a host function's buffers (the default
    of `--convert-to-nvvm`; `roller-host-buffers-to-gpu` is the managed
    alternative), after `roller-stage-function-boundaries` and
    `roller-deallocate-host-buffers`. Every buffer a `gpu.launch_func` of a
    host function gets, through view-like ops, is placed in device memory:

    * a `memref.alloc` becomes a `gpu.alloc` (`cuMemAlloc`), its
      `memref.dealloc`s `gpu.dealloc`s;
    * a `memref.get_global` of a constant global (a model's weights)
      becomes a call of `@__roller_upload_<global>`, made once per global
      at the start of the function: on the first call it allocates device
      memory, copies the global into it and keeps the pointer in the
      internal LLVM global `@__roller_device_<global>`; later calls return
      that buffer. The weights are copied once per process, not per call,
      and live as long as the module (the first call is not thread-safe):
      `@__roller_free_device_constants` frees them, and
      `roller-register-device-constants-destructor` makes it a destructor
      of the module;
    * a `memref.copy` from or to a placed buffer becomes a `gpu.memcpy`.

    The GPU ops are synchronous; upstream's `gpu-async-region`, which runs
    next, threads them and the launches on one stream per call, with one
    wait at the return. Host code may only view, copy and free a placed
    buffer and read its metadata: a load, a host loop, a call or a return
    of one is an error at that op, with a note at the buffer (compile
    with `host-memory=managed` for such code). So is a kernel operand that
    is an unstaged argument or mutable global, stack memory, or a value of
    unknown origin. Entry point: `placeHostBuffersInDeviceMemory`
    (`HostBuffersToDevice.h`).

    ```mlir
    %w = memref.get_global @weight : memref<64xf32>
    %b = memref.alloc() : memref<64xf32>
    gpu.launch_func @k::@k ... args(%w : memref<64xf32>, %b : memref<64xf32>)
    memref.copy %b, %result : memref<64xf32> to memref<64xf32>
    memref.dealloc %b : memref<64xf32>
    ```

    becomes

    ```mlir
    %w = call @__roller_upload_weight() : () -> memref<64xf32>
    %b = gpu.alloc () : memref<64xf32>
    gpu.launch_func @k::@k ... args(%w : memref<64xf32>, %b : memref<64xf32>)
    gpu.memcpy %result, %b : memref<64xf32>, memref<64xf32>
    gpu.dealloc %b : memref<64xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect"];
}

def RollerRegisterDeviceConstantsDestructorPass
    : Pass<"roller-register-device-constants-destructor", "::mlir::ModuleOp"> {
  let summary = "Free the device copies of constants when the module is "
                "unloaded";
  let description = [{
    After the host is lowered to LLVM (the end of `--convert-to-nvvm`): when
    `roller-host-buffers-to-device` uploaded constants, its
    `@__roller_free_device_constants` frees the device copy of each one that
    was made; this registers it in `llvm.mlir.global_dtors`, so that it runs
    when the module is unloaded or the process exits, as the kernels'
    module is unloaded. Then a program frees everything it allocated. An
    error when the module has destructors of its own. Entry point:
    `registerDeviceConstantsDestructor` (`HostBuffersToDevice.h`).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
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

    Two things upstream's conversion gets wrong or does not take are
    handled around it:

    * An accumulator read or written out of bounds (a boundary warp tile's
      view of dynamic size, as `--roller-vectorize-mma` makes it after
      `--roller-pad-mma-boundary-tiles`) is converted as if in bounds, and
      each per-lane access the conversion makes of that view is then split
      into one access per element under an `scf.if` on its row and column
      being inside the view (a masked-off element loads as zero).
    * A k-major A operand (a matmul with transposed A) is loaded with
      `ldmatrix.x4.trans` at the lane addresses of an m-major one, which
      delivers the four 8x8 matrices with the middle two swapped relative to
      mma.sync's A fragment (every such product was wrong, found by the
      differential test on the PTX emulator): a `vector.shuffle` puts them
      back in order (a register renaming, no instruction).

    This is upstream `convert-vector-to-gpu{use-nvgpu}` restricted to the
    kernels that have contractions: in LLVM 22 that pass also starts from
    every scalar arithmetic op it knows how to apply to mma fragments
    (`arith.muli` on indices included) and fails on it, so a kernel with
    such scalar ops is rejected with an error naming the op (the GPU mapping
    computes indices with `affine.apply`). The bodies of the linalg ops
    still in the kernel (copies, fills, a fused epilogue's arithmetic) are
    set aside while it runs (each op keeps a stub body yielding its
    outputs), so they are neither checked nor touched. A contraction with an operand of
    more than 256 elements (larger than an mma.sync tile, which
    `roller-vectorize-mma` never makes) is an error too: upstream's
    conversion would unroll it without bound (minutes and gigabytes for
    1024x1024).

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
    "::mlir::memref::MemRefDialect", "::mlir::NVVM::NVVMDialect",
    "::mlir::nvgpu::NVGPUDialect", "::mlir::scf::SCFDialect",
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

    A fill of zeros marked `roller.zero_fill` (by
    `--roller-pad-mma-boundary-tiles`) followed by such a copy into a
    prefix view of the filled piece (a boundary block's staging copy of
    dynamic size) becomes one `nvgpu.device_async_copy` per chunk of the
    whole static piece, reading the elements of that chunk the copy has
    (its `srcElements`: none past the copy's rows) and zero-filling the
    rest, when both sides are aligned to a 4-, 8- or 16-byte chunk;
    otherwise the fill and the copy stay (a synchronous copy after the
    fill).

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

def RollerNarrowLoopIndicesPass
    : Pass<"roller-narrow-loop-indices", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Loops of kernels count in i32 where their bounds allow it";
  let description = [{
    Upstream's `arith-int-range-narrowing` computes index arithmetic in
    i32 where the values' ranges allow it, but leaves the induction
    variables of `scf.for` loops as `index` (64-bit in the NVVM lowering):
    each loop steps and compares a 64-bit counter, two SASS instructions
    each, and LLVM widens what is derived from it back to 64 bits. This
    pass runs upstream's integer range analysis on the kernels (the ids are
    bounded by the kernels' `known_block_size` and `known_grid_size`) and
    makes every `scf.for` whose lower bound is non-negative, step positive
    and upper bound plus step at most 2^31 - 1 count in i32: its bounds and
    step become `arith.index_castui`s to i32 and its users read the counter
    through an `arith.index_castui` back to `index`, which the narrowing
    then folds into its i32 arithmetic. A loop with a bound the analysis
    cannot limit (a dynamic extent) keeps its `index` counter. Entry
    points: `canNarrowLoopIndex`, `narrowLoopIndex` (`NarrowLoopIndices.h`).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def RollerExpandSubgroupReducesPass
    : Pass<"roller-expand-subgroup-reduces", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Expand gpu.subgroup_reduce into warp shuffles";
  let description = [{
    Lowers every `gpu.subgroup_reduce` of the kernels (what
    `--roller-reduce-partials-in-warps` creates) to a butterfly of
    `gpu.shuffle xor` over the whole warp (log2 of its size rounds, each a
    `shfl.sync.bfly` and the combining op), with upstream's patterns;
    values narrower than 32 bits are widened for the shuffle. NVVM has no
    lowering of its own for float subgroup reductions.
  }];
  let options = [
    Option<"warpSize", "warp-size", "unsigned", /*default=*/"32",
           "lanes of a warp">];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::gpu::GPUDialect",
    "::mlir::vector::VectorDialect"];
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
    host function's argument it is, or whose device copy or reshape it is,
    -1 for a temporary) and `align` (16:
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

def RollerCheckHostComputePass
    : Pass<"roller-check-host-compute", "::mlir::func::FuncOp"> {
  let summary = "Report compute ops left on the host";
  let description = [{
    After `--roller-map-forall-to-gpu`, every linalg op of a host function
    outside a `gpu.launch` is one no rProgram covers (an op Roller could not
    schedule or tile), which would run as host loops between the launches.
    Each is an error at the op, unless `allow-host-fallback` makes it a
    warning and lets it run on the host. Changes nothing. Entry point:
    `checkHostCompute` (`CheckHostCompute.h`).
  }];
  let options = [
    Option<"allowHostFallback", "allow-host-fallback", "bool",
           /*default=*/"false",
           "Let ops no rProgram covers run on the host, with a warning">
  ];
}

def RollerSerializeKernelsPass : Pass<"roller-serialize-kernels", ""> {
  let summary = "gpu-module-to-binary with the kernel modules compiled in "
                "parallel";
  let description = [{
    Replaces every `gpu.module` directly inside the op by a `gpu.binary`,
    as upstream's `gpu-module-to-binary` does, with the same objects in the
    same order, but serializes the modules in parallel on the context's
    thread pool (`--mlir-disable-threading` makes it serial). Each module is
    translated to LLVM IR, optimized and compiled to PTX (or a cubin) in an
    LLVM context of its own; for a whole model that is most of the compile
    time. A module embedding a constant of more than 16 MiB (a splat weight
    sunk into its kernel: a hostile extent made that 16 GiB, which the
    translation materializes element by element) is an error at the
    constant, before any module is translated. Entry point:
    `serializeKernels` (`SerializeKernels.h`). `--convert-to-nvvm` runs it
    in place of `gpu-module-to-binary`.

    Unlike upstream's pass, it has LLVM's NVPTX back end address shared,
    local and const memory with 32-bit pointers (`short-pointers`, on by
    default; LLVM's `nvptx-short-ptr`, a process-wide option, set while the
    modules are serialized and restored after), as nvcc's and Triton's PTX
    do: a staged kernel's shared addresses (every `cp.async` destination and
    `ldmatrix` row) are then 32-bit arithmetic, one SASS instruction per add
    instead of two, and one register per address instead of two.
  }];
  let options = [
    Option<"toolkitPath", "toolkit", "std::string", [{""}],
           "The CUDA toolkit (default: the target's search)">,
    ListOption<"linkFiles", "l", "std::string",
               "Bitcode files to link into every module">,
    Option<"cmdOptions", "opts", "std::string", [{""}],
           "Options for the tools the target runs (ptxas)">,
    Option<"format", "format", "std::string", [{"fatbin"}],
           "isa, bin, fatbin or llvm (as gpu-module-to-binary)">,
    Option<"shortPointers", "short-pointers", "bool", /*default=*/"true",
           "Address shared, local and const memory with 32-bit pointers">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // ROLLER_CONVERSION_ROLLERTOGPU_KERNELPASSES_TD
