//===- FuseEpilogues.cpp - Elementwise consumers as epilogues -------------===//
//
// `--roller-fuse-epilogues` and its entry points: an elementwise rProgram
// that reads the result of another rProgram becomes that rProgram's
// epilogue (FuseEpilogues.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/FuseEpilogues.h"
#include "Roller/Dialect/Roller/IR/TileShapes.h"
#include "Roller/Dialect/Roller/Transforms/EpilogueLoops.h"
#include "Roller/Dialect/Roller/Transforms/LowerRProgram.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Verifier.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERFUSEEPILOGUESPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {
/// A producer/consumer pair that whyNotEpilogue accepted, with what the
/// rewrite needs.
struct EpiloguePlan {
  RProgramOp producer, consumer;
  RProgramStructure producerParts, consumerParts;
  /// The producer's result the consumer reads.
  Value result;
  /// For each consumer loop, the producer axis it runs along.
  SmallVector<int64_t> axisOf;
  /// Consumer loop `order[i]` becomes epilogue loop `i` (axes increasing).
  SmallVector<unsigned> order;
  /// The epilogue's indexing maps (consumer maps on the epilogue's loops).
  SmallVector<AffineMap> maps;
  /// The epilogue's axes (producer axes, increasing).
  SmallVector<int64_t> axes;
};
} // namespace

static bool hasTensorOperands(RProgramOp program) {
  return llvm::all_of(program->getOperandTypes(),
                      [](Type type) { return isa<RankedTensorType>(type); });
}

/// Fills `plan` for the pair of `use`, or says why there is none.
static std::optional<std::string> planEpilogue(OpOperand &use,
                                               EpiloguePlan &plan) {
  auto consumer = dyn_cast<RProgramOp>(use.getOwner());
  auto producer = use.get().getDefiningOp<RProgramOp>();
  if (!consumer || !producer ||
      use.getOperandNumber() >= consumer.getInputs().size())
    return "the user is not an rProgram reading it as an input";
  if (consumer->hasAttr(RollerDialect::kUnfusedAttrName))
    return std::string("the selection predicted the two kernels faster than "
                       "the fused one (roller.unfused)");
  plan.producer = producer;
  plan.consumer = consumer;
  plan.result = use.get();
  FailureOr<RProgramStructure> p = matchRProgramStructure(producer, false);
  FailureOr<RProgramStructure> c = matchRProgramStructure(consumer, false);
  if (failed(p) || failed(c))
    return std::string("an rProgram is not in the canonical form");
  if (p->epilogue)
    return std::string("the producer has an epilogue already");
  if (c->epilogue)
    return std::string("the consumer has an epilogue of its own");
  plan.producerParts = *p;
  plan.consumerParts = *c;
  if (producer.getOutputs().size() != 1)
    return std::string("the producer has several outputs");
  if (!hasTensorOperands(producer) || !hasTensorOperands(consumer))
    return std::string("an rProgram works on memrefs");
  for (OpOperand &other : plan.result.getUses())
    if (other.getOwner() != consumer.getOperation() ||
        other.getOperandNumber() >= consumer.getInputs().size())
      return std::string("the producer's result has other users (it would "
                         "be written to global memory anyway)");

  ComputeOp anchor = p->compute;
  ComputeOp compute = c->compute;
  EpilogueCandidate pair;
  pair.written = anchor.getIndexingMap(anchor.getIns().size());
  for (unsigned axis = 0; axis < anchor.getNumLoops(); ++axis)
    pair.producerReduces.push_back(anchor.isReduction(axis));
  for (unsigned loop = 0; loop < compute.getNumLoops(); ++loop)
    pair.consumerReduces.push_back(compute.isReduction(loop));
  for (auto [cIndex, cInput] : llvm::enumerate(c->inputOf)) {
    Value tensor = consumer.getInputs()[cInput];
    if (tensor == plan.result) {
      pair.resultReads.push_back(compute.getIndexingMap(cIndex));
      continue;
    }
    for (auto [pIndex, pInput] : llvm::enumerate(p->inputOf))
      if (producer.getInputs()[pInput] == tensor)
        pair.sharedReads.push_back(
            {compute.getIndexingMap(cIndex), anchor.getIndexingMap(pIndex)});
  }
  EpilogueLoops loops;
  if (std::optional<std::string> why = matchEpilogueLoops(pair, loops))
    return why;
  if (loops.row && producer.getConfig().usesMma())
    return std::string("the consumer's loops are not the producer's output "
                       "(row epilogues follow CUDA-core reductions only)");
  plan.axisOf = loops.axisOf;
  plan.order = llvm::to_vector(llvm::seq<unsigned>(0, compute.getNumLoops()));
  llvm::sort(plan.order, [&](unsigned a, unsigned b) {
    return plan.axisOf[a] < plan.axisOf[b];
  });
  SmallVector<AffineExpr> renamed(compute.getNumLoops());
  for (auto [position, loop] : llvm::enumerate(plan.order)) {
    renamed[loop] = getAffineDimExpr(position, compute.getContext());
    plan.axes.push_back(plan.axisOf[loop]);
  }
  ConfigAttr config = producer.getConfig();
  for (unsigned index = 0; index < compute->getNumOperands(); ++index) {
    AffineMap map = compute.getIndexingMap(index).replaceDimsAndSymbols(
        renamed, {}, compute.getNumLoops(), 0);
    for (RTileAttr rtile : {config.getBlock(), config.getThread()}) {
      SmallVector<int64_t> sizes = llvm::map_to_vector(
          plan.axes, [&](int64_t axis) { return rtile.getSizes()[axis]; });
      if (!getAccessedTileShape(map, sizes))
        return std::string("a consumer input's access is not linear");
    }
    plan.maps.push_back(map);
  }
  return std::nullopt;
}

