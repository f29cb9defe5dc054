//===- StageFunctionBoundaries.h - Kernel buffers owned by the function ---===//
//
// A compiled function is called with host buffers (the caller's `malloc`,
// a NumPy array, a `memref.global`) and returns buffers its caller reads on
// the host, but its kernels can only touch device memory. Before the
// buffers are placed (`--roller-host-buffers-to-device`), every buffer that
// crosses the function's boundary and reaches a kernel gets a copy of the
// function's own, so that what the kernels touch is allocated, and freed,
// inside the function.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_STAGEFUNCTIONBOUNDARIES_H
#define ROLLER_CONVERSION_ROLLERTOGPU_STAGEFUNCTIONBOUNDARIES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// What `stageFunctionBoundaries` copied.
struct StagedBoundaries {
  /// Arguments and mutable globals copied in (and out, when a kernel may
  /// write them).
  int64_t copiedIn = 0;
  int64_t copiedOut = 0;
  /// Results a kernel computes, returned in a fresh buffer.
  int64_t results = 0;
  /// Call operands a kernel touches, passed as host copies.
  int64_t callOperands = 0;
};

/// Stages the boundary of `func`, bufferized host code whose kernels are
/// outlined (`gpu.launch_func`). Only buffers that reach a
/// `gpu.launch_func` operand of `func` itself, through view-like ops, are
/// staged (a callee stages its own):
/// - each memref argument, and each `memref.get_global` of a mutable global
///   and memref result of a call in the entry block (a function returns
///   host memory), gets a `memref.alloc` of its type and a
///   `memref.copy` into it where it is defined, which replaces it in the
///   function (but for `func.return`); before each return, it is copied
///   back when a kernel may write it (`kernelMayWrite`);
/// - each operand of a call in the entry block that is a view of a buffer a
///   kernel touches is passed as the same view of a host copy of that
///   buffer (`memref.alloc` + `memref.copy` before the call), copied back
///   after the call when the buffer is used later (a callee gets host
///   memory and may write it);
/// - each returned memref that is a view of a buffer made in `func` is
///   copied into a `memref.alloc` of the result's type (made at the entry
///   when its shape is static, so that no host allocation interrupts the
///   launches later), which is returned instead.
/// The copies are `memref.copy`s between identity-layout buffers, which
/// `--roller-host-buffers-to-device` turns into `gpu.memcpy`; the buffer
/// deallocation that follows frees the function's own copies. Fails, with an
/// error and the IR unchanged, when a staged value is unranked or has a
/// layout other than the identity (the copy must be one contiguous block).
/// Functions in a `gpu.module` and declarations are left alone.
FailureOr<StagedBoundaries> stageFunctionBoundaries(RewriterBase &rewriter,
                                                    func::FuncOp func);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_STAGEFUNCTIONBOUNDARIES_H
