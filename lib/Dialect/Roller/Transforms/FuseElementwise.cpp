//===- FuseElementwise.cpp - Elementwise chains as one op -----------------===//
//
// `--roller-fuse-elementwise`: elementwise producers fused into their
// consumers when each element is still computed once.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/FuseElementwise.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "Roller/Dialect/Roller/Transforms/ReadThroughGathers.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERFUSEELEMENTWISEPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// A `linalg.generic` on tensors with only parallel loops, or a
/// `linalg.transpose` (fused as its generic form: the attention's head
/// transposes): what may be fused into a consumer.
static linalg::LinalgOp getElementwiseProducer(Value value) {
  Operation *def = value.getDefiningOp();
  if (!isa_and_nonnull<linalg::GenericOp, linalg::TransposeOp>(def))
    return nullptr;
  auto producer = cast<linalg::LinalgOp>(def);
  if (!producer.hasPureTensorSemantics() ||
      producer.getNumLoops() != producer.getNumParallelLoops())
    return nullptr;
  return producer;
}

/// How many times the consumer's loops visit each element `map` reads: the
/// product of the extents of the loops it does not use (0 when unknown).
static int64_t getReadsPerElement(linalg::LinalgOp consumer, AffineMap map) {
  SmallVector<int64_t> ranges = consumer.getStaticLoopRanges();
  int64_t reads = 1;
  for (auto [dim, range] : llvm::enumerate(ranges)) {
    if (map.isFunctionOfDim(dim))
      continue;
    if (ShapedType::isDynamic(range))
      return 0;
    reads *= range;
  }
  return reads;
}

/// Whether `producer` only converts element types (casts) or moves elements
/// (a transpose), which costs less to repeat in each consumer than a kernel
/// and a tensor in memory.
static bool isCheapToRepeat(linalg::LinalgOp producer) {
  return llvm::all_of(producer.getBlock()->without_terminator(),
                      [](Operation &op) { return isa<CastOpInterface>(op); });
}

/// The most scalar ops an elementwise producer read through a broadcast may
/// have to be computed again for every read.
static constexpr int64_t kMaxRecomputedOps = 8;

/// Whether `producer` is worth computing again for every element of a
/// broadcast read: a few scalar ops per row (a mean's divide, LayerNorm's
/// 1/sqrt(var/N + eps)) cost less than the tensor they would otherwise be
/// written to, and fused into their reader they let it read the reduction's
/// result itself (then a row epilogue of that reduction, FuseEpilogues.h).
static bool isCheapToRecompute(linalg::LinalgOp producer) {
  return producer->getNumResults() == 1 &&
         static_cast<int64_t>(llvm::range_size(
             producer.getBlock()->without_terminator())) <= kMaxRecomputedOps;
}

/// Whether `producer` only moves elements: one result, whose value is one
/// of its inputs' elements (a transpose, a broadcast, a copy).
static bool onlyMovesData(linalg::LinalgOp producer) {
  if (producer->getNumResults() != 1)
    return false;
  Block *body = producer.getBlock();
  auto value = dyn_cast<BlockArgument>(body->getTerminator()->getOperand(0));
  return body->without_terminator().empty() && value &&
         value.getOwner() == body &&
         value.getArgNumber() < producer.getNumDpsInputs();
}

/// Whether `producer` reads no more bytes per element than it writes: its
/// inputs read through maps using every loop (full tensors) count, those
/// read through broadcasts (a row's mean) do not. Fused into a reduction,
/// such a producer does not make the reduction's blocks read more.
static bool readsNoMoreThanItWrites(linalg::LinalgOp producer) {
  if (producer->getNumResults() != 1)
    return false;
  int64_t read = 0;
  // A tensor read twice the same way (x * x after a fusion) is read once.
  llvm::SmallDenseSet<std::pair<Value, AffineMap>> seen;
  for (OpOperand *input : producer.getDpsInputOperands()) {
    AffineMap map = producer.getMatchingIndexingMap(input);
    bool full = llvm::all_of(llvm::seq(map.getNumDims()), [&](unsigned d) {
      return map.isFunctionOfDim(d);
    });
    if (full && seen.insert({input->get(), map}).second)
      read +=
          getElementTypeOrSelf(input->get().getType()).getIntOrFloatBitWidth();
  }
  return read <= getElementTypeOrSelf(producer->getResult(0).getType())
                     .getIntOrFloatBitWidth();
}

