//===- DropKeepdimUnits.cpp - Keepdim reductions without unit dims --------===//
//
// `--roller-drop-keepdim-units` and its entry points (DropKeepdimUnits.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/DropKeepdimUnits.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "ReshapeFolding.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERDROPKEEPDIMUNITSPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

bool mlir::roller::isKeepdimReduction(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() == 0)
    return false;
  return llvm::any_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
    return llvm::any_of(
        op.getMatchingIndexingMap(&init).getResults(),
        [](AffineExpr e) { return isa<AffineConstantExpr>(e); });
  });
}

FailureOr<linalg::GenericOp>
mlir::roller::dropKeepdimUnits(RewriterBase &rewriter, linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics())
    return failure();
  linalg::ControlDropUnitDims options;
  options.rankReductionStrategy =
      linalg::ControlDropUnitDims::RankReductionStrategy::ReassociativeReshape;
  // An op whose parallel loops all run once would have none left (a
  // reduction to a single value or a 0-d op, which Roller does not
  // schedule): its first parallel loop stays, a unit loop (a keepdim
  // reduction of [3, 1, 1, 1] to [1, 1, 1, 1] and its readers).
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto parallel = llvm::make_filter_range(
      llvm::seq<unsigned>(0, op.getNumLoops()), [&](unsigned d) {
        return iterators[d] == utils::IteratorType::parallel;
      });
  if (parallel.empty())
    return failure();
  if (llvm::all_of(parallel, [&](unsigned d) { return ranges[d] == 1; })) {
    unsigned kept = *parallel.begin();
    options.controlFn = [kept](Operation *target) {
      auto generic = cast<linalg::GenericOp>(target);
      return llvm::to_vector(
          llvm::make_filter_range(llvm::seq<unsigned>(0, generic.getNumLoops()),
                                  [&](unsigned d) { return d != kept; }));
    };
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::DropUnitDimsResult> dropped =
      linalg::dropUnitDims(rewriter, op, options);
  if (failed(dropped))
    return failure();
  rewriter.replaceOp(op, dropped->replacements);
  return cast<linalg::GenericOp>(dropped->resultOp.getOperation());
}

/// Whether `value` is a result of one of `rewritten`, seen through the
/// expand_shape dropUnitDims puts after it.
static bool comesFrom(Value value, const DenseSet<Operation *> &rewritten) {
  if (auto expand = value.getDefiningOp<tensor::ExpandShapeOp>())
    value = expand.getSrc();
  Operation *def = value.getDefiningOp();
  return def && rewritten.contains(def);
}

int64_t mlir::roller::dropKeepdimUnitsEverywhere(RewriterBase &rewriter,
                                                 Operation *root) {
  SmallVector<linalg::GenericOp> ops;
  root->walk([&](linalg::GenericOp op) { ops.push_back(op); });
  DenseSet<Operation *> rewritten;
  SmallVector<Operation *> reshapes, expands;
  for (linalg::GenericOp op : ops) {
    // A keepdim reduction, or a generic op reading one (it would otherwise
    // read the reduction's result through a reshape). Only generic ops are
    // rewritten: an elementwise consumer of any other op keeps its shape,
    // so that nothing comes between it and the op it may be fused into.
    bool readsRewritten = llvm::any_of(op.getDpsInputs(), [&](Value input) {
      return comesFrom(input, rewritten);
    });
    bool keepdim = isKeepdimReduction(op);
    if (!keepdim && !readsRewritten)
      continue;
    // Nor is a reshape put between a reader of a rewritten op and another
    // linalg op it reads a unit dimension from (that producer could take
    // the reader as its epilogue). A reduction is nobody's epilogue.
    bool readsOtherUnits =
        !keepdim && llvm::any_of(op.getDpsInputs(), [&](Value input) {
          auto type = dyn_cast<RankedTensorType>(input.getType());
          return type && llvm::is_contained(type.getShape(), 1) &&
                 input.getDefiningOp<linalg::LinalgOp>() &&
                 !comesFrom(input, rewritten);
        });
    // A pad is read through only as an rProgram's direct input (a collapse
    // of it would be computed on the host).
    bool readsPad = llvm::any_of(op.getDpsInputs(), [](Value input) {
      return input.getDefiningOp<tensor::PadOp>() != nullptr;
    });
    if (readsOtherUnits || readsPad)
      continue;
    FailureOr<linalg::GenericOp> newOp = dropKeepdimUnits(rewriter, op);
    if (failed(newOp))
      continue;
    rewritten.insert(*newOp);
    for (Operation *user : newOp->getOperation()->getUsers())
      if (isa<tensor::ExpandShapeOp>(user))
        expands.push_back(user);
    for (Value operand : newOp->getOperands())
      if (auto collapse = operand.getDefiningOp<tensor::CollapseShapeOp>()) {
        reshapes.push_back(collapse);
        // A fill the collapse folds into is left dead: on the list, the
        // driver erases it (a dead fill would still be scheduled).
        if (Operation *source = collapse.getSrc().getDefiningOp())
          reshapes.push_back(source);
      }
  }
  // collapse_shape(expand_shape(x)) with the same reassociation is x; a
  // collapsed fill (a reduction's initial value) is a fill of the collapsed
  // tensor, which the lowering still finds as the output's fill.
  // The expansions are on the list too: the driver erases those every
  // reader of which now reads the rank-reduced result.
  llvm::append_range(reshapes, expands);
  foldReshapes(reshapes);
  return rewritten.size();
}

namespace {
struct RollerDropKeepdimUnitsPass
    : public roller::impl::RollerDropKeepdimUnitsPassBase<
          RollerDropKeepdimUnitsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)dropKeepdimUnitsEverywhere(rewriter, getOperation());
  }
};
} // namespace
