//===- VectorizeAccesses.cpp - Kernel accesses of up to 16 bytes ----------===//
//
// `--roller-vectorize-accesses`: the statically shaped elementwise linalg ops
// of the kernels (the copies staging tiles global -> shared and moving
// accumulators in and out of registers, and elementwise operators' thread
// tiles) become loops of `vector.load`/`vector.store` of up to 16 bytes whose
// `alignment` is what can be proven from the buffers' bases and the offsets'
// divisibility, so that the NVPTX backend emits `ld.global.v4` and friends.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/VectorizeAccesses.h"
#include "AccessAlignment.h"
#include "BufferUtils.h"
#include "Roller/Conversion/RollerToGPU/KernelABI.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERVECTORIZEACCESSESPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {

/// Whether `op` is an elementwise op on memrefs of static innermost size (a
/// copy or a generic with identity maps and parallel loops) whose body maps
/// onto vectors: elementwise-mappable ops on ints and floats, and constants.
/// Outer sizes may be dynamic: a thread's piece of a staging copy whose rows
/// the threads do not divide evenly (5 rows each of 288, the last thread's
/// 3) is still a loop of whole rows.
static bool isVectorizableElementwise(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0 ||
      op.getNumParallelLoops() != op.getNumLoops() ||
      !llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || type.getRank() == 0 || type.isDynamicDim(type.getRank() - 1) ||
        !type.getElementType().isIntOrFloat() ||
        type.getElementTypeBitWidth() % 8 != 0)
      return false;
  }
  for (Operation &inner : op.getBlock()->without_terminator()) {
    if (inner.getNumRegions() != 0 ||
        !llvm::all_of(inner.getResultTypes(),
                      [](Type type) { return type.isIntOrFloat(); }))
      return false;
    if (!inner.hasTrait<OpTrait::ConstantLike>() &&
        !OpTrait::hasElementwiseMappableTraits(&inner))
      return false;
  }
  return true;
}

/// vectorizeElementwiseAccesses with the divisibility facts of the kernel
/// cached across its ops.
static LogicalResult vectorizeElementwise(RewriterBase &rewriter,
                                          linalg::LinalgOp op,
                                          Divisibility &divisibility) {
  if (!isVectorizableElementwise(op))
    return failure();
  SmallVector<ViewAlignment> views;
  int64_t widestElement = 1;
  for (OpOperand &operand : op->getOpOperands()) {
    views.push_back(analyzeView(operand.get(), divisibility));
    if (!views.back().innermostContiguous)
      return failure();
    widestElement = std::max(widestElement, getElementBytes(operand.get()));
  }
  SmallVector<int64_t> shape = op.getStaticLoopRanges();
  int64_t width = 1;
  for (int64_t w = kMaxVectorBytes / widestElement; w >= 2 && width == 1;
       w /= 2) {
    if (shape.back() % w != 0)
      continue;
    for (auto [operand, view] : llvm::zip(op->getOpOperands(), views)) {
      int64_t bytes = getElementBytes(operand.get());
      if (accessAlignment(view, w, bytes) == w * bytes)
        width = w;
    }
  }
  // A staging copy issued ahead by --roller-pipeline-staging becomes
  // cp.async (4, 8 or 16 bytes, both sides aligned to the size).
  bool async = false;
  if (op->hasAttr(RollerDialect::kAsyncCopyAttrName) &&
      isa<linalg::CopyOp>(op) && !isWorkgroupMemory(op->getOperand(0)) &&
      isWorkgroupMemory(op->getOperand(1))) {
    // The widest copy both sides are aligned to (a padded shared row may
    // allow less than the global side).
    if (int64_t w = getAsyncCopyWidth(views, width, shape.back(),
                                      getElementBytes(op->getOperand(0)))) {
      async = true;
      width = w;
    }
  }
  if (width == 1 && !async)
    return failure();

  Location loc = op.getLoc();
  auto vectorOf = [&](Type type) { return VectorType::get({width}, type); };
  rewriter.setInsertionPoint(op);
  // The loops' extents: every operand has them (identity maps).
  Value init = op.getDpsInitOperand(0)->get();
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, size] : llvm::enumerate(shape))
    sizes.push_back(
        ShapedType::isDynamic(size)
            ? OpFoldResult(
                  memref::DimOp::create(rewriter, loc, init, dim).getResult())
            : OpFoldResult(rewriter.getIndexAttr(size)));
  // Constants and values from outside the body become splats, made once
  // before the loops.
  IRMapping mapping;
  Block *body = op.getBlock();
  auto splat = [&](Value scalar) {
    return vector::BroadcastOp::create(rewriter, loc,
                                       vectorOf(scalar.getType()), scalar)
        .getResult();
  };
  for (Operation &inner : *body) {
    if (inner.hasTrait<OpTrait::ConstantLike>()) {
      Operation *constant = rewriter.clone(inner);
      mapping.map(inner.getResult(0), splat(constant->getResult(0)));
      continue;
    }
    for (Value operand : inner.getOperands())
      if (!mapping.contains(operand) && operand.getParentBlock() != body)
        mapping.map(operand, splat(operand));
  }

  buildChunkLoops(
      rewriter, loc, sizes, width,
      [&](OpBuilder &builder, Location loc, ValueRange indices) {
        if (async) {
          int64_t bytes = width * getElementBytes(op->getOperand(0));
          nvgpu::DeviceAsyncCopyOp::create(
              builder, loc,
              nvgpu::DeviceAsyncTokenType::get(builder.getContext()),
              op->getOperand(1), indices, op->getOperand(0), indices,
              builder.getIndexAttr(width), /*srcElements=*/Value(),
              bytes == 16 ? builder.getUnitAttr() : UnitAttr());
          return;
        }
        IRMapping vectors = mapping;
        for (auto [operand, view] : llvm::zip(op->getOpOperands(), views)) {
          if (!op.isDpsInput(&operand) &&
              !op.payloadUsesValueFromOperand(&operand))
            continue;
          Type element = getElementTypeOrSelf(operand.get().getType());
          auto load = vector::LoadOp::create(builder, loc, vectorOf(element),
                                             operand.get(), indices);
          load.setAlignment(uint64_t(
              accessAlignment(view, width, getElementBytes(operand.get()))));
          vectors.map(op.getMatchingBlockArgument(&operand), load);
        }
        for (Operation &inner : body->without_terminator()) {
          if (inner.hasTrait<OpTrait::ConstantLike>())
            continue;
          Operation *clone = builder.clone(inner, vectors);
          for (Value result : clone->getResults())
            result.setType(vectorOf(result.getType()));
        }
        auto yield = cast<linalg::YieldOp>(body->getTerminator());
        for (auto [init, value] :
             llvm::zip(op.getDpsInitsMutable(), yield.getValues())) {
          auto store = vector::StoreOp::create(
              builder, loc, vectors.lookup(value), init.get(), indices);
          store.setAlignment(
              uint64_t(accessAlignment(views[init.getOperandNumber()], width,
                                       getElementBytes(init.get()))));
        }
      });
  rewriter.eraseOp(op);
  return success();
}

