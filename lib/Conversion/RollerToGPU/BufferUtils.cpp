//===- BufferUtils.cpp - What the GPU steps ask of buffers ----------------===//

#include "BufferUtils.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::roller;

namespace {
/// How an op uses a memref operand: reads it, writes it, or both.
struct Access {
  bool reads = false;
  bool writes = false;
};
} // namespace

/// How `op` uses the memref `operand`, or std::nullopt for a use the
/// hoisting does not model.
static std::optional<Access> getAccess(Operation *op, OpOperand &operand) {
  if (isa<memref::LoadOp, vector::TransferReadOp, vector::LoadOp>(op))
    return Access{true, false};
  if (isa<memref::StoreOp, vector::TransferWriteOp, vector::StoreOp>(op))
    return Access{false, true};
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    if (linalgOp.isDpsInput(&operand))
      return Access{true, false};
    return Access{linalgOp.payloadUsesValueFromOperand(&operand), true};
  }
  return std::nullopt;
}

bool mlir::roller::isLoopPrivateTile(scf::ForOp loop, Value tile) {
  Value root = getRootBuffer(tile);
  bool reads = false, writes = false, understood = true;
  loop.getBody()->walk([&](Operation *op) {
    if (isa<CallOpInterface>(op)) {
      understood = false;
      return WalkResult::interrupt();
    }
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()) ||
          getRootBuffer(operand.get()) != root)
        continue;
      // Another view of the same buffer (or a view of the tile) inside the
      // loop: the accesses could overlap the private copy's.
      std::optional<Access> access = getAccess(op, operand);
      if (operand.get() != tile || !access) {
        understood = false;
        return WalkResult::interrupt();
      }
      reads |= access->reads;
      writes |= access->writes;
    }
    return WalkResult::advance();
  });
  return understood && reads && writes;
}

