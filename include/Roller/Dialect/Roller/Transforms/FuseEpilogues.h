//===- FuseEpilogues.h - Elementwise consumers as epilogues -----*- C++ -*-===//
//
// A bias add, an activation, a cast or a residual add after a matmul, a
// convolution, a pooling or a reduction was a kernel of its own, reading and
// writing a whole tensor in global memory. Fused as the operator's
// epilogue, it is applied to each thread's accumulators in registers before
// the one store: one kernel, the intermediate never in global memory
// (Welder, OSDI'23, section 2).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_FUSEEPILOGUES_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_FUSEEPILOGUES_H

#include "Roller/Dialect/Roller/IR/RollerOps.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// Why the rProgram that owns `use` (the consumer) cannot become the
/// epilogue of the rProgram that produces the used value, or std::nullopt
/// when it can: both are canonical single-op rPrograms on tensors, the
/// producer has one output, read by nothing but the consumer's inputs, its
/// output map is a projected permutation of its parallel axes (not a kept
/// unit dimension), the consumer computes
/// each element once (parallel loops only, one per parallel axis of the
/// producer, reading the producer's output through a permutation) and
/// every input of the consumer has a linear access. A consumer with more
/// loops is a row epilogue (softmax's divide by the row sum, LayerNorm's
/// normalize) when the producer runs on the CUDA cores (each thread owns
/// its outputs and ends their reductions itself), the consumer reads the
/// result through a projected permutation, and each of its other loops runs
/// along a reduction axis of the producer: both read a tensor (the row)
/// whose dimensions their maps index with those loops and axes. Each thread
/// then walks its outputs' whole rows after its reductions end. A consumer
/// marked `roller.unfused` (the selection kept it a kernel of its own) is
/// refused. The structural part is matchEpilogueLoops (EpilogueLoops.h),
/// which the selection's plan of these groups shares.
std::optional<std::string> whyNotEpilogue(OpOperand &use);

/// Rewrites the producer of `use` and its consumer (see whyNotEpilogue) into
/// one rProgram: the producer's body with its accumulators starting from an
/// input, followed by the consumer's computation as an epilogue (a
/// `roller.compute` with `axes`) on its results in registers; the
/// consumer's other inputs are loaded straight into registers. The fused
/// rProgram replaces the consumer; the producer is erased. Fails without
/// touching the IR, with the reason in `reason`, when the fused rProgram
/// would not verify (more registers than the device allows).
FailureOr<RProgramOp> fuseEpilogue(RewriterBase &rewriter, OpOperand &use,
                                   std::string &reason);

/// Fuses every consumer rProgram that can be into its producer, in the ops
/// nested in `root`. Returns the number of fusions. With `remarks`, every
/// rProgram consumer of an rProgram result left unfused gets a remark with
/// the reason.
int64_t fuseEpilogues(RewriterBase &rewriter, Operation *root, bool remarks);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_FUSEEPILOGUES_H
