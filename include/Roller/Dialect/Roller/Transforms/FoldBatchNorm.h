//===- FoldBatchNorm.h - Affine epilogues folded into weights ---*- C++ -*-===//
//
// An eval-mode BatchNorm after a convolution or a matmul is an affine map per
// output channel, y = x * a[c] + b[c]; torch-mlir exports it as a chain of
// elementwise linalg ops on the anchor's result (subtract the mean, multiply
// by rsqrt(var + eps), by gamma, add beta) plus elementwise ops on the
// constants themselves. Each runs as a kernel. When the anchor's weights are
// constants, the whole chain is a rescaling of the weights and a new initial
// value of the output, both computed at compile time.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_FOLDBATCHNORM_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_FOLDBATCHNORM_H

#include "Roller/Dialect/Roller/Transforms/FoldConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/APFloat.h"

#include <string>

namespace mlir::roller {

/// A statically shaped, non-empty constant float tensor (f16, bf16, f32 or
/// f64), seen through `tensor.expand_shape` / `tensor.collapse_shape` (which
/// keep the row-major order of the elements).
struct ConstantElements {
  /// The type of the value asked about, not of the underlying constant.
  RankedTensorType type;
  ConstantBytes bytes;

  /// The element at row-major position `index` of `type`.
  llvm::APFloat get(int64_t index) const;
  /// The same element in double (exact for every supported type); f32 and
  /// f64 are read directly: folding the weights of a model reads millions.
  double getDouble(int64_t index) const;
};

/// `value` in double (exact for f16, bf16, f32 and f64).
double toDouble(llvm::APFloat value);

/// `value` rounded to nearest even in `semantics`.
llvm::APFloat fromDouble(double value, const llvm::fltSemantics &semantics);

/// Writes `value`, rounded to nearest even in `type` (f16, bf16, f32 or
/// f64), as the type's bytes at `at`.
void writeDouble(double value, FloatType type, char *at);

/// The elements of `value` when it is such a constant, else std::nullopt.
std::optional<ConstantElements> getConstantElements(Value value);

/// The result of one scalar op of an elementwise body (arith add, sub, mul,
/// div, neg, min/max, truncf, extf, constant; math sqrt, rsqrt, exp, log,
/// absf, tanh, erf, powf) on the given operand values, rounded to the
/// result's float type; std::nullopt for any other op or type. Arithmetic is
/// IEEE (APFloat, round to nearest even) in the op's type; the math
/// functions are computed in double and rounded once.
std::optional<llvm::APFloat> evaluateScalarOp(Operation *op,
                                              ArrayRef<llvm::APFloat> operands);

/// Replaces `op` by an `arith.constant` of its result when it computes an
/// elementwise function of constants: tensor semantics, one statically
/// shaped float output whose initial value it does not read, all loops
/// parallel, every input a constant (getConstantElements, or a scalar
/// `arith.constant`) read through a map of dimensions and constants, at
/// least one tensor input, and a body of ops evaluateScalarOp knows that
/// reads only its arguments and scalar constants. Data movement alone (a
/// body that yields an argument) is left to foldConstantDataMovement. Fails,
/// leaving the IR unchanged, otherwise or when the result would exceed
/// `maxBytes`.
FailureOr<arith::ConstantOp> evaluateConstantElementwise(RewriterBase &rewriter,
                                                         linalg::LinalgOp op,
                                                         int64_t maxBytes);

/// What foldAffineEpilogue rewrote.
struct AffineEpilogueFold {
  /// The anchor, with its new weights and initial value.
  linalg::LinalgOp anchor;
  /// The elementwise ops folded (and erased).
  int64_t numFolded = 0;
  /// Whether the weights changed (false when every scale is exactly 1).
  bool scaledWeights = false;
};

/// Folds the affine epilogue of `anchor` into it. `anchor` is a contraction
/// or convolution (linalg.matmul, batch_matmul, conv_2d_*, depthwise_conv_*,
/// or a generic of that form) with one statically shaped float result whose
/// only user starts a chain of elementwise linalg ops, each with the previous
/// result as its only non-constant input (identity map), whose bodies are
/// affine in it (add, sub, mul, div, neg with constants; constants may be
/// computed in the body) with constants that depend only on one output
/// dimension c, along which a constant input of the anchor (the weights) is
/// indexed. The chain is y = x * a[c] + b[c]; the anchor's weights become
/// W'[..c..] = a[c] * W[..c..] and its initial value (a linalg.fill, or a
/// constant or broadcast of one per channel, bias[c]) a linalg.broadcast of
/// the small constant a[c] * bias[c] + b[c] (a linalg.fill when it is the
/// same for every channel). The chain's last result is replaced by the
/// anchor's and the chain erased.
///
/// The coefficients are composed in double and rounded once into the
/// element type, so the folded op differs from the chain by reassociation:
/// a few ulps of each weight and bias, and (x - mean) * s becoming
/// x * s - mean * s, which loses absolute precision when |x| is near |mean|
/// by at most an ulp of mean * s.
///
/// Fails, leaving the IR unchanged, when any of this does not hold, and when
/// the anchor's result has other users, a shape is dynamic, the weights and
/// output have different element types, or the new weights would exceed
/// `maxBytes`.
FailureOr<AffineEpilogueFold> foldAffineEpilogue(RewriterBase &rewriter,
                                                 linalg::LinalgOp anchor,
                                                 int64_t maxBytes);

/// As above, and on failure sets `reason` to why the anchor was not folded.
FailureOr<AffineEpilogueFold> foldAffineEpilogue(RewriterBase &rewriter,
                                                 linalg::LinalgOp anchor,
                                                 int64_t maxBytes,
                                                 std::string &reason);

/// How many ops foldBatchNorms rewrote.
struct FoldBatchNormCounts {
  int64_t evaluated = 0;
  int64_t anchors = 0;
  int64_t epilogueOps = 0;
};

/// evaluateConstantElementwise on every linalg op in `root`, producers first
/// (var + eps feeds rsqrt), then foldAffineEpilogue on every contraction and
/// convolution. With `remarks`, an anchor that has an elementwise user with
/// a constant operand (a candidate) and is not folded gets a remark saying
/// why.
FoldBatchNormCounts foldBatchNorms(RewriterBase &rewriter, Operation *root,
                                   int64_t maxBytes, bool remarks);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_FOLDBATCHNORM_H
