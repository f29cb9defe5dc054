//===- CollapseThroughReshapes.cpp - No reshapes before epilogues ---------===//
//
// `--roller-collapse-through-reshapes` and its entry points
// (CollapseThroughReshapes.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/CollapseThroughReshapes.h"
#include "ReshapeFolding.h"
#include "Roller/Dialect/Roller/Transforms/CollapseReductionLoops.h"
#include "Roller/Dialect/Roller/Transforms/FuseElementwise.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERCOLLAPSETHROUGHRESHAPESPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// How far whyNotCollapsed follows users that would fuse an op: chains
/// longer than this are not collapsed (each link is one more op to check).
static constexpr int kMaxUserDepth = 8;

/// An op whose loops may be collapsed: an elementwise `linalg.generic` or
/// `linalg.transpose` (whose generic form is) on static tensors, with
/// projected permutations as indexing maps and more than one loop.
static bool isCollapsibleElementwise(Operation *operation) {
  if (!isa_and_nonnull<linalg::GenericOp, linalg::TransposeOp>(operation))
    return false;
  auto op = cast<linalg::LinalgOp>(operation);
  if (!op.hasPureTensorSemantics() || op.getNumLoops() < 2 ||
      op.getNumLoops() != op.getNumParallelLoops())
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<ShapedType>(operand.get().getType());
    if (type && !type.hasStaticShape())
      return false;
    if (!op.getMatchingIndexingMap(&operand).isProjectedPermutation())
      return false;
  }
  return true;
}

/// The loops of an op that read, through `map` (a projected permutation),
/// the tensor dimensions of each group of `tensorGroups` with more than
/// one: each must be a run of consecutive loops in the group's order.
static FailureOr<SmallVector<ReassociationIndices>>
getLoopGroups(AffineMap map, ArrayRef<ReassociationIndices> tensorGroups) {
  SmallVector<ReassociationIndices> loopGroups;
  for (const ReassociationIndices &group : tensorGroups) {
    if (group.size() < 2)
      continue;
    ReassociationIndices loops;
    for (int64_t dim : group) {
      int64_t loop = map.getDimPosition(dim);
      if (!loops.empty() && loop != loops.back() + 1)
        return failure();
      loops.push_back(loop);
    }
    loopGroups.push_back(std::move(loops));
  }
  return loopGroups;
}

/// Whether `map` reads each group of `loopGroups` whole (its loops as
/// consecutive results, in order) or not at all.
static bool readsGroupsWhole(AffineMap map,
                             ArrayRef<ReassociationIndices> loopGroups) {
  MLIRContext *ctx = map.getContext();
  for (const ReassociationIndices &group : loopGroups) {
    SmallVector<std::optional<unsigned>> positions;
    for (int64_t loop : group)
      positions.push_back(map.getResultPosition(getAffineDimExpr(loop, ctx)));
    if (llvm::none_of(positions, [](auto p) { return p.has_value(); }))
      continue;
    for (auto [i, position] : llvm::enumerate(positions))
      if (!position || *position != *positions.front() + i)
        return false;
  }
  return true;
}

/// The reassociation of the tensor read through `map` when the loops of
/// `loopGroups` are collapsed (readsGroupsWhole holds): one group per
/// result, but a collapsed group's results in one.
static SmallVector<ReassociationIndices>
getOperandGroups(AffineMap map, ArrayRef<ReassociationIndices> loopGroups) {
  SmallVector<ReassociationIndices> groups;
  for (unsigned position = 0; position < map.getNumResults();) {
    int64_t loop = map.getDimPosition(position);
    const ReassociationIndices *folded =
        llvm::find_if(loopGroups, [&](const ReassociationIndices &group) {
          return group.front() == loop;
        });
    unsigned size = folded == loopGroups.end() ? 1 : folded->size();
    groups.push_back(
        llvm::to_vector(llvm::seq<int64_t>(position, position + size)));
    position += size;
  }
  return groups;
}

