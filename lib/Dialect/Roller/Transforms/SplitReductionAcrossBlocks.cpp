//===- SplitReductionAcrossBlocks.cpp - Split-K over blocks ---------------===//

#include "Roller/Dialect/Roller/Transforms/SplitReductionAcrossBlocks.h"
#include "Roller/Analysis/Occupancy.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/ReadThroughGathers.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Threading.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <cmath>
#include <deque>
#include <limits>

using namespace mlir;
using namespace mlir::roller;

std::optional<std::string>
mlir::roller::whyNotSplitAcrossBlocks(linalg::LinalgOp op, int64_t slices) {
  if (!op.hasPureTensorSemantics())
    return std::string("it does not operate on tensors");
  if (op.getNumDpsInits() != 1)
    return llvm::formatv("it has {0} outputs, not one", op.getNumDpsInits())
        .str();
  if (op.hasDynamicShape())
    return std::string("it has dynamic shapes");
  if (!op.hasOnlyProjectedPermutations())
    return std::string("an indexing map is not a projected permutation");
  if (op.getNumReductionLoops() != 1)
    return llvm::formatv("it has {0} reduction loops, not one",
                         op.getNumReductionLoops())
        .str();
  // A slice's body would read the index within its slice.
  if (!op.getBlock()->getOps<linalg::IndexOp>().empty())
    return std::string("its body reads its iteration index");
  if (llvm::any_of(op.getDpsInputs(), [](Value input) {
        return input.getDefiningOp<tensor::PadOp>() != nullptr;
      }))
    return std::string("an input is read through a tensor.pad");
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  int64_t extent = op.getStaticLoopRanges()[reductionDims.front()];
  if (slices < 2 || extent % slices != 0)
    return llvm::formatv("{0} slices do not divide its reduction of {1}",
                         slices, extent)
        .str();
  SmallVector<Operation *> combiners;
  if (!matchReduction(op.getRegionOutputArgs(), 0, combiners) ||
      combiners.size() != 1)
    return std::string("its output is not reduced by one combining op");
  if (!arith::getNeutralElement(combiners.front()))
    return std::string("its combining op has no neutral element");
  return std::nullopt;
}

FailureOr<linalg::SplitReductionResult>
mlir::roller::splitReductionAcrossBlocks(RewriterBase &rewriter,
                                         linalg::LinalgOp op, int64_t slices) {
  if (std::optional<std::string> reason = whyNotSplitAcrossBlocks(op, slices))
    return rewriter.notifyMatchFailure(op, *reason);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::SplitReductionResult> result =
      linalg::splitReduction(rewriter, op, [&](linalg::LinalgOp) {
        // The slices outermost in the partial results, each slice's part
        // of the reduction contiguous (the reduction loop splits into the
        // slice and the position within it).
        return linalg::SplitReductionOptions{slices, /*index=*/0,
                                             /*innerParallel=*/false};
      });
  if (failed(result))
    return failure();
  // A convolution's patches expanded into slices are a gather still, which
  // the partial results read through (ReadThroughGathers.h).
  for (Value input : result->splitLinalgOp.getDpsInputs())
    if (auto expand = input.getDefiningOp<tensor::ExpandShapeOp>())
      (void)foldExpandIntoGather(rewriter, expand);
  return result;
}

namespace {

/// A construction's result (none when no schedule fits) and its wall time.
struct Constructed {
  std::optional<ConstructionResult> result;
  double us = 0;

