//===- HostBuffersToDevice.h - Kernel buffers in device memory --*- C++ -*-===//
//
// The host code of an outlined GPU program keeps the buffers its kernels
// use in device memory: allocated and freed by the program, filled and
// read back with copies, constants uploaded once. Host code then does
// nothing with their contents but copy them, which is what a program that
// runs at full speed on a GPU looks like (managed memory would migrate
// pages behind every kernel the host touches).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_HOSTBUFFERSTODEVICE_H
#define ROLLER_CONVERSION_ROLLERTOGPU_HOSTBUFFERSTODEVICE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// The function that frees the device copies of a module's constants
/// (`__roller_free_device_constants`, no arguments, made with the first
/// upload function: see placeHostBuffersInDeviceMemory).
inline constexpr llvm::StringLiteral kFreeDeviceConstantsFunction =
    "__roller_free_device_constants";

/// What `placeHostBuffersInDeviceMemory` placed.
struct DevicePlacement {
  /// `memref.alloc`s that became `gpu.alloc`s, and their frees.
  int64_t allocations = 0;
  int64_t frees = 0;
  /// `memref.copy`s that became `gpu.memcpy`s.
  int64_t copies = 0;
  /// Reads of constant globals that became their device copies.
  int64_t constants = 0;
};

/// Places the buffers the kernels of `func` use in device memory.
/// Preconditions: `func` is bufferized host code with outlined kernels
/// whose boundary is staged (`stageFunctionBoundaries`: no argument or
/// mutable global reaches a `gpu.launch_func` of `func` directly) and whose
/// frees are in place (`--roller-deallocate-host-buffers`). A buffer is
/// placed when it, or a view of it, is a `gpu.launch_func` operand:
/// - a `memref.alloc` becomes a `gpu.alloc` (device memory) with the same
///   sizes, symbols and type, and its `memref.dealloc`s `gpu.dealloc`s;
/// - a `memref.get_global` of a constant global becomes a call of the
///   global's upload function (`getOrCreateUploadFunction`), at the start
///   of `func`: the weights are copied to the device on the first call only
///   (and freed by `@__roller_free_device_constants`, which frees every
///   device copy made and which registerDeviceConstantsDestructor runs when
///   the module is unloaded);
/// - a `memref.copy` from or to a placed buffer becomes a `gpu.memcpy`.
/// The GPU ops are synchronous; `gpu-async-region` puts them on one stream.
/// Fails with an error at the op, leaving `func` unchanged, when host code
/// would read or write a placed buffer's contents other than by a copy
/// (a load, a host loop, a call, a return), when a copy is not between two
/// identity-layout buffers, when a buffer reaching a kernel is an
/// argument, a mutable global, stack memory or a value whose origin is not
/// known, or when an allocation asks for more than 256 bytes of
/// alignment. Functions in a `gpu.module` and declarations are left alone.
FailureOr<DevicePlacement>
placeHostBuffersInDeviceMemory(RewriterBase &rewriter, func::FuncOp func);

/// Registers `@__roller_free_device_constants` (an `llvm.func` by now: the
/// module is lowered to LLVM) as a destructor of `module`
/// (`llvm.mlir.global_dtors`), so that the device copies of its constants
/// are freed when the module is unloaded or the process exits, as the
/// kernels' module is. Does nothing when the function does not exist or is
/// registered already; fails with an error when the module has other
/// destructors (an LLVM module has one list of them).
LogicalResult registerDeviceConstantsDestructor(ModuleOp module);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_HOSTBUFFERSTODEVICE_H
