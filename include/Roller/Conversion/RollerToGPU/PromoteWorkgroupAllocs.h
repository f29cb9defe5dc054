//===- PromoteWorkgroupAllocs.h - Kernel buffers --------------*- C++ -*-===//
//
// Inside a launch, bufferization leaves `memref.alloc`s: the staged tiles
// in workgroup memory and the threads' private tiles. A kernel cannot call
// malloc; these become workgroup attributions, a view of dynamic shared
// memory, or private `memref.alloca`s.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_PROMOTEWORKGROUPALLOCS_H
#define ROLLER_CONVERSION_ROLLERTOGPU_PROMOTEWORKGROUPALLOCS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// The most static shared memory a block may declare, in bytes (CUDA C++
/// Programming Guide, "Shared Memory": larger blocks opt in to dynamic
/// shared memory, up to the device's `smem_per_block`).
constexpr int64_t kStaticSharedMemoryLimit = 48 * 1024;

/// Replaces every statically shaped `memref.alloc` in `launch` (no dynamic
/// sizes or symbols) and erases its `memref.dealloc`s:
/// - workgroup buffers become workgroup attributions of the launch; when
///   their total (each rounded up to 16 bytes) exceeds
///   kStaticSharedMemoryLimit, all of them become `memref.view`s at 16-byte
///   aligned offsets of one `gpu.dynamic_shared_memory`, and the launch's
///   dynamic shared memory size is set to the total;
/// - bf16 workgroup buffers of a tensor-core launch (its config uses mma)
///   become `memref.view`s of an i8 attribution, so that the warps can read
///   the same bytes through an f16 view (see vectorizeMmaWarpTile);
/// - any other buffer becomes a `memref.alloca` at the kernel's entry.
/// Returns the number of buffers replaced. Allocations with dynamic sizes
/// are left alone (they cannot be kernel memory; the NVVM lowering rejects
/// them).
int64_t promoteWorkgroupAllocs(RewriterBase &rewriter, gpu::LaunchOp launch);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_PROMOTEWORKGROUPALLOCS_H