std::optional<std::string> mlir::roller::whyNotEpilogue(OpOperand &use) {
  EpiloguePlan plan;
  return planEpilogue(use, plan);
}

/// The register tile of an epilogue operand accessed through `map`.
static TileType getRegisterTile(EpiloguePlan &plan, AffineMap map,
                                Type elementType) {
  ArrayRef<int64_t> thread = plan.producer.getConfig().getThread().getSizes();
  SmallVector<int64_t> sizes = llvm::map_to_vector(
      plan.axes, [&](int64_t axis) { return thread[axis]; });
  return TileType::get(map.getContext(), *getAccessedTileShape(map, sizes),
                       elementType, MemoryLevel::Register, 0);
}

/// The epilogue: the consumer's compute on the epilogue's loops, after the
/// producer's compute (cloned into `body` by the caller, `anchor`).
static ComputeOp buildEpilogue(RewriterBase &rewriter, EpiloguePlan &plan,
                               ComputeOp anchor, ValueRange consumerArgs) {
  ComputeOp compute = plan.consumerParts.compute;
  Location loc = compute.getLoc();
  SmallVector<Value> ins, inits;
  for (auto [index, input] : llvm::enumerate(plan.consumerParts.inputOf)) {
    if (plan.consumer.getInputs()[input] == plan.result) {
      ins.push_back(anchor->getResult(0));
      continue;
    }
    Value arg = consumerArgs[input];
    ins.push_back(
        LoadOp::create(rewriter, loc,
                       getRegisterTile(plan, plan.maps[index],
                                       getElementTypeOrSelf(arg.getType())),
                       arg));
  }
  unsigned numInputs = plan.consumer.getInputs().size();
  for (auto [index, output] : llvm::enumerate(plan.consumerParts.outputOf)) {
    Value arg = consumerArgs[numInputs + output];
    inits.push_back(
        LoadOp::create(rewriter, loc,
                       getRegisterTile(plan, plan.maps[ins.size() + index],
                                       getElementTypeOrSelf(arg.getType())),
                       arg));
  }
  SmallVector<Attribute> maps =
      llvm::map_to_vector(plan.maps, [](AffineMap map) -> Attribute {
        return AffineMapAttr::get(map);
      });
  auto epilogue =
      ComputeOp::create(rewriter, loc, TypeRange(ValueRange(inits)), ins, inits,
                        rewriter.getArrayAttr(maps), compute.getIteratorTypes(),
                        rewriter.getDenseI64ArrayAttr(plan.axes));
  IRMapping mapping;
  compute.getBody().cloneInto(&epilogue.getBody(), mapping);
  // roller.index counts along the consumer's loops, now reordered.
  SmallVector<unsigned> positionOf(plan.order.size());
  for (auto [position, loop] : llvm::enumerate(plan.order))
    positionOf[loop] = position;
  epilogue.getBody().walk(
      [&](IndexOp index) { index.setDim(positionOf[index.getDim()]); });
  return epilogue;
}

