//===- CPUPipeline.cpp - The CPU oracle pipeline --------------------------===//
//
// `--roller-lower-to-cpu` runs the lowered rProgram structure sequentially on
// the host: the oracle every GPU result is compared against.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "Roller/Dialect/Roller/Transforms/Pipelines.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERDROPWORKGROUPMEMORYSPACEPASS
#define GEN_PASS_DEF_ROLLERSTRIPATTRIBUTESPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {
/// The CPU has a single address space, so workgroup buffers are ordinary
/// allocations there; without this, bufferization would produce memrefs in
/// `#gpu.address_space<workgroup>`, which the LLVM lowering of a host
/// program rejects. This is the only difference from the GPU path once the
/// foralls are mapped: everything else the oracle runs is the same IR.
struct RollerDropWorkgroupMemorySpacePass
    : public roller::impl::RollerDropWorkgroupMemorySpacePassBase<
          RollerDropWorkgroupMemorySpacePass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([](bufferization::AllocTensorOp alloc) {
      if (gpu::GPUDialect::isWorkgroupMemoryAddressSpace(
              alloc.getMemorySpaceAttr()))
        alloc.removeMemorySpaceAttr();
    });
  }
};

/// Tools that run or translate the result do not load the roller dialect and
/// cannot even parse its attributes.
struct RollerStripAttributesPass
    : public roller::impl::RollerStripAttributesPassBase<
          RollerStripAttributesPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      SmallVector<StringAttr> names;
      for (NamedAttribute attr : op->getDiscardableAttrs())
        if (attr.getName().strref().starts_with("roller."))
          names.push_back(attr.getName());
      for (StringAttr name : names)
        op->removeDiscardableAttr(name);
    });
  }
};
} // namespace

void mlir::roller::addRProgramLoweringAndBufferization(
    OpPassManager &pm, bool dropWorkgroupMemorySpace) {
  pm.addNestedPass<func::FuncOp>(createRollerLowerRProgramsPass());
  if (dropWorkgroupMemorySpace)
    pm.addPass(createRollerDropWorkgroupMemorySpacePass());

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
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createRollerStripAttributesPass());
}

void mlir::roller::registerRollerPipelines() {
  PassPipelineRegistration<>(
      "roller-lower-to-cpu",
      "Lower rPrograms and everything else to the LLVM dialect for "
      "mlir-runner (the CPU oracle)",
      buildRollerLowerToCPUPipeline);
}
