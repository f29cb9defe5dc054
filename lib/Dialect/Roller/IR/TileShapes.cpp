//===- TileShapes.cpp - Data tiles implied by an rTile --------------------===//

#include "Roller/Dialect/Roller/IR/TileShapes.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>

using namespace mlir;

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

std::optional<int64_t> mlir::roller::getAccessSpan(AffineExpr expr,
                                                   ArrayRef<int64_t> loopTile) {
  std::optional<std::pair<int64_t, int64_t>> range =
      getAccessRange(expr, loopTile);
  if (!range)
    return std::nullopt;
  return llvm::checkedSub(range->second, range->first);
}

std::optional<SmallVector<int64_t>>
mlir::roller::getAccessedTileShape(AffineMap map, ArrayRef<int64_t> loopTile) {
  if (map.getNumDims() != loopTile.size() || map.getNumSymbols() != 0)
    return std::nullopt;
  SmallVector<int64_t> shape;
  for (AffineExpr expr : map.getResults()) {
    std::optional<int64_t> span = getAccessSpan(expr, loopTile);
    std::optional<int64_t> size =
        span ? llvm::checkedAdd(*span, int64_t{1}) : std::nullopt;
    if (!size)
      return std::nullopt;
    shape.push_back(*size);
  }
  return shape;
}
