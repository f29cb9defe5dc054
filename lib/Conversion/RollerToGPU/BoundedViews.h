//===- BoundedViews.h - Static bounds of dynamic views ---------*- C++ -*-===//
//
// A boundary tile's views have dynamic sizes (`affine.min` of the full tile
// and what the tensor has left); their constant upper bounds are the full
// tile, which the shared buffers have room for. What
// `--roller-pad-mma-boundary-tiles` needs to read and zero those full
// tiles.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_CONVERSION_ROLLERTOGPU_BOUNDEDVIEWS_H
#define ROLLER_LIB_CONVERSION_ROLLERTOGPU_BOUNDEDVIEWS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::roller {

/// A view of dynamic size, seen from the first static-shaped memref up its
/// chain of subviews (outermost last), with the constant upper bounds of the
/// view's sizes.
struct BoundedView {
  Value root;
  SmallVector<memref::SubViewOp> chain;
  SmallVector<int64_t> sizes;
  /// The static sizes before rounding up to the mma multiples (equal to
  /// `sizes` where nothing was rounded).
  SmallVector<int64_t> unrounded;

  bool isRounded() const { return sizes != unrounded; }
};

/// A constant upper bound of the index `size`: the sizes of boundary tiles
/// are `affine.min`s of a constant (the full tile) and the remaining
/// extent, clamped at zero by an `affine.max`; a thread's share of a tile
/// subtracts its (non-negative) offset from the remaining extent.
std::optional<int64_t> getUpperBound(OpFoldResult size);

/// `view` as a BoundedView, when it is a chain of unit-stride,
/// rank-preserving subviews of a static-shaped memref and each of its sizes
/// has a positive constant upper bound no larger than that memref's
/// dimension. A size is rounded up to its entry of `multiples` (absent: 1);
/// then the chain goes up until a static memref has room for the rounded
/// size at the chain's offset, which must be constant along rounded
/// dimensions. Creates nothing.
FailureOr<BoundedView> getBoundedView(Value view,
                                      ArrayRef<int64_t> multiples = {});

/// The view `bounded` describes: a subview of its root at the chain's
/// composed offsets, of the bounded sizes; with `clip`, a size is clipped to
/// what the root has left past the offset (nothing, past its end), unless
/// every thread of `launch` provably stays inside.
Value createBoundedView(OpBuilder &builder, Location loc,
                        const BoundedView &bounded, bool clip,
                        gpu::LaunchOp launch = nullptr);

} // namespace mlir::roller

#endif // ROLLER_LIB_CONVERSION_ROLLERTOGPU_BOUNDEDVIEWS_H
