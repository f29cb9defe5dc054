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

void mlir::roller::buildRollerGPUKernelPipeline(OpPassManager &pm) {
  addRProgramLoweringAndBufferization(pm, /*dropWorkgroupMemorySpace=*/false);

  pm.addNestedPass<func::FuncOp>(createRollerMapForallToGPUPass());
  pm.addNestedPass<func::FuncOp>(createRollerPipelineStagingPass());
  pm.addNestedPass<func::FuncOp>(createRollerPromoteWorkgroupAllocsPass());
  pm.addNestedPass<func::FuncOp>(createRollerSpecializeFullTilesPass());
  pm.addPass(createCanonicalizerPass());
  // Tensor-core warp tiles: mma-shaped vector.contracts (a no-op for
  // kernels without them), ldmatrix + mma.sync once outlined.
  pm.addNestedPass<func::FuncOp>(createRollerVectorizeMmaPass());
  pm.addNestedPass<func::FuncOp>(createRollerHoistAccumulatorsPass());
  // Constant loop bounds and steps must stay constants in the kernels (for
  // unrolling and alignment), not become kernel parameters.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createRollerOutlineKernelsPass());
  // Kernels can only touch device-accessible memory; host code is final
  // from here on (nothing later allocates on the host).
  pm.addPass(createRollerHostBuffersToGPUPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createRollerMmaToNVGPUPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createRollerVectorizeAccessesPass());
  pm.addNestedPass<gpu::GPUModuleOp>(
      createRollerExternDynamicSharedMemoryPass());

  // gpu-lower-to-nvvm-pipeline neither bufferizes nor lowers linalg.
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createRollerStripAttributesPass());
}

void mlir::roller::buildRollerNVVMCodegenPipeline(OpPassManager &pm,
                                                  llvm::StringRef chip,
                                                  llvm::StringRef features,
                                                  llvm::StringRef format) {
  pm.addNestedPass<gpu::GPUModuleOp>(createRollerUnrollRegisterTilesPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createRollerAllowFmaContractionPass());

  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = chip.str();
  nvvm.cubinFeatures = features.str();
  nvvm.cubinFormat = format.str();
  gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
}

