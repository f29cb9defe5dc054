//===- KernelArguments.h - A candidate's kernel parameters ------*- C++ -*-===//
//
// MLIR's LLVM lowering passes a memref as a descriptor of 3 + 2 * rank
// parameters (allocated and aligned pointers, offset, sizes, strides) and a
// scalar as one parameter; the launch description lists them per operand.
// These are the values of every parameter, one 8-byte slot each, ready for
// cuLaunchKernel's array of pointers.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TOOLS_ROLLER_BENCH_KERNELARGUMENTS_H
#define ROLLER_TOOLS_ROLLER_BENCH_KERNELARGUMENTS_H

#include "Validation.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace roller::bench {

/// Per launch of the plan, its parameters' values in the order of the
/// kernel's .param list. `bufferOf` gives the device address behind a
/// memref operand's binding.
std::vector<std::vector<uint64_t>>
buildKernelArguments(const Plan &plan,
                     const std::function<void *(const Binding &)> &bufferOf);

} // namespace roller::bench

#endif // ROLLER_TOOLS_ROLLER_BENCH_KERNELARGUMENTS_H
