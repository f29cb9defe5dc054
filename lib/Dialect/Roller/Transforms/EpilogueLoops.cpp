//===- EpilogueLoops.cpp - Consumer loops on producer axes ----------------===//

#include "Roller/Dialect/Roller/Transforms/EpilogueLoops.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::roller;

std::optional<std::string>
mlir::roller::matchEpilogueLoops(const EpilogueCandidate &pair,
                                 EpilogueLoops &loops) {
  // The producer writes its output along distinct parallel axes, all of
  // them: each output element is the accumulator of one thread.
  AffineMap written = pair.written;
  llvm::SmallDenseSet<unsigned> writtenAxes;
  for (AffineExpr expr : written.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim || !writtenAxes.insert(dim.getPosition()).second) {
      std::string message;
      llvm::raw_string_ostream(message)
          << "the producer's output map " << written
          << " is not a permutation of its parallel axes";
      return message;
    }
  }
  unsigned numParallel = llvm::count(pair.producerReduces, false);
  if (writtenAxes.size() != numParallel)
    return std::string("the producer's output does not index every parallel "
                       "axis");
  if (llvm::is_contained(pair.consumerReduces, true))
    return std::string("the consumer has a reduction");
  unsigned numLoops = pair.consumerReduces.size();
  // A consumer with more loops than the producer's parallel axes is a row
  // epilogue: it reads the result through a broadcast along the producer's
  // reduction axes (softmax's divide by the row sum, LayerNorm's normalize),
  // which each thread walks after its reductions end.
  loops.row = numLoops != numParallel;
  if (numLoops > pair.producerReduces.size())
    return std::string("the consumer has more loops than the producer");

  // Each consumer loop runs along the producer axis the producer's output
  // dimension it reads stands for.
  constexpr int64_t kUnknown = -1;
  loops.axisOf.assign(numLoops, kUnknown);
  auto bind = [&](unsigned loop, int64_t axis) {
    if (loops.axisOf[loop] != kUnknown && loops.axisOf[loop] != axis)
      return false;
    loops.axisOf[loop] = axis;
    return true;
  };
  std::optional<AffineMap> read;
  for (AffineMap map : pair.resultReads) {
    if (!(loops.row ? map.isProjectedPermutation() : map.isPermutation()))
      return std::string("the consumer reads the result through a broadcast "
                         "or a non-permutation map (an element would be "
                         "computed more than once)");
    if (read && *read != map)
      return std::string("the consumer reads the result through two maps");
    read = map;
    for (auto [dim, expr] : llvm::enumerate(map.getResults()))
      if (!bind(cast<AffineDimExpr>(expr).getPosition(),
                cast<AffineDimExpr>(written.getResult(dim)).getPosition()))
        return std::string("the consumer reads the result through a map "
                           "that repeats a loop");
  }
  // A row epilogue's other loops follow the producer's reduction axes
  // through a tensor both read (LayerNorm's input, read by the variance and
  // by the normalize), whose dimensions the two maps index with single
  // loops.
  if (loops.row)
    for (auto [consumerMap, producerMap] : pair.sharedReads) {
      if (consumerMap.getNumResults() != producerMap.getNumResults())
        continue;
      for (auto [cExpr, pExpr] : llvm::zip_equal(consumerMap.getResults(),
                                                 producerMap.getResults())) {
        auto cDim = dyn_cast<AffineDimExpr>(cExpr);
        auto pDim = dyn_cast<AffineDimExpr>(pExpr);
        if (cDim && pDim && !bind(cDim.getPosition(), pDim.getPosition()))
          return std::string("a loop of the consumer runs along two axes of "
                             "the producer");
      }
    }
  llvm::SmallDenseSet<int64_t> boundAxes;
  for (int64_t axis : loops.axisOf) {
    if (axis == kUnknown && loops.row)
      return std::string("the consumer's loops beyond the producer's output "
                         "do not follow its reduction axes (no tensor both "
                         "read with those loops and axes)");
    if (axis == kUnknown || !boundAxes.insert(axis).second)
      return std::string("the consumer's loops are not the producer's output");
  }
  return std::nullopt;
}
