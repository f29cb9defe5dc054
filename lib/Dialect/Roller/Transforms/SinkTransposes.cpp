//===- SinkTransposes.cpp - Transposes moved towards their undoing --------===//
//
// `--roller-sink-transposes` and its entry points (SinkTransposes.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/SinkTransposes.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/ConvNchwToNhwc.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERSINKTRANSPOSESPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The map that reads the input of a transpose by `permutation` where `map`
/// read its result: result dim i of the transpose is input dim
/// permutation[i], so input dim k is read at `map`'s result inverse[k].
static AffineMap readThroughTranspose(AffineMap map,
                                      ArrayRef<int64_t> permutation) {
  return AffineMap::getPermutationMap(invertPermutationVector(permutation),
                                      map.getContext())
      .compose(map);
}

/// Whether `value` is the result of a transpose by `op`'s permutation (a
/// sibling of `op`) of anything but `op`'s result.
static bool isSiblingOf(Value value, linalg::TransposeOp op) {
  auto transpose = value.getDefiningOp<linalg::TransposeOp>();
  return transpose && transpose != op &&
         transpose.getPermutation() == op.getPermutation() &&
         transpose.getInput() != op->getResult(0);
}

/// A transpose of `value` by the inverse of `permutation` that comes before
/// `user` in its block (`value` already in the layout a transpose by
/// `permutation` undoes: a residual's input, transposed for a convolution
/// in NHWC), or null.
static linalg::TransposeOp getTransposeBefore(Value value,
                                              ArrayRef<int64_t> permutation,
                                              Operation *user) {
  SmallVector<int64_t> inverse = invertPermutationVector(permutation);
  for (Operation *other : value.getUsers()) {
    auto transpose = dyn_cast<linalg::TransposeOp>(other);
    if (transpose && transpose.getInput() == value &&
        transpose.getPermutation() == ArrayRef<int64_t>(inverse) &&
        transpose->getBlock() == user->getBlock() &&
        transpose->isBeforeInBlock(user))
      return transpose;
  }
  return {};
}

static bool isNchwPooling(Operation *op) {
  return isa<linalg::PoolingNchwMaxOp, linalg::PoolingNchwSumOp>(op);
}

/// Why the elementwise `generic` cannot take the transpose `op` (of result
/// `t`), or nullopt when it can (SinkTransposes.h says which it takes).
static std::optional<std::string>
whyNotElementwiseReader(linalg::GenericOp generic, linalg::TransposeOp op) {
  Value t = op->getResult(0);
  ArrayRef<int64_t> permutation = op.getPermutation();
  if (generic.getNumLoops() != generic.getNumParallelLoops() ||
      generic.getNumLoops() != permutation.size())
    return std::string("a generic whose loops are not its result's dims");
  for (OpOperand &init : generic.getDpsInitsMutable()) {
    if (init.get() == t || !generic.getMatchingIndexingMap(&init).isIdentity())
      return std::string("a generic that writes through a permuted map");
    if (!init.get().getDefiningOp<tensor::EmptyOp>() &&
        !generic.getMatchingBlockArgument(&init).use_empty())
      return std::string("a generic that reads its initial value");
  }
  for (OpOperand *input : generic.getDpsInputOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(input);
    bool transposed = input->get() == t || isSiblingOf(input->get(), op) ||
                      getTransposeBefore(input->get(), permutation, generic);
    if (transposed ? !map.isIdentity() : map.isPermutation())
      return std::string("a generic that reads a tensor of its own layout");
  }
  return std::nullopt;
}

/// Why the pad `pad` of `op`'s result cannot take it, or nullopt.
static std::optional<std::string> whyNotPadOf(tensor::PadOp pad,
                                              linalg::TransposeOp op) {
  if (!pad.getLow().empty() || !pad.getHigh().empty() ||
      !pad.getConstantPaddingValue())
    return std::string("a pad with dynamic padding or a computed value");
  // A pad read by anything else (a convolution reading through it) stays
  // where it is: moving the transpose after it would put it between them.
  for (Operation *user : pad->getUsers()) {
    bool undoable = isa<linalg::TransposeOp>(user) ||
                    (isNchwPooling(user) &&
                     op.getPermutation() == ArrayRef<int64_t>(kNhwcToNchw));
    if (!undoable || user->getOperand(0) != pad.getResult())
      return std::string("a pad read by an op that does not take the "
                         "transpose");
  }
  return std::nullopt;
}

