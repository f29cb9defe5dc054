//===- TensorExpr.cpp - ROLLER's view of an operator ----------------------===//
//
// Data tiles, sizes and the consistency check of TensorExpr. validate() is the
// gate every expression passes before the construction and the model use it,
// so it rejects everything later code would index out of range with, divide
// by, or overflow on. The helpers saturate rather than overflow so that they
// stay defined on expressions that validate() would reject.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/TensorExpr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <limits>

using namespace mlir::roller;

namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
/// The largest element count, point count or index value validate() accepts:
/// leaves two bits of headroom so that byte counts (times elementBytes) and
/// sums of a few such figures cannot overflow in the model.
constexpr int64_t kMaxProduct = int64_t(1) << 62;

/// a * b for non-negative a and b, saturating at INT64_MAX.
int64_t satMul(int64_t a, int64_t b) {
  int64_t product;
  if (!__builtin_mul_overflow(a, b, &product))
    return product;
  return kInt64Max;
}

/// a + b for non-negative a and b, saturating at INT64_MAX.
int64_t satAdd(int64_t a, int64_t b) {
  // __builtin_*_overflow, not llvm::checkedAdd: the construction calls this
  // in its inner loop and the APInt-based helpers dominated its profile.
  int64_t sum;
  if (!__builtin_add_overflow(a, b, &sum))
    return sum;
  return kInt64Max;
}

/// |v|, saturating (|INT64_MIN| does not fit).
int64_t satAbs(int64_t v) {
  return v == std::numeric_limits<int64_t>::min() ? kInt64Max
                                                  : (v < 0 ? -v : v);
}

/// Product of `sizes`, or nullopt when it overflows int64_t.
std::optional<int64_t> checkedProduct(llvm::ArrayRef<int64_t> sizes) {
  int64_t product = 1;
  for (int64_t size : sizes) {
    if (__builtin_mul_overflow(product, size, &product))
      return std::nullopt;
  }
  return product;
}

/// Prints one index as "2*oh+kh+1" ("0" for a constant zero index).
void printIndex(llvm::raw_ostream &os, const AffineIndex &index,
                const std::vector<Axis> &axes) {
  bool first = true;
  for (auto [a, coeff] : llvm::enumerate(index.coeffs)) {
    if (coeff == 0)
      continue;
    if (coeff < 0)
      os << "-";
    else if (!first)
      os << "+";
    if (satAbs(coeff) != 1)
      os << satAbs(coeff) << "*";
    if (a < axes.size() && !axes[a].name.empty())
      os << axes[a].name;
    else
      os << "d" << a;
    first = false;
  }
  if (index.constant != 0 || first) {
    if (index.constant >= 0 && !first)
      os << "+";
    os << index.constant;
  }
}

void printAccess(llvm::raw_ostream &os, const TensorAccess &access,
                 const std::vector<Axis> &axes) {
  os << access.name << "[";
  llvm::interleave(
      access.indices, os,
      [&](const AffineIndex &index) { printIndex(os, index, axes); }, ",");
  os << "]";
}

} // namespace

//===----------------------------------------------------------------------===//
// AffineIndex
//===----------------------------------------------------------------------===//

int64_t AffineIndex::span(llvm::ArrayRef<int64_t> tile) const {
  // The selection's hottest function (through tileElements): a plain loop
  // the compiler keeps tight.
  int64_t total = 0;
  const int64_t *coeff = coeffs.data();
  for (size_t a = 0, e = std::min(coeffs.size(), tile.size()); a < e; ++a) {
    if (coeff[a] == 0 || tile[a] <= 1)
      continue;
    total = satAdd(total, satMul(satAbs(coeff[a]), tile[a] - 1));
  }
  return total;
}

std::optional<unsigned> AffineIndex::getSingleAxis() const {
  // "Exactly one axis": a constant offset would shift the data tile, which
  // callers using this to match layouts (axis fusion, contiguity) must see.
  if (constant != 0)
    return std::nullopt;
  std::optional<unsigned> axis;
  for (auto [a, coeff] : llvm::enumerate(coeffs)) {
    if (coeff == 0)
      continue;
    if (coeff != 1 || axis)
      return std::nullopt;
    axis = a;
  }
  return axis;
}

//===----------------------------------------------------------------------===//
// TensorAccess
//===----------------------------------------------------------------------===//

std::vector<int64_t>
TensorAccess::tileShape(llvm::ArrayRef<int64_t> tile) const {
  std::vector<int64_t> result;
  result.reserve(shape.size());
  for (auto [d, dimSize] : llvm::enumerate(shape)) {
    int64_t extent = 1;
    if (d < indices.size())
      extent = satAdd(indices[d].span(tile), 1);
    result.push_back(std::min(extent, dimSize));
  }
  return result;
}

/// TensorAccess::tileDim, inlined into the callers that loop over it.
static inline int64_t getTileDim(const TensorAccess &access, unsigned d,
                                 llvm::ArrayRef<int64_t> tile) {
  int64_t extent =
      d < access.indices.size() ? satAdd(access.indices[d].span(tile), 1) : 1;
  return std::min(extent, access.shape[d]);
}

