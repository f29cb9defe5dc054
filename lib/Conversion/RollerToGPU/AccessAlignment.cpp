//===- AccessAlignment.cpp - What kernel accesses are aligned to ----------===//

#include "AccessAlignment.h"
#include "Roller/Conversion/RollerToGPU/KernelABI.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::roller;

static int64_t ofConstant(int64_t constant) {
  return constant == 0 ? kAnyPowerOfTwo : llvm::countr_zero(uint64_t(constant));
}

int64_t Divisibility::of(Value value) {
  auto it = cache.find(value);
  if (it != cache.end())
    return it->second;
  cache[value] = 0; // Cycles (loop-carried values) know nothing.
  int64_t result = std::min(compute(value), kAnyPowerOfTwo);
  cache[value] = result;
  return result;
}

int64_t Divisibility::compute(Value value) {
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

int64_t Divisibility::ofExpr(AffineExpr expr, ValueRange operands,
                             unsigned numDims) {
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

ViewAlignment mlir::roller::analyzeView(Value view,
                                        Divisibility &divisibility) {
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

int64_t mlir::roller::accessAlignment(const ViewAlignment &view, int64_t width,
                                      int64_t elementBytes) {
  int64_t log2 = std::min<int64_t>(view.offsetLog2, llvm::Log2_64(width));
  return std::min(view.baseBytes, elementBytes << log2);
}

void mlir::roller::buildChunkLoops(
    RewriterBase &rewriter, Location loc, ArrayRef<OpFoldResult> sizes,
    int64_t width, function_ref<void(OpBuilder &, Location, ValueRange)> body) {
  SmallVector<Value> lowerBounds, upperBounds, steps;
  for (auto [dim, size] : llvm::enumerate(sizes)) {
    lowerBounds.push_back(arith::ConstantIndexOp::create(rewriter, loc, 0));
    upperBounds.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, size));
    steps.push_back(arith::ConstantIndexOp::create(
        rewriter, loc, dim + 1 == sizes.size() ? width : 1));
  }
  scf::buildLoopNest(rewriter, loc, lowerBounds, upperBounds, steps, body);
}

int64_t mlir::roller::getAsyncCopyWidth(ArrayRef<ViewAlignment> views,
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

int64_t mlir::roller::getElementBytes(Value memref) {
  return cast<MemRefType>(memref.getType()).getElementTypeBitWidth() / 8;
}
