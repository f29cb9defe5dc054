//===- Construction.cpp - ROLLER's rTile construction policy --------------===//
//
// The construction runs on views of the expression (fused axes, and the
// implicit GEMM view of convolutions) because they expose more aligned
// sizes; every candidate is mapped back to the original axes and predicted
// on the original expression, whose footprints are exact.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Construction.h"
#include "Constructor.h"
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
#include <cmath>
#include <set>

using namespace mlir;
using namespace mlir::roller;

int64_t mlir::roller::getDefaultStages(const DeviceSpec &device) {
  // cp.async (sm_80+) overlaps the next step's copy with this step's compute.
  return device.computeCapability() >= 80 ? 2 : 1;
}

using namespace mlir::roller::detail;

std::optional<std::array<unsigned, 3>>
detail::findGemmAxes(const TensorExpr &expr) {
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

std::optional<MmaPlan> detail::planMma(const TensorExpr &expr,
                                       const DeviceSpec &device) {
  if (expr.mmaInputType.empty() || !device.hasMmaSyncFor(expr.mmaInputType))
    return std::nullopt;
  std::optional<std::array<unsigned, 3>> axes = findGemmAxes(expr);
  if (!axes)
    return std::nullopt;
  std::array<int64_t, 3> shape =
      *DeviceSpec::getMmaSyncShape(expr.mmaInputType);
  return MmaPlan{{shape[0], shape[1], shape[2]}, *axes};
}

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
                  (global->getSustainedGBps() * 1e9);
  return memory > expr.totalOps() / peakOps;
}

void Constructor::keep(std::optional<Candidate> candidate) {
  if (candidate)
    found.push_back(std::move(*candidate));
}

/// Per view axis, the candidate sizes that map back to a box (empty: any
/// size). Only getCandidateSizes's sizes can ever be chosen, so only those
/// are tested: listing every representable size would cost the sum of the
/// group's extents (billions on a huge tensor) in time and memory.
std::vector<std::vector<int64_t>> getRepresentable(const ExprView &view,
                                                   const TensorExpr &original) {
  std::vector<std::vector<int64_t>> result(view.expr.getRank());
  for (unsigned i = 0; i < view.groups.size(); ++i) {
    if (view.groups[i].size() <= 1)
      continue;
    // eps = 1 admits every size up to the extent: the superset of the
    // candidates at each eps of the schedule.
    for (int64_t size :
         getCandidateSizes(view.expr.axes[i].extent, /*eps=*/1.0, {}))
      if (isRepresentableSize(view, i, size, original))
        result[i].push_back(size);
    // Keep "empty means any size" from admitting everything.
    if (result[i].empty())
      result[i].push_back(1);
  }
  return result;
}

void Constructor::runOnView(const ExprView &view) {
  size_t before = found.size();
  // The GPU lowering computes warp tiles of GEMM-shaped operators (one m, n
  // and k axis, any batch axes) with mma.sync; a convolution, which is a
  // GEMM only in a fused view, stays on the CUDA cores.
  std::optional<MmaPlan> mma =
      findGemmAxes(original) ? planMma(view.expr, device) : std::nullopt;
  runOnView(view, mma);
  // Extents too small for the MMA shape: fall back to the CUDA cores.
  if (mma && found.size() == before)
    runOnView(view, std::nullopt);
}

