//===- Validation.h - Check a candidate before launching it -----*- C++ -*-===//
//
// The dry run, and the first step of a real run: a candidate is checked
// against its operator and the device without touching CUDA (the PTX files
// and their entry points, parameter counts, descriptor layouts against the
// operator's shapes, grid/block/shared-memory limits and buffer sizes), and
// the result is a Plan that says where each memref's storage comes from.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TOOLS_ROLLER_BENCH_VALIDATION_H
#define ROLLER_TOOLS_ROLLER_BENCH_VALIDATION_H

#include "Manifest.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace roller::bench {

/// Where each memref operand's storage comes from.
enum class BufferKind { Input, Output, Scratch };
struct Binding {
  BufferKind kind;
  int index; // input number, or scratch number
};

/// A buffer for a kernel-to-kernel temporary: one per memref type that is
/// neither an input nor the result.
struct ScratchBuffer {
  std::string type;
  int64_t elements;
  size_t elementSize;
};

/// What a candidate launches, and the storage its launches need.
struct Plan {
  std::vector<Launch> launches; // the function's, in order
  // Per launch, per operand (memrefs only meaningful).
  std::vector<std::vector<Binding>> bindings;
  std::vector<ScratchBuffer> scratch;
  int64_t bytes = 0; // inputs + output + scratch
  int64_t params = 0;
};

/// Checks a candidate against the operator and the device; fills the plan.
/// Returns the problems found (empty: it can be launched).
std::vector<std::string> validate(const Op &op, const Candidate &cand,
                                  const DeviceInfo &device, Plan &plan);

} // namespace roller::bench

#endif // ROLLER_TOOLS_ROLLER_BENCH_VALIDATION_H
