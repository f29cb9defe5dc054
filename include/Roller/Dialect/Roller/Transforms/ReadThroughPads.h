//===- ReadThroughPads.h - Pads fused into their consumers' loads -*- C++ -*-=//
//
// torch-mlir pads every padded convolution's and pooling's input with a
// `tensor.pad`. Materialized, the pad costs two kernels (the fill of the
// padded tensor and the copy of its interior) and a round trip of the whole
// tensor through global memory. Instead, an rProgram input that a pad
// produces is read through the pad: a block staging the input copies the
// pad's source into shared memory and writes the padding value where the
// tile leaves the source; an input read straight into registers gets the
// same guarded read in the op's body. The pad itself is never computed.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_READTHROUGHPADS_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_READTHROUGHPADS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// Why `pad` itself cannot be read through (dynamic shapes or padding, a
/// padding value that is not a constant), or nullopt when it can.
std::optional<std::string> whyPadIsNotReadable(tensor::PadOp pad);

/// Why the consumers of `pad` cannot read through it, or nullopt when they
/// can: the pad is readable, and every use is an input of a linalg op Roller
/// schedules whose other operands still give every loop its extent (the
/// lowering may drop the padded operand and read it in the body instead).
std::optional<std::string> whyNotReadThrough(tensor::PadOp pad);

/// The pad `value` reads through, with the offsets of `value` in the padded
/// tensor: `value` is the pad's result, or a chain of unit-stride,
/// rank-preserving extract_slices of it (tiles of tiles). Offsets are built
/// at the rewriter's insertion point.
struct PaddedSlice {
  tensor::PadOp pad;
  SmallVector<OpFoldResult> offsets;
};
std::optional<PaddedSlice> getPaddedSlice(RewriterBase &rewriter, Location loc,
                                          Value value);

/// The element of `pad`'s result at `positions` (indices in the padded
/// tensor): the source's element where the position lies inside it, the
/// padding value elsewhere. The source is read at a clamped position, so
/// that no read leaves it whatever the position.
Value readPaddedElement(OpBuilder &builder, Location loc, tensor::PadOp pad,
                        ValueRange positions);

/// A linalg.generic writing `dest` (a tile of `pad`'s result at `offsets`)
/// with the pad's elements: the staging copy of a padded input.
linalg::GenericOp buildPaddedCopy(RewriterBase &rewriter, Location loc,
                                  tensor::PadOp pad,
                                  ArrayRef<OpFoldResult> offsets, Value dest);

/// Replaces input `input` of `generic`, the result of `pad`, by reads of the
/// pad's source in the body (at the positions the operand's indexing map
/// gives) and returns the generic without that operand. Fails, leaving the
/// IR unchanged, when the other operands do not give every loop its extent.
FailureOr<linalg::GenericOp> readPadInBody(RewriterBase &rewriter,
                                           linalg::GenericOp generic,
                                           unsigned input, tensor::PadOp pad);

/// readPadInBody on every input of `generic` that a readable pad gives,
/// except those `keep` names (by their index). Returns, per input left, its
/// index among the original inputs; fails at the first pad whose operand
/// alone sizes some loops, `generic` then being the op to erase.
FailureOr<SmallVector<unsigned>>
readPadsInBody(RewriterBase &rewriter, linalg::GenericOp &generic,
               llvm::function_ref<bool(unsigned)> keep);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_READTHROUGHPADS_H
