//===- ConvToImplicitGemm.cpp - Convolutions as gathered GEMMs ------------===//
//
// `--roller-conv-to-implicit-gemm` and its entry points
// (ConvToImplicitGemm.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/ConvToImplicitGemm.h"
#include "Roller/Analysis/Construction.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/ConvNchwToNhwc.h"
#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "Roller/Dialect/Roller/Transforms/PointwiseConvToMatmul.h"
#include "Roller/Dialect/Roller/Transforms/ReadThroughGathers.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"
#include "Roller/Dialect/Roller/Transforms/SplitReductionAcrossBlocks.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERCONVTOIMPLICITGEMMPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {
/// The sizes of a 2-D convolution, whatever its layout.
struct ConvShape {
  int64_t batch, channels, outRows, outCols, winRows, winCols;
  int64_t strides[2], dilations[2];
};
} // namespace

/// `index` ranging over [0, outer * inner) split into its outer and inner
/// parts (row-major); `outer == 1` gives the constant 0 for the first.
static std::pair<AffineExpr, AffineExpr>
splitIndex(AffineExpr index, int64_t outer, int64_t inner) {
  AffineExpr first = outer == 1 ? getAffineConstantExpr(0, index.getContext())
                                : index.floorDiv(inner);
  AffineExpr second = outer == 1 ? index : index % inner;
  return {first, second};
}

/// The gather copy of the convolution's patches: a [rows, cols] tensor of
/// `input`'s element type whose element at (i, j) is `input` at `map`(i, j).
static Value buildPatches(RewriterBase &rewriter, Location loc, Value input,
                          AffineMap map, int64_t rows, int64_t cols) {
  Type element = cast<RankedTensorType>(input.getType()).getElementType();
  Value empty = tensor::EmptyOp::create(rewriter, loc,
                                        ArrayRef<int64_t>{rows, cols}, element);
  SmallVector<AffineMap> maps{map, rewriter.getMultiDimIdentityMap(2)};
  SmallVector<utils::IteratorType> iterators(2, utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             rewriter, loc, TypeRange{empty.getType()}, ValueRange{input},
             ValueRange{empty}, maps, iterators,
             [](OpBuilder &builder, Location loc, ValueRange args) {
               linalg::YieldOp::create(builder, loc, args[0]);
             })
      .getResult(0);
}

FailureOr<linalg::MatmulOp>
mlir::roller::convToImplicitGemm(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (std::optional<std::string> why = whyNotConvGemm(op))
    return rewriter.notifyMatchFailure(op, *why);
  auto nhwc = dyn_cast<linalg::Conv2DNhwcHwcfOp>(op.getOperation());
  auto nchw = dyn_cast<linalg::Conv2DNchwFchwOp>(op.getOperation());
  Value input = op.getDpsInputOperand(0)->get();
  Value filter = op.getDpsInputOperand(1)->get();
  Value init = op.getDpsInitOperand(0)->get();
  auto filterType = cast<RankedTensorType>(filter.getType());
  auto initType = cast<RankedTensorType>(init.getType());

  ArrayRef<int64_t> out = initType.getShape();
  ArrayRef<int64_t> win = filterType.getShape();
  ConvShape conv;
  conv.batch = out[0];
  if (nhwc) {
    conv.outRows = out[1], conv.outCols = out[2];
    conv.winRows = win[0], conv.winCols = win[1], conv.channels = win[2];
  } else {
    conv.outRows = out[2], conv.outCols = out[3];
    conv.channels = win[1], conv.winRows = win[2], conv.winCols = win[3];
  }
  DenseIntElementsAttr strides = nhwc ? nhwc.getStrides() : nchw.getStrides();
  DenseIntElementsAttr dilations =
      nhwc ? nhwc.getDilations() : nchw.getDilations();
  for (unsigned d = 0; d < 2; ++d) {
    conv.strides[d] = strides.getValues<int64_t>()[d];
    conv.dilations[d] = dilations.getValues<int64_t>()[d];
  }

  // The input position of pixel `pixel` (over OH*OW, or N*OH*OW) and window
  // position (`winRow`, `winCol`).
  auto inputRowCol =
      [&](AffineExpr pixel, AffineExpr winRow,
          AffineExpr winCol) -> std::pair<AffineExpr, AffineExpr> {
    auto [row, col] = splitIndex(pixel, conv.outRows, conv.outCols);
    return {row * conv.strides[0] + winRow * conv.dilations[0],
            col * conv.strides[1] + winCol * conv.dilations[1]};
  };
  MLIRContext *ctx = rewriter.getContext();
  AffineExpr i = getAffineDimExpr(0, ctx), j = getAffineDimExpr(1, ctx);
  int64_t pixels = conv.outRows * conv.outCols;
  int64_t window = conv.winRows * conv.winCols;
  int64_t reduction = window * conv.channels;
  AffineMap map;
  if (nhwc) {
    // Rows (n, oh, ow), columns (kh, kw, c): the filter's rows, HWC.
    auto [image, pixel] = splitIndex(i, conv.batch, pixels);
    auto [winRow, rest] =
        splitIndex(j, conv.winRows, conv.winCols * conv.channels);
    auto [winCol, channel] = splitIndex(rest, conv.winCols, conv.channels);
    auto [row, col] = inputRowCol(pixel, winRow, winCol);
    map = AffineMap::get(2, 0, {image, row, col, channel}, ctx);
  } else {
    // Rows (c, kh, kw): the filter's columns, CHW; columns (n, oh, ow).
    auto [channel, rest] = splitIndex(i, conv.channels, window);
    auto [winRow, winCol] = splitIndex(rest, conv.winRows, conv.winCols);
    auto [image, pixel] = splitIndex(j, conv.batch, pixels);
    auto [row, col] = inputRowCol(pixel, winRow, winCol);
    map = AffineMap::get(2, 0, {image, channel, row, col}, ctx);
  }

  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  // NCHW's output is [F, N*OH*OW] as the matmul's: with a batch above 1,
  // its images are transposed behind the filters (linalg.transpose of the
  // result, and of the initial value unless it is a fill).
  SmallVector<int64_t> imagesBehindFilters;
  if (nchw && conv.batch != 1)
    imagesBehindFilters = {1, 0, 2, 3};
  SmallVector<ReassociationIndices> outputMatrix =
      nhwc ? SmallVector<ReassociationIndices>{{0, 1, 2}, {3}}
      : imagesBehindFilters.empty()
          ? SmallVector<ReassociationIndices>{{0, 1}, {2, 3}}
          : SmallVector<ReassociationIndices>{{0}, {1, 2, 3}};
  SmallVector<ReassociationIndices> filterMatrix =
      nhwc ? SmallVector<ReassociationIndices>{{0, 1, 2}, {3}}
           : SmallVector<ReassociationIndices>{{0}, {1, 2, 3}};
  Value patches = nhwc ? buildPatches(rewriter, loc, input, map,
                                      conv.batch * pixels, reduction)
                       : buildPatches(rewriter, loc, input, map, reduction,
                                      conv.batch * pixels);
  Value weights = collapseConvOperand(rewriter, loc, filter, filterMatrix);
  Value output = collapseConvOperand(rewriter, loc, init, outputMatrix,
                                     imagesBehindFilters);
  SmallVector<Value> operands = nhwc ? SmallVector<Value>{patches, weights}
                                     : SmallVector<Value>{weights, patches};
  return replaceConvByMatmul(rewriter, op, operands, output, outputMatrix,
                             imagesBehindFilters);
}

