//===- KernelArtifacts.h - PTX and launch description out -------*- C++ -*-===//
//
// What a launcher that runs Roller's kernels itself (roller-bench on a GPU,
// roller-emu on the emulator, a user's own) needs of a module
// `--convert-to-nvvm` finished: the PTX of each kernel, and a launch
// description (docs/emulator.md, "Launch descriptions"). Passes write no
// files; tools call this on the final module.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TARGET_KERNELARTIFACTS_H
#define ROLLER_TARGET_KERNELARTIFACTS_H

#include "mlir/IR/BuiltinOps.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <utility>
#include <vector>

namespace mlir::roller {

/// The kernels of a finished module.
struct KernelArtifacts {
  /// The PTX of every `gpu.binary`, with the binary's symbol, in module
  /// order (PTX modules cannot be concatenated: one file each).
  std::vector<std::pair<std::string, std::string>> ptx;
  /// One object per `gpu.launch_func` (walk order): `kernel`, `module`,
  /// `grid` and `block` (constants, -1 where not), the dynamic shared
  /// memory bytes, the host `func`, the `operands` as the host passes them
  /// (from the module's `roller.launch_operands`: kind, type, element,
  /// shape, strides, offset, func_arg, align, and the LLVM parameters each
  /// expands into; a scalar's constant `value`), and the `arguments` (index
  /// and LLVM type of every kernel parameter, in order).
  llvm::json::Array launches;
};

/// Collects the artifacts of `module` (after `--convert-to-nvvm`). Fails
/// with an error at the offending op when a `gpu.binary` holds no PTX
/// (format bin or fatbin), when the module has no `roller.launch_operands`
/// while it launches kernels, or when the recorded operands do not match
/// the launches.
FailureOr<KernelArtifacts> collectKernelArtifacts(ModuleOp module);

/// Writes the artifacts of `module` next to `ptxPath`: the PTX to
/// `ptxPath` when there is one binary, else to `<ptxPath minus .ptx>.<binary
/// symbol>.ptx` each; the launch description to `<ptxPath minus
/// .ptx>.launch.json`. Fails with an error as collectKernelArtifacts does,
/// or when a file cannot be written.
LogicalResult writeKernelArtifacts(ModuleOp module, llvm::StringRef ptxPath);

} // namespace mlir::roller

#endif // ROLLER_TARGET_KERNELARTIFACTS_H
