//===- Npy.h - NumPy .npy files for roller-emu ------------------*- C++ -*-===//
//
// Reads and writes the .npy format (NumPy's format.py, versions 1.0-3.0):
// a magic string, a header dictionary with 'descr', 'fortran_order' and
// 'shape', then the raw little-endian elements. Only C-order arrays of
// fixed-size numeric types are supported.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TOOLS_ROLLER_EMU_NPY_H
#define ROLLER_TOOLS_ROLLER_EMU_NPY_H

#include <cstdint>
#include <string>
#include <vector>

namespace roller::npy {

struct Array {
  /// NumPy type string without the byte order: f4, f8, f2, i1..i8,
  /// u1..u8, b1.
  std::string dtype;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;

  int64_t elements() const;
  unsigned elementBytes() const;
};

/// Reads `path`; on failure returns false and sets `error`.
bool read(const std::string &path, Array &array, std::string &error);
/// Writes `array` to `path`; on failure returns false and sets `error`.
bool write(const std::string &path, const Array &array, std::string &error);

/// The NumPy dtype holding an MLIR element type (f32 -> f4, bf16 -> u2:
/// NumPy has no bfloat16, so its bit patterns travel as uint16), or "" for
/// a type without one.
std::string dtypeFor(const std::string &element);

} // namespace roller::npy

#endif // ROLLER_TOOLS_ROLLER_EMU_NPY_H
