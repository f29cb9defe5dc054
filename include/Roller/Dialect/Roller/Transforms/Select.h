//===- Select.h - Choosing a #roller.config for a linalg op -----*- C++ -*-===//
//
// The C++ entry points behind --roller-select: run ROLLER's construction on
// a linalg op and turn the chosen rProgram into a #roller.config, or check a
// config a user wrote.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_SELECT_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_SELECT_H

#include "Roller/Analysis/Construction.h"
#include "Roller/Analysis/TensorExpr.h"
#include "Roller/Dialect/Roller/IR/RollerAttrs.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::roller {

/// What the construction found for one op.
struct Selection {
  TensorExpr expr;
  ConstructionResult construction;
  /// Wall time spent choosing (building the expression, constructing and
  /// ranking), in microseconds.
  double selectUs = 0;

  const Candidate &best() const { return construction.candidates.front(); }
  /// The `rank`-th best candidate (1 is the model's choice), or the last one
  /// when fewer were ranked.
  const Candidate &ranked(int64_t rank) const;
};

/// The tensor expression ROLLER schedules `op` by, or the reason it has
/// none (dynamic shapes, non-affine maps, no loops, ...).
llvm::Expected<TensorExpr> getSchedulableExpr(linalg::LinalgOp op);

/// Runs ROLLER on `op` for `device`. Fails with the reason when the op has
/// no tensor expression (dynamic shapes, non-affine maps, ...) or no aligned
/// schedule fits the device.
llvm::Expected<Selection> selectSchedules(linalg::LinalgOp op,
                                          const DeviceSpec &device,
                                          const ConstructionOptions &options);

/// The #roller.config of a candidate of `expr` on `device`, its launch
/// order chosen by chooseBlockGroup.
ConfigAttr buildConfigAttr(MLIRContext *ctx, const TensorExpr &expr,
                           const Candidate &candidate,
                           const DeviceSpec &device);

/// The schedule a config describes.
Schedule getScheduleFromConfig(ConfigAttr config);

/// Checks a config (a user's override) against the op's expression and the
/// device: rank, thread count and warp alignment, one padding per input, MMA
/// support, and that it launches (shared memory, registers, grid). Returns
/// the model's prediction for it, or the reason it is unusable.
llvm::Expected<Prediction> checkConfig(const TensorExpr &expr,
                                       const DeviceSpec &device,
                                       ConfigAttr config);

/// What --roller-select (and --roller-tile, which selects first) take. The
/// defaults are spelled here only: the passes' options (Passes.td), the
/// compile pipelines' options, transform.roller.select and the C++ API read
/// them from these constants.
struct SelectionOptions {
  static constexpr int64_t kDefaultTopK = 10;
  static constexpr const char *kDefaultSearch = "construct";
  static constexpr int64_t kDefaultRank = 1;
  /// A further kernel's launch on a device without a measured one (its
  /// launch_ns is 0): "on the order of microseconds" (docs/model.md,
  /// "Splitting a reduction across blocks"), an assumption.
  static constexpr double kUnmeasuredLaunchUs = 2.0;
  /// split-launch-us's default, negative: the device's launch.
  static constexpr double kDefaultSplitLaunchUs = -1.0;

  /// Preset name or JSON file; empty: the module's roller.device, else h200.
  std::string device;
  int64_t topK = kDefaultTopK;
  /// JSON-lines report path ('-' for stdout); empty: none.
  std::string report;
  /// "construct" or "exhaustive".
  std::string search = kDefaultSearch;
  /// Which candidate to attach: 1 is the model's choice, k the k-th best.
  int64_t rank = kDefaultRank;
  /// Rank each operator with the epilogue roller-fuse-epilogues will give
  /// it (EpilogueGroups.h); the report then has one kernel per group.
  bool planEpilogues = false;
  /// With planEpilogues: keep an epilogue a kernel of its own (marked
  /// roller.unfused) when the two kernels are predicted faster.
  bool unfuseSlower = false;
  /// Also construct schedules whose threads share a reduction
  /// (ConstructionOptions::splitReductions).
  bool splitReductions = true;
  /// Split the reduction of an op that leaves SMs idle across blocks when
  /// the model predicts it faster (SplitReductionAcrossBlocks.h).
  bool splitAcrossBlocks = true;
  /// What one more kernel costs the split across blocks and the fusion
  /// decisions, in microseconds; negative: the device's (resolveLaunchUs).
  double splitLaunchUs = kDefaultSplitLaunchUs;
  /// Mark the module kAllowTf32AttrName (LinalgTensorExpr.h): its f32
  /// contractions may run on TF32 tensor cores.
  bool allowTf32 = false;
};

/// A further kernel's launch in microseconds: `optionUs` where it is not
/// negative (split-launch-us), else the device's measured launch_ns, else
/// SelectionOptions::kUnmeasuredLaunchUs.
inline double resolveLaunchUs(double optionUs, const DeviceSpec &device) {
  return optionUs >= 0
             ? optionUs
             : device.getLaunchUs(SelectionOptions::kUnmeasuredLaunchUs);
}

/// Chooses the #roller.config of `op` on `device`: the `rank`-th best of
/// the `topK` rPrograms the construction ranks (topK is raised to `rank`).
/// Fails with the reason when the op is not supported, no schedule fits or
/// rank/topK are below 1. Attaches nothing: see selectAndAttachConfig.
llvm::Expected<ConfigAttr>
chooseConfig(linalg::LinalgOp op, const DeviceSpec &device,
             int64_t rank = SelectionOptions::kDefaultRank,
             int64_t topK = SelectionOptions::kDefaultTopK);

/// Attaches a #roller.config to every supported linalg op of `module` that
/// has none, checks the ones users wrote, emits the remarks and writes the
/// report. Fails when an option, the device or a user config is unusable.
LogicalResult runSelection(ModuleOp module, const SelectionOptions &options);

/// Whether `op`'s staging must keep one stage: an input it reads through a
/// kept pad, or through a gather that does not read aligned runs of 4 bytes
/// or more (readsAlignedRuns), is staged by a copy that is not a
/// linalg.copy, which roller-pipeline-staging does not issue ahead. The
/// selection constructs such ops with `stages = 1`.
bool stagesInOneStep(linalg::LinalgOp op);

/// Whether `op` is a linalg.fill that only initializes other linalg ops'
/// outputs (tiling folds it into them, so it gets no schedule of its own).
bool isFoldedInit(linalg::LinalgOp op);

/// Calls `inspect` on a clone of `op` placed before it (for a rewrite to
/// transform and the selection to construct), then erases the clone and
/// everything created between it and `op`, so that the IR is as before:
/// how the split across blocks and the implicit GEMM's weighing read what a
/// rewrite would make of `op` without making it.
void inspectRewrittenClone(RewriterBase &rewriter, linalg::LinalgOp op,
                           llvm::function_ref<void(linalg::LinalgOp)> inspect);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_SELECT_H