namespace {
/// What moving a transpose past its users does to the count of transposes.
struct SinkCount {
  int64_t made = 0, undone = 0;
};
} // namespace

/// Why `user` cannot take the transpose `op`, or nullopt, counting into
/// `count` the transposes taking it makes and undoes.
static std::optional<std::string>
whyUserRefuses(Operation *user, linalg::TransposeOp op, SinkCount &count) {
  Value t = op->getResult(0);
  if (user->hasAttr(RollerDialect::kConfigAttrName))
    return std::string("a user with a roller.config");
  if (auto transpose = dyn_cast<linalg::TransposeOp>(user)) {
    if (transpose.getInit() == t)
      return std::string("a transpose that writes into it");
    SmallVector<int64_t> composed =
        applyPermutation(op.getPermutation(), transpose.getPermutation());
    count.undone += isIdentityPermutation(composed);
    return std::nullopt;
  }
  if (auto pad = dyn_cast<tensor::PadOp>(user)) {
    ++count.made;
    return whyNotPadOf(pad, op);
  }
  if (isNchwPooling(user)) {
    auto pooling = cast<linalg::LinalgOp>(user);
    if (op.getPermutation() != ArrayRef<int64_t>(kNhwcToNchw) ||
        pooling.getDpsInputOperand(0)->get() != t ||
        pooling.getDpsInputOperand(1)->get() == t ||
        pooling.getDpsInitOperand(0)->get() == t ||
        !pooling.hasPureTensorSemantics())
      return std::string("a pooling that does not read it as its NCHW input");
    count.made += isFillOfEmpty(pooling.getDpsInitOperand(0)->get()) ? 1 : 2;
    return std::nullopt;
  }
  auto generic = dyn_cast<linalg::GenericOp>(user);
  if (!generic || !generic.hasPureTensorSemantics())
    return std::string("a user that is no pad, pooling, transpose or generic");
  if (generic.getNumReductionLoops() > 0) {
    if (llvm::any_of(generic.getDpsInits(), [&](Value v) { return v == t; }))
      return std::string("a reduction that writes into it");
    return std::nullopt;
  }
  count.made += generic->getNumResults();
  return whyNotElementwiseReader(generic, op);
}

std::optional<std::string>
mlir::roller::whyNotSinkTranspose(linalg::TransposeOp op) {
  if (!op.hasPureTensorSemantics())
    return std::string("not on tensors");
  if (op->use_empty())
    return std::string("no users");
  SinkCount count;
  llvm::SetVector<Operation *> users(op->user_begin(), op->user_end());
  for (Operation *user : users)
    if (std::optional<std::string> why = whyUserRefuses(user, op, count))
      return why;
  if (llvm::all_of(users, llvm::IsaPred<linalg::TransposeOp>))
    return std::string("only transposes read it (linalg.transpose's "
                       "canonicalization composes them)");
  if (count.made > 1 + count.undone)
    return llvm::formatv("it would make {0} transposes for the {1} it removes",
                         count.made, 1 + count.undone)
        .str();
  return std::nullopt;
}

