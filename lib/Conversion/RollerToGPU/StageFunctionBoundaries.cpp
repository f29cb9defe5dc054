//===- StageFunctionBoundaries.cpp - Kernel buffers owned by the function -===//
//
// `--roller-stage-function-boundaries`: the arguments, mutable globals and
// results of a host function that its kernels touch are copied into and
// out of buffers the function allocates itself.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/StageFunctionBoundaries.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "BufferUtils.h"
#include "HostCode.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CallInterfaces.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERSTAGEFUNCTIONBOUNDARIESPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// Whether `value` may be copied as one contiguous block.
static bool isStageable(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.getLayout().isIdentity() && !type.getMemorySpace();
}

/// A buffer of `like`'s type and sizes, at the rewriter's insertion point.
static Value createAllocLike(RewriterBase &rewriter, Location loc, Value like) {
  auto type = cast<MemRefType>(like.getType());
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      sizes.push_back(memref::DimOp::create(rewriter, loc, like, dim));
  return memref::AllocOp::create(rewriter, loc, type, sizes);
}

/// Whether a kernel of the function, or another host op, may write the
/// buffer `copy` (a staged copy) other than through `copyIn`.
static bool mayBeWritten(Value copy, Operation *copyIn) {
  for (Value view : getViewsOf(copy))
    for (OpOperand &use : view.getUses()) {
      Operation *user = use.getOwner();
      if (user == copyIn || readsOnlyMetadata(user) ||
          isa<ViewLikeOpInterface>(user))
        continue;
      auto launch = dyn_cast<gpu::LaunchFuncOp>(user);
      if (!launch || kernelMayWrite(launch, use))
        return true;
    }
  return false;
}

