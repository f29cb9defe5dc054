//===- AffineEpilogue.cpp - Affine epilogues per output channel -----------===//
//
// Follows the elementwise ops after a contraction or convolution while each
// is affine in its result, evaluating their bodies symbolically per output
// channel: (x - mean) * s * gamma + beta is x * a[c] + b[c].
//
//===----------------------------------------------------------------------===//

#include "AffineEpilogue.h"

#include "Roller/Dialect/Roller/Transforms/FoldBatchNorm.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <deque>

using namespace mlir;
using namespace mlir::roller;
using llvm::APFloat;

namespace {
/// A value of an epilogue body, per output channel c: the affine function
/// x * scale[c] + shift[c] of the anchor's result x, or the constant
/// value[c].
struct ChannelValue {
  bool affine = false;
  SmallVector<double> scale, shift;
  SmallVector<APFloat> value;
};

/// The output channel: a dimension of the anchor's result, its extent, and
/// the weights (an input of the anchor) with their dimension indexed by it.
struct Channel {
  int64_t dim = 0;
  int64_t size = 0;
  OpOperand *weights = nullptr;
  int64_t weightsDim = 0;
};
} // namespace

/// The body is `out + in0 * in1` in one type: the result is linear in each
/// input, so scaling an input's slice scales the outputs it reaches.
bool mlir::roller::isMulAccumulate(linalg::LinalgOp op) {
  if (op->getNumRegions() != 1 || op.getNumDpsInputs() != 2)
    return false;
  Block &body = op->getRegion(0).front();
  if (body.getNumArguments() != 3 || body.getOperations().size() != 3)
    return false;
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  auto add = yield && yield.getNumOperands() == 1
                 ? yield.getOperand(0).getDefiningOp<arith::AddFOp>()
                 : nullptr;
  if (!add)
    return false;
  Value out = body.getArgument(2);
  Value product = add.getLhs() == out   ? add.getRhs()
                  : add.getRhs() == out ? add.getLhs()
                                        : Value();
  auto mul = product ? product.getDefiningOp<arith::MulFOp>() : nullptr;
  return mul && ((mul.getLhs() == body.getArgument(0) &&
                  mul.getRhs() == body.getArgument(1)) ||
                 (mul.getLhs() == body.getArgument(1) &&
                  mul.getRhs() == body.getArgument(0)));
}

/// A linalg op that only moves its one input (linalg.broadcast, transpose,
/// copy or such a generic) into an output it writes in loop order.
static bool isDataMovement(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || op.getNumReductionLoops() != 0 ||
      op->getNumRegions() != 1)
    return false;
  Block &body = op->getRegion(0).front();
  Operation *yield = body.getTerminator();
  return yield->getNumOperands() == 1 &&
         yield->getOperand(0) == body.getArgument(0) &&
         op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity();
}

