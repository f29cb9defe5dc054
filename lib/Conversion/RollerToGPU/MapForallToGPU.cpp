//===- MapForallToGPU.cpp - Block foralls to gpu.launch -------------------===//
//
// `--roller-map-forall-to-gpu`: every top-level block forall of a function
// (as the rProgram lowering and bufferization leave it) becomes a
// `gpu.launch`, its nested thread and warp foralls the launch's threads.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/MapForallToGPU.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/TransformOps/GPUTransformOps.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Transform/Utils/DiagnosedSilenceableFailure.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERMAPFORALLTOGPUPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

bool mlir::roller::isBlockMappedForall(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() &&
         isa<gpu::GPUBlockMappingAttr>((*mapping)[0]);
}

/// The linear block dimension each induction variable of `forall` maps to,
/// or failure (with an error) when the mapping is not all
/// `#gpu.block<linear_dim_*>` within the forall's rank.
static FailureOr<SmallVector<int64_t>>
getLinearBlockDims(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  if (!mapping || (int64_t)mapping->size() != forall.getRank())
    return forall.emitError("block forall without a full mapping");
  SmallVector<int64_t> dims;
  for (Attribute attr : *mapping) {
    auto block = dyn_cast<gpu::GPUBlockMappingAttr>(attr);
    if (!block || !block.isLinearMapping())
      return forall.emitError("only #gpu.block<linear_dim_*> mappings are "
                              "supported, got ")
             << attr;
    if (block.getRelativeIndex() >= forall.getRank())
      return forall.emitError("linear block dimension out of range: ") << attr;
    dims.push_back(block.getRelativeIndex());
  }
  return dims;
}

SmallVector<AffineExpr> mlir::roller::getBlockOrder(AffineExpr id,
                                                    ArrayRef<int64_t> extent,
                                                    int64_t group) {
  int64_t rank = extent.size();
  SmallVector<AffineExpr> linear(rank);
  int64_t stride = 1;
  for (int64_t d = 0; d < rank; ++d) {
    AffineExpr e = id.floorDiv(stride);
    if (d != rank - 1)
      e = e % extent[d];
    linear[d] = e;
    stride *= extent[d];
  }
  if (group <= 1 || rank < 2)
    return linear;
  // Bands of `group` rows of linear_dim_1, walked column by column
  // (Roller/Analysis/BlockOrder.h getBlockPosition); the outer dimensions
  // stay row-major.
  AffineExpr plane = rank > 2 ? id % (extent[0] * extent[1]) : id;
  int64_t band = group * extent[0];
  AffineExpr within = plane % band;
  linear[1] = plane.floorDiv(band) * group + within % group;
  linear[0] = within.floorDiv(group);
  return linear;
}