/// Whether the matmul `op` becomes would run on `device`'s tensor cores:
/// f16 or bf16 inputs the device has mma.sync for, summed into f32, f16
/// into f16, or bf16 into bf16 where the widening will sum it in f32.
static bool runsOnTensorCores(linalg::LinalgOp op, DeviceAttr device,
                              bool bf16SumsWidened) {
  Type input = getElementTypeOrSelf(op.getDpsInputOperand(0)->get());
  Type output = getElementTypeOrSelf(op.getDpsInitOperand(0)->get());
  // mma.sync sums f16 into f32 or f16, bf16 into f32 only: a bf16 output
  // qualifies where widenBf16Accumulators will make the matmul sum in f32.
  bool summable = output.isF32() || (output.isF16() && input.isF16()) ||
                  (output.isBF16() && input.isBF16() && bf16SumsWidened);
  if (!device || !(input.isF16() || input.isBF16()) || !summable)
    return false;
  return device.toSpec().hasMmaSyncFor(input.isF16() ? "f16" : "bf16");
}

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

namespace {
/// What the model predicts of one way to run a convolution: its kernels'
/// times and a launch per kernel beyond the first.
struct Route {
  double us;
  int64_t extraKernels;
};

/// An NCHW convolution's three ways: as it is (CUDA cores), its implicit
/// GEMM (with the transposes of a batch above 1), and the implicit GEMM of
/// the convolution in NHWC between transposes (convNchwToNhwc). A way the
/// rewrites cannot take is absent, and so is the convolution where its
/// implicit GEMM adds no kernel (a batch of 1): that is taken over the CUDA
/// cores without weighing.
struct WeighedRoutes {
  std::optional<double> convUs;
  std::optional<Route> nchw, nhwc;
};
} // namespace

