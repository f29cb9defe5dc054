//===- KernelABI.h - What host and kernels agree on -------------*- C++ -*-===//
//
// The contract between the host code Roller emits (or a launcher such as
// roller-bench) and its kernels, in one place: the GPU steps assume it, the
// launch description records it.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_KERNELABI_H
#define ROLLER_CONVERSION_ROLLERTOGPU_KERNELABI_H

#include <cstdint>

namespace mlir::roller {

/// The alignment, in bytes, the kernels assume of every buffer the host
/// passes them (its aligned pointer): what 16-byte vector accesses need.
/// `cudaMalloc` gives 256; the launch description records it per buffer.
constexpr int64_t kKernelBufferAlignment = 16;

/// The alignment, in bytes, of every `gpu.alloc host_shared` buffer: CUDA
/// aligns every allocation of its driver and runtime APIs, managed ones
/// included, to at least 256 bytes.
constexpr int64_t kManagedAllocationAlignment = 256;

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_KERNELABI_H
