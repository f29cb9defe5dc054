//===- LowerRProgram.h - rProgram to tiled loops ----------------*- C++ -*-===//
//
// Lowering of a `roller.rprogram` to the loop structure its config implies:
// an `scf.forall` over block tiles (`#gpu.block`), `scf.for` over reduction
// steps, cooperative copies into workgroup buffers (sibling `scf.forall`s over
// `#gpu.thread`), and the thread-level `scf.forall` computing thread tiles,
// all on tensors and built with upstream tiling (`scf::tileUsingSCF`).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_LOWERRPROGRAM_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_LOWERRPROGRAM_H

#include "Roller/Dialect/Roller/IR/RollerOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Support/LLVM.h"

namespace mlir::roller {

/// The canonical form of an rProgram body, as `--roller-tile` writes it:
/// every compute input is loaded from an rProgram input (through a shared
/// tile when the config is staged), every accumulator is loaded from an
/// output, and every compute result is stored into the output its
/// accumulator came from.
///
/// With an epilogue (`--roller-fuse-epilogues`), the operator's
/// accumulators start from rProgram inputs and its results go to the
/// epilogue only; the epilogue's other inputs are register tiles of rProgram
/// inputs, its accumulators are loaded from the outputs and its results
/// stored into them.
struct RProgramStructure {
  ComputeOp compute;
  /// For each compute input, the index of the rProgram input it reads.
  SmallVector<unsigned> inputOf;
  /// For each compute input, its shared-memory tile (null when not staged).
  SmallVector<TileType> sharedTileOf;
  /// For each compute init (and result), the index of the rProgram output
  /// (the rProgram input with an epilogue).
  SmallVector<unsigned> outputOf;

  /// The epilogue, or null.
  ComputeOp epilogue;
  /// For each epilogue input: the operator's result it reads
  /// (`fromResult`), or the rProgram input it loads.
  struct EpilogueInput {
    bool fromResult;
    unsigned index;
  };
  SmallVector<EpilogueInput> epilogueInputOf;
  /// For each epilogue init (and result), the index of the rProgram output.
  SmallVector<unsigned> epilogueOutputOf;
};

/// Checks that `program` has the canonical structure. On failure, emits an
/// error at the offending op (when `emitErrors`) and returns failure; the IR
/// is not modified either way.
FailureOr<RProgramStructure> matchRProgramStructure(RProgramOp program,
                                                    bool emitErrors = true);

/// Lowers `program` to tiled loops on tensors (memref operands are wrapped in
/// `bufferization.to_tensor` and written back with
/// `bufferization.materialize_in_destination`) and replaces it. Returns the
/// values that replaced the program's results (one per tensor output). On
/// failure an error is emitted at the program and the IR is left unchanged.
FailureOr<SmallVector<Value>> lowerRProgramToLoops(RewriterBase &rewriter,
                                                   RProgramOp program);

/// Registers what the lowering needs besides its dialects (the
/// `TilingInterface` models of linalg ops).
void registerLowerRProgramDependencies(DialectRegistry &registry);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_LOWERRPROGRAM_H