/// Why `op` is not collapsed by `loopGroups`: an operand reads the groups
/// apart, an input other than `exempt` that an elementwise producer fusing
/// into `op` computes would be read through a new reshape, or a user that
/// fuses `op` cannot be collapsed the same way (`depth` bounds the chain).
static std::optional<std::string>
whyNotCollapsedBy(linalg::LinalgOp op,
                  ArrayRef<ReassociationIndices> loopGroups, OpOperand *exempt,
                  int depth) {
  for (OpOperand &operand : op->getOpOperands())
    if (!readsGroupsWhole(op.getMatchingIndexingMap(&operand), loopGroups))
      return std::string("another of its operands reads the loops to "
                         "collapse apart or in another order");
  for (OpOperand *input : op.getDpsInputOperands()) {
    if (input == exempt)
      continue;
    AffineMap map = op.getMatchingIndexingMap(input);
    SmallVector<ReassociationIndices> groups =
        getOperandGroups(map, loopGroups);
    if (groups.size() == map.getNumResults())
      continue;
    // An expansion the collapse undoes leaves no reshape behind.
    auto expand = input->get().getDefiningOp<tensor::ExpandShapeOp>();
    if (expand && expand.getReassociationIndices() == groups)
      continue;
    if (isa<linalg::GenericOp>(op) && !whyNotFused(*input))
      return std::string("an elementwise producer it fuses with would be "
                         "read through a reshape");
  }
  for (OpResult result : op->getResults()) {
    SmallVector<ReassociationIndices> tensorGroups =
        getOperandGroups(op.getIndexingMapMatchingResult(result), loopGroups);
    for (OpOperand &use : result.getUses()) {
      // Only generic ops take elementwise producers in.
      auto user = dyn_cast<linalg::GenericOp>(use.getOwner());
      if (!user || whyNotFused(use))
        continue;
      if (depth == 0)
        return std::string("the chain of its users that fuse it is too long "
                           "to check");
      if (!isCollapsibleElementwise(user))
        return std::string("a user that fuses it (a reduction, or an op with "
                           "dynamic shapes or broadcasts) would read it "
                           "through a reshape");
      FailureOr<SmallVector<ReassociationIndices>> userGroups =
          getLoopGroups(user.getMatchingIndexingMap(&use), tensorGroups);
      if (failed(userGroups))
        return std::string("a user that fuses it reads it through loops "
                           "that are not consecutive");
      if (std::optional<std::string> why =
              whyNotCollapsedBy(user, *userGroups, &use, depth - 1))
        return "a user that fuses it is not collapsible: " + *why;
    }
  }
  return std::nullopt;
}

/// The expand_shape `input` reads and the loops of its owner it splits.
static FailureOr<SmallVector<ReassociationIndices>>
getFoldedLoops(OpOperand &input) {
  auto op = cast<linalg::LinalgOp>(input.getOwner());
  auto expand = input.get().getDefiningOp<tensor::ExpandShapeOp>();
  return getLoopGroups(op.getMatchingIndexingMap(&input),
                       expand.getReassociationIndices());
}

std::optional<std::string> mlir::roller::whyNotCollapsed(OpOperand &input) {
  Operation *owner = input.getOwner();
  if (!isCollapsibleElementwise(owner))
    return std::string("its user is not an elementwise linalg.generic or "
                       "linalg.transpose on static tensors with projected "
                       "permutations as maps");
  auto op = cast<linalg::LinalgOp>(owner);
  if (!op.isDpsInput(&input))
    return std::string("it is its user's initial value");
  auto expand = input.get().getDefiningOp<tensor::ExpandShapeOp>();
  if (!expand)
    return std::string("it is not read through a tensor.expand_shape");
  if (!expand.getSrc().getDefiningOp<linalg::LinalgOp>())
    return std::string("the reshaped tensor is not a linalg op's result "
                       "(there is nothing to fuse with)");
  FailureOr<SmallVector<ReassociationIndices>> loops = getFoldedLoops(input);
  if (failed(loops))
    return std::string("the reshape splits a dimension into loops that are "
                       "not consecutive or not in order");
  if (loops->empty())
    return std::string("the reshape splits no dimension");
  return whyNotCollapsedBy(op, *loops, &input, kMaxUserDepth);
}

/// Folds the reshape pairs around `op` (collapse_shape(expand_shape(x)) is
/// x) and the empty tensors reshaped for its outputs.
static void foldReshapesAround(Operation *op) {
  SmallVector<Operation *> reshapes;
  for (Value operand : op->getOperands())
    if (auto collapse = operand.getDefiningOp<tensor::CollapseShapeOp>()) {
      reshapes.push_back(collapse);
      // The expansion (or empty tensor) it folds into is left dead: on the
      // list, the driver erases it (a dead op would still be scheduled or
      // count as its producer's user).
      if (Operation *source = collapse.getSrc().getDefiningOp())
        reshapes.push_back(source);
    }
  for (Operation *user : op->getUsers()) {
    if (!isa<tensor::ExpandShapeOp>(user))
      continue;
    reshapes.push_back(user);
    for (Operation *next : user->getUsers())
      if (isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(next))
        reshapes.push_back(next);
  }
  foldReshapes(reshapes);
}

FailureOr<linalg::GenericOp>
mlir::roller::collapseThroughReshape(RewriterBase &rewriter, OpOperand &input) {
  if (whyNotCollapsed(input))
    return failure();
  SmallVector<ReassociationIndices> loops = *getFoldedLoops(input);
  auto op = cast<linalg::LinalgOp>(input.getOwner());
  // A transpose collapses as its generic form.
  FailureOr<linalg::GenericOp> result =
      collapseLoopsOfGenericForm(rewriter, op, loops);
  if (failed(result))
    return failure();
  foldReshapesAround(*result);
  return *result;
}

/// The inputs of `op` read through an expand_shape of a linalg op's
/// result: what collapsing `op` would let it meet.
static SmallVector<OpOperand *> getExpandedInputs(linalg::LinalgOp op) {
  SmallVector<OpOperand *> inputs;
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto expand = input->get().getDefiningOp<tensor::ExpandShapeOp>();
    if (expand && expand.getSrc().getDefiningOp<linalg::LinalgOp>())
      inputs.push_back(input);
  }
  return inputs;
}

