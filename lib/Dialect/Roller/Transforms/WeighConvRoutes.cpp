//===- WeighConvRoutes.cpp - The model's ways for NCHW convolutions -------===//
//
// The weighing of convsToImplicitGemms (WeighConvRoutes.h).
//
//===----------------------------------------------------------------------===//

#include "WeighConvRoutes.h"
#include "Roller/Analysis/Construction.h"
#include "Roller/Dialect/Roller/Transforms/ConvNchwToNhwc.h"
#include "Roller/Dialect/Roller/Transforms/ConvToImplicitGemm.h"
#include "Roller/Dialect/Roller/Transforms/ReadThroughGathers.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"
#include "Roller/Dialect/Roller/Transforms/SinkTransposes.h"
#include "Roller/Dialect/Roller/Transforms/SplitReductionAcrossBlocks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;
using namespace mlir::roller;

/// The model's best case for `op` on `device` alone, constructed as the
/// selection will (one stage when an input is read through a pad or a
/// gather staged an element at a time: stagesInOneStep; split across
/// blocks, plus `launchUs` for the combine, where that is faster), or
/// nullopt when nothing fits.
static std::optional<WholeOrSplit> predictBest(RewriterBase &rewriter,
                                               linalg::LinalgOp op,
                                               const DeviceSpec &device,
                                               double launchUs) {
  ConstructionOptions options;
  if (stagesInOneStep(op))
    options.stages = 1;
  return predictWholeOrSplit(rewriter, op, device, options, launchUs);
}

/// Whether `op` transposes a constant: done at compile time (a constant
/// filter's transpose, which the weighing's rewrites leave unfolded).
static bool isTransposeOfConstant(Operation *op) {
  auto transpose = dyn_cast<linalg::TransposeOp>(op);
  return transpose && transpose.getInput().getDefiningOp<arith::ConstantOp>();
}

/// The predicted time of the kernels `rewrite` makes of a clone of `op`
/// (linalg ops other than fills, done in the kernel they initialize, gather
/// copies, read through by their matmul, transposes of constants, and those
/// `isTakenIn` says another kernel takes in), plus `launchUs` per kernel
/// beyond the first; infinite when a kernel has no schedule, nullopt when
/// the rewrite fails. The clone and what it became are erased.
static std::optional<Route>
weighRewrite(RewriterBase &rewriter, linalg::LinalgOp op,
             const DeviceSpec &device, double launchUs,
             llvm::function_ref<LogicalResult(linalg::LinalgOp)> rewrite,
             llvm::function_ref<bool(linalg::LinalgOp)> isTakenIn = {}) {
  std::optional<Route> route;
  inspectRewrittenClone(rewriter, op, [&](linalg::LinalgOp clone) {
    Operation *before = clone->getPrevNode();
    if (failed(rewrite(clone)))
      return;
    // The rewrite's ops lie between `before` and `op`.
    SmallVector<linalg::LinalgOp> kernels;
    for (Operation *it = before ? before->getNextNode()
                                : &op->getBlock()->front();
         it != op.getOperation(); it = it->getNextNode()) {
      auto kernel = dyn_cast<linalg::LinalgOp>(it);
      if (kernel && !isa<linalg::FillOp>(it) &&
          !isReadThroughGather(it->getResult(0)) &&
          !isTransposeOfConstant(it) && !(isTakenIn && isTakenIn(kernel)))
        kernels.push_back(kernel);
    }
    if (kernels.empty())
      return;
    route = Route{launchUs * double(kernels.size() - 1),
                  int64_t(kernels.size()) - 1};
    for (linalg::LinalgOp kernel : kernels) {
      std::optional<WholeOrSplit> best =
          predictBest(rewriter, kernel, device, launchUs);
      double us = best ? best->us : std::numeric_limits<double>::infinity();
      route->us += us;
      route->extraKernels += best ? best->kernels - 1 : 0;
      if (isa<linalg::TransposeOp>(kernel)) {
        route->transposesUs += us + launchUs;
        ++route->transposes;
      }
    }
  });
  return route;
}

/// The tensor an NCHW convolution `op` reads its input from: the input, or
/// the source of the `tensor.pad` that gives it.
static Value getUnpaddedInput(linalg::LinalgOp op) {
  Value input = op.getDpsInputOperand(0)->get();
  if (auto pad = input.getDefiningOp<tensor::PadOp>())
    return pad.getSource();
  return input;
}

