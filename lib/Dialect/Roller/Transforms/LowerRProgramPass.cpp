//===- LowerRProgramPass.cpp - The --roller-lower-rprograms pass ----------===//
//
// A thin wrapper around lowerRProgramToLoops.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/LowerRProgram.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERLOWERRPROGRAMSPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {
struct RollerLowerRProgramsPass
    : public roller::impl::RollerLowerRProgramsPassBase<
          RollerLowerRProgramsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    registerLowerRProgramDependencies(registry);
  }

  void runOnOperation() override {
    SmallVector<RProgramOp> programs;
    getOperation().walk([&](RProgramOp op) { programs.push_back(op); });
    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    for (RProgramOp program : programs)
      failedAny |= failed(lowerRProgramToLoops(rewriter, program));
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
