//===- Alignment.cpp - ROLLER's alignment rules ---------------------------===//

#include "Roller/Analysis/Alignment.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <set>

using namespace mlir;
using namespace mlir::roller;

llvm::ArrayRef<double> mlir::roller::getEpsSchedule() {
  static const double schedule[] = {0.0, 0.2, 0.4, 0.6, 0.8, 1.0};
  return schedule;
}

bool mlir::roller::isTensorShapeAligned(int64_t size, int64_t extent,
                                        double eps) {
  if (size <= 0 || size > extent)
    return false;
  int64_t remainder = extent % size;
  if (remainder == 0)
    return true;
  return double(size - remainder) / double(extent) <= eps + 1e-12;
}

/// Rule 2 for one access: aligned, or exempt (no single contiguous axis).
static bool isAccessTransactionAligned(const TensorAccess &access,
                                       llvm::ArrayRef<int64_t> tile,
                                       int64_t transactionBytes) {
  if (access.indices.empty())
    return true;
  std::optional<unsigned> axis = access.indices.back().getSingleAxis();
  if (!axis)
    return true;
  int64_t extent = std::min(tile[*axis], access.shape.back());
  return extent == access.shape.back() ||
         (extent * access.elementBytes) % transactionBytes == 0;
}

/// Whether the transaction rule holds for every access contiguous in `axis`.
static bool isAxisTransactionAligned(const TensorExpr &expr,
                                     llvm::ArrayRef<int64_t> tile,
                                     unsigned axis, int64_t transactionBytes) {
  for (const TensorAccess *access : expr.getAccesses()) {
    if (access->indices.empty() ||
        access->indices.back().getSingleAxis() != axis)
      continue;
    if (!isAccessTransactionAligned(*access, tile, transactionBytes))
      return false;
  }
  return true;
}

bool mlir::roller::isTransactionAligned(const TensorExpr &expr,
                                        llvm::ArrayRef<int64_t> tile,
                                        int64_t transactionBytes) {
  return llvm::all_of(expr.getAccesses(), [&](const TensorAccess *access) {
    return isAccessTransactionAligned(*access, tile, transactionBytes);
  });
}

bool mlir::roller::isReadAlongReduction(const TensorExpr &expr,
                                        const TensorAccess &access) {
  return llvm::any_of(llvm::seq<unsigned>(0, expr.getRank()), [&](unsigned a) {
    return expr.axes[a].isReduction() && access.usesAxis(a);
  });
}

bool mlir::roller::isTransactionAlignedAlongReduction(
    const TensorExpr &expr, llvm::ArrayRef<int64_t> tile,
    int64_t transactionBytes) {
  return llvm::all_of(expr.inputs, [&](const TensorAccess &input) {
    return !isReadAlongReduction(expr, input) ||
           isAccessTransactionAligned(input, tile, transactionBytes);
  });
}

bool mlir::roller::isThreadCountAligned(const DeviceSpec &device,
                                        int64_t threads) {
  return threads > 0 && threads % device.warpSize == 0 &&
         threads <= device.maxThreadsPerBlock;
}

bool mlir::roller::isMmaAligned(llvm::ArrayRef<int64_t> tile,
                                llvm::ArrayRef<int64_t> mma,
                                llvm::ArrayRef<unsigned> mmaAxes) {
  for (auto [unit, axis] : llvm::zip(mma, mmaAxes))
    if (tile[axis] % unit != 0)
      return false;
  return true;
}

WarpReadPattern WarpReadPattern::fromAccess(const BankAccess &access) {
  WarpReadPattern pattern;
  pattern.rowLength = access.tileShape.empty() ? 1 : access.tileShape.back();
  pattern.elementBytes = access.elementBytes;
  for (const std::vector<int64_t> &coords : access.threadCoords) {
    int64_t row = 0;
    for (size_t d = 0; d + 1 < coords.size(); ++d)
      row = row * access.tileShape[d] + coords[d];
    pattern.rows.push_back(row);
    pattern.columns.push_back(coords.empty() ? 0 : coords.back());
  }
  pattern.canonicalize();
  return pattern;
}