/// `generic` (elementwise, whyNotElementwiseReader holds) with its loops in
/// the layout of `op`'s input, followed by transposes of its results.
static void sinkIntoElementwise(RewriterBase &rewriter,
                                linalg::GenericOp generic,
                                linalg::TransposeOp op,
                                SmallVectorImpl<linalg::TransposeOp> &made) {
  ArrayRef<int64_t> permutation = op.getPermutation();
  MLIRContext *context = rewriter.getContext();
  unsigned rank = permutation.size();
  // The old loop i is the new loop permutation[i].
  AffineMap reorder = AffineMap::getPermutationMap(permutation, context);

  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(input).compose(reorder);
    Value value = input->get();
    if (value == op->getResult(0) || isSiblingOf(value, op)) {
      value = value.getDefiningOp<linalg::TransposeOp>().getInput();
      map = readThroughTranspose(map, permutation);
    } else if (linalg::TransposeOp before =
                   getTransposeBefore(value, permutation, generic)) {
      // The other way round: read the value already transposed into the
      // new loops' layout, by the identity.
      value = before->getResult(0);
      map = AffineMap::getMultiDimIdentityMap(rank, context);
    }
    inputs.push_back(value);
    maps.push_back(map);
  }
  SmallVector<int64_t> inverse = invertPermutationVector(permutation);
  SmallVector<Value> inits;
  Location loc = generic.getLoc();
  for (Value init : generic.getDpsInits()) {
    auto type = cast<RankedTensorType>(init.getType());
    inits.push_back(tensor::EmptyOp::create(
        rewriter, loc, applyPermutation(type.getShape(), inverse),
        type.getElementType()));
    maps.push_back(AffineMap::getMultiDimIdentityMap(rank, context));
  }
  auto reordered = linalg::GenericOp::create(
      rewriter, loc, ValueRange(inits).getTypes(), inputs, inits, maps,
      generic.getIteratorTypesArray());
  rewriter.inlineRegionBefore(generic.getRegion(), reordered.getRegion(),
                              reordered.getRegion().end());
  SmallVector<Value> results;
  for (Value result : reordered->getResults()) {
    made.push_back(buildTranspose(rewriter, loc, result, permutation));
    results.push_back(made.back()->getResult(0));
  }
  llvm::SetVector<Value> oldInits(llvm::from_range, generic.getDpsInits());
  rewriter.replaceOp(generic, results);
  // The empty tensors the old op wrote into, unless something else uses
  // them.
  for (Value init : oldInits)
    if (init.use_empty() && init.getDefiningOp<tensor::EmptyOp>())
      rewriter.eraseOp(init.getDefiningOp());
}

/// `pad` (of `op`'s result) as the pad of `op`'s input over its dims,
/// transposed.
static linalg::TransposeOp
sinkIntoPad(RewriterBase &rewriter, tensor::PadOp pad, linalg::TransposeOp op) {
  tensor::PadOp padded =
      permutePad(rewriter, pad, op.getInput(),
                 invertPermutationVector(op.getPermutation()));
  linalg::TransposeOp transpose = buildTranspose(
      rewriter, pad.getLoc(), padded.getResult(), op.getPermutation());
  rewriter.replaceOp(pad, transpose->getResult(0));
  return transpose;
}

/// The NCHW `pooling` of `op`'s result (NHWC to NCHW) as the NHWC pooling of
/// `op`'s input, transposed.
template <typename NhwcPooling, typename NchwPooling>
static linalg::TransposeOp sinkIntoPooling(RewriterBase &rewriter,
                                           NchwPooling pooling,
                                           linalg::TransposeOp op) {
  Location loc = pooling.getLoc();
  Value init = permuteInit(rewriter, loc, pooling.getOutputs()[0], kNchwToNhwc);
  auto nhwc = NhwcPooling::create(
      rewriter, loc, TypeRange{init.getType()},
      ValueRange{op.getInput(), pooling.getInputs()[1]}, ValueRange{init},
      pooling.getStridesAttr(), pooling.getDilationsAttr());
  linalg::TransposeOp transpose =
      buildTranspose(rewriter, loc, nhwc->getResult(0), kNhwcToNchw);
  rewriter.replaceOp(pooling, transpose->getResult(0));
  return transpose;
}

