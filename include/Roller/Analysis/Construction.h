//===- Construction.h - ROLLER's rTile construction policy ------*- C++ -*-===//
//
// The top-down greedy construction of ROLLER (paper section 4.2): start from
// the smallest aligned tile of each level, grow the axis with the best data
// reuse score while the tile is memory-bound and fits the level, descend a
// level when it is compute-bound, and stop at K rPrograms. Then scale out
// (grid, occupancy, waves; shrink tiles of small operators until the grid
// fills the SMs) and rank the candidates by the micro-performance model.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ANALYSIS_CONSTRUCTION_H
#define ROLLER_ANALYSIS_CONSTRUCTION_H

#include "Roller/Analysis/Device.h"
#include "Roller/Analysis/Schedule.h"
#include "Roller/Analysis/TensorExpr.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir::roller {

struct ConstructionOptions {
  /// rPrograms to construct (ROLLER used 10).
  int64_t topK = 10;
  /// Rank the whole aligned space with the same model instead of
  /// constructing (for measuring the construction against it).
  bool exhaustive = false;
  /// Software-pipeline stages of the shared-memory copies; 0 picks the
  /// device's default (2 with cp.async on sm_80 and later, else 1), and
  /// deeper pipelines, up to kMaxStages, where the default's reduction steps
  /// are latency-bound.
  int64_t stages = 0;
  /// The deepest pipeline the construction tries on its own (CUTLASS's and
  /// Triton's Ampere and Hopper GEMMs use 3 to 5 stages).
  static constexpr int64_t kMaxStages = 4;
  /// Upper bound on level-0 tiles visited, so that huge operators still
  /// select in milliseconds (exhaustive mode: tiles enumerated).
  int64_t budget = 384;
  /// The budget an exhaustive search is given (roller-select's
  /// search=exhaustive): the whole aligned space of all but two of the
  /// roller119 operators (C33 and C40 stop at it; the report says so).
  static constexpr int64_t kExhaustiveBudget = 200000;
  /// Also construct schedules whose block's threads share each output's
  /// reduction (Schedule::reduceThreads), for reductions with few outputs.
  bool splitReductions = true;
};

struct ConstructionResult {
  /// The ranked candidates, best predicted time first (at most topK).
  std::vector<Candidate> candidates;
  /// Schedules the model evaluated.
  int64_t considered = 0;
  /// The tensor-shape rule's eps the candidates were built with.
  double eps = 0;
  /// Exhaustive mode: whether the enumeration stopped at the budget before
  /// covering the whole aligned space.
  bool truncated = false;
  /// How the operator was scheduled: "two-level", "one-level" (no reuse to
  /// exploit) or "tensor-core", with the views used.
  std::string strategy;
};

/// Constructs and ranks rPrograms for `expr` on `device`. Fails with the
/// reason when the expression or the device is unusable or no aligned
/// schedule fits the device.
llvm::Expected<ConstructionResult>
constructSchedules(const TensorExpr &expr, const DeviceSpec &device,
                   const ConstructionOptions &options = {});

/// The stage count used when options.stages is 0.
int64_t getDefaultStages(const DeviceSpec &device);

} // namespace mlir::roller

#endif // ROLLER_ANALYSIS_CONSTRUCTION_H
