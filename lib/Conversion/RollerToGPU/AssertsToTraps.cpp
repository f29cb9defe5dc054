//===- AssertsToTraps.cpp - cf.assert in kernels --------------------------===//
//
// `--roller-asserts-to-traps`: torch-mlir checks the indices of an
// embedding lookup with `cf.assert` in the gather's body, which tiling
// carries into the kernel. Upstream's NVVM lowering makes each a call of
// `__assertfail`, a function of the CUDA driver that nothing in the PTX
// defines (roller-serialize-kernels then rejects the module, and the PTX
// emulator has no such function); a trap keeps the check inside the
// kernel.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/AssertsToTraps.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERASSERTSTOTRAPSPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

int64_t mlir::roller::assertsToTraps(RewriterBase &rewriter, Operation *root) {
  SmallVector<cf::AssertOp> asserts;
  root->walk([&](cf::AssertOp op) { asserts.push_back(op); });
  for (cf::AssertOp op : asserts) {
    rewriter.setInsertionPoint(op);
    Location loc = op.getLoc();
    Value holds = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    Value fails = arith::XOrIOp::create(rewriter, loc, op.getArg(), holds);
    auto ifFails = scf::IfOp::create(rewriter, loc, fails,
                                     /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(ifFails.thenBlock());
    LLVM::Trap::create(rewriter, loc);
    rewriter.eraseOp(op);
  }
  return asserts.size();
}

namespace {
struct RollerAssertsToTrapsPass
    : public roller::impl::RollerAssertsToTrapsPassBase<
          RollerAssertsToTrapsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)assertsToTraps(rewriter, getOperation());
  }
};
} // namespace
