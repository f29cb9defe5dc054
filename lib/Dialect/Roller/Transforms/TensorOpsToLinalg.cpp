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
  Location loc = pad.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(pad);
  FailureOr<Operation *> rewritten =
      linalg::rewriteInDestinationPassingStyle(rewriter, pad);
  if (failed(rewritten))
    return failure();
  // All-zero padding with `nofold` becomes a copy into a fresh tensor.
  if (auto copy = dyn_cast<linalg::CopyOp>(*rewritten))
    return copy;

  // The source into the interior through a copy, which a kernel does,
  // instead of an insert_slice of a value that is not computed in place.
  auto insert = cast<tensor::InsertSliceOp>(*rewritten);
  rewriter.setInsertionPoint(insert);
  Value interior = tensor::ExtractSliceOp::create(
      rewriter, loc, insert.getSourceType(), insert.getDest(),
      insert.getMixedOffsets(), insert.getMixedSizes(),
      insert.getMixedStrides());
  auto copy =
      linalg::CopyOp::create(rewriter, loc, insert.getSource(), interior);
  rewriter.modifyOpInPlace(
      insert, [&] { insert.getSourceMutable().assign(copy.getResult(0)); });
  return copy;
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

int64_t mlir::roller::tensorOpsToLinalg(RewriterBase &rewriter, Operation *root,
                                        bool fusePads, bool remarks) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<tensor::PadOp, tensor::GenerateOp>(op))
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
    } else
      rewritten +=
          succeeded(generateToLinalg(rewriter, cast<tensor::GenerateOp>(op)));
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