FailureOr<gpu::LaunchOp>
mlir::roller::mapForallToGPULaunch(RewriterBase &rewriter,
                                   scf::ForallOp forall) {
  if (forall.getNumResults() != 0)
    return forall.emitError("block forall is not bufferized");
  auto config =
      forall->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName);
  if (!config)
    return forall.emitError("block forall without a roller.config");
  FailureOr<SmallVector<int64_t>> dims = getLinearBlockDims(forall);
  if (failed(dims))
    return failure();
  SmallVector<int64_t> lbs(forall.getStaticLowerBound());
  SmallVector<int64_t> ubs(forall.getStaticUpperBound());
  SmallVector<int64_t> steps(forall.getStaticStep());
  if (llvm::any_of(llvm::concat<int64_t>(lbs, ubs, steps),
                   ShapedType::isDynamic))
    return forall.emitError("block forall with dynamic bounds");

  int64_t rank = forall.getRank();
  // Extent of each linear dimension (indexed by the dimension).
  SmallVector<int64_t> extent(rank, 1);
  for (int64_t i = 0; i < rank; ++i)
    extent[(*dims)[i]] = llvm::divideCeil(ubs[i] - lbs[i], steps[i]);
  // One grid dimension holds the blocks: at most 2^31 - 1 of them (CUDA's
  // gridDim.x), which also keeps the product from overflowing.
  constexpr int64_t kMaxGridX = (int64_t{1} << 31) - 1;
  int64_t grid = 1;
  for (int64_t e : extent)
    if (e > kMaxGridX || (grid *= e) > kMaxGridX)
      return forall.emitError() << "block forall has more blocks than a grid "
                                   "holds (2^31 - 1)";

  int64_t group = config.getBlockGroup();
  if (group > 1 && (rank < 2 || extent[1] % group != 0))
    return forall.emitError()
           << "block_group " << group << " does not divide the "
           << (rank < 2 ? 1 : extent[1]) << " blocks of linear_dim_1";

  Location loc = forall.getLoc();
  rewriter.setInsertionPoint(forall);
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  Value one = cst(1);
  auto launch = gpu::LaunchOp::create(rewriter, loc, cst(grid), one, one,
                                      cst(config.getThreads()), one, one);
  Block &body = launch.getBody().front();
  rewriter.setInsertionPointToEnd(&body);
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);
  rewriter.setInsertionPoint(terminator);

  // Delinearize blockIdx.x, linear_dim_0 fastest, with affine.apply rather
  // than arith: upstream's vector -> nvgpu conversion trips over scalar
  // arith ops in a kernel (see --roller-mma-to-nvgpu).
  Value bid = launch.getBlockIds().x;
  AffineExpr id = rewriter.getAffineDimExpr(0);
  SmallVector<AffineExpr> linear =
      getBlockOrder(id, extent, config.getBlockGroup());
  SmallVector<Value> ivs;
  for (int64_t i = 0; i < rank; ++i) {
    AffineExpr e = linear[(*dims)[i]] * steps[i] + lbs[i];
    ivs.push_back(affine::AffineApplyOp::create(
        rewriter, loc, AffineMap::get(1, 0, e), ValueRange{bid}));
  }

  Block *forallBody = forall.getBody();
  rewriter.eraseOp(forallBody->getTerminator());
  rewriter.inlineBlockBefore(forallBody, terminator, ivs);
  launch->setAttr(RollerDialect::kConfigAttrName, config);
  int64_t warpSize = getTargetDevice(launch).getWarpSize();
  rewriter.eraseOp(forall);

  // Thread ids are created at the insertion point: the kernel's entry.
  rewriter.setInsertionPointToStart(&body);
  DiagnosedSilenceableFailure diag =
      transform::gpu::mapNestedForallToThreadsImpl(
          rewriter, std::nullopt, launch, {config.getThreads(), 1, 1}, warpSize,
          /*syncAfterDistribute=*/true);
  if (failed(diag.checkAndReport()))
    return failure();
  // The mapping puts a barrier after every thread forall; upstream's barrier
  // elimination drops those whose memory effects before and after do not
  // conflict, as the one after the kernel's last forall (every thread exits
  // after it: it was a `bar.sync` before `ret` in every elementwise kernel,
  // holding each warp until the slowest is done).
  SmallVector<Operation *> barriers;
  launch.walk([&](gpu::BarrierOp barrier) { barriers.push_back(barrier); });
  RewritePatternSet patterns(rewriter.getContext());
  populateGpuEliminateBarriersPatterns(patterns);
  GreedyRewriteConfig greedy;
  greedy.setStrictness(GreedyRewriteStrictness::ExistingOps);
  (void)applyOpPatternsGreedily(barriers, std::move(patterns), greedy);
  return launch;
}

namespace {
struct RollerMapForallToGPUPass
    : public roller::impl::RollerMapForallToGPUPassBase<
          RollerMapForallToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForallOp> blockForalls;
    getOperation()->walk<WalkOrder::PreOrder>([&](scf::ForallOp forall) {
      if (!isBlockMappedForall(forall))
        return WalkResult::advance();
      blockForalls.push_back(forall);
      return WalkResult::skip();
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForallOp forall : blockForalls)
      if (failed(mapForallToGPULaunch(rewriter, forall)))
        return signalPassFailure();
  }
};
} // namespace
