//===- Construction.cpp - ROLLER's rTile construction policy --------------===//
//
// The construction runs on views of the expression (fused axes, and the
// implicit GEMM view of convolutions) because they expose more aligned
// sizes; every candidate is mapped back to the original axes and predicted
// on the original expression, whose footprints are exact.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Construction.h"
#include "Roller/Analysis/Alignment.h"
#include "Roller/Analysis/ExprViews.h"
#include "Roller/Analysis/PerfModel.h"
#include "Roller/Analysis/Traffic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <array>
#include <set>

using namespace mlir;
using namespace mlir::roller;

int64_t mlir::roller::getDefaultStages(const DeviceSpec &device) {
  // cp.async (sm_80+) overlaps the next step's copy with this step's compute.
  return device.computeCapability() >= 80 ? 2 : 1;
}

namespace {

using Tile = std::vector<int64_t>;

/// The (M, N, K) axes of a GEMM-like expression: two inputs, one output,
/// exactly one spatial axis private to each input and one reduction axis
/// shared by both (batch axes, used by all three, may be added).
std::optional<std::array<unsigned, 3>> findGemmAxes(const TensorExpr &expr) {
  if (expr.inputs.size() != 2 || expr.outputs.size() != 1)
    return std::nullopt;
  std::vector<unsigned> m, n, k;
  for (unsigned a = 0; a < expr.getRank(); ++a) {
    bool in0 = expr.inputs[0].usesAxis(a), in1 = expr.inputs[1].usesAxis(a);
    bool out = expr.outputs[0].usesAxis(a);
    if (expr.axes[a].isReduction()) {
      if (!in0 || !in1)
        return std::nullopt;
      k.push_back(a);
    } else if (in0 && !in1 && out) {
      m.push_back(a);
    } else if (in1 && !in0 && out) {
      n.push_back(a);
    } else if (!(in0 && in1 && out)) {
      return std::nullopt;
    }
  }
  if (m.size() != 1 || n.size() != 1 || k.size() != 1)
    return std::nullopt;
  return std::array<unsigned, 3>{m[0], n[0], k[0]};
}

/// Tensor-core parameters of a view, when the MMA path applies.
struct MmaPlan {
  Tile shape;                   // {m, n, k}
  std::array<unsigned, 3> axes; // view axes of M, N, K
};

std::optional<MmaPlan> planMma(const TensorExpr &expr,
                               const DeviceSpec &device) {
  if (expr.mmaInputType.empty() || device.computeCapability() < 80)
    return std::nullopt;
  std::optional<std::array<unsigned, 3>> axes = findGemmAxes(expr);
  if (!axes)
    return std::nullopt;
  for (const MmaShape &shape : device.mmaShapes)
    if (shape.m == 16 && shape.n == 8 && shape.k == 16 &&
        shape.inputType == expr.mmaInputType && shape.accType == "f32")
      return MmaPlan{{16, 8, 16}, *axes};
  return std::nullopt;
}

class Constructor {
public:
  Constructor(const TensorExpr &original, const DeviceSpec &device,
              const ConstructionOptions &options)
      : original(original), device(device), options(options),
        stages(options.stages > 0 ? options.stages : getDefaultStages(device)) {
  }

  /// Runs the construction (or the enumeration) on one view.
  void runOnView(const ExprView &view);

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
  void enumerateTwoLevel(const ExprView &view, const AlignmentContext &ctx,
                         const std::optional<MmaPlan> &mma);
  void refine(const ExprView &view, const AlignmentContext &ctx,
              const std::optional<MmaPlan> &mma);
  void constructOneLevel(const ExprView &view, const AlignmentContext &ctx);
  void enumerateBlocks(const ExprView &view, const AlignmentContext &ctx,
                       const Tile &thread);
  void keep(std::optional<Candidate> candidate);

