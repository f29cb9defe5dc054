//===- BatchMatmulToMatmul.h - Shared right operands ------------*- C++ -*-===//
//
// Frontends apply a linear layer to a 3-D activation as a batch matmul
// whose right operand is the weight broadcast over the batch (torch-mlir
// does this for the attention projections of nn.TransformerEncoderLayer).
// Run as written, the broadcast materializes the weight once per batch
// element (a 768x2304 weight over 128 batches: 905 MB), by a kernel on
// every call or as a folded constant. Every batch multiplies by the same
// matrix, so it is one matmul over the rows of all batches.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_BATCHMATMULTOMATMUL_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_BATCHMATMULTOMATMUL_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Rewrites `op`, a `linalg.batch_matmul` (default indexing maps, static
/// shapes, tensors) C[b, m, n] += A[b, m, k] * B[b, k, n] whose B is a
/// matrix W[k, n] broadcast over the batch (a `linalg.broadcast` with
/// `dimensions = [0]`, or a `linalg.generic` of that form), into
/// `linalg.matmul` of A collapsed to [b*m, k] and W, accumulating into C
/// collapsed to [b*m, n] (a `linalg.fill` of C is re-made at that shape),
/// and expands the result back to [b, m, n]. The broadcast is erased when
/// nothing else uses it. Returns the matmul; fails, leaving the IR
/// unchanged, when `op` is not of that form.
FailureOr<linalg::MatmulOp> batchMatmulToMatmul(RewriterBase &rewriter,
                                                linalg::BatchMatmulOp op);

/// batchMatmulToMatmul on every batch matmul in `root`; returns how many
/// were rewritten.
int64_t batchMatmulsToMatmuls(RewriterBase &rewriter, Operation *root);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_BATCHMATMULTOMATMUL_H
