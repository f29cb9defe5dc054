//===- MergeSiblingReductions.h - Sibling reductions as one -*- C++ -*-===//
//
// torch's LayerNorm sums its input twice over the same rows (once in f64
// for the variance's mean, once in f32 for the normalize's mean); softmax
// takes the row max and checks the rows for -inf. Each is a reduction of
// its own, a kernel that reads the whole input. Reductions over the same
// loops that read the same tensor and do not depend on each other are one
// multi-output `linalg.generic`: one kernel, the input read once.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_MERGESIBLINGREDUCTIONS_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_MERGESIBLINGREDUCTIONS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// Why `second` cannot be merged with `first` (which comes before it in the
/// same block), or std::nullopt when it can: both are `linalg.generic` ops
/// on tensors with reduction loops, neither a contraction nor a convolution
/// (those keep their own kernels and tensor cores), with the same iterator
/// types and the same static loop ranges, they read one tensor through the
/// same indexing map,
/// and `second` does not depend on `first` (what it reads from ops between
/// them, such as the fill of its initial value, comes from ops without
/// memory effects, which can move before `first`).
std::optional<std::string> whyNotMerged(linalg::GenericOp first,
                                        linalg::GenericOp second);

/// Replaces `first` and `second` (see whyNotMerged) by one generic op at
/// `first`'s place (the ops `second` reads from between them move up): the
/// inputs of both (an input read twice through the same map is read once), the
/// outputs of `first` then `second`, both bodies. Fails without touching the IR
/// when whyNotMerged refuses.
FailureOr<linalg::GenericOp> mergeSiblingReductions(RewriterBase &rewriter,
                                                    linalg::GenericOp first,
                                                    linalg::GenericOp second);

/// Merges, in program order, every reduction into the first earlier sibling
/// it can be merged with, in the ops nested in `root`. Returns the number
/// of merges. With `remarks`, each merged op gets a remark naming the
/// reduction it joined, and a reduction that reads a tensor as an earlier
/// one does but merges with none gets a remark with the first reason.
int64_t mergeSiblingReductionsEverywhere(RewriterBase &rewriter,
                                         Operation *root, bool remarks);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_MERGESIBLINGREDUCTIONS_H