/// A `linalg.fill` of zeros marked `roller.zero_fill` and the asynchronous
/// staging copy right after it into a prefix of the filled piece (a
/// boundary block's piece, `--roller-pad-mma-boundary-tiles`) become
/// `cp.async` copies of the whole piece, each reading only the part of its
/// chunk the copy has (`src-size`, zero past the tensor's edge) and
/// zero-filling the rest: the boundary block stages its tiles like the
/// interior ones, asynchronously and 4 to 16 bytes at a time. A chunk with
/// nothing to read reads no byte; its source indices are clamped to the
/// copy's origin anyway.
static LogicalResult vectorizeZeroFillCopy(RewriterBase &rewriter,
                                           linalg::FillOp fill,
                                           Divisibility &divisibility) {
  // The copy is the next op with memory effects (its view comes between).
  Operation *next = fill->getNextNode();
  while (next && isPure(next))
    next = next->getNextNode();
  auto copy = dyn_cast_or_null<linalg::CopyOp>(next);
  if (!fill->hasAttr(RollerDialect::kZeroFillAttrName) || !copy ||
      !copy->hasAttr(RollerDialect::kAsyncCopyAttrName) ||
      !matchPattern(fill.value(), m_AnyZeroFloat()))
    return failure();
  Value piece = fill.getOutputs()[0];
  Value source = copy.getInputs()[0];
  auto prefix = copy.getOutputs()[0].getDefiningOp<memref::SubViewOp>();
  auto pieceType = cast<MemRefType>(piece.getType());
  if (!prefix || prefix.getSource() != piece ||
      !llvm::all_of(prefix.getMixedOffsets(), isZeroInteger) ||
      !prefix.hasUnitStride() || !pieceType.hasStaticShape() ||
      prefix.getType().getRank() != pieceType.getRank() ||
      !isWorkgroupMemory(piece) || isWorkgroupMemory(source))
    return failure();
  ViewAlignment sourceView = analyzeView(source, divisibility);
  ViewAlignment pieceView = analyzeView(piece, divisibility);
  if (!sourceView.innermostContiguous || !pieceView.innermostContiguous)
    return failure();
  int64_t elementBytes = getElementBytes(piece);
  ArrayRef<int64_t> shape = pieceType.getShape();
  int64_t width =
      getAsyncCopyWidth({sourceView, pieceView}, kMaxVectorBytes / elementBytes,
                        shape.back(), elementBytes);
  if (width == 0)
    return failure();

  Location loc = copy.getLoc();
  rewriter.setInsertionPoint(copy);
  SmallVector<Value> sizes =
      llvm::map_to_vector(prefix.getMixedSizes(), [&](OpFoldResult size) {
        return getValueOrCreateConstantIndexOp(rewriter, loc, size);
      });
  buildChunkLoops(
      rewriter, loc, getAsIndexOpFoldResult(rewriter.getContext(), shape),
      width, [&](OpBuilder &b, Location loc, ValueRange indices) {
        Value zero = arith::ConstantIndexOp::create(b, loc, 0);
        Value w = arith::ConstantIndexOp::create(b, loc, width);
        // The elements of this chunk the copy has: none when its row is
        // past the copy's rows, else the columns left, at most `width`.
        Value left =
            arith::SubIOp::create(b, loc, sizes.back(), indices.back());
        Value count = arith::MaxSIOp::create(
            b, loc, arith::MinSIOp::create(b, loc, left, w), zero);
        Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                             count, zero);
        for (unsigned d = 0; d + 1 < shape.size(); ++d)
          inside = arith::AndIOp::create(
              b, loc, inside,
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                    indices[d], sizes[d]));
        Value elements = arith::SelectOp::create(b, loc, inside, count, zero);
        SmallVector<Value> sourceIndices =
            llvm::map_to_vector(indices, [&](Value index) -> Value {
              return arith::SelectOp::create(b, loc, inside, index, zero);
            });
        nvgpu::DeviceAsyncCopyOp::create(
            b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()), piece,
            indices, source, sourceIndices, b.getIndexAttr(width), elements,
            width * elementBytes == 16 ? b.getUnitAttr() : UnitAttr());
      });
  rewriter.eraseOp(copy);
  rewriter.eraseOp(fill);
  return success();
}

