//===- HostBuffersToGPU.cpp - Host buffers a kernel can access ------------===//
//
// `--roller-host-buffers-to-gpu`: after outlining, the host allocates with
// `memref.alloc` (C `malloc`) and hands those buffers to kernels, which can
// only access device, managed or registered host memory. Every host
// allocation becomes managed memory (`gpu.alloc host_shared`), its frees
// `gpu.dealloc`s, and globals that reach a kernel are copied into managed
// buffers. Stack buffers cannot be made accessible and are rejected.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/HostBuffersToGPU.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "HostCode.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERHOSTBUFFERSTOGPUPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {

/// An operand that hands a buffer to a kernel (of a `gpu.launch_func`, or
/// of a call whose callee passes that argument on to one) and the buffer it
/// is a view of: `views` lead from `buffer` to the operand's value,
/// outermost last (empty when the operand is the buffer itself).
struct KernelOperand {
  OpOperand *operand;
  Value buffer;
  SmallVector<Operation *> views;
};

/// The ops of a function's host code that this transformation rewrites or
/// rejects, in program order.
struct HostOps {
  SmallVector<memref::AllocOp> allocs;
  SmallVector<memref::DeallocOp> deallocs;
  SmallVector<memref::ReallocOp> reallocs;
  SmallVector<KernelOperand> kernelOperands;
};

} // namespace

static bool inDefaultMemorySpace(Type type) {
  auto memref = dyn_cast<BaseMemRefType>(type);
  return memref && !memref.getMemorySpace();
}

/// The host function `call` calls, if it has one with a body.
static func::FuncOp getHostCallee(CallOpInterface call,
                                  SymbolTableCollection &symbols) {
  auto callee =
      dyn_cast_or_null<func::FuncOp>(call.resolveCallableInTable(&symbols));
  if (!callee || callee.isDeclaration() ||
      callee->getParentOfType<gpu::GPUModuleOp>())
    return nullptr;
  return callee;
}

/// Calls `fn` on the memref operands of `op` that may hand a buffer to a
/// kernel: the kernel operands of a launch (with a null callee), the
/// arguments of a call to a host function (with the callee and the
/// argument's index), only those `kernelArguments` says reach a kernel
/// unless it is null.
static void forEachKernelOperand(
    Operation *op, SymbolTableCollection &symbols,
    const KernelArguments *kernelArguments,
    function_ref<void(OpOperand &, func::FuncOp, unsigned)> fn) {
  if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
    for (OpOperand &operand : launch.getKernelOperandsMutable())
      if (isa<BaseMemRefType>(operand.get().getType()))
        fn(operand, nullptr, 0);
    return;
  }
  auto call = dyn_cast<CallOpInterface>(op);
  func::FuncOp callee = call ? getHostCallee(call, symbols) : nullptr;
  if (!callee)
    return;
  for (auto [index, operand] : llvm::enumerate(call.getArgOperandsMutable()))
    if (isa<BaseMemRefType>(operand.get().getType()) &&
        (!kernelArguments || kernelArguments->reachesKernel(callee, index)))
      fn(operand, callee, index);
}

