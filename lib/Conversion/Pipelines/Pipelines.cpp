//===- Pipelines.cpp - Every Roller pipeline ------------------------------===//
//
// The one place Roller's pipelines are assembled and registered.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/Pipelines/Pipelines.h"
#include "Roller/Conversion/Pipelines/Passes.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

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

FailureOr<std::string>
mlir::roller::resolveNVVMChip(ModuleOp module, const NVVMOptions &options) {
  std::string chip = options.chip;
  if (chip.empty())
    chip = getTargetDevice(module).getChip().str();
  if (!getPtxFeaturesForChip(chip))
    return module.emitError() << "convert-to-nvvm: unsupported chip '" << chip
                              << "' (supported: sm_80, sm_86, sm_89, sm_90, "
                                 "sm_90a)";
  if (options.format != "isa" && options.format != "bin" &&
      options.format != "fatbin")
    return module.emitError()
           << "convert-to-nvvm: unknown format '" << options.format
           << "' (expected isa, bin or fatbin)";
  return chip;
}

FailureOr<HostMemory>
mlir::roller::resolveHostMemory(ModuleOp module, const NVVMOptions &options) {
  if (options.hostMemory.empty())
    return options.allowHostFallback ? HostMemory::Managed : HostMemory::Device;
  if (options.hostMemory == "managed")
    return HostMemory::Managed;
  if (options.hostMemory != "device")
    return module.emitError()
           << "convert-to-nvvm: unknown host-memory '" << options.hostMemory
           << "' (expected device or managed)";
  if (options.allowHostFallback)
    return module.emitError()
           << "convert-to-nvvm: host-memory=device with allow-host-fallback: "
              "ops that fall back to the host cannot read device memory "
              "(use host-memory=managed)";
  return HostMemory::Device;
}

void mlir::roller::addRProgramLoweringAndBufferization(
    OpPassManager &pm, bool dropWorkgroupMemorySpace) {
  pm.addNestedPass<func::FuncOp>(createRollerLowerRProgramsPass());
  if (dropWorkgroupMemorySpace)
    pm.addPass(createRollerDropWorkgroupMemorySpacePass());
  else
    pm.addNestedPass<func::FuncOp>(createRollerReducePartialsInWarpsPass());

  // Functions keep plain (identity-layout) memref signatures, so callers
  // such as a test's `main` and `printMemrefF32` see ordinary buffers.
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // In-place insertions bufferize to copies of a subview onto an equal
  // subview; CSE makes them self-copies, which canonicalization erases.
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
}

void mlir::roller::buildRollerLowerToCPUPipeline(OpPassManager &pm) {
  // Input the lowering below would break on late is an error up front.
  RollerCheckPipelineInputPassOptions check;
  check.target = "cpu";
  pm.addPass(createRollerCheckPipelineInputPass(check));
  addRProgramLoweringAndBufferization(pm, /*dropWorkgroupMemorySpace=*/true);

  // Foralls run their iterations in order: the oracle checks values, not
  // parallelism. Done on buffers (no shared_outs left), before deallocation,
  // which does not model scf.forall.
  pm.addNestedPass<func::FuncOp>(createForallToForLoopPass());
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  // Math functions with an LLVM intrinsic or expansion (exp, sqrt, rsqrt,
  // fma) lower inline; the others (erf of GELU, tanh, ...) call the C
  // library, which mlir-runner's process has.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createRollerStripAttributesPass());
}

