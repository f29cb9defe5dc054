//===- TileShapes.cpp - Data tiles implied by an rTile --------------------===//

#include "Roller/Dialect/Roller/IR/TileShapes.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>

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

std::optional<std::pair<int64_t, int64_t>>
mlir::roller::getAccessRange(AffineExpr expr, ArrayRef<int64_t> extents) {
  using Range = std::pair<int64_t, int64_t>;
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    if (dim.getPosition() >= extents.size() || extents[dim.getPosition()] < 1)
      return std::nullopt;
    return Range{0, extents[dim.getPosition()] - 1};
  }
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return Range{constant.getValue(), constant.getValue()};
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  if (binary.getKind() == AffineExprKind::Add) {
    std::optional<Range> lhs = getAccessRange(binary.getLHS(), extents);
    std::optional<Range> rhs = getAccessRange(binary.getRHS(), extents);
    if (!lhs || !rhs)
      return std::nullopt;
    std::optional<int64_t> low = llvm::checkedAdd(lhs->first, rhs->first);
    std::optional<int64_t> high = llvm::checkedAdd(lhs->second, rhs->second);
    if (!low || !high)
      return std::nullopt;
    return Range{*low, *high};
  }
  if (binary.getKind() == AffineExprKind::Mul) {
    auto factor = dyn_cast<AffineConstantExpr>(binary.getRHS());
    AffineExpr other = binary.getLHS();
    if (!factor) {
      factor = dyn_cast<AffineConstantExpr>(binary.getLHS());
      other = binary.getRHS();
    }
    if (!factor)
      return std::nullopt;
    std::optional<Range> range = getAccessRange(other, extents);
    if (!range)
      return std::nullopt;
    std::optional<int64_t> a =
        llvm::checkedMul(range->first, factor.getValue());
    std::optional<int64_t> b =
        llvm::checkedMul(range->second, factor.getValue());
    if (!a || !b)
      return std::nullopt;
    return Range{std::min(*a, *b), std::max(*a, *b)};
  }
  return std::nullopt;
}