KernelArguments::KernelArguments(Operation *symbolTableOp) {
  // A call passing argument `arg` of its caller on as argument `calleeArg`.
  struct PassedOn {
    unsigned arg;
    func::FuncOp callee;
    unsigned calleeArg;
  };
  llvm::MapVector<Operation *, SmallVector<PassedOn>> passedOn;
  SymbolTableCollection symbols;
  symbolTableOp->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::GPUModuleOp>(op))
      return WalkResult::skip();
    auto func = dyn_cast<func::FuncOp>(op);
    if (!func)
      return WalkResult::advance();
    if (func.isDeclaration())
      return WalkResult::skip();
    llvm::BitVector &bits = reaching[func];
    bits.resize(func.getNumArguments());
    SmallVector<PassedOn> &calls = passedOn[func];
    forEachHostOp(func, [&](Operation *host) {
      forEachKernelOperand(
          host, symbols, /*kernelArguments=*/nullptr,
          [&](OpOperand &operand, func::FuncOp callee, unsigned calleeArg) {
            SmallVector<Operation *> views;
            auto arg =
                dyn_cast<BlockArgument>(getViewedBuffer(operand.get(), views));
            if (!arg || arg.getOwner() != &func.getBody().front())
              return;
            if (!callee)
              bits.set(arg.getArgNumber());
            else
              calls.push_back({arg.getArgNumber(), callee, calleeArg});
          });
    });
    return WalkResult::skip();
  });
  // Reaching a kernel only ever becomes true: iterate to the fixpoint.
  for (bool changed = true; changed;) {
    changed = false;
    for (auto &[caller, calls] : passedOn)
      for (const PassedOn &call : calls)
        if (reachesKernel(call.callee, call.calleeArg) &&
            !reaching[caller].test(call.arg)) {
          reaching[caller].set(call.arg);
          changed = true;
        }
  }
}

bool KernelArguments::reachesKernel(func::FuncOp func, unsigned index) const {
  auto it = reaching.find(func);
  return it != reaching.end() && index < it->second.size() &&
         it->second.test(index);
}

static HostOps collectHostOps(func::FuncOp func,
                              const KernelArguments &kernelArguments) {
  HostOps ops;
  SymbolTableCollection symbols;
  forEachHostOp(func, [&](Operation *op) {
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      if (inDefaultMemorySpace(alloc.getType()))
        ops.allocs.push_back(alloc);
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      if (inDefaultMemorySpace(dealloc.getMemref().getType()))
        ops.deallocs.push_back(dealloc);
    } else if (auto realloc = dyn_cast<memref::ReallocOp>(op)) {
      if (inDefaultMemorySpace(realloc.getSource().getType()))
        ops.reallocs.push_back(realloc);
    }
    forEachKernelOperand(
        op, symbols, &kernelArguments,
        [&](OpOperand &operand, func::FuncOp, unsigned) {
          KernelOperand kernelOperand{&operand, Value(), {}};
          kernelOperand.buffer =
              getViewedBuffer(operand.get(), kernelOperand.views);
          ops.kernelOperands.push_back(std::move(kernelOperand));
        });
  });
  return ops;
}

/// Names the kernel `user` (a launch, or a call that passes the buffer on
/// to one) hands a buffer to, and attaches a note at `user`.
static void describeUser(InFlightDiagnostic &diag, Operation *user) {
  if (auto launch = dyn_cast<gpu::LaunchFuncOp>(user)) {
    diag << "kernel " << launch.getKernel();
    diag.attachNote(user->getLoc()) << "launched here";
    return;
  }
  diag << "a kernel through the call to "
       << cast<SymbolRefAttr>(
              cast<CallOpInterface>(user).getCallableForCallee());
  diag.attachNote(user->getLoc()) << "called here";
}

