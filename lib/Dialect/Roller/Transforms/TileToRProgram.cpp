//===- TileToRProgram.cpp - Rewrite a linalg op into an rProgram ----------===//

#include "Roller/Dialect/Roller/Transforms/TileToRProgram.h"
#include "Roller/Dialect/Roller/IR/TileShapes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::roller;

/// The tile type of an operand accessed through `map` at `level`.
static FailureOr<TileType> getTileType(AffineMap map, RTileAttr rtile,
                                       Type elementType, int64_t padding) {
  std::optional<SmallVector<int64_t>> shape =
      getAccessedTileShape(map, rtile.getSizes());
  if (!shape || shape->empty())
    return failure();
  return TileType::get(map.getContext(), *shape, elementType, rtile.getLevel(),
                       padding);
}

FailureOr<RProgramOp> mlir::roller::tileToRProgram(RewriterBase &rewriter,
                                                   linalg::LinalgOp op,
                                                   ConfigAttr config) {
  if (op.getNumLoops() != config.getRank())
    return rewriter.notifyMatchFailure(op, "config rank differs from loops");
  SmallVector<Value> inputs, outputs;
  for (OpOperand *operand : op.getDpsInputOperands())
    inputs.push_back(operand->get());
  for (OpOperand &operand : op.getDpsInitsMutable())
    outputs.push_back(operand.get());
  for (Value value : llvm::concat<Value>(inputs, outputs)) {
    auto shaped = dyn_cast<ShapedType>(value.getType());
    if (!shaped || !shaped.hasStaticShape() || shaped.getRank() == 0)
      return rewriter.notifyMatchFailure(
          op, "operands must be statically shaped tensors or memrefs of rank "
              ">= 1");
  }
  if (config.getPadding().size() != inputs.size())
    return rewriter.notifyMatchFailure(op, "config padding count differs");
  if (op->getNumRegions() != 1 || op->getRegion(0).getBlocks().size() != 1)
    return rewriter.notifyMatchFailure(op, "expected a single-block body");
  Block &opBody = op->getRegion(0).front();
  // linalg.index only verifies inside a linalg op; roller.compute has no
  // equivalent yet.
  if (llvm::any_of(opBody.getOperations(), [](Operation &inner) {
        return isa<linalg::IndexOp>(inner);
      }))
    return rewriter.notifyMatchFailure(
        op, "the body uses linalg.index, which roller.compute cannot hold");

  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<Attribute> iteratorTypes;
  for (utils::IteratorType kind : op.getIteratorTypesArray())
    iteratorTypes.push_back(rewriter.getStringAttr(
        kind == utils::IteratorType::reduction ? "reduction" : "parallel"));

  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  auto program = RProgramOp::create(rewriter, loc, inputs, outputs, config);
  Block &body = program.getBody().front();
  rewriter.setInsertionPointToStart(&body);

  // Inputs: global -> shared (when staged and the body reads them) ->
  // registers. An input the body never reads (a pooling window only gives
  // its shape) skips shared memory.
  SmallVector<Value> registerIns;
  for (auto [index, input] : llvm::enumerate(inputs)) {
    Value tile = body.getArgument(index);
    Type elementType = getElementTypeOrSelf(input.getType());
    bool read = !opBody.getArgument(index).use_empty();
    if (config.getStaged() && read) {
      FailureOr<TileType> shared =
          getTileType(maps[index], config.getBlock(), elementType,
                      config.getPadding()[index]);
      if (failed(shared)) {
        rewriter.eraseOp(program);
        return rewriter.notifyMatchFailure(op, "indexing map is not linear");
      }
      tile = LoadOp::create(rewriter, loc, *shared, tile);
    }
    FailureOr<TileType> reg =
        getTileType(maps[index], config.getThread(), elementType, 0);
    if (failed(reg)) {
      rewriter.eraseOp(program);
      return rewriter.notifyMatchFailure(op, "indexing map is not linear");
    }
    registerIns.push_back(LoadOp::create(rewriter, loc, *reg, tile));
  }

  // Outputs: their current values are the accumulators' initial values.
  SmallVector<Value> inits;
  SmallVector<Type> accTypes;
  for (auto [index, output] : llvm::enumerate(outputs)) {
    unsigned operand = inputs.size() + index;
    FailureOr<TileType> reg =
        getTileType(maps[operand], config.getThread(),
                    getElementTypeOrSelf(output.getType()), 0);
    if (failed(reg)) {
      rewriter.eraseOp(program);
      return rewriter.notifyMatchFailure(op, "indexing map is not linear");
    }
    inits.push_back(
        LoadOp::create(rewriter, loc, *reg, body.getArgument(operand)));
    accTypes.push_back(*reg);
  }

  SmallVector<Attribute> mapAttrs;
  for (AffineMap map : maps)
    mapAttrs.push_back(AffineMapAttr::get(map));
  auto compute = ComputeOp::create(rewriter, loc, accTypes, registerIns, inits,
                                   rewriter.getArrayAttr(mapAttrs),
                                   rewriter.getArrayAttr(iteratorTypes));
  // The scalar body, with linalg.yield turned into roller.yield.
  Region &region = compute.getBody();
  IRMapping mapping;
  opBody.getParent()->cloneInto(&region, mapping);
  Block &computeBody = region.front();
  Operation *terminator = computeBody.getTerminator();
  rewriter.setInsertionPoint(terminator);
  YieldOp::create(rewriter, terminator->getLoc(), terminator->getOperands());
  rewriter.eraseOp(terminator);

  rewriter.setInsertionPointAfter(compute);
  SmallVector<Value> results;
  for (auto [index, acc] : llvm::enumerate(compute.getResults())) {
    auto store = StoreOp::create(rewriter, loc, acc,
                                 body.getArgument(inputs.size() + index));
    if (store.getResult())
      results.push_back(store.getResult());
  }
  YieldOp::create(rewriter, loc, results);
  rewriter.replaceOp(op, program.getResults());
  return program;
}

namespace {
/// Forwards every notification to the rewriter's own listener and keeps the
/// last match-failure reason.
struct FailureReasonListener : public RewriterBase::ForwardingListener {
  FailureReasonListener(OpBuilder::Listener *listener, std::string &reason)
      : ForwardingListener(listener), reason(reason) {}
  void
  notifyMatchFailure(Location loc,
                     function_ref<void(Diagnostic &)> reasonCallback) override {
    Diagnostic diagnostic(loc, DiagnosticSeverity::Remark);
    reasonCallback(diagnostic);
    reason = diagnostic.str();
    ForwardingListener::notifyMatchFailure(loc, reasonCallback);
  }
  std::string &reason;
};
} // namespace

FailureOr<RProgramOp> mlir::roller::tileToRProgram(RewriterBase &rewriter,
                                                   linalg::LinalgOp op,
                                                   ConfigAttr config,
                                                   std::string &reason) {
  OpBuilder::Listener *previous = rewriter.getListener();
  FailureReasonListener listener(previous, reason);
  rewriter.setListener(&listener);
  FailureOr<RProgramOp> result = tileToRProgram(rewriter, op, config);
  rewriter.setListener(previous);
  if (failed(result) && reason.empty())
    reason = "the op cannot be tiled with this config";
  return result;
}