  const Candidate *best() const {
    return result ? &result->candidates.front() : nullptr;
  }
};

/// One op the model may split, and what was constructed for it.
struct SplitCandidate {
  linalg::LinalgOp op;
  TensorExpr expr;
  Constructed unsplit;
  /// Wall time spent splitting clones to read their expressions.
  double splittingUs = 0;
  /// Per slice count tried: the partial results' and the combine's
  /// expressions, and what was constructed for them.
  struct Try {
    int64_t slices = 0;
    TensorExpr partial, combine;
    Constructed partialBest, combineBest;
  };
  /// A deque: tries are pointed to while they are constructed.
  std::deque<Try> tries;
};

/// Whether `slices` may split `op`'s reduction: it divides the reduction and
/// leaves each slice a warp's width of it.
bool isSliceCountAllowed(linalg::LinalgOp op, int64_t slices,
                         const DeviceSpec &device) {
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  int64_t extent = op.getStaticLoopRanges()[reductionDims.front()];
  return extent % slices == 0 && extent / slices >= device.warpSize;
}

/// The slice counts to try first for `op`, whose unsplit best is `unsplit`:
/// the allowed powers of two up to the first that gives the unsplit
/// schedule a full wave. The partial products' own construction may find
/// narrower tiles for their shorter reductions, so the caller goes on
/// doubling while the split's predicted time keeps falling.
SmallVector<int64_t> getSliceCounts(linalg::LinalgOp op,
                                    const Prediction &unsplit,
                                    const DeviceSpec &device) {
  int64_t fullWave = getFullWave(device, unsplit.blocksPerSM);
  SmallVector<int64_t> counts;
  for (int64_t slices = 2; isSliceCountAllowed(op, slices, device);
       slices *= 2) {
    counts.push_back(slices);
    if (slices * unsplit.blocks >= fullWave)
      break;
  }
  return counts;
}

/// The expressions of `op` split into `slices`: split on a clone placed
/// before `op`, read, and erased, so that the IR is as before.
std::optional<std::pair<TensorExpr, TensorExpr>>
getSplitExprs(RewriterBase &rewriter, linalg::LinalgOp op, int64_t slices) {
  std::optional<std::pair<TensorExpr, TensorExpr>> exprs;
  inspectRewrittenClone(rewriter, op, [&](linalg::LinalgOp clone) {
    FailureOr<linalg::SplitReductionResult> split =
        splitReductionAcrossBlocks(rewriter, clone, slices);
    if (failed(split))
      return;
    llvm::Expected<TensorExpr> partial =
        getSchedulableExpr(split->splitLinalgOp);
    llvm::Expected<TensorExpr> combine =
        getSchedulableExpr(split->resultCombiningLinalgOp);
    if (partial && combine)
      exprs.emplace(std::move(*partial), std::move(*combine));
    else {
      llvm::consumeError(partial.takeError());
      llvm::consumeError(combine.takeError());
    }
  });
  return exprs;
}

double elapsedUs(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now() - start)
      .count();
}

Constructed construct(const TensorExpr &expr, const DeviceSpec &device,
                      const ConstructionOptions &options) {
  auto start = std::chrono::steady_clock::now();
  Constructed constructed;
  llvm::Expected<ConstructionResult> result =
      constructSchedules(expr, device, options);
  if (result)
    constructed.result = std::move(*result);
  else
    llvm::consumeError(result.takeError());
  constructed.us = elapsedUs(start);
  return constructed;
}

void addToCache(ConstructionCache &cache, const TensorExpr &expr,
                Constructed &constructed) {
  if (constructed.result)
    cache.try_emplace(expr.key(), std::move(*constructed.result),
                      constructed.us);
}

} // namespace