/// Emits the errors for what cannot be made device-accessible; the IR is
/// not modified.
static LogicalResult checkHostOps(const HostOps &ops) {
  bool valid = true;
  for (memref::AllocOp alloc : ops.allocs) {
    std::optional<uint64_t> alignment = alloc.getAlignment();
    if (alignment && *alignment > uint64_t(kManagedAllocationAlignment)) {
      alloc.emitOpError() << "asks for " << *alignment
                          << "-byte alignment, more than the "
                          << kManagedAllocationAlignment
                          << " bytes managed memory (gpu.alloc host_shared) "
                             "guarantees";
      valid = false;
    }
  }
  for (memref::ReallocOp realloc : ops.reallocs) {
    realloc.emitOpError()
        << "resizes a host buffer, which is managed memory (gpu.alloc "
           "host_shared) on the GPU path: the C allocator cannot resize it";
    valid = false;
  }
  for (memref::DeallocOp dealloc : ops.deallocs) {
    if (!isa<MemRefType>(dealloc.getMemref().getType())) {
      dealloc.emitOpError()
          << "frees an unranked memref, which gpu.dealloc cannot take";
      valid = false;
    }
  }
  llvm::DenseSet<std::pair<Operation *, Operation *>> reported;
  for (const KernelOperand &kernelOperand : ops.kernelOperands) {
    Operation *user = kernelOperand.operand->getOwner();
    Operation *root = kernelOperand.buffer.getDefiningOp();
    if (!root || !reported.insert({root, user}).second)
      continue;
    if (isa<memref::AllocaOp>(root)) {
      InFlightDiagnostic diag = root->emitOpError();
      diag << "is host stack memory, which a kernel cannot access, and it "
              "reaches ";
      describeUser(diag, user);
      diag << " (allocate it with memref.alloc)";
      valid = false;
    }
    auto get = dyn_cast<memref::GetGlobalOp>(root);
    auto launch = dyn_cast<gpu::LaunchFuncOp>(user);
    if (get && !isConstantGlobal(get) && launch && launch.getAsyncToken()) {
      InFlightDiagnostic diag = get.emitOpError();
      diag << "reads mutable global @" << get.getName()
           << ", which reaches the asynchronous launch of ";
      describeUser(diag, user);
      diag << ": its copy could not be written back after the kernel";
      valid = false;
    }
  }
  return success(valid);
}

static Value createManagedBuffer(RewriterBase &rewriter, Location loc,
                                 MemRefType type, ValueRange dynamicSizes = {},
                                 ValueRange symbols = {}) {
  return gpu::AllocOp::create(rewriter, loc, type, /*asyncToken=*/Type(),
                              /*asyncDependencies=*/ValueRange(), dynamicSizes,
                              symbols, /*hostShared=*/true)
      .getMemref();
}

/// `gpu.dealloc` of `buffer` in the form LLVM 22's gpu-to-llvm lowers (to
/// `mgpuMemFree`): asynchronous, on a stream that is waited for at once.
static void createManagedFree(RewriterBase &rewriter, Location loc,
                              Value buffer) {
  Type token = gpu::AsyncTokenType::get(rewriter.getContext());
  Value stream =
      gpu::WaitOp::create(rewriter, loc, token, ValueRange()).getAsyncToken();
  Value freed =
      gpu::DeallocOp::create(rewriter, loc, token, ValueRange{stream}, buffer)
          .getAsyncToken();
  gpu::WaitOp::create(rewriter, loc, /*asyncToken=*/Type(), ValueRange{freed});
}

/// A constant global is read-only for the host and the kernels alike, so
/// one managed copy where it is read serves every use.
static void copyConstantGlobal(RewriterBase &rewriter,
                               memref::GetGlobalOp get) {
  rewriter.setInsertionPointAfter(get);
  Value copy = createManagedBuffer(rewriter, get.getLoc(), get.getType());
  auto copyOp = memref::CopyOp::create(rewriter, get.getLoc(), get, copy);
  rewriter.replaceAllUsesExcept(get.getResult(), copy, copyOp);
}

/// A mutable global may be written by the host between launches and by the
/// kernel: `user` (a synchronous launch, or a call) gets a managed copy made
/// just before it (one per global, so that operands viewing the same global
/// still alias), through clones of the operands' views, and the copy is
/// written back and freed right after it, when the kernels are done.
static void copyMutableGlobals(RewriterBase &rewriter, Operation *user,
                               ArrayRef<const KernelOperand *> operands) {
  Location loc = user->getLoc();
  llvm::MapVector<StringAttr, std::pair<Value, Value>> copies;
  IRMapping mapping;
  rewriter.setInsertionPoint(user);
  for (const KernelOperand *kernelOperand : operands) {
    auto get = kernelOperand->buffer.getDefiningOp<memref::GetGlobalOp>();
    auto &[global, copy] = copies[get.getNameAttr().getAttr()];
    if (!copy) {
      global = get.getResult();
      copy = createManagedBuffer(rewriter, loc, get.getType());
      memref::CopyOp::create(rewriter, loc, global, copy);
    }
    mapping.map(get.getResult(), copy);
    for (Operation *view : kernelOperand->views)
      if (!mapping.contains(view->getResult(0)))
        rewriter.clone(*view, mapping);
    Value replacement = mapping.lookup(kernelOperand->operand->get());
    rewriter.modifyOpInPlace(user,
                             [&] { kernelOperand->operand->set(replacement); });
  }
  rewriter.setInsertionPointAfter(user);
  for (auto &[name, globalAndCopy] : copies) {
    auto [global, copy] = globalAndCopy;
    memref::CopyOp::create(rewriter, loc, copy, global);
    createManagedFree(rewriter, loc, copy);
  }
}