FailureOr<RProgramOp> mlir::roller::fuseEpilogue(RewriterBase &rewriter,
                                                 OpOperand &use,
                                                 std::string &reason) {
  EpiloguePlan plan;
  if (std::optional<std::string> why = planEpilogue(use, plan)) {
    reason = *why;
    return failure();
  }
  RProgramOp producer = plan.producer, consumer = plan.consumer;
  // Inputs: the producer's, its output (where its accumulators start), the
  // consumer's other inputs.
  SmallVector<Value> inputs(producer.getInputs());
  inputs.push_back(producer.getOutputs()[0]);
  SmallVector<unsigned> consumerInput(consumer.getInputs().size(), ~0u);
  for (auto [index, input] : llvm::enumerate(consumer.getInputs())) {
    if (input == plan.result)
      continue;
    consumerInput[index] = inputs.size();
    inputs.push_back(input);
  }
  ConfigAttr config = producer.getConfig();
  SmallVector<int64_t> padding(config.getPadding());
  padding.resize(inputs.size(), 0);
  ConfigAttr fusedConfig = ConfigAttr::get(
      rewriter.getContext(), config.getBlock(), config.getThread(),
      config.getMma(), padding, config.getVectorWidth(), config.getStages(),
      config.getStaged(), config.getThreads(), config.getGrid(),
      config.getPredictedUs(), config.getBottleneck(), config.getMaxRegs(),
      config.getReduceThreads(), config.getBlockGroup());

  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(consumer);
  auto fused = RProgramOp::create(rewriter, consumer.getLoc(), inputs,
                                  consumer.getOutputs(), fusedConfig);
  if (DeviceAttr device = producer.getDeviceAttr())
    fused.setDeviceAttr(device);
  Block &body = fused.getBody().front();
  rewriter.setInsertionPointToStart(&body);
  // The producer's loads and compute, its output now the last of its inputs.
  IRMapping mapping;
  Block &producerBody = producer.getBody().front();
  for (auto [index, arg] : llvm::enumerate(producerBody.getArguments()))
    mapping.map(arg, body.getArgument(index));
  ComputeOp anchor;
  for (Operation &op : producerBody.without_terminator()) {
    if (isa<StoreOp>(op))
      continue;
    Operation *clone = rewriter.clone(op, mapping);
    if (&op == plan.producerParts.compute.getOperation())
      anchor = cast<ComputeOp>(clone);
  }
  SmallVector<Value> consumerArgs;
  for (unsigned index : consumerInput)
    consumerArgs.push_back(index == ~0u ? Value() : body.getArgument(index));
  for (unsigned index = 0; index < consumer.getOutputs().size(); ++index)
    consumerArgs.push_back(fused.getOutputArgument(index));
  ComputeOp epilogue = buildEpilogue(rewriter, plan, anchor, consumerArgs);
  SmallVector<Value> results;
  for (auto [index, value] : llvm::enumerate(epilogue.getResults())) {
    unsigned output = plan.consumerParts.outputOf[index];
    auto store = StoreOp::create(rewriter, consumer.getLoc(), value,
                                 fused.getOutputArgument(output));
    results.push_back(store.getResult());
  }
  // Stores come in output order in the yield.
  SmallVector<Value> yielded(results.size());
  for (auto [index, value] : llvm::enumerate(results))
    yielded[plan.consumerParts.outputOf[index]] = value;
  YieldOp::create(rewriter, consumer.getLoc(), yielded);

  // More register tiles may exceed the device: keep the two programs then.
  std::string message;
  {
    ScopedDiagnosticHandler capture(rewriter.getContext(),
                                    [&](Diagnostic &diagnostic) {
                                      message = diagnostic.str();
                                      return success();
                                    });
    if (failed(verify(fused))) {
      rewriter.eraseOp(fused);
      reason = "the fused rProgram would not verify: " + message;
      return failure();
    }
  }
  rewriter.replaceOp(consumer, fused.getResults());
  rewriter.eraseOp(producer);
  return fused;
}

int64_t mlir::roller::fuseEpilogues(RewriterBase &rewriter, Operation *root,
                                    bool remarks) {
  SmallVector<RProgramOp> producers;
  root->walk([&](RProgramOp program) { producers.push_back(program); });
  // A fusion erases the producer and its consumer, which comes later in
  // the list.
  llvm::SmallPtrSet<Operation *, 16> erased;
  int64_t count = 0;
  for (RProgramOp producer : producers) {
    if (erased.contains(producer) || producer->getNumResults() != 1)
      continue;
    // The first rProgram user decides; a result with several users is
    // refused by the check itself.
    OpOperand *candidate = nullptr;
    for (OpOperand &use : producer->getResult(0).getUses())
      if (isa<RProgramOp>(use.getOwner())) {
        candidate = &use;
        break;
      }
    if (!candidate)
      continue;
    auto consumer = cast<RProgramOp>(candidate->getOwner());
    Location producerLoc = producer.getLoc();
    std::string reason;
    if (FailureOr<RProgramOp> fused =
            fuseEpilogue(rewriter, *candidate, reason);
        succeeded(fused)) {
      erased.insert(producer);
      erased.insert(consumer);
      ++count;
      // Which ops each kernel computes: the operator and its epilogue.
      if (remarks)
        emitRemarkAtLoc(*fused)
            << "roller-fuse-epilogues: fused as the epilogue of the "
               "rProgram at "
            << producerLoc;
      continue;
    }
    // Only elementwise consumers are candidates worth a remark (a matmul
    // reading a matmul is no epilogue).
    FailureOr<RProgramStructure> parts =
        matchRProgramStructure(consumer, /*emitErrors=*/false);
    bool elementwise = succeeded(parts) &&
                       llvm::none_of(llvm::seq(parts->compute.getNumLoops()),
                                     [&](unsigned axis) {
                                       return parts->compute.isReduction(axis);
                                     });
    if (remarks && elementwise)
      emitRemarkAtLoc(consumer)
          << "roller-fuse-epilogues: not fused into the rProgram at "
          << producer.getLoc() << ": " << reason;
  }
  return count;
}

namespace {
struct RollerFuseEpiloguesPass
    : public roller::impl::RollerFuseEpiloguesPassBase<
          RollerFuseEpiloguesPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    fuseEpilogues(rewriter, getOperation(), remarks);
  }
};
} // namespace