/// Whether `value` is an elementwise chain (linalg.generics with only
/// parallel loops and one result each, every link used once) that reads,
/// directly or through its links, a transpose from NHWC to NCHW (the result
/// of a convolution taken through NHWC). The NHWC way's transpose of such an
/// input takes the chain in (roller-fuse-elementwise fuses elementwise
/// producers into transposes) and undoes the transpose it reads: the
/// input's transpose is no kernel of its own. (The chain then becomes the
/// first GEMM's epilogue where it would be a kernel through NCHW: a saving
/// the weighing leaves uncounted.) Chains longer than 8 links are not
/// looked through.
static bool undoesTransposeToNchw(Value value, unsigned depth = 0) {
  auto link = value.getDefiningOp<linalg::GenericOp>();
  if (!link || depth > 8 || !value.hasOneUse() || link->getNumResults() != 1 ||
      !link.hasPureTensorSemantics() ||
      link.getNumLoops() != link.getNumParallelLoops())
    return false;
  return llvm::any_of(link.getDpsInputs(), [&](Value input) {
    if (auto transpose = input.getDefiningOp<linalg::TransposeOp>())
      return transpose.getPermutation() == ArrayRef<int64_t>(kNhwcToNchw);
    return undoesTransposeToNchw(input, depth + 1);
  });
}

WeighedRoutes mlir::roller::weighNchwRoutes(RewriterBase &rewriter,
                                            linalg::LinalgOp op,
                                            const DeviceSpec &device,
                                            double launchUs) {
  WeighedRoutes routes;
  if (cast<RankedTensorType>(op.getDpsInputOperand(0)->get().getType())
          .getDimSize(0) != 1)
    if (std::optional<WholeOrSplit> conv =
            predictBest(rewriter, op, device, launchUs))
      routes.convUs = conv->us;
  routes.nchw =
      weighRewrite(rewriter, op, device, launchUs, [&](linalg::LinalgOp clone) {
        return convToImplicitGemm(rewriter, clone);
      });
  // (Asked before the clone reads the input too.)
  Value unpadded = getUnpaddedInput(op);
  bool inputUndoesTranspose = op.getDpsInputOperand(0)->get().hasOneUse() &&
                              undoesTransposeToNchw(unpadded);
  routes.nhwc = weighRewrite(
      rewriter, op, device, launchUs,
      [&](linalg::LinalgOp clone) {
        FailureOr<linalg::Conv2DNhwcHwcfOp> nhwc = convNchwToNhwc(
            rewriter, cast<linalg::Conv2DNchwFchwOp>(clone.getOperation()),
            /*foldConstantFilter=*/false);
        if (failed(nhwc))
          return failure();
        return LogicalResult(convToImplicitGemm(rewriter, *nhwc));
      },
      [&](linalg::LinalgOp kernel) {
        auto transpose = dyn_cast<linalg::TransposeOp>(kernel.getOperation());
        return inputUndoesTranspose && transpose &&
               transpose.getInput() == unpadded;
      });
  return routes;
}

std::string mlir::roller::describeRoute(const Route &route, double launchUs) {
  if (route.extraKernels == 0)
    return llvm::formatv("{0:f2} us (one kernel)", route.us).str();
  return llvm::formatv("{0:f2} us ({1} extra kernel{2}, a launch of {3:f2} us "
                       "each)",
                       route.us, route.extraKernels,
                       route.extraKernels == 1 ? "" : "s", launchUs)
      .str();
}

ConvWay mlir::roller::getFastestWay(const WeighedRoutes &routes) {
  if (!routes.convUs && !routes.nchw)
    return ConvWay::Nchw;
  double best =
      routes.convUs ? *routes.convUs : std::numeric_limits<double>::infinity();
  ConvWay way = routes.convUs ? ConvWay::Conv : ConvWay::Nchw;
  if (routes.nchw && routes.nchw->us < best)
    best = routes.nchw->us, way = ConvWay::Nchw;
  if (routes.nhwc && routes.nhwc->us < best)
    way = ConvWay::Nhwc;
  return way;
}

/// The time of the convolution's own kernels on `way` (no transposes), or
/// infinity when it has no such route.
static double getComputeUs(const WeighedRoutes &routes, ConvWay way) {
  constexpr double kNone = std::numeric_limits<double>::infinity();
  switch (way) {
  case ConvWay::Conv:
    return routes.convUs.value_or(kNone);
  case ConvWay::Nchw:
    return routes.nchw ? routes.nchw->computeUs() : kNone;
  case ConvWay::Nhwc:
    return routes.nhwc ? routes.nhwc->computeUs() : kNone;
  }
  return kNone;
}

