//===- ExprViews.cpp - Rewritten views of a tensor expression -------------===//
//
// Axis fusion, the implicit GEMM view of convolutions, and the mapping of a
// view tile back to a box over the original loop nest. Every view is built
// from a valid expression only and is itself valid: the products it forms
// are bounded by the original's point and element counts, which validate()
// keeps below 2^62.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/ExprViews.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>

using namespace mlir::roller;

ExprView mlir::roller::identityView(const TensorExpr &expr) {
  ExprView view;
  view.expr = expr;
  for (unsigned a = 0; a < expr.getRank(); ++a)
    view.groups.push_back({a});
  return view;
}

//===----------------------------------------------------------------------===//
// Axis fusion
//===----------------------------------------------------------------------===//

namespace {

/// How axes a and a+1 appear in one access.
enum class PairUse { Absent, Adjacent, Blocking };

struct PairPlacement {
  PairUse use = PairUse::Blocking;
  /// The dimension indexed by axis a when `use` is Adjacent.
  unsigned dim = 0;
};

/// Where axes `a` and `a+1` sit in `access`, and whether that allows fusing
/// them: fusion keeps the linearized address a*E(a+1) + (a+1) equal to the
/// row-major offset of dimensions d, d+1, which needs exactly those two
/// dimensions indexed by exactly those axes and shape[d+1] == E(a+1).
PairPlacement placePair(const TensorAccess &access, unsigned a,
                        int64_t innerExtent) {
  bool usesOuter = access.usesAxis(a), usesInner = access.usesAxis(a + 1);
  if (!usesOuter && !usesInner)
    return {PairUse::Absent, 0};
  for (unsigned d = 0; d + 1 < access.indices.size(); ++d) {
    if (access.indices[d].getSingleAxis() != a ||
        access.indices[d + 1].getSingleAxis() != a + 1 ||
        access.shape[d + 1] != innerExtent)
      continue;
    for (auto [e, index] : llvm::enumerate(access.indices))
      if (e != d && e != d + 1 &&
          (index.coeffs[a] != 0 || index.coeffs[a + 1] != 0))
        return {};
    return {PairUse::Adjacent, d};
  }
  return {};
}

/// Fuses axes `a` and `a+1` of `view` in place when they qualify.
bool tryFusePair(ExprView &view, unsigned a) {
  TensorExpr &expr = view.expr;
  const Axis &outer = expr.axes[a], &inner = expr.axes[a + 1];
  if (outer.kind != inner.kind)
    return false;
  std::vector<PairPlacement> placements;
  for (const TensorAccess *access : expr.getAccesses()) {
    placements.push_back(placePair(*access, a, inner.extent));
    if (placements.back().use == PairUse::Blocking)
      return false;
  }
  // Bounded by numPoints and numElements of a valid expression; checked all
  // the same so that the rewrite can never wrap.
  std::optional<int64_t> extent = llvm::checkedMul(outer.extent, inner.extent);
  if (!extent)
    return false;
  for (auto [access, placement] : llvm::zip(expr.getAccesses(), placements))
    if (placement.use == PairUse::Adjacent &&
        !llvm::checkedMul(access->shape[placement.dim],
                          access->shape[placement.dim + 1]))
      return false;

  auto rewrite = [&](TensorAccess &access, const PairPlacement &placement) {
    if (placement.use == PairUse::Adjacent) {
      unsigned d = placement.dim;
      access.shape[d] *= access.shape[d + 1];
      access.shape.erase(access.shape.begin() + d + 1);
      access.indices.erase(access.indices.begin() + d + 1);
    }
    // Axis a keeps its coefficients (1 in the fused dimension, 0 elsewhere);
    // axis a+1 is gone.
    for (AffineIndex &index : access.indices)
      index.coeffs.erase(index.coeffs.begin() + a + 1);
  };
  unsigned i = 0;
  for (TensorAccess &access : expr.inputs)
    rewrite(access, placements[i++]);
  for (TensorAccess &access : expr.outputs)
    rewrite(access, placements[i++]);

  expr.axes[a].name += "." + expr.axes[a + 1].name;
  expr.axes[a].extent = *extent;
  expr.axes.erase(expr.axes.begin() + a + 1);
  llvm::append_range(view.groups[a], view.groups[a + 1]);
  view.groups.erase(view.groups.begin() + a + 1);
  return true;
}

} // namespace

