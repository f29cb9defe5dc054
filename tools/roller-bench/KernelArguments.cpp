//===- KernelArguments.cpp - The parameters a candidate's kernels get -----===//
//
// See KernelArguments.h.
//
//===----------------------------------------------------------------------===//

#include "KernelArguments.h"

#include <cuda_fp16.h>

#include <cstring>

namespace roller::bench {
namespace {

/// A scalar constant as the bits of a parameter of MLIR type `type`.
uint64_t scalarBits(const std::string &type, double value) {
  uint64_t bits = 0;
  if (type == "f32") {
    float f = float(value);
    std::memcpy(&bits, &f, 4);
  } else if (type == "f64") {
    double f = value;
    std::memcpy(&bits, &f, 8);
  } else if (type == "f16") {
    __half h = __float2half(float(value));
    std::memcpy(&bits, &h, 2);
  } else {
    // Little-endian: a narrower integer parameter reads the low bytes.
    int64_t i = int64_t(value);
    std::memcpy(&bits, &i, 8);
  }
  return bits;
}

} // namespace

std::vector<std::vector<uint64_t>>
buildKernelArguments(const Plan &plan,
                     const std::function<void *(const Binding &)> &bufferOf) {
  std::vector<std::vector<uint64_t>> slots(plan.launches.size());
  for (size_t li = 0; li < plan.launches.size(); ++li) {
    const Launch &l = plan.launches[li];
    std::vector<uint64_t> &s = slots[li];
    s.assign(l.argTypes.size(), 0);
    size_t at = 0;
    for (size_t oi = 0; oi < l.operands.size(); ++oi) {
      const Operand &o = l.operands[oi];
      if (!o.memref) {
        s[at] = scalarBits(l.argTypes[at], o.value);
        ++at;
        continue;
      }
      void *base = bufferOf(plan.bindings[li][oi]);
      s[at++] = uint64_t(uintptr_t(base)); // allocated
      s[at++] = uint64_t(uintptr_t(base)); // aligned
      s[at++] = uint64_t(o.offset);
      for (int64_t size : o.shape)
        s[at++] = uint64_t(size);
      for (int64_t stride : o.strides)
        s[at++] = uint64_t(stride);
    }
  }
  return slots;
}

} // namespace roller::bench
