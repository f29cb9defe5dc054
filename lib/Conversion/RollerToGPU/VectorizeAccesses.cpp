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

/// The widest access the hardware has, in bytes (ld.global.v4.b32).
constexpr int64_t kMaxVectorBytes = 16;
/// "Divisible by any power of two": the known alignment of zero.
constexpr int64_t kAnyPowerOfTwo = 62;

/// log2 of the largest power of two known to divide an index value.
class Divisibility {
public:
  int64_t of(Value value) {
    auto it = cache.find(value);
    if (it != cache.end())
      return it->second;
    cache[value] = 0; // Cycles (loop-carried values) know nothing.
    int64_t result = std::min(compute(value), kAnyPowerOfTwo);
    cache[value] = result;
    return result;
  }

private:
  static int64_t ofConstant(int64_t constant) {
    return constant == 0 ? kAnyPowerOfTwo
                         : llvm::countr_zero(uint64_t(constant));
  }

  int64_t compute(Value value) {
    llvm::APInt constant;
    if (matchPattern(value, m_ConstantInt(&constant)))
      return ofConstant(constant.getSExtValue());
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      auto loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
      if (loop && loop.getInductionVar() == argument)
        return std::min(of(loop.getLowerBound()), of(loop.getStep()));
      return 0;
    }
    Operation *op = value.getDefiningOp();
    if (auto mul = dyn_cast<arith::MulIOp>(op))
      return of(mul.getLhs()) + of(mul.getRhs());
    if (auto add = dyn_cast<arith::AddIOp>(op))
      return std::min(of(add.getLhs()), of(add.getRhs()));
    if (auto sub = dyn_cast<arith::SubIOp>(op))
      return std::min(of(sub.getLhs()), of(sub.getRhs()));
    if (auto rem = dyn_cast<arith::RemUIOp>(op))
      return std::min(of(rem.getLhs()), of(rem.getRhs()));
    if (auto cast = dyn_cast<arith::IndexCastOp>(op))
      return of(cast.getIn());
    if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
      return ofExpr(apply.getAffineMap().getResult(0), apply.getMapOperands(),
                    apply.getAffineMap().getNumDims());
    return 0;
  }

  int64_t ofExpr(AffineExpr expr, ValueRange operands, unsigned numDims) {
    if (auto constant = dyn_cast<AffineConstantExpr>(expr))
      return ofConstant(constant.getValue());
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      return of(operands[dim.getPosition()]);
    if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
      return of(operands[numDims + symbol.getPosition()]);
    auto binary = cast<AffineBinaryOpExpr>(expr);
    int64_t lhs = ofExpr(binary.getLHS(), operands, numDims);
    int64_t rhs = ofExpr(binary.getRHS(), operands, numDims);
    switch (expr.getKind()) {
    case AffineExprKind::Add:
    case AffineExprKind::Mod: // x mod c = x - c * floor(x / c).
      return std::min(lhs, rhs);
    case AffineExprKind::Mul:
      return lhs + rhs;
    default:
      return 0;
    }
  }

  DenseMap<Value, int64_t> cache;
};

/// What is known of the addresses of a statically strided memref view.
struct ViewAlignment {
  /// Bytes the first element's address is known to be a multiple of.
  int64_t baseBytes = 1;
  /// log2 of the largest power of two dividing the view's element offset
  /// from the base and every stride but the innermost.
  int64_t offsetLog2 = 0;
  bool innermostContiguous = false;
};

/// The alignment in bytes of the buffer a kernel view starts from.
static int64_t getRootAlignment(Value root, int64_t elementBytes) {
  if (auto argument = dyn_cast<BlockArgument>(root)) {
    auto kernel = dyn_cast<gpu::GPUFuncOp>(argument.getOwner()->getParentOp());
    if (!kernel)
      return elementBytes;
    // Workgroup attributions are given 16-byte alignment by this pass; the
    // launcher's buffers are assumed aligned as the launch description says.
    return kKernelBufferAlignment;
  }
  if (auto alloca = root.getDefiningOp<memref::AllocaOp>())
    return alloca.getAlignment().value_or(elementBytes);
  if (auto view = root.getDefiningOp<memref::ViewOp>()) {
    // Views into gpu.dynamic_shared_memory or a workgroup attribution
    // (both 16-byte aligned) at a shift.
    llvm::APInt shift;
    auto attribution = dyn_cast<BlockArgument>(view.getSource());
    bool aligned =
        view.getSource().getDefiningOp<gpu::DynamicSharedMemoryOp>() ||
        (attribution &&
         isa<gpu::GPUFuncOp>(attribution.getOwner()->getParentOp()));
    if (aligned && matchPattern(view.getByteShift(), m_ConstantInt(&shift)))
      return shift.isZero() ? kMaxVectorBytes
                            : std::min<int64_t>(kMaxVectorBytes,
                                                int64_t(1) << llvm::countr_zero(
                                                    shift.getZExtValue()));
  }
  return elementBytes;
}

