//===- ExternDynamicSharedMemory.h - Extern dynamic shared ----*- C++ -*-===//
//
// Upstream lowers `gpu.dynamic_shared_memory` to an internal zero-sized
// global, which LLVM's NVPTX back end demotes into the kernel as a 1-byte
// static `.shared` variable: the kernel then addresses its dynamic shared
// memory through a variable it overruns (harmless only while it is the
// block's one static variable). This makes it the `.extern .shared` array
// CUDA declares for dynamic shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_EXTERNDYNAMICSHAREDMEMORY_H
#define ROLLER_CONVERSION_ROLLERTOGPU_EXTERNDYNAMICSHAREDMEMORY_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// The external workgroup-memory array that stands for a kernel's dynamic
/// shared memory (PTX: `.extern .shared .align 16 .b8 <name>[]`).
constexpr llvm::StringLiteral kDynamicSharedMemorySymbol =
    "__roller_dynamic_shared_memory";

/// Replaces every `gpu.dynamic_shared_memory` in `module` with a
/// `memref.get_global` of an external (declared, never defined)
/// `memref.global` of type `memref<0xi8, #gpu.address_space<workgroup>>`
/// with 16-byte alignment, cast to the op's type. Precondition: `module` is
/// a `gpu.module` not yet lowered to LLVM; it must not define another
/// symbol of that name. Returns the number of ops replaced, or failure
/// (with a diagnostic) when the symbol is taken by something else.
FailureOr<unsigned> externalizeDynamicSharedMemory(RewriterBase &rewriter,
                                                   gpu::GPUModuleOp module);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_EXTERNDYNAMICSHAREDMEMORY_H