void mlir::roller::buildRollerGPUKernelPipeline(OpPassManager &pm,
                                                bool allowHostFallback,
                                                HostMemory hostMemory) {
  addRProgramLoweringAndBufferization(pm, /*dropWorkgroupMemorySpace=*/false);

  pm.addNestedPass<func::FuncOp>(createRollerMapForallToGPUPass());
  RollerCheckHostComputePassOptions hostCompute;
  hostCompute.allowHostFallback = allowHostFallback;
  pm.addNestedPass<func::FuncOp>(createRollerCheckHostComputePass(hostCompute));
  pm.addNestedPass<func::FuncOp>(createRollerPipelineStagingPass());
  pm.addNestedPass<func::FuncOp>(createRollerPromoteWorkgroupAllocsPass());
  pm.addNestedPass<func::FuncOp>(createRollerSpecializeFullTilesPass());
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(createRollerPadMmaBoundaryTilesPass());
  // Tensor-core warp tiles: mma-shaped vector.contracts (a no-op for
  // kernels without them), ldmatrix + mma.sync once outlined.
  pm.addNestedPass<func::FuncOp>(createRollerVectorizeMmaPass());
  pm.addNestedPass<func::FuncOp>(createRollerHoistAccumulatorsPass());
  // Constant loop bounds and steps must stay constants in the kernels (for
  // unrolling and alignment), not become kernel parameters.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createRollerOutlineKernelsPass());
  // Repeated layers launch identical kernels: each is lowered and compiled
  // once.
  pm.addPass(createRollerDeduplicateKernelsPass());
  // Kernels can only touch device-accessible memory; host code is final
  // from here on (nothing later allocates on the host).
  if (hostMemory == HostMemory::Managed) {
    pm.addPass(createRollerHostBuffersToGPUPass());
  } else {
    pm.addNestedPass<func::FuncOp>(createRollerStageFunctionBoundariesPass());
    pm.addPass(createRollerDeallocateHostBuffersPass());
    pm.addPass(createRollerHostBuffersToDevicePass());
    pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  }
  pm.addNestedPass<gpu::GPUModuleOp>(createRollerMmaToNVGPUPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createRollerVectorizeAccessesPass());
  pm.addNestedPass<gpu::GPUModuleOp>(
      createRollerExternDynamicSharedMemoryPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createRollerExpandSubgroupReducesPass());

  // gpu-lower-to-nvvm-pipeline neither bufferizes nor lowers linalg.
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createRollerStripAttributesPass());
  // After the strip (which removes every roller.* attribute): the record is
  // builtin attributes, which any tool reads.
  pm.addPass(createRollerRecordLaunchOperandsPass());
}

/// Upstream's gpu-lower-to-nvvm-pipeline (gpu::buildLowerToNVVMPassPipeline,
/// LLVM 22.1) with its defaults (O2, 64-bit indices, no bare pointers), the
/// kernel passes in one nested pipeline, and the kernel modules serialized
/// in parallel (roller-serialize-kernels) instead of one after the other by
/// gpu-module-to-binary: that is most of a whole model's compile time. The
/// output is the same (transform-pipeline.test runs upstream's pipeline).
/// One more difference: the kernels are serialized before gpu-to-llvm, not
/// after. That pass starts with a greedy rewrite of the whole module, the
/// kernels' bodies included, under the default aggressive region
/// simplification, whose block merging and argument pruning take minutes
/// on a kernel of a few thousand blocks (a bf16 implicit GEMM of one 192x16
/// warp tile on h200 guards each of its boundary accumulator loads and stores,
/// over a thousand: more than 10 minutes against 2 seconds). gpu-to-llvm lowers
/// launches of a gpu.binary as well.
static void addLowerToNVVMPasses(OpPassManager &pm, llvm::StringRef chip,
                                 llvm::StringRef features,
                                 llvm::StringRef format) {
  pm.addPass(createConvertNVGPUToNVVMPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = chip.str();
  target.features = features.str();
  pm.addPass(createGpuNVVMAttachTarget(target));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createArithToLLVMConversionPass());
  ConvertIndexToLLVMPassOptions index;
  index.indexBitwidth = 64;
  pm.addPass(createConvertIndexToLLVMPass(index));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  ConvertGpuOpsToNVVMOpsOptions toNVVM;
  toNVVM.indexBitwidth = 64;
  kernels.addPass(createConvertGpuOpsToNVVMOps(toNVVM));
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());

  // Before gpu-to-llvm (see above): the host lowering never sees the
  // kernels' bodies.
  RollerSerializeKernelsPassOptions serialize;
  serialize.format = format.str();
  pm.addPass(createRollerSerializeKernelsPass(serialize));
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