  bool isMemoryBound(const TensorExpr &expr, const Tile &tile) const;
  /// Whether a block tile fits shared memory (all stages) and can be
  /// computed by one block: its accumulators may use at most half of the
  /// registers a block can have.
  bool fitsShared(const TensorExpr &expr, const Tile &tile) const {
    int64_t outputRegisters = 0;
    for (const TensorAccess &output : expr.outputs)
      outputRegisters +=
          llvm::divideCeil(output.tileElements(tile) * output.elementBytes, 4);
    int64_t registerLimit = device.regsPerBlock / 2;
    return outputRegisters <= registerLimit &&
           getSharedFootprint(expr, tile) * stages <= device.smemPerBlock;
  }

  const TensorExpr &original;
  const DeviceSpec &device;
  ConstructionOptions options;
  int64_t stages;
  std::vector<Candidate> found;
  std::set<std::pair<Tile, Tile>> seenSchedules;
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
  static constexpr size_t kPolishCandidates = 3;
  /// How the last view was scheduled.
  std::string path;
  double eps = 0;
};

bool Constructor::isMemoryBound(const TensorExpr &expr,
                                const Tile &tile) const {
  const MemLevel *global = device.getLevel(MemLevelKind::Global);
  const PeakThroughput *peak = device.getPeak(expr.computeType);
  if (!peak || peak->cudaCoreTflops <= 0)
    peak = device.getPeak("f32");
  double peakOps = peak ? peak->cudaCoreTflops * 1e12 : 1;
  if (!expr.mmaInputType.empty())
    if (const PeakThroughput *mma = device.getPeak(expr.mmaInputType))
      peakOps = std::max(peakOps, mma->tensorCoreTflops * 1e12);
  double memory = getGlobalTraffic(expr, tile, global->transactionBytes) /
                  (global->bandwidthGBps * 1e9);
  return memory > expr.totalOps() / peakOps;
}

std::optional<Candidate>
Constructor::evaluate(const ExprView &view, const Tile &block,
                      const Tile &thread, const std::optional<MmaPlan> &mma,
                      bool usesShared) {
  std::optional<Tile> originalBlock = mapTileToOriginal(view, block, original);
  std::optional<Tile> originalThread =
      mapTileToOriginal(view, thread, original);
  if (!originalBlock || !originalThread)
    return std::nullopt;
  for (auto [b, t] : llvm::zip(*originalBlock, *originalThread))
    if (t <= 0 || b % t != 0)
      return std::nullopt;
  Schedule schedule;
  schedule.block = *originalBlock;
  schedule.thread = *originalThread;
  if (mma)
    schedule.mma = mma->shape;
  schedule.usesShared = usesShared;
  schedule.stages = usesShared ? stages : 1;
  schedule.threads = getThreadCount(original, device, schedule);
  if (!isThreadCountAligned(device, schedule.threads))
    return std::nullopt;
  if (!seenSchedules.insert({schedule.block, schedule.thread}).second)
    return std::nullopt;
  BankPlan banks = planBankPadding(original, device, schedule);
  schedule.padding = banks.padding;
  schedule.vectorWidth = getVectorWidth(original, schedule.block);
  ++considered;
  llvm::Expected<Prediction> prediction =
      predict(original, device, schedule, banks.worstDegree);
  if (!prediction) {
    llvm::consumeError(prediction.takeError());
    return std::nullopt;
  }
  return Candidate{std::move(schedule), std::move(*prediction)};
}

void Constructor::keep(std::optional<Candidate> candidate) {
  if (candidate)
    found.push_back(std::move(*candidate));
}

std::optional<Candidate>
Constructor::constructThreadTile(const ExprView &view, const Tile &block,
                                 const std::optional<MmaPlan> &mma) {
  const TensorExpr &expr = view.expr;
  unsigned rank = expr.getRank();
  AlignmentContext ctx(expr, device, /*eps=*/0, {}, /*computeSizes=*/false);
  ctx.transactionRule = false;
  ctx.bound = block;
  ctx.mustDivideBound = true;
  for (unsigned a = 0; a < rank; ++a) {
    // Thread tiles divide the block tile; SIMT threads step the reduction
    // one element at a time, warps one MMA k at a time.
    std::vector<int64_t> sizes;
    for (int64_t d = 1; d * d <= block[a]; ++d)
      if (block[a] % d == 0) {
        sizes.push_back(d);
        if (d * d != block[a])
          sizes.push_back(block[a] / d);
      }
    llvm::sort(sizes);
    if (expr.axes[a].isReduction())
      sizes = {mma ? mma->shape[2] : 1};
    ctx.sizes[a] = sizes;
  }
  if (mma)
    for (unsigned i = 0; i < 3; ++i)
      ctx.multipleOf[mma->axes[i]] = mma->shape[i];

  // Thread tiles per block; SIMT blocks round up to whole warps.
  auto tilesOf = [&](const Tile &tile) {
    int64_t count = 1;
    for (unsigned a = 0; a < rank; ++a)
      if (!expr.axes[a].isReduction())
        count *= block[a] / tile[a];
    return count;
  };
  auto threadsOf = [&](const Tile &tile) {
    int64_t count = tilesOf(tile);
    return mma ? count * device.warpSize
               : int64_t(llvm::alignTo(count, device.warpSize));
  };
  auto registersOf = [&](const Tile &tile) {
    int64_t regs = getRegisterFootprint(expr, tile);
    return (mma ? llvm::divideCeil(regs, device.warpSize) : regs) +
           kRegisterOverhead;
  };

  Tile tile = getSmallestAlignedTile(ctx);
  std::optional<Candidate> best;
  for (int step = 0; step < 64; ++step) {
    int64_t threads = threadsOf(tile);
    if ((mma || tilesOf(tile) >= minBusyThreads) &&
        isThreadCountAligned(device, threads) &&
        registersOf(tile) <= device.maxRegsPerThread &&
        registersOf(tile) * threads <= device.regsPerBlock) {
      std::optional<Candidate> candidate =
          evaluate(view, block, tile, mma, /*usesShared=*/true);
      if (candidate &&
          (!best || candidate->prediction.totalUs < best->prediction.totalUs))
        best = std::move(candidate);
    }
    // Grow the axis with the best register-level reuse that still leaves a
    // warp of threads and fits the registers.
    double bestScore = -std::numeric_limits<double>::infinity();
    Tile bestTile;
    double traffic = getRegisterTraffic(expr, tile);
    double footprint = getRegisterFootprint(expr, tile);
    for (unsigned a = 0; a < rank; ++a) {
      std::optional<int64_t> next = nextAlignedSize(ctx, tile, a);
      if (!next)
        continue;
      Tile grown = tile;
      grown[a] = *next;
      if ((!mma && tilesOf(grown) < minBusyThreads) ||
          registersOf(grown) > device.maxRegsPerThread)
        continue;
      double score =
          getReuseScore(traffic, getRegisterTraffic(expr, grown), footprint,
                        getRegisterFootprint(expr, grown));
      if (score > bestScore) {
        bestScore = score;
        bestTile = grown;
      }
    }
    if (bestTile.empty())
      break;
    // Past the point of no reuse, grow only to bring the thread count down.
    if (bestScore <= 0 && threads <= device.maxThreadsPerBlock)
      break;
    tile = bestTile;
  }
  return best;
}

void Constructor::record(const ExprView &view, const AlignmentContext &ctx,
                         const std::optional<MmaPlan> &mma, Tile tile) {
  const TensorExpr &expr = view.expr;
  int64_t transaction = device.levels.front().transactionBytes;
  // Small operators: shrink along the axis that loses the least reuse until
  // the grid covers every SM.
  while (countSpatialTiles(expr, tile) < device.smCount) {
    double bestLoss = std::numeric_limits<double>::infinity();
    Tile bestTile;
    double traffic = getGlobalTraffic(expr, tile, transaction);
    double footprint = getSharedFootprint(expr, tile);
    for (unsigned a = 0; a < expr.getRank(); ++a) {
      if (expr.axes[a].isReduction())
        continue;
      std::optional<int64_t> smaller;
      for (int64_t size : ctx.sizes[a])
        if (size < tile[a] && ctx.isAxisSizeAllowed(a, size))
          smaller = size;
      if (!smaller)
        continue;
      Tile shrunk = tile;
      shrunk[a] = *smaller;
      // Never below a warp's worth of output points per block.
      int64_t points = 1;
      for (unsigned b = 0; b < expr.getRank(); ++b)
        if (!expr.axes[b].isReduction())
          points *= shrunk[b];
      if (points < minBusyThreads)
        continue;
      double lost = getGlobalTraffic(expr, shrunk, transaction) - traffic;
      double freed = footprint - getSharedFootprint(expr, shrunk);
      double loss = freed > 0 ? lost / freed : lost;
      if (loss < bestLoss) {
        bestLoss = loss;
        bestTile = shrunk;
      }
    }
    if (bestTile.empty())
      break;
    tile = bestTile;
  }
  // Shrinking maps several recorded tiles to the same one: level 1 runs once
  // per block tile.
  if (!recordedBlocks.insert(tile).second)
    return;

  if (std::optional<Candidate> candidate =
          constructThreadTile(view, tile, mma)) {
    viewBlocks.push_back({candidate->prediction.totalUs, tile});
    found.push_back(std::move(*candidate));
    ++recorded;
  }
}

void Constructor::enlarge(const ExprView &view, const AlignmentContext &ctx,
                          const std::optional<MmaPlan> &mma, const Tile &tile) {
  const TensorExpr &expr = view.expr;
  int64_t transaction = device.levels.front().transactionBytes;
  double traffic = getGlobalTraffic(expr, tile, transaction);
  double footprint = getSharedFootprint(expr, tile);
  std::vector<std::pair<double, Tile>> next;
  for (unsigned a = 0; a < expr.getRank(); ++a) {
    std::optional<int64_t> size = nextAlignedSize(ctx, tile, a);
    if (!size)
      continue;
    Tile grown = tile;
    grown[a] = *size;
    if (!fitsShared(expr, grown))
      continue;
    next.push_back(
        {getReuseScore(traffic, getGlobalTraffic(expr, grown, transaction),
                       footprint, getSharedFootprint(expr, grown)),
         grown});
  }
  if (next.empty()) {
    record(view, ctx, mma, tile); // the largest tile that fits
    onFirstPath = false;
    return;
  }
  std::stable_sort(next.begin(), next.end(),
                   [](auto &lhs, auto &rhs) { return lhs.first > rhs.first; });
  for (auto &[score, grown] : next) {
    if (recorded >= options.topK || int64_t(visited.size()) >= options.budget)
      return;
    if (!visited.insert(grown).second)
      continue;
    if (isMemoryBound(expr, grown)) {
      // A tile that stays memory-bound up to the capacity is best somewhere
      // along the way (occupancy and the grid tail grow worse with size), so
      // the first path down also records its tiles for the model to rank.
      if (onFirstPath && pathRecords < kMaxPathRecords) {
        ++pathRecords;
        int64_t before = recorded;
        record(view, ctx, mma, grown);
        recorded = before; // these do not count towards K
      }
      enlarge(view, ctx, mma, grown);
    } else {
      record(view, ctx, mma, grown);
    }
    onFirstPath = false;
  }
}

void Constructor::refine(const ExprView &view, const AlignmentContext &ctx,
                         const std::optional<MmaPlan> &mma) {
  const TensorExpr &expr = view.expr;
  int64_t transaction = device.levels.front().transactionBytes;
  llvm::sort(viewBlocks);
  std::vector<std::pair<double, Tile>> seeds(
      viewBlocks.begin(),
      viewBlocks.begin() + std::min<size_t>(viewBlocks.size(), kRefineSeeds));
  for (auto [bestUs, tile] : seeds) {
    for (int round = 0; round < kRefineRounds; ++round) {
      std::optional<std::pair<double, Tile>> improved;
      for (unsigned a = 0; a < expr.getRank(); ++a) {
        // One aligned step up and one down along each axis.
        std::vector<int64_t> steps;
        if (std::optional<int64_t> up = nextAlignedSize(ctx, tile, a))
          steps.push_back(*up);
        std::optional<int64_t> down;
        for (int64_t size : ctx.sizes[a])
          if (size < tile[a] && ctx.isAxisSizeAllowed(a, size))
            down = size;
        if (down)
          steps.push_back(*down);
        for (int64_t size : steps) {
          Tile neighbour = tile;
          neighbour[a] = size;
          if (!fitsShared(expr, neighbour) ||
              !isTransactionAligned(expr, neighbour, transaction) ||
              !recordedBlocks.insert(neighbour).second)
            continue;
          std::optional<Candidate> candidate =
              constructThreadTile(view, neighbour, mma);
          if (!candidate)
            continue;
          double us = candidate->prediction.totalUs;
          found.push_back(std::move(*candidate));
          // Plateau moves are allowed: a step that keeps the predicted
          // time can lead to one that lowers it (several axes must change
          // together to fill a warp), and visited tiles are never retried.
          if (us <= bestUs * (1 + 1e-9) && (!improved || us < improved->first))
            improved = {{us, neighbour}};
        }
      }
      if (!improved)
        break;
      bestUs = improved->first;
      tile = improved->second;
    }
  }
}

void Constructor::enumerateTwoLevel(const ExprView &view,
                                    const AlignmentContext &ctx,
                                    const std::optional<MmaPlan> &mma) {
  const TensorExpr &expr = view.expr;
  unsigned rank = expr.getRank();
  std::vector<std::vector<int64_t>> sizes(rank);
  for (unsigned a = 0; a < rank; ++a)
    for (int64_t size : ctx.sizes[a])
      if (ctx.isAxisSizeAllowed(a, size))
        sizes[a].push_back(size);
  if (llvm::any_of(sizes, [](auto &list) { return list.empty(); }))
    return;
  // An odometer over the product of every axis's aligned sizes.
  std::vector<size_t> index(rank, 0);
  int64_t transaction = device.levels.front().transactionBytes;
  for (int64_t visitedTiles = 0; visitedTiles < options.budget;
       ++visitedTiles) {
    Tile tile(rank);
    for (unsigned a = 0; a < rank; ++a)
      tile[a] = sizes[a][index[a]];
    if (fitsShared(expr, tile) && isTransactionAligned(expr, tile, transaction))
      keep(constructThreadTile(view, tile, mma));
    unsigned a = 0;
    for (; a < rank; ++a) {
      if (++index[a] < sizes[a].size())
        break;
      index[a] = 0;
    }
    if (a == rank)
      return;
  }
  truncated = true;
}

void Constructor::constructOneLevel(const ExprView &view,
                                    const AlignmentContext &ctx) {
  const TensorExpr &expr = view.expr;
  unsigned rank = expr.getRank();
  const TensorAccess &out = expr.outputs.front();
  std::optional<unsigned> contiguous;
  if (!out.indices.empty())
    contiguous = out.indices.back().getSingleAxis();
  // Thread tiles: one step of every reduction axis (up to 64 elements held
  // in registers), and along the output's contiguous axis every aligned size
  // up to one 16-byte vector; the other spatial axes take 1.
  Tile base(rank, 1);
  for (unsigned a = 0; a < rank; ++a)
    if (expr.axes[a].isReduction())
      for (int64_t size : ctx.sizes[a])
        if (size <= 64 && ctx.isAxisSizeAllowed(a, size))
          base[a] = size;
  std::vector<Tile> threads = {base};
  if (contiguous) {
    threads.clear();
    int64_t vector = std::max<int64_t>(1, 16 / out.elementBytes);
    for (int64_t size : ctx.sizes[*contiguous])
      if (size <= vector && ctx.isAxisSizeAllowed(*contiguous, size)) {
        Tile thread = base;
        thread[*contiguous] = size;
        threads.push_back(thread);
      }
  }
  // Blocks spread over the contiguous axes first (coalesced accesses): for
  // each thread count, fill the spatial axes innermost first.
  std::vector<unsigned> order;
  if (contiguous)
    order.push_back(*contiguous);
  for (unsigned a = rank; a-- > 0;)
    if (!expr.axes[a].isReduction() && a != contiguous)
      order.push_back(a);
  for (const Tile &thread : threads) {
    for (int64_t target = device.warpSize; target <= device.maxThreadsPerBlock;
         target *= 2) {
      Tile block = thread;
      int64_t remaining = target;
      for (unsigned a : order) {
        int64_t best = thread[a];
        for (int64_t size : ctx.sizes[a])
          if (size % thread[a] == 0 && size / thread[a] <= remaining &&
              ctx.isAxisSizeAllowed(a, size))
            best = std::max(best, size);
        block[a] = best;
        remaining /= best / thread[a];
      }
      int64_t tiles = 1;
      for (unsigned a : order)
        tiles *= block[a] / thread[a];
      if (tiles >= minBusyThreads &&
          isThreadCountAligned(device, llvm::alignTo(tiles, device.warpSize)))
        keep(evaluate(view, block, thread, std::nullopt,
                      /*usesShared=*/false));
    }
    // And a bounded sweep of other shapes.
    enumerateBlocks(view, ctx, thread);
  }
}

void Constructor::enumerateBlocks(const ExprView &view,
                                  const AlignmentContext &ctx,
                                  const Tile &thread) {
  const TensorExpr &expr = view.expr;
  // Block tiles: every combination of aligned multiples of the thread tile
  // that gives at most a block's worth of threads.
  std::vector<unsigned> spatial;
  std::vector<std::vector<int64_t>> sizes;
  for (unsigned a = 0; a < expr.getRank(); ++a) {
    if (expr.axes[a].isReduction())
      continue;
    std::vector<int64_t> multiples;
    for (int64_t size : ctx.sizes[a])
      if (size % thread[a] == 0 &&
          size / thread[a] <= device.maxThreadsPerBlock)
        multiples.push_back(size);
    if (multiples.empty())
      return;
    spatial.push_back(a);
    sizes.push_back(std::move(multiples));
  }
  std::vector<size_t> index(spatial.size(), 0);
  int64_t budget = options.exhaustive ? options.budget : 64;
  for (int64_t visitedTiles = 0; visitedTiles < budget; ++visitedTiles) {
    Tile block = thread;
    int64_t tiles = 1;
    for (unsigned i = 0; i < spatial.size(); ++i) {
      block[spatial[i]] = sizes[i][index[i]];
      tiles *= block[spatial[i]] / thread[spatial[i]];
    }
    // At least one full warp of work (idle lanes are only a tail effect).
    if (tiles >= minBusyThreads &&
        isThreadCountAligned(device, llvm::alignTo(tiles, device.warpSize)))
      keep(evaluate(view, block, thread, std::nullopt, /*usesShared=*/false));
    unsigned i = 0;
    for (; i < spatial.size(); ++i) {
      if (++index[i] < sizes[i].size())
        break;
      index[i] = 0;
    }
    if (i == spatial.size())
      break;
  }
}

/// Per view axis, the sizes that map back to a box (empty: any size).
std::vector<std::vector<int64_t>> getRepresentable(const ExprView &view,
                                                   const TensorExpr &original) {
  std::vector<std::vector<int64_t>> result(view.expr.getRank());
  for (unsigned i = 0; i < view.groups.size(); ++i)
    if (view.groups[i].size() > 1)
      result[i] = representableSizes(view, i, original);
  return result;
}

void Constructor::runOnView(const ExprView &view) {
  const TensorExpr &expr = view.expr;
  std::optional<MmaPlan> mma = planMma(expr, device);
  std::vector<std::vector<int64_t>> representable =
      getRepresentable(view, original);

  for (double scheduleEps : getEpsSchedule()) {
    eps = scheduleEps;
    AlignmentContext ctx(expr, device, eps, representable);
    if (mma)
      for (unsigned i = 0; i < 3; ++i)
        ctx.multipleOf[mma->axes[i]] = mma->shape[i];
    Tile start = getSmallestAlignedTile(ctx);
    if (llvm::any_of(llvm::seq<unsigned>(0, expr.getRank()), [&](unsigned a) {
          return !ctx.isAxisSizeAllowed(a, start[a]);
        }))
      continue;

    // No reuse to exploit (elementwise, most pooling, plain reductions):
    // one level, global -> registers.
    bool reuse = false;
    int64_t transaction = device.levels.front().transactionBytes;
    double traffic = getGlobalTraffic(expr, start, transaction);
    for (unsigned a = 0; a < expr.getRank() && !reuse; ++a)
      if (std::optional<int64_t> size = nextAlignedSize(ctx, start, a)) {
        Tile grown = start;
        grown[a] = *size;
        reuse = getGlobalTraffic(expr, grown, transaction) < traffic * 0.999;
      }
    bool twoLevel = reuse || mma;
    path = mma ? "tensor-core" : twoLevel ? "two-level" : "one-level";
    if (!twoLevel) {
      constructOneLevel(view, ctx);
    } else {
      // ROLLER's scale-up from the smallest aligned tile, and from a second
      // seed that keeps small reduction windows (a 3x3 or 7x7 kernel) whole:
      // the reuse score is local, and growing a window axis alone saves
      // nothing until the output tile around it grows, so the first seed
      // alone would never find tiles that slide a window over a row.
      Tile windowSeed = start;
      for (unsigned a = 0; a < expr.getRank(); ++a)
        if (expr.axes[a].isReduction() && expr.axes[a].extent <= 16 &&
            ctx.isAxisSizeAllowed(a, expr.axes[a].extent))
          windowSeed[a] = expr.axes[a].extent;
      viewBlocks.clear();
      std::vector<Tile> seeds = {start};
      if (windowSeed != start)
        seeds.push_back(windowSeed);
      for (const Tile &seed : seeds) {
        if (!fitsShared(expr, seed))
          continue;
        visited.clear();
        recordedBlocks.clear();
        recorded = 0;
        onFirstPath = true;
        pathRecords = 0;
        visited.insert(seed);
        if (isMemoryBound(expr, seed))
          enlarge(view, ctx, mma, seed);
        else
          record(view, ctx, mma, seed);
      }
      refine(view, ctx, mma);
    }
    bool enough = int64_t(found.size()) >= options.topK ||
                  (!found.empty() && eps >= 0.6) ||
                  eps >= getEpsSchedule().back();
    if (!enough)
      continue;
    // The exhaustive search ranks every tile of the aligned space the
    // construction ended in (the space only grows with eps), so that the
    // construction can be measured against it.
    if (options.exhaustive && twoLevel)
      enumerateTwoLevel(view, ctx, mma);
    break;
  }
}

void Constructor::polishThreadTiles() {
  auto byTime = [](const Candidate &lhs, const Candidate &rhs) {
    return lhs.prediction.totalUs < rhs.prediction.totalUs;
  };
  std::stable_sort(found.begin(), found.end(), byTime);
  size_t count = std::min<size_t>(found.size(), kPolishCandidates);
  std::vector<Candidate> polished;
  for (size_t i = 0; i < count; ++i) {
    Candidate best = found[i];
    if (!best.schedule.mma.empty())
      continue; // warp tiles stay multiples of the MMA shape
    for (int round = 0; round < kRefineRounds; ++round) {
      std::optional<Candidate> improved;
      for (unsigned a = 0; a < original.getRank(); ++a) {
        if (original.axes[a].isReduction())
          continue;
        int64_t block = best.schedule.block[a];
        int64_t current = best.schedule.thread[a];
        // The neighbouring divisors of the block tile along this axis.
        std::optional<int64_t> up, down;
        for (int64_t d = 1; d <= block; ++d) {
          if (block % d != 0)
            continue;
          if (d < current)
            down = d;
          if (d > current && !up)
            up = d;
        }
        for (std::optional<int64_t> size : {up, down}) {
          if (!size)
            continue;
          Schedule schedule = best.schedule;
          schedule.thread[a] = *size;
          schedule.threads = getThreadCount(original, device, schedule);
          int64_t busy = 1;
          for (unsigned b = 0; b < original.getRank(); ++b)
            if (!original.axes[b].isReduction())
              busy *= schedule.block[b] / schedule.thread[b];
          if (busy < minBusyThreads ||
              !isThreadCountAligned(device, schedule.threads) ||
              !seenSchedules.insert({schedule.block, schedule.thread}).second)
            continue;
          BankPlan banks = planBankPadding(original, device, schedule);
          schedule.padding = banks.padding;
          ++considered;
          llvm::Expected<Prediction> prediction =
              predict(original, device, schedule, banks.worstDegree);
          if (!prediction) {
            llvm::consumeError(prediction.takeError());
            continue;
          }
          if (prediction->totalUs < best.prediction.totalUs &&
              (!improved || prediction->totalUs < improved->prediction.totalUs))
            improved = Candidate{schedule, *prediction};
        }
      }
      if (!improved)
        break;
      best = std::move(*improved);
      polished.push_back(best);
    }
  }
  llvm::append_range(found, polished);
}

ConstructionResult Constructor::finish(std::string strategy) {
  polishThreadTiles();
  std::stable_sort(found.begin(), found.end(), [](auto &lhs, auto &rhs) {
    return lhs.prediction.totalUs < rhs.prediction.totalUs;
  });
  if (int64_t(found.size()) > options.topK)
    found.resize(options.topK);
  ConstructionResult result;
  result.candidates = std::move(found);
  result.considered = considered;
  result.eps = eps;
  result.truncated = truncated;
  result.strategy = std::move(strategy);
  return result;
}

} // namespace

llvm::Expected<ConstructionResult>
mlir::roller::constructSchedules(const TensorExpr &expr,
                                 const DeviceSpec &device,
                                 const ConstructionOptions &options) {
  auto error = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  if (std::optional<std::string> reason = expr.validate())
    return error("unsupported expression: " + *reason);
  if (std::optional<std::string> reason = device.validate())
    return error("invalid device '" + device.name + "': " + *reason);
  if (options.topK < 1)
    return error("top-k must be at least 1");

  Constructor constructor(expr, device, options);
  ExprView fused = fuseAxes(expr);
  constructor.runOnView(fused);
  std::string strategy = constructor.getPath() + " (fused view";
  std::optional<ExprView> gemm = implicitGemmView(expr);
  if (gemm && gemm->expr.getRank() < fused.expr.getRank()) {
    constructor.runOnView(*gemm);
    strategy += "; " + constructor.getPath() + " on the implicit GEMM view";
  }
  if (constructor.empty())
    return error(
        llvm::formatv("no aligned schedule fits device '{0}'", device.name));
  return constructor.finish(strategy + ")");
}
