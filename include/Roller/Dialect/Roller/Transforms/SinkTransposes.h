//===- SinkTransposes.h - Transposes moved towards their undoing -*- C++
//-*-===//
//
// An NCHW network whose convolutions run in NHWC (convNchwToNhwc) has a
// transpose back to NCHW after every convolution and one to NHWC before the
// next: between them lie the network's elementwise ops (BatchNorm, ReLU, the
// residual add), its pads and its poolings, all of which work as well in
// NHWC. Moving each transpose past them, into the layout its input already
// has, brings the pairs together, and a transpose of a transpose that
// composes to the identity is no transpose at all: only the network's entry
// and exit keep one.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_SINKTRANSPOSES_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_SINKTRANSPOSES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Why `op` cannot be moved past its users, or nullopt when it can. Every
/// user must take it, and one at least must be no transpose:
///  - a `linalg.transpose` of it (linalg.transpose's own canonicalization
///    composes the two: one transpose, none when they undo each other);
///  - a `tensor.pad` of it by a constant with static padding, whose users
///    are all transposes or NCHW poolings (a pad read by a convolution stays
///    under it: the convolution reads through it);
///  - a `linalg.pooling_nchw_max`/`_sum` whose input it is, when it
///    transposes NHWC to NCHW (the pooling becomes the NHWC one);
///  - an elementwise `linalg.generic` (parallel loops, one per dim of `op`'s
///    result, identity output maps, initial values that are empty tensors or
///    unread) that reads it with the identity map and whose other inputs are
///    broadcasts (a map that is no permutation, a bias per channel), scalars,
///    transposes by the same permutation read with the identity map (a
///    residual add of two convolutions' results), or tensors read with the
///    identity map that a transpose by the inverse permutation before the
///    generic already reads (a residual add of a block's input, transposed
///    for its first convolution; the generic reads that transpose): its
///    loops are reordered into the layout of `op`'s input;
///  - a `linalg.generic` with reduction loops that reads it as an input (it
///    reads the transpose's input instead, through a permuted map).
/// And the move must not add transposes: one per pad, pooling and
/// elementwise result made, against `op` itself and each user that undoes
/// it. Ops with a `roller.config` take nothing.
std::optional<std::string> whyNotSinkTranspose(linalg::TransposeOp op);

/// Moves `op` past its users (whyNotSinkTranspose holds): each pad, pooling
/// and elementwise op is rewritten over `op`'s input in its layout and
/// followed by a transpose by the same permutation, which replaces it;
/// reductions read its input. Transposes of `op` are left reading it (for
/// linalg.transpose's canonicalization to compose); `op` is erased when
/// nothing else reads it. Returns the transposes made; fails without
/// touching the IR otherwise.
FailureOr<SmallVector<linalg::TransposeOp>>
sinkTranspose(RewriterBase &rewriter, linalg::TransposeOp op);

/// Adds the pattern that sinks every `linalg.transpose` on tensors it can,
/// and linalg.transpose's canonicalization patterns (upstream's, which
/// compose a transpose of a transpose).
void populateSinkTransposePatterns(RewritePatternSet &patterns);

/// Sinks the transposes under `root` that `isToSink` accepts (all when it is
/// null), and those their moves make, until none moves, with
/// linalg.transpose's canonicalization (and folding) on every transpose;
/// nothing else is folded or simplified. Returns how many moves were
/// made.
int64_t
sinkTransposes(Operation *root,
               llvm::function_ref<bool(linalg::TransposeOp)> isToSink = {});

/// Whether `op` transposes NHWC to NCHW: the result of a convolution taken
/// through NHWC (convNchwToNhwc), which `--roller-tile` sinks.
bool isNhwcToNchw(linalg::TransposeOp op);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_SINKTRANSPOSES_H