/// 32-bit index arithmetic in the kernels wherever the values' ranges allow
/// it. Upstream's integer range analysis bounds the thread and block ids by
/// the kernels' `known_block_size` and `known_grid_size` (which
/// roller-outline-kernels sets from the launch), the loops' induction
/// variables by their bounds, and the rest through the arithmetic. The
/// views' offsets are expanded first (expand-strided-metadata, as affine
/// maps lowered to arith): each access's linear offset is then one
/// expression, narrowed whole, in which LLVM cancels what the subviews'
/// indices share (an elementwise kernel's row `42 * (t / 21)` against its
/// column `2 * t - 42 * (t / 21)`); narrowed index by index and
/// sign-extended, the terms no longer cancel.
/// int-range-optimizations then folds what the ranges decide (the sign
/// tests of the affine lowering's floordiv and mod of non-negative ids);
/// roller-narrow-loop-indices makes the loops whose counters fit count in
/// i32; arith-int-range-narrowing then computes in i32 every op whose
/// operands and result fit, casting to index where a memref access takes
/// one. A value the analysis cannot bound (a dynamic extent) stays 64-bit.
/// The final address of an access is still formed in 64 bits by the memref
/// lowering, as nvcc's code does from 32-bit ints.
static void addNarrowKernelIndexPasses(OpPassManager &pm) {
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(memref::createExpandStridedMetadataPass());
  kernels.addPass(createLowerAffinePass());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(arith::createIntRangeOptimizationsPass());
  kernels.addPass(createRollerNarrowLoopIndicesPass());
  arith::ArithIntRangeNarrowingOptions narrowing;
  narrowing.bitwidthsSupported = {32};
  kernels.addPass(arith::createArithIntRangeNarrowing(narrowing));
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
}

void mlir::roller::buildRollerNVVMCodegenPipeline(OpPassManager &pm,
                                                  llvm::StringRef chip,
                                                  llvm::StringRef features,
                                                  llvm::StringRef format) {
  pm.addNestedPass<gpu::GPUModuleOp>(createRollerUnrollRegisterTilesPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createRollerExpandIntegerPowersPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createRollerAssertsToTrapsPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createRollerAllowFmaContractionPass());
  addNarrowKernelIndexPasses(pm);

  addLowerToNVVMPasses(pm, chip, features, format);
  // The device copies of uploaded constants (host-memory=device) are freed
  // when the module is unloaded.
  pm.addPass(createRollerRegisterDeviceConstantsDestructorPass());
}

void mlir::roller::buildRollerLowerToNVVMPipeline(
    OpPassManager &pm, llvm::StringRef chip, llvm::StringRef features,
    llvm::StringRef format, bool allowHostFallback, HostMemory hostMemory) {
  buildRollerGPUKernelPipeline(pm, allowHostFallback, hostMemory);
  buildRollerNVVMCodegenPipeline(pm, chip, features, format);
}

LogicalResult mlir::roller::checkKernelCallsResolved(ModuleOp module) {
  bool resolved = true;
  module.walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      if (!object || object.getFormat() != gpu::CompilationTarget::Assembly)
        continue;
      StringRef ptx = object.getObject().getValue();
      // `.extern .func (.param ...) name(` declares a function defined
      // elsewhere: nothing links PTX after serialization.
      for (size_t at = ptx.find(".extern .func"); at != StringRef::npos;
           at = ptx.find(".extern .func", at + 1)) {
        StringRef rest = ptx.drop_front(at + strlen(".extern .func")).ltrim();
        if (rest.starts_with("("))
          rest = rest.drop_until([](char c) { return c == ')'; })
                     .drop_front()
                     .ltrim();
        StringRef name =
            rest.take_until([](char c) { return c == '(' || isspace(c); });
        binary.emitError() << "kernel module '" << binary.getName()
                           << "' calls '" << name
                           << "', which its PTX does not define: libdevice "
                              "(the CUDA toolkit's math library) was not "
                              "linked; set CUDA_ROOT or CUDA_HOME to the "
                              "toolkit (for example /usr/local/cuda)";
        resolved = false;
      }
    }
  });
  return success(resolved);
}

void mlir::roller::buildRollerTilePipeline(OpPassManager &pm,
                                           const SelectionOptions &options) {
  pm.addPass(createRollerTilePass(options));
}

void mlir::roller::buildRollerCompileCPUPipeline(
    OpPassManager &pm, const SelectionOptions &options) {
  buildRollerTilePipeline(pm, options);
  buildRollerLowerToCPUPipeline(pm);
}

