//===- LowerRProgramMatch.cpp - The canonical rProgram form ---------------===//
//
// The lowering rebuilds the operator from the rProgram's compute op and reads
// the memory levels from its loads, so it only accepts the structure
// `--roller-tile` produces. Everything here is a check: nothing is rewritten.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/LowerRProgram.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::roller;

namespace {
/// Emits diagnostics only when asked to, so the match can serve as a
/// precondition check too.
struct Reporter {
  bool enabled;
  LogicalResult fail(Operation *op, const Twine &message) const {
    if (enabled)
      op->emitOpError() << message;
    return failure();
  }
};
} // namespace

/// The index of `value` among the rProgram's inputs (or outputs), if it is
/// one of the body's arguments standing for them.
static std::optional<unsigned> getArgIndex(RProgramOp program, Value value,
                                           bool outputs) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getOwner() != &program.getBody().front())
    return std::nullopt;
  unsigned numInputs = program.getInputs().size();
  unsigned index = arg.getArgNumber();
  if (outputs)
    return index >= numInputs ? std::optional<unsigned>(index - numInputs)
                              : std::nullopt;
  return index < numInputs ? std::optional<unsigned>(index) : std::nullopt;
}

/// Matches the chain that brings compute input `index` from an rProgram
/// input: register <- shared <- input when staged, register <- input if not
/// (or when the config is staged but the input skips shared memory).
static LogicalResult matchInput(RProgramOp program, const Reporter &report,
                                unsigned index, Value operand,
                                RProgramStructure &result) {
  ComputeOp compute = result.compute;
  auto regLoad = operand.getDefiningOp<LoadOp>();
  auto regTile = dyn_cast<TileType>(operand.getType());
  if (!regLoad || !regTile || regTile.getLevel() != MemoryLevel::Register)
    return report.fail(compute, "input #" + Twine(index) +
                                    " must be a register tile loaded with "
                                    "'roller.load'");
  Value source = regLoad.getSource();
  auto sharedTile = dyn_cast<TileType>(source.getType());
  // A staged config may still read an input straight from global memory (a
  // pooling window only gives a shape); the rprogram verifier rejects shared
  // tiles under staged = false.
  if (sharedTile) {
    auto sharedLoad = source.getDefiningOp<LoadOp>();
    if (!sharedLoad)
      return report.fail(regLoad, "loads from a shared tile that is not "
                                  "produced by 'roller.load'");
    source = sharedLoad.getSource();
    regLoad = sharedLoad;
  }
  std::optional<unsigned> input = getArgIndex(program, source, false);
  if (!input)
    return report.fail(regLoad, "must load compute input #" + Twine(index) +
                                    " from an rprogram input");
  result.inputOf.push_back(*input);
  result.sharedTileOf.push_back(sharedTile);
  return success();
}

/// Matches accumulators loaded from the rProgram's outputs (or, for the
/// operator's accumulators under an epilogue, its inputs), one per output
/// at most, and returns their indices.
static FailureOr<SmallVector<unsigned>>
matchAccumulators(RProgramOp program, const Reporter &report, ComputeOp compute,
                  bool fromInputs) {
  SmallVector<unsigned> indices;
  for (auto [index, init] : llvm::enumerate(compute.getInits())) {
    auto load = init.getDefiningOp<LoadOp>();
    std::optional<unsigned> arg =
        load ? getArgIndex(program, load.getSource(), !fromInputs)
             : std::nullopt;
    if (!arg)
      return report.fail(compute, "accumulator #" + Twine(index) +
                                      " must be loaded with 'roller.load' "
                                      "from an rprogram " +
                                      (fromInputs ? "input" : "output"));
    if (llvm::is_contained(indices, *arg))
      return report.fail(compute, "accumulators #" + Twine(index) +
                                      " and another one both start from " +
                                      (fromInputs ? "input #" : "output #") +
                                      Twine(*arg));
    indices.push_back(*arg);
  }
  return indices;
}

/// Matches the epilogue's inputs: results of the operator (which the
/// verifier checks are read where they were written) or register tiles
/// loaded straight from rProgram inputs.
static LogicalResult matchEpilogueInputs(RProgramOp program,
                                         const Reporter &report,
                                         RProgramStructure &result) {
  for (auto [index, operand] : llvm::enumerate(result.epilogue.getIns())) {
    if (auto value = dyn_cast<OpResult>(operand);
        value && value.getOwner() == result.compute.getOperation()) {
      result.epilogueInputOf.push_back({true, value.getResultNumber()});
      continue;
    }
    auto load = operand.getDefiningOp<LoadOp>();
    std::optional<unsigned> input =
        load ? getArgIndex(program, load.getSource(), false) : std::nullopt;
    if (!input)
      return report.fail(result.epilogue,
                         "input #" + Twine(index) +
                             " must be a result of the operator or a "
                             "register tile loaded from an rprogram input");
    result.epilogueInputOf.push_back({false, *input});
  }
  for (auto [index, value] : llvm::enumerate(result.compute.getResults()))
    if (value.use_empty())
      return report.fail(result.compute, "result #" + Twine(index) +
                                             " is neither stored nor read "
                                             "by the epilogue");
  return success();
}

