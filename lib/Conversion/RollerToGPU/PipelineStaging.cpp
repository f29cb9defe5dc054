//===- PipelineStaging.cpp - Multi-stage shared-memory staging ------------===//
//
// `--roller-pipeline-staging`: with a config of `stages = S > 1`, the
// reduction loop of a kernel keeps S tiles of every staged input in flight:
// each staging buffer becomes a ring of S slots (upstream
// `memref::multiBuffer`), the copies of reduction step i + S - 1 are issued
// at step i (the first S - 1 before the loop) as one `cp.async` group, and
// step i waits for its own group only (`cp.async.wait_group S - 2`), then
// passes one barrier before it issues step i + S - 1 and computes: the
// barrier both publishes step i's tile and retires step i - 1's slot, which
// step i + S - 1 fills (one barrier per step, as in CUTLASS's and Triton's
// multistage loops).
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/PipelineStaging.h"
#include "BufferUtils.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERPIPELINESTAGINGPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// Whether `op` (a direct child of the loop body) only copies global memory
/// into staging buffers: `linalg.copy`s from a non-workgroup buffer into a
/// view of one of `staging`, with nothing else that has memory effects
/// (thread predicates, views, index arithmetic) but fills of views of
/// `staging`: a gathered tile's runs past the patches' edge or in a pad
/// (copyGatheredRuns). Issued ahead, such a fill stays synchronous; it
/// writes the slot the step's barrier retired, as the copies do.
static bool isStagingCopy(Operation *op, const DenseSet<Value> &staging) {
  bool copies = false;
  WalkResult result = op->walk([&](Operation *nested) {
    if (auto copy = dyn_cast<linalg::CopyOp>(nested)) {
      if (!copy.hasPureBufferSemantics() ||
          isWorkgroupMemory(copy.getInputs()[0]) ||
          !staging.contains(getRootBuffer(copy.getOutputs()[0])))
        return WalkResult::interrupt();
      copies = true;
      return WalkResult::skip();
    }
    if (auto fill = dyn_cast<linalg::FillOp>(nested)) {
      if (!fill.hasPureBufferSemantics() ||
          !staging.contains(getRootBuffer(fill.getOutputs()[0])))
        return WalkResult::interrupt();
      return WalkResult::skip();
    }
    if (isa<scf::IfOp, scf::YieldOp, scf::ForOp>(nested) ||
        isMemoryEffectFree(nested))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return copies && !result.wasInterrupted();
}

/// Whether `op` (or an op nested in it) may write workgroup memory; a
/// barrier does not count.
static bool mayWriteWorkgroupMemory(Operation *op) {
  WalkResult result = op->walk([&](Operation *nested) {
    if (isa<gpu::BarrierOp>(nested) || isMemoryEffectFree(nested))
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!effects)
      return nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>()
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &effect : instances) {
      if (!isa<MemoryEffects::Write>(effect.getEffect()))
        continue;
      Value value = effect.getValue();
      if (!value || isWorkgroupMemory(value))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// The ops of the loop body (in order) that `ops` use, transitively; fails
/// when one has memory effects or regions (it could not be cloned for
/// another reduction step). Block arguments and values from outside the
/// body end the search.
static FailureOr<SetVector<Operation *>>
getBodySlice(Block *body, ArrayRef<Operation *> ops,
             const DenseSet<Operation *> &excluded) {
  SetVector<Operation *> slice;
  SmallVector<Value> worklist;
  for (Operation *op : ops)
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        worklist.push_back(operand);
    });
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != body || slice.contains(def) ||
        llvm::is_contained(ops, def))
      continue;
    if (excluded.contains(def))
      continue;
    if (!isMemoryEffectFree(def) || def->getNumRegions() != 0)
      return failure();
    slice.insert(def);
    llvm::append_range(worklist, def->getOperands());
  }
  // Body order, so clones see their operands first.
  SetVector<Operation *> ordered;
  for (Operation &op : *body)
    if (slice.contains(&op))
      ordered.insert(&op);
  return ordered;
}