/// The values of `operand` (read through `map`, whose loops are the output
/// dimensions) per channel, when they depend on no other dimension: a
/// constant tensor (a broadcast of a per-channel vector, possibly already
/// materialized by fold-constants), a data movement of one, or a scalar
/// constant.
static std::optional<SmallVector<APFloat>>
gatherPerChannel(Value operand, AffineMap map, const Channel &channel) {
  if (auto constant = operand.getDefiningOp<arith::ConstantOp>())
    if (auto scalar = dyn_cast<FloatAttr>(constant.getValue()))
      return SmallVector<APFloat>(channel.size, scalar.getValue());
  // torch-mlir broadcasts a bias with a generic; fold-constants may not
  // have run.
  if (auto op = operand.getDefiningOp<linalg::LinalgOp>();
      op && isDataMovement(op)) {
    OpOperand *input = op.getDpsInputOperand(0);
    return gatherPerChannel(
        input->get(), op.getMatchingIndexingMap(input).compose(map), channel);
  }
  std::optional<ConstantElements> elements = getConstantElements(operand);
  if (!elements)
    return std::nullopt;
  ArrayRef<int64_t> shape = elements->type.getShape();
  // Per operand dimension: its range (one index for a constant) and stride.
  SmallVector<int64_t> lower, upper, strides(shape.size(), 1);
  int64_t channelDim = -1;
  for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
    if (auto loop = dyn_cast<AffineDimExpr>(expr)) {
      if (static_cast<int64_t>(loop.getPosition()) == channel.dim) {
        if (channelDim >= 0)
          return std::nullopt;
        channelDim = dim;
      }
      lower.push_back(0);
      upper.push_back(shape[dim]);
    } else if (auto index = dyn_cast<AffineConstantExpr>(expr);
               index && index.getValue() >= 0 &&
               index.getValue() < shape[dim]) {
      lower.push_back(index.getValue());
      upper.push_back(index.getValue() + 1);
    } else {
      return std::nullopt;
    }
  }
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  // Every element read must equal the first one read for its channel.
  SmallVector<std::optional<APFloat>> perChannel(channel.size);
  SmallVector<int64_t> index(lower);
  while (true) {
    int64_t offset = 0;
    for (auto [i, stride] : llvm::zip(index, strides))
      offset += i * stride;
    APFloat value = elements->get(offset);
    int64_t first = channelDim >= 0 ? index[channelDim] : 0;
    int64_t last = channelDim >= 0 ? first + 1 : channel.size;
    for (int64_t c = first; c < last; ++c) {
      if (!perChannel[c])
        perChannel[c] = value;
      else if (!perChannel[c]->bitwiseIsEqual(value))
        return std::nullopt;
    }
    int64_t d = static_cast<int64_t>(index.size()) - 1;
    for (; d >= 0; --d) {
      if (++index[d] < upper[d])
        break;
      index[d] = lower[d];
    }
    if (d < 0)
      break;
  }
  SmallVector<APFloat> result;
  for (std::optional<APFloat> &value : perChannel)
    result.push_back(*value);
  return result;
}