/// A gathered run's staging issued ahead (copyGatheredRuns, then
/// --roller-pipeline-staging): `scf.if %inside { linalg.copy
/// {roller.async_copy} of a run } else { linalg.fill of zeros }` into the
/// same shared run becomes `cp.async` copies that read the run where
/// `%inside` holds and zero-fill it (`src-size` 0) where not, with no branch
/// and no synchronous store: the runs in a pad's zeros or past the patches'
/// edge are staged like the others. The source is read at the run's
/// position where it is inside and at its tensor's origin (no byte is read)
/// where not. A fill of another value (a pad's) keeps the branch.
static LogicalResult vectorizeGatheredRun(RewriterBase &rewriter,
                                          scf::IfOp branch,
                                          Divisibility &divisibility) {
  if (branch.getNumResults() != 0 || !branch.elseBlock())
    return failure();
  // then: the run's source view, its copy; else: the fill (and its
  // constant).
  Block *then = branch.thenBlock();
  auto copy = dyn_cast<linalg::CopyOp>(then->getTerminator()->getPrevNode());
  auto fill = dyn_cast_or_null<linalg::FillOp>(
      branch.elseBlock()->getTerminator()->getPrevNode());
  if (!copy || !fill || then->getOperations().size() != 3 ||
      !copy->hasAttr(RollerDialect::kAsyncCopyAttrName) ||
      fill.getOutputs()[0] != copy.getOutputs()[0] ||
      !(matchPattern(fill.value(), m_AnyZeroFloat()) ||
        matchPattern(fill.value(), m_Zero())) ||
      !llvm::all_of(branch.elseBlock()->without_terminator(),
                    [&](Operation &op) { return &op == fill || isPure(&op); }))
    return failure();
  auto run = copy.getInputs()[0].getDefiningOp<memref::SubViewOp>();
  Value destination = copy.getOutputs()[0];
  auto type = cast<MemRefType>(destination.getType());
  if (!run || run->getBlock() != then || !run.hasUnitStride() ||
      !type.hasStaticShape() || run.getType().getShape() != type.getShape() ||
      !isWorkgroupMemory(destination) || isWorkgroupMemory(run.getSource()))
    return failure();
  int64_t elementBytes = getElementBytes(destination);
  int64_t width = getAsyncCopyWidth(
      {analyzeView(run, divisibility), analyzeView(destination, divisibility)},
      kMaxVectorBytes / elementBytes, type.getShape().back(), elementBytes);
  if (width == 0)
    return failure();

  Location loc = branch.getLoc();
  rewriter.setInsertionPoint(branch);
  Value inside = branch.getCondition();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<OpFoldResult> offsets;
  for (OpFoldResult offset : run.getMixedOffsets()) {
    Value value = getValueOrCreateConstantIndexOp(rewriter, loc, offset);
    offsets.push_back(
        arith::SelectOp::create(rewriter, loc, inside, value, zero)
            .getResult());
  }
  Value source = memref::SubViewOp::create(
      rewriter, loc, run.getType(), run.getSource(), offsets,
      run.getMixedSizes(), run.getMixedStrides());
  buildChunkLoops(
      rewriter, loc,
      getAsIndexOpFoldResult(rewriter.getContext(), type.getShape()), width,
      [&](OpBuilder &b, Location loc, ValueRange indices) {
        Value elements = arith::SelectOp::create(
            b, loc, inside, arith::ConstantIndexOp::create(b, loc, width),
            arith::ConstantIndexOp::create(b, loc, 0));
        nvgpu::DeviceAsyncCopyOp::create(
            b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()),
            destination, indices, source, indices, b.getIndexAttr(width),
            elements,
            width * elementBytes == 16 ? b.getUnitAttr() : UnitAttr());
      });
  rewriter.eraseOp(branch);
  return success();
}

