//===- CollapseReductionLoops.h - Adjacent reduction loops as one -*- C++ -*-//
//
// A reduction over several dimensions (the mean over H and W of an NCHW
// tensor, a sum over every element) has several reduction loops. The
// schedules that make reductions fast, a block's threads sharing each
// output and the split across blocks, take one reduction loop, so such an
// op ran with one thread per output (a 8x64x112x112 mean over H and W:
// 151 us predicted on h200, against 5.5 us as one loop over H*W). Where
// every operand reads the loops contiguously, they are one loop over the
// collapsed dimensions (upstream `linalg::collapseOpIterationDims`).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_COLLAPSEREDUCTIONLOOPS_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_COLLAPSEREDUCTIONLOOPS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// The runs of adjacent reduction loops of `op` that every indexing map
/// reads contiguously, in order and as whole results (each of two loops or
/// more), longest first from the outermost loop; empty when there is none.
SmallVector<ReassociationIndices>
getCollapsibleReductionLoops(linalg::LinalgOp op);

/// Upstream `linalg::collapseOpIterationDims` of `loops` on `op`'s generic
/// form (a named op is generalized first: collapseOpIterationDims takes
/// generic ops, and a named op's attributes, such as a transpose's
/// permutation, would not follow the collapse), replacing `op`. The loops
/// must be ones every indexing map reads contiguously
/// (`linalg::areDimSequencesPreserved`).
FailureOr<linalg::GenericOp>
collapseLoopsOfGenericForm(RewriterBase &rewriter, linalg::LinalgOp op,
                           ArrayRef<ReassociationIndices> loops);

/// Folds the runs of getCollapsibleReductionLoops into one loop each: the
/// op becomes a `linalg.generic` on operands collapsed along those loops'
/// dimensions, its results reshaped back. Returns the new op; fails,
/// leaving the IR unchanged, when there is no run, `op` is not on static
/// tensors, it has a user's `roller.config` (which names its loops) or it
/// reads a `tensor.pad` (read through only as an rProgram's direct input).
FailureOr<linalg::GenericOp> collapseReductionLoops(RewriterBase &rewriter,
                                                    linalg::LinalgOp op);

/// The loops of `reader`, an elementwise op that reads `reduction`'s result
/// (through a broadcast along the reduction's loops: InstanceNorm's
/// `x - mean` over H and W), that run along `reduction`'s loops `run`: found
/// through a tensor both read, whose dimensions the run's loops index as
/// whole results. They must be adjacent, in order, and read contiguously by
/// every map of `reader`, as the run is by the reduction's; nullopt
/// otherwise, or when `reader` could not be collapsed (collapseReductionLoops'
/// conditions).
std::optional<ReassociationIndices>
getRowReaderLoops(linalg::LinalgOp reduction, const ReassociationIndices &run,
                  linalg::LinalgOp reader);

/// collapseReductionLoops on `op`, and, when it has one run, the same
/// collapse on each elementwise reader of its result whose loops follow
/// the run (getRowReaderLoops): collapsed alone, the reduction's loops no
/// longer match its reader's, which then cannot be its row epilogue.
/// Returns the rewritten ops, the reduction first.
FailureOr<SmallVector<Operation *>>
collapseReductionAndRowReaders(RewriterBase &rewriter, linalg::LinalgOp op);

/// collapseReductionAndRowReaders on every linalg op of `root` it applies
/// to; the rewritten ops then read one `tensor.collapse_shape` of a tensor
/// where they read equal ones (a reader and its reduction read one tensor,
/// as a row epilogue must). Returns the number of reductions rewritten.
int64_t collapseReductionLoopsEverywhere(RewriterBase &rewriter,
                                         Operation *root);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_COLLAPSEREDUCTIONLOOPS_H
