//===- RollerAttrs.td - Attributes of the roller dialect ---*- tablegen -*-===//
//
// Hardware description (mem_level, peak, mma_shape, device) and schedule
// description (rtile, config).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_IR_ROLLERATTRS_TD
#define ROLLER_DIALECT_ROLLER_IR_ROLLERATTRS_TD

include "Roller/Dialect/Roller/IR/RollerDialect.td"
include "Roller/Dialect/Roller/IR/RollerEnums.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

// A list of integers written `[a, b, c]`.
class Roller_I64ArrayParameter<string desc>
    : ArrayRefParameter<"int64_t", desc> {
  let parser = [{ ::mlir::roller::parseI64Array($_parser) }];
  let printer = [{ ::mlir::roller::printI64Array($_printer, $_self) }];
}

class Roller_OptionalI64ArrayParameter<string desc>
    : Roller_I64ArrayParameter<desc> {
  let defaultValue = "::llvm::SmallVector<int64_t>()";
  let comparator = "::llvm::ArrayRef<int64_t>($_lhs) == "
                   "::llvm::ArrayRef<int64_t>($_rhs)";
}

// A real number written as a plain decimal (`1980.0`, `4.8e3`).
class Roller_F64Parameter<string desc> : APFloatParameter<desc> {
  let parser = [{ ::mlir::roller::parseF64($_parser) }];
  let printer = [{ ::mlir::roller::printF64($_printer, $_self) }];
}

// A number that may be omitted, when it is 0.
class Roller_OptionalF64Parameter<string desc>
    : DefaultValuedParameter<"llvm::APFloat", "llvm::APFloat(0.0)", desc> {
  let parser = [{ ::mlir::roller::parseF64($_parser) }];
  let printer = [{ ::mlir::roller::printF64($_printer, $_self) }];
  let comparator = [{ $_lhs.bitwiseIsEqual($_rhs) }];
}

// A flag written `true` or `false`, omitted when it has its default.
class Roller_BoolParameter<string desc, string default>
    : DefaultValuedParameter<"bool", default, desc> {
  let parser = [{ ::mlir::roller::parseBool($_parser) }];
  let printer = [{ $_printer << ($_self ? "true" : "false") }];
}

class Roller_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Roller_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Hardware
//===----------------------------------------------------------------------===//

