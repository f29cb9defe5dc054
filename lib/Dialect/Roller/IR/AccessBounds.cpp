//===- AccessBounds.cpp - rProgram accesses inside operands ---------------===//

#include "AccessBounds.h"
#include "Roller/Dialect/Roller/IR/TileShapes.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::roller;

/// The rProgram operand whose tile `operand` was loaded from, if any.
static std::optional<ArrayRef<int64_t>> getGlobalShape(Value operand) {
  while (auto load = operand.getDefiningOp<LoadOp>())
    operand = load.getSource();
  auto shaped = dyn_cast<ShapedType>(operand.getType());
  if (!isa<BlockArgument>(operand) || isa<TileType>(operand.getType()) ||
      !shaped || !shaped.hasStaticShape())
    return std::nullopt;
  return shaped.getShape();
}

/// Checks that every access of `compute` to the operands it loads stays
/// inside them when its loops run over `extents`.
static LogicalResult verifyComputeBounds(ComputeOp compute,
                                         ArrayRef<int64_t> extents) {
  for (auto [index, operand] : llvm::enumerate(compute->getOperands())) {
    std::optional<ArrayRef<int64_t>> shape = getGlobalShape(operand);
    if (!shape)
      continue;
    AffineMap map = compute.getIndexingMap(index);
    for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
      std::optional<std::pair<int64_t, int64_t>> range =
          getAccessRange(expr, extents);
      if (range && range->first >= 0 && range->second < (*shape)[dim])
        continue;
      InFlightDiagnostic error = compute.emitOpError();
      error << "indexing map #" << index << " " << AffineMapAttr::get(map)
            << " reads dimension " << dim << " (size " << (*shape)[dim]
            << ") at ";
      if (range)
        error << "[" << range->first << ", " << range->second << "]";
      else
        error << "indices beyond 64 bits";
      return error << " with loop extents ["
                   << llvm::make_range(extents.begin(), extents.end())
                   << "]: outside the operand";
    }
  }
  return success();
}

LogicalResult mlir::roller::verifyAccessBounds(ComputeOp anchor,
                                               ArrayRef<ComputeOp> epilogues) {
  SmallVector<int64_t> extents(anchor.getNumLoops(), 0);
  for (auto [index, operand] : llvm::enumerate(anchor->getOperands()))
    if (std::optional<ArrayRef<int64_t>> shape = getGlobalShape(operand))
      for (auto [dim, expr] :
           llvm::enumerate(anchor.getIndexingMap(index).getResults()))
        if (auto loop = dyn_cast<AffineDimExpr>(expr);
            loop && !extents[loop.getPosition()])
          extents[loop.getPosition()] = (*shape)[dim];
  if (failed(verifyComputeBounds(anchor, extents)))
    return failure();
  for (ComputeOp epilogue : epilogues) {
    SmallVector<int64_t> walked = llvm::map_to_vector(
        *epilogue.getAxes(), [&](int64_t axis) { return extents[axis]; });
    if (failed(verifyComputeBounds(epilogue, walked)))
      return failure();
  }
  return success();
}
