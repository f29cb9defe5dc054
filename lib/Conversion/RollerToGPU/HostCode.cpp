//===- HostCode.cpp - What the host-side GPU steps ask of host code -------===//

#include "HostCode.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::roller;

/// The view `op` makes of `source`, if `op` is a view-like op whose source
/// is `source`.
static Value getViewOf(Operation *op, Value source) {
  auto view = dyn_cast<ViewLikeOpInterface>(op);
  if (!view || view.getViewSource() != source ||
      !isa<BaseMemRefType>(view.getViewDest().getType()))
    return Value();
  return view.getViewDest();
}

Value mlir::roller::getViewedBuffer(Value value,
                                    SmallVectorImpl<Operation *> &views) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>()) {
    if (view.getViewDest() != value ||
        !isa<BaseMemRefType>(view.getViewSource().getType()))
      break;
    views.push_back(view);
    value = view.getViewSource();
  }
  std::reverse(views.begin(), views.end());
  return value;
}

void mlir::roller::forEachHostOp(func::FuncOp func,
                                 function_ref<void(Operation *)> fn) {
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::LaunchOp>(op))
      return WalkResult::skip();
    fn(op);
    return WalkResult::advance();
  });
}

bool mlir::roller::isConstantGlobal(memref::GetGlobalOp get) {
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  return global && global.getConstant();
}

SmallVector<Value> mlir::roller::getViewsOf(Value root) {
  SmallVector<Value> views{root};
  for (size_t i = 0; i < views.size(); ++i)
    for (Operation *user : views[i].getUsers())
      if (Value view = getViewOf(user, views[i]))
        views.push_back(view);
  return views;
}

bool mlir::roller::reachesLaunch(Value root) {
  for (Value view : getViewsOf(root))
    for (Operation *user : view.getUsers())
      if (auto launch = dyn_cast<gpu::LaunchFuncOp>(user))
        if (llvm::is_contained(launch.getKernelOperands(), view))
          return true;
  return false;
}

bool mlir::roller::readsOnlyMetadata(Operation *op) {
  return isa<memref::DimOp, memref::RankOp, memref::ExtractStridedMetadataOp,
             memref::ExtractAlignedPointerAsIndexOp>(op);
}

/// Whether `op` only reads the buffer it gets as `operand`.
static bool onlyReads(Operation *op, OpOperand &operand) {
  if (readsOnlyMetadata(op) ||
      isa<memref::LoadOp, vector::LoadOp, vector::TransferReadOp,
          vector::MaskedLoadOp, vector::GatherOp, nvgpu::LdMatrixOp>(op))
    return true;
  if (auto copy = dyn_cast<memref::CopyOp>(op))
    return &operand == &copy.getSourceMutable();
  if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op))
    return operand.get() == copy.getSrc() && operand.get() != copy.getDst();
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return linalgOp.isDpsInput(&operand);
  return false;
}

bool mlir::roller::kernelMayWrite(gpu::LaunchFuncOp launch,
                                  OpOperand &operand) {
  auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
      launch, launch.getKernel());
  unsigned first = launch.getKernelOperands().getBeginOperandIndex();
  unsigned index = operand.getOperandNumber() - first;
  if (!kernel || kernel.isExternal() || index >= kernel.getNumArguments())
    return true;
  for (Value view : getViewsOf(kernel.getArgument(index)))
    for (OpOperand &use : view.getUses())
      if (!getViewOf(use.getOwner(), view) && !onlyReads(use.getOwner(), use))
        return true;
  return false;
}
