//===- HostBuffersToGPU.h - Host buffers a kernel can access ----*- C++ -*-===//
//
// The host side of an outlined GPU program allocates its buffers with
// `memref.alloc` (C `malloc`), which a kernel cannot touch. This makes every
// buffer the host hands to a kernel device-accessible: managed memory
// (`gpu.alloc host_shared`, `cuMemAllocManaged` in upstream's CUDA runtime
// wrappers), which the host reads and writes as before.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_HOSTBUFFERSTOGPU_H
#define ROLLER_CONVERSION_ROLLERTOGPU_HOSTBUFFERSTOGPU_H

#include "Roller/Conversion/RollerToGPU/KernelABI.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Support/LLVM.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::roller {

/// Which memref arguments of a module's host functions (the `func.func`s
/// with a body outside every `gpu.module`) reach a kernel operand: through
/// view-like ops to a `gpu.launch_func`, or to a call of another host
/// function whose argument does (a fixpoint over the calls).
class KernelArguments {
public:
  /// Analyzes the host functions in `symbolTableOp` (usually the module).
  explicit KernelArguments(Operation *symbolTableOp);

  /// Whether argument `index` of `func` reaches a kernel; false for a
  /// function that was not analyzed (a declaration, device code).
  bool reachesKernel(func::FuncOp func, unsigned index) const;

private:
  llvm::DenseMap<Operation *, llvm::BitVector> reaching;
};

/// The host functions in `root` (itself included): the `func.func`s outside
/// every `gpu.module`, in pre-order.
SmallVector<func::FuncOp> getHostFunctions(Operation *root);

/// Makes the host buffers of `func` device-accessible. Preconditions: `func`
/// is bufferized host code whose kernels are outlined (`gpu.launch_func`;
/// the bodies of any `gpu.launch` left are not looked at); a function inside
/// a `gpu.module` is device code and is left alone (success). A buffer
/// reaches a kernel when it reaches, through view-like ops, a
/// `gpu.launch_func` operand or an argument of a host function that
/// `kernelArguments` says reaches one. Rewrites, in the function's host
/// code:
/// - every `memref.alloc` in the default memory space into
///   `gpu.alloc host_shared` with the same sizes, symbols and type (its
///   `alignment`, at most 256, is implied by managed memory);
/// - every `memref.dealloc` in the default memory space into
///   `gpu.wait async` + `gpu.dealloc async` + `gpu.wait` (the buffers the
///   module frees are its own, hence managed; a synchronous `gpu.dealloc`
///   is not lowered by LLVM 22's gpu-to-llvm);
/// - every `memref.get_global` that reaches a kernel: a constant global is
///   copied once, where it is read, into a managed buffer that replaces it;
///   a mutable one is copied into a managed buffer before each launch or
///   call it reaches and back after it, so that the host and the kernel see
///   each other's writes.
/// Fails with an error, leaving the IR unchanged, when a `memref.alloca`
/// (host stack memory) reaches a kernel, a mutable global reaches an
/// asynchronous launch, a `memref.realloc` is in host code (the C allocator
/// cannot resize managed memory), a `memref.dealloc` frees an unranked
/// memref, or an allocation asks for more than 256 bytes of alignment.
/// Memrefs passed into the module's functions from outside are the
/// caller's: they must already be device-accessible.
LogicalResult
makeHostBuffersDeviceAccessible(RewriterBase &rewriter, func::FuncOp func,
                                const KernelArguments &kernelArguments);

/// As above, analyzing the calls of the symbol table `func` is in first.
LogicalResult makeHostBuffersDeviceAccessible(RewriterBase &rewriter,
                                              func::FuncOp func);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_HOSTBUFFERSTOGPU_H
