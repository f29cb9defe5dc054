//===- AddUnitParallelLoop.cpp - A parallel loop for ops without one ------===//
//
// `--roller-add-unit-parallel-loop` and its entry points
// (AddUnitParallelLoop.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/AddUnitParallelLoop.h"
#include "ReshapeFolding.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERADDUNITPARALLELLOOPPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// Whether `operand` is a tensor `op` reads or writes at a single element:
/// 0-d, or every dimension a unit one indexed by the constant 0.
static bool isSingleElement(linalg::LinalgOp op, OpOperand &operand) {
  auto type = dyn_cast<RankedTensorType>(operand.get().getType());
  if (!type)
    return false;
  return llvm::all_of(type.getShape(), [](int64_t d) { return d == 1; }) &&
         llvm::all_of(op.getMatchingIndexingMap(&operand).getResults(),
                      [](AffineExpr e) {
                        auto c = dyn_cast<AffineConstantExpr>(e);
                        return c && c.getValue() == 0;
                      });
}

/// `value`, a single-element tensor, as a 1-element 1-D tensor.
static Value reshapeToOneElement(RewriterBase &rewriter, Location loc,
                                 Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  auto flat = RankedTensorType::get({1}, type.getElementType());
  if (type.getRank() == 0)
    return rewriter.createOrFold<tensor::ExpandShapeOp>(
        loc, flat, value, ArrayRef<ReassociationIndices>{});
  ReassociationIndices all =
      llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  return rewriter.createOrFold<tensor::CollapseShapeOp>(
      loc, flat, value, ArrayRef<ReassociationIndices>{all});
}

/// `value`, a 1-element 1-D tensor, back as a tensor of `type`.
static Value reshapeFromOneElement(RewriterBase &rewriter, Location loc,
                                   Value value, RankedTensorType type) {
  if (type.getRank() == 0)
    return tensor::CollapseShapeOp::create(rewriter, loc, type, value,
                                           ArrayRef<ReassociationIndices>{});
  ReassociationIndices all =
      llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  return tensor::ExpandShapeOp::create(rewriter, loc, type, value,
                                       ArrayRef<ReassociationIndices>{all});
}

FailureOr<linalg::GenericOp>
mlir::roller::addUnitParallelLoop(RewriterBase &rewriter, linalg::LinalgOp op) {
  // A user's roller.config names the op's loops as they are. An op the
  // selection will not schedule (above the limits) keeps its IR.
  if (!op.hasPureTensorSemantics() || op.getNumParallelLoops() != 0 ||
      op.hasDynamicShape() || op->hasAttr(RollerDialect::kConfigAttrName) ||
      !hasOperandsWithinLimits(op))
    return failure();
  // Without a parallel loop every output is a single element; an op with
  // no tensor output (none in linalg on tensors) is left alone.
  if (op.getNumDpsInits() == 0 ||
      !llvm::all_of(op.getDpsInitsMutable(),
                    [&](OpOperand &init) { return isSingleElement(op, init); }))
    return failure();

  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  // Named ops get their body from their generic form (first: nothing
  // below fails).
  if (!isa<linalg::GenericOp>(op.getOperation())) {
    FailureOr<linalg::GenericOp> generic =
        linalg::generalizeNamedOp(rewriter, op);
    if (failed(generic))
      return failure();
    op = *generic;
    rewriter.setInsertionPoint(op);
  }
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  unsigned loops = op.getNumLoops() + 1;
  AffineExpr unit = getAffineDimExpr(0, ctx);
  SmallVector<AffineMap> maps;
  SmallVector<Value> inputs, inits;
  for (OpOperand &operand : op->getOpOperands()) {
    bool isInit = op.isDpsInit(&operand);
    Value value = operand.get();
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (isSingleElement(op, operand)) {
      value = reshapeToOneElement(rewriter, loc, value);
      map = AffineMap::get(loops, 0, unit);
    } else {
      map = map.shiftDims(1);
    }
    maps.push_back(map);
    (isInit ? inits : inputs).push_back(value);
  }
  SmallVector<utils::IteratorType> iterators{utils::IteratorType::parallel};
  llvm::append_range(iterators, op.getIteratorTypesArray());

  auto newOp =
      linalg::GenericOp::create(rewriter, loc, TypeRange(ValueRange(inits)),
                                inputs, inits, maps, iterators);
  rewriter.inlineRegionBefore(op->getRegion(0), newOp.getRegion(),
                              newOp.getRegion().begin());
  // linalg.index counts the old loops, now one further in.
  newOp.getRegion().walk([&](linalg::IndexOp index) {
    rewriter.modifyOpInPlace(index, [&] { index.setDim(index.getDim() + 1); });
  });
  SmallVector<Value> results;
  for (auto [result, old] : llvm::zip(newOp->getResults(), op->getResults()))
    results.push_back(reshapeFromOneElement(
        rewriter, loc, result, cast<RankedTensorType>(old.getType())));
  rewriter.replaceOp(op, results);
  return newOp;
}

int64_t mlir::roller::addUnitParallelLoops(RewriterBase &rewriter,
                                           Operation *root) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) {
    if (op.getNumParallelLoops() == 0 && !isa<linalg::FillOp>(op))
      ops.push_back(op);
  });
  SmallVector<Operation *> reshapes;
  int64_t count = 0;
  for (linalg::LinalgOp op : ops) {
    FailureOr<linalg::GenericOp> newOp = addUnitParallelLoop(rewriter, op);
    if (failed(newOp))
      continue;
    ++count;
    // The reshapes back, once every reader reads the new result directly,
    // are dead: on the list, the driver erases them.
    for (Operation *user : newOp->getOperation()->getUsers())
      reshapes.push_back(user);
    for (Value operand : newOp->getOperands())
      if (Operation *reshape = operand.getDefiningOp();
          reshape &&
          isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(reshape)) {
        reshapes.push_back(reshape);
        // A fill the reshape folds into is left dead: on the list, the
        // driver erases it (a dead fill would still be scheduled).
        if (Operation *source = reshape->getOperand(0).getDefiningOp())
          reshapes.push_back(source);
      }
  }
  // A reshaped fill (a reduction's initial value) is a fill of the reshaped
  // tensor, which the lowering finds as the output's fill; an expand of a
  // collapse between two rewritten ops is the value itself.
  foldReshapes(reshapes);
  return count;
}

namespace {
struct RollerAddUnitParallelLoopPass
    : public roller::impl::RollerAddUnitParallelLoopPassBase<
          RollerAddUnitParallelLoopPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)addUnitParallelLoops(rewriter, getOperation());
  }
};
} // namespace
