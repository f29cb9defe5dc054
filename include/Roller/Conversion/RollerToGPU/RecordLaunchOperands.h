//===- RecordLaunchOperands.h - What launchers need to know -----*- C++ -*-===//
//
// Lowering the host to LLVM expands every memref operand of a
// `gpu.launch_func` into the fields of its descriptor (pointers, offset,
// sizes, strides) and forgets its type and which host argument it was. A
// launcher that calls the kernels itself (roller-bench, roller-emu) needs
// both; they are recorded on the module before that lowering.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_RECORDLAUNCHOPERANDS_H
#define ROLLER_CONVERSION_ROLLERTOGPU_RECORDLAUNCHOPERANDS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Sets `module`'s `roller.launch_operands` attribute to an array with one
/// dictionary per `gpu.launch_func` of the module, in walk order:
/// `kernel` (the launched symbol, as text) and `operands`, one dictionary
/// per kernel operand: `type` (a TypeAttr), and for a memref `func_arg`
/// (the index of the enclosing function's argument it is, or whose device
/// copy it is, or a reshape of which it is, -1 for a host temporary) and
/// `align` (the alignment the kernels
/// assume of its aligned pointer, kKernelBufferAlignment). Precondition: the
/// host code is still on memrefs (before `gpu-to-llvm`). Replaces an earlier
/// record. Returns the number of launches recorded.
int64_t recordLaunchOperands(RewriterBase &rewriter, ModuleOp module);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_RECORDLAUNCHOPERANDS_H