void mlir::roller::buildRollerLowerToNVVMPipeline(OpPassManager &pm,
                                                  llvm::StringRef chip,
                                                  llvm::StringRef features,
                                                  llvm::StringRef format) {
  buildRollerGPUKernelPipeline(pm);
  buildRollerNVVMCodegenPipeline(pm, chip, features, format);
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

    // Two halves, so that the launch description can record the kernels'
    // memref operands before the host is lowered to LLVM.
    OpPassManager kernels(ModuleOp::getOperationName());
    buildRollerGPUKernelPipeline(kernels);
    if (failed(runPipeline(kernels, module)))
      return signalPassFailure();
    std::vector<llvm::json::Array> operands = describeKernelOperands(module);
    OpPassManager codegen(ModuleOp::getOperationName());
    buildRollerNVVMCodegenPipeline(codegen, target, *features, format);
    if (failed(runPipeline(codegen, module)))
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
    if (failed(writeLaunchDescription(module, (base + ".launch.json").str(),
                                      std::move(operands))))
      return signalPassFailure();
  }

  /// Per gpu.launch_func, in walk order: its operands while they are still
  /// memrefs and index values. A memref records its type, static layout,
  /// which host function argument it is (-1 for a host temporary) and the
  /// alignment its aligned pointer must have (`align`, bytes); each
  /// expands into `params` LLVM parameters (a descriptor: 2 pointers, an
  /// offset, the sizes and the strides).
  static std::vector<llvm::json::Array>
  describeKernelOperands(ModuleOp module) {
    std::vector<llvm::json::Array> launches;
    module.walk([&](gpu::LaunchFuncOp launch) {
      llvm::json::Array operands;
      for (Value operand : launch.getKernelOperands()) {
        std::string type;
        llvm::raw_string_ostream os(type);
        operand.getType().print(os);
        auto memref = dyn_cast<MemRefType>(operand.getType());
        if (!memref) {
          operands.push_back(llvm::json::Object{
              {"kind", "scalar"}, {"type", type}, {"params", 1}});
          continue;
        }
        std::string element;
        llvm::raw_string_ostream eos(element);
        memref.getElementType().print(eos);
        auto dimension = [](int64_t size) -> llvm::json::Value {
          if (ShapedType::isDynamic(size))
            return nullptr;
          return size;
        };
        llvm::json::Array shape, strides;
        for (int64_t size : memref.getShape())
          shape.push_back(dimension(size));
        SmallVector<int64_t> layoutStrides;
        int64_t offset = 0;
        bool strided =
            succeeded(memref.getStridesAndOffset(layoutStrides, offset));
        for (int64_t stride : layoutStrides)
          strides.push_back(dimension(stride));
        int64_t funcArg = -1;
        if (auto argument = dyn_cast<BlockArgument>(operand))
          if (isa<func::FuncOp>(argument.getOwner()->getParentOp()))
            funcArg = argument.getArgNumber();
        operands.push_back(llvm::json::Object{
            {"kind", "memref"},
            {"type", type},
            {"element", element},
            {"shape", std::move(shape)},
            {"strides", strided ? llvm::json::Value(std::move(strides))
                                : llvm::json::Value(nullptr)},
            {"offset", strided ? dimension(offset) : nullptr},
            {"func_arg", funcArg},
            {"align", kKernelBufferAlignment},
            {"params", int64_t(3 + 2 * memref.getRank())}});
      }
      launches.push_back(std::move(operands));
    });
    return launches;
  }

  /// Writes what a launcher needs for each gpu.launch_func: the kernel, its
  /// grid and block (constants), the dynamic shared memory bytes and the
  /// argument order with each argument's LLVM type.
  LogicalResult
  writeLaunchDescription(ModuleOp module, StringRef path,
                         std::vector<llvm::json::Array> operands) {
    auto constantOr = [](Value value,
                         llvm::json::Value otherwise) -> llvm::json::Value {
      llvm::APInt result;
      if (value && matchPattern(value, m_ConstantInt(&result)))
        return result.getSExtValue();
      llvm::APFloat floatResult(0.0);
      if (value && matchPattern(value, m_ConstantFloat(&floatResult)))
        return floatResult.convertToDouble();
      return otherwise;
    };
    // Grid and block sizes are constants (they come from the config).
    auto constant = [&](Value value) { return constantOr(value, -1); };
    llvm::json::Array kernels;
    size_t launchIndex = 0;
    WalkResult walk = module.walk([&](gpu::LaunchFuncOp launch) {
      llvm::json::Array arguments;
      SmallVector<Value> params(launch.getKernelOperands());
      for (auto [index, operand] : llvm::enumerate(params)) {
        std::string type;
        llvm::raw_string_ostream os(type);
        operand.getType().print(os);
        arguments.push_back(
            llvm::json::Object{{"index", int64_t(index)}, {"type", type}});
      }
      // Scalar operands: the value the host passes, where it is a constant.
      llvm::json::Array kernelOperands;
      if (launchIndex < operands.size())
        kernelOperands = std::move(operands[launchIndex]);
      ++launchIndex;
      int64_t expanded = 0;
      for (llvm::json::Value &value : kernelOperands) {
        llvm::json::Object &operand = *value.getAsObject();
        if (*operand.getString("kind") == "scalar" &&
            size_t(expanded) < params.size())
          operand["value"] = constantOr(params[expanded], nullptr);
        expanded += *operand.getInteger("params");
      }
      if (size_t(expanded) != params.size()) {
        launch.emitError() << "convert-to-nvvm: the kernel's " << params.size()
                           << " parameters do not match its operands' "
                              "descriptors ("
                           << expanded << ")";
        return WalkResult::interrupt();
      }
      auto func = launch->getParentOfType<FunctionOpInterface>();
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
               : llvm::json::Value(0)},
          {"func", func ? func.getName() : StringRef()},
          {"operands", std::move(kernelOperands)},
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