int64_t TensorAccess::tileDim(unsigned d, llvm::ArrayRef<int64_t> tile) const {
  return getTileDim(*this, d, tile);
}

int64_t TensorAccess::tileElements(llvm::ArrayRef<int64_t> tile) const {
  int64_t total = 1;
  for (unsigned d = 0; d < shape.size(); ++d)
    total = satMul(total, std::max<int64_t>(getTileDim(*this, d, tile), 0));
  return total;
}

bool TensorAccess::usesAxis(unsigned a) const {
  return llvm::any_of(indices, [&](const AffineIndex &index) {
    return a < index.coeffs.size() && index.coeffs[a] != 0;
  });
}

int64_t TensorAccess::numElements() const {
  int64_t total = 1;
  for (int64_t size : shape)
    total = satMul(total, std::max<int64_t>(size, 0));
  return total;
}

//===----------------------------------------------------------------------===//
// TensorExpr
//===----------------------------------------------------------------------===//

std::vector<int64_t> TensorExpr::getExtents() const {
  std::vector<int64_t> extents;
  extents.reserve(axes.size());
  for (const Axis &axis : axes)
    extents.push_back(axis.extent);
  return extents;
}

bool TensorExpr::hasReduction() const {
  return llvm::any_of(axes,
                      [](const Axis &axis) { return axis.isReduction(); });
}

int64_t TensorExpr::numPoints() const {
  int64_t total = 1;
  for (const Axis &axis : axes)
    total = satMul(total, std::max<int64_t>(axis.extent, 0));
  return total;
}

std::vector<const TensorAccess *> TensorExpr::getAccesses() const {
  std::vector<const TensorAccess *> accesses;
  accesses.reserve(inputs.size() + outputs.size());
  for (const TensorAccess &access : inputs)
    accesses.push_back(&access);
  for (const TensorAccess &access : outputs)
    accesses.push_back(&access);
  return accesses;
}

/// The reason `access` is malformed, or nullopt. The axis extents are already
/// checked to be >= 1.
static std::optional<std::string>
validateAccess(const TensorAccess &access, bool isOutput,
               const std::vector<Axis> &axes) {
  std::string where = "access '" + access.name + "'";
  if (access.elementBytes <= 0)
    return where + " has element size " + std::to_string(access.elementBytes) +
           " (must be > 0)";
  if (access.indices.size() != access.shape.size())
    return where + " has " + std::to_string(access.indices.size()) +
           " indices for " + std::to_string(access.shape.size()) +
           " dimensions";
  for (auto [d, size] : llvm::enumerate(access.shape))
    if (size < 1)
      return where + " has dimension #" + std::to_string(d) + " of size " +
             std::to_string(size) + " (must be >= 1)";
  std::optional<int64_t> elements = checkedProduct(access.shape);
  if (!elements || *elements > kMaxProduct)
    return where + " has more than 2^62 elements";
  std::optional<int64_t> bytes =
      llvm::checkedMul(*elements, access.elementBytes);
  if (!bytes || *bytes > kMaxProduct)
    return where + " has more than 2^62 bytes";

  for (auto [d, index] : llvm::enumerate(access.indices)) {
    std::string dim = where + " dimension #" + std::to_string(d);
    if (index.coeffs.size() != axes.size())
      return dim + " has " + std::to_string(index.coeffs.size()) +
             " coefficients for " + std::to_string(axes.size()) + " axes";
    // The index ranges over [lo, hi] on the full loop box; both ends must
    // fall inside the dimension, or the expression reads out of bounds.
    int64_t lo = index.constant, hi = index.constant;
    for (auto [a, coeff] : llvm::enumerate(index.coeffs)) {
      if (coeff == 0)
        continue;
      if (isOutput && axes[a].isReduction())
        return dim + " depends on reduction axis '" + axes[a].name + "'";
      std::optional<int64_t> reach =
          llvm::checkedMul(coeff, axes[a].extent - 1);
      std::optional<int64_t> next =
          reach ? llvm::checkedAdd(*reach > 0 ? hi : lo, *reach) : std::nullopt;
      if (!next || satAbs(*next) > kMaxProduct)
        return dim + " has an index beyond 2^62";
      (*reach > 0 ? hi : lo) = *next;
    }
    if (lo < 0 || hi >= access.shape[d])
      return dim + " is indexed over [" + std::to_string(lo) + ", " +
             std::to_string(hi) + "], out of bounds of size " +
             std::to_string(access.shape[d]);
  }
  return std::nullopt;
}

