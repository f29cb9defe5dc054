//===- ConvertToNVVM.cpp - The GPU path as one pass -----------------------===//
//
// `--convert-to-nvvm` lowers rPrograms (after `--roller-tile`) to host code
// plus a `gpu.binary` for NVIDIA GPUs. It is a module pass running the
// pipeline of Pipelines.h dynamically because the default chip comes from
// the module's roller.device.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/Pipelines/Passes.h"
#include "Roller/Conversion/Pipelines/Pipelines.h"

#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERCONVERTTONVVMPASS
#include "Roller/Conversion/Pipelines/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {
struct RollerConvertToNVVMPass
    : public roller::impl::RollerConvertToNVVMPassBase<
          RollerConvertToNVVMPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    // The dialects do not depend on the chip.
    for (HostMemory memory : {HostMemory::Device, HostMemory::Managed}) {
      OpPassManager pm(ModuleOp::getOperationName());
      buildRollerLowerToNVVMPipeline(pm, "sm_80", "+ptx70", "isa",
                                     /*allowHostFallback=*/false, memory);
      pm.getDependentDialects(registry);
    }
    // Serializing the gpu.module translates it to LLVM IR in this context.
    registerBuiltinDialectTranslation(registry);
    registerGPUDialectTranslation(registry);
    registerLLVMDialectTranslation(registry);
    registerNVVMDialectTranslation(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkPipelineInput(module, PipelineTarget::GPU)))
      return signalPassFailure();
    NVVMOptions options{chip, format, allowHostFallback, hostMemory};
    FailureOr<std::string> target = resolveNVVMChip(module, options);
    FailureOr<HostMemory> memory = resolveHostMemory(module, options);
    if (failed(target) || failed(memory))
      return signalPassFailure();
    OpPassManager pm(ModuleOp::getOperationName());
    buildRollerLowerToNVVMPipeline(pm, *target, *getPtxFeaturesForChip(*target),
                                   format, allowHostFallback, *memory);
    if (failed(runPipeline(pm, module)) ||
        failed(checkKernelCallsResolved(module)))
      return signalPassFailure();
  }
};
} // namespace
