//===- FuseElementwise.h - Elementwise chains as one op ---------*- C++ -*-===//
//
// torch-mlir exports every elementwise step as a `linalg.generic` of its
// own (a residual add and its ReLU, LayerNorm's subtract, square and scale,
// LLaMA's SiLU and gate product), and each became a kernel that reads and
// writes a whole tensor in global memory. An elementwise producer is fused
// into its elementwise consumer (upstream's elementwise fusion) when that
// computes each of its elements exactly once: one kernel per chain, the
// intermediate values in registers.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_FUSEELEMENTWISE_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_FUSEELEMENTWISE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// Why the producer of `use` (a `linalg.generic` with only parallel loops,
/// or a `linalg.transpose`) is not fused into the op that uses it, or
/// std::nullopt when it is fusable: the user is a `linalg.generic` or a
/// `linalg.transpose` (as its generic form; a named contraction too when
/// the producer only moves elements, as a transpose does: it becomes a
/// generic reading the source) that has no reduction
/// loop unless the producer reads no more bytes than it writes (a whole
/// model's reductions have few blocks, for which one more input to read
/// costs more than the producer's kernel) or a sibling reduction over the
/// same loops reads the producer's inputs already (they merge, see
/// MergeSiblingReductions.h), reading it as an input through
/// a permutation of its loops (so each element is computed once, not once
/// per iteration of the loops the map drops; a moved element may be read
/// through any projected permutation, and so may a producer of at most 8
/// scalar ops, such as a mean's divide or LayerNorm's rsqrt(var + eps),
/// computed again for every read) in the producer's block (not inside a
/// loop), the producer has no other user (which would compute it again)
/// unless it is cheap to repeat (casts, moves) or reads no more than it
/// writes with at most 8 ops (softmax's exp(x - max)) and every other user
/// takes it too (`checkOtherUsers`; false asks about this use alone), and
/// upstream's elementwise fusion accepts the pair.
std::optional<std::string> whyNotFused(OpOperand &use,
                                       bool checkOtherUsers = true);

/// Fuses, until none is left, every elementwise producer into its consumer
/// where whyNotFused allows it (upstream's linalg::fuseElementwiseOps), in
/// the ops nested in `root`. Returns the number of fusions. With `remarks`,
/// every elementwise producer left with a linalg user it could not be fused
/// into gets a remark with the reason.
int64_t fuseElementwiseChains(RewriterBase &rewriter, Operation *root,
                              bool remarks);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_FUSEELEMENTWISE_H
