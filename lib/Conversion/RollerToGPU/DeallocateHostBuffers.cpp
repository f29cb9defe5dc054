//===- DeallocateHostBuffers.cpp - Free what the host code allocates ------===//
//
// `--roller-deallocate-host-buffers`: upstream's buffer deallocation on the
// host functions of an outlined GPU program, with the memory effects of
// `gpu.launch_func` that it needs.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/DeallocateHostBuffers.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "HostCode.h"

#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERDEALLOCATEHOSTBUFFERSPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {
/// A launch reads and writes each buffer it gets, and may write memory it
/// is not given (globals of its module).
struct LaunchFuncMemoryEffects
    : public MemoryEffectOpInterface::ExternalModel<LaunchFuncMemoryEffects,
                                                    gpu::LaunchFuncOp> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    auto launch = cast<gpu::LaunchFuncOp>(op);
    for (OpOperand &operand : launch.getKernelOperandsMutable()) {
      if (!isa<BaseMemRefType>(operand.get().getType()))
        continue;
      effects.emplace_back(MemoryEffects::Read::get(), &operand);
      effects.emplace_back(MemoryEffects::Write::get(), &operand);
    }
    effects.emplace_back(MemoryEffects::Write::get());
  }
};
} // namespace

void mlir::roller::registerLaunchFuncMemoryEffects(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, gpu::GPUDialect *) {
    gpu::LaunchFuncOp::attachInterface<LaunchFuncMemoryEffects>(*context);
  });
}

/// In a function that frees memory itself, which upstream's deallocation
/// refuses: frees at each return what the entry block allocates and nothing
/// frees, returns or passes to a call (the buffers an earlier step added,
/// such as the staged copies of arguments).
static void freeUnfreedAtReturns(func::FuncOp func) {
  Block &entry = func.getBody().front();
  SmallVector<memref::AllocOp> unfreed;
  for (auto alloc : entry.getOps<memref::AllocOp>()) {
    bool escapes = false;
    for (Value view : getViewsOf(alloc.getResult()))
      for (Operation *user : view.getUsers())
        escapes |= isa<memref::DeallocOp, func::ReturnOp, CallOpInterface,
                       RegionBranchTerminatorOpInterface>(user);
    if (!escapes)
      unfreed.push_back(alloc);
  }
  func.walk([&](func::ReturnOp ret) {
    if (ret->getBlock() != &entry)
      return;
    OpBuilder builder(ret);
    for (memref::AllocOp alloc : unfreed)
      memref::DeallocOp::create(builder, ret.getLoc(), alloc);
  });
}

LogicalResult
mlir::roller::insertHostBufferDeallocations(func::FuncOp func,
                                            SymbolTableCollection &symbols) {
  if (func.isDeclaration() || func->getParentOfType<gpu::GPUModuleOp>())
    return success();
  // Upstream's deallocation refuses functions that already free memory.
  bool freesMemory = false;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::LaunchOp>(op))
      return WalkResult::skip();
    if (isa<memref::DeallocOp, memref::ReallocOp, bufferization::DeallocOp>(
            op)) {
      freesMemory = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (freesMemory) {
    freeUnfreedAtReturns(func);
    return success();
  }
  return bufferization::deallocateBuffersOwnershipBased(
      func, bufferization::DeallocationOptions(), symbols);
}

void mlir::roller::buildHostDeallocationCleanupPipeline(OpPassManager &pm) {
  // The rest of upstream's buffer-deallocation-pipeline, nested on the host
  // functions so that the kernels are left as they are; the lowering of
  // bufferization.dealloc needs the module to add its helper function to.
  pm.addNestedPass<func::FuncOp>(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(
      bufferization::createBufferDeallocationSimplificationPass());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  // The clones ownership adds (a returned argument becomes a copy the
  // caller owns): host allocations and copies.
  pm.addPass(createConvertBufferizationToMemRefPass());
  OpPassManager &after = pm.nest<func::FuncOp>();
  after.addPass(createCSEPass());
  after.addPass(createCanonicalizerPass());
  after.addPass(bufferization::createOptimizeAllocationLivenessPass());
}

namespace {
struct RollerDeallocateHostBuffersPass
    : public roller::impl::RollerDeallocateHostBuffersPassBase<
          RollerDeallocateHostBuffersPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    registerLaunchFuncMemoryEffects(registry);
    OpPassManager pm(ModuleOp::getOperationName());
    buildHostDeallocationCleanupPipeline(pm);
    pm.getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbols;
    for (func::FuncOp func : module.getOps<func::FuncOp>())
      if (failed(insertHostBufferDeallocations(func, symbols)))
        return signalPassFailure();
    OpPassManager pm(ModuleOp::getOperationName());
    buildHostDeallocationCleanupPipeline(pm);
    if (failed(runPipeline(pm, module)))
      signalPassFailure();
  }
};
} // namespace