/// Whether every input `producer` reads in full is read, through the map
/// it would have in the fused op, by another reduction over the same loops
/// as the reduction `use` belongs to (a sibling the two can merge with).
static bool siblingReadsInputs(linalg::LinalgOp producer, OpOperand &use) {
  auto consumer = cast<linalg::LinalgOp>(use.getOwner());
  AffineMap result =
      producer.getIndexingMapMatchingResult(cast<OpResult>(use.get()));
  if (!result.isPermutation())
    return false;
  // Producer loops in the consumer's: its result's map, inverted, after the
  // consumer's map of it.
  AffineMap toConsumer =
      inversePermutation(result).compose(consumer.getMatchingIndexingMap(&use));
  SmallVector<int64_t> ranges = consumer.getStaticLoopRanges();
  auto isSibling = [&](Operation *op) {
    auto sibling = dyn_cast<linalg::GenericOp>(op);
    return sibling && op != consumer.getOperation() &&
           op->getBlock() == consumer->getBlock() &&
           sibling.hasPureTensorSemantics() &&
           sibling.getIteratorTypesArray() ==
               consumer.getIteratorTypesArray() &&
           sibling.getStaticLoopRanges() == ranges;
  };
  for (OpOperand *input : producer.getDpsInputOperands()) {
    AffineMap map = producer.getMatchingIndexingMap(input);
    if (llvm::any_of(llvm::seq(map.getNumDims()),
                     [&](unsigned d) { return !map.isFunctionOfDim(d); }))
      continue; // a broadcast read: not more per element
    AffineMap fused = map.compose(toConsumer);
    bool read = llvm::any_of(input->get().getUses(), [&](OpOperand &other) {
      auto sibling = dyn_cast<linalg::LinalgOp>(other.getOwner());
      return sibling && isSibling(sibling) && sibling.isDpsInput(&other) &&
             sibling.getMatchingIndexingMap(&other) == fused;
    });
    if (!read)
      return false;
  }
  return true;
}

