//===- ExprViews.h - Rewritten views of a tensor expression -----*- C++ -*-===//
//
// ROLLER aligns tiles on a view of the operator rather than on its raw loop
// nest: adjacent axes that are laid out contiguously in every tensor fuse into
// one (an elementwise [17,11,3] becomes [561], so the transaction and
// vector-width rules see one long contiguous axis), and a convolution becomes
// an implicit GEMM. A view keeps the mapping back to the original axes so
// that a tile chosen on the view can be lowered as a box over the original
// loop nest.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ANALYSIS_EXPRVIEWS_H
#define ROLLER_ANALYSIS_EXPRVIEWS_H

#include "Roller/Analysis/TensorExpr.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace mlir::roller {

/// Axis `i` of a view stands for original axes groups[i] (outermost first);
/// the view's extent is their product.
struct ExprView {
  TensorExpr expr;
  std::vector<std::vector<unsigned>> groups;
  bool implicitGemm = false;
};

/// The identity view.
ExprView identityView(const TensorExpr &expr);

/// Axis fusion (ROLLER): adjacent axes a, a+1 of the same kind merge when in
/// every access they are either both absent, or appear as exactly two
/// adjacent dimensions d, d+1 with indices `a` and `a+1` (coefficient 1, no
/// other axes in those two indices, constant 0, no other dimension using
/// them) and shape[d+1] == extent(a+1). Repeats to a fixpoint. The fused
/// accesses drop to one dimension of size shape[d]*shape[d+1].
ExprView fuseAxes(const TensorExpr &expr);

/// Implicit GEMM view of a convolution-like contraction with two inputs and
/// one output (ROLLER section 4). Spatial axes used by the output and input 0
/// only form M, by the output and input 1 only form N, by all three form the
/// batch group; reduction axes (used by both inputs) form K. The view's axes
/// are [batch?] M N K, each group in original loop order. Returns nullopt
/// unless every axis falls in a group and M, N and K are all non-empty.
std::optional<ExprView> implicitGemmView(const TensorExpr &expr);

/// Maps a tile over the view's axes back to a box over the original axes, or
/// nullopt when it is not a box: for a group [a1..ak] with extents E1..Ek and
/// view size T, T must equal t * (E_{j+1} * ... * E_k) for some j with
/// 1 <= t <= E_j (inner axes full, axis j partial, outer axes 1).
std::optional<std::vector<int64_t>>
mapTileToOriginal(const ExprView &view, llvm::ArrayRef<int64_t> viewTile,
                  const TensorExpr &original);

/// Whether mapTileToOriginal accepts `size` along view axis `i`.
bool isRepresentableSize(const ExprView &view, unsigned i, int64_t size,
                         const TensorExpr &original);

/// The sizes along view axis `i` that mapTileToOriginal accepts, ascending,
/// up to `maxSize`. A group of extents E1..Ek has at most E1+...+Ek of them,
/// so callers facing huge extents should bound the list with `maxSize` (e.g.
/// by a capacity) or test single sizes with isRepresentableSize.
std::vector<int64_t>
representableSizes(const ExprView &view, unsigned i, const TensorExpr &original,
                   int64_t maxSize = std::numeric_limits<int64_t>::max());

} // namespace mlir::roller

#endif // ROLLER_ANALYSIS_EXPRVIEWS_H