void mlir::roller::buildRollerCompileNVVMPipeline(
    OpPassManager &pm, const CompileOptions &options) {
  buildRollerTilePipeline(pm, options.select);
  RollerConvertToNVVMPassOptions nvvm;
  nvvm.chip = options.nvvm.chip;
  nvvm.format = options.nvvm.format;
  nvvm.allowHostFallback = options.nvvm.allowHostFallback;
  nvvm.hostMemory = options.nvvm.hostMemory;
  pm.addPass(createRollerConvertToNVVMPass(nvvm));
}

namespace {
/// The textual options of the compile pipelines: the selection options as
/// `--roller-tile` spells them (SelectionPasses.td's RollerSelectionOptions)
/// and, for NVVM, `--convert-to-nvvm`'s (RollerNVVMOptions).
template <typename Derived>
struct SelectionPipelineOptions : public PassPipelineOptions<Derived> {
  using Opt = mlir::detail::PassOptions;
  Opt::Option<std::string> device{
      *this, "device",
      llvm::cl::desc("Preset name or JSON device file (default: the "
                     "module's roller.device, else h200)")};
  Opt::Option<int64_t> topK{*this, "top-k",
                            llvm::cl::desc("rPrograms constructed and ranked"),
                            llvm::cl::init(SelectionOptions::kDefaultTopK)};
  Opt::Option<std::string> report{
      *this, "report",
      llvm::cl::desc("Write the selection report here (JSON lines)")};
  Opt::Option<std::string> search{
      *this, "search", llvm::cl::desc("construct or exhaustive"),
      llvm::cl::init(SelectionOptions::kDefaultSearch)};
  Opt::Option<int64_t> rank{
      *this, "rank",
      llvm::cl::desc("Which candidate to use: 1 is the model's choice"),
      llvm::cl::init(SelectionOptions::kDefaultRank)};
  Opt::Option<bool> allowTf32{
      *this, "allow-tf32",
      llvm::cl::desc("Let f32 contractions run on TF32 tensor cores"),
      llvm::cl::init(false)};

  SelectionOptions getSelectionOptions() const {
    SelectionOptions options{device, topK, report, search, rank};
    options.allowTf32 = allowTf32;
    return options;
  }
};

struct CompileCPUPipelineOptions
    : public SelectionPipelineOptions<CompileCPUPipelineOptions> {};

struct CompileNVVMPipelineOptions
    : public SelectionPipelineOptions<CompileNVVMPipelineOptions> {
  Opt::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip (default: the device's chip)")};
  Opt::Option<std::string> format{
      *this, "format", llvm::cl::desc("gpu.binary format: isa, bin or fatbin"),
      llvm::cl::init("isa")};
  Opt::Option<bool> allowHostFallback{
      *this, "allow-host-fallback",
      llvm::cl::desc("Let compute ops no rProgram covers run on the host"),
      llvm::cl::init(false)};
  Opt::Option<std::string> hostMemory{
      *this, "host-memory",
      llvm::cl::desc("Where the host keeps kernel buffers: device or managed "
                     "(default: managed with allow-host-fallback, else "
                     "device)")};
};
} // namespace

void mlir::roller::registerRollerPipelines() {
  PassPipelineRegistration<>(
      "roller-lower-to-cpu",
      "Lower rPrograms and everything else to the LLVM dialect for "
      "mlir-runner (the CPU oracle)",
      buildRollerLowerToCPUPipeline);
  PassPipelineRegistration<CompileCPUPipelineOptions>(
      "roller-compile-cpu",
      "Select, tile and lower to LLVM-dialect IR that mlir-runner runs "
      "(roller-tile, then roller-lower-to-cpu)",
      [](OpPassManager &pm, const CompileCPUPipelineOptions &options) {
        buildRollerCompileCPUPipeline(pm, options.getSelectionOptions());
      });
  PassPipelineRegistration<CompileNVVMPipelineOptions>(
      "roller-compile-nvvm",
      "Select, tile and lower to host code plus a gpu.binary (roller-tile, "
      "then convert-to-nvvm)",
      [](OpPassManager &pm, const CompileNVVMPipelineOptions &options) {
        buildRollerCompileNVVMPipeline(
            pm, CompileOptions{options.getSelectionOptions(),
                               NVVMOptions{options.chip, options.format,
                                           options.allowHostFallback,
                                           options.hostMemory}});
      });
}