LayoutPlan mlir::roller::weighLayoutPlan(
    RewriterBase &rewriter, Operation *function,
    ArrayRef<linalg::LinalgOp> convs, ArrayRef<ConvWay> ways,
    ArrayRef<WeighedRoutes> routes, const DeviceSpec &device, double launchUs) {
  LayoutPlan plan;
  for (auto [way, route] : llvm::zip_equal(ways, routes))
    plan.us += getComputeUs(route, way);
  if (plan.us == std::numeric_limits<double>::infinity())
    return plan;

  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(function);
  IRMapping mapping;
  Operation *clone = rewriter.clone(*function, mapping);
  // The clone is no second definition of the function's symbol.
  if (auto name =
          clone->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    clone->setAttr(SymbolTable::getSymbolAttrName(),
                   rewriter.getStringAttr(name.getValue() + "__weighed"));
  for (auto [conv, way] : llvm::zip_equal(convs, ways)) {
    Operation *original = linalg::LinalgOp(conv).getOperation();
    auto copy = cast<linalg::LinalgOp>(mapping.lookup(original));
    rewriter.setInsertionPoint(copy);
    if (way == ConvWay::Nchw)
      (void)convToImplicitGemm(rewriter, copy);
    else if (way == ConvWay::Nhwc)
      (void)convNchwToNhwc(rewriter,
                           cast<linalg::Conv2DNchwFchwOp>(copy.getOperation()),
                           /*foldConstantFilter=*/false);
  }
  sinkTransposes(clone, isNhwcToNchw);
  SmallVector<linalg::TransposeOp> transposes;
  clone->walk([&](linalg::TransposeOp op) {
    if (!isTransposeOfConstant(op))
      transposes.push_back(op);
  });
  for (linalg::TransposeOp op : transposes) {
    std::optional<WholeOrSplit> best = predictBest(
        rewriter, cast<linalg::LinalgOp>(op.getOperation()), device, launchUs);
    plan.us +=
        (best ? best->us : std::numeric_limits<double>::infinity()) + launchUs;
    ++plan.transposes;
  }
  rewriter.eraseOp(clone);
  return plan;
}

/// "{us} us ({n} transposes)" of `plan`.
static std::string describePlan(const LayoutPlan &plan) {
  return llvm::formatv("{0:f2} us ({1} transpose{2})", plan.us, plan.transposes,
                       plan.transposes == 1 ? "" : "s")
      .str();
}

llvm::DenseMap<Operation *, PlannedWay> mlir::roller::weighFunctionLayouts(
    RewriterBase &rewriter, ArrayRef<linalg::LinalgOp> convs,
    const DeviceSpec &device, double launchUs, bool remarks) {
  llvm::MapVector<Operation *, SmallVector<linalg::LinalgOp>> byFunction;
  for (linalg::LinalgOp op : convs) {
    Operation *function =
        op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
    if (function && function->getBlock())
      byFunction[function].push_back(op);
  }
  llvm::DenseMap<Operation *, PlannedWay> planned;
  for (auto &[function, ops] : byFunction) {
    if (ops.size() < 2)
      continue;
    SmallVector<WeighedRoutes> routes;
    SmallVector<ConvWay> own;
    for (linalg::LinalgOp op : ops) {
      routes.push_back(weighNchwRoutes(rewriter, op, device, launchUs));
      own.push_back(getFastestWay(routes.back()));
    }
    if (llvm::all_of(own, [](ConvWay way) { return way == ConvWay::Nhwc; }))
      continue;
    SmallVector<ConvWay> nhwc(ops.size(), ConvWay::Nhwc);
    auto weigh = [&](ArrayRef<ConvWay> ways) {
      return weighLayoutPlan(rewriter, function, ops, ways, routes, device,
                             launchUs);
    };
    LayoutPlan ownPlan = weigh(own), nhwcPlan = weigh(nhwc);
    bool fromNhwc = nhwcPlan.us < ownPlan.us;
    SmallVector<ConvWay> ways = fromNhwc ? nhwc : own;
    LayoutPlan plan = fromNhwc ? nhwcPlan : ownPlan;
    for (size_t i = 0; i < ops.size(); ++i) {
      if (own[i] == ConvWay::Nhwc)
        continue;
      SmallVector<ConvWay> tried = ways;
      tried[i] = ways[i] == ConvWay::Nhwc ? own[i] : ConvWay::Nhwc;
      LayoutPlan triedPlan = weigh(tried);
      if (triedPlan.us < plan.us) {
        ways = std::move(tried);
        plan = triedPlan;
      }
    }
    int64_t inNhwc = llvm::count(ways, ConvWay::Nhwc);
    bool ownWays = ways == own;
    if (remarks)
      emitRemark(function->getLoc())
          << "roller-conv-to-implicit-gemm: " << ops.size()
          << " NCHW convolutions weighed together: " << inNhwc << " in NHWC"
          << (ownWays ? " (each its fastest way)" : "") << ", "
          << describePlan(plan) << "; each its fastest way "
          << describePlan(ownPlan) << ", all in NHWC "
          << describePlan(nhwcPlan);
    if (ownWays)
      continue;
    for (auto [op, route, way, ownWay] :
         llvm::zip_equal(ops, routes, ways, own))
      planned[op.getOperation()] = PlannedWay{route, way, ownWay};
  }
  return planned;
}
