//===- OutlineKernels.cpp - Kernel outlining that keeps the config --------===//
//
// `--roller-outline-kernels`: upstream `gpu-kernel-outlining`, after which
// every kernel gets the `roller.config` of its launch and, from the
// config's `max_regs`, its `nvvm.maxnreg`. Outlining replaces each
// `gpu.launch` by a `gpu.launch_func` in place, so the launches of a host
// function and the launch_funcs that replace them come in the same order.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLEROUTLINEKERNELSPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

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
    // The config of every launch (null when it has none), per host
    // function, in order; and the kernel launches already there, which
    // outlining leaves alone.
    llvm::MapVector<Operation *, SmallVector<ConfigAttr>> configs;
    llvm::DenseSet<Operation *> outlinedBefore;
    module.walk([&](Operation *op) {
      if (isa<gpu::LaunchFuncOp>(op))
        outlinedBefore.insert(op);
      if (auto launch = dyn_cast<gpu::LaunchOp>(op))
        if (auto host = launch->getParentOfType<FunctionOpInterface>())
          configs[host].push_back(launch->getAttrOfType<ConfigAttr>(
              RollerDialect::kConfigAttrName));
    });

    OpPassManager outlining(ModuleOp::getOperationName());
    outlining.addPass(createGpuKernelOutliningPass());
    if (failed(runPipeline(outlining, module)))
      return signalPassFailure();

    SymbolTableCollection symbols;
    for (auto &[host, launchConfigs] : configs) {
      SmallVector<gpu::LaunchFuncOp> launches;
      host->walk([&](gpu::LaunchFuncOp launch) {
        if (!outlinedBefore.contains(launch))
          launches.push_back(launch);
      });
      // Outlining makes one kernel launch of each launch, in place.
      assert(launches.size() == launchConfigs.size() &&
             "outlining changed the number of launches");
      if (launches.size() != launchConfigs.size())
        continue; // no caps rather than wrong ones
      for (auto [launch, config] : llvm::zip_equal(launches, launchConfigs)) {
        if (!config)
          continue;
        auto kernel = symbols.lookupNearestSymbolFrom<gpu::GPUFuncOp>(
            launch, launch.getKernel());
        if (!kernel)
          continue;
        kernel->setAttr(RollerDialect::kConfigAttrName, config);
        if (config.getMaxRegs() > 0)
          kernel->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                          IntegerAttr::get(IntegerType::get(&getContext(), 32),
                                           config.getMaxRegs()));
      }
    }
  }
};

} // namespace
