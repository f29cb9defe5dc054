//===- OutlineKernels.cpp - Kernels that keep their config ----------------===//
//
// `--roller-outline-kernels`: upstream `gpu-kernel-outlining`, after which
// every kernel gets the `roller.config` of its launch and, from the
// config's `max_regs`, its `nvvm.maxnreg`.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/OutlineKernels.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLEROUTLINEKERNELSPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

LogicalResult mlir::roller::attachConfigToKernel(RewriterBase &rewriter,
                                                 gpu::LaunchFuncOp launch,
                                                 ConfigAttr config) {
  auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
      launch, launch.getKernel());
  if (!kernel)
    return launch.emitError("the kernel of this launch is not in the module");
  rewriter.modifyOpInPlace(kernel, [&] {
    kernel->setAttr(RollerDialect::kConfigAttrName, config);
    if (config.getMaxRegs() > 0)
      kernel->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                      rewriter.getI32IntegerAttr(config.getMaxRegs()));
  });
  return success();
}

LaunchConfigs::LaunchConfigs(ModuleOp module) {
  module.walk([&](Operation *op) {
    if (isa<gpu::LaunchFuncOp>(op))
      outlinedBefore.insert(op);
    if (auto launch = dyn_cast<gpu::LaunchOp>(op))
      if (auto host = launch->getParentOfType<FunctionOpInterface>())
        configs[host].push_back(
            launch->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName));
  });
}

LogicalResult LaunchConfigs::attachToKernels(RewriterBase &rewriter,
                                             ModuleOp module) const {
  for (auto &[host, launchConfigs] : configs) {
    SmallVector<gpu::LaunchFuncOp> launches;
    host->walk([&](gpu::LaunchFuncOp launch) {
      if (!outlinedBefore.contains(launch))
        launches.push_back(launch);
    });
    if (launches.size() != launchConfigs.size())
      return host->emitError()
             << "kernel outlining made " << launches.size()
             << " kernel launches of " << launchConfigs.size()
             << " gpu.launch ops: their configs cannot be matched";
    for (auto [launch, config] : llvm::zip_equal(launches, launchConfigs))
      if (config && failed(attachConfigToKernel(rewriter, launch, config)))
        return failure();
  }
  return success();
}

namespace {
struct RollerOutlineKernelsPass
    : public roller::impl::RollerOutlineKernelsPassBase<
          RollerOutlineKernelsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    OpPassManager outlining(ModuleOp::getOperationName());
    outlining.addPass(createGpuKernelOutliningPass());
    outlining.getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    LaunchConfigs configs(module);
    OpPassManager outlining(ModuleOp::getOperationName());
    outlining.addPass(createGpuKernelOutliningPass());
    if (failed(runPipeline(outlining, module)))
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    if (failed(configs.attachToKernels(rewriter, module)))
      return signalPassFailure();
  }
};
} // namespace