std::optional<std::string> TensorExpr::validate() const {
  for (auto [a, axis] : llvm::enumerate(axes))
    if (axis.extent < 1)
      return "axis #" + std::to_string(a) + " '" + axis.name + "' has extent " +
             std::to_string(axis.extent) + " (must be >= 1)";
  std::optional<int64_t> points = checkedProduct(getExtents());
  if (!points || *points > kMaxProduct)
    return std::string("the loop nest has more than 2^62 points");
  if (outputs.empty())
    return std::string("the expression has no output");
  // `!(x >= 1)` also rejects NaN.
  if (!(opsPerPoint >= 1) || !std::isfinite(opsPerPoint))
    return "opsPerPoint is " + std::to_string(opsPerPoint) +
           " (must be finite and >= 1)";
  for (const TensorAccess &access : inputs)
    if (std::optional<std::string> reason =
            validateAccess(access, /*isOutput=*/false, axes))
      return reason;
  for (const TensorAccess &access : outputs)
    if (std::optional<std::string> reason =
            validateAccess(access, /*isOutput=*/true, axes))
      return reason;
  for (const IndirectRead &read : indirectReads)
    if (read.elementBytes <= 0)
      return "indirect read '" + read.name + "' has element size " +
             std::to_string(read.elementBytes) + " (must be > 0)";
  if (!epilogue)
    return std::nullopt;
  if (epilogue->outputs.empty())
    return std::string("the epilogue has no output");
  if (!(epilogue->opsPerPoint >= 1) || !std::isfinite(epilogue->opsPerPoint))
    return "the epilogue's opsPerPoint is " +
           std::to_string(epilogue->opsPerPoint) + " (must be finite and >= 1)";
  // The epilogue's outputs are written per point of its loops, which may
  // include reduction axes: validated as inputs are.
  for (const std::vector<TensorAccess> *accesses :
       {&epilogue->inputs, &epilogue->outputs})
    for (const TensorAccess &access : *accesses)
      if (std::optional<std::string> reason =
              validateAccess(access, /*isOutput=*/false, axes))
        return "epilogue: " + *reason;
  return std::nullopt;
}

bool EpilogueExpr::usesAxis(unsigned a) const {
  auto uses = [&](const TensorAccess &access) { return access.usesAxis(a); };
  return llvm::any_of(inputs, uses) || llvm::any_of(outputs, uses);
}

std::vector<int64_t>
EpilogueExpr::getBlockBox(llvm::ArrayRef<Axis> axes,
                          llvm::ArrayRef<int64_t> tile) const {
  std::vector<int64_t> box(tile.begin(), tile.end());
  for (auto [a, axis] : llvm::enumerate(axes))
    if (axis.isReduction() && a < box.size())
      box[a] = axis.extent;
  return box;
}

std::string TensorExpr::str() const {
  std::string result;
  llvm::raw_string_ostream os(result);
  llvm::interleave(
      axes, os,
      [&](const Axis &axis) {
        os << axis.name << ":" << axis.extent
           << (axis.isReduction() ? "r" : "");
      },
      " ");
  os << " | ";
  llvm::interleave(
      inputs, os, [&](const TensorAccess &in) { printAccess(os, in, axes); },
      " ");
  os << " -> ";
  llvm::interleave(
      outputs, os, [&](const TensorAccess &out) { printAccess(os, out, axes); },
      " ");
  for (const IndirectRead &read : indirectReads)
    os << " + " << read.name << "[computed]";
  if (epilogue) {
    os << " => " << epilogue->opName << "(";
    llvm::interleave(
        epilogue->inputs, os,
        [&](const TensorAccess &in) { printAccess(os, in, axes); }, " ");
    os << ") -> ";
    llvm::interleave(
        epilogue->outputs, os,
        [&](const TensorAccess &out) { printAccess(os, out, axes); }, " ");
  }
  return result;
}

std::string TensorExpr::key() const {
  std::string result;
  llvm::raw_string_ostream os(result);
  auto list = [&](llvm::ArrayRef<int64_t> values) {
    os << '[';
    llvm::interleaveComma(values, os);
    os << ']';
  };
  auto access = [&](const TensorAccess &a) {
    os << '{' << a.name << ' ' << a.elementType << ' ' << a.elementBytes
       << (a.isRead ? " r " : " w ");
    if (a.gathered)
      os << 'g' << a.gatherRun << ' ';
    list(a.shape);
    for (const AffineIndex &index : a.indices) {
      list(index.coeffs);
      os << '+' << index.constant;
    }
    os << '}';
  };
  os << opName << ' ' << computeType << ' ' << mmaInputType << ' ';
  // Exact: a double printed with 17 significant digits reads back equal.
  os << llvm::format("%.17g", opsPerPoint) << ' ';
  for (const Axis &axis : axes)
    os << axis.name << ':' << axis.extent << (axis.isReduction() ? "r " : " ");
  os << '|';
  for (const TensorAccess &in : inputs)
    access(in);
  os << "->";
  for (const TensorAccess &out : outputs)
    access(out);
  for (const IndirectRead &read : indirectReads)
    os << "{indirect " << read.elementType << ' ' << read.elementBytes << '}';
  if (epilogue) {
    os << "=>" << epilogue->opName << ' '
       << llvm::format("%.17g", epilogue->opsPerPoint);
    for (const TensorAccess &in : epilogue->inputs)
      access(in);
    os << "->";
    for (const TensorAccess &out : epilogue->outputs)
      access(out);
  }
  return result;
}
