//===- TensorOpsToLinalg.cpp - Computing tensor ops as linalg -------------===//

#include "Roller/Dialect/Roller/Transforms/TensorOpsToLinalg.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "Roller/Dialect/Roller/Transforms/ReadThroughPads.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERTENSOROPSTOLINALGPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

linalg::CopyOp mlir::roller::copyIntoSlice(RewriterBase &rewriter,
                                           tensor::InsertSliceOp insert) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(insert);
  Location loc = insert.getLoc();
  Value slice = tensor::ExtractSliceOp::create(
      rewriter, loc, insert.getSourceType(), insert.getDest(),
      insert.getMixedOffsets(), insert.getMixedSizes(),
      insert.getMixedStrides());
  auto copy = linalg::CopyOp::create(rewriter, loc, insert.getSource(), slice);
  rewriter.modifyOpInPlace(
      insert, [&] { insert.getSourceMutable().assign(copy.getResult(0)); });
  return copy;
}

FailureOr<linalg::CopyOp> mlir::roller::decomposePad(RewriterBase &rewriter,
                                                     tensor::PadOp pad) {
  if (!pad.getSourceType().hasStaticShape() ||
      !pad.getResultType().hasStaticShape())
    return rewriter.notifyMatchFailure(pad, "dynamic shapes");
  // The interior slice of an empty source would be out of bounds at its
  // zero-size dimension (the slices' verifiers reject offset 0 >= size 0);
  // Roller schedules no op on zero-size tensors either.
  if (llvm::is_contained(pad.getSourceType().getShape(), 0))
    return rewriter.notifyMatchFailure(pad, "a zero-size source");
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(pad);
  FailureOr<Operation *> rewritten =
      linalg::rewriteInDestinationPassingStyle(rewriter, pad);
  if (failed(rewritten))
    return failure();
  // All-zero padding with `nofold` becomes a copy into a fresh tensor.
  if (auto copy = dyn_cast<linalg::CopyOp>(*rewritten))
    return copy;

  return copyIntoSlice(rewriter, cast<tensor::InsertSliceOp>(*rewritten));
}

FailureOr<SmallVector<linalg::CopyOp>>
mlir::roller::concatToLinalg(RewriterBase &rewriter, tensor::ConcatOp concat) {
  if (!concat.getResultType().hasStaticShape() ||
      llvm::any_of(concat.getInputs(), [](Value input) {
        return !cast<RankedTensorType>(input.getType()).hasStaticShape();
      }))
    return rewriter.notifyMatchFailure(concat, "dynamic shapes");
  // A zero-size input has no slice to copy into (see decomposePad).
  if (llvm::any_of(concat.getInputs(), [](Value input) {
        return llvm::is_contained(
            cast<RankedTensorType>(input.getType()).getShape(), 0);
      }))
    return rewriter.notifyMatchFailure(concat, "a zero-size input");
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(concat);
  // Upstream's decomposition: tensor.empty and one insert_slice per input.
  FailureOr<SmallVector<Value>> decomposed =
      concat.decomposeOperation(rewriter);
  if (failed(decomposed) || decomposed->size() != 1)
    return rewriter.notifyMatchFailure(concat, "not decomposed");
  SmallVector<tensor::InsertSliceOp> inserts;
  Value chain = decomposed->front();
  while (auto insert = chain.getDefiningOp<tensor::InsertSliceOp>()) {
    inserts.push_back(insert);
    chain = insert.getDest();
  }
  SmallVector<linalg::CopyOp> copies;
  for (tensor::InsertSliceOp insert : llvm::reverse(inserts))
    copies.push_back(copyIntoSlice(rewriter, insert));
  rewriter.replaceOp(concat, decomposed->front());
  return copies;
}

FailureOr<linalg::GenericOp>
mlir::roller::generateToLinalg(RewriterBase &rewriter,
                               tensor::GenerateOp generate) {
  if (!generate.getType().hasStaticShape())
    return rewriter.notifyMatchFailure(generate, "dynamic shape");
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(generate);
  FailureOr<Operation *> generic =
      linalg::rewriteInDestinationPassingStyle(rewriter, generate);
  if (failed(generic))
    return failure();
  return cast<linalg::GenericOp>(*generic);
}

FailureOr<linalg::FillOp> mlir::roller::splatToLinalg(RewriterBase &rewriter,
                                                      tensor::SplatOp splat) {
  RankedTensorType type = splat.getType();
  if (!type.hasStaticShape())
    return rewriter.notifyMatchFailure(splat, "dynamic shape");
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(splat);
  Value empty = tensor::EmptyOp::create(rewriter, splat.getLoc(),
                                        type.getShape(), type.getElementType());
  auto fill =
      linalg::FillOp::create(rewriter, splat.getLoc(), splat.getInput(), empty);
  rewriter.replaceOp(splat, fill.getResult(0));
  return fill;
}

int64_t mlir::roller::tensorOpsToLinalg(RewriterBase &rewriter, Operation *root,
                                        bool fusePads, bool remarks) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<tensor::PadOp, tensor::GenerateOp, tensor::ConcatOp,
            tensor::SplatOp>(op))
      ops.push_back(op);
  });
  int64_t rewritten = 0;
  for (Operation *op : ops) {
    if (auto pad = dyn_cast<tensor::PadOp>(op)) {
      if (fusePads) {
        std::optional<std::string> why = whyNotReadThrough(pad);
        if (!why) {
          // Its consumers' rPrograms read through it (ReadThroughPads.h).
          if (remarks)
            emitRemarkAtLoc(pad)
                << "roller-tile: pad fused into the loads of its "
                << std::distance(pad->use_begin(), pad->use_end())
                << " consumer(s)";
          continue;
        }
        if (remarks)
          emitRemarkAtLoc(pad)
              << "roller-tile: pad not fused into its consumers: " << *why;
      }
      rewritten += succeeded(decomposePad(rewriter, pad));
    } else if (auto concat = dyn_cast<tensor::ConcatOp>(op)) {
      rewritten += succeeded(concatToLinalg(rewriter, concat));
    } else if (auto splat = dyn_cast<tensor::SplatOp>(op)) {
      rewritten += succeeded(splatToLinalg(rewriter, splat));
    } else {
      rewritten +=
          succeeded(generateToLinalg(rewriter, cast<tensor::GenerateOp>(op)));
    }
  }
  return rewritten;
}

namespace {
struct RollerTensorOpsToLinalgPass
    : public roller::impl::RollerTensorOpsToLinalgPassBase<
          RollerTensorOpsToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)tensorOpsToLinalg(rewriter, getOperation(), fusePads,
                            /*remarks=*/false);
  }
};
} // namespace
