//===- AllowFmaContraction.cpp - fma in kernels ---------------------------===//
//
// `--roller-allow-fma-contraction`: linalg bodies lower to separate `mulf`
// and `addf`, which the NVPTX back end fuses only when allowed to.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/AllowFmaContraction.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERALLOWFMACONTRACTIONPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

int64_t mlir::roller::allowFmaContraction(RewriterBase &rewriter,
                                          Operation *root) {
  int64_t changed = 0;
  root->walk([&](arith::ArithFastMathInterface op) {
    arith::FastMathFlags flags = arith::FastMathFlags::none;
    if (arith::FastMathFlagsAttr attr = op.getFastMathFlagsAttr())
      flags = attr.getValue();
    if (arith::bitEnumContainsAll(flags, arith::FastMathFlags::contract))
      return;
    rewriter.modifyOpInPlace(op, [&] {
      op->setAttr(
          op.getFastMathAttrName(),
          arith::FastMathFlagsAttr::get(
              op->getContext(), flags | arith::FastMathFlags::contract));
    });
    ++changed;
  });
  return changed;
}

namespace {
struct RollerAllowFmaContractionPass
    : public roller::impl::RollerAllowFmaContractionPassBase<
          RollerAllowFmaContractionPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)allowFmaContraction(rewriter, getOperation());
  }
};
} // namespace