ExprView mlir::roller::fuseAxes(const TensorExpr &expr) {
  ExprView view = identityView(expr);
  // The rewrite indexes coefficients and shapes freely; only a well-formed
  // expression may go through it.
  if (expr.validate())
    return view;
  bool changed = true;
  while (changed) {
    changed = false;
    for (unsigned a = 0; a + 1 < view.expr.getRank();) {
      if (tryFusePair(view, a))
        changed = true; // Retry `a` against its new neighbour.
      else
        ++a;
    }
  }
  return view;
}

//===----------------------------------------------------------------------===//
// Implicit GEMM
//===----------------------------------------------------------------------===//

namespace {

/// Whether the innermost (contiguous) dimension of `access` is indexed by
/// axes of `group` and of no axis in `other`.
bool innermostUsesOnly(const TensorAccess &access,
                       const std::vector<unsigned> &group,
                       const std::vector<unsigned> &other) {
  if (access.indices.empty())
    return false;
  const AffineIndex &index = access.indices.back();
  auto uses = [&](unsigned a) { return index.coeffs[a] != 0; };
  return llvm::any_of(group, uses) && llvm::none_of(other, uses);
}

int64_t groupExtent(const TensorExpr &expr,
                    const std::vector<unsigned> &group) {
  int64_t extent = 1;
  for (unsigned a : group)
    extent *= expr.axes[a].extent;
  return extent;
}

} // namespace

std::optional<ExprView> mlir::roller::implicitGemmView(const TensorExpr &expr) {
  if (expr.validate() || expr.inputs.size() != 2 || expr.outputs.size() != 1)
    return std::nullopt;
  const TensorAccess &in0 = expr.inputs[0], &in1 = expr.inputs[1];
  const TensorAccess &out = expr.outputs[0];

  std::vector<unsigned> batch, m, n, k;
  for (unsigned a = 0; a < expr.getRank(); ++a) {
    bool uses0 = in0.usesAxis(a), uses1 = in1.usesAxis(a);
    if (expr.axes[a].isReduction()) {
      // A reduction axis missing from one input is a reduction of a
      // broadcast, not the inner dimension of a product.
      if (!uses0 || !uses1)
        return std::nullopt;
      k.push_back(a);
      continue;
    }
    if (!out.usesAxis(a))
      return std::nullopt;
    if (uses0 && uses1)
      batch.push_back(a);
    else if (uses0)
      m.push_back(a);
    else if (uses1)
      n.push_back(a);
    else
      return std::nullopt; // Output-only axis: a broadcast, not a GEMM.
  }
  if (m.empty() || n.empty() || k.empty())
    return std::nullopt;

  ExprView view;
  view.implicitGemm = true;
  TensorExpr &gemm = view.expr;
  gemm.opName = expr.opName;
  gemm.opsPerPoint = expr.opsPerPoint;
  gemm.computeType = expr.computeType;
  gemm.mmaInputType = expr.mmaInputType;

  // View axis numbers of each group.
  std::optional<unsigned> bAxis;
  auto addAxis = [&](const char *name, const std::vector<unsigned> &group,
                     AxisKind kind) {
    gemm.axes.push_back({name, groupExtent(expr, group), kind});
    view.groups.push_back(group);
    return unsigned(gemm.axes.size() - 1);
  };
  if (!batch.empty())
    bAxis = addAxis("b", batch, AxisKind::Spatial);
  unsigned mAxis = addAxis("m", m, AxisKind::Spatial);
  unsigned nAxis = addAxis("n", n, AxisKind::Spatial);
  unsigned kAxis = addAxis("k", k, AxisKind::Reduction);

  // A dense [batch?, outer, inner] access over view axes. The outer/inner
  // order follows the original operand's contiguous dimension, so that the
  // transaction rule sees the layout the kernel will actually load.
  auto makeAccess = [&](const TensorAccess &original, unsigned outerAxis,
                        unsigned innerAxis) {
    TensorAccess access;
    access.name = original.name;
    access.elementType = original.elementType;
    access.elementBytes = original.elementBytes;
    access.isRead = original.isRead;
    std::vector<unsigned> dims;
    if (bAxis)
      dims.push_back(*bAxis);
    dims.push_back(outerAxis);
    dims.push_back(innerAxis);
    for (unsigned axis : dims) {
      access.shape.push_back(gemm.axes[axis].extent);
      AffineIndex index;
      index.coeffs.assign(gemm.axes.size(), 0);
      index.coeffs[axis] = 1;
      access.indices.push_back(index);
    }
    return access;
  };

  // A is the virtual im2col matrix, modeled as dense: its global traffic is
  // that of an explicit [M, K] matrix, which overestimates what a convolution
  // loads when neighbouring windows overlap (the halo is reused, not
  // reloaded). The original expression keeps the exact footprint.
  bool aTransposed = innermostUsesOnly(in0, m, k);
  gemm.inputs.push_back(aTransposed ? makeAccess(in0, kAxis, mAxis)
                                    : makeAccess(in0, mAxis, kAxis));
  // conv_2d_nchw_fchw's filter F x (C*KH*KW) is contiguous along K: [N, K].
  bool bTransposed = innermostUsesOnly(in1, k, n);
  gemm.inputs.push_back(bTransposed ? makeAccess(in1, nAxis, kAxis)
                                    : makeAccess(in1, kAxis, nAxis));
  // NCHW output: its contiguous OW belongs to M, so the view is [N, M].
  bool cTransposed = innermostUsesOnly(out, m, n);
  gemm.outputs.push_back(cTransposed ? makeAccess(out, nAxis, mAxis)
                                     : makeAccess(out, mAxis, nAxis));
  // The dense A can exceed the byte limit where the real input does not.
  if (gemm.validate())
    return std::nullopt;
  return view;
}

