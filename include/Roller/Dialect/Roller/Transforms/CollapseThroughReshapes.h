//===- CollapseThroughReshapes.h - No reshapes before epilogues -*- C++ -*-===//
//
// torch-mlir reshapes around every anchor: a linear layer is a 2-D matmul
// whose result is expanded back to (batch, seq, features) before its bias
// add or ReLU, attention heads are expanded and collapsed around each batch
// matmul. An elementwise op reading `expand_shape(%anchor)` cannot be the
// anchor's epilogue (it does not read the anchor's result), nor fuse with an
// elementwise producer behind a reshape. Collapsing the elementwise op's
// loops the way the reshape splits them (upstream
// `linalg::collapseOpIterationDims`) makes it read the producer's result
// directly; the reshape moves after it, where it cancels with the collapse
// of the next anchor's input or stays as a view.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_COLLAPSETHROUGHRESHAPES_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_COLLAPSETHROUGHRESHAPES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// Why the elementwise op owning `input` (an operand defined by a
/// `tensor.expand_shape` of another linalg op's result) is not collapsed
/// to read that result directly, or std::nullopt when it is collapsible:
/// the owner is an elementwise linalg op on static tensors (a named one,
/// such as `linalg.transpose`, as its generic form) through whose
/// projected-permutation maps each split group of the reshape is a run of
/// consecutive loops that every other operand reads whole or not at all;
/// no elementwise producer it would fuse with (roller-fuse-elementwise)
/// would then be read through a new reshape, and every user that would
/// fuse it is collapsible the same way (so no fusion is lost).
std::optional<std::string> whyNotCollapsed(OpOperand &input);

/// Collapses the loops of `input`'s owner so that it reads the source of
/// `input`'s `expand_shape` directly (a named op is generalized first):
/// its other operands are collapsed, its results expanded back, and
/// reshape pairs that cancel are folded. Fails, changing nothing, where
/// whyNotCollapsed gives a reason. Returns the collapsed op.
FailureOr<linalg::GenericOp> collapseThroughReshape(RewriterBase &rewriter,
                                                    OpOperand &input);

/// Makes the elementwise `op` read each input it broadcasts through size-1
/// dims at index 0 that a `tensor.expand_shape` of a constant made
/// (torch-mlir's per-channel [C, 1, 1] scale and bias, read by `(d0, d1,
/// d2, d3) -> (d1, 0, 0)`) from the constant instead, by a map of loops only
/// (a projected permutation, which collapsing through reshapes needs), and
/// erases the expansion once nothing reads it. An
/// input whose dims are all such, or whose size-1 dims no expansion of a
/// constant made (a keepdim reduction's result), is left. Fails, changing
/// nothing, where no input is read so.
LogicalResult readBroadcastsWithoutUnitDims(RewriterBase &rewriter,
                                            linalg::GenericOp op);

/// Collapses every op nested in `root` that whyNotCollapsed allows, until
/// none is left (each collapse makes an op's users read an expand_shape of
/// it, which may make them collapsible in turn). Returns the number of ops
/// collapsed. Elementwise generics first read their broadcasts without
/// their size-1 dims (readBroadcastsWithoutUnitDims). With `remarks`, every
/// elementwise op left reading an
/// expand_shape of a linalg op's result gets a remark with the reason.
int64_t collapseThroughReshapes(RewriterBase &rewriter, Operation *root,
                                bool remarks);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_COLLAPSETHROUGHRESHAPES_H
