//===- MergeSiblingReductions.cpp - Reductions of one input as one op -----===//
//
// `--roller-merge-sibling-reductions` and its entry points
// (MergeSiblingReductions.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/MergeSiblingReductions.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERMERGESIBLINGREDUCTIONSPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The ops between `first` and `second` (in their block) that `second`
/// reads values from, directly or through each other, in block order; fails
/// when one of them is `first` (`second` reads its result) or has memory
/// effects (it could not be moved before `first`).
static FailureOr<SmallVector<Operation *>> getOpsToHoist(Operation *first,
                                                         Operation *second) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Operation *> worklist{second};
  while (!worklist.empty()) {
    Operation *current = worklist.pop_back_val();
    // Values a region nested in `current` captures count as operands.
    SmallVector<Value> operands(current->getOperands());
    current->walk([&](Operation *nested) {
      if (nested != current)
        llvm::append_range(operands, nested->getOperands());
    });
    for (Value operand : operands) {
      Operation *def = operand.getDefiningOp();
      if (!def)
        continue;
      def = first->getBlock()->findAncestorOpInBlock(*def);
      if (!def || def == current || def->isBeforeInBlock(first))
        continue;
      if (def == first || !isMemoryEffectFree(def))
        return failure();
      if (slice.insert(def))
        worklist.push_back(def);
    }
  }
  SmallVector<Operation *> ops = slice.takeVector();
  llvm::sort(ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ops;
}

/// Whether `a` and `b` read one tensor through the same indexing map.
static bool readCommonInput(linalg::GenericOp a, linalg::GenericOp b) {
  return llvm::any_of(a.getDpsInputOperands(), [&](OpOperand *x) {
    return llvm::any_of(b.getDpsInputOperands(), [&](OpOperand *y) {
      return x->get() == y->get() &&
             a.getMatchingIndexingMap(x) == b.getMatchingIndexingMap(y);
    });
  });
}

std::optional<std::string>
mlir::roller::whyNotMerged(linalg::GenericOp first, linalg::GenericOp second) {
  for (linalg::GenericOp op : {first, second})
    if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() == 0)
      return std::string("not both reductions on tensors");
  // A contraction or a convolution as a generic (one that took a transpose
  // in) is a kernel of its own: merged, its body would be no contraction,
  // and no tensor cores would run it.
  for (linalg::GenericOp op : {first, second})
    if (linalg::isaContractionOpInterface(op) ||
        linalg::isaConvolutionOpInterface(op))
      return std::string("one is a contraction or a convolution");
  if (first->getBlock() != second->getBlock() ||
      !first->isBeforeInBlock(second))
    return std::string("not in one block, the first before the second");
  if (first.getIteratorTypesArray() != second.getIteratorTypesArray())
    return std::string("their iterator types differ");
  SmallVector<int64_t> ranges = first.getStaticLoopRanges();
  if (ranges != second.getStaticLoopRanges() ||
      llvm::any_of(ranges, ShapedType::isDynamic))
    return std::string("their loop ranges differ or are dynamic");
  if (!readCommonInput(first, second))
    return std::string("they read no tensor through the same map");
  if (failed(getOpsToHoist(first, second)))
    return std::string("the second reads a result of the first, or a value "
                       "computed between them by an op with memory effects");
  return std::nullopt;
}

