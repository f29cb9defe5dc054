//===- TileShapes.cpp - Data tiles implied by an rTile --------------------===//

#include "Roller/Dialect/Roller/IR/TileShapes.h"

#include "mlir/IR/AffineExpr.h"

#include <cstdlib>

using namespace mlir;

std::optional<int64_t> mlir::roller::getAccessSpan(AffineExpr expr,
                                                   ArrayRef<int64_t> loopTile) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    if (dim.getPosition() >= loopTile.size())
      return std::nullopt;
    return loopTile[dim.getPosition()] - 1;
  }
  if (isa<AffineConstantExpr>(expr))
    return 0;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  if (binary.getKind() == AffineExprKind::Add) {
    std::optional<int64_t> lhs = getAccessSpan(binary.getLHS(), loopTile);
    std::optional<int64_t> rhs = getAccessSpan(binary.getRHS(), loopTile);
    if (!lhs || !rhs)
      return std::nullopt;
    return *lhs + *rhs;
  }
  if (binary.getKind() == AffineExprKind::Mul) {
    // Affine products always have a constant on the right once simplified.
    auto factor = dyn_cast<AffineConstantExpr>(binary.getRHS());
    AffineExpr other = binary.getLHS();
    if (!factor) {
      factor = dyn_cast<AffineConstantExpr>(binary.getLHS());
      other = binary.getRHS();
    }
    if (!factor)
      return std::nullopt;
    std::optional<int64_t> span = getAccessSpan(other, loopTile);
    if (!span)
      return std::nullopt;
    return std::abs(factor.getValue()) * *span;
  }
  return std::nullopt;
}

std::optional<SmallVector<int64_t>>
mlir::roller::getAccessedTileShape(AffineMap map, ArrayRef<int64_t> loopTile) {
  if (map.getNumDims() != loopTile.size() || map.getNumSymbols() != 0)
    return std::nullopt;
  SmallVector<int64_t> shape;
  for (AffineExpr expr : map.getResults()) {
    std::optional<int64_t> span = getAccessSpan(expr, loopTile);
    if (!span)
      return std::nullopt;
    shape.push_back(*span + 1);
  }
  return shape;
}
