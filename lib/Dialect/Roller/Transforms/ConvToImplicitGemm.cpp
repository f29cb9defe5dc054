//===- ConvToImplicitGemm.cpp - Convolutions as gathered GEMMs ------------===//
//
// `--roller-conv-to-implicit-gemm` and its entry points
// (ConvToImplicitGemm.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/ConvToImplicitGemm.h"
#include "Roller/Analysis/Construction.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "Roller/Dialect/Roller/Transforms/PointwiseConvToMatmul.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"

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
delinearize(AffineExpr index, int64_t outer, int64_t inner) {
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
    auto [row, col] = delinearize(pixel, conv.outRows, conv.outCols);
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
    auto [image, pixel] = delinearize(i, conv.batch, pixels);
    auto [winRow, rest] =
        delinearize(j, conv.winRows, conv.winCols * conv.channels);
    auto [winCol, channel] = delinearize(rest, conv.winCols, conv.channels);
    auto [row, col] = inputRowCol(pixel, winRow, winCol);
    map = AffineMap::get(2, 0, {image, row, col, channel}, ctx);
  } else {
    // Rows (c, kh, kw): the filter's columns, CHW; columns (n, oh, ow).
    auto [channel, rest] = delinearize(i, conv.channels, window);
    auto [winRow, winCol] = delinearize(rest, conv.winRows, conv.winCols);
    auto [image, pixel] = delinearize(j, conv.batch, pixels);
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

/// The best predicted time of `op` on `device`, constructed as the
/// selection will (one stage when an input is read through a pad or a
/// gather staged an element at a time: stagesInOneStep), or null when
/// nothing fits.
static std::optional<double> predictBest(linalg::LinalgOp op,
                                         const DeviceSpec &device) {
  llvm::Expected<TensorExpr> expr = getSchedulableExpr(op);
  if (!expr) {
    llvm::consumeError(expr.takeError());
    return std::nullopt;
  }
  ConstructionOptions options;
  if (stagesInOneStep(op))
    options.stages = 1;
  llvm::Expected<ConstructionResult> result =
      constructSchedules(*expr, device, options);
  if (!result) {
    llvm::consumeError(result.takeError());
    return std::nullopt;
  }
  return result->candidates.front().prediction.totalUs;
}

namespace {
/// The model's case for rewriting an NCHW batch's convolution.
struct WeighedRewrite {
  double convUs;
  /// The matmul and the transposes, with a launch per extra kernel.
  double gemmUs;
  int64_t extraKernels;
};
} // namespace

/// Predicted times of `op` as a convolution and as its implicit GEMM with
/// the transposes of an NCHW batch (plus `launchUs` per extra kernel),
/// when the rewrite adds kernels: an NCHW convolution with a batch above
/// 1. The rewrite is tried on a clone, whose ops are then erased.
static std::optional<WeighedRewrite> weighTransposes(RewriterBase &rewriter,
                                                     linalg::LinalgOp op,
                                                     const DeviceSpec &device,
                                                     double launchUs) {
  auto nchw = dyn_cast<linalg::Conv2DNchwFchwOp>(op.getOperation());
  if (!nchw || cast<RankedTensorType>(op.getDpsInputOperand(0)->get().getType())
                       .getDimSize(0) == 1)
    return std::nullopt;
  std::optional<double> convUs = predictBest(op, device);
  if (!convUs)
    return std::nullopt;
  std::optional<double> gemmUs;
  int64_t extraKernels = 0;
  inspectRewrittenClone(rewriter, op, [&](linalg::LinalgOp clone) {
    FailureOr<linalg::MatmulOp> matmul = convToImplicitGemm(rewriter, clone);
    if (failed(matmul))
      return;
    // The matmul, the transpose of its result and, unless the initial value
    // is a fill, the transpose of that.
    SmallVector<linalg::LinalgOp> kernels{*matmul};
    for (Operation *user : matmul->getResult(0).getUsers())
      for (Operation *transpose : user->getUsers())
        if (auto linalgOp = dyn_cast<linalg::LinalgOp>(transpose))
          kernels.push_back(linalgOp);
    if (auto collapse = matmul->getDpsInitOperand(0)
                            ->get()
                            .getDefiningOp<tensor::CollapseShapeOp>())
      if (auto transpose = collapse.getSrc().getDefiningOp<linalg::LinalgOp>())
        kernels.push_back(transpose);
    extraKernels = int64_t(kernels.size()) - 1;
    double total = launchUs * double(extraKernels);
    for (linalg::LinalgOp kernel : kernels) {
      // A kernel no schedule fits: the rewrite is not taken.
      std::optional<double> us = predictBest(kernel, device);
      total += us ? *us : std::numeric_limits<double>::infinity();
    }
    gemmUs = total;
  });
  if (!gemmUs)
    return std::nullopt;
  return WeighedRewrite{*convUs, *gemmUs, extraKernels};
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
    std::optional<WeighedRewrite> weighed;
    if (options.weighTransposes)
      weighed = weighTransposes(rewriter, op, spec, launchUs);
    // What the remarks say of the launches the rewrite adds.
    auto launches = [&] {
      return llvm::formatv("{0} extra kernel{1}, a launch of {2:f2} us each",
                           weighed->extraKernels,
                           weighed->extraKernels == 1 ? "" : "s", launchUs)
          .str();
    };
    if (weighed && weighed->gemmUs >= weighed->convUs) {
      if (remarks)
        emitRemark(loc) << "roller-conv-to-implicit-gemm: left a "
                           "convolution: its implicit GEMM and the transposes "
                           "of its NCHW batch are predicted "
                        << llvm::formatv("{0:f2}", weighed->gemmUs) << " us ("
                        << launches() << "), the convolution "
                        << llvm::formatv("{0:f2}", weighed->convUs) << " us";
      continue;
    }
    if (failed(convToImplicitGemm(rewriter, op)))
      continue;
    ++count;
    if (!remarks)
      continue;
    InFlightDiagnostic remark = emitRemark(loc);
    remark << "roller-conv-to-implicit-gemm: a convolution as a matmul of its "
              "gathered patches (tensor cores)";
    if (weighed)
      remark << llvm::formatv(", with the transposes of its NCHW batch "
                              "{0:f2} us predicted ({1}) against {2:f2} us",
                              weighed->gemmUs, launches(), weighed->convUs);
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
    options.weighTransposes = false;
    convsToImplicitGemms(rewriter, getOperation(),
                         getTargetDevice(getOperation()), options,
                         /*remarks=*/false);
  }
};
} // namespace