int64_t mlir::roller::splitUnderfilledReductions(
    RewriterBase &rewriter, ModuleOp module, const DeviceSpec &device,
    const ConstructionOptions &options, double launchUs,
    ConstructionCache &cache,
    llvm::function_ref<void(linalg::LinalgOp, linalg::LinalgOp,
                            const BlockSplit &)>
        onSplit) {
  MLIRContext *ctx = module.getContext();

  // The ops that could be split at all (into 2 slices, the fewest).
  std::vector<SplitCandidate> candidates;
  module.walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(RollerDialect::kConfigAttrName) || isFoldedInit(op) ||
        whyNotSplitAcrossBlocks(op, 2))
      return;
    llvm::Expected<TensorExpr> expr = getSchedulableExpr(op);
    if (!expr) {
      llvm::consumeError(expr.takeError());
      return;
    }
    candidates.push_back({op, std::move(*expr), {}, 0, {}});
  });
  parallelFor(ctx, 0, candidates.size(), [&](size_t index) {
    candidates[index].unsplit =
        construct(candidates[index].expr, device, options);
  });

  // ROLLER's small-operator criterion: fewer blocks than SMs.
  auto addTry = [&](SplitCandidate &candidate, int64_t slices,
                    std::vector<SplitCandidate::Try *> &added) {
    auto start = std::chrono::steady_clock::now();
    auto exprs = getSplitExprs(rewriter, candidate.op, slices);
    candidate.splittingUs += elapsedUs(start);
    if (!exprs)
      return;
    candidate.tries.push_back(
        {slices, std::move(exprs->first), std::move(exprs->second), {}, {}});
    added.push_back(&candidate.tries.back());
  };
  auto constructTries = [&](std::vector<SplitCandidate::Try *> &added) {
    parallelFor(ctx, 0, added.size(), [&](size_t task) {
      added[task]->partialBest =
          construct(added[task]->partial, device, options);
      added[task]->combineBest =
          construct(added[task]->combine, device, options);
    });
  };
  auto splitUs = [](const SplitCandidate::Try &attempt) {
    const Candidate *partial = attempt.partialBest.best();
    const Candidate *combine = attempt.combineBest.best();
    return partial && combine
               ? partial->prediction.totalUs + combine->prediction.totalUs
               : std::numeric_limits<double>::infinity();
  };
  std::vector<SplitCandidate::Try *> added;
  for (SplitCandidate &candidate : candidates) {
    const Candidate *unsplit = candidate.unsplit.best();
    // Below a full wave the SMs could hold more blocks than the grid has
    // (and a grid just above the SM count runs a tail on most of them).
    if (!unsplit || unsplit->prediction.blocks >=
                        getFullWave(device, unsplit->prediction.blocksPerSM))
      continue;
    for (int64_t slices :
         getSliceCounts(candidate.op, unsplit->prediction, device))
      addTry(candidate, slices, added);
  }
  constructTries(added);
  // Doubling on while the most slices tried so far are the fastest split.
  while (true) {
    added.clear();
    for (SplitCandidate &candidate : candidates) {
      if (candidate.tries.empty())
        continue;
      const SplitCandidate::Try &last = candidate.tries.back();
      int64_t next = last.slices * 2;
      bool lastIsBest = llvm::all_of(candidate.tries,
                                     [&](const SplitCandidate::Try &attempt) {
                                       return splitUs(attempt) >= splitUs(last);
                                     });
      if (std::isfinite(splitUs(last)) && lastIsBest &&
          isSliceCountAllowed(candidate.op, next, device))
        addTry(candidate, next, added);
    }
    if (added.empty())
      break;
    constructTries(added);
  }

  int64_t splits = 0;
  for (SplitCandidate &candidate : candidates) {
    const Candidate *unsplit = candidate.unsplit.best();
    double searchUs = candidate.unsplit.us + candidate.splittingUs;
    for (const SplitCandidate::Try &attempt : candidate.tries)
      searchUs += attempt.partialBest.us + attempt.combineBest.us;
    std::optional<BlockSplit> chosen;
    SplitCandidate::Try *chosenTry = nullptr;
    for (SplitCandidate::Try &attempt : candidate.tries) {
      const Candidate *partial = attempt.partialBest.best();
      const Candidate *combine = attempt.combineBest.best();
      if (!partial || !combine)
        continue;
      BlockSplit split{attempt.slices,
                       unsplit->prediction.blocks,
                       unsplit->prediction.totalUs,
                       partial->prediction.blocks,
                       partial->prediction.totalUs,
                       combine->prediction.totalUs,
                       searchUs};
      if (split.splitUs() + launchUs < split.unsplitUs &&
          (!chosen || split.splitUs() < chosen->splitUs())) {
        chosen = split;
        chosenTry = &attempt;
      }
    }
    FailureOr<linalg::SplitReductionResult> result = failure();
    if (chosen)
      result =
          splitReductionAcrossBlocks(rewriter, candidate.op, chosen->slices);
    if (failed(result)) {
      addToCache(cache, candidate.expr, candidate.unsplit);
      continue;
    }
    addToCache(cache, chosenTry->partial, chosenTry->partialBest);
    addToCache(cache, chosenTry->combine, chosenTry->combineBest);
    ++splits;
    onSplit(result->splitLinalgOp, result->resultCombiningLinalgOp, *chosen);
  }
  return splits;
}

std::optional<WholeOrSplit> mlir::roller::predictWholeOrSplit(
    RewriterBase &rewriter, linalg::LinalgOp op, const DeviceSpec &device,
    const ConstructionOptions &options, double launchUs) {
  llvm::Expected<TensorExpr> expr = getSchedulableExpr(op);
  if (!expr) {
    llvm::consumeError(expr.takeError());
    return std::nullopt;
  }
  Constructed whole = construct(*expr, device, options);
  const Candidate *unsplit = whole.best();
  if (!unsplit)
    return std::nullopt;
  WholeOrSplit best{unsplit->prediction.totalUs, 1};
  if (whyNotSplitAcrossBlocks(op, 2) ||
      unsplit->prediction.blocks >=
          getFullWave(device, unsplit->prediction.blocksPerSM))
    return best;
  // The slice counts splitUnderfilledReductions tries, then doubling on
  // while the most slices so far are the fastest split.
  SmallVector<int64_t> counts = getSliceCounts(op, unsplit->prediction, device);
  double fastestSplit = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < counts.size(); ++i) {
    int64_t slices = counts[i];
    std::optional<std::pair<TensorExpr, TensorExpr>> exprs =
        getSplitExprs(rewriter, op, slices);
    if (!exprs)
      continue;
    const Constructed partial = construct(exprs->first, device, options);
    const Constructed combine = construct(exprs->second, device, options);
    if (!partial.best() || !combine.best())
      continue;
    double us =
        partial.best()->prediction.totalUs + combine.best()->prediction.totalUs;
    if (us < fastestSplit) {
      fastestSplit = us;
      if (i + 1 == counts.size() && isSliceCountAllowed(op, slices * 2, device))
        counts.push_back(slices * 2);
    }
  }
  if (fastestSplit + launchUs < best.us)
    best = WholeOrSplit{fastestSplit + launchUs, 2};
  return best;
}
