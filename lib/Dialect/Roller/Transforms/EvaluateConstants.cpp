//===- EvaluateConstants.cpp - Elementwise ops on constants folded --------===//
//
// BatchNorm's constant arithmetic (var + eps, rsqrt, gamma * ...) arrives as
// elementwise linalg ops on weight tensors. They would each run as a kernel
// on every call; their results are known at compile time.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/FoldBatchNorm.h"
#include "Roller/Dialect/Roller/Transforms/FoldConstants.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::roller;
using llvm::APFloat;

static bool isSupportedFloat(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

APFloat ConstantElements::get(int64_t index) const {
  unsigned bits = type.getElementTypeBitWidth();
  const char *at = bytes.data.data() + (bytes.splat ? 0 : index * (bits / 8));
  uint64_t raw = 0;
  std::memcpy(&raw, at, bits / 8);
  return APFloat(cast<FloatType>(type.getElementType()).getFloatSemantics(),
                 APInt(bits, raw));
}

std::optional<ConstantElements> mlir::roller::getConstantElements(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  // Empty tensors have no element to read (and nothing worth folding).
  if (!type || !type.hasStaticShape() || type.getNumElements() == 0 ||
      !isSupportedFloat(type.getElementType()))
    return std::nullopt;
  // Reshapes keep the row-major order: the bytes are the source's.
  Value source = value;
  while (Operation *def = source.getDefiningOp()) {
    if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(def))
      break;
    source = def->getOperand(0);
  }
  std::optional<ConstantBytes> bytes = getConstantBytes(source);
  auto sourceType = dyn_cast<RankedTensorType>(source.getType());
  if (!bytes || !sourceType ||
      sourceType.getElementType() != type.getElementType())
    return std::nullopt;
  int64_t size = type.getNumElements() * (type.getElementTypeBitWidth() / 8);
  if (!bytes->splat && static_cast<int64_t>(bytes->data.size()) != size)
    return std::nullopt;
  return ConstantElements{type, *bytes};
}

double mlir::roller::toDouble(APFloat value) {
  bool losesInfo = false;
  value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  return value.convertToDouble();
}