/// Gives the vector loads and stores other passes made without an alignment
/// (the per-lane accesses of mma accumulator fragments) the alignment that
/// can be proven for them, so that they stay one instruction.
static void annotateVectorAccesses(gpu::GPUFuncOp kernel,
                                   Divisibility &divisibility) {
  auto annotate = [&](auto access, Value base, ValueRange indices,
                      VectorType vector) {
    if (access.getAlignment() || indices.empty() || vector.getRank() != 1)
      return;
    ViewAlignment view = analyzeView(base, divisibility);
    if (!view.innermostContiguous)
      return;
    int64_t elementBytes = getElementBytes(base);
    // Indices other than the innermost step over whole strides, which the
    // view's alignment already accounts for.
    int64_t log2 = std::min(view.offsetLog2, divisibility.of(indices.back()));
    int64_t width = vector.getNumElements();
    int64_t bytes =
        std::min(view.baseBytes,
                 elementBytes << std::min<int64_t>(log2, llvm::Log2_64(width)));
    if (bytes > elementBytes)
      access.setAlignment(uint64_t(bytes));
  };
  kernel.walk([&](vector::LoadOp load) {
    annotate(load, load.getBase(), load.getIndices(), load.getVectorType());
  });
  kernel.walk([&](vector::StoreOp store) {
    annotate(store, store.getBase(), store.getIndices(), store.getVectorType());
  });
}

} // namespace

LogicalResult mlir::roller::vectorizeElementwiseAccesses(RewriterBase &rewriter,
                                                         linalg::LinalgOp op) {
  Divisibility divisibility;
  return vectorizeElementwise(rewriter, op, divisibility);
}

void mlir::roller::vectorizeKernelAccesses(RewriterBase &rewriter,
                                           gpu::GPUFuncOp kernel) {
  MLIRContext *ctx = rewriter.getContext();
  // Shared tiles start 16-byte aligned, so rows of a padded tile whose
  // stride is a multiple of 4 words take vector stores.
  auto align = IntegerAttr::get(IntegerType::get(ctx, 64), kMaxVectorBytes);
  rewriter.modifyOpInPlace(kernel, [&] {
    for (unsigned i = 0, e = kernel.getNumWorkgroupAttributions(); i < e; ++i)
      kernel.setWorkgroupAttributionAttr(
          i, LLVM::LLVMDialect::getAlignAttrName(), align);
  });
  kernel.walk([&](memref::AllocaOp alloca) {
    if (!alloca.getAlignment())
      rewriter.modifyOpInPlace(
          alloca, [&] { alloca.setAlignment(uint64_t(kMaxVectorBytes)); });
  });
  Divisibility divisibility;
  SmallVector<linalg::FillOp> zeroFills;
  kernel.walk([&](linalg::FillOp fill) {
    if (fill->hasAttr(RollerDialect::kZeroFillAttrName))
      zeroFills.push_back(fill);
  });
  for (linalg::FillOp fill : zeroFills)
    (void)vectorizeZeroFillCopy(rewriter, fill, divisibility);
  SmallVector<scf::IfOp> branches;
  kernel.walk([&](scf::IfOp branch) { branches.push_back(branch); });
  for (scf::IfOp branch : branches)
    (void)vectorizeGatheredRun(rewriter, branch, divisibility);
  SmallVector<linalg::LinalgOp> ops;
  kernel.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
  for (linalg::LinalgOp op : ops)
    (void)vectorizeElementwise(rewriter, op, divisibility);
  annotateVectorAccesses(kernel, divisibility);
}

namespace {
struct RollerVectorizeAccessesPass
    : public roller::impl::RollerVectorizeAccessesPassBase<
          RollerVectorizeAccessesPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk([&](gpu::GPUFuncOp kernel) {
      vectorizeKernelAccesses(rewriter, kernel);
    });
  }
};
} // namespace