/// The epilogue op `op` applied to `x` (its input `use`): the composed
/// affine map, or failure with `reason`.
static FailureOr<ChannelValue>
applyEpilogueOp(linalg::LinalgOp op, OpOperand &use, const ChannelValue &x,
                const Channel &channel, std::string &reason) {
  auto fail = [&](const Twine &why) {
    reason = (op->getName().getStringRef() + " " + why).str();
    return failure();
  };
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op->getNumResults() != 1 || op.getNumReductionLoops() != 0 ||
      op->getNumRegions() != 1 || !op.isDpsInput(&use))
    return fail("is not an elementwise map of the result");
  OpOperand *init = op.getDpsInitOperand(0);
  if (op->getResult(0).getType() != use.get().getType() ||
      !op.getMatchingIndexingMap(&use).isIdentity() ||
      !op.getMatchingIndexingMap(init).isIdentity() ||
      op.payloadUsesValueFromOperand(init))
    return fail("changes the shape or type, or reads its output");

  // Values live in a deque: looking one up may add a constant, which must
  // not move the others.
  Block &body = op->getRegion(0).front();
  std::deque<ChannelValue> storage;
  DenseMap<Value, ChannelValue *> values;
  auto define = [&](Value value, ChannelValue v) {
    storage.push_back(std::move(v));
    values[value] = &storage.back();
  };
  for (OpOperand *input : op.getDpsInputOperands()) {
    BlockArgument arg = op.getMatchingBlockArgument(input);
    if (input == &use) {
      define(arg, x);
      continue;
    }
    std::optional<SmallVector<APFloat>> perChannel = gatherPerChannel(
        input->get(), op.getMatchingIndexingMap(input), channel);
    if (!perChannel)
      return fail("has an operand that is not a constant per channel");
    ChannelValue constant;
    constant.value = std::move(*perChannel);
    define(arg, std::move(constant));
  }
  auto lookup = [&](Value value) -> const ChannelValue * {
    if (auto it = values.find(value); it != values.end())
      return it->second;
    auto constant = value.getDefiningOp<arith::ConstantOp>();
    auto scalar = constant ? dyn_cast<FloatAttr>(constant.getValue()) : nullptr;
    if (!scalar)
      return nullptr;
    ChannelValue uniform;
    uniform.value.assign(channel.size, scalar.getValue());
    define(value, std::move(uniform));
    return values[value];
  };

  for (Operation &inner : body.without_terminator()) {
    SmallVector<const ChannelValue *> operands;
    for (Value operand : inner.getOperands()) {
      operands.push_back(lookup(operand));
      if (!operands.back())
        return fail("reads a value that is not a constant");
    }
    if (inner.getNumResults() != 1)
      return fail("has a body op of several results");
    ChannelValue result;
    if (llvm::none_of(operands, [](auto *v) { return v->affine; })) {
      // Constants only: evaluated per channel, in the op's type.
      for (int64_t c = 0; c < channel.size; ++c) {
        SmallVector<APFloat> scalars;
        for (const ChannelValue *operand : operands)
          scalars.push_back(operand->value[c]);
        std::optional<APFloat> value = evaluateScalarOp(&inner, scalars);
        if (!value)
          return fail("cannot evaluate " +
                      inner.getName().getStringRef().str());
        result.value.push_back(*value);
      }
      define(inner.getResult(0), std::move(result));
      continue;
    }
    // Affine in x: a * x + b, composed in double.
    result.affine = true;
    result.scale.resize(channel.size);
    result.shift.resize(channel.size);
    auto scaleOf = [&](const ChannelValue *v, int64_t c) {
      return v->affine ? v->scale[c] : 0.0;
    };
    auto shiftOf = [&](const ChannelValue *v, int64_t c) {
      return v->affine ? v->shift[c] : toDouble(v->value[c]);
    };
    bool ok = true;
    for (int64_t c = 0; c < channel.size && ok; ++c) {
      double a0 = scaleOf(operands[0], c), b0 = shiftOf(operands[0], c);
      double a1 = operands.size() > 1 ? scaleOf(operands[1], c) : 0.0;
      double b1 = operands.size() > 1 ? shiftOf(operands[1], c) : 0.0;
      double &a = result.scale[c], &b = result.shift[c];
      if (isa<arith::AddFOp>(inner)) {
        a = a0 + a1, b = b0 + b1;
      } else if (isa<arith::SubFOp>(inner)) {
        a = a0 - a1, b = b0 - b1;
      } else if (isa<arith::NegFOp>(inner)) {
        a = -a0, b = -b0;
      } else if (isa<arith::MulFOp>(inner) &&
                 !(operands[0]->affine && operands[1]->affine)) {
        // One factor is a constant (its scale is 0): (a0 x + b0) * b1.
        a = operands[0]->affine ? a0 * b1 : a1 * b0;
        b = b0 * b1;
      } else if (isa<arith::DivFOp>(inner) && !operands[1]->affine) {
        a = a0 / b1, b = b0 / b1;
      } else {
        ok = false;
      }
    }
    if (!ok)
      return fail("is not affine in the result (" +
                  inner.getName().getStringRef().str() + ")");
    define(inner.getResult(0), std::move(result));
  }
  const ChannelValue *yielded = lookup(body.getTerminator()->getOperand(0));
  if (!yielded || !yielded->affine)
    return fail("does not yield an affine function of the result");
  return *yielded;
}

/// The anchor's initial value per channel: a fill, or what
/// gatherPerChannel reads.
static std::optional<SmallVector<APFloat>>
initPerChannel(Value init, const Channel &channel) {
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    return gatherPerChannel(fill.getInputs()[0], AffineMap(), channel);
  auto type = cast<RankedTensorType>(init.getType());
  return gatherPerChannel(
      init,
      AffineMap::getMultiDimIdentityMap(type.getRank(), type.getContext()),
      channel);
}

