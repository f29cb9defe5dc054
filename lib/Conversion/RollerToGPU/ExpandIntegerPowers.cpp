//===- ExpandIntegerPowers.cpp - math.fpowi in kernels --------------------===//
//
// `--roller-expand-integer-powers`: torch-mlir spells `x ** 3` as
// `math.fpowi %x, %c3 : f32, i64`. Upstream's NVVM lowering calls
// libdevice's `__nv_powif(float, int)` with that 64-bit exponent: a call
// whose parameters do not match the callee's definition, which LLVM emits
// as an indirect call through a `.callprototype` passing a `.b64` where the
// function reads a `.b32` (the PTX emulator refuses it; on a GPU it reads
// half of a register). Multiplications are also what the power costs.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/ExpandIntegerPowers.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLEREXPANDINTEGERPOWERSPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {
/// `math.fpowi` of an f16/bf16 base as extf, an f32 `math.fpowi`, truncf:
/// the multiplications the expansion makes would otherwise round to f16
/// after each step, where the libdevice call rounded once.
struct RaiseLowPrecisionPowersInF32 : OpRewritePattern<math::FPowIOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::FPowIOp op,
                                PatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getType());
    if (!element.isF16() && !element.isBF16())
      return rewriter.notifyMatchFailure(op, "not an f16 or bf16 base");
    Type wide = rewriter.getF32Type();
    if (auto shaped = dyn_cast<ShapedType>(op.getType()))
      wide = shaped.clone(wide);
    Location loc = op.getLoc();
    Value base = arith::ExtFOp::create(rewriter, loc, wide, op.getLhs());
    Value power = math::FPowIOp::create(rewriter, loc, base, op.getRhs(),
                                        op.getFastmathAttr());
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, op.getType(), power);
    return success();
  }
};
} // namespace

LogicalResult mlir::roller::expandIntegerPowers(Operation *root) {
  RewritePatternSet patterns(root->getContext());
  patterns.add<RaiseLowPrecisionPowersInF32>(root->getContext(),
                                             /*benefit=*/2);
  // Upstream's patterns rewrite every fpowi of a float base (a constant
  // exponent into multiplications, any other into powf): none is left for
  // the NVVM lowering (expand-integer-powers.mlir checks it).
  math::populateExpansionPatterns(patterns, {"fpowi"});
  return applyPatternsGreedily(root, std::move(patterns));
}

namespace {
struct RollerExpandIntegerPowersPass
    : public roller::impl::RollerExpandIntegerPowersPassBase<
          RollerExpandIntegerPowersPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(expandIntegerPowers(getOperation())))
      signalPassFailure();
  }
};
} // namespace
