//===- HostBuffersToDevice.cpp - Kernel buffers in device memory ----------===//
//
// `--roller-host-buffers-to-device`: the buffers a host function's kernels
// use are allocated in device memory, copied with `gpu.memcpy`, and
// constants are uploaded once.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/HostBuffersToDevice.h"
#include "Roller/Conversion/RollerToGPU/HostBuffersToGPU.h"
#include "Roller/Conversion/RollerToGPU/KernelABI.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "BufferUtils.h"
#include "DeviceConstants.h"
#include "HostCode.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERHOSTBUFFERSTODEVICEPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {
/// The buffers of a function that go to device memory: the ops that make
/// them, in program order.
struct DeviceBuffers {
  llvm::SetVector<Operation *> allocs;
  llvm::SetVector<Operation *> constants;

  bool contains(Operation *op) const {
    return allocs.contains(op) || constants.contains(op);
  }
};
} // namespace

static bool isContiguous(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.getLayout().isIdentity() && !type.getMemorySpace();
}

static InFlightDiagnostic emitDeviceUseError(Operation *user, Operation *root,
                                             StringRef what) {
  InFlightDiagnostic diag = user->emitOpError();
  diag << what
       << ": the buffer is in device memory (a kernel of the function uses "
          "it), which host code only copies; compile with "
          "convert-to-nvvm{host-memory=managed} for host code that reads or "
          "writes it";
  diag.attachNote(root->getLoc()) << "the buffer is made here";
  return diag;
}

/// Finds the buffers of `func` that kernel operands view, and reports
/// those that cannot be placed in device memory.
static LogicalResult collectDeviceBuffers(func::FuncOp func,
                                          DeviceBuffers &buffers) {
  bool valid = true;
  llvm::DenseSet<Value> reported;
  forEachHostOp(func, [&](Operation *op) {
    auto launch = dyn_cast<gpu::LaunchFuncOp>(op);
    if (!launch)
      return;
    for (Value operand : launch.getKernelOperands()) {
      if (!isa<BaseMemRefType>(operand.getType()))
        continue;
      SmallVector<Operation *> views;
      Value root = getViewedBuffer(operand, views);
      Operation *def = root.getDefiningOp();
      auto alloc = dyn_cast_or_null<memref::AllocOp>(def);
      if (alloc && !alloc.getType().getMemorySpace()) {
        buffers.allocs.insert(alloc);
        continue;
      }
      auto get = dyn_cast_or_null<memref::GetGlobalOp>(def);
      if (get && isConstantGlobal(get) && isContiguous(get)) {
        buffers.constants.insert(get);
        continue;
      }
      if (isa_and_nonnull<gpu::AllocOp>(def) || !reported.insert(root).second)
        continue;
      InFlightDiagnostic diag = launch.emitOpError();
      diag << "gets a buffer that cannot be placed in device memory: ";
      if (auto arg = dyn_cast<BlockArgument>(root);
          arg && arg.getOwner() == &func.getBody().front())
        diag << "argument #" << arg.getArgNumber()
             << " of the function (stage the function's boundary first: "
                "--roller-stage-function-boundaries)";
      else if (get && !isConstantGlobal(get))
        diag << "mutable global @" << get.getName()
             << " (stage the function's boundary first: "
                "--roller-stage-function-boundaries)";
      else if (isa_and_nonnull<memref::AllocaOp>(def))
        diag << "host stack memory";
      else if (def)
        diag << "the result of '" << def->getName()
             << "', whose memory is not known";
      else
        diag << "a block argument, whose memory is not known";
      valid = false;
    }
  });
  if (!valid)
    return failure();

  for (Operation *op : buffers.allocs) {
    std::optional<uint64_t> alignment =
        cast<memref::AllocOp>(op).getAlignment();
    if (alignment && *alignment > uint64_t(kManagedAllocationAlignment)) {
      op->emitOpError() << "asks for " << *alignment
                        << "-byte alignment, more than the "
                        << kManagedAllocationAlignment
                        << " bytes device allocations guarantee";
      valid = false;
    }
  }
  // What the host may do with a device buffer: view it, launch kernels on
  // it, read its metadata, copy it and free it.
  for (Operation *root :
       llvm::concat<Operation *const>(buffers.allocs, buffers.constants))
    for (Value view : getViewsOf(root->getResult(0)))
      for (OpOperand &use : view.getUses()) {
        Operation *user = use.getOwner();
        if (isa<ViewLikeOpInterface>(user) || readsOnlyMetadata(user) ||
            isa<gpu::LaunchFuncOp>(user))
          continue;
        if (isa<memref::DeallocOp>(user) && buffers.allocs.contains(root))
          continue;
        if (auto copy = dyn_cast<memref::CopyOp>(user)) {
          if (isContiguous(copy.getSource()) && isContiguous(copy.getTarget()))
            continue;
          emitDeviceUseError(user, root,
                             "copies a buffer that is not one contiguous "
                             "block");
        } else if (isa<func::ReturnOp>(user)) {
          emitDeviceUseError(user, root,
                             "returns device memory (stage the function's "
                             "boundary first: "
                             "--roller-stage-function-boundaries)");
        } else {
          emitDeviceUseError(user, root, "uses a buffer on the host");
        }
        valid = false;
      }
  return success(valid);
}