APFloat mlir::roller::fromDouble(double value,
                                 const llvm::fltSemantics &semantics) {
  APFloat result(value);
  bool losesInfo = false;
  result.convert(semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  return result;
}

double ConstantElements::getDouble(int64_t index) const {
  Type element = type.getElementType();
  const char *at = bytes.data.data();
  if (element.isF32()) {
    float value;
    std::memcpy(&value, at + (bytes.splat ? 0 : index * 4), 4);
    return value;
  }
  if (element.isF64()) {
    double value;
    std::memcpy(&value, at + (bytes.splat ? 0 : index * 8), 8);
    return value;
  }
  return toDouble(get(index));
}

void mlir::roller::writeDouble(double value, FloatType type, char *at) {
  // The host's double-to-float conversion rounds to nearest even, as
  // APFloat does (the compiler runs in the default floating-point mode).
  if (type.isF32()) {
    float narrowed = static_cast<float>(value);
    std::memcpy(at, &narrowed, 4);
    return;
  }
  if (type.isF64()) {
    std::memcpy(at, &value, 8);
    return;
  }
  uint64_t raw = fromDouble(value, type.getFloatSemantics())
                     .bitcastToAPInt()
                     .getZExtValue();
  std::memcpy(at, &raw, type.getWidth() / 8);
}

std::optional<APFloat>
mlir::roller::evaluateScalarOp(Operation *op, ArrayRef<APFloat> operands) {
  if (op->getNumResults() != 1 || !isSupportedFloat(op->getResult(0).getType()))
    return std::nullopt;
  const llvm::fltSemantics &semantics =
      cast<FloatType>(op->getResult(0).getType()).getFloatSemantics();
  // Operands of the result's type, except for the conversions.
  if (!isa<arith::TruncFOp, arith::ExtFOp>(op))
    for (const APFloat &operand : operands)
      if (&operand.getSemantics() != &semantics)
        return std::nullopt;
  auto rounding = APFloat::rmNearestTiesToEven;
  auto binary = [&](auto apply) -> std::optional<APFloat> {
    if (operands.size() != 2)
      return std::nullopt;
    APFloat result = operands[0];
    apply(result, operands[1]);
    return result;
  };
  auto viaDouble = [&](double (*fn)(double)) -> std::optional<APFloat> {
    if (operands.size() != 1)
      return std::nullopt;
    return fromDouble(fn(toDouble(operands[0])), semantics);
  };
  return llvm::TypeSwitch<Operation *, std::optional<APFloat>>(op)
      .Case([&](arith::ConstantOp constant) -> std::optional<APFloat> {
        if (auto value = dyn_cast<FloatAttr>(constant.getValue()))
          return value.getValue();
        return std::nullopt;
      })
      .Case([&](arith::AddFOp) {
        return binary(
            [&](APFloat &a, const APFloat &b) { a.add(b, rounding); });
      })
      .Case([&](arith::SubFOp) {
        return binary(
            [&](APFloat &a, const APFloat &b) { a.subtract(b, rounding); });
      })
      .Case([&](arith::MulFOp) {
        return binary(
            [&](APFloat &a, const APFloat &b) { a.multiply(b, rounding); });
      })
      .Case([&](arith::DivFOp) {
        return binary(
            [&](APFloat &a, const APFloat &b) { a.divide(b, rounding); });
      })
      .Case([&](arith::MaximumFOp) {
        return binary(
            [&](APFloat &a, const APFloat &b) { a = llvm::maximum(a, b); });
      })
      .Case([&](arith::MinimumFOp) {
        return binary(
            [&](APFloat &a, const APFloat &b) { a = llvm::minimum(a, b); });
      })
      .Case([&](arith::MaxNumFOp) {
        return binary(
            [&](APFloat &a, const APFloat &b) { a = llvm::maxnum(a, b); });
      })
      .Case([&](arith::MinNumFOp) {
        return binary(
            [&](APFloat &a, const APFloat &b) { a = llvm::minnum(a, b); });
      })
      .Case([&](arith::NegFOp) -> std::optional<APFloat> {
        if (operands.size() != 1)
          return std::nullopt;
        return llvm::neg(operands[0]);
      })
      .Case<arith::TruncFOp, arith::ExtFOp>(
          [&](Operation *) -> std::optional<APFloat> {
            if (operands.size() != 1)
              return std::nullopt;
            APFloat result = operands[0];
            bool losesInfo = false;
            result.convert(semantics, rounding, &losesInfo);
            return result;
          })
      .Case([&](math::SqrtOp) { return viaDouble(std::sqrt); })
      .Case([&](math::RsqrtOp) {
        return viaDouble([](double x) { return 1.0 / std::sqrt(x); });
      })
      .Case([&](math::ExpOp) { return viaDouble(std::exp); })
      .Case([&](math::LogOp) { return viaDouble(std::log); })
      .Case([&](math::AbsFOp) { return viaDouble(std::fabs); })
      .Case([&](math::TanhOp) { return viaDouble(std::tanh); })
      .Case([&](math::ErfOp) { return viaDouble(std::erf); })
      .Case([&](math::PowFOp) -> std::optional<APFloat> {
        if (operands.size() != 2)
          return std::nullopt;
        return fromDouble(
            std::pow(toDouble(operands[0]), toDouble(operands[1])), semantics);
      })
      .Default([](Operation *) { return std::nullopt; });
}

namespace {
/// One op of a body, with the slots of its operands and of its result.
struct Step {
  Operation *op;
  SmallVector<unsigned> operands;
  unsigned result;
};

/// An input of the evaluated op: its elements and, per result of its
/// indexing map, the loop it reads (-1 for a constant index) and the
/// constant index or the stride.
struct Input {
  std::optional<ConstantElements> elements;
  std::optional<APFloat> scalar;
  SmallVector<int64_t> loops, constants, strides;
};
} // namespace

FailureOr<arith::ConstantOp> mlir::roller::evaluateConstantElementwise(
    RewriterBase &rewriter, linalg::LinalgOp op, int64_t maxBytes) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() != 0 || op->getNumRegions() != 1 ||
      op.getNumDpsInputs() == 0)
    return rewriter.notifyMatchFailure(op, "not a single-output map");
  OpOperand *init = op.getDpsInitOperand(0);
  auto resultType = dyn_cast<RankedTensorType>(init->get().getType());
  if (!resultType || !resultType.hasStaticShape() ||
      !isSupportedFloat(resultType.getElementType()) ||
      op.payloadUsesValueFromOperand(init))
    return rewriter.notifyMatchFailure(
        op, "reads its output, or has a dynamic or non-float output");
  int64_t elementBytes = resultType.getElementTypeBitWidth() / 8;
  std::optional<int64_t> resultSize = getStaticByteSize(resultType);
  if (!resultSize || *resultSize > maxBytes)
    return rewriter.notifyMatchFailure(op, "result too large to evaluate");
  int64_t numElements = resultType.getNumElements();
  AffineMap outputMap = op.getMatchingIndexingMap(init);
  if (!outputMap.isPermutation())
    return rewriter.notifyMatchFailure(op, "the output map is no permutation");

  Block &body = op->getRegion(0).front();
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!yield || yield.getNumOperands() != 1 ||
      isa<BlockArgument>(yield.getOperand(0)))
    return rewriter.notifyMatchFailure(
        op, "the body computes nothing (data movement is fold-constants')");

  // Every input is a constant, read through dimensions and constants.
  SmallVector<Input, 2> inputs;
  bool anyTensor = false;
  for (OpOperand *operand : op.getDpsInputOperands()) {
    Input &input = inputs.emplace_back();
    if (isSupportedFloat(operand->get().getType())) {
      auto constant = operand->get().getDefiningOp<arith::ConstantOp>();
      if (constant)
        input.scalar = evaluateScalarOp(constant, {});
      if (!input.scalar)
        return rewriter.notifyMatchFailure(op, "a scalar input not constant");
      continue;
    }
    input.elements = getConstantElements(operand->get());
    if (!input.elements)
      return rewriter.notifyMatchFailure(op, "an input is not a constant");
    anyTensor = true;
    ArrayRef<int64_t> shape = input.elements->type.getShape();
    int64_t stride = 1;
    input.strides.assign(shape.size(), 1);
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      input.strides[d] = stride;
      stride *= shape[d];
    }
    for (auto [dim, expr] :
         llvm::enumerate(op.getMatchingIndexingMap(operand).getResults())) {
      if (auto loop = dyn_cast<AffineDimExpr>(expr)) {
        input.loops.push_back(loop.getPosition());
        input.constants.push_back(0);
      } else if (auto index = dyn_cast<AffineConstantExpr>(expr);
                 index && index.getValue() >= 0 &&
                 index.getValue() < shape[dim]) {
        input.loops.push_back(-1);
        input.constants.push_back(index.getValue());
      } else {
        return rewriter.notifyMatchFailure(op, "an input map is not simple");
      }
    }
  }
  if (!anyTensor)
    return rewriter.notifyMatchFailure(op, "no tensor input (a fill)");

  // Slots: the block arguments, then each op's result; values from above
  // must be scalar constants and are evaluated once.
  SmallVector<std::optional<APFloat>> slots(body.getNumArguments());
  DenseMap<Value, unsigned> slotOf;
  for (BlockArgument arg : body.getArguments())
    slotOf[arg] = arg.getArgNumber();
  auto slotFor = [&](Value value) -> std::optional<unsigned> {
    if (auto it = slotOf.find(value); it != slotOf.end())
      return it->second;
    auto constant = value.getDefiningOp<arith::ConstantOp>();
    std::optional<APFloat> scalar;
    if (constant)
      scalar = evaluateScalarOp(constant, {});
    if (!scalar)
      return std::nullopt;
    slots.push_back(*scalar);
    return slotOf[value] = slots.size() - 1;
  };
  SmallVector<Step> steps;
  for (Operation &inner : body.without_terminator()) {
    Step step{&inner, {}, 0};
    for (Value operand : inner.getOperands()) {
      std::optional<unsigned> slot = slotFor(operand);
      if (!slot)
        return rewriter.notifyMatchFailure(op, "the body reads a non-constant");
      step.operands.push_back(*slot);
    }
    if (inner.getNumResults() != 1 || inner.getNumRegions() != 0)
      return rewriter.notifyMatchFailure(op, "a body op of several results");
    slots.emplace_back();
    step.result = slotOf[inner.getResult(0)] = slots.size() - 1;
    steps.push_back(std::move(step));
  }
  std::optional<unsigned> yielded = slotFor(yield.getOperand(0));
  if (!yielded)
    return rewriter.notifyMatchFailure(op, "yields a non-constant");

  // Walk the output row-major; each loop index comes from the output index
  // through the inverse output map.
  AffineMap loopsOfOutput = inversePermutation(outputMap);
  ArrayRef<int64_t> outShape = resultType.getShape();
  std::vector<char> folded(numElements * elementBytes);
  SmallVector<int64_t> outIndex(outShape.size(), 0);
  SmallVector<int64_t> loops(op.getNumLoops(), 0);
  SmallVector<APFloat> operands;
  for (int64_t linear = 0; linear < numElements; ++linear) {
    for (auto [loop, expr] : llvm::enumerate(loopsOfOutput.getResults()))
      loops[loop] = outIndex[cast<AffineDimExpr>(expr).getPosition()];
    for (auto [arg, input] : llvm::enumerate(inputs)) {
      if (input.scalar) {
        slots[arg] = *input.scalar;
        continue;
      }
      int64_t offset = 0;
      for (auto [dim, loop] : llvm::enumerate(input.loops))
        offset += (loop < 0 ? input.constants[dim] : loops[loop]) *
                  input.strides[dim];
      slots[arg] = input.elements->get(offset);
    }
    for (const Step &step : steps) {
      operands.clear();
      for (unsigned slot : step.operands)
        operands.push_back(*slots[slot]);
      slots[step.result] = evaluateScalarOp(step.op, operands);
      if (!slots[step.result])
        return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
          diag << "cannot evaluate " << step.op->getName();
        });
    }
    const APFloat &value = *slots[*yielded];
    if (&value.getSemantics() !=
        &cast<FloatType>(resultType.getElementType()).getFloatSemantics())
      return rewriter.notifyMatchFailure(op, "yields another type");
    uint64_t raw = value.bitcastToAPInt().getZExtValue();
    std::memcpy(folded.data() + linear * elementBytes, &raw, elementBytes);
    for (int64_t d = static_cast<int64_t>(outShape.size()) - 1; d >= 0; --d) {
      if (++outIndex[d] < outShape[d])
        break;
      outIndex[d] = 0;
    }
  }
  auto value = DenseElementsAttr::getFromRawBuffer(
      resultType, ArrayRef<char>(folded.data(), folded.size()));
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  auto constant = arith::ConstantOp::create(rewriter, op.getLoc(), value);
  rewriter.replaceOp(op, constant.getResult());
  return constant;
}