/// The dims of a tensor of `shape` read by `map` that readBroadcastsWithout
/// UnitDims keeps (those read by a loop), grouped with the size-1 dims read
/// at index 0 around them; failure where there are none of the latter, or
/// none of the former, or a result that is neither.
static FailureOr<SmallVector<ReassociationIndices>>
getUnitDimDrop(AffineMap map, ArrayRef<int64_t> shape) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices leading;
  bool dropsAny = false;
  for (auto [dim, result] : llvm::enumerate(map.getResults())) {
    if (isa<AffineDimExpr>(result)) {
      if (groups.empty()) {
        leading.push_back(dim);
        groups.push_back(leading);
      } else {
        groups.push_back({int64_t(dim)});
      }
      continue;
    }
    auto constant = dyn_cast<AffineConstantExpr>(result);
    if (!constant || constant.getValue() != 0 || shape[dim] != 1)
      return failure();
    dropsAny = true;
    if (groups.empty())
      leading.push_back(dim);
    else
      groups.back().push_back(dim);
  }
  if (!dropsAny || groups.empty())
    return failure();
  return groups;
}

LogicalResult
mlir::roller::readBroadcastsWithoutUnitDims(RewriterBase &rewriter,
                                            linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() ||
      op.getNumLoops() != op.getNumParallelLoops())
    return failure();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<std::pair<OpOperand *, Value>> replaced;
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    AffineMap map = maps[input->getOperandNumber()];
    if (!type || !type.hasStaticShape())
      continue;
    FailureOr<SmallVector<ReassociationIndices>> groups =
        getUnitDimDrop(map, type.getShape());
    // Only where the size-1 dims come from an expansion of a constant (a
    // model's per-channel parameters): otherwise a new reshape would stand
    // between the input and its producer, and a keepdim reduction's
    // elementwise consumer is roller-drop-keepdim-units' to join.
    auto expand = input->get().getDefiningOp<tensor::ExpandShapeOp>();
    if (failed(groups) || !expand ||
        expand.getReassociationIndices() != *groups ||
        !expand.getSrc().getDefiningOp<arith::ConstantOp>())
      continue;
    SmallVector<AffineExpr> results;
    for (AffineExpr result : map.getResults())
      if (isa<AffineDimExpr>(result))
        results.push_back(result);
    maps[input->getOperandNumber()] =
        AffineMap::get(map.getNumDims(), 0, results, op.getContext());
    replaced.emplace_back(input, expand.getSrc());
  }
  if (replaced.empty())
    return failure();
  SmallVector<Operation *> expansions;
  rewriter.modifyOpInPlace(op, [&] {
    for (auto [input, source] : replaced) {
      expansions.push_back(input->get().getDefiningOp());
      input->set(source);
    }
    op.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
  // The expansions nothing reads any more.
  for (Operation *expansion :
       llvm::SetVector<Operation *>(llvm::from_range, expansions))
    if (expansion->use_empty())
      rewriter.eraseOp(expansion);
  return success();
}

int64_t mlir::roller::collapseThroughReshapes(RewriterBase &rewriter,
                                              Operation *root, bool remarks) {
  int64_t count = 0;
  root->walk([&](linalg::GenericOp op) {
    (void)readBroadcastsWithoutUnitDims(rewriter, op);
  });
  // Each round collapses ops in program order; a collapsed op's users read
  // an expand_shape of it afterwards and may collapse in the next round.
  // Every collapse removes loops, so the rounds end.
  for (bool changed = true; changed;) {
    changed = false;
    SmallVector<linalg::LinalgOp> ops;
    root->walk([&](linalg::LinalgOp op) {
      if (isCollapsibleElementwise(op))
        ops.push_back(op);
    });
    for (linalg::LinalgOp op : ops)
      for (OpOperand *input : getExpandedInputs(op))
        if (succeeded(collapseThroughReshape(rewriter, *input))) {
          ++count;
          changed = true;
          break;
        }
  }
  if (!remarks)
    return count;
  root->walk([&](linalg::LinalgOp op) {
    for (OpOperand *input : getExpandedInputs(op))
      if (std::optional<std::string> why = whyNotCollapsed(*input)) {
        Operation *producer = input->get()
                                  .getDefiningOp<tensor::ExpandShapeOp>()
                                  .getSrc()
                                  .getDefiningOp();
        emitRemarkAtLoc(op) << "roller-collapse-through-reshapes: not "
                               "collapsed to read the result of "
                            << producer->getName() << " at "
                            << producer->getLoc() << " directly: " << *why;
      }
  });
  return count;
}

namespace {
struct RollerCollapseThroughReshapesPass
    : public roller::impl::RollerCollapseThroughReshapesPassBase<
          RollerCollapseThroughReshapesPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    collapseThroughReshapes(rewriter, getOperation(), remarks);
  }
};
} // namespace
