//===- AffineEpilogue.h - Affine epilogues per output channel ---*- C++ -*-===//
//
// The match half of foldAffineEpilogue (FoldBatchNorm.h), private to the
// Transforms library: what a chain of elementwise ops after a contraction or
// convolution computes, per output channel, and where its weights are.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_AFFINEEPILOGUE_H
#define ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_AFFINEEPILOGUE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/APFloat.h"

#include <string>

namespace mlir::roller {

/// y = x * scale[c] + shift[c] on the anchor's result x, c its output
/// channel, and the anchor's initial value per channel.
struct AffineEpilogue {
  /// The channel: a dimension of the anchor's result, and its extent.
  int64_t channelDim = 0;
  int64_t channels = 0;
  /// The constant input of the anchor indexed by the channel, and the
  /// dimension of it that the channel indexes.
  OpOperand *weights = nullptr;
  int64_t weightsDim = 0;
  /// The elementwise ops, from the anchor's user to the last one folded.
  SmallVector<linalg::LinalgOp> chain;
  /// Composed in double.
  SmallVector<double> scale, shift;
  /// The initial value of the anchor's output, per channel (a bias).
  SmallVector<llvm::APFloat> bias;
};

/// Whether the body of `op` is `out + in0 * in1` in one type (linear in
/// each input).
bool isMulAccumulate(linalg::LinalgOp op);

/// The affine epilogue of `anchor` (see foldAffineEpilogue for the
/// conditions), or failure with `reason` set.
FailureOr<AffineEpilogue> analyzeAffineEpilogue(linalg::LinalgOp anchor,
                                                std::string &reason);

} // namespace mlir::roller

#endif // ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_AFFINEEPILOGUE_H
