//===- WeighConvRoutes.h - The model's ways for NCHW convolutions -*- C++ -*-=//
//
// An f16/bf16 NCHW convolution on a device with tensor cores runs one of
// three ways: as it is (CUDA cores), its NCHW implicit GEMM (gathered an
// element at a time), or the implicit GEMM of its NHWC form between
// transposes (convNchwToNhwc). convsToImplicitGemms takes the one the model
// predicts fastest, per convolution, and weighs a function's convolutions
// together (each its own way, all in NHWC, whose transposes sinkTransposes
// cancels between them, and single flips from the faster) before it.
// Private to convsToImplicitGemms.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_WEIGHCONVROUTES_H
#define ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_WEIGHCONVROUTES_H

#include "Roller/Analysis/Device.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// What the model predicts of one way to run a convolution: its kernels'
/// times and a launch per kernel beyond the first (`us`), of which its
/// `transposes` transposes take `transposesUs` (their times and a launch
/// each).
struct Route {
  double us = 0;
  int64_t extraKernels = 0;
  double transposesUs = 0;
  int64_t transposes = 0;

  /// The time of the convolution's own kernels: its GEMM (and the combine
  /// of a split), without its transposes.
  double computeUs() const { return us - transposesUs; }
};

/// The ways of an NCHW convolution. A way the rewrites cannot take is
/// absent, and so is the convolution where its implicit GEMM adds no kernel
/// (a batch of 1): that is taken over the CUDA cores without weighing.
struct WeighedRoutes {
  std::optional<double> convUs;
  std::optional<Route> nchw, nhwc;
};

enum class ConvWay { Conv, Nchw, Nhwc };

/// Predicted times of `op`, an NCHW convolution, on each of its ways (each
/// constructed as the selection will, on a clone, with `launchUs` per extra
/// kernel).
WeighedRoutes weighNchwRoutes(RewriterBase &rewriter, linalg::LinalgOp op,
                              const DeviceSpec &device, double launchUs);

/// The fastest of `routes`; ties go to the way with fewer rewrites, and the
/// NCHW implicit GEMM is taken where nothing is weighed.
ConvWay getFastestWay(const WeighedRoutes &routes);

/// "{us} us ({n} extra kernels, a launch of {launch} us each)", or
/// "{us} us (one kernel)".
std::string describeRoute(const Route &route, double launchUs);

/// What the model predicts of a function's NCHW convolutions taken some
/// ways: their own kernels and the transposes left once sinkTransposes has
/// moved them (each priced as a kernel, with a launch).
struct LayoutPlan {
  double us = 0;
  int64_t transposes = 0;
};

/// The plan of taking each of `convs` (NCHW convolutions of one function,
/// `function`, an op isolated from above in a block) the way `ways` says,
/// `routes` their weighed routes: weighed on a clone of `function` that is
/// erased again. Transposes of constants (folded at compile time) are not
/// counted; a way a convolution has no route for, or a transpose without a
/// schedule, makes the plan infinite.
LayoutPlan weighLayoutPlan(RewriterBase &rewriter, Operation *function,
                           ArrayRef<linalg::LinalgOp> convs,
                           ArrayRef<ConvWay> ways,
                           ArrayRef<WeighedRoutes> routes,
                           const DeviceSpec &device, double launchUs);

/// A convolution's way in the plan its function's convolutions were
/// weighed together for, its routes and its own fastest way.
struct PlannedWay {
  WeighedRoutes routes;
  ConvWay way, own;
};

/// Weighs the NCHW convolutions `convs` (those the rewrites take: whyNot
/// ConvGemm and whyNotNchwToNhwc hold) of each function with two or more of
/// them together (weighLayoutPlan): each its own fastest way, all in NHWC,
/// then, from the faster of the two, each convolution flipped in program
/// order to the other of its two ways where that makes the plan faster (a
/// stem may want to stay as it is). With `remarks`, a remark at the
/// function gives the plan taken and the two it started from. Returns the
/// ways of the convolutions of the functions whose plan is not each its own
/// fastest way.
llvm::DenseMap<Operation *, PlannedWay>
weighFunctionLayouts(RewriterBase &rewriter, ArrayRef<linalg::LinalgOp> convs,
                     const DeviceSpec &device, double launchUs, bool remarks);

} // namespace mlir::roller

#endif // ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_WEIGHCONVROUTES_H
