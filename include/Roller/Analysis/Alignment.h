//===- Alignment.h - ROLLER's alignment rules -------------------*- C++ -*-===//
//
// ROLLER builds tiles only from sizes aligned to the hardware (paper section
// 4.1). Each rule is its own function; nextAlignedSize composes them, so a
// new rule plugs in there.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ANALYSIS_ALIGNMENT_H
#define ROLLER_ANALYSIS_ALIGNMENT_H

#include "Roller/Analysis/Device.h"
#include "Roller/Analysis/TensorExpr.h"

#include <optional>
#include <vector>

namespace mlir::roller {

/// The eps schedule of the tensor-shape rule: start strict, relax by 0.2 up
/// to 1.0 until the construction finds enough candidates.
llvm::ArrayRef<double> getEpsSchedule();

/// Rule 4 (tensor shape): `size` tiles an axis of `extent` when it divides
/// the extent, or when padding the extent up to a multiple wastes at most
/// `eps` of it: (size - extent mod size) / extent <= eps. Sizes beyond the
/// extent are never aligned (the whole extent is).
bool isTensorShapeAligned(int64_t size, int64_t extent, double eps);

/// Rule 2 (memory transaction): the contiguous (last) dimension of every
/// access's data tile spans a whole number of transactions, or the whole
/// dimension. Accesses whose contiguous index mixes several axes (a strided
/// convolution window) are not contiguous in any one axis and are exempt.
bool isTransactionAligned(const TensorExpr &expr, llvm::ArrayRef<int64_t> tile,
                          int64_t transactionBytes);

/// Rule 2 for threads sharing a reduction (Schedule::reduceThreads): only
/// the inputs read along a reduction axis. The outputs are written once per
/// block, after the reduction, and an input without a reduction axis (a row
/// maximum subtracted from each element) is read once per output, like the
/// outputs of ROLLER's one-level schedules.
bool isTransactionAlignedAlongReduction(const TensorExpr &expr,
                                        llvm::ArrayRef<int64_t> tile,
                                        int64_t transactionBytes);
/// Whether `access` is indexed by a reduction axis of `expr` (only inputs
/// can be: outputs are indexed by parallel axes).
bool isReadAlongReduction(const TensorExpr &expr, const TensorAccess &access);

/// Rule 1 (execution unit): a thread count is aligned when it is a multiple
/// of the warp size and within the per-block limit.
bool isThreadCountAligned(const DeviceSpec &device, int64_t threads);

/// Rule 1 (execution unit), tensor cores: a warp tile is aligned when it is a
/// multiple of the MMA shape along the MMA's (M, N, K) axes.
bool isMmaAligned(llvm::ArrayRef<int64_t> tile, llvm::ArrayRef<int64_t> mma,
                  llvm::ArrayRef<unsigned> mmaAxes);

/// Rule 3 (memory bank): one warp's read of a shared tile. The padding that
/// keeps it conflict-free is found by analysis (computeBankPadding), not by
/// a closed formula: each thread's word address is computed and banks are
/// counted, so the result holds for any access pattern.
struct BankAccess {
  /// Shape of the shared tile (outermost first).
  std::vector<int64_t> tileShape;
  int64_t elementBytes = 4;
  /// Tile coordinates of the first element each thread of a warp reads
  /// (one entry per thread, each of tileShape's rank).
  std::vector<std::vector<int64_t>> threadCoords;
};
/// A warp read in the form the analysis uses: per thread the row (the
/// row-major index over all but the last dimension) and the column of its
/// first element, so that the element offset under a padding p is
/// row * (rowLength + p) + column.
struct WarpReadPattern {
  std::vector<int64_t> rows, columns;
  int64_t rowLength = 1;
  int64_t elementBytes = 4;

  static WarpReadPattern fromAccess(const BankAccess &access);
  /// Sorts the threads' (row, column) pairs and drops repeats (threads
  /// reading the same element are served by one broadcast): equal reads
  /// then compare equal, and each padding tried scans fewer threads.
  void canonicalize();
  /// The most distinct words any bank serves (1 is conflict-free; equal
  /// words broadcast).
  int64_t conflictDegree(int64_t padding, const MemLevel &shared) const;
  /// The smallest padding achieving the lowest degree, in
  /// [0, banks * bankWidth / elementBytes).
  int64_t bestPadding(const MemLevel &shared) const;
};

/// Conflict degree of one warp read (the most distinct words any bank
/// serves; 1 is conflict-free, equal addresses broadcast) with `padding`
/// elements added to each row.
int64_t computeBankConflict(const BankAccess &access, int64_t padding,
                            const MemLevel &shared);
/// The smallest padding that achieves the lowest conflict degree.
int64_t computeBankPadding(const BankAccess &access, const MemLevel &shared);

/// Sizes that the tensor-shape rule and `representable` (sizes a view can
/// map back to a box; empty means any) allow for an axis, ascending. The
/// growth steps are the divisors of the extent, the powers of two, and the
/// extent itself.
std::vector<int64_t> getCandidateSizes(int64_t extent, double eps,
                                       llvm::ArrayRef<int64_t> representable);

/// Everything the composed rule needs to know.
struct AlignmentContext {
  const TensorExpr *expr = nullptr;
  const DeviceSpec *device = nullptr;
  double eps = 0;
  /// Per axis: candidate sizes (getCandidateSizes), ascending.
  std::vector<std::vector<int64_t>> sizes;
  /// Whether the global-memory transaction rule applies (level 0 tiles).
  bool transactionRule = true;
  /// Per axis: an upper bound on the size (the enclosing tile at level 1).
  std::vector<int64_t> bound;
  /// Per axis: sizes must divide the bound (thread tiles divide the block;
  /// a tensor-core block's k step divides the reduction).
  std::vector<bool> mustDivideBound;
  /// Per axis: sizes must be multiples of this (MMA shape on MMA axes).
  std::vector<int64_t> multipleOf;

  /// With `computeSizes` false the caller fills `sizes` itself (thread
  /// tiles, whose sizes are the divisors of the block tile).
  AlignmentContext(const TensorExpr &expr, const DeviceSpec &device, double eps,
                   llvm::ArrayRef<std::vector<int64_t>> representable = {},
                   bool computeSizes = true);
  /// Whether `size` is acceptable for axis `axis` by the per-axis rules.
  bool isAxisSizeAllowed(unsigned axis, int64_t size) const;
};

/// The smallest size of `axis` above tile[axis] for which every rule holds
/// on the grown tile, or std::nullopt when the axis cannot grow.
std::optional<int64_t> nextAlignedSize(const AlignmentContext &ctx,
                                       llvm::ArrayRef<int64_t> tile,
                                       unsigned axis);

/// The smallest tile that satisfies every rule: per axis the smallest allowed
/// size, then grown on the axes the transaction rule needs.
std::vector<int64_t> getSmallestAlignedTile(const AlignmentContext &ctx);

} // namespace mlir::roller

#endif // ROLLER_ANALYSIS_ALIGNMENT_H
