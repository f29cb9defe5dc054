//===- CollapseReductionLoops.cpp - Adjacent reduction loops as one -------===//
//
// `--roller-collapse-reduction-loops` and its entry points
// (CollapseReductionLoops.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/CollapseReductionLoops.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "ReshapeFolding.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/OperationSupport.h"

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

/// Whether `op` may have its loops collapsed: static tensors within the
/// limits, no user config (it names the loops as written), no pad read (read
/// through only as an rProgram's direct input: a collapse of it would run on
/// the host).
static bool isCollapsible(linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() && !op.hasDynamicShape() &&
         hasOperandsWithinLimits(op) &&
         !op->hasAttr(RollerDialect::kConfigAttrName) &&
         llvm::none_of(op.getDpsInputs(), [](Value input) {
           return input.getDefiningOp<tensor::PadOp>() != nullptr;
         });
}

/// getCollapsibleReductionLoops of `op`, none when it may not be collapsed.
static SmallVector<ReassociationIndices>
getRunsToCollapse(linalg::LinalgOp op) {
  if (!isCollapsible(op))
    return {};
  return getCollapsibleReductionLoops(op);
}

FailureOr<linalg::GenericOp>
mlir::roller::collapseReductionLoops(RewriterBase &rewriter,
                                     linalg::LinalgOp op) {
  SmallVector<ReassociationIndices> runs = getRunsToCollapse(op);
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

std::optional<ReassociationIndices>
mlir::roller::getRowReaderLoops(linalg::LinalgOp reduction,
                                const ReassociationIndices &run,
                                linalg::LinalgOp reader) {
  if (reader == reduction || !isCollapsible(reader) ||
      reader.getNumReductionLoops() != 0 || reader->getNumResults() == 0)
    return std::nullopt;
  bool readsResult = llvm::any_of(reader.getDpsInputs(), [&](Value input) {
    return llvm::is_contained(reduction->getResults(), input);
  });
  if (!readsResult)
    return std::nullopt;
  // A tensor both read, with each reduction loop of the run a whole result
  // of the reduction's map, names the reader's loops along the run.
  for (OpOperand *readerInput : reader.getDpsInputOperands())
    for (OpOperand *input : reduction.getDpsInputOperands()) {
      if (input->get() != readerInput->get())
        continue;
      AffineMap map = reduction.getMatchingIndexingMap(input);
      AffineMap readerMap = reader.getMatchingIndexingMap(readerInput);
      if (map.getNumResults() != readerMap.getNumResults())
        continue;
      ReassociationIndices loops;
      for (int64_t d : run) {
        std::optional<unsigned> dim =
            map.getResultPosition(getAffineDimExpr(d, map.getContext()));
        if (!dim)
          break;
        auto loop = dyn_cast<AffineDimExpr>(readerMap.getResult(*dim));
        if (!loop || (!loops.empty() && loop.getPosition() != loops.back() + 1))
          break;
        loops.push_back(loop.getPosition());
      }
      if (loops.size() != run.size())
        continue;
      SmallVector<AffineMap> maps = reader.getIndexingMapsArray();
      bool wholeResults = llvm::all_of(loops, [&](int64_t d) {
        return llvm::all_of(maps,
                            [&](AffineMap m) { return readsAsDimOnly(m, d); });
      });
      if (wholeResults && linalg::areDimSequencesPreserved(maps, loops))
        return loops;
    }
  return std::nullopt;
}

/// Makes the ops of `ops` read one `tensor.collapse_shape` where they read
/// equal ones of the same tensor (each collapse builds its own): a reader
/// and its reduction then read one tensor, which is what makes the reader
/// the reduction's row epilogue. The first in the block is kept: it
/// dominates the others' uses.
static void shareEqualCollapses(RewriterBase &rewriter,
                                ArrayRef<Operation *> ops) {
  SmallVector<tensor::CollapseShapeOp> kept;
  for (Operation *op : ops)
    for (OpOperand &operand : op->getOpOperands()) {
      auto reshape = operand.get().getDefiningOp<tensor::CollapseShapeOp>();
      if (!reshape)
        continue;
      auto equal = llvm::find_if(kept, [&](tensor::CollapseShapeOp other) {
        return other->getBlock() == reshape->getBlock() &&
               OperationEquivalence::isEquivalentTo(
                   other, reshape, OperationEquivalence::IgnoreLocations);
      });
      if (equal == kept.end()) {
        kept.push_back(reshape);
        continue;
      }
      if (*equal == reshape)
        continue;
      tensor::CollapseShapeOp first =
          equal->getOperation()->isBeforeInBlock(reshape) ? *equal : reshape;
      tensor::CollapseShapeOp second = first == *equal ? reshape : *equal;
      rewriter.replaceOp(second, first.getResult());
      *equal = first;
    }
}

FailureOr<SmallVector<Operation *>>
mlir::roller::collapseReductionAndRowReaders(RewriterBase &rewriter,
                                             linalg::LinalgOp op) {
  SmallVector<ReassociationIndices> runs = getRunsToCollapse(op);
  if (runs.empty())
    return failure();
  // The readers are planned on the op as written (its loops are gone after
  // the collapse), for one run: a reader's loops along it are one run too.
  SmallVector<std::pair<linalg::LinalgOp, ReassociationIndices>> readers;
  llvm::SmallPtrSet<Operation *, 4> seen;
  for (Operation *user : op->getUsers()) {
    auto reader = dyn_cast<linalg::LinalgOp>(user);
    if (runs.size() != 1 || !reader || !seen.insert(user).second)
      continue;
    if (std::optional<ReassociationIndices> loops =
            getRowReaderLoops(op, runs.front(), reader))
      readers.push_back({reader, std::move(*loops)});
  }
  FailureOr<linalg::GenericOp> collapsed =
      collapseLoopsOfGenericForm(rewriter, op, runs);
  if (failed(collapsed))
    return failure();
  SmallVector<Operation *> rewritten = {*collapsed};
  for (auto &[reader, loops] : readers) {
    FailureOr<linalg::GenericOp> collapsedReader =
        collapseLoopsOfGenericForm(rewriter, reader, {loops});
    if (succeeded(collapsedReader))
      rewritten.push_back(*collapsedReader);
  }
  return rewritten;
}

int64_t mlir::roller::collapseReductionLoopsEverywhere(RewriterBase &rewriter,
                                                       Operation *root) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) {
    if (op.getNumReductionLoops() > 1)
      ops.push_back(op);
  });
  int64_t count = 0;
  SmallVector<Operation *> rewritten;
  for (linalg::LinalgOp op : ops)
    if (FailureOr<SmallVector<Operation *>> collapsed =
            collapseReductionAndRowReaders(rewriter, op);
        succeeded(collapsed)) {
      llvm::append_range(rewritten, *collapsed);
      ++count;
    }
  shareEqualCollapses(rewriter, rewritten);
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
