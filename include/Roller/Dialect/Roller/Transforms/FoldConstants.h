//===- FoldConstants.h - Data movement of constants at compile time -*- C++
//-*-===//
//
// Frontends transpose and broadcast constant weights with linalg ops
// (torch-mlir transposes every nn.Linear weight): run as kernels, they move
// the same bytes again on every call. Their results are known at compile
// time.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_FOLDCONSTANTS_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_FOLDCONSTANTS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// The largest constant folding makes, by default (1 GiB: weights of large
/// models fold; what is larger stays a kernel).
constexpr int64_t kDefaultFoldMaxBytes = int64_t(1) << 30;

/// The bytes of a constant tensor, row-major (one element when splat).
struct ConstantBytes {
  ArrayRef<char> data;
  bool splat = false;
};

/// A broadcast is folded only when its result is small
/// (kInlineConstantBytes) or at most this many times its source: beyond,
/// a kernel writing the result costs less than a constant as large.
constexpr int64_t kMaxFoldExpansion = 16;

/// Folded constants up to this size are `dense` attributes (readable in the
/// IR); larger ones are `dense_resource` blobs, as frontends give weights:
/// no copy is hashed and uniqued in the context, and printing is a hex dump.
constexpr int64_t kInlineConstantBytes = int64_t(1) << 16;

/// An `arith.constant` of `type` (static shape, whole-byte elements) whose
/// row-major bytes `fill` writes, as a dense attribute or, above
/// kInlineConstantBytes, a `dense_resource` blob named after `blobName`.
arith::ConstantOp
createConstantTensor(RewriterBase &rewriter, Location loc,
                     RankedTensorType type, StringRef blobName,
                     function_ref<void(MutableArrayRef<char>)> fill);

/// The bytes of `value` when it is an `arith.constant` holding a dense or a
/// `dense_resource` tensor whose blob is loaded; std::nullopt otherwise.
std::optional<ConstantBytes> getConstantBytes(Value value);

/// Replaces `op` by an `arith.constant` of its result when it only moves
/// constant data: tensor semantics, one statically shaped output whose
/// initial value it does not read, all loops parallel, every input an
/// `arith.constant` (dense or `dense_resource`) read through a projected
/// permutation, an output map that is a permutation, and a body that yields
/// one of its inputs (linalg.transpose, linalg.broadcast, linalg.copy, or a
/// linalg.generic of that form). Element types of whole bytes only. A
/// splat source gives a splat constant. Fails, leaving the IR unchanged,
/// otherwise, when the result would exceed `maxBytes`, or for a broadcast
/// whose result exceeds kInlineConstantBytes and kMaxFoldExpansion times
/// its source.
FailureOr<arith::ConstantOp> foldConstantDataMovement(RewriterBase &rewriter,
                                                      linalg::LinalgOp op,
                                                      int64_t maxBytes);

/// The bytes of a statically shaped tensor of whole-byte elements, or
/// nullopt when the count does not fit 64 bits (a 2^62 x 4 shape, whose
/// ShapedType::getNumElements overflows). The folders compare it with their
/// size limit.
std::optional<int64_t> getStaticByteSize(ShapedType type);

/// foldConstantDataMovement on every linalg op in `root`, producers first
/// (a folded transpose feeds a broadcast). Returns how many were folded.
int64_t foldConstants(RewriterBase &rewriter, Operation *root,
                      int64_t maxBytes);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_FOLDCONSTANTS_H
