//===- NarrowLoopIndices.cpp - 32-bit loop counters in kernels ------------===//
//
// `--roller-narrow-loop-indices`: `scf.for` loops of kernels whose counters
// provably fit in 31 bits count in i32.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/NarrowLoopIndices.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <limits>

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERNARROWLOOPINDICESPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The signed range the analysis holds for `value`, if it has one.
static std::optional<ConstantIntRanges> getRange(Value value,
                                                 DataFlowSolver &solver) {
  auto *lattice = solver.lookupState<dataflow::IntegerValueRangeLattice>(value);
  if (!lattice || lattice->getValue().isUninitialized())
    return std::nullopt;
  return lattice->getValue().getValue();
}

bool mlir::roller::canNarrowLoopIndex(scf::ForOp loop, DataFlowSolver &solver) {
  if (!loop.getInductionVar().getType().isIndex())
    return false;
  std::optional<ConstantIntRanges> lower =
      getRange(loop.getLowerBound(), solver);
  std::optional<ConstantIntRanges> upper =
      getRange(loop.getUpperBound(), solver);
  std::optional<ConstantIntRanges> step = getRange(loop.getStep(), solver);
  if (!lower || !upper || !step)
    return false;
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  // Index ranges are 64-bit; a signed maximum beyond int64_t is not bounded.
  if (lower->smin().isNegative() || step->smin().isNonPositive() ||
      upper->smax().getSignificantBits() > 63 ||
      step->smax().getSignificantBits() > 63)
    return false;
  int64_t upperMax = upper->smax().getSExtValue();
  int64_t stepMax = step->smax().getSExtValue();
  // The counter steps past the last iteration before the comparison fails:
  // up to upper - 1 + step, kept below 2^31 (signed i32 comparison). The
  // lower bound is at most that or the loop runs no iteration (it still
  // must fit: it is the counter's first value).
  return upperMax <= kMax - stepMax && lower->smax().getSExtValue() <= kMax;
}

LogicalResult mlir::roller::narrowLoopIndex(RewriterBase &rewriter,
                                            scf::ForOp loop) {
  Value counter = loop.getInductionVar();
  if (!counter.getType().isIndex())
    return failure();
  Location loc = loop.getLoc();
  Type i32 = rewriter.getI32Type();
  rewriter.setInsertionPoint(loop);
  auto narrow = [&](Value value) -> Value {
    return arith::IndexCastUIOp::create(rewriter, loc, i32, value);
  };
  Value lower = narrow(loop.getLowerBound());
  Value upper = narrow(loop.getUpperBound());
  Value step = narrow(loop.getStep());
  rewriter.modifyOpInPlace(loop, [&] {
    loop.getLowerBoundMutable().assign(lower);
    loop.getUpperBoundMutable().assign(upper);
    loop.getStepMutable().assign(step);
    counter.setType(i32);
  });
  rewriter.setInsertionPointToStart(loop.getBody());
  auto wide = arith::IndexCastUIOp::create(rewriter, loc,
                                           rewriter.getIndexType(), counter);
  rewriter.replaceAllUsesExcept(counter, wide.getResult(), wide);
  return success();
}

namespace {
struct RollerNarrowLoopIndicesPass
    : public roller::impl::RollerNarrowLoopIndicesPassBase<
          RollerNarrowLoopIndicesPass> {
  using Base::Base;

  void runOnOperation() override {
    DataFlowSolver solver;
    dataflow::loadBaselineAnalyses(solver);
    solver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(getOperation())))
      return signalPassFailure();
    // Every decision is taken before the first rewrite: the solver's states
    // describe the IR as it was analyzed.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      if (canNarrowLoopIndex(loop, solver))
        loops.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops)
      (void)narrowLoopIndex(rewriter, loop);
  }
};
} // namespace