static ViewAlignment analyzeView(Value view, Divisibility &divisibility) {
  auto type = cast<MemRefType>(view.getType());
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  ViewAlignment result;
  result.baseBytes = elementBytes;
  SmallVector<int64_t> strides;
  int64_t staticOffset;
  if (failed(type.getStridesAndOffset(strides, staticOffset)) ||
      strides.empty())
    return result;
  result.innermostContiguous = strides.back() == 1;
  int64_t log2 = kAnyPowerOfTwo;
  for (int64_t stride : ArrayRef(strides).drop_back()) {
    if (ShapedType::isDynamic(stride))
      return result;
    log2 = std::min<int64_t>(log2, stride == 0
                                       ? kAnyPowerOfTwo
                                       : llvm::countr_zero(uint64_t(stride)));
  }
  // The element offset: a sum over the chain of subviews of each offset
  // times the stride of its source dimension.
  Value current = view;
  while (auto subview = current.getDefiningOp<memref::SubViewOp>()) {
    SmallVector<int64_t> sourceStrides;
    int64_t sourceOffset;
    if (failed(subview.getSourceType().getStridesAndOffset(sourceStrides,
                                                           sourceOffset)))
      return result;
    for (auto [offset, stride] :
         llvm::zip(subview.getMixedOffsets(), sourceStrides)) {
      if (ShapedType::isDynamic(stride))
        return result;
      int64_t offsetLog2;
      if (auto attr = dyn_cast<Attribute>(offset)) {
        int64_t value = cast<IntegerAttr>(attr).getInt();
        offsetLog2 =
            value == 0 ? kAnyPowerOfTwo : llvm::countr_zero(uint64_t(value));
      } else {
        offsetLog2 = divisibility.of(cast<Value>(offset));
      }
      int64_t strideLog2 =
          stride == 0 ? kAnyPowerOfTwo : llvm::countr_zero(uint64_t(stride));
      log2 = std::min(log2, std::min(kAnyPowerOfTwo, offsetLog2 + strideLog2));
    }
    current = subview.getSource();
  }
  // The chain must start at an identity-layout buffer (offset 0).
  auto rootType = cast<MemRefType>(current.getType());
  if (!rootType.getLayout().isIdentity())
    return result;
  result.baseBytes = getRootAlignment(current, elementBytes);
  result.offsetLog2 = log2;
  return result;
}

/// The byte alignment of `width`-element accesses at multiples of `width`
/// along the innermost dimension of a view.
static int64_t accessAlignment(const ViewAlignment &view, int64_t width,
                               int64_t elementBytes) {
  int64_t log2 = std::min<int64_t>(view.offsetLog2, llvm::Log2_64(width));
  return std::min(view.baseBytes, elementBytes << log2);
}

/// Loops over the static `shape`, the innermost dimension in steps of
/// `width` (one vector or cp.async chunk per iteration).
static void
buildChunkLoops(RewriterBase &rewriter, Location loc, ArrayRef<int64_t> shape,
                int64_t width,
                function_ref<void(OpBuilder &, Location, ValueRange)> body) {
  SmallVector<Value> lowerBounds, upperBounds, steps;
  for (auto [dim, size] : llvm::enumerate(shape)) {
    lowerBounds.push_back(arith::ConstantIndexOp::create(rewriter, loc, 0));
    upperBounds.push_back(arith::ConstantIndexOp::create(rewriter, loc, size));
    steps.push_back(arith::ConstantIndexOp::create(
        rewriter, loc, dim + 1 == shape.size() ? width : 1));
  }
  scf::buildLoopNest(rewriter, loc, lowerBounds, upperBounds, steps, body);
}

/// The most elements, at most `maxWidth` (halving from it), that one
/// `cp.async` copies along rows of `rowLength`: 4, 8 or 16 bytes, with
/// every view aligned to that size; 0 when none qualifies.
static int64_t getAsyncCopyWidth(ArrayRef<ViewAlignment> views,
                                 int64_t maxWidth, int64_t rowLength,
                                 int64_t elementBytes) {
  for (int64_t w = maxWidth; w >= 1; w /= 2) {
    int64_t bytes = w * elementBytes;
    if ((bytes == 4 || bytes == 8 || bytes == 16) && rowLength % w == 0 &&
        llvm::all_of(views, [&](const ViewAlignment &view) {
          return accessAlignment(view, w, elementBytes) == bytes;
        }))
      return w;
  }
  return 0;
}

/// Whether `op` is an elementwise op on static memrefs (a copy or a
/// generic with identity maps and parallel loops) whose body maps onto
/// vectors: elementwise-mappable ops on ints and floats, and constants.
static bool isVectorizableElementwise(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0 ||
      op.getNumParallelLoops() != op.getNumLoops() ||
      !llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !type.hasStaticShape() ||
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

static int64_t getElementBytes(Value memref) {
  return cast<MemRefType>(memref.getType()).getElementTypeBitWidth() / 8;
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
      rewriter, loc, shape, width,
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
      rewriter, loc, shape, width,
      [&](OpBuilder &b, Location loc, ValueRange indices) {
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
