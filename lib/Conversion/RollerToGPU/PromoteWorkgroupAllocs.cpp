//===- PromoteWorkgroupAllocs.cpp - Kernel buffers ------------------------===//
//
// `--roller-promote-workgroup-allocs`: the buffers bufferization allocates
// inside each `gpu.launch` become shared memory (attributions or views of
// dynamic shared memory) or thread-private allocas.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/PromoteWorkgroupAllocs.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERPROMOTEWORKGROUPALLOCSPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// Bytes of a statically shaped memref.
static int64_t getStaticBytes(MemRefType type) {
  return type.getNumElements() *
         llvm::divideCeil(type.getElementTypeBitWidth(), 8);
}

static bool isWorkgroupType(MemRefType type) {
  return gpu::GPUDialect::isWorkgroupMemoryAddressSpace(type.getMemorySpace());
}

int64_t mlir::roller::promoteWorkgroupAllocs(RewriterBase &rewriter,
                                             gpu::LaunchOp launch) {
  SmallVector<memref::AllocOp> allocs;
  launch.getBody().walk([&](memref::AllocOp alloc) {
    if (alloc.getType().hasStaticShape() && alloc.getDynamicSizes().empty() &&
        alloc.getSymbolOperands().empty())
      allocs.push_back(alloc);
  });
  Block &entry = launch.getBody().front();
  auto config =
      launch->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName);
  bool usesMma = config && config.usesMma();
  int64_t workgroupBytes = 0;
  for (memref::AllocOp alloc : allocs)
    if (isWorkgroupType(alloc.getType()))
      workgroupBytes += llvm::alignTo(getStaticBytes(alloc.getType()), 16);
  Value dynamicShared;
  int64_t offset = 0;
  if (workgroupBytes > kStaticSharedMemoryLimit) {
    rewriter.setInsertionPoint(launch);
    Value size = arith::ConstantIntOp::create(rewriter, launch.getLoc(),
                                              workgroupBytes, 32);
    rewriter.modifyOpInPlace(launch, [&] {
      launch.getDynamicSharedMemorySizeMutable().assign(size);
    });
    rewriter.setInsertionPointToStart(&entry);
    auto space = gpu::AddressSpaceAttr::get(
        rewriter.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
    dynamicShared = gpu::DynamicSharedMemoryOp::create(
        rewriter, launch.getLoc(),
        MemRefType::get({ShapedType::kDynamic}, rewriter.getI8Type(),
                        MemRefLayoutAttrInterface{}, space));
  }
  for (memref::AllocOp alloc : allocs) {
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      if (isa<memref::DeallocOp>(user))
        rewriter.eraseOp(user);
    MemRefType type = alloc.getType();
    Value replacement;
    if (isWorkgroupType(type) && dynamicShared) {
      rewriter.setInsertionPointAfter(dynamicShared.getDefiningOp());
      Value at =
          arith::ConstantIndexOp::create(rewriter, alloc.getLoc(), offset);
      replacement = memref::ViewOp::create(rewriter, alloc.getLoc(), type,
                                           dynamicShared, at, ValueRange());
      offset += llvm::alignTo(getStaticBytes(type), 16);
    } else if (isWorkgroupType(type) && type.getElementType().isBF16() &&
               usesMma) {
      // bf16 tiles of tensor-core warps live in a byte buffer: the warps
      // read the same bytes through an f16 view (--roller-vectorize-mma).
      auto bytes =
          MemRefType::get({getStaticBytes(type)}, rewriter.getI8Type(),
                          MemRefLayoutAttrInterface{}, type.getMemorySpace());
      Value raw = launch.addWorkgroupAttribution(bytes, alloc.getLoc());
      rewriter.setInsertionPointToStart(&entry);
      Value zero = arith::ConstantIndexOp::create(rewriter, alloc.getLoc(), 0);
      replacement = memref::ViewOp::create(rewriter, alloc.getLoc(), type, raw,
                                           zero, ValueRange());
    } else if (isWorkgroupType(type)) {
      replacement = launch.addWorkgroupAttribution(type, alloc.getLoc());
    } else {
      rewriter.setInsertionPointToStart(&entry);
      replacement = memref::AllocaOp::create(rewriter, alloc.getLoc(), type,
                                             alloc.getAlignmentAttr());
    }
    rewriter.replaceOp(alloc, replacement);
  }
  return allocs.size();
}

namespace {
struct RollerPromoteWorkgroupAllocsPass
    : public roller::impl::RollerPromoteWorkgroupAllocsPassBase<
          RollerPromoteWorkgroupAllocsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk([&](gpu::LaunchOp launch) {
      (void)promoteWorkgroupAllocs(rewriter, launch);
    });
  }
};
} // namespace