FailureOr<AffineEpilogue>
mlir::roller::analyzeAffineEpilogue(linalg::LinalgOp anchor,
                                    std::string &reason) {
  auto fail = [&](const Twine &why) {
    reason = why.str();
    return failure();
  };
  if (!anchor.hasPureTensorSemantics() || anchor.getNumDpsInits() != 1 ||
      anchor->getNumResults() != 1 || anchor.getNumReductionLoops() == 0 ||
      !isMulAccumulate(anchor))
    return fail("not a contraction or convolution (out + x * w, one type)");
  Value result = anchor->getResult(0);
  auto resultType = dyn_cast<RankedTensorType>(result.getType());
  if (!resultType || !resultType.hasStaticShape())
    return fail("the result has a dynamic shape");
  Type elementType = resultType.getElementType();
  if (!(elementType.isF16() || elementType.isBF16() || elementType.isF32() ||
        elementType.isF64()))
    return fail("the result is not f16, bf16, f32 or f64");
  if (!result.hasOneUse())
    return fail("the result has users other than the epilogue");

  // Candidate channels: an output dimension that indexes exactly one
  // dimension of a constant input (the weights) of the result's type.
  OpOperand *init = anchor.getDpsInitOperand(0);
  AffineMap outputMap = anchor.getMatchingIndexingMap(init);
  constexpr int64_t kMaxChannels = int64_t(1) << 20;
  SmallVector<Channel> channels;
  bool tooManyChannels = false;
  for (OpOperand *input : anchor.getDpsInputOperands()) {
    std::optional<ConstantElements> weights = getConstantElements(input->get());
    if (!weights || weights->type.getElementType() != elementType)
      continue;
    AffineMap inputMap = anchor.getMatchingIndexingMap(input);
    for (auto [dim, expr] : llvm::enumerate(outputMap.getResults())) {
      auto loop = dyn_cast<AffineDimExpr>(expr);
      if (!loop)
        continue;
      SmallVector<int64_t> at;
      for (auto [weightsDim, weightsExpr] :
           llvm::enumerate(inputMap.getResults()))
        if (weightsExpr == expr)
          at.push_back(weightsDim);
      if (at.size() != 1)
        continue;
      // The fold holds a scale and a shift per channel: a dimension of 2^62
      // (a valid splat's) asked for vectors that size ("SmallVector unable
      // to grow").
      if (resultType.getDimSize(dim) > kMaxChannels) {
        tooManyChannels = true;
        continue;
      }
      channels.push_back(Channel{static_cast<int64_t>(dim),
                                 resultType.getDimSize(dim), input,
                                 at.front()});
    }
  }
  if (channels.empty() && tooManyChannels)
    return fail("more than " + Twine(kMaxChannels) +
                " output channels (the fold holds constants per channel)");
  if (channels.empty())
    return fail("the weights are not constants (non-empty, of the result's "
                "element type) indexed by an output dimension");

  // The chain of affine ops, for the first candidate channel that has one.
  Channel channel;
  SmallVector<linalg::LinalgOp> chain;
  ChannelValue affine;
  std::string why;
  for (const Channel &candidate : channels) {
    ChannelValue x;
    x.affine = true;
    x.scale.assign(candidate.size, 1.0);
    x.shift.assign(candidate.size, 0.0);
    Value current = result;
    while (current.hasOneUse()) {
      OpOperand &use = *current.getUses().begin();
      auto next = dyn_cast<linalg::LinalgOp>(use.getOwner());
      if (!next) {
        why = "the result is not used by a linalg op";
        break;
      }
      FailureOr<ChannelValue> composed =
          applyEpilogueOp(next, use, x, candidate, why);
      if (failed(composed))
        break;
      x = std::move(*composed);
      chain.push_back(next);
      current = next->getResult(0);
    }
    if (!chain.empty()) {
      channel = candidate;
      affine = std::move(x);
      break;
    }
  }
  if (chain.empty())
    return fail("no affine epilogue per output channel: " + why);

  std::optional<SmallVector<APFloat>> bias =
      initPerChannel(init->get(), channel);
  if (!bias)
    return fail("the initial value is not a fill, a constant or a broadcast "
                "of a constant per output channel");
  return AffineEpilogue{channel.dim,
                        channel.size,
                        channel.weights,
                        channel.weightsDim,
                        std::move(chain),
                        std::move(affine.scale),
                        std::move(affine.shift),
                        std::move(*bias)};
}
