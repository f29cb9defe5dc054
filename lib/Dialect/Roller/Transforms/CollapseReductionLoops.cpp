//===- CollapseReductionLoops.cpp - Adjacent reduction loops as one -------===//
//
// `--roller-collapse-reduction-loops` and its entry points
// (CollapseReductionLoops.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/CollapseReductionLoops.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERCOLLAPSEREDUCTIONLOOPSPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// Whether `map` reads loop `d` only as a whole result of its own (a
/// window's `oh + kh` does not: upstream's contiguity check accepts such a
/// map, and the collapse would then build an invalid reshape).
static bool readsAsDimOnly(AffineMap map, int64_t d) {
  return llvm::all_of(map.getResults(), [&](AffineExpr e) {
    return isa<AffineDimExpr>(e) || !e.isFunctionOfDim(d);
  });
}

SmallVector<ReassociationIndices>
mlir::roller::getCollapsibleReductionLoops(linalg::LinalgOp op) {
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto isReduction = [&](int64_t d) {
    return iterators[d] == utils::IteratorType::reduction &&
           llvm::all_of(maps,
                        [&](AffineMap map) { return readsAsDimOnly(map, d); });
  };
  SmallVector<ReassociationIndices> runs;
  int64_t loops = op.getNumLoops();
  for (int64_t start = 0; start < loops;) {
    if (!isReduction(start)) {
      ++start;
      continue;
    }
    // The longest run from `start` that every map reads contiguously.
    ReassociationIndices run{start};
    for (int64_t next = start + 1; next < loops && isReduction(next); ++next) {
      ReassociationIndices longer = run;
      longer.push_back(next);
      if (!linalg::areDimSequencesPreserved(maps, longer))
        break;
      run = std::move(longer);
    }
    start += run.size();
    if (run.size() > 1)
      runs.push_back(std::move(run));
  }
  return runs;
}

FailureOr<linalg::GenericOp>
mlir::roller::collapseReductionLoops(RewriterBase &rewriter,
                                     linalg::LinalgOp op) {
  // A user's roller.config names the op's loops as they are.
  if (!op.hasPureTensorSemantics() || op.hasDynamicShape() ||
      op->hasAttr(RollerDialect::kConfigAttrName))
    return failure();
  SmallVector<ReassociationIndices> runs = getCollapsibleReductionLoops(op);
  if (runs.empty())
    return failure();
  return collapseLoopsOfGenericForm(rewriter, op, runs);
}

FailureOr<linalg::GenericOp>
mlir::roller::collapseLoopsOfGenericForm(RewriterBase &rewriter,
                                         linalg::LinalgOp op,
                                         ArrayRef<ReassociationIndices> loops) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic) {
    FailureOr<linalg::GenericOp> generalized =
        linalg::generalizeNamedOp(rewriter, op);
    if (failed(generalized))
      return failure();
    generic = *generalized;
  }
  rewriter.setInsertionPoint(generic);
  FailureOr<linalg::CollapseResult> collapsed =
      linalg::collapseOpIterationDims(generic, loops, rewriter);
  if (failed(collapsed))
    return failure();
  rewriter.replaceOp(generic, collapsed->results);
  return cast<linalg::GenericOp>(collapsed->collapsedOp.getOperation());
}

int64_t mlir::roller::collapseReductionLoopsEverywhere(RewriterBase &rewriter,
                                                       Operation *root) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) {
    // A pad is read through only as an rProgram's direct input (a
    // collapse of it would be computed on the host).
    bool readsPad = llvm::any_of(op.getDpsInputs(), [](Value input) {
      return input.getDefiningOp<tensor::PadOp>() != nullptr;
    });
    if (op.getNumReductionLoops() > 1 && !readsPad)
      ops.push_back(op);
  });
  int64_t count = 0;
  for (linalg::LinalgOp op : ops)
    if (succeeded(collapseReductionLoops(rewriter, op)))
      ++count;
  return count;
}

namespace {
struct RollerCollapseReductionLoopsPass
    : public roller::impl::RollerCollapseReductionLoopsPassBase<
          RollerCollapseReductionLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)collapseReductionLoopsEverywhere(rewriter, getOperation());
  }
};
} // namespace
