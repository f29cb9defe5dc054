//===- ReducePartialsInWarps.cpp - Shuffles for split reductions ---------===//
//
// `--roller-reduce-partials-in-warps`: threads sharing a reduction combine
// their partial results within each warp with shuffles before the merge,
// which then reads one value per warp instead of one per thread.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/ReducePartialsInWarps.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERREDUCEPARTIALSINWARPSPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The subgroup reduction of the merge's combiner: its body's one op.
static std::optional<gpu::AllReduceOperation>
getWarpCombiner(linalg::ReduceOp merge) {
  Block &body = merge.getCombiner().front();
  if (body.getOperations().size() != 2)
    return std::nullopt;
  using Kind = gpu::AllReduceOperation;
  return llvm::TypeSwitch<Operation *, std::optional<Kind>>(&body.front())
      .Case<arith::AddFOp, arith::AddIOp>([](auto) { return Kind::ADD; })
      .Case<arith::MulFOp, arith::MulIOp>([](auto) { return Kind::MUL; })
      .Case([](arith::MaximumFOp) { return Kind::MAXIMUMF; })
      .Case([](arith::MinimumFOp) { return Kind::MINIMUMF; })
      .Case([](arith::MaxNumFOp) { return Kind::MAXNUMF; })
      .Case([](arith::MinNumFOp) { return Kind::MINNUMF; })
      .Case([](arith::MaxSIOp) { return Kind::MAXSI; })
      .Case([](arith::MaxUIOp) { return Kind::MAXUI; })
      .Case([](arith::MinSIOp) { return Kind::MINSI; })
      .Case([](arith::MinUIOp) { return Kind::MINUI; })
      .Case([](arith::AndIOp) { return Kind::AND; })
      .Case([](arith::OrIOp) { return Kind::OR; })
      .Case([](arith::XOrIOp) { return Kind::XOR; })
      .Default([](Operation *) { return std::nullopt; });
}

/// `value` (a thread's partial results, a tensor) with every element
/// combined over the warp: loops over its elements, whose trip counts (the
/// block's outputs) every lane runs alike, as shuffles need.
static Value combineInWarp(RewriterBase &rewriter, Location loc, Value value,
                           gpu::AllReduceOperation kind) {
  auto type = cast<RankedTensorType>(value.getType());
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  SmallVector<Value> indices;
  std::function<Value(unsigned, Value)> build = [&](unsigned dim,
                                                    Value acc) -> Value {
    if (dim == type.getRank()) {
      Value element = tensor::ExtractOp::create(rewriter, loc, acc, indices);
      Value combined = gpu::SubgroupReduceOp::create(rewriter, loc, element,
                                                     kind, /*uniform=*/false);
      return tensor::InsertOp::create(rewriter, loc, combined, acc, indices);
    }
    Value size = tensor::DimOp::create(rewriter, loc, acc, dim);
    auto loop = scf::ForOp::create(
        rewriter, loc, zero, size, one, ValueRange{acc},
        [&](OpBuilder &, Location, Value index, ValueRange args) {
          indices.push_back(index);
          Value next = build(dim + 1, args.front());
          indices.pop_back();
          scf::YieldOp::create(rewriter, loc, next);
        });
    return loop.getResult(0);
  };
  return build(0, value);
}

LogicalResult mlir::roller::reducePartialsInWarps(RewriterBase &rewriter,
                                                  linalg::ReduceOp merge,
                                                  int64_t warpSize) {
  std::optional<gpu::AllReduceOperation> kind = getWarpCombiner(merge);
  if (!kind || merge.getInputs().size() != 1 ||
      merge.getDimensions().size() != 1)
    return failure();
  // A shuffle moves 32 bits: wider values (f64) keep the merge of all slots.
  Type element = getElementTypeOrSelf(merge.getInputs().front().getType());
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() > 32)
    return failure();
  int64_t dim = merge.getDimensions().front();
  // The merge reads the slots of its outputs from the forall's result.
  auto slice =
      merge.getInputs().front().getDefiningOp<tensor::ExtractSliceOp>();
  if (!slice || slice.getSourceType().getRank() != slice.getType().getRank())
    return failure();
  auto slots = dyn_cast<OpResult>(slice.getSource());
  auto forall = slots ? dyn_cast<scf::ForallOp>(slots.getOwner()) : nullptr;
  if (!forall || forall.getRank() != 1)
    return failure();
  int64_t threads = slice.getSourceType().getDimSize(dim);
  if (!forall.isNormalized() || forall.getStaticUpperBound()[0] != threads ||
      threads % warpSize != 0 ||
      !isConstantIntValue(slice.getMixedOffsets()[dim], 0) ||
      !isConstantIntValue(slice.getMixedSizes()[dim], threads) ||
      !isConstantIntValue(slice.getMixedStrides()[dim], 1))
    return failure();
  // The thread's write of its slots.
  BlockArgument shared = forall.getTiedBlockArgument(
      &forall.getOutputsMutable()[slots.getResultNumber()]);
  tensor::ParallelInsertSliceOp write;
  for (Operation &op : forall.getTerminator().getYieldingOps())
    if (auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(op))
      if (insert.getDest() == shared)
        write = write ? nullptr : insert;
  if (!write)
    return failure();

  rewriter.setInsertionPoint(forall.getTerminator());
  Value combined =
      combineInWarp(rewriter, write.getLoc(), write.getSource(), *kind);
  rewriter.modifyOpInPlace(write,
                           [&] { write.getSourceMutable().assign(combined); });

  // Every lane of a warp now holds the warp's values: the merge reads the
  // warp's first slot.
  SmallVector<OpFoldResult> sizes = slice.getMixedSizes();
  SmallVector<OpFoldResult> strides = slice.getMixedStrides();
  sizes[dim] = rewriter.getIndexAttr(threads / warpSize);
  strides[dim] = rewriter.getIndexAttr(warpSize);
  rewriter.setInsertionPoint(slice);
  auto warpSlots = tensor::ExtractSliceOp::create(
      rewriter, slice.getLoc(), slice.getSource(), slice.getMixedOffsets(),
      sizes, strides);
  rewriter.modifyOpInPlace(merge, [&] {
    merge.getInputsMutable()[0].assign(warpSlots);
    merge->removeAttr(RollerDialect::kMergePartialsAttrName);
  });
  if (slice->use_empty())
    rewriter.eraseOp(slice);
  return success();
}

namespace {
struct RollerReducePartialsInWarpsPass
    : public roller::impl::RollerReducePartialsInWarpsPassBase<
          RollerReducePartialsInWarpsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::ReduceOp> merges;
    getOperation()->walk([&](linalg::ReduceOp merge) {
      if (merge->hasAttr(RollerDialect::kMergePartialsAttrName))
        merges.push_back(merge);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::ReduceOp merge : merges)
      (void)reducePartialsInWarps(rewriter, merge, warpSize);
  }
};
} // namespace
