//===- GPUPipeline.cpp - The NVVM lowering pipeline -----------------------===//
//
// `--convert-to-nvvm` lowers rPrograms (after `--roller-tile`) to host code
// plus a `gpu.binary` for NVIDIA GPUs. It is a module pass running a dynamic
// pipeline, because the default chip comes from the module's roller.device.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/GPUPipeline.h"
#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "Roller/Dialect/Roller/Transforms/Pipelines.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERCONVERTTONVVMPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

std::optional<std::string>
mlir::roller::getPtxFeaturesForChip(llvm::StringRef chip) {
  return llvm::StringSwitch<std::optional<std::string>>(chip)
      .Case("sm_80", std::string("+ptx70"))
      .Case("sm_86", std::string("+ptx71"))
      .Case("sm_89", std::string("+ptx78"))
      .Cases({"sm_90", "sm_90a"}, std::string("+ptx80"))
      .Default(std::nullopt);
}

void mlir::roller::buildRollerLowerToNVVMPipeline(OpPassManager &pm,
                                                  llvm::StringRef chip,
                                                  llvm::StringRef features,
                                                  llvm::StringRef format) {
  addRProgramLoweringAndBufferization(pm, /*dropWorkgroupMemorySpace=*/false);

  pm.addNestedPass<func::FuncOp>(createRollerMapForallToGPUPass());
  pm.addNestedPass<func::FuncOp>(createRollerPromoteWorkgroupAllocsPass());
  pm.addPass(createGpuKernelOutliningPass());

  // gpu-lower-to-nvvm-pipeline neither bufferizes nor lowers linalg.
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createRollerStripAttributesPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createRollerAllowFmaContractionPass());

  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = chip.str();
  nvvm.cubinFeatures = features.str();
  nvvm.cubinFormat = format.str();
  gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
}

namespace {
struct RollerConvertToNVVMPass
    : public roller::impl::RollerConvertToNVVMPassBase<
          RollerConvertToNVVMPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm(ModuleOp::getOperationName());
    buildRollerLowerToNVVMPipeline(pm, "sm_90", "+ptx80", "isa");
    pm.getDependentDialects(registry);
    // Serializing the gpu.module translates it to LLVM IR in this context.
    registerBuiltinDialectTranslation(registry);
    registerGPUDialectTranslation(registry);
    registerLLVMDialectTranslation(registry);
    registerNVVMDialectTranslation(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string target = chip;
    if (target.empty()) {
      target = "sm_90";
      if (auto device = module->getAttrOfType<DeviceAttr>("roller.device"))
        target = device.getChip().str();
    }
    std::optional<std::string> features = getPtxFeaturesForChip(target);
    if (!features) {
      module.emitError() << "convert-to-nvvm: unsupported chip '" << target
                         << "' (supported: sm_80, sm_86, sm_89, sm_90, "
                            "sm_90a)";
      return signalPassFailure();
    }
    if (format != "isa" && format != "bin" && format != "fatbin") {
      module.emitError() << "convert-to-nvvm: unknown format '" << format
                         << "' (expected isa, bin or fatbin)";
      return signalPassFailure();
    }
    if (!ptxFile.empty() && format != "isa") {
      module.emitError() << "convert-to-nvvm: ptx-file needs format=isa";
      return signalPassFailure();
    }

    OpPassManager pm(ModuleOp::getOperationName());
    buildRollerLowerToNVVMPipeline(pm, target, *features, format);
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();

    if (ptxFile.empty())
      return;
    // One file for a single gpu.binary; otherwise one per binary, named
    // `<ptx-file minus .ptx>.<binary symbol>.ptx` (PTX modules cannot be
    // concatenated).
    SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
    StringRef base = StringRef(ptxFile).ends_with(".ptx")
                         ? StringRef(ptxFile).drop_back(4)
                         : StringRef(ptxFile);
    for (gpu::BinaryOp binary : binaries) {
      std::string path =
          binaries.size() == 1
              ? ptxFile.getValue()
              : (base + "." + binary.getSymName() + ".ptx").str();
      std::error_code ec;
      llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
      if (ec) {
        module.emitError() << "convert-to-nvvm: cannot write '" << path
                           << "': " << ec.message();
        return signalPassFailure();
      }
      for (Attribute attr : binary.getObjects())
        if (auto object = dyn_cast<gpu::ObjectAttr>(attr))
          os << object.getObject().getValue();
    }
    if (failed(writeLaunchDescription(module, (base + ".launch.json").str())))
      return signalPassFailure();
  }

  /// Writes what a launcher needs for each gpu.launch_func: the kernel, its
  /// grid and block (constants), the dynamic shared memory bytes and the
  /// argument order with each argument's LLVM type.
  LogicalResult writeLaunchDescription(ModuleOp module, StringRef path) {
    auto constant = [](Value value) -> int64_t {
      llvm::APInt result;
      return value && matchPattern(value, m_ConstantInt(&result))
                 ? result.getSExtValue()
                 : -1;
    };
    llvm::json::Array kernels;
    WalkResult walk = module.walk([&](gpu::LaunchFuncOp launch) {
      llvm::json::Array arguments;
      for (auto [index, operand] :
           llvm::enumerate(launch.getKernelOperands())) {
        std::string type;
        llvm::raw_string_ostream os(type);
        operand.getType().print(os);
        arguments.push_back(
            llvm::json::Object{{"index", int64_t(index)}, {"type", type}});
      }
      gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
      gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
      kernels.push_back(llvm::json::Object{
          {"kernel", launch.getKernelName().getValue()},
          {"module", launch.getKernelModuleName().getValue()},
          {"grid", llvm::json::Array{constant(grid.x), constant(grid.y),
                                     constant(grid.z)}},
          {"block", llvm::json::Array{constant(block.x), constant(block.y),
                                      constant(block.z)}},
          {"dynamic_shared_memory_bytes",
           launch.getDynamicSharedMemorySize()
               ? constant(launch.getDynamicSharedMemorySize())
               : int64_t(0)},
          {"arguments", std::move(arguments)}});
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
    if (ec)
      return module.emitError() << "convert-to-nvvm: cannot write '" << path
                                << "': " << ec.message();
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(kernels))) << "\n";
    return success();
  }
};
} // namespace
