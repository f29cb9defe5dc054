//===- Schedule.h - An rProgram candidate and its prediction ----*- C++ -*-===//
//
// The result of ROLLER's construction for one operator: the rTiles of each
// level with their storage padding and launch shape, and what the
// micro-performance model predicts for them.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ANALYSIS_SCHEDULE_H
#define ROLLER_ANALYSIS_SCHEDULE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::roller {

/// A pipeline stage of the model; the numeric values match the dialect's
/// Bottleneck enum.
enum class Stage : uint32_t {
  Compute = 0,
  Global = 1,
  Shared = 2,
  Register = 3,
  /// Rounds of resident blocks, each living at least one global round trip.
  Latency = 4,
  /// Instruction issue of what the other stages do not count: a gather's
  /// positions (and the MMAs beside them).
  Issue = 5
};

llvm::StringRef stringifyStage(Stage stage);

/// An rProgram over the axes of one TensorExpr.
struct Schedule {
  /// Block tile (level 0, staged in shared memory); reduction entries are the
  /// reduction step.
  std::vector<int64_t> block;
  /// Thread tile (level 1, registers); a warp tile when `mma` is set.
  std::vector<int64_t> thread;
  /// MMA unit tile {m, n, k} along the axes mmaAxes, or empty.
  std::vector<int64_t> mma;
  /// The (M, N, K) axes the MMA shape applies to, when `mma` is set.
  std::vector<unsigned> mmaAxes;
  /// Storage padding of each input's shared tile, in elements.
  std::vector<int64_t> padding;
  /// Elements per thread per global access.
  int64_t vectorWidth = 1;
  int64_t stages = 1;
  int64_t threads = 0;
  /// Whether inputs are staged in shared memory (false for operators with no
  /// reuse, which go global -> registers).
  bool usesShared = true;
  /// Threads sharing each output's reduction (1: each thread owns its
  /// outputs). Above 1, the innermost reduction axis is split over all the
  /// block's threads, and the thread tile covers the block's parallel axes.
  int64_t reduceThreads = 1;

  bool operator==(const Schedule &other) const {
    return block == other.block && thread == other.thread && mma == other.mma &&
           mmaAxes == other.mmaAxes && padding == other.padding &&
           vectorWidth == other.vectorWidth && stages == other.stages &&
           threads == other.threads && usesShared == other.usesShared &&
           reduceThreads == other.reduceThreads;
  }
};

/// What the micro-performance model predicts for one schedule.
struct Prediction {
  /// Time of each stage in microseconds, indexed by Stage.
  double stageUs[6] = {0, 0, 0, 0, 0, 0};
  double totalUs = 0;
  Stage bottleneck = Stage::Compute;
  /// Thread blocks in the grid, and the grid over the spatial axes.
  int64_t blocks = 0;
  std::vector<int64_t> grid;
  int64_t blocksPerSM = 0;
  int64_t waves = 0;
  double occupancy = 0;
  /// Resources: shared memory per block (all stages, padding included) and
  /// the estimated registers per thread.
  int64_t smemBytes = 0;
  int64_t regsPerThread = 0;
  /// The most registers per thread that keep blocksPerSM (at least
  /// regsPerThread): the cap the kernel is compiled with.
  int64_t regBudget = 0;
  /// Bytes moved from global memory (through the L2) and from shared
  /// memory, whole operator.
  double globalBytes = 0;
  double sharedBytes = 0;
  /// The part of globalBytes DRAM serves: what misses the L2 (globalBytes
  /// when the device lists no L2 bandwidth).
  double dramBytes = 0;
  /// Worst shared-memory bank conflict degree over the inputs' warp reads.
  int64_t bankConflict = 1;
  /// The schedule computes on tensor cores (mma.sync warp tiles).
  bool tensorCores = false;
  /// Resident warps per SM, at most two per warp scheduler (ranking).
  int64_t latencyWarps = 0;
  /// Reduction steps of one block: its barriers and rounds of copies.
  int64_t reductionSteps = 1;
  /// Elements of gathered inputs (TensorAccess::gathered) the blocks stage
  /// (ranking), and the thread-instructions of their positions (the issue
  /// stage: getGatherPositions, kGatherElementInstructions).
  double gatheredElements = 0;
  double gatherInstructions = 0;
  /// Rounds of resident blocks the busiest SM runs; the latency stage
  /// charges each the life of a block.
  int64_t rounds = 0;
  /// The shortest life of one block, in us: a round trip, then `stepUs` for
  /// each further reduction step (0 when the device has neither
  /// measurement).
  double blockLifeUs = 0;
  /// What a reduction step waits for its copy, in us: a load's latency shared
  /// by the pipeline's copies in flight (0 without a measured latency).
  double stepUs = 0;
};

/// A ranked candidate.
struct Candidate {
  Schedule schedule;
  Prediction prediction;
};

} // namespace mlir::roller

#endif // ROLLER_ANALYSIS_SCHEDULE_H
