//===- TensorOpsToLinalg.h - Computing tensor ops as linalg -----*- C++ -*-===//
//
// Some tensor ops compute: tensor.pad (torch-mlir pads every padded
// convolution's input with one) and tensor.generate (data built from its
// indices). They are not linalg ops, so they would bufferize to host loops
// between kernel launches; rewritten as linalg ops, Roller schedules and
// tiles them into kernels like any other.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_TENSOROPSTOLINALG_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_TENSOROPSTOLINALG_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Rewrites `pad` into the padded tensor filled with the padding value
/// (upstream's destination-passing form: a linalg.fill, or a linalg.generic
/// when the value depends on the index), a linalg.copy of the source into
/// an extract_slice of its interior, and the insert_slice of that copy back
/// (the slice pair bufferizes in place: the copy writes the padded buffer).
/// Returns the copy. Fails, leaving the IR unchanged, when the pad has
/// dynamic shapes, a zero-size source or a body of several blocks.
FailureOr<linalg::CopyOp> decomposePad(RewriterBase &rewriter,
                                       tensor::PadOp pad);

/// Rewrites `generate` into a linalg.generic on a tensor.empty whose body
/// is the generator's, reading its indices with linalg.index (upstream's
/// destination-passing form). Fails, leaving the IR unchanged, on dynamic
/// shapes.
FailureOr<linalg::GenericOp> generateToLinalg(RewriterBase &rewriter,
                                              tensor::GenerateOp generate);

/// decomposePad and generateToLinalg on every pad and generate in `root`;
/// returns how many were rewritten. With `fusePads`, pads their consumers
/// can read through (whyNotReadThrough) stay pads: the rPrograms reading
/// them are lowered to read through them (ReadThroughPads.h); `remarks`
/// says which pads are fused and why the others are not.
int64_t tensorOpsToLinalg(RewriterBase &rewriter, Operation *root,
                          bool fusePads = false, bool remarks = false);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_TENSOROPSTOLINALG_H
