//===- Constructor.h - The construction's working state -------*- C++ -*-===//
//
// Private to lib/Analysis: the state of one run of ROLLER's construction,
// shared by Construction.cpp (views, eps schedule, ranking),
// ConstructBlockTiles.cpp (level 0: scale-up, shrink, refinement,
// enumeration) and ConstructThreadTiles.cpp (level 1 and evaluation).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_ANALYSIS_CONSTRUCTOR_H
#define ROLLER_LIB_ANALYSIS_CONSTRUCTOR_H

#include "Roller/Analysis/Alignment.h"
#include "Roller/Analysis/Construction.h"
#include "Roller/Analysis/ExprViews.h"
#include "Roller/Analysis/PerfModel.h"
#include "Roller/Analysis/Traffic.h"

#include "llvm/Support/MathExtras.h"

#include <array>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace mlir::roller::detail {

using Tile = std::vector<int64_t>;

/// The (M, N, K) axes of a GEMM-like expression: two inputs, one output,
/// exactly one spatial axis private to each input and one reduction axis
/// shared by both (batch axes, used by all three, may be added).
std::optional<std::array<unsigned, 3>> findGemmAxes(const TensorExpr &expr);

/// Tensor-core parameters of a view, when the MMA path applies.
struct MmaPlan {
  Tile shape;                   // {m, n, k}
  std::array<unsigned, 3> axes; // view axes of M, N, K
};

/// The MMA plan of an expression on a device, when tensor cores apply.
std::optional<MmaPlan> planMma(const TensorExpr &expr,
                               const DeviceSpec &device);

class Constructor {
public:
  Constructor(const TensorExpr &original, const DeviceSpec &device,
              const ConstructionOptions &options)
      : original(original), device(device), options(options),
        stages(options.stages > 0 ? options.stages : getDefaultStages(device)) {
    // A block keeps at least a warp of busy threads, unless the whole
    // operator has fewer output points than that.
    int64_t points = 1;
    for (const Axis &axis : original.axes)
      if (!axis.isReduction())
        points = std::min<int64_t>(points * axis.extent, device.warpSize);
    minBusyThreads = std::max<int64_t>(1, points);
  }

  /// Runs the construction (or the enumeration) on one view: on the tensor
  /// cores when they apply, else (or when no MMA-aligned tile fits) on the
  /// CUDA cores.
  void runOnView(const ExprView &view);
  void runOnView(const ExprView &view, const std::optional<MmaPlan> &mma);

  /// Candidates whose blocks split the innermost reduction axis over all
  /// their threads (ConstructSplitReductions.cpp).
  void constructSplitReductions();
  /// Exhaustive mode: every staged candidate at the default depth also
  /// ranked with deeper pipelines, while the latency stage binds.
  void rankDeeperPipelines();
  ConstructionResult finish(std::string strategy);
  /// Hill-climbs the thread tiles of the best candidates with the model.
  void polishThreadTiles();
  const std::string &getPath() const { return path; }
  bool empty() const { return found.empty(); }

private:
  /// Maps a view schedule to the original axes, completes and predicts it.
  std::optional<Candidate> evaluate(const ExprView &view, const Tile &block,
                                    const Tile &thread,
                                    const std::optional<MmaPlan> &mma,
                                    bool usesShared);
  /// Level 1: the best thread (warp) tile for a block tile.
  std::optional<Candidate>
  constructThreadTile(const ExprView &view, const Tile &block,
                      const std::optional<MmaPlan> &mma);
  /// Level 0 with the greedy scale-up; returns whether K were recorded.
  void enlarge(const ExprView &view, const AlignmentContext &ctx,
               const std::optional<MmaPlan> &mma, const Tile &tile);
  /// Records a block tile: small-operator shrink, then level 1.
  void record(const ExprView &view, const AlignmentContext &ctx,
              const std::optional<MmaPlan> &mma, Tile tile);
  /// Level 1 for a block tile not tried yet on this view that fits shared
  /// memory and keeps the transaction rule (else nothing).
  std::optional<Candidate>
  constructNewBlockTile(const ExprView &view, const Tile &tile,
                        const std::optional<MmaPlan> &mma);
  /// Level 1 for a block tile, already built, with a pipeline of `depth`
  /// stages, if that still fits shared memory.
  std::optional<Candidate>
  constructWithStages(const ExprView &view, const Tile &tile,
                      const std::optional<MmaPlan> &mma, int64_t depth);
  /// Deeper reduction steps, or deeper pipelines, for a tile whose blocks
  /// wait out their steps' load latency (the latency stage bounds it): the
  /// candidates are kept, and the best tile reached is returned with its
  /// predicted time.
  std::pair<double, Tile> deepenSteps(const ExprView &view,
                                      const AlignmentContext &ctx,
                                      const std::optional<MmaPlan> &mma,
                                      Tile tile, Prediction prediction);
  /// Whether a schedule predicted `prediction` with a pipeline of `depth`
  /// stages may take one more: the caller left the depth to the
  /// construction, the device has cp.async (a default of 2 or more), the
  /// depth is below ConstructionOptions::kMaxStages and the block has more
  /// reduction steps than stages.
  bool mayAddStage(const Prediction &prediction, int64_t depth) const {
    return options.stages == 0 && stages >= 2 &&
           depth < ConstructionOptions::kMaxStages &&
           prediction.reductionSteps > depth;
  }
  /// One chain of deepenSteps: deeper steps, or with `pipelines` deeper
  /// pipelines of the same tile, while the latency binds and the time
  /// shortens.
  std::pair<Prediction, Tile> deepenChain(const ExprView &view,
                                          const AlignmentContext &ctx,
                                          const std::optional<MmaPlan> &mma,
                                          Tile tile, Prediction prediction,
                                          bool pipelines);
  void enumerateTwoLevel(const ExprView &view, const AlignmentContext &ctx,
                         const std::optional<MmaPlan> &mma);
  void refine(const ExprView &view, const AlignmentContext &ctx,
              const std::optional<MmaPlan> &mma);
  void constructOneLevel(const ExprView &view, const AlignmentContext &ctx);
  void enumerateBlocks(const ExprView &view, const AlignmentContext &ctx,
                       const Tile &thread);
  void keep(std::optional<Candidate> candidate);

