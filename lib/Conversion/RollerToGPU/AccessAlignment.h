//===- AccessAlignment.h - What kernel accesses are aligned to --*- C++ -*-===//
//
// The alignment proofs of `--roller-vectorize-accesses`: how far an index is
// known to be a multiple of a power of two, what that says of a strided
// view's addresses, and the widest vector or `cp.async` access both sides of
// a copy are aligned to.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_CONVERSION_ROLLERTOGPU_ACCESSALIGNMENT_H
#define ROLLER_LIB_CONVERSION_ROLLERTOGPU_ACCESSALIGNMENT_H

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::roller {

/// The widest access the hardware has, in bytes (ld.global.v4.b32).
constexpr int64_t kMaxVectorBytes = 16;
/// "Divisible by any power of two": the known alignment of zero.
constexpr int64_t kAnyPowerOfTwo = 62;

/// log2 of the largest power of two known to divide an index value.
class Divisibility {
public:
  int64_t of(Value value);

private:
  int64_t compute(Value value);
  int64_t ofExpr(AffineExpr expr, ValueRange operands, unsigned numDims);

  DenseMap<Value, int64_t> cache;
};

/// What is known of the addresses of a statically strided memref view.
struct ViewAlignment {
  /// Bytes the first element's address is known to be a multiple of.
  int64_t baseBytes = 1;
  /// log2 of the largest power of two dividing the view's element offset
  /// from the base and every stride but the innermost.
  int64_t offsetLog2 = 0;
  bool innermostContiguous = false;
};

/// What is known of the addresses of `view`, through its chain of subviews
/// back to an identity-layout buffer.
ViewAlignment analyzeView(Value view, Divisibility &divisibility);

/// The byte alignment of `width`-element accesses at multiples of `width`
/// along the innermost dimension of a view.
int64_t accessAlignment(const ViewAlignment &view, int64_t width,
                        int64_t elementBytes);

/// The most elements, at most `maxWidth` (halving from it), that one
/// `cp.async` copies along rows of `rowLength`: 4, 8 or 16 bytes, with
/// every view aligned to that size; 0 when none qualifies.
int64_t getAsyncCopyWidth(ArrayRef<ViewAlignment> views, int64_t maxWidth,
                          int64_t rowLength, int64_t elementBytes);

/// Loops over `sizes`, the innermost dimension in steps of `width` (one
/// vector or cp.async chunk per iteration).
void buildChunkLoops(
    RewriterBase &rewriter, Location loc, ArrayRef<OpFoldResult> sizes,
    int64_t width, function_ref<void(OpBuilder &, Location, ValueRange)> body);

/// The bytes of an element of the memref `memref`.
int64_t getElementBytes(Value memref);

} // namespace mlir::roller

#endif // ROLLER_LIB_CONVERSION_ROLLERTOGPU_ACCESSALIGNMENT_H