FailureOr<linalg::GenericOp> mlir::roller::mergeSiblingReductions(
    RewriterBase &rewriter, linalg::GenericOp first, linalg::GenericOp second) {
  if (whyNotMerged(first, second))
    return failure();
  // Inputs: each (tensor, map) pair once.
  SmallVector<Value> inputs, outputs;
  SmallVector<AffineMap> inputMaps, outputMaps;
  IRMapping mapping;
  Block *body = new Block();
  Location loc = first.getLoc();
  auto addInput = [&](linalg::GenericOp op, OpOperand *operand) {
    AffineMap map = op.getMatchingIndexingMap(operand);
    BlockArgument old = op.getMatchingBlockArgument(operand);
    for (auto [index, input] : llvm::enumerate(inputs))
      if (input == operand->get() && inputMaps[index] == map) {
        mapping.map(old, body->getArgument(index));
        return;
      }
    inputs.push_back(operand->get());
    inputMaps.push_back(map);
    mapping.map(old, body->addArgument(old.getType(), old.getLoc()));
  };
  for (linalg::GenericOp op : {first, second})
    for (OpOperand *operand : op.getDpsInputOperands())
      addInput(op, operand);
  for (linalg::GenericOp op : {first, second})
    for (OpOperand &init : op.getDpsInitsMutable()) {
      outputs.push_back(init.get());
      outputMaps.push_back(op.getMatchingIndexingMap(&init));
      BlockArgument old = op.getMatchingBlockArgument(&init);
      mapping.map(old, body->addArgument(old.getType(), old.getLoc()));
    }

  // At `first`'s place, which all users of both come after: what `second`
  // reads from between them (its initial values' fills) moves up.
  FailureOr<SmallVector<Operation *>> hoisted = getOpsToHoist(first, second);
  for (Operation *op : *hoisted)
    rewriter.moveOpBefore(op, first);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(first);
  SmallVector<AffineMap> maps(inputMaps);
  llvm::append_range(maps, outputMaps);
  auto merged = linalg::GenericOp::create(
      rewriter, loc, TypeRange(ValueRange(outputs)), inputs, outputs, maps,
      first.getIteratorTypesArray());
  merged.getRegion().push_back(body);
  rewriter.setInsertionPointToStart(body);
  SmallVector<Value> yielded;
  for (linalg::GenericOp op : {first, second}) {
    for (Operation &inner : op.getBlock()->without_terminator())
      rewriter.clone(inner, mapping);
    for (Value value : op.getBlock()->getTerminator()->getOperands())
      yielded.push_back(mapping.lookupOrDefault(value));
  }
  linalg::YieldOp::create(rewriter, loc, yielded);
  unsigned numFirst = first->getNumResults();
  rewriter.replaceOp(first, merged->getResults().take_front(numFirst));
  rewriter.replaceOp(second, merged->getResults().drop_front(numFirst));
  return merged;
}

int64_t mlir::roller::mergeSiblingReductionsEverywhere(RewriterBase &rewriter,
                                                       Operation *root,
                                                       bool remarks) {
  SmallVector<linalg::GenericOp> reductions;
  root->walk([&](linalg::GenericOp op) {
    if (op.hasPureTensorSemantics() && op.getNumReductionLoops() != 0)
      reductions.push_back(op);
  });
  // In program order, each into the first earlier one it can join; what a
  // merge replaces is dropped from the list, the merged op takes the first
  // one's place.
  int64_t count = 0;
  for (unsigned index = 0; index < reductions.size(); ++index) {
    linalg::GenericOp second = reductions[index];
    // The first refusal by a reduction that reads a tensor the same way
    // (the others are no siblings at all), remarked if nothing merges.
    std::optional<std::pair<Location, std::string>> refused;
    for (unsigned earlier = 0; earlier < index; ++earlier) {
      linalg::GenericOp first = reductions[earlier];
      if (!first)
        continue;
      Location firstLoc = first.getLoc();
      if (std::optional<std::string> why = whyNotMerged(first, second)) {
        if (!refused && readCommonInput(first, second))
          refused.emplace(firstLoc, *why);
        continue;
      }
      FailureOr<linalg::GenericOp> merged =
          mergeSiblingReductions(rewriter, first, second);
      if (failed(merged))
        continue;
      refused.reset();
      reductions[earlier] = *merged;
      reductions[index] = nullptr;
      ++count;
      if (remarks)
        emitRemarkAtLoc(*merged)
            << "roller-merge-sibling-reductions: merged with the reduction "
               "at "
            << firstLoc << " (one kernel reads their input once; "
            << merged->getNumResults() << " results)";
      break;
    }
    if (remarks && refused)
      emitRemarkAtLoc(second)
          << "roller-merge-sibling-reductions: not merged with the reduction "
             "at "
          << refused->first << ": " << refused->second;
  }
  return count;
}

namespace {
struct RollerMergeSiblingReductionsPass
    : public roller::impl::RollerMergeSiblingReductionsPassBase<
          RollerMergeSiblingReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    mergeSiblingReductionsEverywhere(rewriter, getOperation(), remarks);
  }
};
} // namespace