std::optional<std::string> mlir::roller::whyNotFused(OpOperand &use,
                                                     bool checkOtherUsers) {
  linalg::LinalgOp producer = getElementwiseProducer(use.get());
  if (!producer)
    return std::string("it is not an elementwise linalg.generic or "
                       "linalg.transpose on tensors");
  // Fused, a gather's floordiv/mod map would end its user's schedule; its
  // user reads through it instead (ReadThroughGathers.h).
  if (isGatherCopy(producer))
    return std::string("it is a gather (a convolution's patches), which "
                       "its users read through");
  auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
  if (!consumer)
    return std::string("its user is not a linalg op");
  // A producer that only moves elements (a transpose) fuses into a named
  // contraction, which reads its source in the producer's place (as a
  // generic op: a matmul reading a transposed operand); one that computes
  // would end the contraction's body as a contraction (tensor cores).
  bool movesData = onlyMovesData(producer);
  // A transpose is elementwise too: it takes its producer in as its generic
  // form (a chain computed in the order the transpose writes; two transposes
  // that undo each other around it, an NCHW convolution's result and the
  // next one's input taken through NHWC, leave it reading in place).
  bool generic =
      isa<linalg::GenericOp, linalg::TransposeOp>(consumer.getOperation());
  if (!generic && !(movesData && linalg::isaContractionOpInterface(consumer)))
    return llvm::formatv("its user is a named op ({0}): only producers that "
                         "move elements (transposes) are fused into named "
                         "contractions",
                         consumer->getName())
        .str();
  // The reductions of whole models have few output points, so few blocks
  // each reading a lot: one more input to read costs them more than the
  // producer's own kernel (the model predicts resnet_block's pooled sum
  // 3.6 -> 7.2 us with its add and ReLU fused in). A producer that reads
  // no more than it writes (a cast, LayerNorm's (x - mean)^2) does not.
  // Nor does one whose inputs a sibling reduction reads already (softmax's
  // x == -inf check beside its row max): the two become one kernel
  // (MergeSiblingReductions.h), which reads them once.
  if (consumer.getNumReductionLoops() != 0 &&
      !readsNoMoreThanItWrites(producer) && !siblingReadsInputs(producer, use))
    return std::string("its user is a reduction, whose few blocks would "
                       "read more (the producer's inputs) instead (slower "
                       "in the model), and no sibling reduction reads "
                       "them");
  if (use.get().getDefiningOp()->getBlock() != consumer->getBlock())
    return std::string("its user is in another block (inside a loop it "
                       "would compute it on every iteration)");
  if (!consumer.isDpsInput(&use))
    return std::string("it is the initial value of its user's output");
  // Reads of it by the user's other operands (x * x) fuse along with it.
  bool otherUsers = llvm::any_of(use.get().getUsers(), [&](Operation *user) {
    return user != consumer.getOperation();
  });
  // A producer that reads no more than it writes (softmax's exp(x - max),
  // read by the row sum and by the divide) is computed again by each user:
  // each reads its inputs in place of its result, and its kernel and its
  // tensor in memory are gone once the last user has it.
  // Only when every user takes it: one left would keep its kernel and make
  // it no epilogue of its own producer either (attention's scale).
  if (otherUsers && checkOtherUsers && !isCheapToRepeat(producer)) {
    if (!readsNoMoreThanItWrites(producer) || !isCheapToRecompute(producer))
      return std::string("its result has other users, which would compute "
                         "it again");
    for (OpOperand &other : use.get().getUses())
      if (other.getOwner() != consumer.getOperation() &&
          whyNotFused(other, /*checkOtherUsers=*/false))
        return std::string("its result has other users, not all of which "
                           "can compute it again");
  }
  // A moved element read many times is read from the source as often.
  AffineMap map = consumer.getMatchingIndexingMap(&use);
  if (movesData && !map.isProjectedPermutation())
    return std::string("its user does not read it through a projected "
                       "permutation of its loops");
  if (!movesData && !map.isPermutation()) {
    int64_t reads = getReadsPerElement(consumer, map);
    if (reads > 1 && map.isProjectedPermutation(/*allowZeroInResults=*/true) &&
        isCheapToRecompute(producer))
      ; // computed again for every read, as the consumer's own few ops
    else
      return (reads > 1
                  ? llvm::formatv("its user reads each element {0} times: "
                                  "it would be computed that often",
                                  reads)
                        .str()
                  : std::string("its user does not read it through a "
                                "permutation of its loops"));
  }
  // (A transpose, one input read through a permutation, always fuses
  // where the checks above pass; upstream checks generic ops only.)
  if (isa<linalg::GenericOp>(producer.getOperation()) &&
      isa<linalg::GenericOp>(consumer.getOperation()) &&
      !linalg::areElementwiseOpsFusable(&use))
    return std::string("upstream's elementwise fusion does not apply");
  return std::nullopt;
}

