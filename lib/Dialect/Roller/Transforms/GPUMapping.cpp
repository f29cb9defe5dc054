//===- GPUMapping.cpp - Foralls to gpu.launch, allocs to attributions -----===//
//
// `--roller-map-forall-to-gpu` and `--roller-promote-workgroup-allocs`: the
// steps between the bufferized rProgram loops and gpu-kernel-outlining.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/TransformOps/GPUTransformOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Transform/Utils/DiagnosedSilenceableFailure.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERMAPFORALLTOGPUPASS
#define GEN_PASS_DEF_ROLLERPROMOTEWORKGROUPALLOCSPASS
#define GEN_PASS_DEF_ROLLERALLOWFMACONTRACTIONPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {

/// The linear block dimension each induction variable of `forall` maps to,
/// or failure (with an error) when the mapping is not all
/// `#gpu.block<linear_dim_*>`.
static FailureOr<SmallVector<int64_t>>
getLinearBlockDims(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  if (!mapping || (int64_t)mapping->size() != forall.getRank())
    return forall.emitError("block forall without a full mapping"), failure();
  SmallVector<int64_t> dims;
  for (Attribute attr : *mapping) {
    auto block = dyn_cast<gpu::GPUBlockMappingAttr>(attr);
    if (!block || !block.isLinearMapping())
      return forall.emitError("only #gpu.block<linear_dim_*> mappings are "
                              "supported, got ")
                 << attr,
             failure();
    dims.push_back(block.getRelativeIndex());
  }
  return dims;
}

static LogicalResult mapBlockForall(RewriterBase &rewriter,
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

  SmallVector<int64_t> lbv(forall.getStaticLowerBound());
  SmallVector<int64_t> ubv(forall.getStaticUpperBound());
  SmallVector<int64_t> stepv(forall.getStaticStep());
  if (llvm::any_of(llvm::concat<int64_t>(lbv, ubv, stepv),
                   ShapedType::isDynamic))
    return forall.emitError("block forall with dynamic bounds");
  SmallVector<int64_t> *lbs = &lbv, *ubs = &ubv, *steps = &stepv;

  int64_t rank = forall.getRank();
  // Extent of each linear dimension (indexed by the dimension).
  SmallVector<int64_t> extent(rank, 1);
  SmallVector<int64_t> counts(rank);
  for (int64_t i = 0; i < rank; ++i) {
    counts[i] = llvm::divideCeil((*ubs)[i] - (*lbs)[i], (*steps)[i]);
    if ((*dims)[i] >= rank)
      return forall.emitError("linear block dimension out of range");
    extent[(*dims)[i]] = counts[i];
  }
  int64_t grid = 1;
  for (int64_t e : extent)
    grid *= e;

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
  // arith ops in a kernel (see --roller-vectorize-mma).
  Value bid = launch.getBlockIds().x;
  AffineExpr id = rewriter.getAffineDimExpr(0);
  SmallVector<AffineExpr> linear(rank);
  int64_t stride = 1;
  for (int64_t d = 0; d < rank; ++d) {
    AffineExpr e = id.floorDiv(stride);
    if (d != rank - 1)
      e = e % extent[d];
    linear[d] = e;
    stride *= extent[d];
  }
  SmallVector<Value> ivs;
  for (int64_t i = 0; i < rank; ++i) {
    AffineExpr e = linear[(*dims)[i]] * (*steps)[i] + (*lbs)[i];
    ivs.push_back(affine::AffineApplyOp::create(
        rewriter, loc, AffineMap::get(1, 0, e), ValueRange{bid}));
  }

  Block *forallBody = forall.getBody();
  rewriter.eraseOp(forallBody->getTerminator());
  rewriter.inlineBlockBefore(forallBody, terminator, ivs);
  launch->setAttr(RollerDialect::kConfigAttrName, config);
  rewriter.eraseOp(forall);

  // Thread ids are created at the insertion point: the kernel's entry.
  rewriter.setInsertionPointToStart(&body);

  DiagnosedSilenceableFailure diag =
      transform::gpu::mapNestedForallToThreadsImpl(
          rewriter, std::nullopt, launch, {config.getThreads(), 1, 1},
          /*warpSize=*/32, /*syncAfterDistribute=*/true);
  return diag.checkAndReport();
}

struct RollerMapForallToGPUPass
    : public roller::impl::RollerMapForallToGPUPassBase<
          RollerMapForallToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForallOp> blockForalls;
    getOperation()->walk<WalkOrder::PreOrder>([&](scf::ForallOp forall) {
      std::optional<ArrayAttr> mapping = forall.getMapping();
      if (mapping && !mapping->empty() &&
          isa<gpu::GPUBlockMappingAttr>((*mapping)[0])) {
        blockForalls.push_back(forall);
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForallOp forall : blockForalls)
      if (failed(mapBlockForall(rewriter, forall)))
        return signalPassFailure();
  }
};

/// The largest static shared memory of one block, in bytes.
constexpr int64_t kStaticSharedLimit = 48 * 1024;