void WarpReadPattern::canonicalize() {
  llvm::SmallVector<std::pair<int64_t, int64_t>, 64> reads;
  for (auto [row, column] : llvm::zip(rows, columns))
    reads.push_back({row, column});
  llvm::sort(reads);
  reads.erase(std::unique(reads.begin(), reads.end()), reads.end());
  rows.clear();
  columns.clear();
  for (auto [row, column] : reads) {
    rows.push_back(row);
    columns.push_back(column);
  }
}

/// floor(value / divisor) and value mod divisor (in [0, divisor)), by shifts
/// when divisor is a power of two: the selection calls this per thread, per
/// padding tried, per candidate, and integer division dominated its profile.
static int64_t floorDiv(int64_t value, int64_t divisor) {
  if (llvm::isPowerOf2_64(divisor))
    return value >> llvm::Log2_64(divisor);
  return llvm::divideFloorSigned(value, divisor);
}
static int64_t floorMod(int64_t value, int64_t divisor) {
  if (llvm::isPowerOf2_64(divisor))
    return value & (divisor - 1);
  return value - llvm::divideFloorSigned(value, divisor) * divisor;
}

int64_t WarpReadPattern::conflictDegree(int64_t padding,
                                        const MemLevel &shared) const {
  if (shared.banks <= 0 || shared.bankWidthBytes <= 0)
    return 1;
  constexpr int64_t kMaxBanks = 64, kMaxThreads = 64;
  if (shared.banks > kMaxBanks || int64_t(rows.size()) > kMaxThreads)
    return 1;
  // The words the warp reads, each once: a repeated word is a broadcast.
  int64_t words[kMaxThreads];
  int64_t stride = rowLength + padding;
  for (size_t t = 0; t < rows.size(); ++t)
    words[t] = floorDiv((rows[t] * stride + columns[t]) * elementBytes,
                        shared.bankWidthBytes);
  int64_t *end = words + rows.size();
  std::sort(words, end);
  end = std::unique(words, end);
  // A bank serves each distinct word once.
  int64_t perBank[kMaxBanks] = {0};
  int64_t degree = 1;
  for (int64_t *word = words; word != end; ++word)
    degree = std::max(degree, ++perBank[floorMod(*word, shared.banks)]);
  return degree;
}

int64_t WarpReadPattern::bestPadding(const MemLevel &shared) const {
  if (shared.banks <= 0 || shared.bankWidthBytes <= 0)
    return 0;
  int64_t best = 0, bestDegree = conflictDegree(0, shared);
  // Padding moves rows against each other; conflicts within one row stay.
  if (bestDegree == 1 || llvm::all_equal(rows))
    return 0;
  // Padding repeats its effect every banks * bankWidth bytes.
  int64_t period =
      std::max<int64_t>(1, shared.banks * shared.bankWidthBytes / elementBytes);
  for (int64_t pad = 1; pad < period && bestDegree > 1; ++pad) {
    int64_t degree = conflictDegree(pad, shared);
    if (degree < bestDegree) {
      best = pad;
      bestDegree = degree;
    }
  }
  return best;
}

int64_t mlir::roller::computeBankConflict(const BankAccess &access,
                                          int64_t padding,
                                          const MemLevel &shared) {
  if (access.tileShape.empty())
    return 1;
  return WarpReadPattern::fromAccess(access).conflictDegree(padding, shared);
}

int64_t mlir::roller::computeBankPadding(const BankAccess &access,
                                         const MemLevel &shared) {
  if (access.tileShape.empty())
    return 0;
  return WarpReadPattern::fromAccess(access).bestPadding(shared);
}

