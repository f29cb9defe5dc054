//===- HostCode.h - What the host-side GPU steps ask of host code -*- C++ -*-=//
//
// The host code of an outlined GPU program is a `func.func` outside every
// `gpu.module` whose kernels are `gpu.launch_func`s. The steps that place
// its buffers (`--roller-host-buffers-to-gpu`, `--roller-stage-function-
// boundaries`, `--roller-host-buffers-to-device`) share these queries.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_CONVERSION_ROLLERTOGPU_HOSTCODE_H
#define ROLLER_LIB_CONVERSION_ROLLERTOGPU_HOSTCODE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::roller {

/// The buffer `value` is a view of, through view-like memref ops (`cast`,
/// `subview`, `reinterpret_cast`, `expand_shape`, ...); `views` gets those
/// ops, outermost last.
Value getViewedBuffer(Value value, SmallVectorImpl<Operation *> &views);

/// Calls `fn` on every op of `func`'s host code, in pre-order; the bodies of
/// `gpu.launch` ops are device code.
void forEachHostOp(func::FuncOp func, function_ref<void(Operation *)> fn);

/// Whether `get` reads a `memref.global` declared `constant`. Unknown
/// globals count as mutable.
bool isConstantGlobal(memref::GetGlobalOp get);

/// `root` and every value that is a view of it, through view-like memref
/// ops, in def-use order.
SmallVector<Value> getViewsOf(Value root);

/// Whether `root`, or a view of it, is an operand of a `gpu.launch_func`.
bool reachesLaunch(Value root);

/// Whether the kernel `launch` calls may write the buffer it gets as kernel
/// operand `operand`: false only when every use of that kernel argument,
/// through views, provably only reads it (loads, vector reads, linalg and
/// copy inputs, cp.async and ldmatrix sources). A kernel that cannot be
/// found may write.
bool kernelMayWrite(gpu::LaunchFuncOp launch, OpOperand &operand);

/// Whether an op on the host that uses a buffer only reads its metadata
/// (sizes, strides, pointers), never its contents.
bool readsOnlyMetadata(Operation *op);

} // namespace mlir::roller

#endif // ROLLER_LIB_CONVERSION_ROLLERTOGPU_HOSTCODE_H
