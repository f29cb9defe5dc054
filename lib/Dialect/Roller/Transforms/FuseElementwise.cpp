//===- FuseElementwise.cpp - Elementwise chains as one op -----------------===//
//
// `--roller-fuse-elementwise`: elementwise producers fused into their
// consumers when each element is still computed once.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/FuseElementwise.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERFUSEELEMENTWISEPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// A `linalg.generic` on tensors with only parallel loops: what may be
/// fused into a consumer.
static linalg::GenericOp getElementwiseProducer(Value value) {
  auto producer = value.getDefiningOp<linalg::GenericOp>();
  if (!producer || !producer.hasPureTensorSemantics() ||
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

/// Whether `producer` only converts element types (casts), which costs less
/// to repeat in each consumer than a kernel and a tensor in memory.
static bool isCheapToRepeat(linalg::GenericOp producer) {
  return llvm::all_of(producer.getBody()->without_terminator(),
                      [](Operation &op) { return isa<CastOpInterface>(op); });
}

/// Whether `producer` reads no more bytes per element than it writes: its
/// inputs read through maps using every loop (full tensors) count, those
/// read through broadcasts (a row's mean) do not. Fused into a reduction,
/// such a producer does not make the reduction's blocks read more.
static bool readsNoMoreThanItWrites(linalg::GenericOp producer) {
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

std::optional<std::string> mlir::roller::whyNotFused(OpOperand &use) {
  linalg::GenericOp producer = getElementwiseProducer(use.get());
  if (!producer)
    return std::string("it is not an elementwise linalg.generic on tensors");
  auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
  if (!consumer)
    return std::string("its user is not a linalg op");
  if (!isa<linalg::GenericOp>(consumer.getOperation()))
    return llvm::formatv("its user is a named op ({0}): fusing into it is not "
                         "implemented",
                         consumer->getName())
        .str();
  // The reductions of whole models have few output points, so few blocks
  // each reading a lot: one more input to read costs them more than the
  // producer's own kernel (the model predicts resnet_block's pooled sum
  // 3.6 -> 7.2 us with its add and ReLU fused in). A producer that reads
  // no more than it writes (a cast, LayerNorm's (x - mean)^2) does not.
  if (consumer.getNumReductionLoops() != 0 &&
      !readsNoMoreThanItWrites(producer))
    return std::string("its user is a reduction, whose few blocks would "
                       "read more (the producer's inputs) instead (slower "
                       "in the model); fused row reductions are not "
                       "implemented");
  if (use.get().getDefiningOp()->getBlock() != consumer->getBlock())
    return std::string("its user is in another block (inside a loop it "
                       "would compute it on every iteration)");
  if (!consumer.isDpsInput(&use))
    return std::string("it is the initial value of its user's output");
  // Reads of it by the user's other operands (x * x) fuse along with it.
  bool otherUsers = llvm::any_of(use.get().getUsers(), [&](Operation *user) {
    return user != consumer.getOperation();
  });
  if (otherUsers && !isCheapToRepeat(producer))
    return std::string("its result has other users, which would compute it "
                       "again");
  AffineMap map = consumer.getMatchingIndexingMap(&use);
  if (!map.isPermutation()) {
    int64_t reads = getReadsPerElement(consumer, map);
    return (reads > 1 ? llvm::formatv("its user reads each element {0} times: "
                                      "it would be computed that often",
                                      reads)
                            .str()
                      : std::string("its user does not read it through a "
                                    "permutation of its loops"));
  }
  if (!linalg::areElementwiseOpsFusable(&use))
    return std::string("upstream's elementwise fusion does not apply");
  return std::nullopt;
}

/// Fuses the producers of `consumer`'s inputs into it while whyNotFused
/// allows it, each time into the op the last fusion made. Returns the
/// number of fusions.
static int64_t fuseIntoConsumer(RewriterBase &rewriter,
                                linalg::GenericOp consumer) {
  int64_t count = 0;
  for (bool fusedOne = true; fusedOne;) {
    fusedOne = false;
    for (OpOperand *input : consumer.getDpsInputOperands()) {
      if (whyNotFused(*input))
        continue;
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
      FailureOr<linalg::ElementwiseOpFusionResult> fused =
          linalg::fuseElementwiseOps(rewriter, input);
      if (failed(fused)) {
        if (shared) {
          Value result =
              shared->getResult(cast<OpResult>(input->get()).getResultNumber());
          Operation *copy = producer;
          rewriter.modifyOpInPlace(consumer, [&] { input->set(result); });
          rewriter.eraseOp(copy);
        }
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
      consumer = cast<linalg::GenericOp>(fused->fusedOp);
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
  SmallVector<linalg::GenericOp> generics;
  root->walk([&](linalg::GenericOp op) { generics.push_back(op); });
  int64_t count = 0;
  for (linalg::GenericOp consumer : generics)
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
  root->walk([&](linalg::GenericOp producer) {
    // (A generic on memrefs has no result.)
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