FailureOr<StagedBoundaries>
mlir::roller::stageFunctionBoundaries(RewriterBase &rewriter,
                                      func::FuncOp func) {
  if (func.isDeclaration() || func->getParentOfType<gpu::GPUModuleOp>())
    return StagedBoundaries{};
  Block &entry = func.getBody().front();

  // What crosses the boundary into the kernels: arguments, and mutable
  // globals read and calls' results in the entry block.
  SmallVector<Value> inputs;
  for (BlockArgument arg : entry.getArguments())
    if (isa<BaseMemRefType>(arg.getType()) && reachesLaunch(arg))
      inputs.push_back(arg);
  for (Operation &op : entry) {
    auto get = dyn_cast<memref::GetGlobalOp>(op);
    if (get && !isConstantGlobal(get) && reachesLaunch(get))
      inputs.push_back(get);
    // A call returns host memory (what this step makes of every function).
    if (isa<CallOpInterface>(op))
      for (Value result : op.getResults())
        if (isa<BaseMemRefType>(result.getType()) && reachesLaunch(result))
          inputs.push_back(result);
  }
  SmallVector<func::ReturnOp> returns;
  func.walk([&](func::ReturnOp ret) { returns.push_back(ret); });

  bool valid = true;
  for (Value input : inputs)
    if (!isStageable(input)) {
      InFlightDiagnostic diag =
          isa<BlockArgument>(input)
              ? func.emitOpError()
                    << "argument #" << cast<BlockArgument>(input).getArgNumber()
              : input.getDefiningOp()->emitOpError() << "result";
      diag << " reaches a kernel but is not an identity-layout memref in the "
              "default memory space, which the function could copy to device "
              "memory as one block";
      valid = false;
    }
  for (func::ReturnOp ret : returns)
    for (OpOperand &result : ret->getOpOperands())
      if (isa<BaseMemRefType>(result.get().getType()) &&
          reachesLaunch(getRootBuffer(result.get())) &&
          !isStageable(result.get())) {
        ret->emitOpError()
            << "returns operand #" << result.getOperandNumber()
            << ", which a kernel touches, as a memref that is not an "
               "identity-layout memref in the default memory space: it "
               "cannot be copied back to the host as one block";
        valid = false;
      }
  for (Operation &op : entry)
    if (auto call = dyn_cast<CallOpInterface>(op))
      for (OpOperand &operand : call.getArgOperandsMutable()) {
        if (!isa<BaseMemRefType>(operand.get().getType()))
          continue;
        Value root = getRootBuffer(operand.get());
        if (!isa<BlockArgument>(root) && reachesLaunch(root) &&
            !isStageable(root)) {
          call->emitOpError()
              << "passes operand #" << operand.getOperandNumber()
              << ", a view of a buffer a kernel touches, whose buffer is not "
                 "an identity-layout memref: it cannot be copied to the host "
                 "as one block";
          valid = false;
        }
      }
  if (!valid)
    return failure();

  StagedBoundaries staged;
  OpBuilder::InsertionGuard guard(rewriter);
  for (Value input : inputs) {
    Location loc = input.getLoc();
    if (isa<BlockArgument>(input))
      rewriter.setInsertionPointToStart(&entry);
    else
      rewriter.setInsertionPointAfterValue(input);
    Value copy = createAllocLike(rewriter, loc, input);
    auto copyIn = memref::CopyOp::create(rewriter, loc, input, copy);
    rewriter.replaceUsesWithIf(input, copy, [&](OpOperand &use) {
      return use.getOwner() != copyIn && !isa<func::ReturnOp>(use.getOwner()) &&
             !(isa<memref::DimOp>(use.getOwner()) &&
               use.getOwner()->isBeforeInBlock(copyIn));
    });
    ++staged.copiedIn;
    if (!mayBeWritten(copy, copyIn))
      continue;
    for (func::ReturnOp ret : returns) {
      rewriter.setInsertionPoint(ret);
      memref::CopyOp::create(rewriter, loc, copy, input);
    }
    ++staged.copiedOut;
  }

  // Buffers a kernel touches that a call gets: the callee gets host memory
  // (a copy, through the same views) and the buffer is copied back after
  // the call when it is used later (the callee may have written it).
  SmallVector<std::pair<Operation *, OpOperand *>> callOperands;
  for (Operation &op : entry)
    if (auto call = dyn_cast<CallOpInterface>(op))
      for (OpOperand &operand : call.getArgOperandsMutable())
        if (isa<BaseMemRefType>(operand.get().getType()) &&
            reachesLaunch(getRootBuffer(operand.get())))
          callOperands.push_back({call, &operand});
  for (auto [call, operand] : callOperands) {
    SmallVector<Operation *> views;
    Value root = getViewedBuffer(operand->get(), views);
    Location loc = call->getLoc();
    rewriter.setInsertionPoint(call);
    Value host = createAllocLike(rewriter, loc, root);
    memref::CopyOp::create(rewriter, loc, root, host);
    IRMapping mapping;
    mapping.map(root, host);
    for (Operation *view : views)
      rewriter.clone(*view, mapping);
    rewriter.modifyOpInPlace(
        call, [&] { operand->set(mapping.lookup(operand->get())); });
    ++staged.callOperands;
    bool usedLater = llvm::any_of(getViewsOf(root), [&](Value view) {
      return llvm::any_of(view.getUsers(), [&](Operation *user) {
        Operation *ancestor = entry.findAncestorOpInBlock(*user);
        return ancestor && call->isBeforeInBlock(ancestor);
      });
    });
    if (!usedLater)
      continue;
    rewriter.setInsertionPointAfter(call);
    memref::CopyOp::create(rewriter, loc, host, root);
  }

  // Returned buffers the kernels computed, seen after the inputs were
  // replaced: a view of an argument is now a view of its copy.
  SmallVector<OpOperand *> results;
  for (func::ReturnOp ret : returns)
    for (OpOperand &operand : ret->getOpOperands()) {
      if (!isa<BaseMemRefType>(operand.get().getType()))
        continue;
      Value root = getRootBuffer(operand.get());
      if (!isa<BlockArgument>(root) && reachesLaunch(root))
        results.push_back(&operand);
    }
  for (OpOperand *result : results) {
    Value value = result->get();
    Operation *ret = result->getOwner();
    Location loc = ret->getLoc();
    auto type = cast<MemRefType>(value.getType());
    if (type.hasStaticShape())
      rewriter.setInsertionPointToStart(&entry);
    else
      rewriter.setInsertionPoint(ret);
    Value host = createAllocLike(rewriter, loc, value);
    rewriter.setInsertionPoint(ret);
    memref::CopyOp::create(rewriter, loc, value, host);
    rewriter.modifyOpInPlace(ret, [&] { result->set(host); });
    ++staged.results;
  }
  return staged;
}

namespace {
struct RollerStageFunctionBoundariesPass
    : public roller::impl::RollerStageFunctionBoundariesPassBase<
          RollerStageFunctionBoundariesPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    if (failed(stageFunctionBoundaries(rewriter, getOperation())))
      signalPassFailure();
  }
};
} // namespace
