//===- RollerGPUTransformOps.cpp - The GPU steps as transforms ------------===//
//
// Each op finds, inside its payload op, what its step works on (as the
// step's pass does) and calls the step's entry point.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/TransformOps/RollerGPUTransformOps.h"

#include "Roller/Conversion/RollerToGPU/AllowFmaContraction.h"
#include "Roller/Conversion/RollerToGPU/CheckHostCompute.h"
#include "Roller/Conversion/RollerToGPU/DeallocateHostBuffers.h"
#include "Roller/Conversion/RollerToGPU/ExternDynamicSharedMemory.h"
#include "Roller/Conversion/RollerToGPU/HoistAccumulators.h"
#include "Roller/Conversion/RollerToGPU/HostBuffersToDevice.h"
#include "Roller/Conversion/RollerToGPU/HostBuffersToGPU.h"
#include "Roller/Conversion/RollerToGPU/MapForallToGPU.h"
#include "Roller/Conversion/RollerToGPU/MmaToNVGPU.h"
#include "Roller/Conversion/RollerToGPU/OutlineKernels.h"
#include "Roller/Conversion/RollerToGPU/PipelineStaging.h"
#include "Roller/Conversion/RollerToGPU/PromoteWorkgroupAllocs.h"
#include "Roller/Conversion/RollerToGPU/RecordLaunchOperands.h"
#include "Roller/Conversion/RollerToGPU/SpecializeFullTiles.h"
#include "Roller/Conversion/RollerToGPU/StageFunctionBoundaries.h"
#include "Roller/Conversion/RollerToGPU/UnrollRegisterTiles.h"
#include "Roller/Conversion/RollerToGPU/VectorizeAccesses.h"
#include "Roller/Conversion/RollerToGPU/VectorizeMma.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::roller;

#define GET_OP_CLASSES
#include "Roller/Conversion/TransformOps/RollerGPUTransformOps.cpp.inc"

/// What every step op does to handles and payload.
static void getStepEffects(OpOperand &target,
                           SmallVectorImpl<MemoryEffects::EffectInstance> &e) {
  transform::onlyReadsHandle(target, e);
  transform::modifiesPayload(e);
}

/// The ops of type `OpTy` in `root` (itself included), collected before any
/// changes.
template <typename OpTy> static SmallVector<OpTy> collect(Operation *root) {
  SmallVector<OpTy> ops;
  root->walk([&](OpTy op) { ops.push_back(op); });
  return ops;
}

/// The result of a step: its error is already reported at the payload op.
static DiagnosedSilenceableFailure fromStep(LogicalResult result) {
  return succeeded(result) ? DiagnosedSilenceableFailure::success()
                           : DiagnosedSilenceableFailure::definiteFailure();
}

/// Applies `step` to every `OpTy` in `root`, stopping at the first failure.
template <typename OpTy, typename StepFn>
static DiagnosedSilenceableFailure applyStep(Operation *root, StepFn step) {
  for (OpTy op : collect<OpTy>(root))
    if (failed(step(op)))
      return DiagnosedSilenceableFailure::definiteFailure();
  return DiagnosedSilenceableFailure::success();
}

/// A step that always succeeds, on every `OpTy` in `root`.
template <typename OpTy, typename StepFn>
static DiagnosedSilenceableFailure applyInfallible(Operation *root,
                                                   StepFn step) {
  for (OpTy op : collect<OpTy>(root))
    (void)step(op);
  return DiagnosedSilenceableFailure::success();
}