/// The buffer a host value is a view of, if `buffers` places it.
static Operation *getPlacedRoot(Value value, const DeviceBuffers &buffers) {
  Operation *root = getRootBuffer(value).getDefiningOp();
  return root && buffers.contains(root) ? root : nullptr;
}

FailureOr<DevicePlacement>
mlir::roller::placeHostBuffersInDeviceMemory(RewriterBase &rewriter,
                                             func::FuncOp func) {
  if (func.isDeclaration() || func->getParentOfType<gpu::GPUModuleOp>())
    return DevicePlacement{};
  DeviceBuffers buffers;
  if (failed(collectDeviceBuffers(func, buffers)))
    return failure();

  DevicePlacement placed;
  OpBuilder::InsertionGuard guard(rewriter);
  SmallVector<memref::CopyOp> copies;
  SmallVector<memref::DeallocOp> deallocs;
  forEachHostOp(func, [&](Operation *op) {
    if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      if (getPlacedRoot(copy.getSource(), buffers) ||
          getPlacedRoot(copy.getTarget(), buffers))
        copies.push_back(copy);
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      if (getPlacedRoot(dealloc.getMemref(), buffers))
        deallocs.push_back(dealloc);
    }
  });
  for (memref::CopyOp copy : copies) {
    rewriter.setInsertionPoint(copy);
    rewriter.replaceOpWithNewOp<gpu::MemcpyOp>(copy, /*asyncToken=*/Type(),
                                               ValueRange(), copy.getTarget(),
                                               copy.getSource());
    ++placed.copies;
  }
  for (memref::DeallocOp dealloc : deallocs) {
    rewriter.setInsertionPoint(dealloc);
    rewriter.replaceOpWithNewOp<gpu::DeallocOp>(
        dealloc, /*asyncToken=*/Type(), ValueRange(), dealloc.getMemref());
    ++placed.frees;
  }
  for (Operation *op : buffers.allocs) {
    auto alloc = cast<memref::AllocOp>(op);
    rewriter.setInsertionPoint(alloc);
    rewriter.replaceOpWithNewOp<gpu::AllocOp>(
        alloc, alloc.getType(), /*asyncToken=*/Type(), ValueRange(),
        alloc.getDynamicSizes(), alloc.getSymbolOperands(),
        /*hostShared=*/false);
    ++placed.allocations;
  }

  // One upload call per global, at the start: a call in the middle of the
  // launches would make the host wait for them.
  llvm::MapVector<StringAttr, Value> uploads;
  for (Operation *op : buffers.constants) {
    auto get = cast<memref::GetGlobalOp>(op);
    Value &upload = uploads[get.getNameAttr().getAttr()];
    if (!upload) {
      auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
          get, get.getNameAttr());
      func::FuncOp uploadFunc = getOrCreateUploadFunction(rewriter, global);
      rewriter.setInsertionPointToStart(&func.getBody().front());
      upload =
          func::CallOp::create(rewriter, get.getLoc(), uploadFunc).getResult(0);
    }
    rewriter.replaceOp(get, upload);
    ++placed.constants;
  }
  return placed;
}

namespace {
struct RollerHostBuffersToDevicePass
    : public roller::impl::RollerHostBuffersToDevicePassBase<
          RollerHostBuffersToDevicePass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    for (func::FuncOp func : getHostFunctions(getOperation()))
      failedAny |= failed(placeHostBuffersInDeviceMemory(rewriter, func));
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
