//===- Support.h - Files, formatting and sizes for roller-bench -*- C++ -*-===//
//
// Small helpers every part of roller-bench uses: reading the prepared
// folder's files, printf-style formatting (the JSON records are written by
// hand, since Json.h only reads) and the sizes of the tensors it describes.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TOOLS_ROLLER_BENCH_SUPPORT_H
#define ROLLER_TOOLS_ROLLER_BENCH_SUPPORT_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace roller::bench {

/// The whole file; throws json::Error when it cannot be read, so that a
/// missing file is reported like a malformed one.
std::string readFile(const std::string &path);

/// `rel` relative to `dir`, unless it is absolute.
std::string joinPath(const std::string &dir, const std::string &rel);

/// The number of elements of a tensor of this shape.
int64_t numel(const std::vector<int64_t> &shape);

/// The size of an MLIR element type ("f32", "f16", ...); 0 when unsupported.
size_t elementBytes(const std::string &element);

/// "2x3x4".
std::string shapeString(const std::vector<int64_t> &shape);

/// printf into a std::string (at most 1023 characters).
std::string fmt(const char *format, ...);

} // namespace roller::bench

#endif // ROLLER_TOOLS_ROLLER_BENCH_SUPPORT_H
