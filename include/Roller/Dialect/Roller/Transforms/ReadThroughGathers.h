//===- ReadThroughGathers.h - Gathers fused into their consumers' loads -*-===//
//
// A convolution is a GEMM of its input's patches (im2col) and its filter.
// Materialized, the patch matrix is KH*KW times the input, written to and
// read back from global memory. Instead, the patches are a *gather copy*: a
// linalg.generic that yields its input element through an indexing map of
// floordiv/mod expressions (upstream's im2col writes the same op), and the
// rPrograms reading it read through it, as they read through pads
// (ReadThroughPads.h): a block staging a tile of the patch matrix gathers
// it from the convolution's input into shared memory (the implicit GEMM),
// and the gather itself is never computed.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_READTHROUGHGATHERS_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_READTHROUGHGATHERS_H

#include "Roller/Dialect/Roller/Transforms/ReadThroughPads.h"

namespace mlir::roller {

/// Whether `op` is a gather copy: a linalg.generic on static tensors with
/// one input and one output, only parallel loops, the identity map on its
/// output, a body that yields its input element, and an input map that is
/// pure affine but no projected permutation (its results use floordiv or
/// mod of the loops, or several loops each).
bool isGatherCopy(Operation *op);

/// Why the consumers of the gather copy `gather` cannot read through it, or
/// nullopt when they can: every use is an input of a linalg op on tensors
/// that Roller schedules.
std::optional<std::string> whyGatherNotReadThrough(linalg::GenericOp gather);

/// Whether `value` is the result of a gather copy its consumers read
/// through.
bool isReadThroughGather(Value value);

/// The element of `gather`'s result at `positions`: its input's element at
/// the position its input map gives, read through a pad that gives the
/// input (ReadThroughPads.h).
Value readGatheredElement(OpBuilder &builder, Location loc,
                          linalg::GenericOp gather, ValueRange positions);

/// A gather copy's result expanded (`expand`, as splitting a reduction
/// across blocks expands the operands) is a gather copy of the expanded
/// shape, whose map is the gather's of the linearized positions: builds it
/// before `expand` and replaces `expand` with it. Fails, leaving the IR
/// unchanged, when `expand` does not expand a gather copy.
FailureOr<linalg::GenericOp> foldExpandIntoGather(RewriterBase &rewriter,
                                                  tensor::ExpandShapeOp expand);

/// The reader of `value` when it is a readable pad's or a gather copy's
/// result, or nullopt. A gather is read through wherever it is read, once
/// the selection has left it to its readers (isReadThroughGather).
std::optional<ElementReader> getReadThroughReader(Value value);

/// The staging copy of `source`, a tile (getSliceRoot's chain) of a pad's
/// or a gather copy's result, into `dest`: the elements read from
/// what the pad or the gather reads. Null when `source` is no such tile.
linalg::GenericOp buildReadThroughCopy(RewriterBase &rewriter, Location loc,
                                       Value source, Value dest);

/// Whether the gather copy `gather` reads aligned runs of `chunk`
/// consecutive elements of its input's innermost dimension along its last
/// loop: for k = chunk * q + e (e < chunk), every result of its map but the
/// last is the same for all e, and the last is a multiple of `chunk` plus e
/// (an NHWC convolution's channels, when `chunk` divides them), `chunk`
/// divides the gather's last extent (a run lies wholly inside it or past its
/// edge), and a pad it reads through pads no innermost elements. Proven on the
/// map's expressions (floordiv and mod by multiples of `chunk`), not sampled.
bool readsAlignedRuns(linalg::GenericOp gather, int64_t chunk);

/// The longest of `maxRun`, `maxRun / 2`, ... elements, 2 or more, that
/// `gather` readsAlignedRuns of, or 1 when there is none: the runs its
/// staging copies (LowerRProgram) and the model counts (Select.cpp).
int64_t getLongestAlignedRun(linalg::GenericOp gather, int64_t maxRun);

/// Rewrites `copy`, one thread's tile (of static width W, a multiple of
/// `chunk`) of a staging copy (buildReadThroughCopy) of `gather` into a whole
/// static shared tile, which lies at `offsets` in the gather's result with
/// its last offset a multiple of `chunk`, when the gather
/// readsAlignedRuns(chunk): into a loop over the thread tile's rows of
/// `linalg.copy`s of `chunk` contiguous input elements each, or fills: of
/// the padding value where a run lies in the padding of the pad the gather
/// reads through, of zeros where it lies past the gather's edge (a partial
/// tile's, which the tensor cores read). roller-vectorize-accesses makes the
/// copies vector loads and stores, or, issued ahead by
/// roller-pipeline-staging, `cp.async` copies (a run and its fill of zeros
/// one `cp.async` that zero-fills where the run is not inside). Positions are
/// computed once per run, with affine.apply. Returns the loop's result, which
/// replaced `copy`'s; fails, leaving `copy`, otherwise.
FailureOr<Value> copyGatheredRuns(RewriterBase &rewriter,
                                  linalg::GenericOp copy,
                                  linalg::GenericOp gather,
                                  ArrayRef<OpFoldResult> offsets,
                                  int64_t chunk);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_READTHROUGHGATHERS_H
