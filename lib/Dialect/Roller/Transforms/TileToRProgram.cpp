//===- TileToRProgram.cpp - Rewrite a linalg op into an rProgram ----------===//

#include "Roller/Dialect/Roller/Transforms/TileToRProgram.h"
#include "MatchFailureReason.h"
#include "Roller/Dialect/Roller/IR/TileShapes.h"
#include "TiledLoopCleanup.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::roller;

/// The tile type of an operand accessed through `map` (a linear map with at
/// least one result, checked by the caller) at `rtile`'s level.
static TileType getTileType(AffineMap map, RTileAttr rtile, Type elementType,
                            int64_t padding) {
  SmallVector<int64_t> shape = *getAccessedTileShape(map, rtile.getSizes());
  return TileType::get(map.getContext(), shape, elementType, rtile.getLevel(),
                       padding);
}

/// A rank-0 operand (a scalar held in a tensor or memref: torch-mlir's clamp
/// bounds) as a one-element rank-1 view, which
/// the rProgram reads at index 0 along a map with one constant result.
static Value expandRankZero(RewriterBase &rewriter, Location loc, Value value) {
  SmallVector<ReassociationIndices> none;
  if (auto tensor = dyn_cast<RankedTensorType>(value.getType()))
    return tensor::ExpandShapeOp::create(
        rewriter, loc, RankedTensorType::get({1}, tensor.getElementType()),
        value, none);
  auto memref = cast<MemRefType>(value.getType());
  return memref::ExpandShapeOp::create(
      rewriter, loc, MemRefType::get({1}, memref.getElementType()), value,
      none);
}

/// A scalar operand as a rank-0 tensor: a constant when it is one (a
/// global on the GPU path, uploaded once), else built where it is.
static Value scalarAsTensor(RewriterBase &rewriter, Location loc,
                            Value scalar) {
  auto type = RankedTensorType::get({}, scalar.getType());
  Attribute value;
  if (matchPattern(scalar, m_Constant(&value)))
    if (auto typed = dyn_cast<TypedAttr>(value))
      return arith::ConstantOp::create(rewriter, loc,
                                       DenseElementsAttr::get(type, typed));
  return tensor::FromElementsOp::create(rewriter, loc, type, scalar);
}