std::vector<int64_t>
mlir::roller::getCandidateSizes(int64_t extent, double eps,
                                llvm::ArrayRef<int64_t> representable) {
  std::set<int64_t> sizes;
  for (int64_t d = 1; d * d <= extent; ++d)
    if (extent % d == 0) {
      sizes.insert(d);
      sizes.insert(extent / d);
    }
  for (int64_t p = 1; p <= extent; p *= 2)
    sizes.insert(p);
  // Multiples of 16 cover sizes that suit vector and MMA shapes on extents
  // with few divisors (1000 = 8 x 125 tiles well by 64, 96, ...).
  for (int64_t m = 16; m <= std::min<int64_t>(extent, 512); m += 16)
    sizes.insert(m);
  std::vector<int64_t> result;
  for (int64_t size : sizes) {
    if (!isTensorShapeAligned(size, extent, eps))
      continue;
    if (!representable.empty() && !llvm::is_contained(representable, size))
      continue;
    result.push_back(size);
  }
  return result;
}

AlignmentContext::AlignmentContext(
    const TensorExpr &expr, const DeviceSpec &device, double eps,
    llvm::ArrayRef<std::vector<int64_t>> representable, bool computeSizes)
    : expr(&expr), device(&device), eps(eps) {
  sizes.resize(expr.getRank());
  for (unsigned a = 0; a < expr.getRank() && computeSizes; ++a) {
    llvm::ArrayRef<int64_t> allowed;
    if (a < representable.size())
      allowed = representable[a];
    sizes[a] = getCandidateSizes(expr.axes[a].extent, eps, allowed);
  }
  bound = expr.getExtents();
  multipleOf.assign(expr.getRank(), 1);
  mustDivideBound.assign(expr.getRank(), false);
}

bool AlignmentContext::isAxisSizeAllowed(unsigned axis, int64_t size) const {
  if (size > bound[axis] || size % multipleOf[axis] != 0)
    return false;
  if (mustDivideBound[axis] && bound[axis] % size != 0)
    return false;
  return true;
}

std::optional<int64_t>
mlir::roller::nextAlignedSize(const AlignmentContext &ctx,
                              llvm::ArrayRef<int64_t> tile, unsigned axis) {
  // Growing one axis only changes the accesses contiguous in it, so only
  // those are checked (another misaligned axis does not block this one).
  // The construction's growth loops call this for every axis of every tile
  // they try: no heap copy of the tile, no scan of the smaller sizes.
  llvm::SmallVector<int64_t, 8> grown(tile.begin(), tile.end());
  int64_t transaction = ctx.device->levels.front().transactionBytes;
  const std::vector<int64_t> &sizes = ctx.sizes[axis];
  for (int64_t size : llvm::make_range(
           llvm::upper_bound(sizes, tile[axis]), sizes.end())) {
    if (!ctx.isAxisSizeAllowed(axis, size))
      continue;
    grown[axis] = size;
    if (ctx.transactionRule &&
        !isAxisTransactionAligned(*ctx.expr, grown, axis, transaction))
      continue;
    return size;
  }
  return std::nullopt;
}

std::vector<int64_t>
mlir::roller::getSmallestAlignedTile(const AlignmentContext &ctx) {
  unsigned rank = ctx.expr->getRank();
  int64_t transaction = ctx.device->levels.front().transactionBytes;
  std::vector<int64_t> tile(rank, 1);
  for (unsigned a = 0; a < rank; ++a) {
    std::optional<int64_t> first;
    for (int64_t size : ctx.sizes[a]) {
      if (!ctx.isAxisSizeAllowed(a, size))
        continue;
      if (!first)
        first = size;
      tile[a] = size;
      if (!ctx.transactionRule ||
          isAxisTransactionAligned(*ctx.expr, tile, a, transaction))
        break;
    }
    // No size satisfies the transaction rule: keep the smallest one; the
    // model charges the partial transactions.
    if (ctx.transactionRule &&
        !isAxisTransactionAligned(*ctx.expr, tile, a, transaction) && first)
      tile[a] = *first;
  }
  return tile;
}
