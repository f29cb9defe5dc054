//===- DeallocateHostBuffers.h - Free what the host code allocates -*- C++ -*-//
//
// One-Shot Bufferize allocates every intermediate of a model and frees
// none; upstream's ownership-based buffer deallocation adds the frees, but
// it refuses ops whose memory effects it does not know, and
// `gpu.launch_func` declares none. Kernel launches read and write their
// memref operands: saying so lets upstream's deallocation run on the host
// code of an outlined GPU program.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_DEALLOCATEHOSTBUFFERS_H
#define ROLLER_CONVERSION_ROLLERTOGPU_DEALLOCATEHOSTBUFFERS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::roller {

/// Registers, for `gpu.launch_func`, the memory effects of a kernel launch:
/// a read and a write of every memref kernel operand, and a write of
/// memory it is not given (the kernel may write globals). Launches stay
/// what they were to every pass (never dead, never reordered across
/// accesses to their buffers); the effects only let analyses that need
/// known effects, such as buffer deallocation, see which buffers a launch
/// uses.
void registerLaunchFuncMemoryEffects(DialectRegistry &registry);

/// Inserts the frees of the buffers `func` (host code) allocates, with
/// upstream's ownership-based buffer deallocation, as
/// `bufferization.dealloc`s that `buildHostDeallocationCleanupPipeline`
/// simplifies and lowers. A function in a `gpu.module` and a declaration
/// are left alone. A function that already frees or resizes memory
/// (`memref.dealloc`, `memref.realloc`, `bufferization.dealloc` in its host
/// code), which upstream refuses, keeps its frees; what its entry block
/// allocates and nothing frees, returns or passes on (to a call or a
/// region) is freed at its returns. Needs the
/// effects of `registerLaunchFuncMemoryEffects`; fails, with upstream's
/// error at the op, on an op whose effects are not known.
LogicalResult insertHostBufferDeallocations(func::FuncOp func,
                                            SymbolTableCollection &symbols);

/// Adds to `pm` (on a module) what follows on the host functions:
/// upstream's `buffer-deallocation-simplification` and
/// `bufferization-lower-deallocations` (the rest of its
/// `buffer-deallocation-pipeline`), `convert-bufferization-to-memref` (the
/// clones it adds, for a returned argument, become host allocations and
/// copies), then `optimize-allocation-liveness`,
/// which moves each free to just after the buffer's last use, so that a
/// model's intermediates do not all live to its end. Kernels (`gpu.func`s)
/// are not touched.
void buildHostDeallocationCleanupPipeline(OpPassManager &pm);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_DEALLOCATEHOSTBUFFERS_H