def Roller_MemLevelAttr : Roller_Attr<"MemLevel", "mem_level"> {
  let summary = "one level of a GPU memory hierarchy";
  let description = [{
    One level of the memory hierarchy that data tiles move through. The level
    kind fixes its place in the hierarchy (`global` < `shared` < `register`).

    * `capacity`: bytes the level holds (global: device memory; shared and
      register: per SM, the per-block limits live on `#roller.device`);
    * `bandwidth`: aggregate bandwidth of the level over the whole device, in
      GB/s (1e9 bytes per second);
    * `transaction`: bytes of one memory transaction at this level;
    * `banks`, `bank_width`: number of banks and bytes per bank (0 when the
      level is not banked);
    * `achievable`: the bandwidth a streaming kernel measurably sustains, in
      GB/s, at most `bandwidth`; omitted (0) when no measurement is known, and
      the model then uses `bandwidth`;
    * `round_trip`: the shortest life of a block that reads the level once
      (launch, one load's round trip, store, exit), in ns, measured with
      one-shot streaming kernels; omitted (0) when not measured, and the
      latency stage then charges no round trip;
    * `load_latency`: the latency of one load that misses every cache, in
      ns, measured with a pointer chase; the latency stage charges it for
      each reduction step a block's pipeline cannot hide. Omitted (0) when
      not measured, and the steps are then charged nothing.

    Example:

    ```mlir
    #roller.mem_level<shared, capacity = 233472, bandwidth = 33454.08,
                      transaction = 128, banks = 32, bank_width = 4>
    ```
  }];
  let parameters = (ins
    EnumParameter<Roller_MemoryLevel>:$kind,
    "int64_t":$capacity,
    Roller_F64Parameter<"GB/s">:$bandwidth,
    "int64_t":$transaction,
    "int64_t":$banks,
    "int64_t":$bank_width,
    Roller_OptionalF64Parameter<"GB/s, 0 when not measured">:$achievable,
    Roller_OptionalF64Parameter<"ns, 0 when not measured">:$round_trip,
    Roller_OptionalF64Parameter<"ns, 0 when not measured">:$load_latency
  );
  let assemblyFormat = [{
    `<` $kind `,` struct($capacity, $bandwidth, $transaction, $banks,
                         $bank_width, $achievable, $round_trip,
                         $load_latency) `>`
  }];
  let genVerifyDecl = 1;
}

def Roller_PeakAttr : Roller_Attr<"Peak", "peak"> {
  let summary = "peak arithmetic throughput for one element type";
  let description = [{
    Dense peak throughput of the CUDA cores and of the tensor cores for one
    element type, in TFLOP/s (TOP/s for integer types). `0.0` means the unit
    does not support the type.

    ```mlir
    #roller.peak<f16, cuda_core = 133.8, tensor_core = 989.4>
    ```
  }];
  let parameters = (ins
    "::mlir::Type":$element_type,
    Roller_F64Parameter<"TFLOP/s">:$cuda_core,
    Roller_F64Parameter<"TFLOP/s">:$tensor_core
  );
  let assemblyFormat = [{
    `<` $element_type `,` struct($cuda_core, $tensor_core) `>`
  }];
  let genVerifyDecl = 1;
}

def Roller_MmaShapeAttr : Roller_Attr<"MmaShape", "mma_shape"> {
  let summary = "a warp-level MMA instruction shape";
  let description = [{
    One `mma.sync` shape the tensor cores execute: `m` x `n` x `k` with input
    element type `input` and accumulator type `acc`.

    ```mlir
    #roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>
    ```
  }];
  let parameters = (ins
    "int64_t":$m,
    "int64_t":$n,
    "int64_t":$k,
    "::mlir::Type":$input,
    "::mlir::Type":$acc
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Roller_DeviceAttr : Roller_Attr<"Device", "device"> {
  let summary = "a GPU: execution units and memory hierarchy";
  let description = [{
    Everything ROLLER's construction and micro-performance model know about a
    GPU. It is the IR image of `mlir::roller::DeviceSpec`; the verifier
    applies `DeviceSpec::validate()`, so a malformed description is rejected
    wherever it appears. Built-in presets (`v100`, `a100`, `h100`, `h200`,
    figures cited in `docs/devices.md`) and JSON files are attached to a
    module by `--roller-attach-device`.

    Sizes are in bytes, `clock_mhz` is the boost clock. `levels` lists the
    `#roller.mem_level`s outermost first; `peaks` has one `#roller.peak` per
    element type; `mma_shapes` the supported `#roller.mma_shape`s.
    `l2_bandwidth` (omitted when 0, not measured) is what the L2 sustains to
    all SMs, in GB/s (`docs/devices.md` R14); without it the model reads every
    tile from DRAM. `launch` (omitted when 0, not measured) is what one more
    kernel adds to a stream of back-to-back launches beyond its own life, in
    ns (`docs/devices.md` R13).

    ```mlir
    module attributes {roller.device = #roller.device<name = "h200",
        chip = "sm_90", sm_count = 132, warp_size = 32, ...>} {}
    ```
  }];
  let parameters = (ins
    StringRefParameter<"device name">:$name,
    StringRefParameter<"target chip, e.g. sm_90">:$chip,
    "int64_t":$sm_count,
    "int64_t":$warp_size,
    "int64_t":$warp_schedulers_per_sm,
    Roller_F64Parameter<"MHz">:$clock_mhz,
    "int64_t":$max_threads_per_block,
    "int64_t":$max_threads_per_sm,
    "int64_t":$max_blocks_per_sm,
    "int64_t":$max_regs_per_thread,
    "int64_t":$regs_per_sm,
    "int64_t":$regs_per_block,
    "int64_t":$reg_alloc_unit,
    "int64_t":$smem_per_block,
    "int64_t":$smem_per_sm,
    "int64_t":$smem_reserved_per_block,
    "int64_t":$smem_alloc_unit,
    "int64_t":$l2_bytes,
    Roller_OptionalF64Parameter<"GB/s, 0 when not measured">:$l2_bandwidth,
    "::mlir::ArrayAttr":$peaks,
    "::mlir::ArrayAttr":$mma_shapes,
    "::mlir::ArrayAttr":$levels,
    Roller_OptionalF64Parameter<"ns, 0 when not measured">:$launch
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "const ::mlir::roller::DeviceSpec &":$spec)>
  ];
  let skipDefaultBuilders = 0;
  let extraClassDeclaration = [{
    /// The plain description the analysis core consumes.
    ::mlir::roller::DeviceSpec toSpec() const;
    /// The level of the given kind, or null.
    ::mlir::roller::MemLevelAttr getLevel(::mlir::roller::MemoryLevel kind) const;
  }];
}

//===----------------------------------------------------------------------===//
// Schedule
//===----------------------------------------------------------------------===//

def Roller_RTileAttr : Roller_Attr<"RTile", "rtile"> {
  let summary = "tile sizes per loop axis at one memory level";
  let description = [{
    An rTile: one size per loop axis of the operator (spatial and reduction
    axes, in the operator's loop order) at one memory level. The data tile of
    each operand follows from it through the operand's indexing map. At the
    `shared` level the entries on reduction axes are the reduction step (the
    slice of the reduction staged per iteration); at the `register` level
    they are the per-thread inner step.

    ```mlir
    #roller.rtile<shared, [128, 128, 32]>
    ```
  }];
  let parameters = (ins
    EnumParameter<Roller_MemoryLevel>:$level,
    Roller_I64ArrayParameter<"tile size per loop axis">:$sizes
  );
  let assemblyFormat = "`<` $level `,` $sizes `>`";
  let genVerifyDecl = 1;
}

def Roller_ConfigAttr : Roller_Attr<"Config", "config"> {
  let summary = "the schedule of one rProgram";
  let description = [{
    What a chosen rProgram needs, as produced by ROLLER's construction and
    ranked by its micro-performance model:

    * `block`: the block tile (`#roller.rtile<shared, ...>`), staged in
      shared memory, one per thread block; its reduction entries are the
      reduction step;
    * `thread`: the thread tile (`#roller.rtile<register, ...>`) each thread
      computes in registers (for tensor cores, the warp tile);
    * `mma`: the MMA unit tile `[m, n, k]` when tensor cores are used;
    * `padding`: elements of storage padding added to the innermost
      dimension of each input's shared-memory tile (bank-conflict rule);
    * `vector_width`: elements per thread per global-memory access;
    * `stages`: software-pipeline stages of the shared-memory copies;
    * `staged`: whether inputs are staged in shared memory (`false` for
      operators with no data reuse, which ROLLER runs in one level: global
      memory straight to registers; printed only when `false`);
    * `threads`: threads per block;
    * `grid`: thread blocks per grid dimension (x, y, z);
    * `predicted_us` and `bottleneck`: the model's predicted time in
      microseconds and the stage that bounds it;
    * `max_regs`: registers per thread the kernel may use, compiled as the
      kernel's `.maxnreg`: the most that still fit the blocks per SM the
      model's occupancy assumed (printed only when set; `0`, the default,
      leaves the count to ptxas);
    * `reduce_threads`: threads that share each output's reduction (printed
      only when above 1). The reduction's innermost axis is split over them
      in contiguous chunks of `ceil(block / reduce_threads)` elements, each
      thread accumulates a partial result over its chunk (in steps of the
      thread tile), and the partial results are then combined: through
      shared memory on the CPU path, with warp shuffles and one shared
      slot per warp on the GPU path. Every thread of the block takes part
      (`threads == reduce_threads`), so the thread tile covers the block
      tile on the parallel axes; the schedule is one-level (no staging) on
      the CUDA cores.
    * `block_group`: the launch order of the blocks (printed only when above
      1). Block ids run row-major over the spatial axes' blocks, the
      innermost fastest, by default; with `block_group = g`, the blocks of
      the two innermost spatial axes run in bands of `g` rows (blocks along
      the second innermost axis, `g` dividing their count) walked column by
      column, so that the blocks resident at one time share rows' and
      columns' input tiles through the L2 (the selection chooses `g`,
      `Roller/Analysis/BlockOrder.h`).

    Every field is bounded (`Roller/Analysis/Limits.h`), so that no
    arithmetic on a hand-written config overflows: tile, `mma`, `threads`,
    `grid`, `max_regs` and `block_group` entries at most 2^31 - 1, tiles of at most 2^48
    elements, `padding` at most 1024 and `stages` at most 64.

    ```mlir
    #roller.config<block = #roller.rtile<shared, [128, 128, 32]>,
                   thread = #roller.rtile<register, [8, 8, 1]>,
                   padding = [4, 4], vector_width = 4, stages = 2,
                   threads = 256, grid = [8, 8, 1], predicted_us = 21.5,
                   bottleneck = compute, max_regs = 128>
    // A row sum of 768-element rows, 256 threads per row:
    #roller.config<block = #roller.rtile<shared, [1, 768]>,
                   thread = #roller.rtile<register, [1, 3]>, padding = [0],
                   vector_width = 1, stages = 1, staged = false,
                   threads = 256, grid = [512], predicted_us = 0.4,
                   bottleneck = global, reduce_threads = 256>
    ```
  }];
  let parameters = (ins
    "::mlir::roller::RTileAttr":$block,
    "::mlir::roller::RTileAttr":$thread,
    Roller_OptionalI64ArrayParameter<"MMA shape [m, n, k]">:$mma,
    Roller_I64ArrayParameter<"padding per input, in elements">:$padding,
    "int64_t":$vector_width,
    "int64_t":$stages,
    Roller_BoolParameter<"inputs staged in shared memory", "true">:$staged,
    "int64_t":$threads,
    Roller_I64ArrayParameter<"blocks per grid dimension">:$grid,
    Roller_F64Parameter<"microseconds">:$predicted_us,
    EnumParameter<Roller_Bottleneck>:$bottleneck,
    DefaultValuedParameter<"int64_t", "0",
        "registers per thread the kernel may use (0: no cap)">:$max_regs,
    DefaultValuedParameter<"int64_t", "1",
        "threads sharing each output's reduction">:$reduce_threads,
    DefaultValuedParameter<"int64_t", "1",
        "rows of blocks per band of the launch order (1: row-major)">:$block_group
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Number of loop axes the schedule covers.
    size_t getRank() const { return getBlock().getSizes().size(); }
    /// Whether the schedule uses tensor cores.
    bool usesMma() const { return !getMma().empty(); }
    /// Whether several threads share each output's reduction.
    bool splitsReduction() const { return getReduceThreads() > 1; }
  }];
}

#endif // ROLLER_DIALECT_ROLLER_IR_ROLLERATTRS_TD
