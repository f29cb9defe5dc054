//===- TensorExpr.h - ROLLER's view of an operator --------------*- C++ -*-===//
//
// An operator as ROLLER sees it: a perfectly nested loop nest over spatial
// and reduction axes with an affine access into every operand. It is built
// from a linalg op (LinalgTensorExpr.h) but holds no IR, so the construction
// and the model can be tested and reused on their own.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ANALYSIS_TENSOREXPR_H
#define ROLLER_ANALYSIS_TENSOREXPR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::roller {

enum class AxisKind { Spatial, Reduction };

/// One loop axis of the nest.
struct Axis {
  std::string name;
  int64_t extent = 0;
  AxisKind kind = AxisKind::Spatial;

  bool isReduction() const { return kind == AxisKind::Reduction; }
};

/// One index expression of an access: sum_a coeffs[a] * axis_a + constant.
struct AffineIndex {
  std::vector<int64_t> coeffs;
  int64_t constant = 0;

  /// Distinct values minus one over a box of `tile` iterations:
  /// sum_a |coeffs[a]| * (tile[a] - 1).
  int64_t span(llvm::ArrayRef<int64_t> tile) const;
  /// Whether the index is exactly one axis with coefficient 1.
  std::optional<unsigned> getSingleAxis() const;
};

/// How the loop nest touches one operand.
struct TensorAccess {
  std::string name;
  /// The operand's static shape.
  std::vector<int64_t> shape;
  /// One index per dimension of the operand, outermost first; the last
  /// dimension is the contiguous one (row-major, identity layout).
  std::vector<AffineIndex> indices;
  /// MLIR spelling of the element type ("f32", "f16", ...).
  std::string elementType;
  int64_t elementBytes = 4;
  /// Whether the loop body reads the operand's values. False for an input
  /// that only supplies a shape (a pooling window) and for an output the body
  /// only writes (elementwise, fill); such accesses move no data in.
  bool isRead = true;
  /// Whether the operand is gathered into shared memory rather than copied
  /// (an implicit GEMM's patches, read through a gather copy): each run the
  /// block stages costs its own position arithmetic, several times a plain
  /// copy's (isPreferred ranks equal schedules by it).
  bool gathered = false;
  /// Elements of a gathered operand that one position computed copies: a
  /// run of contiguous channels (an NHWC convolution's, readsAlignedRuns),
  /// or 1, element by element. The model's issue stage counts positions.
  int64_t gatherRun = 1;

  /// The data tile a box of `tile` iterations touches, per dimension,
  /// clamped to the operand's shape.
  std::vector<int64_t> tileShape(llvm::ArrayRef<int64_t> tile) const;
  /// tileShape(tile)[d] without building the vector (the construction's
  /// inner loop).
  int64_t tileDim(unsigned d, llvm::ArrayRef<int64_t> tile) const;
  /// Elements of tileShape.
  int64_t tileElements(llvm::ArrayRef<int64_t> tile) const;
  /// Whether any index depends on axis `a`.
  bool usesAxis(unsigned a) const;
  int64_t numElements() const;
};

/// A tensor the body reads at indices it computes (`tensor.extract` in a
/// linalg body: an embedding lookup, nearest upsampling, torch.gather); not
/// TensorAccess::gathered, an implicit GEMM's staged patches. The
/// elements a tile reads are known only at run time, so the model charges
/// one element per point of the loop nest, in transactions along the
/// innermost axis (as an input indexed by every axis would be); the
/// generated code loads them from global memory, unstaged.
struct IndirectRead {
  std::string name;
  std::string elementType;
  int64_t elementBytes = 4;
};

/// Elementwise work fused after an operator (its epilogue, built by
/// roller-fuse-epilogues): each thread applies it to its accumulators once
/// the reduction has ended, loading `inputs` from global memory straight
/// into registers and writing `outputs` in place of the operator's own (its
/// result never reaches global memory). Indices run over the operator's
/// axes: spatial ones, and for a row epilogue (softmax's divide, LayerNorm's
/// normalize) reduction axes too, walked whole by each thread.
struct EpilogueExpr {
  /// Op name for reports.
  std::string opName;
  /// What the epilogue reads besides the operator's result.
  std::vector<TensorAccess> inputs;
  std::vector<TensorAccess> outputs;
  /// Arithmetic operations per point of the epilogue's loops.
  double opsPerPoint = 1;

  /// Whether an input or output is indexed by operator axis `a` (a row
  /// epilogue's reduction axes).
  bool usesAxis(unsigned a) const;
  /// The box of iterations a block tile `tile` of the operator covers in
  /// the epilogue: its spatial sizes, and whole reduction axes.
  std::vector<int64_t> getBlockBox(llvm::ArrayRef<Axis> axes,
                                   llvm::ArrayRef<int64_t> tile) const;
};

/// An operator: loop axes, accesses, and the work per loop-nest point.
struct TensorExpr {
  /// Op name for reports (e.g. "linalg.matmul").
  std::string opName;
  std::vector<Axis> axes;
  std::vector<TensorAccess> inputs;
  std::vector<TensorAccess> outputs;
  /// Tensors the body reads at computed indices (not operands: nothing
  /// stages them).
  std::vector<IndirectRead> indirectReads;
  /// Arithmetic operations per point of the loop nest (2 for a
  /// multiply-accumulate, 1 for max or add, ...), at least 1.
  double opsPerPoint = 1;
  /// MLIR spelling of the type the arithmetic runs in; selects the peak.
  std::string computeType = "f32";
  /// The product of the MMA input element type when tensor cores can run the
  /// body (a multiply-accumulate of f16/bf16 inputs), empty otherwise.
  std::string mmaInputType;
  /// Whether each output is reduced by one combining op with a neutral
  /// element (a sum, a maximum, ...; not an argmax), so that threads may
  /// share the reduction (Schedule::reduceThreads).
  bool splittableReduction = false;
  /// The elementwise op fused after this one, if any.
  std::optional<EpilogueExpr> epilogue;

  unsigned getRank() const { return axes.size(); }
  std::vector<int64_t> getExtents() const;
  bool hasReduction() const;
  /// Points of the loop nest (product of the extents).
  int64_t numPoints() const;
  double totalOps() const { return opsPerPoint * double(numPoints()); }
  /// All accesses, inputs first.
  std::vector<const TensorAccess *> getAccesses() const;

  /// The reason this expression is malformed, or std::nullopt.
  std::optional<std::string> validate() const;
  /// One line for remarks and logs, e.g.
  /// "i:1024 j:1024 k:1024r | A[i,k] B[k,j] -> C[i,j]".
  std::string str() const;
  /// Equal for two expressions exactly when all their fields are: what the
  /// construction reads (extents, indices, shapes, types, ops per point).
  /// Ops with equal keys get the same schedules.
  std::string key() const;
};

} // namespace mlir::roller

#endif // ROLLER_ANALYSIS_TENSOREXPR_H