SmallVector<func::FuncOp> mlir::roller::getHostFunctions(Operation *root) {
  SmallVector<func::FuncOp> funcs;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::GPUModuleOp>(op))
      return WalkResult::skip();
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      funcs.push_back(func);
      return WalkResult::skip();
    }
    return WalkResult::advance();
  });
  return funcs;
}

LogicalResult mlir::roller::makeHostBuffersDeviceAccessible(
    RewriterBase &rewriter, func::FuncOp func,
    const KernelArguments &kernelArguments) {
  if (func->getParentOfType<gpu::GPUModuleOp>())
    return success();
  HostOps ops = collectHostOps(func, kernelArguments);
  if (failed(checkHostOps(ops)))
    return failure();
  OpBuilder::InsertionGuard guard(rewriter);

  llvm::SetVector<Operation *> constantGlobals;
  llvm::MapVector<Operation *, SmallVector<const KernelOperand *>>
      mutableGlobals;
  for (const KernelOperand &kernelOperand : ops.kernelOperands) {
    auto get = kernelOperand.buffer.getDefiningOp<memref::GetGlobalOp>();
    if (!get)
      continue;
    if (isConstantGlobal(get))
      constantGlobals.insert(get);
    else
      mutableGlobals[kernelOperand.operand->getOwner()].push_back(
          &kernelOperand);
  }
  for (auto &[user, operands] : mutableGlobals)
    copyMutableGlobals(rewriter, user, operands);
  for (Operation *get : constantGlobals)
    copyConstantGlobal(rewriter, cast<memref::GetGlobalOp>(get));

  // Managed allocations are aligned to at least 256 bytes, which covers any
  // `alignment` checkHostOps let through: the attribute has nowhere to go.
  for (memref::AllocOp alloc : ops.allocs) {
    rewriter.setInsertionPoint(alloc);
    rewriter.replaceOp(alloc, createManagedBuffer(rewriter, alloc.getLoc(),
                                                  alloc.getType(),
                                                  alloc.getDynamicSizes(),
                                                  alloc.getSymbolOperands()));
  }
  for (memref::DeallocOp dealloc : ops.deallocs) {
    rewriter.setInsertionPoint(dealloc);
    createManagedFree(rewriter, dealloc.getLoc(), dealloc.getMemref());
    rewriter.eraseOp(dealloc);
  }
  return success();
}

LogicalResult
mlir::roller::makeHostBuffersDeviceAccessible(RewriterBase &rewriter,
                                              func::FuncOp func) {
  Operation *parent = func->getParentOp();
  Operation *scope =
      parent ? SymbolTable::getNearestSymbolTable(parent) : nullptr;
  return makeHostBuffersDeviceAccessible(rewriter, func,
                                         KernelArguments(scope ? scope : func));
}

namespace {
struct RollerHostBuffersToGPUPass
    : public roller::impl::RollerHostBuffersToGPUPassBase<
          RollerHostBuffersToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    KernelArguments kernelArguments(module);
    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    for (func::FuncOp func : getHostFunctions(module))
      failedAny |= failed(
          makeHostBuffersDeviceAccessible(rewriter, func, kernelArguments));
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