#define ROLLER_STEP_EFFECTS(OP)                                                \
  void transform::OP::getEffects(                                              \
      SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {               \
    getStepEffects(getTargetMutable(), effects);                               \
  }
ROLLER_STEP_EFFECTS(RollerMapForallToGPUOp)
ROLLER_STEP_EFFECTS(RollerPipelineStagingOp)
ROLLER_STEP_EFFECTS(RollerPromoteWorkgroupAllocsOp)
ROLLER_STEP_EFFECTS(RollerSpecializeFullTilesOp)
ROLLER_STEP_EFFECTS(RollerVectorizeMmaOp)
ROLLER_STEP_EFFECTS(RollerHoistAccumulatorsOp)
ROLLER_STEP_EFFECTS(RollerOutlineKernelsOp)
ROLLER_STEP_EFFECTS(RollerHostBuffersToGPUOp)
ROLLER_STEP_EFFECTS(RollerStageFunctionBoundariesOp)
ROLLER_STEP_EFFECTS(RollerHostBuffersToDeviceOp)
ROLLER_STEP_EFFECTS(RollerMmaToNVGPUOp)
ROLLER_STEP_EFFECTS(RollerVectorizeAccessesOp)
ROLLER_STEP_EFFECTS(RollerExternDynamicSharedMemoryOp)
ROLLER_STEP_EFFECTS(RollerRecordLaunchOperandsOp)
ROLLER_STEP_EFFECTS(RollerUnrollRegisterTilesOp)
ROLLER_STEP_EFFECTS(RollerAllowFmaContractionOp)
ROLLER_STEP_EFFECTS(RollerCheckHostComputeOp)
#undef ROLLER_STEP_EFFECTS

DiagnosedSilenceableFailure transform::RollerMapForallToGPUOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  // The outermost block foralls (a block forall is never nested in another).
  SmallVector<scf::ForallOp> foralls;
  target->walk<WalkOrder::PreOrder>([&](scf::ForallOp forall) {
    if (!isBlockMappedForall(forall))
      return WalkResult::advance();
    foralls.push_back(forall);
    return WalkResult::skip();
  });
  for (scf::ForallOp forall : foralls)
    if (failed(mapForallToGPULaunch(rewriter, forall)))
      return DiagnosedSilenceableFailure::definiteFailure();
  return DiagnosedSilenceableFailure::success();
}

DiagnosedSilenceableFailure transform::RollerPipelineStagingOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  return applyInfallible<gpu::LaunchOp>(target, [&](gpu::LaunchOp launch) {
    return pipelineStaging(rewriter, launch);
  });
}

DiagnosedSilenceableFailure
transform::RollerPromoteWorkgroupAllocsOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  return applyInfallible<gpu::LaunchOp>(target, [&](gpu::LaunchOp launch) {
    return promoteWorkgroupAllocs(rewriter, launch);
  });
}

DiagnosedSilenceableFailure transform::RollerSpecializeFullTilesOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  return applyInfallible<gpu::LaunchOp>(target, [&](gpu::LaunchOp launch) {
    specializeFullTiles(rewriter, launch);
    return success();
  });
}

DiagnosedSilenceableFailure transform::RollerVectorizeMmaOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  SmallVector<linalg::LinalgOp> warpTiles;
  target->walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(RollerDialect::kMmaShapeAttrName))
      warpTiles.push_back(op);
  });
  for (linalg::LinalgOp op : warpTiles)
    if (failed(vectorizeMmaWarpTile(rewriter, op)))
      return DiagnosedSilenceableFailure::definiteFailure();
  return DiagnosedSilenceableFailure::success();
}

DiagnosedSilenceableFailure transform::RollerHoistAccumulatorsOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  return applyInfallible<gpu::LaunchOp>(target, [&](gpu::LaunchOp launch) {
    return hoistAccumulators(rewriter, launch);
  });
}

DiagnosedSilenceableFailure transform::RollerOutlineKernelsOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  auto module = dyn_cast<ModuleOp>(target);
  if (!module)
    return emitSilenceableError()
           << "expected a builtin.module (outlining adds gpu.modules to "
              "it), got '"
           << target->getName() << "'";
  LaunchConfigs configs(module);
  // Upstream's outlining exists only as a pass; run it as
  // apply_registered_pass does.
  PassManager pm(getContext(), ModuleOp::getOperationName());
  pm.addPass(createGpuKernelOutliningPass());
  if (failed(pm.run(module)))
    return emitDefiniteFailure() << "gpu-kernel-outlining failed";
  return fromStep(configs.attachToKernels(rewriter, module));
}

