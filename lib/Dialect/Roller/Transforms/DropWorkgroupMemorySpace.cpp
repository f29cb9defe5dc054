//===- DropWorkgroupMemorySpace.cpp - Staged tiles on the CPU -------------===//
//
// `--roller-drop-workgroup-memory-space`: without it, bufferization would
// produce memrefs in `#gpu.address_space<workgroup>`, which the LLVM
// lowering of a host program rejects; a `gpu.barrier` (which the CPU, running
// a block's threads one after another, does not need) is dropped too. This
// is the only difference between the CPU oracle and the GPU path once the
// foralls are mapped: everything else the oracle runs is the same IR.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/LoweringCleanup.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERDROPWORKGROUPMEMORYSPACEPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

int64_t mlir::roller::dropWorkgroupMemorySpace(RewriterBase &rewriter,
                                               Operation *root) {
  int64_t changed = 0;
  root->walk([&](bufferization::AllocTensorOp alloc) {
    if (!gpu::GPUDialect::isWorkgroupMemoryAddressSpace(
            alloc.getMemorySpaceAttr()))
      return;
    rewriter.modifyOpInPlace(alloc, [&] { alloc.removeMemorySpaceAttr(); });
    ++changed;
  });
  // The CPU runs a block's threads one after another: a barrier (before a
  // tensor-core epilogue) orders nothing, and bufferization's deallocation
  // rejects ops with unknown memory effects.
  root->walk([&](gpu::BarrierOp barrier) {
    rewriter.eraseOp(barrier);
    ++changed;
  });
  return changed;
}

namespace {
struct RollerDropWorkgroupMemorySpacePass
    : public roller::impl::RollerDropWorkgroupMemorySpacePassBase<
          RollerDropWorkgroupMemorySpacePass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)dropWorkgroupMemorySpace(rewriter, getOperation());
  }
};
} // namespace