/// The predicted time of the kernels `rewrite` makes of a clone of `op`
/// (linalg ops other than fills, done in the kernel they initialize, gather
/// copies, read through by their matmul, and those `isTakenIn` says another
/// kernel takes in), plus `launchUs` per kernel
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
          !(isTakenIn && isTakenIn(kernel)))
        kernels.push_back(kernel);
    }
    if (kernels.empty())
      return;
    route = Route{launchUs * double(kernels.size() - 1),
                  int64_t(kernels.size()) - 1};
    for (linalg::LinalgOp kernel : kernels) {
      std::optional<WholeOrSplit> best =
          predictBest(rewriter, kernel, device, launchUs);
      route->us += best ? best->us : std::numeric_limits<double>::infinity();
      route->extraKernels += best ? best->kernels - 1 : 0;
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

/// Predicted times of `op`, an NCHW convolution, on each of its ways (each
/// constructed as the selection will, on a clone).
static WeighedRoutes weighNchwRoutes(RewriterBase &rewriter,
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
            rewriter, cast<linalg::Conv2DNchwFchwOp>(clone.getOperation()));
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

/// "{us} us ({n} extra kernels, a launch of {launch} us each)", or
/// "{us} us (one kernel)".
static std::string describe(const Route &route, double launchUs) {
  if (route.extraKernels == 0)
    return llvm::formatv("{0:f2} us (one kernel)", route.us).str();
  return llvm::formatv("{0:f2} us ({1} extra kernel{2}, a launch of {3:f2} us "
                       "each)",
                       route.us, route.extraKernels,
                       route.extraKernels == 1 ? "" : "s", launchUs)
      .str();
}

int64_t mlir::roller::convsToImplicitGemms(RewriterBase &rewriter,
                                           Operation *root, DeviceAttr device,
                                           const ImplicitGemmOptions &options,
                                           bool remarks) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) {
    if (isa<linalg::Conv2DNhwcHwcfOp, linalg::Conv2DNchwFchwOp>(op) &&
        runsOnTensorCores(op, device, options.bf16SumsWidened))
      ops.push_back(op);
  });
  int64_t count = 0;
  DeviceSpec spec = device.toSpec();
  double launchUs = resolveLaunchUs(options.launchUs, spec);
  for (linalg::LinalgOp op : ops) {
    Location loc = op.getLoc();
    if (whyNotConvGemm(op))
      continue;
    auto nchw = dyn_cast<linalg::Conv2DNchwFchwOp>(op.getOperation());
    std::optional<WeighedRoutes> routes;
    if (nchw && options.weighRoutes)
      routes = weighNchwRoutes(rewriter, op, spec, launchUs);
    // The fastest way; ties go to the one with fewer rewrites, and the NCHW
    // implicit GEMM is taken where nothing is weighed.
    enum class Way { Conv, Nchw, Nhwc } way = Way::Nchw;
    if (routes && (routes->convUs || routes->nchw)) {
      double best = routes->convUs ? *routes->convUs
                                   : std::numeric_limits<double>::infinity();
      way = routes->convUs ? Way::Conv : Way::Nchw;
      if (routes->nchw && routes->nchw->us < best)
        best = routes->nchw->us, way = Way::Nchw;
      if (routes->nhwc && routes->nhwc->us < best)
        way = Way::Nhwc;
    }
    // What the remarks say of the other ways.
    auto others = [&](Way chosen) {
      std::string text;
      llvm::raw_string_ostream os(text);
      if (chosen != Way::Nchw && routes->nchw)
        os << ", its implicit GEMM " << describe(*routes->nchw, launchUs);
      if (chosen != Way::Nhwc && routes->nhwc)
        os << ", in NHWC " << describe(*routes->nhwc, launchUs);
      if (chosen != Way::Conv && routes->convUs)
        os << llvm::formatv(", the convolution {0:f2} us", *routes->convUs);
      return text;
    };
    if (way == Way::Conv) {
      if (remarks)
        emitRemark(loc) << "roller-conv-to-implicit-gemm: left a convolution: "
                        << llvm::formatv("predicted {0:f2} us", *routes->convUs)
                        << others(way);
      continue;
    }
    if (way == Way::Nhwc) {
      FailureOr<linalg::Conv2DNhwcHwcfOp> nhwc = convNchwToNhwc(rewriter, nchw);
      if (failed(nhwc))
        continue;
      op = *nhwc;
    }
    if (failed(convToImplicitGemm(rewriter, op)))
      continue;
    ++count;
    if (!remarks)
      continue;
    InFlightDiagnostic remark = emitRemark(loc);
    remark << "roller-conv-to-implicit-gemm: a convolution as a matmul of its "
              "gathered patches (tensor cores)";
    if (!routes)
      continue;
    if (way == Way::Nhwc)
      remark << ", in NHWC between transposes: "
             << describe(*routes->nhwc, launchUs) << others(way);
    else if (routes->nchw)
      remark << ": " << describe(*routes->nchw, launchUs) << others(way);
  }
  return count;
}

namespace {
struct RollerConvToImplicitGemmPass
    : public roller::impl::RollerConvToImplicitGemmPassBase<
          RollerConvToImplicitGemmPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // A bf16 output sums in bf16 until roller-widen-bf16-accumulators,
    // which a pipeline runs next, makes the matmul sum in f32. Every
    // convolution that qualifies is rewritten: the pass alone does not
    // weigh (roller-tile does).
    ImplicitGemmOptions options;
    options.weighRoutes = false;
    convsToImplicitGemms(rewriter, getOperation(),
                         getTargetDevice(getOperation()), options,
                         /*remarks=*/false);
  }
};
} // namespace
