//===- LinalgTensorExpr.h - TensorExpr from a linalg op ---------*- C++ -*-===//
//
// The bridge from IR to the analysis: a linalg op is exactly ROLLER's tensor
// expression (iterator types + affine indexing maps + a scalar body), so any
// LinalgOp with static shapes and affine-linear indexing maps converts. The
// reason an op does not convert is reported back so that the caller can turn
// it into a remark instead of silently skipping the op.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ANALYSIS_LINALGTENSOREXPR_H
#define ROLLER_ANALYSIS_LINALGTENSOREXPR_H

#include "Roller/Analysis/Limits.h"
#include "Roller/Analysis/TensorExpr.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir::roller {

/// ROLLER's view of a linalg op, or the reason it has none (becomes a
/// remark). Axes are named "d0", "d1", ... after the loop dimensions, and
/// operands "in0", "in1", ... and "out0", ...; a scalar operand (the value of
/// linalg.fill) is a rank-0 access. The result always passes validate().
llvm::Expected<TensorExpr> tensorExprFromLinalg(linalg::LinalgOp op);

/// The op name for reports, e.g. "linalg.matmul".
std::string describeLinalgOp(linalg::LinalgOp op);

/// Whether `op` (two inputs, one output) has a body that yields
/// `out + a * b` (either order of either operation), `a` and `b` the two
/// inputs' elements, each optionally through `arith.extf`: a sum of
/// products, what tensor cores compute.
bool isSumOfProducts(linalg::LinalgOp op);

/// The unit attribute that lets the f32 contractions of the module (or any
/// op) carrying it run on TF32 tensor cores: inputs rounded to 10 mantissa
/// bits, products summed in f32 (PyTorch's `allow_tf32`). Opt-in, as it
/// changes results; `--roller-tile`/`--roller-select`'s allow-tf32 sets it
/// on the module.
inline constexpr llvm::StringLiteral kAllowTf32AttrName = "roller.allow_tf32";

/// Whether `op` or an op around it carries kAllowTf32AttrName.
bool allowsTf32(Operation *op);

/// The mma.sync input type ("f16", "bf16", "tf32") of a contraction in
/// `op`'s context whose inputs are `element` and whose sums are `sum`, or
/// "" when tensor cores cannot compute it as roller-vectorize-mma makes
/// mma.sync tiles: f16 into f16 or f32, bf16 into f32, f32 into f32 where
/// TF32 is allowed.
std::string getTensorCoreInputType(Operation *op, Type element, Type sum);

} // namespace mlir::roller

#endif // ROLLER_ANALYSIS_LINALGTENSOREXPR_H
