//===- RollerDialect.td - The roller dialect ---------------*- tablegen -*-===//
//
// The dialect that carries ROLLER's view of an operator: the device it runs
// on, the rTiles chosen per memory level and the rProgram that moves data
// tiles through the memory hierarchy.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_IR_ROLLERDIALECT_TD
#define ROLLER_DIALECT_ROLLER_IR_ROLLERDIALECT_TD

include "mlir/IR/OpBase.td"

def Roller_Dialect : Dialect {
  let name = "roller";
  let summary = "ROLLER rTiles and rPrograms for NVIDIA GPUs";
  let description = [{
    The `roller` dialect models an operator the way ROLLER (Zhu et al., OSDI
    2022) does: as a data-processing pipeline of data tiles (rTiles) moving
    through the memory hierarchy of a device (global -> shared -> registers),
    with a tile shape per memory level aligned to the hardware.

    It has three groups of definitions:

    * Hardware: `#roller.mem_level`, `#roller.peak`, `#roller.mma_shape` and
      `#roller.device` describe a GPU. A module names its target with the
      discardable attribute `roller.device`.
    * Schedule: `#roller.rtile` (tile sizes per loop axis at one memory level)
      and `#roller.config` (everything a chosen rProgram needs). An op carries
      its chosen schedule in the discardable attribute `roller.config`.
    * Program: `roller.rprogram` holds one operator; inside it `roller.load`,
      `roller.compute` and `roller.store` move and compute `!roller.tile`
      values between memory levels.
  }];
  let cppNamespace = "::mlir::roller";
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the discardable attribute holding a module's target device.
    static constexpr ::llvm::StringLiteral kDeviceAttrName = "roller.device";
    /// Name of the discardable attribute holding an op's chosen schedule.
    static constexpr ::llvm::StringLiteral kConfigAttrName = "roller.config";
    /// Name of the discardable attribute (`array<i64: m, n, k>`) on the
    /// warp-level linalg op of a tensor-core rProgram: the mma shape
    /// `--roller-vectorize-mma` computes it with.
    static constexpr ::llvm::StringLiteral kMmaShapeAttrName = "roller.mma";
    /// Name of the unit attribute `--roller-pipeline-staging` puts on the
    /// staging `linalg.copy`s it issues ahead: `--roller-vectorize-accesses`
    /// makes them `cp.async` copies where size and alignment allow.
    static constexpr ::llvm::StringLiteral kAsyncCopyAttrName =
        "roller.async_copy";
    /// Name of the unit attribute `--roller-pad-mma-boundary-tiles` puts on
    /// the `linalg.fill` of zeros it places right before a boundary block's
    /// asynchronous staging copy, which writes a prefix of the filled piece:
    /// `--roller-vectorize-accesses` issues the pair as `cp.async` copies of
    /// the whole piece that zero-fill what the copy does not cover.
    static constexpr ::llvm::StringLiteral kZeroFillAttrName =
        "roller.zero_fill";
    /// Name of the unit attribute `--roller-lower-rprograms` puts on the
    /// `linalg.reduce` that combines the partial results of threads sharing
    /// a reduction (`reduce_threads`): the GPU path combines them within
    /// each warp with shuffles first (`--roller-reduce-partials-in-warps`).
    static constexpr ::llvm::StringLiteral kMergePartialsAttrName =
        "roller.merge_partials";
    /// Name of the unit attribute `--roller-lower-rprograms` puts on the
    /// `linalg.fill`s that give a block's accumulators their initial value:
    /// the operator's thread tiles cover the filled block tile, and each
    /// thread reads its elements (as accumulators) before it writes them.
    /// `--roller-hoist-accumulators` starts register accumulators from the
    /// fill's value instead of reading it back, and drops the fill when no
    /// thread reads the filled memory any more.
    static constexpr ::llvm::StringLiteral kAccumulatorFillAttrName =
        "roller.accumulator_fill";
    /// Name of the unit attribute `--roller-vectorize-mma` puts on the
    /// `vector.contract`s of a bf16 warp tile (read through f16 views of the
    /// same bytes): `--roller-mma-to-nvgpu` multiplies them as bf16.
    static constexpr ::llvm::StringLiteral kBf16MmaAttrName =
        "roller.bf16_mma";
    /// Name of the unit attribute `--roller-select` (`plan-epilogues`) puts
    /// on an elementwise linalg op it keeps as a kernel of its own, the two
    /// kernels being predicted faster than the op fused as its producer's
    /// epilogue: `--roller-tile` carries it to the op's rProgram, which
    /// `--roller-fuse-epilogues` then leaves unfused.
    static constexpr ::llvm::StringLiteral kUnfusedAttrName =
        "roller.unfused";
    /// Name of the module attribute in which `--roller-record-launch-operands`
    /// keeps, per `gpu.launch_func` in walk order, what the host's lowering
    /// to LLVM loses of its operands (memref types, which host argument
    /// each is): an array of dictionaries of builtin attributes, which
    /// tools that do not load the dialect read as they are.
    static constexpr ::llvm::StringLiteral kLaunchOperandsAttrName =
        "roller.launch_operands";

    void registerAttributes();
    void registerTypes();
  }];
}

class Roller_Op<string mnemonic, list<Trait> traits = []>
    : Op<Roller_Dialect, mnemonic, traits>;

#endif // ROLLER_DIALECT_ROLLER_IR_ROLLERDIALECT_TD
