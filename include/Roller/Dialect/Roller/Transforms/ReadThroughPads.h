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

#include <functional>
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

/// The root of the chain of unit-stride, rank-preserving extract_slices
/// that ends in `value` (tiles of tiles), `value` itself when there is none;
/// `slices` gets the chain, from `value` up.
Value getSliceRoot(Value value,
                   SmallVectorImpl<tensor::ExtractSliceOp> &slices);

/// The offsets in its root of the last slice of `slices` (getSliceRoot's
/// chain, of tensors of rank `rank`), built at the rewriter's insertion
/// point.
SmallVector<OpFoldResult>
getOffsetsInRoot(RewriterBase &rewriter, Location loc,
                 ArrayRef<tensor::ExtractSliceOp> slices, unsigned rank);

/// The positions in `pad`'s source of `positions` (indices in its result),
/// clamped into the source, and whether all of them lie inside it (null
/// when the pad pads none of their dims). The subtraction of the low
/// padding is an affine.apply: the vector -> nvgpu conversion of
/// tensor-core kernels rejects scalar arith.subi outside linalg bodies.
std::pair<SmallVector<Value>, Value>
getPositionsInPadSource(OpBuilder &builder, Location loc, tensor::PadOp pad,
                        ValueRange positions);

/// The element of `pad`'s result at `positions` (indices in the padded
/// tensor): the source's element where the position lies inside it, the
/// padding value elsewhere. The source is read at a clamped position, so
/// that no read leaves it whatever the position.
Value readPaddedElement(OpBuilder &builder, Location loc, tensor::PadOp pad,
                        ValueRange positions);

/// Builds, at the builder's insertion point, the element of a tensor that is
/// never computed (a pad's result, a gather's) at `positions`, its indices.
using ElementReader =
    std::function<Value(OpBuilder &builder, Location loc, ValueRange)>;

/// A linalg.generic writing `dest`, the tile at `offsets` of a tensor that
/// `read` gives the elements of: the staging copy of a read-through input.
linalg::GenericOp buildReadingCopy(RewriterBase &rewriter, Location loc,
                                   ArrayRef<OpFoldResult> offsets, Value dest,
                                   ElementReader read);

/// Replaces input `input` of `generic` by `read`'s elements in the body (at
/// the positions the operand's indexing map gives) and returns the generic
/// without that operand. Fails, leaving the IR unchanged, when the other
/// operands do not give every loop its extent.
FailureOr<linalg::GenericOp> readInputInBody(RewriterBase &rewriter,
                                             linalg::GenericOp generic,
                                             unsigned input,
                                             ElementReader read);

/// The reader of `value` when a readable pad gives it, or nullopt.
std::optional<ElementReader> getPadReader(Value value);

/// readInputInBody on every input of `generic` that `getReader` gives a
/// reader for, except those `keep` names (by their index). Returns, per
/// input left, its index among the original inputs; fails at the first
/// input whose operand alone sizes some loops, `generic` then being the op
/// to erase.
FailureOr<SmallVector<unsigned>> readInputsInBody(
    RewriterBase &rewriter, linalg::GenericOp &generic,
    llvm::function_ref<bool(unsigned)> keep,
    llvm::function_ref<std::optional<ElementReader>(Value)> getReader);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_READTHROUGHPADS_H