/// Clones `slice` and `copies` at the current insertion point for the
/// reduction step whose induction variable is `iv`, marking the copies for
/// `cp.async`.
static void cloneCopies(RewriterBase &rewriter, scf::ForOp loop, Value iv,
                        const SetVector<Operation *> &slice,
                        ArrayRef<Operation *> copies) {
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), iv);
  for (Operation *op : slice)
    rewriter.clone(*op, mapping);
  for (Operation *op : copies) {
    Operation *clone = rewriter.clone(*op, mapping);
    clone->walk([&](linalg::CopyOp copy) {
      copy->setAttr(RollerDialect::kAsyncCopyAttrName, rewriter.getUnitAttr());
    });
  }
}

/// `if (iv < ub) { copies of step iv }` then a commit of the cp.async group
/// (empty past the end, so that every step waits for the same count);
/// returns the group's token.
static Value issueStep(RewriterBase &rewriter, scf::ForOp loop, Value iv,
                       const SetVector<Operation *> &slice,
                       ArrayRef<Operation *> copies) {
  Location loc = loop.getLoc();
  Value inRange = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::slt, iv, loop.getUpperBound());
  auto guard = scf::IfOp::create(rewriter, loc, inRange,
                                 /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard g(rewriter);
    rewriter.setInsertionPoint(guard.thenBlock()->getTerminator());
    cloneCopies(rewriter, loop, iv, slice, copies);
  }
  return nvgpu::DeviceAsyncCreateGroupOp::create(
      rewriter, loc, nvgpu::DeviceAsyncTokenType::get(rewriter.getContext()),
      ValueRange());
}

