//===- SplitReductionAcrossBlocks.h - Split-K over blocks -------*- C++ -*-===//
//
// ROLLER keeps an operator's reduction inside one block (the paper has no
// split-K), and shrinks the block tile while the grid has fewer blocks than
// SMs. An operator with few outputs and a long reduction (a 256x256 matmul
// over K = 4096 on an A100) still launches fewer blocks than SMs, or fewer
// than the SMs hold at once (a full wave), or only reaches them with tiles
// too small to reuse data. Splitting the reduction
// into slices that separate blocks reduce into partial results, which a
// second, small reduction combines, gives the SMs work: upstream's
// linalg::splitReduction, with the slices as the partial results' outermost
// dimension (each slice's partial results are contiguous).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_SPLITREDUCTIONACROSSBLOCKS_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_SPLITREDUCTIONACROSSBLOCKS_H

#include "Roller/Analysis/Construction.h"
#include "Roller/Analysis/Device.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// Why the reduction of `op` cannot be split across blocks into `slices`
/// slices, or std::nullopt when it can: `op` has tensor semantics, one
/// output, static shapes, indexing maps that are projected permutations, a
/// body that reads no `linalg.index`, exactly one reduction loop, whose
/// extent `slices` (at least 2) divides, no input read through a
/// `tensor.pad` (those are read through in the consumer's loads), and its
/// one combining op has a neutral element.
std::optional<std::string> whyNotSplitAcrossBlocks(linalg::LinalgOp op,
                                                   int64_t slices);

/// Replaces `op` by upstream's split reduction (linalg::splitReduction) of
/// its reduction loop into `slices` slices: a `linalg.generic` whose outputs
/// are `slices` times the op's, outermost, filled with the combiner's
/// neutral value, each slice's reduction in blocks of its own; then a
/// `linalg.generic` that reduces the slices into the op's output. Fails
/// without touching the IR when whyNotSplitAcrossBlocks refuses.
FailureOr<linalg::SplitReductionResult>
splitReductionAcrossBlocks(RewriterBase &rewriter, linalg::LinalgOp op,
                           int64_t slices);

/// The model's case for splitting one op: its best schedule in one kernel,
/// and the best schedules of the partial results and of their combine.
struct BlockSplit {
  int64_t slices = 0;
  /// Blocks of the best unsplit schedule, and its predicted time.
  int64_t unsplitBlocks = 0;
  double unsplitUs = 0;
  /// Blocks of the partial results' best schedule; the predicted times of
  /// the two kernels.
  int64_t partialBlocks = 0;
  double partialUs = 0;
  double combineUs = 0;
  /// Wall time spent deciding (constructing the unsplit op and every slice
  /// count tried), in microseconds.
  double searchUs = 0;

  double splitUs() const { return partialUs + combineUs; }
};

/// Constructions (ConstructionOptions as given) already done, by
/// TensorExpr::key(), with the wall time each took in microseconds: the
/// selection that follows the splits reuses them.
using ConstructionCache =
    llvm::StringMap<std::pair<ConstructionResult, double>>;

/// Splits across blocks (splitReductionAcrossBlocks) every linalg op of
/// `module` without a `roller.config` whose best schedule on `device`
/// launches fewer blocks than one full wave (SMs x its blocks resident per
/// SM) and which is predicted
/// faster split by at least `launchUs` (the second kernel's launch, which
/// the model does not price): the partial results' and the combine's best
/// times added against the unsplit best. The slice counts tried are the powers
/// of two that divide the reduction, leave each slice at least a warp's width
/// of it, and stop at the first that gives the unsplit schedule a full wave.
/// Calls `onSplit` with the two new ops and the model's case for each split.
/// Adds to `cache` the constructions of the ops left whole and of the ops
/// the splits created. Returns the number of ops split.
int64_t splitUnderfilledReductions(
    RewriterBase &rewriter, ModuleOp module, const DeviceSpec &device,
    const ConstructionOptions &options, double launchUs,
    ConstructionCache &cache,
    llvm::function_ref<void(linalg::LinalgOp partial, linalg::LinalgOp combine,
                            const BlockSplit &split)>
        onSplit);

/// The model's best case for `op` alone, as splitUnderfilledReductions would
/// run it: its best schedule in one kernel, or split across blocks where
/// that is predicted faster by at least `launchUs` (the same slice counts).
struct WholeOrSplit {
  /// The predicted time of the kernels, with `launchUs` for a combine.
  double us = 0;
  /// 1, or 2 when split.
  int64_t kernels = 1;
};
/// Constructs `op` whole and, under a full wave, split (on clones, erased).
/// Returns nullopt when no schedule fits it whole.
std::optional<WholeOrSplit>
predictWholeOrSplit(RewriterBase &rewriter, linalg::LinalgOp op,
                    const DeviceSpec &device,
                    const ConstructionOptions &options, double launchUs);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_SPLITREDUCTIONACROSSBLOCKS_H
