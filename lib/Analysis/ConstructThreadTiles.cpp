//===- ConstructThreadTiles.cpp - Level 1 of ROLLER's construction --------===//
//
// Thread (or warp) tiles for a block tile, their evaluation by the model on
// the original expression, and the final polish of the best candidates.
//
//===----------------------------------------------------------------------===//

#include "Constructor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::roller;
using namespace mlir::roller::detail;

std::optional<Candidate>
Constructor::evaluate(const ExprView &view, const Tile &block,
                      const Tile &thread, const std::optional<MmaPlan> &mma,
                      bool usesShared) {
  std::optional<Tile> originalBlock = mapTileToOriginal(view, block, original);
  std::optional<Tile> originalThread =
      mapTileToOriginal(view, thread, original);
  if (!originalBlock || !originalThread)
    return std::nullopt;
  // One-level blocks come from fills and sweeps of the aligned sizes, which
  // check no access's rows: hold them to the transaction rule here, on the
  // original accesses, as a user's config is (roller-select rejected a100's
  // own R2 choice, 63-float output rows, when it was read back). Two-level
  // tiles keep it on the view as they grow.
  if (!usesShared &&
      !isTransactionAligned(original, *originalBlock,
                            device.levels.front().transactionBytes))
    return std::nullopt;
  for (auto [b, t] : llvm::zip(*originalBlock, *originalThread))
    if (t <= 0 || b % t != 0)
      return std::nullopt;
  Schedule schedule;
  schedule.block = *originalBlock;
  schedule.thread = *originalThread;
  if (mma) {
    schedule.mma = mma->shape;
    // The MMA axes by name on the original expression, when it is a GEMM
    // (a convolution's M and K are groups of axes, so it has none).
    if (std::optional<std::array<unsigned, 3>> axes = findGemmAxes(original))
      schedule.mmaAxes.assign(axes->begin(), axes->end());
  }
  schedule.usesShared = usesShared;
  schedule.stages = usesShared ? countBuffers(original, schedule.block) : 1;
  schedule.threads = getThreadCount(original, device, schedule);
  if (!isThreadCountAligned(device, schedule.threads))
    return std::nullopt;
  if (!seenSchedules.insert({schedule.block, schedule.thread, schedule.stages})
           .second)
    return std::nullopt;
  BankPlan banks = planBankPadding(original, device, schedule, &bankPaddings);
  schedule.padding = banks.padding;
  // Staged inputs are copied cooperatively in vectors of the block tile;
  // unstaged ones are read by each thread from its own tile.
  schedule.vectorWidth =
      getVectorWidth(original, usesShared ? schedule.block : schedule.thread);
  ++considered;
  llvm::Expected<Prediction> prediction =
      predict(original, device, schedule, banks.worstDegree);
  if (!prediction) {
    llvm::consumeError(prediction.takeError());
    return std::nullopt;
  }
  return Candidate{std::move(schedule), std::move(*prediction)};
}

std::optional<Candidate>
Constructor::constructThreadTile(const ExprView &view, const Tile &block,
                                 const std::optional<MmaPlan> &mma) {
  const TensorExpr &expr = view.expr;
  unsigned rank = expr.getRank();
  AlignmentContext ctx(expr, device, /*eps=*/0, {}, /*computeSizes=*/false);
  ctx.transactionRule = false;
  ctx.bound = block;
  ctx.mustDivideBound.assign(rank, true);
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
  // What a tile may need: the estimate, and never less than the register
  // tiles the rProgram declares (which its verifier bounds by the device).
  // The register footprint and traffic of a tile, which the growth below
  // compares, and what it may need, all from its access tiles' element
  // counts, computed once (this loop is the selection's hottest).
  struct Measure {
    int64_t footprint, registers;
    double traffic;
  };
  auto measure = [&](const Tile &tile) {
    AccessTileElements elements = getAccessTileElements(expr, tile);
    int64_t footprint = getRegisterFootprint(expr, elements);
    int64_t registers =
        std::max(getDeclaredRegisters(footprint, mma.has_value(), device),
                 estimateRegisters(expr, block, tile, elements, mma.has_value(),
                                   /*usesShared=*/true, device));
    return Measure{footprint, registers,
                   getRegisterTraffic(expr, tile, elements)};
  };

  Tile tile = getSmallestAlignedTile(ctx);
  Measure current = measure(tile);
  std::optional<Candidate> best;
  for (int step = 0; step < 64; ++step) {
    int64_t threads = threadsOf(tile);
    int64_t registers = current.registers;
    if ((mma || tilesOf(tile) >= minBusyThreads) &&
        isThreadCountAligned(device, threads) &&
        registers <= device.maxRegsPerThread &&
        registers * threads <= device.regsPerBlock) {
      std::optional<Candidate> candidate =
          evaluate(view, block, tile, mma, /*usesShared=*/true);
      if (candidate &&
          (!best || isPreferred(candidate->prediction, best->prediction)))
        best = std::move(candidate);
    }
    // Grow the axis with the best register-level reuse that still leaves a
    // warp of threads and fits the registers.
    double bestScore = -std::numeric_limits<double>::infinity();
    Tile bestTile;
    Measure bestMeasure{};
    for (unsigned a = 0; a < rank; ++a) {
      std::optional<int64_t> next = nextAlignedSize(ctx, tile, a);
      if (!next)
        continue;
      Tile grown = tile;
      grown[a] = *next;
      if (!mma && tilesOf(grown) < minBusyThreads)
        continue;
      Measure grownMeasure = measure(grown);
      if (grownMeasure.registers > device.maxRegsPerThread)
        continue;
      double score = getReuseScore(current.traffic, grownMeasure.traffic,
                                   current.footprint, grownMeasure.footprint);
      if (score > bestScore) {
        bestScore = score;
        bestTile = std::move(grown);
        bestMeasure = grownMeasure;
      }
    }
    if (bestTile.empty())
      break;
    // Past the point of no reuse, grow only to bring the thread count down.
    if (bestScore <= 0 && threads <= device.maxThreadsPerBlock)
      break;
    tile = std::move(bestTile);
    current = bestMeasure;
  }
  return best;
}

void Constructor::polishThreadTiles() {
  auto byTime = [](const Candidate &lhs, const Candidate &rhs) {
    return isPreferred(lhs.prediction, rhs.prediction);
  };
  std::stable_sort(found.begin(), found.end(), byTime);
  size_t count = std::min<size_t>(found.size(), kPolishCandidates);
  std::vector<Candidate> polished;
  for (size_t i = 0; i < count; ++i) {
    Candidate best = found[i];
    if (!best.schedule.mma.empty())
      continue; // warp tiles stay multiples of the MMA shape
    if (best.schedule.reduceThreads > 1)
      continue; // threads sharing a reduction cover the block's outputs
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
              !seenSchedules
                   .insert({schedule.block, schedule.thread, schedule.stages})
                   .second)
            continue;
          BankPlan banks =
              planBankPadding(original, device, schedule, &bankPaddings);
          schedule.padding = banks.padding;
          ++considered;
          llvm::Expected<Prediction> prediction =
              predict(original, device, schedule, banks.worstDegree);
          if (!prediction) {
            llvm::consumeError(prediction.takeError());
            continue;
          }
          if (isPreferred(*prediction, best.prediction) &&
              (!improved || isPreferred(*prediction, improved->prediction)))
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
