//===- MoveScalesToEpilogues.cpp - Operand scales applied after sums ------===//
//
// `--roller-move-scales-to-epilogues` and its entry points
// (MoveScalesToEpilogues.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/MoveScalesToEpilogues.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERMOVESCALESTOEPILOGUESPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The value of `value` when it is a floating-point constant, or a
/// conversion (`arith.truncf`, `arith.extf`) of one (torch-mlir casts an f64
/// Python scale to f32 in the body), in `value`'s type; null otherwise.
static FloatAttr getConstantFloat(Value value) {
  FloatAttr constant;
  if (matchPattern(value, m_Constant(&constant)))
    return constant;
  Operation *conversion = value.getDefiningOp();
  if (!isa_and_nonnull<arith::TruncFOp, arith::ExtFOp>(conversion) ||
      !matchPattern(conversion->getOperand(0), m_Constant(&constant)))
    return {};
  auto type = cast<FloatType>(value.getType());
  APFloat converted = constant.getValue();
  bool losesInfo;
  converted.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                    &losesInfo);
  return FloatAttr::get(type, converted);
}

/// The constant an elementwise `op` multiplies its one input by (its body
/// a single `arith.mulf` of the input and a constant, defined in the body or
/// outside it, possibly converted), or null.
static FloatAttr getScaleFactor(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 1 || op->getNumResults() != 1 ||
      !op.hasPureTensorSemantics() ||
      op.getNumLoops() != op.getNumParallelLoops())
    return {};
  Block *body = op.getBody();
  auto mul =
      body->getTerminator()->getOperand(0).getDefiningOp<arith::MulFOp>();
  if (!mul || mul->getBlock() != body)
    return {};
  Value in = body->getArgument(0);
  Value other = mul.getLhs() == in   ? mul.getRhs()
                : mul.getRhs() == in ? mul.getLhs()
                                     : Value();
  if (!other)
    return {};
  // Nothing else computes: the body's other ops make the constant.
  if (llvm::any_of(body->without_terminator(), [&](Operation &inner) {
        return &inner != mul.getOperation() && !isa<arith::ConstantOp>(inner) &&
               !(inner.getNumResults() == 1 && inner.getResult(0) == other);
      }))
    return {};
  return getConstantFloat(other);
}

/// Whether `op` starts from zero: its one output is a `linalg.fill` of a
/// floating-point zero (the sum is then linear in each operand).
static bool startsFromZero(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1)
    return false;
  auto fill = op.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>();
  return fill && matchPattern(fill.value(), m_AnyZeroFloat());
}

std::optional<std::string> mlir::roller::whyScaleNotMoved(OpOperand &input) {
  auto consumer = dyn_cast<linalg::LinalgOp>(input.getOwner());
  if (!consumer || !linalg::isaContractionOpInterface(consumer) ||
      !consumer.isDpsInput(&input))
    return std::string("its user does not read it as an operand of a "
                       "contraction");
  auto producer = input.get().getDefiningOp<linalg::GenericOp>();
  FloatAttr factor = producer ? getScaleFactor(producer) : FloatAttr();
  if (!factor)
    return std::string("it is not an elementwise multiply by a constant");
  // The identity maps keep the moved operand's shape and layout.
  if (!llvm::all_of(producer.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }) ||
      producer.getDpsInputOperand(0)->get().getType() !=
          producer->getResult(0).getType())
    return std::string("it reshapes, transposes or converts its input");
  if (!producer->getResult(0).hasOneUse())
    return std::string("its result has other users, which read it scaled");
  if (!isa<FloatType>(getElementTypeOrSelf(consumer->getResult(0).getType())))
    return std::string("the contraction's result is not floating-point");
  if (!startsFromZero(consumer))
    return std::string("the contraction does not start from zero (it is not "
                       "linear in the operand then)");
  return std::nullopt;
}

FailureOr<linalg::GenericOp>
mlir::roller::moveScaleToEpilogue(RewriterBase &rewriter, OpOperand &input) {
  if (whyScaleNotMoved(input))
    return failure();
  auto producer = input.get().getDefiningOp<linalg::GenericOp>();
  auto consumer = cast<linalg::LinalgOp>(input.getOwner());
  double factor = getScaleFactor(producer).getValueAsDouble();
  Value result = consumer->getResult(0);
  auto type = cast<RankedTensorType>(result.getType());
  rewriter.modifyOpInPlace(
      consumer, [&] { input.set(producer.getDpsInputOperand(0)->get()); });
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(consumer);
  Location loc = producer.getLoc();
  Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                       type.getElementType());
  // The factor in the result's type (an f16 scale of an f32 sum: widening a
  // constant is exact).
  Value scale = arith::ConstantOp::create(
      rewriter, loc, rewriter.getFloatAttr(type.getElementType(), factor));
  AffineMap identity = rewriter.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto scaled = linalg::GenericOp::create(
      rewriter, loc, TypeRange{type}, ValueRange{result}, ValueRange{init},
      ArrayRef<AffineMap>{identity, identity}, iterators,
      [&](OpBuilder &builder, Location bodyLoc, ValueRange args) {
        Value product = arith::MulFOp::create(builder, bodyLoc, args[0], scale);
        linalg::YieldOp::create(builder, bodyLoc, product);
      });
  rewriter.replaceAllUsesExcept(result, scaled->getResult(0), scaled);
  rewriter.eraseOp(producer);
  return scaled;
}

int64_t mlir::roller::moveScalesToEpilogues(RewriterBase &rewriter,
                                            Operation *root, bool remarks) {
  SmallVector<linalg::LinalgOp> contractions;
  root->walk([&](linalg::LinalgOp op) {
    if (linalg::isaContractionOpInterface(op) && op->getNumResults() == 1)
      contractions.push_back(op);
  });
  int64_t count = 0;
  for (linalg::LinalgOp op : contractions)
    for (OpOperand *input : op.getDpsInputOperands()) {
      if (succeeded(moveScaleToEpilogue(rewriter, *input))) {
        ++count;
        continue;
      }
      // Only scales left in place are worth a remark (other producers of
      // a contraction have roller-fuse-elementwise's).
      auto producer = input->get().getDefiningOp<linalg::GenericOp>();
      if (remarks && producer && getScaleFactor(producer))
        emitRemarkAtLoc(producer)
            << "roller-move-scales-to-epilogues: not moved after the "
               "contraction at "
            << op.getLoc() << ": " << *whyScaleNotMoved(*input);
    }
  return count;
}

namespace {
struct RollerMoveScalesToEpiloguesPass
    : public roller::impl::RollerMoveScalesToEpiloguesPassBase<
          RollerMoveScalesToEpiloguesPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    moveScalesToEpilogues(rewriter, getOperation(), remarks);
  }
};
} // namespace
