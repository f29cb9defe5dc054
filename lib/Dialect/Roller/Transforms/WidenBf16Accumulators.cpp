//===- WidenBf16Accumulators.cpp - bf16 contractions summed in f32 --------===//
//
// `--roller-widen-bf16-accumulators` and its entry points
// (WidenBf16Accumulators.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/WidenBf16Accumulators.h"
#include "Roller/Analysis/LinalgTensorExpr.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERWIDENBF16ACCUMULATORSPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The f32 initial value of the widened contraction, in place of `init`
/// (bf16): a fill of the widened value where `init` is a fill, the widened
/// tensor otherwise.
static Value widenInit(RewriterBase &rewriter, Location loc, Value init) {
  auto type = cast<RankedTensorType>(init.getType());
  Type f32 = rewriter.getF32Type();
  Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(), f32);
  if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
    Value value = rewriter.createOrFold<arith::ExtFOp>(loc, f32, fill.value());
    return linalg::FillOp::create(rewriter, loc, value, empty).getResult(0);
  }
  AffineMap identity = rewriter.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> parallel(type.getRank(),
                                            utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             rewriter, loc, TypeRange{empty.getType()}, ValueRange{init},
             ValueRange{empty}, ArrayRef<AffineMap>{identity, identity},
             parallel,
             [&](OpBuilder &b, Location loc, ValueRange args) {
               Value wide = arith::ExtFOp::create(b, loc, f32, args[0]);
               linalg::YieldOp::create(b, loc, wide);
             })
      .getResult(0);
}

FailureOr<linalg::GenericOp>
mlir::roller::widenBf16Accumulator(RewriterBase &rewriter,
                                   linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || op->getNumResults() != 1 ||
      op.getNumReductionLoops() == 0 || !linalg::isaContractionOpInterface(op))
    return failure();
  auto isBf16Tensor = [](Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    return type && type.hasStaticShape() && type.getElementType().isBF16();
  };
  OpOperand *init = op.getDpsInitOperand(0);
  if (!llvm::all_of(op->getOperands(), isBf16Tensor) || !isSumOfProducts(op))
    return failure();

  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Type f32 = rewriter.getF32Type();
  Value wideInit = widenInit(rewriter, loc, init->get());
  auto sum = linalg::GenericOp::create(
      rewriter, loc, TypeRange{wideInit.getType()}, op.getDpsInputs(),
      ValueRange{wideInit}, op.getIndexingMapsArray(),
      op.getIteratorTypesArray(),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value a = arith::ExtFOp::create(b, loc, f32, args[0]);
        Value c = arith::ExtFOp::create(b, loc, f32, args[1]);
        Value product = arith::MulFOp::create(b, loc, a, c);
        Value total = arith::AddFOp::create(b, loc, args[2], product);
        linalg::YieldOp::create(b, loc, total);
      });

  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                        type.getElementType());
  AffineMap identity = rewriter.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> parallel(type.getRank(),
                                            utils::IteratorType::parallel);
  auto truncation = linalg::GenericOp::create(
      rewriter, loc, TypeRange{type}, ValueRange{sum.getResult(0)},
      ValueRange{empty}, ArrayRef<AffineMap>{identity, identity}, parallel,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value narrow =
            arith::TruncFOp::create(b, loc, type.getElementType(), args[0]);
        linalg::YieldOp::create(b, loc, narrow);
      });
  Operation *oldInit = init->get().getDefiningOp();
  rewriter.replaceOp(op, truncation.getResult(0));
  // The bf16 fill it started from would otherwise be a kernel of its own.
  if (oldInit && isOpTriviallyDead(oldInit))
    rewriter.eraseOp(oldInit);
  return truncation;
}

int64_t mlir::roller::widenBf16Accumulators(RewriterBase &rewriter,
                                            Operation *root, bool remarks) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) { ops.push_back(op); });
  int64_t count = 0;
  for (linalg::LinalgOp op : ops) {
    Location loc = op.getLoc();
    if (failed(widenBf16Accumulator(rewriter, op)))
      continue;
    ++count;
    if (remarks)
      emitRemark(loc) << "roller-widen-bf16-accumulators: summed in f32, "
                         "rounded to bf16 once after the sum";
  }
  return count;
}

namespace {
struct RollerWidenBf16AccumulatorsPass
    : public roller::impl::RollerWidenBf16AccumulatorsPassBase<
          RollerWidenBf16AccumulatorsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    widenBf16Accumulators(rewriter, getOperation(), /*remarks=*/false);
  }
};
} // namespace
