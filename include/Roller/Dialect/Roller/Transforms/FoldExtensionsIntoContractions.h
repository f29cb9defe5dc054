//===- FoldExtensionsIntoContractions.h - GEMMs of extended f16 -*- C++ -*-===//
//
// torch-mlir lowers a Linear with a bias of f16 or bf16 tensors (aten.addmm)
// as an f32 matmul of its operands extended to f32: two elementwise
// `arith.extf` ops, then a `linalg.matmul` of f32 tensors. As written, that
// matmul has no f16 or bf16 input, so it runs on the CUDA cores, and the
// extended activations are a tensor of their own in global memory. A named
// contraction of f16 inputs into an f32 output computes the same values
// (its body extends each input to f32 before the product), and runs on
// tensor cores: the extensions fold into it.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_FOLDEXTENSIONSINTOCONTRACTIONS_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_FOLDEXTENSIONSINTOCONTRACTIONS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Rewrites `op`, a `linalg.matmul` or `linalg.batch_matmul` on tensors
/// whose two inputs are each the result of an elementwise extension (a
/// `linalg.generic` with identity maps whose body yields `arith.extf` of its
/// one input) of tensors of one type, f16 or bf16, into the same op (its
/// indexing maps, cast and other attributes kept) reading the narrow tensors
/// directly. The values are the same: the op's body extends its inputs to
/// the output's type. Extensions left without users are erased. Returns the
/// new op; fails without touching the IR otherwise.
FailureOr<linalg::LinalgOp>
foldExtensionsIntoContraction(RewriterBase &rewriter, linalg::LinalgOp op);

/// foldExtensionsIntoContraction on every op nested in `root` it applies
/// to, each with a remark when `remarks` is set. Returns the number of
/// rewrites.
int64_t foldExtensionsIntoContractions(RewriterBase &rewriter, Operation *root,
                                       bool remarks);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_FOLDEXTENSIONSINTOCONTRACTIONS_H
