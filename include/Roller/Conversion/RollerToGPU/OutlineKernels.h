//===- OutlineKernels.h - Kernels that keep their config --------*- C++ -*-===//
//
// Upstream's `gpu-kernel-outlining` turns every `gpu.launch` into a
// `gpu.launch_func` of a `gpu.func` in its own `gpu.module`, and drops the
// launch's attributes. The kernel needs its launch's `roller.config`: its
// `max_regs` becomes the PTX `.maxnreg` that keeps the occupancy the model
// assumed.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_OUTLINEKERNELS_H
#define ROLLER_CONVERSION_ROLLERTOGPU_OUTLINEKERNELS_H

#include "Roller/Dialect/Roller/IR/RollerAttrs.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::roller {

/// Gives the kernel `launch` launches the config: as `roller.config` and,
/// when the config has `max_regs`, as `nvvm.maxnreg`. Fails (with an
/// error at the launch) when the kernel cannot be found.
LogicalResult attachConfigToKernel(RewriterBase &rewriter,
                                   gpu::LaunchFuncOp launch, ConfigAttr config);

/// The configs of a module's `gpu.launch`es, kept across upstream's kernel
/// outlining, which replaces each launch by a `gpu.launch_func` in place:
/// the launches of a host function and the launch_funcs that replace them
/// come in the same order.
class LaunchConfigs {
public:
  /// Records, per host function in order, the config of every `gpu.launch`
  /// of `module` (null for one without), and the `gpu.launch_func`s already
  /// there (which outlining leaves alone).
  explicit LaunchConfigs(ModuleOp module);

  /// After upstream's outlining of the same module: attachConfigToKernel
  /// for every new launch_func whose launch had a config. Fails (with an
  /// error) when the launches no longer match the launch_funcs.
  LogicalResult attachToKernels(RewriterBase &rewriter, ModuleOp module) const;

private:
  llvm::MapVector<Operation *, SmallVector<ConfigAttr>> configs;
  llvm::DenseSet<Operation *> outlinedBefore;
};

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_OUTLINEKERNELS_H
