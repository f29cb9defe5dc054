//===- ExternDynamicSharedMemory.cpp - Dynamic shared memory as extern ----===//
//
// `--roller-extern-dynamic-shared-memory`: see ExternDynamicSharedMemory.h.
// The PTX emulator's sanitizer found the demoted variable: every kernel
// with more than 48 KiB of staged tiles accessed up to 227 KiB through a
// 1-byte `.shared` variable.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/ExternDynamicSharedMemory.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLEREXTERNDYNAMICSHAREDMEMORYPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

FailureOr<unsigned>
mlir::roller::externalizeDynamicSharedMemory(RewriterBase &rewriter,
                                             gpu::GPUModuleOp module) {
  SmallVector<gpu::DynamicSharedMemoryOp> ops;
  module.walk([&](gpu::DynamicSharedMemoryOp op) { ops.push_back(op); });
  if (ops.empty())
    return 0u;
  auto space = gpu::AddressSpaceAttr::get(
      rewriter.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  auto type = MemRefType::get({0}, rewriter.getI8Type(),
                              MemRefLayoutAttrInterface(), space);
  SymbolTable symbols(module);
  auto global = dyn_cast_or_null<memref::GlobalOp>(
      symbols.lookup(kDynamicSharedMemorySymbol));
  if (!global) {
    if (symbols.lookup(kDynamicSharedMemorySymbol))
      return module.emitError()
             << "roller-extern-dynamic-shared-memory: the symbol '"
             << kDynamicSharedMemorySymbol << "' is already taken";
    rewriter.setInsertionPointToStart(module.getBody());
    // No initial value: an external declaration, which the NVPTX back end
    // prints as `.extern .shared .align 16 .b8 <name>[]` and never demotes
    // into a kernel. 16 bytes is the alignment the staged tiles' views
    // (roller-map-forall-to-gpu) and vector accesses rely on.
    global = memref::GlobalOp::create(
        rewriter, module.getLoc(), kDynamicSharedMemorySymbol,
        rewriter.getStringAttr("public"), type, Attribute(),
        /*constant=*/false, rewriter.getI64IntegerAttr(16));
  } else if (global.getType() != type || global.getInitialValue()) {
    return global.emitError()
           << "roller-extern-dynamic-shared-memory: '"
           << kDynamicSharedMemorySymbol
           << "' exists but is not an external workgroup i8 array";
  }
  for (gpu::DynamicSharedMemoryOp op : ops) {
    rewriter.setInsertionPoint(op);
    Value array = memref::GetGlobalOp::create(rewriter, op.getLoc(), type,
                                              kDynamicSharedMemorySymbol);
    rewriter.replaceOpWithNewOp<memref::CastOp>(op, op.getType(), array);
  }
  return unsigned(ops.size());
}

namespace {
struct RollerExternDynamicSharedMemoryPass
    : public roller::impl::RollerExternDynamicSharedMemoryPassBase<
          RollerExternDynamicSharedMemoryPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    if (failed(externalizeDynamicSharedMemory(rewriter, getOperation())))
      signalPassFailure();
  }
};
} // namespace