void Constructor::runOnView(const ExprView &view,
                            const std::optional<MmaPlan> &mma) {
  const TensorExpr &expr = view.expr;
  std::vector<std::vector<int64_t>> representable =
      getRepresentable(view, original);

  for (double scheduleEps : getEpsSchedule()) {
    eps = scheduleEps;
    AlignmentContext ctx(expr, device, eps, representable);
    if (mma) {
      // Warp tiles are multiples of the MMA shape. No block tile need
      // divide the tensor: the GPU lowering runs the full MMA tiles of a
      // boundary block, and of the partial last reduction step, on
      // zero-padded shared tiles and masks the accumulator
      // (--roller-pad-mma-boundary-tiles). The k step still divides K
      // where a multiple of the MMA k can (K = 4096): a partial step pads
      // work and costs a peeled step and a barrier, which the model does
      // not price, and letting it in moved the growth to worse tiles
      // (bench/irregular: a100 4095^3 874 us against 868).
      unsigned k = mma->axes[2];
      for (unsigned i = 0; i < 3; ++i)
        ctx.multipleOf[mma->axes[i]] = mma->shape[i];
      ctx.mustDivideBound[k] = expr.axes[k].extent % mma->shape[2] == 0;
      // An m, n or K below the MMA shape (5 rows, K = 8) is one MMA tile,
      // zero-padded like a boundary block or a partial last step. An
      // extent of 1 stays on the CUDA cores: a matrix-vector product would
      // use 1/16 or 1/8 of each MMA, and K = 1 (an outer product) has no
      // reduction loop left after tiling.
      for (unsigned i = 0; i < 3; ++i) {
        unsigned axis = mma->axes[i];
        if (expr.axes[axis].extent > 1 &&
            expr.axes[axis].extent < mma->shape[i]) {
          ctx.bound[axis] = mma->shape[i];
          ctx.sizes[axis] = {mma->shape[i]};
        }
      }
    }
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
    // Enough candidates in a space whose tiles all leave SMs idle are no
    // reason to stop: a tensor-core GEMM with N = 392 = 8 * 49 has no
    // aligned tile narrower than 392 without padding, so with one stage
    // every zero-waste candidate is 392 wide and its grid 32 blocks on
    // a100's 108 SMs (200 us predicted), where a padded 64 x 32 tile of the
    // next eps launches 104 (47 us). The model ranks all of them.
    bool fillsDevice = llvm::any_of(found, [&](const Candidate &candidate) {
      return candidate.prediction.blocks >= device.smCount;
    });
    bool enough = (int64_t(found.size()) >= options.topK && fillsDevice) ||
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

void Constructor::rankDeeperPipelines() {
  // The enumeration's tiles and the construction's alike, whichever view or
  // path built them: the budget truncates the enumeration, and the
  // construction's shrunk tiles lie outside it.
  size_t count = found.size();
  for (size_t i = 0; i < count; ++i) {
    Schedule schedule = found[i].schedule;
    Prediction prediction = found[i].prediction;
    if (!schedule.usesShared || schedule.stages != stages)
      continue;
    // A deeper pipeline shortens only the latency stage and takes shared
    // memory (so never raises the residents the other stages divide by):
    // past the first depth that is not latency-bound none is faster.
    for (int64_t depth = stages; prediction.bottleneck == Stage::Latency &&
                                 mayAddStage(prediction, depth);
         ++depth) {
      schedule.stages = depth + 1;
      if (!seenSchedules
               .insert({schedule.block, schedule.thread, schedule.stages})
               .second)
        continue;
      ++considered;
      llvm::Expected<Prediction> deeper =
          predict(original, device, schedule, prediction.bankConflict);
      if (!deeper) { // Its shared memory no longer fits.
        llvm::consumeError(deeper.takeError());
        break;
      }
      prediction = *deeper;
      found.push_back({schedule, prediction});
    }
  }
}

ConstructionResult Constructor::finish(std::string strategy) {
  polishThreadTiles();
  std::stable_sort(found.begin(), found.end(), [](auto &lhs, auto &rhs) {
    return isPreferred(lhs.prediction, rhs.prediction);
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
  if (options.splitReductions)
    constructor.constructSplitReductions();
  if (options.exhaustive)
    constructor.rankDeeperPipelines();
  if (constructor.empty())
    return error(
        llvm::formatv("no aligned schedule fits device '{0}'", device.name));
  ConstructionResult result = constructor.finish(strategy + ")");
  if (result.candidates.front().schedule.reduceThreads > 1)
    result.strategy = "split reduction (one-level, the block's threads "
                      "share each output)";
  // Device figures at the edge of what a double holds (a bandwidth of 1e-308
  // GB/s) make predicted times infinite, which no roller.config can carry.
  for (const Candidate &candidate : result.candidates)
    if (!std::isfinite(candidate.prediction.totalUs))
      return error(llvm::formatv(
          "the predicted time on device '{0}' is not finite (its bandwidths, "
          "peaks or clock are out of range)",
          device.name));
  return result;
}