LogicalResult mlir::roller::pipelineStagingLoop(RewriterBase &rewriter,
                                                scf::ForOp loop,
                                                int64_t stages) {
  if (stages < 2)
    return failure();
  Block *body = loop.getBody();
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lb || !step || *step <= 0 || loop.getNumRegionIterArgs() != 0)
    return failure();
  SmallVector<memref::AllocOp> allocs;
  DenseSet<Value> staging;
  DenseSet<Operation *> allocOps;
  for (auto alloc : body->getOps<memref::AllocOp>())
    if (isWorkgroupMemory(alloc) && alloc.getType().hasStaticShape()) {
      allocs.push_back(alloc);
      staging.insert(alloc);
      allocOps.insert(alloc);
    }
  if (allocs.empty())
    return failure();
  auto findCopies = [&] {
    SmallVector<Operation *> copies;
    for (Operation &op : body->without_terminator())
      if (isStagingCopy(&op, staging))
        copies.push_back(&op);
    return copies;
  };
  SmallVector<Operation *> copies = findCopies();
  if (copies.empty())
    return failure();
  // Every write to a staging buffer must be one of those copies.
  bool othersWrite = false;
  body->walk([&](linalg::LinalgOp op) {
    for (OpOperand &init : op.getDpsInitsMutable())
      if (staging.contains(getRootBuffer(init.get())) &&
          !llvm::any_of(copies,
                        [&](Operation *copy) { return copy->isAncestor(op); }))
        othersWrite = true;
  });
  // The slice may contain the allocations themselves (and their views):
  // they become pure ring views.
  if (othersWrite || failed(getBodySlice(body, copies, allocOps)))
    return failure();
  if (!isa<gpu::BarrierOp>(body->getTerminator()->getPrevNode())) {
    rewriter.setInsertionPoint(body->getTerminator());
    gpu::BarrierOp::create(rewriter, loop.getLoc());
  }

  for (memref::AllocOp alloc : allocs) {
    // multiBuffer wants the buffer allocated before the loop (it has no
    // operands) and indexes the ring with an affine.apply of the
    // induction variable.
    rewriter.moveOpBefore(alloc, loop);
    if (failed(memref::multiBuffer(rewriter, alloc, stages,
                                   /*skipOverrideAnalysis=*/true)))
      return failure(); // one slot: synchronous copies, still correct
  }
  staging.clear();
  for (Operation &op : *loop->getBlock())
    if (auto alloc = dyn_cast<memref::AllocOp>(op);
        alloc && isWorkgroupMemory(alloc))
      staging.insert(alloc);
  copies = findCopies();
  FailureOr<SetVector<Operation *>> slice = getBodySlice(body, copies, {});
  if (copies.empty() || failed(slice))
    return failure();

  Location loc = loop.getLoc();
  // Prologue: the first stages - 1 reduction steps.
  rewriter.setInsertionPoint(loop);
  Value lastPrologueGroup;
  for (int64_t s = 0; s + 1 < stages; ++s) {
    Value iv = arith::ConstantIndexOp::create(rewriter, loc, *lb + s * *step);
    lastPrologueGroup = issueStep(rewriter, loop, iv, *slice, copies);
  }
  // Step i waits for its own group (the stages - 2 issued after it may be
  // in flight), then a barrier: step i's data is visible to every thread,
  // and every thread is done with step i - 1, whose slot step i + stages - 1
  // fills next. One barrier per step orders both. (The wait's token only
  // names a group; the count is what the lowering uses.)
  rewriter.setInsertionPointToStart(body);
  nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, lastPrologueGroup,
                                   rewriter.getI32IntegerAttr(stages - 2));
  gpu::BarrierOp::create(rewriter, loc);
  Value ahead = affine::AffineApplyOp::create(
      rewriter, loc,
      AffineMap::get(1, 0, rewriter.getAffineDimExpr(0) + (stages - 1) * *step),
      loop.getInductionVar());
  Operation *issued =
      issueStep(rewriter, loop, ahead, *slice, copies).getDefiningOp();
  // The original copies and the barriers right after them.
  for (Operation *copy : copies) {
    if (auto barrier = dyn_cast_or_null<gpu::BarrierOp>(copy->getNextNode()))
      rewriter.eraseOp(barrier);
    rewriter.eraseOp(copy);
  }
  // The barrier that ended each step kept step i + 1's copies off the slot
  // step i reads: the barrier above does that now, unless the step itself
  // writes shared memory. One barrier after the loop keeps what follows
  // (unless the kernel ends there) off the ring.
  auto trailing =
      dyn_cast<gpu::BarrierOp>(body->getTerminator()->getPrevNode());
  bool stepWrites = false;
  for (Operation *op = issued->getNextNode(); trailing && op != trailing;
       op = op->getNextNode())
    stepWrites |= mayWriteWorkgroupMemory(op);
  if (trailing && !stepWrites) {
    rewriter.eraseOp(trailing);
    Operation *next = loop->getNextNode();
    bool endsKernel = next && next->hasTrait<OpTrait::IsTerminator>() &&
                      isa<gpu::LaunchOp>(loop->getParentOp());
    if (!endsKernel && !isa_and_nonnull<gpu::BarrierOp>(next)) {
      rewriter.setInsertionPointAfter(loop);
      gpu::BarrierOp::create(rewriter, loc);
    }
  }
  return success();
}

int64_t mlir::roller::pipelineStaging(RewriterBase &rewriter,
                                      gpu::LaunchOp launch) {
  auto config =
      launch->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName);
  if (!config || !config.getStaged() || config.getStages() < 2)
    return 0;
  SmallVector<scf::ForOp> loops;
  launch.getBody().walk([&](scf::ForOp loop) { loops.push_back(loop); });
  int64_t pipelined = 0;
  for (scf::ForOp loop : loops)
    pipelined +=
        succeeded(pipelineStagingLoop(rewriter, loop, config.getStages()));
  return pipelined;
}

namespace {

struct RollerPipelineStagingPass
    : public roller::impl::RollerPipelineStagingPassBase<
          RollerPipelineStagingPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk(
        [&](gpu::LaunchOp launch) { (void)pipelineStaging(rewriter, launch); });
  }
};

} // namespace
