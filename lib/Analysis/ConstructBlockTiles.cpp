//===- ConstructBlockTiles.cpp - Level 0 of ROLLER's construction ---------===//
//
// Block tiles: the greedy scale-up by reuse score, the small-operator shrink,
// the model-guided refinement, the exhaustive enumeration, and the one-level
// schedules of operators with no reuse.
//
//===----------------------------------------------------------------------===//

#include "Constructor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::roller;
using namespace mlir::roller::detail;

/// The largest allowed size of `axis` below `bound`, if any.
static std::optional<int64_t>
getLargestSizeBelow(const AlignmentContext &ctx, unsigned axis, int64_t bound) {
  std::optional<int64_t> largest;
  for (int64_t size : ctx.sizes[axis])
    if (size < bound && ctx.isAxisSizeAllowed(axis, size))
      largest = size;
  return largest;
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
      std::optional<int64_t> smaller = getLargestSizeBelow(ctx, a, tile[a]);
      if (!smaller)
        continue;
      Tile shrunk = tile;
      shrunk[a] = *smaller;
      // Never below a warp's worth of output points per block.
      int64_t points = 1;
      for (unsigned b = 0; b < expr.getRank(); ++b)
        if (!expr.axes[b].isReduction())
          points *= shrunk[b];
      if (points < minBusyThreads ||
          !isTransactionAligned(expr, shrunk, transaction))
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
    Prediction prediction = candidate->prediction;
    viewBlocks.push_back({prediction.totalUs, tile});
    found.push_back(std::move(*candidate));
    ++recorded;
    std::pair<double, Tile> deepest =
        deepenSteps(view, ctx, mma, tile, prediction);
    if (deepest.second != tile)
      viewBlocks.push_back(std::move(deepest));
  }
}

std::optional<Candidate>
Constructor::constructNewBlockTile(const ExprView &view, const Tile &tile,
                                   const std::optional<MmaPlan> &mma) {
  const TensorExpr &expr = view.expr;
  if (!fitsShared(expr, tile) ||
      !isTransactionAligned(expr, tile,
                            device.levels.front().transactionBytes) ||
      !recordedBlocks.insert(tile).second)
    return std::nullopt;
  return constructThreadTile(view, tile, mma);
}

std::optional<Candidate>
Constructor::constructWithStages(const ExprView &view, const Tile &tile,
                                 const std::optional<MmaPlan> &mma,
                                 int64_t depth) {
  // The tile was built at a shallower depth: only its shared memory grows.
  llvm::SaveAndRestore<int64_t> pipeline(stages, depth);
  if (!fitsShared(view.expr, tile))
    return std::nullopt;
  return constructThreadTile(view, tile, mma);
}

std::pair<double, Tile>
Constructor::deepenSteps(const ExprView &view, const AlignmentContext &ctx,
                         const std::optional<MmaPlan> &mma, Tile tile,
                         Prediction prediction) {
  // The scale-up grows a tile by its reuse, which a reduction axis does not
  // change (the block reads the same inputs in fewer, larger steps), so it
  // keeps the thinnest aligned step: a 1x1 convolution takes its channels
  // one a step. Where the blocks then wait out those steps' load latency,
  // take larger steps; or keep the step and deepen the pipeline (each step
  // then waits L / (stages - 1), for one more buffer of shared memory).
  // Two chains, because each stops where the latency no longer binds: one
  // that mixed both moves stopped before the single whole-reduction step
  // the steps alone may reach.
  std::pair<Prediction, Tile> steps =
      deepenChain(view, ctx, mma, tile, prediction, /*pipelines=*/false);
  if (mayAddStage(prediction, stages)) {
    std::pair<Prediction, Tile> piped =
        deepenChain(view, ctx, mma, tile, prediction, /*pipelines=*/true);
    if (isPreferred(piped.first, steps.first))
      steps = std::move(piped);
  }
  return {steps.first.totalUs, steps.second};
}