DiagnosedSilenceableFailure transform::RollerHostBuffersToGPUOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  if (auto func = dyn_cast<func::FuncOp>(target))
    return fromStep(makeHostBuffersDeviceAccessible(rewriter, func));
  KernelArguments kernelArguments(target);
  bool failedAny = false;
  for (func::FuncOp func : getHostFunctions(target))
    failedAny |= failed(
        makeHostBuffersDeviceAccessible(rewriter, func, kernelArguments));
  return fromStep(failure(failedAny));
}

DiagnosedSilenceableFailure transform::RollerMmaToNVGPUOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  return applyStep<gpu::GPUFuncOp>(target, [&](gpu::GPUFuncOp kernel) {
    return convertMmaToNVGPU(rewriter, kernel);
  });
}

DiagnosedSilenceableFailure transform::RollerVectorizeAccessesOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  return applyInfallible<gpu::GPUFuncOp>(target, [&](gpu::GPUFuncOp kernel) {
    vectorizeKernelAccesses(rewriter, kernel);
    return success();
  });
}

DiagnosedSilenceableFailure
transform::RollerExternDynamicSharedMemoryOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  return applyStep<gpu::GPUModuleOp>(target, [&](gpu::GPUModuleOp module) {
    return externalizeDynamicSharedMemory(rewriter, module);
  });
}

DiagnosedSilenceableFailure transform::RollerRecordLaunchOperandsOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  auto module = dyn_cast<ModuleOp>(target);
  if (!module)
    return emitSilenceableError()
           << "expected a builtin.module, got '" << target->getName() << "'";
  (void)recordLaunchOperands(rewriter, module);
  return DiagnosedSilenceableFailure::success();
}

DiagnosedSilenceableFailure transform::RollerUnrollRegisterTilesOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  return applyInfallible<gpu::GPUFuncOp>(target, [&](gpu::GPUFuncOp kernel) {
    return unrollRegisterTiles(rewriter, kernel, getMaxUnrolledOps());
  });
}

DiagnosedSilenceableFailure transform::RollerAllowFmaContractionOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  (void)allowFmaContraction(rewriter, target);
  return DiagnosedSilenceableFailure::success();
}

DiagnosedSilenceableFailure transform::RollerCheckHostComputeOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  return applyStep<func::FuncOp>(target, [&](func::FuncOp func) {
    return checkHostCompute(func, getAllowHostFallback());
  });
}

DiagnosedSilenceableFailure
transform::RollerStageFunctionBoundariesOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  bool failedAny = false;
  for (func::FuncOp func : getHostFunctions(target))
    failedAny |= failed(stageFunctionBoundaries(rewriter, func));
  return fromStep(failure(failedAny));
}

DiagnosedSilenceableFailure transform::RollerHostBuffersToDeviceOp::applyToOne(
    TransformRewriter &rewriter, Operation *target, ApplyToEachResultList &,
    TransformState &) {
  bool failedAny = false;
  for (func::FuncOp func : getHostFunctions(target))
    failedAny |= failed(placeHostBuffersInDeviceMemory(rewriter, func));
  return fromStep(failure(failedAny));
}

namespace {
class RollerGPUTransformExtension
    : public transform::TransformDialectExtension<RollerGPUTransformExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RollerGPUTransformExtension)
  using Base::Base;

  void init() {
    declareGeneratedDialect<affine::AffineDialect>();
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<bufferization::BufferizationDialect>();
    declareGeneratedDialect<func::FuncDialect>();
    declareGeneratedDialect<gpu::GPUDialect>();
    declareGeneratedDialect<LLVM::LLVMDialect>();
    declareGeneratedDialect<linalg::LinalgDialect>();
    declareGeneratedDialect<memref::MemRefDialect>();
    declareGeneratedDialect<NVVM::NVVMDialect>();
    declareGeneratedDialect<nvgpu::NVGPUDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    declareGeneratedDialect<vector::VectorDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "Roller/Conversion/TransformOps/RollerGPUTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void mlir::roller::registerRollerGPUTransformExtension(
    DialectRegistry &registry) {
  registry.addExtensions<RollerGPUTransformExtension>();
  // `apply_registered_pass "roller-deallocate-host-buffers"` needs them.
  registerLaunchFuncMemoryEffects(registry);
}
