//===- DeduplicateKernels.h - One kernel per distinct body ------*- C++ -*-===//
//
// A model repeats its layers: ResNet-18's 106 launches run 42 distinct
// kernels. Upstream outlining gives every launch a `gpu.module` of its own,
// and each is then lowered, translated to LLVM IR and compiled to PTX on its
// own. Launches of identical kernels share one module instead, so that
// compile time grows with the distinct kernels, not with the launches.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_DEDUPLICATEKERNELS_H
#define ROLLER_CONVERSION_ROLLERTOGPU_DEDUPLICATEKERNELS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Whether two kernel modules hold the same code: the same attributes but
/// for their symbol names, and equivalent bodies (the same ops, attributes,
/// types and uses of values, symbol names inside included; locations
/// ignored).
bool areEquivalentKernelModules(gpu::GPUModuleOp lhs, gpu::GPUModuleOp rhs);

/// Points every `gpu.launch_func` of a `gpu.module` of `module` that is
/// equivalent (areEquivalentKernelModules) to an earlier one at the earlier
/// one, and erases it. A module referenced by anything but launches is
/// kept. Returns the number of modules erased. Run after outlining
/// (`roller-outline-kernels`), before the kernels are lowered: the configs
/// are on the kernels by then and make kernels of different schedules
/// differ.
int64_t deduplicateKernels(RewriterBase &rewriter, ModuleOp module);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_DEDUPLICATEKERNELS_H