//===----------------------------------------------------------------------===//
// Mapping view tiles back
//===----------------------------------------------------------------------===//

namespace {

/// Splits `size` over the axes of `group` (inner axes full, one partial, outer
/// ones 1), writing the per-axis sizes into `tile`; false when it is no box.
bool splitSize(const std::vector<unsigned> &group, int64_t size,
               const TensorExpr &original, std::vector<int64_t> &tile) {
  if (size < 1)
    return false;
  int64_t rest = size;
  for (unsigned a : llvm::reverse(group)) {
    if (a >= original.getRank())
      return false;
    int64_t extent = original.axes[a].extent;
    if (extent < 1)
      return false;
    // An axis of its own may take a tile above its extent: a tensor-core
    // tile over an m, n or k shorter than the MMA shape (zero-padded, as a
    // boundary block or a partial step is). No other size exceeds its
    // extent.
    if (rest <= extent || group.size() == 1) {
      tile[a] = rest;
      rest = 1;
    } else if (rest % extent == 0) {
      tile[a] = extent;
      rest /= extent;
    } else {
      return false;
    }
  }
  return rest == 1;
}

} // namespace

std::optional<std::vector<int64_t>>
mlir::roller::mapTileToOriginal(const ExprView &view,
                                llvm::ArrayRef<int64_t> viewTile,
                                const TensorExpr &original) {
  if (viewTile.size() != view.groups.size())
    return std::nullopt;
  std::vector<int64_t> tile(original.getRank(), 1);
  std::vector<bool> covered(original.getRank(), false);
  for (auto [group, size] : llvm::zip(view.groups, viewTile)) {
    for (unsigned a : group) {
      // Every original axis must belong to exactly one group, or the result
      // would not describe the whole loop nest.
      if (a >= original.getRank() || covered[a])
        return std::nullopt;
      covered[a] = true;
    }
    if (!splitSize(group, size, original, tile))
      return std::nullopt;
  }
  if (!llvm::all_of(covered, [](bool c) { return c; }))
    return std::nullopt;
  return tile;
}

bool mlir::roller::isRepresentableSize(const ExprView &view, unsigned i,
                                       int64_t size,
                                       const TensorExpr &original) {
  if (i >= view.groups.size())
    return false;
  std::vector<int64_t> tile(original.getRank(), 1);
  return splitSize(view.groups[i], size, original, tile);
}

std::vector<int64_t>
mlir::roller::representableSizes(const ExprView &view, unsigned i,
                                 const TensorExpr &original, int64_t maxSize) {
  std::vector<int64_t> sizes;
  if (i >= view.groups.size() || maxSize < 1)
    return sizes;
  const std::vector<unsigned> &group = view.groups[i];
  if (llvm::any_of(group, [&](unsigned a) {
        return a >= original.getRank() || original.axes[a].extent < 1;
      }))
    return sizes;
  sizes.push_back(1);
  int64_t inner = 1; // Product of the extents inside the current axis.
  for (unsigned a : llvm::reverse(group)) {
    int64_t extent = original.axes[a].extent;
    for (int64_t t = 2; t <= extent; ++t) {
      std::optional<int64_t> size = llvm::checkedMul(t, inner);
      if (!size || *size > maxSize)
        break;
      sizes.push_back(*size);
    }
    std::optional<int64_t> next = llvm::checkedMul(inner, extent);
    if (!next || *next > maxSize)
      break;
    inner = *next;
  }
  llvm::sort(sizes);
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}