/// Checks that each result of `compute` goes back, once, to the output its
/// accumulator came from, and returns the stores' results by output.
static LogicalResult matchStores(RProgramOp program, const Reporter &report,
                                 ComputeOp compute, ArrayRef<unsigned> outputOf,
                                 SmallVectorImpl<Value> &stored) {
  for (auto [index, value] : llvm::enumerate(compute.getResults())) {
    Value dest = program.getOutputArgument(outputOf[index]);
    auto isStoreToDest = [&](OpOperand &use) {
      auto store = dyn_cast<StoreOp>(use.getOwner());
      return store && use.getOperandNumber() == 0 && store.getDest() == dest;
    };
    if (!value.hasOneUse() || !isStoreToDest(*value.use_begin()))
      return report.fail(compute, "result #" + Twine(index) +
                                      " must be stored once, into output #" +
                                      Twine(outputOf[index]) +
                                      " its accumulator was loaded from");
    auto store = cast<StoreOp>(value.use_begin()->getOwner());
    stored[outputOf[index]] = store.getResult();
  }
  return success();
}

FailureOr<RProgramStructure>
mlir::roller::matchRProgramStructure(RProgramOp program, bool emitErrors) {
  Reporter report{emitErrors};
  Block &body = program.getBody().front();
  RProgramStructure result;
  SmallVector<ComputeOp> computes;
  for (Operation &op : body) {
    if (auto compute = dyn_cast<ComputeOp>(op)) {
      if (compute.isEpilogue()) {
        if (result.epilogue)
          return report.fail(compute, "is a second epilogue");
        result.epilogue = compute;
      } else {
        computes.push_back(compute);
      }
      continue;
    }
    if (!isa<LoadOp, StoreOp, YieldOp>(op))
      return report.fail(&op, "is not part of a canonical rprogram body "
                              "(loads, one compute and its epilogue, "
                              "stores, yield)");
  }
  if (computes.size() != 1)
    return report.fail(program, "body must hold exactly one 'roller.compute', "
                                "found " +
                                    Twine(computes.size()));
  ComputeOp compute = result.compute = computes.front();
  ComputeOp last = result.epilogue ? result.epilogue : compute;
  unsigned numOutputs = program.getOutputs().size();
  if (last.getInits().size() != numOutputs)
    return report.fail(last, "has " + Twine(last.getInits().size()) +
                                 " accumulators but the rprogram has " +
                                 Twine(numOutputs) + " outputs");
  unsigned numSpatial = 0;
  for (unsigned axis = 0; axis < compute.getNumLoops(); ++axis)
    numSpatial += !compute.isReduction(axis);
  // Unreachable while tiles have rank >= 1 (the accumulator of a full
  // reduction cannot be written), kept because the loops below need a
  // spatial axis.
  if (numSpatial == 0)
    return report.fail(compute, "has no spatial axis to distribute over "
                                "blocks and threads");
  if (numSpatial > 10)
    return report.fail(compute, "has " + Twine(numSpatial) +
                                    " spatial axes; GPU mappings support at "
                                    "most 10");
  for (auto [index, operand] : llvm::enumerate(compute.getIns()))
    if (failed(matchInput(program, report, index, operand, result)))
      return failure();
  FailureOr<SmallVector<unsigned>> outputOf = matchAccumulators(
      program, report, compute, /*fromInputs=*/bool(result.epilogue));
  if (failed(outputOf))
    return failure();
  result.outputOf = std::move(*outputOf);
  SmallVector<Value> stored(numOutputs);
  if (result.epilogue) {
    if (failed(matchEpilogueInputs(program, report, result)))
      return failure();
    FailureOr<SmallVector<unsigned>> epilogueOutputOf = matchAccumulators(
        program, report, result.epilogue, /*fromInputs=*/false);
    if (failed(epilogueOutputOf))
      return failure();
    result.epilogueOutputOf = std::move(*epilogueOutputOf);
    if (failed(matchStores(program, report, result.epilogue,
                           result.epilogueOutputOf, stored)))
      return failure();
  } else if (failed(matchStores(program, report, compute, result.outputOf,
                                stored))) {
    return failure();
  }
  // The program yields the stores' results in output order.
  SmallVector<Value> expected;
  for (auto [index, output] : llvm::enumerate(program.getOutputs()))
    if (isa<RankedTensorType>(output.getType()))
      expected.push_back(stored[index]);
  auto yield = cast<YieldOp>(body.getTerminator());
  if (ValueRange(expected) != yield.getValues())
    return report.fail(yield, "must yield the stored tensor outputs, in "
                              "output order");
  return result;
}