/// `generic` (with reduction loops) reading `op`'s input instead of its
/// result.
static void readThroughInReduction(RewriterBase &rewriter,
                                   linalg::GenericOp generic,
                                   linalg::TransposeOp op) {
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  rewriter.modifyOpInPlace(generic, [&] {
    for (OpOperand *input : generic.getDpsInputOperands()) {
      if (input->get() != op->getResult(0))
        continue;
      unsigned index = input->getOperandNumber();
      maps[index] = readThroughTranspose(maps[index], op.getPermutation());
      input->set(op.getInput());
    }
    generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
}

FailureOr<SmallVector<linalg::TransposeOp>>
mlir::roller::sinkTranspose(RewriterBase &rewriter, linalg::TransposeOp op) {
  if (std::optional<std::string> why = whyNotSinkTranspose(op))
    return rewriter.notifyMatchFailure(op, *why);
  OpBuilder::InsertionGuard guard(rewriter);
  SmallVector<linalg::TransposeOp> made;
  // Transposes by the same permutation that the elementwise users read
  // besides `op`: they may lose their last user.
  llvm::SetVector<Operation *> siblings;
  llvm::SetVector<Operation *> users(op->user_begin(), op->user_end());
  for (Operation *user : users) {
    rewriter.setInsertionPoint(user);
    // Transposes of `op` are left to linalg.transpose's canonicalization
    // (FoldTransposeWithTranspose composes them, the fold drops an identity
    // one), which sinkTransposes runs beside this.
    if (isa<linalg::TransposeOp>(user))
      continue;
    if (auto pad = dyn_cast<tensor::PadOp>(user)) {
      made.push_back(sinkIntoPad(rewriter, pad, op));
    } else if (auto pooling = dyn_cast<linalg::PoolingNchwMaxOp>(user)) {
      made.push_back(
          sinkIntoPooling<linalg::PoolingNhwcMaxOp>(rewriter, pooling, op));
    } else if (auto pooling = dyn_cast<linalg::PoolingNchwSumOp>(user)) {
      made.push_back(
          sinkIntoPooling<linalg::PoolingNhwcSumOp>(rewriter, pooling, op));
    } else {
      auto generic = cast<linalg::GenericOp>(user);
      if (generic.getNumReductionLoops() > 0) {
        readThroughInReduction(rewriter, generic, op);
        continue;
      }
      for (Value input : generic.getDpsInputs())
        if (isSiblingOf(input, op))
          siblings.insert(input.getDefiningOp());
      sinkIntoElementwise(rewriter, generic, op, made);
    }
  }
  if (op->use_empty())
    rewriter.eraseOp(op);
  for (Operation *sibling : siblings)
    if (sibling->use_empty())
      rewriter.eraseOp(sibling);
  return made;
}

namespace {
struct SinkTransposePattern : public OpRewritePattern<linalg::TransposeOp> {
  SinkTransposePattern(MLIRContext *context,
                       llvm::function_ref<bool(linalg::TransposeOp)> isToSink,
                       int64_t *moves = nullptr)
      : OpRewritePattern(context), isToSink(isToSink), moves(moves) {}

  LogicalResult matchAndRewrite(linalg::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    if (isToSink && !isToSink(op))
      return rewriter.notifyMatchFailure(op, "not one to sink");
    if (failed(sinkTranspose(rewriter, op)))
      return failure();
    if (moves)
      ++*moves;
    return success();
  }

  llvm::function_ref<bool(linalg::TransposeOp)> isToSink;
  int64_t *moves;
};
} // namespace

void mlir::roller::populateSinkTransposePatterns(RewritePatternSet &patterns) {
  patterns.add<SinkTransposePattern>(patterns.getContext(),
                                     /*isToSink=*/nullptr);
  linalg::TransposeOp::getCanonicalizationPatterns(patterns,
                                                   patterns.getContext());
}

bool mlir::roller::isNhwcToNchw(linalg::TransposeOp op) {
  return op.getPermutation() == ArrayRef<int64_t>(kNhwcToNchw);
}

int64_t mlir::roller::sinkTransposes(
    Operation *root, llvm::function_ref<bool(linalg::TransposeOp)> isToSink) {
  int64_t moves = 0;
  MLIRContext *context = root->getContext();
  RewritePatternSet patterns(context);
  patterns.add<SinkTransposePattern>(context, isToSink, &moves);
  linalg::TransposeOp::getCanonicalizationPatterns(patterns, context);
  SmallVector<Operation *> transposes;
  root->walk([&](linalg::TransposeOp op) { transposes.push_back(op); });
  // The transposes and what moving them makes, nothing else: no other op is
  // folded, erased or simplified.
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps)
      .enableConstantCSE(false);
  (void)applyOpPatternsGreedily(transposes, std::move(patterns), config);
  return moves;
}

namespace {
struct RollerSinkTransposesPass
    : public roller::impl::RollerSinkTransposesPassBase<
          RollerSinkTransposesPass> {
  using Base::Base;

  void runOnOperation() override { sinkTransposes(getOperation()); }
};
} // namespace