std::pair<Prediction, Tile>
Constructor::deepenChain(const ExprView &view, const AlignmentContext &ctx,
                         const std::optional<MmaPlan> &mma, Tile tile,
                         Prediction prediction, bool pipelines) {
  const TensorExpr &expr = view.expr;
  int64_t depth = stages;
  while (prediction.bottleneck == Stage::Latency &&
         prediction.reductionSteps > 1) {
    std::optional<Candidate> best;
    Tile bestTile;
    int64_t bestDepth = depth;
    auto consider = [&](std::optional<Candidate> candidate, const Tile &next,
                        int64_t nextDepth) {
      if (!candidate)
        return;
      if (!best || isPreferred(candidate->prediction, best->prediction)) {
        if (best)
          found.push_back(std::move(*best));
        best = std::move(candidate);
        bestTile = next;
        bestDepth = nextDepth;
      } else {
        found.push_back(std::move(*candidate));
      }
    };
    if (!pipelines) {
      for (unsigned a = 0; a < expr.getRank(); ++a) {
        if (!expr.axes[a].isReduction())
          continue;
        std::optional<int64_t> size = nextAlignedSize(ctx, tile, a);
        if (!size)
          continue;
        Tile deeper = tile;
        deeper[a] = *size;
        consider(constructNewBlockTile(view, deeper, mma), deeper, depth);
      }
    } else if (mayAddStage(prediction, depth)) {
      consider(constructWithStages(view, tile, mma, depth + 1), tile,
               depth + 1);
    }
    if (!best)
      break;
    bool shorter = isPreferred(best->prediction, prediction);
    found.push_back(*best);
    if (!shorter)
      break;
    prediction = best->prediction;
    tile = bestTile;
    depth = bestDepth;
  }
  return {prediction, tile};
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

/// The smallest aligned size of axis `a` above `tile[a]` that is a multiple
/// of it, if any.
static std::optional<int64_t>
getNextAlignedMultiple(const AlignmentContext &ctx, const Tile &tile,
                       unsigned a) {
  Tile grown = tile;
  while (std::optional<int64_t> size = nextAlignedSize(ctx, grown, a)) {
    if (*size % tile[a] == 0)
      return size;
    grown[a] = *size;
  }
  return std::nullopt;
}

/// The block tiles one aligned step up or down along one axis from `tile`,
/// and the next aligned multiple up. The multiple keeps the threads' shape
/// and gives each thread more points; the sizes in between may not tile the
/// threads at all: a100's D0 (84-channel depthwise over 42 x 42 outputs)
/// grows its blocks of 14 output rows (2 a thread, 211.3 us) to 42 (6 a
/// thread, 198.4 us), and 16 or 21 rows give no schedule. The multiples come
/// last: of two moves that predict the same time, the single step is taken.
static std::vector<Tile> getAxisSteps(const TensorExpr &expr,
                                      const AlignmentContext &ctx,
                                      const Tile &tile) {
  std::vector<Tile> neighbours, multiples;
  for (unsigned a = 0; a < expr.getRank(); ++a) {
    std::optional<int64_t> next = nextAlignedSize(ctx, tile, a);
    for (std::optional<int64_t> size :
         {next, getLargestSizeBelow(ctx, a, tile[a])}) {
      if (!size)
        continue;
      neighbours.push_back(tile);
      neighbours.back()[a] = *size;
    }
    if (!next || *next % tile[a] == 0)
      continue;
    if (std::optional<int64_t> size = getNextAlignedMultiple(ctx, tile, a)) {
      multiples.push_back(tile);
      multiples.back()[a] = *size;
    }
  }
  // Last: among moves of equal time, the single steps win.
  llvm::append_range(neighbours, multiples);
  return neighbours;
}

/// The block tiles of the same size and another shape as `tile`.
static std::vector<Tile> getAxisExchanges(const TensorExpr &expr,
                                          const AlignmentContext &ctx,
                                          const Tile &tile) {
  std::vector<Tile> neighbours;
  // One spatial axis a step up, another down to the largest allowed size
  // that keeps the block's outputs at most what they were. The block keeps
  // its size (threads, shared memory) and changes its shape, which single
  // steps cannot do where the shape in between fits nothing: a 1x1
  // convolution over 7 x 7 images recorded with blocks of one output row of
  // 32 images (v100's C26, 1686 us) is best with whole images of 4 (1069
  // us), and a block of 32 whole images has too many outputs.
  for (unsigned a = 0; a < expr.getRank(); ++a) {
    if (expr.axes[a].isReduction())
      continue;
    std::optional<int64_t> up = nextAlignedSize(ctx, tile, a);
    if (!up)
      continue;
    for (unsigned b = 0; b < expr.getRank(); ++b) {
      if (b == a || expr.axes[b].isReduction())
        continue;
      // At most tile[b] * tile[a] / up, rounded down.
      std::optional<int64_t> down = getLargestSizeBelow(
          ctx, b, std::min(tile[b], tile[b] * tile[a] / *up + 1));
      if (!down)
        continue;
      neighbours.push_back(tile);
      neighbours.back()[a] = *up;
      neighbours.back()[b] = *down;
    }
  }
  return neighbours;
}

void Constructor::refine(const ExprView &view, const AlignmentContext &ctx,
                         const std::optional<MmaPlan> &mma) {
  llvm::sort(viewBlocks);
  std::vector<std::pair<double, Tile>> seeds(
      viewBlocks.begin(),
      viewBlocks.begin() + std::min<size_t>(viewBlocks.size(), kRefineSeeds));
  for (auto [currentUs, tile] : seeds) {
    for (int round = 0; round < kRefineRounds; ++round) {
      std::optional<std::pair<double, Tile>> improved;
      auto consider = [&](Tile neighbour) {
        std::optional<Candidate> candidate =
            constructNewBlockTile(view, neighbour, mma);
        if (!candidate)
          return;
        double us = candidate->prediction.totalUs;
        Prediction prediction = candidate->prediction;
        found.push_back(std::move(*candidate));
        // A neighbour whose blocks wait out their reduction steps is judged
        // by its deeper steps (the move lands on them).
        std::pair<double, Tile> deepest =
            deepenSteps(view, ctx, mma, neighbour, prediction);
        if (deepest.first < us)
          std::tie(us, neighbour) = deepest;
        // Plateau moves, and moves that lose at most kRefineSlack, are
        // allowed: several axes must often change together (to fill a warp,
        // or to trade one axis for another), and the first of those moves
        // may cost a little. Every tile built is kept in `found`, so the walk
        // never loses its best, and visited tiles are never retried.
        if (us <= currentUs * (1 + kRefineSlack) &&
            (!improved || us < improved->first))
          improved = {{us, neighbour}};
      };
      for (const Tile &neighbour : getAxisSteps(view.expr, ctx, tile))
        consider(neighbour);
      // Exchanges cost as many constructions again: only where no single
      // step moves.
      if (!improved)
        for (const Tile &neighbour : getAxisExchanges(view.expr, ctx, tile))
          consider(neighbour);
      if (!improved)
        break;
      currentUs = improved->first;
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
  // The reduction step of all reduction axes together holds at most 64
  // elements in registers; the innermost axes take their share first.
  Tile base(rank, 1);
  int64_t budget = 64;
  for (unsigned a = rank; a-- > 0;)
    if (expr.axes[a].isReduction()) {
      for (int64_t size : ctx.sizes[a])
        if (size <= budget && ctx.isAxisSizeAllowed(a, size))
          base[a] = size;
      budget /= base[a];
    }
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
  // each thread count, fill the spatial axes innermost first. The axis filled
  // second decides what a block's rows are: the next inner one is not always
  // the cheapest (a stride-2 pooling's output rows read input rows with gaps
  // the traffic counts, its channels do not), so each other spatial axis is
  // also tried second.
  std::vector<unsigned> order;
  if (contiguous)
    order.push_back(*contiguous);
  for (unsigned a = rank; a-- > 0;)
    if (!expr.axes[a].isReduction() && a != contiguous)
      order.push_back(a);
  std::vector<std::vector<unsigned>> orders = {order};
  unsigned second = contiguous ? 1 : 0;
  for (unsigned i = second + 1; i < order.size(); ++i) {
    std::vector<unsigned> other = order;
    std::rotate(other.begin() + second, other.begin() + i,
                other.begin() + i + 1);
    orders.push_back(std::move(other));
  }
  for (const Tile &thread : threads) {
    for (const std::vector<unsigned> &fill : orders)
      for (int64_t target = device.warpSize;
           target <= device.maxThreadsPerBlock; target *= 2) {
        Tile block = thread;
        int64_t remaining = target;
        for (unsigned a : fill) {
          int64_t best = thread[a];
          for (int64_t size : ctx.sizes[a])
            if (size % thread[a] == 0 && size / thread[a] <= remaining &&
                ctx.isAxisSizeAllowed(a, size))
              best = std::max(best, size);
          block[a] = best;
          remaining /= best / thread[a];
        }
        int64_t tiles = 1;
        for (unsigned a : fill)
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
