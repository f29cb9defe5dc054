//===- Limits.h - Sizes Roller accepts from its input -----------*- C++ -*-===//
//
// The largest sizes a hostile or careless input may ask for. Each is checked
// before any arithmetic on it (the linalg bridge, the attribute and type
// verifiers), so that every product the analysis and the lowering form stays
// far below 64-bit overflow and every enumeration stays short. They are far
// above anything a GPU can run, so no real program meets them.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ANALYSIS_LIMITS_H
#define ROLLER_ANALYSIS_LIMITS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::roller {

/// Largest loop extent, operand dimension, tile entry or grid entry: 2^31 - 1,
/// so that block and thread indices fit the GPU's 32-bit registers.
constexpr int64_t kMaxExtent = (int64_t(1) << 31) - 1;

/// Largest element count of an operand or a tile, number of points of an
/// iteration space and byte size of a tile's storage: 2^48. No device holds
/// that much, and products of two such counts with small factors (stages,
/// element bytes) still fit 64 bits.
constexpr int64_t kMaxElements = int64_t(1) << 48;

/// Largest storage padding of a shared-memory tile, in elements. Padding only
/// breaks bank conflicts, which repeat every banks x bank width bytes (128
/// elements at most on NVIDIA GPUs).
constexpr int64_t kMaxPadding = 1024;

/// Most software-pipeline stages of a schedule (real ones use 2 to 8).
constexpr int64_t kMaxStages = 64;

/// Largest JSON device file, in bytes: a device description is a few KiB.
constexpr uint64_t kMaxDeviceFileBytes = uint64_t(1) << 20;

/// Deepest nesting of arrays and objects in a JSON device file (the format
/// needs 3). llvm::json::parse recurses once per level, so a deeper file
/// could overflow the stack.
constexpr unsigned kMaxDeviceFileDepth = 64;

/// Why a static operand shape is outside kMaxExtent and kMaxElements ("a
/// dimension of D, above the limit of ...", "more than 2^48 elements"), or
/// nullopt when it is within them. The element count is checked as it is
/// formed: the product of such dimensions can exceed 64 bits.
inline std::optional<std::string>
whyShapeOutsideLimits(llvm::ArrayRef<int64_t> shape) {
  int64_t elements = 1;
  for (int64_t dim : shape) {
    if (dim > kMaxExtent)
      return "a dimension of " + std::to_string(dim) + ", above the limit of " +
             std::to_string(kMaxExtent);
    elements = llvm::checkedMul(elements, dim).value_or(kMaxElements + 1);
    if (elements > kMaxElements)
      return std::string("more than 2^48 elements");
  }
  return std::nullopt;
}

} // namespace mlir::roller

#endif // ROLLER_ANALYSIS_LIMITS_H
