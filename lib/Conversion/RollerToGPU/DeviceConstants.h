//===- DeviceConstants.h - Constants uploaded to the GPU once ---*- C++ -*-===//
//
// A model's weights are constant `memref.global`s in host memory. A kernel
// cannot read them there, and copying them to the device on every call
// would cost more than many of the kernels. Each one gets a device copy
// made on the first call and kept for the module's lifetime.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_CONVERSION_ROLLERTOGPU_DEVICECONSTANTS_H
#define ROLLER_LIB_CONVERSION_ROLLERTOGPU_DEVICECONSTANTS_H

#include "Roller/Conversion/RollerToGPU/HostBuffersToDevice.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// The prefix of the function that returns the device copy of a constant
/// global (`@__roller_upload_<global>`) and of the pointer it keeps it in
/// (`@__roller_device_<global>`).
inline constexpr llvm::StringLiteral kUploadFunctionPrefix = "__roller_upload_";
inline constexpr llvm::StringLiteral kDeviceSlotPrefix = "__roller_device_";

/// The function returning the device copy of the constant global `global`
/// reads, created next to the global (once per global). On its first call
/// it allocates device memory (`gpu.alloc`), copies the global into it
/// (`gpu.memcpy`) and keeps the pointer in an internal LLVM global; later
/// calls return that buffer. The buffer lives as long as the module, like
/// the global: `@__roller_free_device_constants` (made with the first
/// upload function, see registerDeviceConstantsDestructor) frees every
/// device copy made. The first call is not thread-safe.
func::FuncOp getOrCreateUploadFunction(RewriterBase &rewriter,
                                       memref::GlobalOp global);

} // namespace mlir::roller

#endif // ROLLER_LIB_CONVERSION_ROLLERTOGPU_DEVICECONSTANTS_H
