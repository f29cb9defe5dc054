//===- TileShapes.h - Data tiles implied by an rTile -------------*- C++
//-*-===//
//
// ROLLER derives every operand's data tile from the rTile through the
// operand's indexing map. These helpers compute that image, so the verifier
// and the rewrite agree on tile shapes.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_IR_TILESHAPES_H
#define ROLLER_DIALECT_ROLLER_IR_TILESHAPES_H

#include "mlir/IR/AffineMap.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <utility>

namespace mlir::roller {

/// The least and greatest values `expr` takes when each loop dimension d
/// ranges over [0, extents[d]): for sum_d c_d * d + c, the sum of c plus the
/// negative c_d * (extents[d] - 1) and the sum of c plus the positive ones.
/// Returns std::nullopt for expressions that are not linear in the
/// dimensions, a dimension missing from `extents` (or an extent below 1),
/// or a bound outside int64. (Upstream's getBoundForAffineExpr computes the
/// same bounds in unchecked int64 arithmetic: the verifier sees maps with
/// coefficients of 2^62, where that would be a signed overflow.)
std::optional<std::pair<int64_t, int64_t>>
getAccessRange(AffineExpr expr, ArrayRef<int64_t> extents);

/// Number of distinct values `expr` takes minus one when each loop dimension
/// d ranges over [0, loopTile[d]): the width of getAccessRange's range.
/// Returns std::nullopt where getAccessRange does (mod, floordiv, symbols,
/// a missing dimension, a bound outside int64).
std::optional<int64_t> getAccessSpan(AffineExpr expr,
                                     ArrayRef<int64_t> loopTile);

/// The shape of the data tile an operand with indexing map `map` touches when
/// the loop nest covers a box of `loopTile` iterations: for a result
/// expression sum_d c_d * d + c, the extent is sum_d |c_d| * (t_d - 1) + 1
/// (a strided convolution access `2*oh + kh` over [4, 3] gives 2*3+2+1 = 9).
/// std::nullopt where getAccessSpan is, or for a map with symbols or another
/// number of dimensions.
std::optional<SmallVector<int64_t>>
getAccessedTileShape(AffineMap map, ArrayRef<int64_t> loopTile);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_IR_TILESHAPES_H
