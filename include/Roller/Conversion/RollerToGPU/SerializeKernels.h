//===- SerializeKernels.h - Kernel modules compiled in parallel -*- C++ -*-===//
//
// Upstream's `gpu-module-to-binary` compiles the `gpu.module`s one after the
// other; each is translated to LLVM IR, optimized and compiled to PTX in an
// LLVM context of its own, independently of the others. For a whole model
// that is most of the compile time, and it runs on one core. Here the
// modules are serialized in parallel (on the context's thread pool, so
// `--mlir-disable-threading` makes it serial), then replaced by
// `gpu.binary` ops in their order: the output is upstream's, except that
// shared memory is addressed with 32-bit pointers (as nvcc and Triton do).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_SERIALIZEKERNELS_H
#define ROLLER_CONVERSION_ROLLERTOGPU_SERIALIZEKERNELS_H

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir::roller {

/// The compilation target a `format` option names (as gpu-module-to-binary
/// spells them: offloading/llvm, assembly/isa, binary/bin, fatbinary/fatbin),
/// or std::nullopt.
std::optional<gpu::CompilationTarget> parseCompilationTarget(StringRef format);

/// Replaces every `gpu.module` directly in `op`'s regions by a `gpu.binary`
/// holding one object per target of the module, as upstream's
/// `transformGpuModulesToBinaries` does, serializing the modules in
/// parallel. `options` must not build its symbol table lazily (the callback
/// would race): pass one built beforehand. Fails, with an error at the
/// module, when a module has no target or a target fails to serialize it;
/// no module is replaced then. With `shortPointers` (the default), LLVM's
/// NVPTX back end addresses shared, local and const memory with 32-bit
/// pointers (its process-wide `nvptx-short-ptr` option, set while the
/// modules are serialized and restored after).
LogicalResult serializeKernels(RewriterBase &rewriter, Operation *op,
                               const gpu::TargetOptions &options,
                               bool shortPointers = true);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_SERIALIZEKERNELS_H