/// Rank-0 results back from their one-element rank-1 form (a rank-0 output
/// has no parallel loop, which the selection does not support yet; kept so
/// that the rewrite is whole when split reductions come).
static SmallVector<Value> collapseRankZero(RewriterBase &rewriter, Location loc,
                                           ValueRange results,
                                           TypeRange originalTypes) {
  SmallVector<Value> collapsed;
  for (auto [result, type] : llvm::zip_equal(results, originalTypes)) {
    auto tensor = cast<RankedTensorType>(type);
    collapsed.push_back(tensor.getRank() == 0
                            ? tensor::CollapseShapeOp::create(
                                  rewriter, loc, tensor, result,
                                  SmallVector<ReassociationIndices>{})
                            : result);
  }
  return collapsed;
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
  // Scalar inputs (a fill's value, a generic's scalar operand) are read as
  // one-element tensors; ops on memrefs have nowhere to put them.
  bool tensorSemantics = op.hasPureTensorSemantics();
  for (Value value : llvm::concat<Value>(inputs, outputs)) {
    auto shaped = dyn_cast<ShapedType>(value.getType());
    if (!shaped && tensorSemantics && value.getType().isIntOrIndexOrFloat() &&
        llvm::is_contained(inputs, value))
      continue;
    if (!shaped || !shaped.hasStaticShape())
      return rewriter.notifyMatchFailure(
          op, "operands must be statically shaped tensors or memrefs");
  }
  if (config.getPadding().size() != inputs.size())
    return rewriter.notifyMatchFailure(op, "config padding count differs");
  if (op->getNumRegions() != 1 || op->getRegion(0).getBlocks().size() != 1)
    return rewriter.notifyMatchFailure(op, "expected a single-block body");
  Block &opBody = op->getRegion(0).front();

  // Rank-0 operands are read through one constant result (index 0 of their
  // one-element view).
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  for (AffineMap &map : maps)
    if (map.getNumResults() == 0)
      map = AffineMap::get(map.getNumDims(), 0,
                           rewriter.getAffineConstantExpr(0));
  // Every tile type is known before anything is built, so that a failure
  // leaves the IR untouched.
  for (auto [index, map] : llvm::enumerate(maps)) {
    for (RTileAttr rtile : {config.getBlock(), config.getThread()})
      if (!getAccessedTileShape(map, rtile.getSizes()))
        return rewriter.notifyMatchFailure(op, "indexing map is not linear");
  }

  SmallVector<Attribute> iteratorTypes;
  for (utils::IteratorType kind : op.getIteratorTypesArray())
    iteratorTypes.push_back(rewriter.getStringAttr(
        kind == utils::IteratorType::reduction ? "reduction" : "parallel"));

  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  for (Value &input : inputs)
    if (!isa<ShapedType>(input.getType()))
      input = scalarAsTensor(rewriter, loc, input);
  for (Value &value : llvm::concat<Value>(inputs, outputs))
    if (cast<ShapedType>(value.getType()).getRank() == 0)
      value = expandRankZero(rewriter, loc, value);
  auto program = RProgramOp::create(rewriter, loc, inputs, outputs, config);
  // The selection's decision to keep the op a kernel of its own.
  if (op->hasAttr(RollerDialect::kUnfusedAttrName))
    program->setAttr(RollerDialect::kUnfusedAttrName, rewriter.getUnitAttr());
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
      TileType shared = getTileType(maps[index], config.getBlock(), elementType,
                                    config.getPadding()[index]);
      tile = LoadOp::create(rewriter, loc, shared, tile);
    }
    TileType reg = getTileType(maps[index], config.getThread(), elementType, 0);
    registerIns.push_back(LoadOp::create(rewriter, loc, reg, tile));
  }

  // Outputs: their current values are the accumulators' initial values.
  SmallVector<Value> inits;
  SmallVector<Type> accTypes;
  for (auto [index, output] : llvm::enumerate(outputs)) {
    unsigned operand = inputs.size() + index;
    TileType reg = getTileType(maps[operand], config.getThread(),
                               getElementTypeOrSelf(output.getType()), 0);
    inits.push_back(
        LoadOp::create(rewriter, loc, reg, body.getArgument(operand)));
    accTypes.push_back(reg);
  }

  SmallVector<Attribute> mapAttrs;
  for (AffineMap map : maps)
    mapAttrs.push_back(AffineMapAttr::get(map));
  auto compute = ComputeOp::create(rewriter, loc, accTypes, registerIns, inits,
                                   rewriter.getArrayAttr(mapAttrs),
                                   rewriter.getArrayAttr(iteratorTypes),
                                   /*axes=*/nullptr);
  // The scalar body, with linalg.yield turned into roller.yield.
  Region &region = compute.getBody();
  IRMapping mapping;
  opBody.getParent()->cloneInto(&region, mapping);
  Block &computeBody = region.front();
  for (auto index :
       llvm::make_early_inc_range(computeBody.getOps<linalg::IndexOp>())) {
    rewriter.setInsertionPoint(index);
    rewriter.replaceOpWithNewOp<IndexOp>(
        index, rewriter.getIndexType(),
        rewriter.getI64IntegerAttr(index.getDim()));
  }
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

  // The config may still not fit the device as the rProgram's verifier
  // counts it (a user's block tile larger than an extent: its shared tiles
  // are not clipped). Such an op is left as it was, with the reason.
  std::string invalid;
  {
    ScopedDiagnosticHandler capture(op->getContext(), [&](Diagnostic &diag) {
      if (invalid.empty() && diag.getSeverity() == DiagnosticSeverity::Error)
        invalid = diag.str();
      return success();
    });
    if (succeeded(mlir::verify(program)))
      invalid.clear();
    else if (invalid.empty())
      invalid = "the rProgram does not verify";
  }
  if (!invalid.empty()) {
    // With the rank-0 and scalar views made for it.
    eraseWithDeadProducers(rewriter, program);
    return rewriter.notifyMatchFailure(op, invalid);
  }

  rewriter.setInsertionPointAfter(program);
  rewriter.replaceOp(op, collapseRankZero(rewriter, loc, program.getResults(),
                                          op->getResultTypes()));
  return program;
}

FailureOr<RProgramOp> mlir::roller::tileToRProgram(RewriterBase &rewriter,
                                                   linalg::LinalgOp op,
                                                   ConfigAttr config,
                                                   std::string &reason) {
  FailureOr<RProgramOp> result = keepMatchFailureReason(
      rewriter, reason, [&] { return tileToRProgram(rewriter, op, config); });
  if (failed(result) && reason.empty())
    reason = "the op cannot be tiled with this config";
  return result;
}