  bool isMemoryBound(const TensorExpr &expr, const Tile &tile) const;
  /// The shared buffers a staged block tile's pipeline holds: the stages,
  /// but never more than the block has reduction steps (one step: nothing
  /// to overlap, one buffer). The schedule's `stages`.
  int64_t countBuffers(const TensorExpr &expr, const Tile &tile) const {
    return std::min(stages, countReductionSteps(expr, tile));
  }
  /// Whether a block tile fits shared memory (all its buffers) and can be
  /// computed by one block: its accumulators may use at most half of the
  /// registers a block can have.
  bool fitsShared(const TensorExpr &expr, const Tile &tile) const {
    int64_t outputRegisters = 0;
    for (const TensorAccess &output : expr.outputs)
      outputRegisters +=
          llvm::divideCeil(output.tileElements(tile) * output.elementBytes, 4);
    int64_t registerLimit = device.regsPerBlock / 2;
    return outputRegisters <= registerLimit &&
           getSharedFootprint(expr, tile) * countBuffers(expr, tile) <=
               device.smemPerBlock;
  }

  const TensorExpr &original;
  const DeviceSpec &device;
  ConstructionOptions options;
  int64_t stages;
  std::vector<Candidate> found;
  /// (block, thread, stages) of every schedule evaluated.
  std::set<std::tuple<Tile, Tile, int64_t>> seenSchedules;
  BankPaddingCache bankPaddings;
  std::set<Tile> visited;
  std::set<Tile> recordedBlocks;
  /// The block tiles (in view axes) recorded on the current view, with the
  /// predicted time of their best thread tile.
  std::vector<std::pair<double, Tile>> viewBlocks;
  int64_t recorded = 0;
  int64_t considered = 0;
  bool truncated = false;
  int64_t minBusyThreads = 1;
  /// Whether the DFS is still on its first (greedy) path.
  bool onFirstPath = true;
  int64_t pathRecords = 0;
  static constexpr int64_t kMaxPathRecords = 12;
  /// Refinement: hill-climb the model from the best few block tiles.
  static constexpr size_t kRefineSeeds = 4;
  static constexpr int kRefineRounds = 6;
  /// How much predicted time one refinement move may lose.
  static constexpr double kRefineSlack = 0.01;
  static constexpr size_t kPolishCandidates = 3;
  /// How the last view was scheduled.
  std::string path;
  double eps = 0;
};

} // namespace mlir::roller::detail

#endif // ROLLER_LIB_ANALYSIS_CONSTRUCTOR_H