/// Fuses the producers of `consumer`'s inputs into it while whyNotFused
/// allows it, each time into the op the last fusion made. Returns the
/// number of fusions.
static int64_t fuseIntoConsumer(RewriterBase &rewriter,
                                linalg::LinalgOp anchor) {
  int64_t count = 0;
  for (bool fusedOne = true; fusedOne;) {
    fusedOne = false;
    for (OpOperand *input : anchor.getDpsInputOperands()) {
      if (whyNotFused(*input))
        continue;
      // A named contraction takes a producer in as its generic form. (Its
      // operand list is gone then: a failure below ends the fusions.)
      auto consumer = dyn_cast<linalg::GenericOp>(anchor.getOperation());
      if (!consumer) {
        unsigned number = input->getOperandNumber();
        rewriter.setInsertionPoint(anchor);
        FailureOr<linalg::GenericOp> generic =
            linalg::generalizeNamedOp(rewriter, anchor);
        if (failed(generic))
          return count;
        consumer = *generic;
        anchor = consumer;
        input = &consumer->getOpOperand(number);
      }
      Operation *producer = input->get().getDefiningOp();
      rewriter.setInsertionPoint(consumer);
      // A producer other ops read too (a cast, cheap to repeat) is fused as
      // a copy of its own; the original goes with its last reader.
      Operation *shared = nullptr;
      if (llvm::any_of(input->get().getUsers(), [&](Operation *user) {
            return user != consumer.getOperation();
          })) {
        shared = producer;
        producer = rewriter.clone(*producer);
        rewriter.modifyOpInPlace(consumer, [&] {
          input->set(producer->getResult(
              cast<OpResult>(input->get()).getResultNumber()));
        });
      }
      // A transpose fuses as its generic form.
      FailureOr<linalg::ElementwiseOpFusionResult> fused = failure();
      if (!isa<linalg::GenericOp>(producer)) {
        rewriter.setInsertionPoint(producer);
        FailureOr<linalg::GenericOp> generic = linalg::generalizeNamedOp(
            rewriter, cast<linalg::LinalgOp>(producer));
        if (succeeded(generic))
          producer = *generic;
        rewriter.setInsertionPoint(consumer);
      }
      // (Checked again on the generic forms: whyNotFused could not ask
      // upstream about a named op.)
      if (isa<linalg::GenericOp>(producer) &&
          linalg::areElementwiseOpsFusable(input))
        fused = linalg::fuseElementwiseOps(rewriter, input);
      if (failed(fused)) {
        if (shared) {
          Value result =
              shared->getResult(cast<OpResult>(input->get()).getResultNumber());
          Operation *copy = producer;
          rewriter.modifyOpInPlace(consumer, [&] { input->set(result); });
          rewriter.eraseOp(copy);
        }
        if (consumer.getOperation() != anchor.getOperation())
          return count;
        continue;
      }
      for (auto [original, replacement] : fused->replacements)
        rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
          return use.getOwner() != producer;
        });
      rewriter.eraseOp(consumer);
      if (producer->use_empty())
        rewriter.eraseOp(producer);
      if (shared && shared->use_empty())
        rewriter.eraseOp(shared);
      anchor = cast<linalg::LinalgOp>(fused->fusedOp);
      ++count;
      fusedOne = true;
      break;
    }
  }
  return count;
}

int64_t mlir::roller::fuseElementwiseChains(RewriterBase &rewriter,
                                            Operation *root, bool remarks) {
  // In program order: a producer comes before its users, so it has taken in
  // its own producers when a user takes it in, and what an op's fusions
  // erase (the op, its producers) has been visited already. Each op is
  // visited once: linear in the module, whatever the length of the chains.
  // Named contractions are visited too (they take transposes in).
  SmallVector<linalg::LinalgOp> consumers;
  root->walk([&](linalg::LinalgOp op) {
    if (isa<linalg::GenericOp, linalg::TransposeOp>(op) ||
        linalg::isaContractionOpInterface(op))
      consumers.push_back(op);
  });
  int64_t count = 0;
  for (linalg::LinalgOp consumer : consumers)
    count += fuseIntoConsumer(rewriter, consumer);
  if (count != 0) {
    // A producer read twice by its user (x * x) is fused twice: the fused
    // op reads the producer's inputs twice, which upstream deduplicates
    // (with unused results: the fills of their initial values, on the list
    // too, are then erased, not scheduled).
    SmallVector<Operation *> fused;
    root->walk([&](linalg::LinalgOp op) { fused.push_back(op); });
    RewritePatternSet patterns(root->getContext());
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    (void)applyOpPatternsGreedily(fused, std::move(patterns), config);
  }
  if (!remarks)
    return count;
  root->walk([&](linalg::LinalgOp producer) {
    // (A linalg op on memrefs has no result.)
    if (producer->getNumResults() == 0 ||
        !getElementwiseProducer(producer->getResult(0)))
      return;
    for (OpResult result : producer->getResults())
      for (OpOperand &use : result.getUses()) {
        if (!isa<linalg::LinalgOp>(use.getOwner()))
          continue;
        if (std::optional<std::string> reason = whyNotFused(use))
          emitRemarkAtLoc(producer)
              << "roller-fuse-elementwise: not fused into "
              << use.getOwner()->getName() << " at " << use.getOwner()->getLoc()
              << ": " << *reason;
      }
  });
  return count;
}

namespace {
struct RollerFuseElementwisePass
    : public roller::impl::RollerFuseElementwisePassBase<
          RollerFuseElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    fuseElementwiseChains(rewriter, getOperation(), remarks);
  }
};
} // namespace
