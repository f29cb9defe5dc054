//===- TensorOpsToLinalg.h - Computing tensor ops as linalg -----*- C++ -*-===//
//
// Some tensor ops compute: tensor.pad (torch-mlir pads every padded
// convolution's input with one), tensor.concat (torch.cat: a UNet's skip
// connections) and tensor.generate (data built from its indices). They
// are not linalg ops, so they would bufferize to host loops between kernel
// launches; rewritten as linalg ops, Roller schedules and tiles them into
// kernels like any other.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_TENSOROPSTOLINALG_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_TENSOROPSTOLINALG_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Makes `insert` insert a linalg.copy of its source into the extract_slice
/// of its destination it overwrites, instead of the source itself: the
/// slice pair bufferizes in place, so the copy (a kernel) writes the
/// destination's buffer, where an insert_slice of a value not computed in
/// place bufferizes to a host memref.copy. Returns the copy.
linalg::CopyOp copyIntoSlice(RewriterBase &rewriter,
                             tensor::InsertSliceOp insert);

/// Rewrites `pad` into the padded tensor filled with the padding value
/// (upstream's destination-passing form: a linalg.fill, or a linalg.generic
/// when the value depends on the index), a linalg.copy of the source into
/// an extract_slice of its interior, and the insert_slice of that copy back
/// (the slice pair bufferizes in place: the copy writes the padded buffer).
/// Returns the copy. Fails, leaving the IR unchanged, when the pad has
/// dynamic shapes, a zero-size source or a body of several blocks.
FailureOr<linalg::CopyOp> decomposePad(RewriterBase &rewriter,
                                       tensor::PadOp pad);

/// Rewrites `concat` into a tensor.empty of its result and, per input, a
/// linalg.copy of the input into the result's slice at its offset
/// (upstream's decomposition into insert_slices, each through
/// copyIntoSlice). Returns the copies, in input order. Fails, leaving the
/// IR unchanged, on dynamic shapes or a zero-size input.
FailureOr<SmallVector<linalg::CopyOp>> concatToLinalg(RewriterBase &rewriter,
                                                      tensor::ConcatOp concat);

/// Rewrites `generate` into a linalg.generic on a tensor.empty whose body
/// is the generator's, reading its indices with linalg.index (upstream's
/// destination-passing form). Fails, leaving the IR unchanged, on dynamic
/// shapes.
FailureOr<linalg::GenericOp> generateToLinalg(RewriterBase &rewriter,
                                              tensor::GenerateOp generate);

/// Rewrites `splat` (a tensor of one scalar, as a tensor) into a linalg.fill
/// of a tensor.empty, a kernel instead of a host loop. Fails, leaving the IR
/// unchanged, on dynamic shapes.
FailureOr<linalg::FillOp> splatToLinalg(RewriterBase &rewriter,
                                        tensor::SplatOp splat);

/// decomposePad, concatToLinalg, generateToLinalg and splatToLinalg on every
/// pad, concat, generate and splat in `root`;
/// returns how many were rewritten. With `fusePads`, pads their consumers
/// can read through (whyNotReadThrough) stay pads: the rPrograms reading
/// them are lowered to read through them (ReadThroughPads.h); `remarks`
/// says which pads are fused and why the others are not.
int64_t tensorOpsToLinalg(RewriterBase &rewriter, Operation *root,
                          bool fusePads = false, bool remarks = false);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_TENSOROPSTOLINALG_H
