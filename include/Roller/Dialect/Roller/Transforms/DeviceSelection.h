//===- DeviceSelection.h - Finding the target device ------------*- C++ -*-===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_DEVICESELECTION_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_DEVICESELECTION_H

#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"

namespace mlir::roller {

/// Makes `device` the module's roller.device. rPrograms without a device of
/// their own are verified against it: one that does not fit (threads,
/// registers, shared memory) is an error naming `pass`, and the module keeps
/// the device it had. `roller-attach-device` and `roller-select` use it.
LogicalResult setModuleDevice(ModuleOp module, DeviceAttr device,
                              llvm::StringRef pass);

/// Resolves a preset name or a JSON file path into a verified
/// #roller.device. On failure, reports the reason at `loc` and returns null.
DeviceAttr resolveDeviceAttr(MLIRContext *ctx, Location loc,
                             StringRef nameOrPath);

/// The `roller.device` of `op` or of its nearest ancestor that has one.
DeviceAttr findEnclosingDevice(Operation *op);

/// The device Roller targets at `op`: its enclosing `roller.device`, else the
/// default preset (kDefaultDevicePreset). Never null.
DeviceAttr getTargetDevice(Operation *op);

/// Marks `module` roller.allow_tf32 (kAllowTf32AttrName) when `allow`, and
/// says in a remark naming `pass` when TF32 is allowed on a `device` without
/// TF32 mma.sync (its f32 contractions then stay on the CUDA cores).
void applyTf32Option(ModuleOp module, bool allow, DeviceAttr device,
                     StringRef pass);

/// The device a selection over `module` targets: `option` (a preset name or
/// a JSON file path) when it is not empty, else the module's roller.device,
/// else the default preset. Null when `option` names no valid device, after
/// reporting why at the module. `roller-select` and `roller-tile` use it.
DeviceAttr resolveSelectionDevice(ModuleOp module, StringRef option);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_DEVICESELECTION_H
