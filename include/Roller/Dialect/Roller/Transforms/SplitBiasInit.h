//===- SplitBiasInit.h - Bias initial values as epilogues -------*- C++ -*-===//
//
// torch-mlir's linear layers and convolutions start their accumulation from
// the bias broadcast over the output (`linalg.matmul ... outs(%bias_bcast)`).
// That broadcast is an elementwise op whose result only the contraction
// reads, as its initial value: a kernel of its own that writes the whole
// output once more. Starting the sum from zero and adding the broadcast
// after it (as cuBLAS and PyTorch's addmm do, in an epilogue) turns it into
// an elementwise consumer, which the elementwise and epilogue fusions then
// fold into the contraction's kernel.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_SPLITBIASINIT_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_SPLITBIASINIT_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Rewrites `op` (a linalg op on tensors with reduction loops and one
/// output, whose body yields `out + x` in a float type with `out` used
/// nowhere else, and whose initial value is the result of an elementwise
/// `linalg.generic` that nothing else uses) to start from a zero
/// `linalg.fill` and adds the generic's result after it, in a new
/// elementwise `linalg.generic` that replaces `op`'s uses. Returns that
/// add; fails without touching the IR otherwise. The sum is then
/// `(x_1 + ... + x_n) + bias` instead of `((bias + x_1) + ...) + x_n`: the
/// same value in exact arithmetic, rounded in a different order.
FailureOr<linalg::GenericOp> splitBiasInit(RewriterBase &rewriter,
                                           linalg::LinalgOp op);

/// splitBiasInit on every op nested in `root` it applies to. Returns the
/// number of rewrites.
int64_t splitBiasInits(RewriterBase &rewriter, Operation *root);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_SPLITBIASINIT_H