Value mlir::roller::getRootBuffer(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

bool mlir::roller::isWorkgroupMemory(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type &&
         gpu::GPUDialect::isWorkgroupMemoryAddressSpace(type.getMemorySpace());
}

/// Whether `use` returns true for some memref operand of `op` (or of an op
/// nested in it) that is a view of `buffer` (a root buffer), other than an
/// operand of a view: views themselves do not access memory. A call counts
/// as such a use (what it touches is not known).
static bool anyBufferUse(Operation *op, Value buffer,
                         function_ref<bool(Operation *, OpOperand &)> use) {
  WalkResult result = op->walk([&](Operation *nested) {
    if (isa<CallOpInterface>(nested))
      return WalkResult::interrupt();
    if (isa<ViewLikeOpInterface>(nested))
      return WalkResult::advance();
    for (OpOperand &operand : nested->getOpOperands())
      if (isa<MemRefType>(operand.get().getType()) &&
          getRootBuffer(operand.get()) == buffer && use(nested, operand))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Whether `op` (or an op nested in it) may read `buffer` through some view
/// of it.
static bool mayRead(Operation *op, Value buffer) {
  return anyBufferUse(op, buffer, [](Operation *user, OpOperand &operand) {
    std::optional<Access> access = getAccess(user, operand);
    return !access || access->reads;
  });
}

/// Whether `op` (or an op nested in it) uses a view of `buffer` other than
/// to make another view.
static bool usesBuffer(Operation *op, Value buffer) {
  return anyBufferUse(op, buffer,
                      [](Operation *, OpOperand &) { return true; });
}

linalg::FillOp mlir::roller::getAccumulatorFill(Operation *point, Value tile) {
  Value buffer = getRootBuffer(tile);
  for (Operation *op = point->getPrevNode(); op; op = op->getPrevNode()) {
    auto fill = dyn_cast<linalg::FillOp>(op);
    if (fill && fill->hasAttr(RollerDialect::kAccumulatorFillAttrName) &&
        fill.hasPureBufferSemantics() &&
        getRootBuffer(fill.getOutputs()[0]) == buffer)
      return fill.value().getType() == getElementTypeOrSelf(tile.getType())
                 ? fill
                 : nullptr;
    if (usesBuffer(op, buffer))
      return nullptr;
  }
  return nullptr;
}

/// Whether nothing before `op`, in its block and the enclosing ones up to
/// `launch`, accesses memory (a private buffer's allocation does not).
static bool isFirstMemoryAccess(Operation *op, Operation *launch) {
  for (; op != launch; op = op->getParentOp())
    for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode())
      if (!isMemoryEffectFree(prev) && !isa<memref::AllocaOp>(prev))
        return false;
  return true;
}

int64_t mlir::roller::eraseUnreadAccumulatorFills(RewriterBase &rewriter,
                                                  Operation *launch) {
  SmallVector<linalg::FillOp> fills;
  launch->walk([&](linalg::FillOp fill) {
    if (fill->hasAttr(RollerDialect::kAccumulatorFillAttrName) &&
        fill.hasPureBufferSemantics())
      fills.push_back(fill);
  });
  int64_t erased = 0;
  for (linalg::FillOp fill : fills) {
    Value buffer = getRootBuffer(fill.getOutputs()[0]);
    // What runs after the fill in each thread: the rest of its block, then
    // of each enclosing block up to the launch. In a loop, the next
    // iteration would run what comes before it too.
    bool read = false;
    for (Operation *op = fill; op != launch && !read; op = op->getParentOp()) {
      if (op != fill && isa<LoopLikeOpInterface>(op)) {
        read = true;
        break;
      }
      for (Operation *next = op->getNextNode(); next && !read;
           next = next->getNextNode())
        read = mayRead(next, buffer);
    }
    if (read)
      continue;
    // The barrier that made the fill visible to the other threads has
    // nothing left to order when no memory access comes before it.
    auto barrier = dyn_cast_or_null<gpu::BarrierOp>(fill->getNextNode());
    rewriter.eraseOp(fill);
    ++erased;
    if (barrier && isFirstMemoryAccess(barrier, launch))
      rewriter.eraseOp(barrier);
  }
  return erased;
}

FailureOr<SmallVector<Operation *>> mlir::roller::getViewChain(Value value) {
  SmallVector<Operation *> chain;
  while (auto subview = value.getDefiningOp<memref::SubViewOp>()) {
    chain.push_back(subview);
    value = subview.getSource();
  }
  auto view = value.getDefiningOp<memref::ViewOp>();
  if (!view || !view.getSource().getType().getElementType().isInteger(8))
    return failure();
  chain.push_back(view);
  std::reverse(chain.begin(), chain.end());
  return chain;
}

Value mlir::roller::getF16Twin(RewriterBase &rewriter, Location loc,
                               Value value) {
  SmallVector<Operation *> chain = *getViewChain(value);
  Type f16 = rewriter.getF16Type();
  auto retype = [&](Type type) -> MemRefType {
    return MemRefType::Builder(cast<MemRefType>(type)).setElementType(f16);
  };
  auto view = cast<memref::ViewOp>(chain.front());
  Value twin = memref::ViewOp::create(rewriter, loc, retype(view.getType()),
                                      view.getSource(), view.getByteShift(),
                                      view.getSizes());
  for (Operation *op : llvm::drop_begin(chain)) {
    auto subview = cast<memref::SubViewOp>(op);
    twin = memref::SubViewOp::create(rewriter, loc, retype(subview.getType()),
                                     twin, subview.getMixedOffsets(),
                                     subview.getMixedSizes(),
                                     subview.getMixedStrides());
  }
  return twin;
}

/// The value of the index or i1 `value` in the thread whose x id is `t`
/// (blocks are one-dimensional), when it is computed from thread ids and
/// constants by affine ops and integer comparisons; std::nullopt otherwise.
std::optional<int64_t> mlir::roller::evaluateInThread(Value value, int64_t t,
                                                      unsigned depth) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  // The thread ids and block sizes of a `gpu.launch` are its body's
  // arguments.
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto launch = dyn_cast<gpu::LaunchOp>(arg.getOwner()->getParentOp());
    if (!launch || arg.getOwner() != &launch.getBody().front())
      return std::nullopt;
    gpu::KernelDim3 ids = launch.getThreadIds();
    gpu::KernelDim3 sizes = launch.getBlockSize();
    if (arg == ids.x)
      return t;
    if (arg == ids.y || arg == ids.z)
      return 0;
    if (arg == sizes.x)
      return getConstantIntValue(launch.getBlockSizeX());
    if (arg == sizes.y)
      return getConstantIntValue(launch.getBlockSizeY());
    if (arg == sizes.z)
      return getConstantIntValue(launch.getBlockSizeZ());
    return std::nullopt;
  }
  Operation *op = value.getDefiningOp();
  if (!op || depth > 16)
    return std::nullopt;
  if (auto id = dyn_cast<gpu::ThreadIdOp>(op))
    return id.getDimension() == gpu::Dimension::x ? t : 0;
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    std::optional<int64_t> lhs = evaluateInThread(cmp.getLhs(), t, depth + 1);
    std::optional<int64_t> rhs = evaluateInThread(cmp.getRhs(), t, depth + 1);
    if (!lhs || !rhs)
      return std::nullopt;
    return int64_t(arith::applyCmpPredicate(cmp.getPredicate(),
                                            APInt(64, uint64_t(*lhs)),
                                            APInt(64, uint64_t(*rhs))));
  }
  AffineMap map;
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
    map = apply.getAffineMap();
  else if (auto min = dyn_cast<affine::AffineMinOp>(op))
    map = min.getAffineMap();
  else if (auto max = dyn_cast<affine::AffineMaxOp>(op))
    map = max.getAffineMap();
  else
    return std::nullopt;
  Builder builder(op->getContext());
  SmallVector<Attribute> operands;
  for (Value operand : op->getOperands()) {
    std::optional<int64_t> v = evaluateInThread(operand, t, depth + 1);
    if (!v)
      return std::nullopt;
    operands.push_back(builder.getIndexAttr(*v));
  }
  SmallVector<Attribute> folded;
  if (failed(map.constantFold(operands, folded)))
    return std::nullopt;
  SmallVector<int64_t> results = llvm::map_to_vector(
      folded, [](Attribute r) { return cast<IntegerAttr>(r).getInt(); });
  if (results.empty())
    return std::nullopt;
  if (isa<affine::AffineMinOp>(op))
    return *llvm::min_element(results);
  if (isa<affine::AffineMaxOp>(op))
    return *llvm::max_element(results);
  return results.front();
}