/// Bytes of a statically shaped memref.
int64_t getStaticBytes(MemRefType type) {
  return type.getNumElements() *
         llvm::divideCeil(type.getElementTypeBitWidth(), 8);
}

struct RollerPromoteWorkgroupAllocsPass
    : public roller::impl::RollerPromoteWorkgroupAllocsPassBase<
          RollerPromoteWorkgroupAllocsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk([&](gpu::LaunchOp launch) {
      SmallVector<memref::AllocOp> allocs;
      launch.getBody().walk([&](memref::AllocOp alloc) {
        if (alloc.getType().hasStaticShape() &&
            alloc.getDynamicSizes().empty() &&
            alloc.getSymbolOperands().empty())
          allocs.push_back(alloc);
      });
      Block &entry = launch.getBody().front();
      auto config =
          launch->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName);
      bool usesMma = config && config.usesMma();
      // Static __shared__ arrays are limited to 48 KiB per block (CUDA C++
      // Programming Guide, "Shared Memory"); beyond that the staged tiles
      // live in dynamic shared memory, up to the device's opt-in limit.
      int64_t workgroupBytes = 0;
      for (memref::AllocOp alloc : allocs)
        if (gpu::GPUDialect::isWorkgroupMemoryAddressSpace(
                alloc.getType().getMemorySpace()))
          workgroupBytes += llvm::alignTo(getStaticBytes(alloc.getType()), 16);
      Value dynamicShared;
      int64_t offset = 0;
      if (workgroupBytes > kStaticSharedLimit) {
        rewriter.setInsertionPoint(launch);
        Value size = arith::ConstantIntOp::create(rewriter, launch.getLoc(),
                                                  workgroupBytes, 32);
        rewriter.modifyOpInPlace(launch, [&] {
          launch.getDynamicSharedMemorySizeMutable().assign(size);
        });
        rewriter.setInsertionPointToStart(&entry);
        auto space = gpu::AddressSpaceAttr::get(
            &getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
        dynamicShared = gpu::DynamicSharedMemoryOp::create(
            rewriter, launch.getLoc(),
            MemRefType::get({ShapedType::kDynamic}, rewriter.getI8Type(),
                            MemRefLayoutAttrInterface{}, space));
      }
      for (memref::AllocOp alloc : allocs) {
        for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
          if (isa<memref::DeallocOp>(user))
            rewriter.eraseOp(user);
        MemRefType type = alloc.getType();
        Value replacement;
        if (gpu::GPUDialect::isWorkgroupMemoryAddressSpace(
                type.getMemorySpace()) &&
            dynamicShared) {
          rewriter.setInsertionPointAfter(dynamicShared.getDefiningOp());
          Value at =
              arith::ConstantIndexOp::create(rewriter, alloc.getLoc(), offset);
          replacement = memref::ViewOp::create(rewriter, alloc.getLoc(), type,
                                               dynamicShared, at, ValueRange());
          offset += llvm::alignTo(getStaticBytes(type), 16);
        } else if (gpu::GPUDialect::isWorkgroupMemoryAddressSpace(
                       type.getMemorySpace()) &&
                   type.getElementType().isBF16() && usesMma) {
          // bf16 tiles of tensor-core warps live in a byte buffer: the warps
          // read the same bytes through an f16 view (--roller-vectorize-mma).
          auto bytes = MemRefType::get(
              {getStaticBytes(type)}, rewriter.getI8Type(),
              MemRefLayoutAttrInterface{}, type.getMemorySpace());
          Value raw = launch.addWorkgroupAttribution(bytes, alloc.getLoc());
          rewriter.setInsertionPointToStart(&entry);
          Value zero =
              arith::ConstantIndexOp::create(rewriter, alloc.getLoc(), 0);
          replacement = memref::ViewOp::create(rewriter, alloc.getLoc(), type,
                                               raw, zero, ValueRange());
        } else if (gpu::GPUDialect::isWorkgroupMemoryAddressSpace(
                       type.getMemorySpace())) {
          replacement = launch.addWorkgroupAttribution(type, alloc.getLoc());
        } else {
          rewriter.setInsertionPointToStart(&entry);
          replacement = memref::AllocaOp::create(rewriter, alloc.getLoc(), type,
                                                 alloc.getAlignmentAttr());
        }
        rewriter.replaceOp(alloc, replacement);
      }
    });
  }
};

struct RollerAllowFmaContractionPass
    : public roller::impl::RollerAllowFmaContractionPassBase<
          RollerAllowFmaContractionPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([](arith::ArithFastMathInterface op) {
      arith::FastMathFlags flags = arith::FastMathFlags::none;
      if (arith::FastMathFlagsAttr attr = op.getFastMathFlagsAttr())
        flags = attr.getValue();
      op->setAttr(
          op.getFastMathAttrName(),
          arith::FastMathFlagsAttr::get(
              op->getContext(), flags | arith::FastMathFlags::contract));
    });
  }
};

} // namespace
