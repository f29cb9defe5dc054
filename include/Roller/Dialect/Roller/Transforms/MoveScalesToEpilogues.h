//===- MoveScalesToEpilogues.h - Operand scales after sums ------*- C++ -*-===//
//
// Attention scales its queries and keys before their product (torch's
// scaled_dot_product_attention multiplies each by d^-1/4): an elementwise
// multiply by a constant feeding a contraction. As a prologue it would make
// the contraction's body more than a multiply-add (no tensor cores), and as
// a kernel of its own it reads and writes a whole tensor. A contraction that
// starts from zero is linear in each operand, so the scale can be applied
// to its result instead: the contraction reads the unscaled operand (and
// whatever the scale read, a transpose, fuses into it as a transposed
// read), and the multiply after it becomes its epilogue.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_MOVESCALESTOEPILOGUES_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_MOVESCALESTOEPILOGUES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// Why the producer of `input` (an input of a contraction) is not moved
/// after it as a scale of its result, or std::nullopt when it is: the
/// producer is an elementwise `linalg.generic` on tensors whose body only
/// multiplies its one input (read through the identity) by a floating-point
/// constant of the same type, its result has no other user, and the
/// contraction (a multiply-add body) starts from a `linalg.fill` of zero.
std::optional<std::string> whyScaleNotMoved(OpOperand &input);

/// Makes the contraction owning `input` read the scale's input in its place
/// and multiplies the contraction's result by the same constant in a new
/// elementwise `linalg.generic` after it, which every other user of the
/// result reads instead. Returns that generic; fails, changing nothing,
/// where whyScaleNotMoved gives a reason.
FailureOr<linalg::GenericOp> moveScaleToEpilogue(RewriterBase &rewriter,
                                                 OpOperand &input);

/// Moves every scale nested in `root` that whyScaleNotMoved allows. Returns
/// the number moved. With `remarks`, every elementwise producer of a
/// contraction left in place gets a remark with the reason.
int64_t moveScalesToEpilogues(RewriterBase &rewriter, Operation *root,
                              bool remarks);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_MOVESCALESTOEPILOGUES_H
