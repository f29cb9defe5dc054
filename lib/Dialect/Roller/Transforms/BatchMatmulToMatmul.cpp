//===- BatchMatmulToMatmul.cpp - Shared right operands --------------------===//
//
// `--roller-batch-matmul-to-matmul`: a batch matmul whose right operand is
// one matrix broadcast over the batch becomes a matmul over the rows of all
// batches.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/BatchMatmulToMatmul.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERBATCHMATMULTOMATMULPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The matrix `value` broadcasts over its leading (batch) dimension, if it
/// is the result of such a broadcast.
static Value getBatchBroadcastSource(Value value) {
  Operation *def = value.getDefiningOp();
  if (auto broadcast = dyn_cast_or_null<linalg::BroadcastOp>(def))
    return broadcast.getDimensions() == ArrayRef<int64_t>{0}
               ? broadcast.getInput()
               : Value();
  auto generic = dyn_cast_or_null<linalg::GenericOp>(def);
  if (!generic || generic.getNumDpsInputs() != 1 ||
      !generic.hasPureTensorSemantics())
    return Value();
  std::optional<SmallVector<int64_t>> dims =
      linalg::isaBroadcastOpInterface(generic);
  if (!dims || *dims != SmallVector<int64_t>{0})
    return Value();
  return generic.getDpsInputOperand(0)->get();
}

FailureOr<linalg::MatmulOp>
mlir::roller::batchMatmulToMatmul(RewriterBase &rewriter,
                                  linalg::BatchMatmulOp op) {
  if (!op.hasPureTensorSemantics() || op.hasUserDefinedMaps() ||
      op->getNumResults() != 1)
    return rewriter.notifyMatchFailure(op, "not a plain tensor batch matmul");
  Value lhs = op.getDpsInputOperand(0)->get();
  Value rhs = op.getDpsInputOperand(1)->get();
  Value init = op.getDpsInitOperand(0)->get();
  auto lhsType = dyn_cast<RankedTensorType>(lhs.getType());
  auto initType = dyn_cast<RankedTensorType>(init.getType());
  if (!lhsType || !initType || !lhsType.hasStaticShape() ||
      !initType.hasStaticShape())
    return rewriter.notifyMatchFailure(op, "dynamic shapes");
  Value weight = getBatchBroadcastSource(rhs);
  if (!weight)
    return rewriter.notifyMatchFailure(op, "rhs is not broadcast over batch");
  // The matmul's builder makes the same body from the same element types
  // (with the casts of mixed precision): it computes what each batch did.
  Location loc = op.getLoc();
  int64_t batch = lhsType.getDimSize(0), m = lhsType.getDimSize(1);
  SmallVector<ReassociationIndices> rows{{0, 1}, {2}};
  auto collapse = [&](Value value, RankedTensorType type) {
    auto collapsed = RankedTensorType::get({batch * m, type.getDimSize(2)},
                                           type.getElementType());
    return tensor::CollapseShapeOp::create(rewriter, loc, collapsed, value,
                                           rows)
        .getResult();
  };
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Value lhs2 = collapse(lhs, lhsType);
  // A fill of the output is re-made at the matmul's shape, so that it
  // stays a fill (fused into the kernel) rather than a reshaped tensor.
  Value init2;
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (fill &&
      fill.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>()) {
    auto type = RankedTensorType::get({batch * m, initType.getDimSize(2)},
                                      initType.getElementType());
    Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                          type.getElementType());
    init2 = linalg::FillOp::create(rewriter, loc, fill.getInputs(),
                                   ValueRange{empty})
                .getResult(0);
  } else {
    init2 = collapse(init, initType);
  }
  auto matmul =
      linalg::MatmulOp::create(rewriter, loc, TypeRange{init2.getType()},
                               ValueRange{lhs2, weight}, ValueRange{init2});
  Value result = tensor::ExpandShapeOp::create(rewriter, loc, initType,
                                               matmul.getResult(0), rows);
  Operation *broadcast = rhs.getDefiningOp();
  rewriter.replaceOp(op, result);
  if (broadcast->use_empty())
    rewriter.eraseOp(broadcast);
  return matmul;
}

int64_t mlir::roller::batchMatmulsToMatmuls(RewriterBase &rewriter,
                                            Operation *root) {
  SmallVector<linalg::BatchMatmulOp> ops;
  root->walk([&](linalg::BatchMatmulOp op) { ops.push_back(op); });
  int64_t rewritten = 0;
  for (linalg::BatchMatmulOp op : ops)
    rewritten += succeeded(batchMatmulToMatmul(rewriter, op));
  return rewritten;
}

namespace {
struct RollerBatchMatmulToMatmulPass
    : public roller::impl::RollerBatchMatmulToMatmulPassBase<
          RollerBatchMatmulToMatmulPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)batchMatmulsToMatmuls(rewriter, getOperation());
  }
};
} // namespace
