//===- RegisterTiles.cpp - Thread tiles held in registers -----------------===//
//
// `--roller-hoist-accumulators` and `--roller-unroll-register-tiles`: a
// thread's output tile lives in a private buffer across the reduction loops
// (instead of a global subview read and written every step), and the loops
// indexing that buffer are unrolled so LLVM can promote it to registers.
//
//===----------------------------------------------------------------------===//

#include "RegisterTiles.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERHOISTACCUMULATORSPASS
#define GEN_PASS_DEF_ROLLERUNROLLREGISTERTILESPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {

/// The largest thread tile kept in registers, in elements (a thread has at
/// most 255 32-bit registers).
constexpr int64_t kMaxRegisterTileElements = 1024;

/// How `op` uses the memref `operand`: reads it, writes it, or does
/// something the hoisting does not model (std::nullopt).
struct Access {
  bool reads = false;
  bool writes = false;
};
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

/// Whether every access inside `loop` to the buffer behind `tile` goes
/// through `tile` itself and the loop both reads and writes it: then the
/// tile can live in a private copy for the whole loop.
static bool isHoistableTile(scf::ForOp loop, Value tile) {
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

/// The statically shaped, small, non-shared subviews defined outside `loop`
/// and used inside it.
static SetVector<Value> getCandidateTiles(scf::ForOp loop) {
  SetVector<Value> tiles;
  loop.getBody()->walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      auto subview = operand.getDefiningOp<memref::SubViewOp>();
      if (!subview || !loop.isDefinedOutsideOfLoop(operand))
        continue;
      MemRefType type = subview.getType();
      if (type.hasStaticShape() && !isWorkgroupMemory(operand) &&
          type.getNumElements() <= kMaxRegisterTileElements)
        tiles.insert(operand);
    }
  });
  return tiles;
}

static void hoistAccumulators(gpu::LaunchOp launch, scf::ForOp loop) {
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
  OpBuilder builder(loop);
  for (Value tile : getCandidateTiles(loop)) {
    if (!isHoistableTile(loop, tile))
      continue;
    auto type = cast<MemRefType>(tile.getType());
    Location loc = tile.getLoc();
    builder.setInsertionPointToStart(&launch.getBody().front());
    auto registers = memref::AllocaOp::create(
        builder, loc, MemRefType::get(type.getShape(), type.getElementType()));
    builder.setInsertionPoint(loop);
    linalg::CopyOp::create(builder, loc, tile, registers.getResult());
    builder.setInsertionPointAfter(loop);
    linalg::CopyOp::create(builder, loc, registers.getResult(), tile);
    tile.replaceUsesWithIf(registers.getResult(), [&](OpOperand &use) {
      return loop->isProperAncestor(use.getOwner());
    });
  }
}

struct RollerHoistAccumulatorsPass
    : public roller::impl::RollerHoistAccumulatorsPassBase<
          RollerHoistAccumulatorsPass> {
  void runOnOperation() override {
    getOperation()->walk([](gpu::LaunchOp launch) {
      // Outermost loops first: once a tile is private there, the loops
      // nested inside see the private buffer and leave it alone.
      SmallVector<scf::ForOp> loops;
      launch.getBody().walk<WalkOrder::PreOrder>(
          [&](scf::ForOp loop) { loops.push_back(loop); });
      for (scf::ForOp loop : loops)
        hoistAccumulators(launch, loop);
    });
  }
};

/// Adds to `loops` every scf.for whose induction variable `value` depends on.
static void collectInductionVariables(Value value, SetVector<scf::ForOp> &loops,
                                      DenseSet<Value> &visited) {
  if (!visited.insert(value).second)
    return;
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    if (auto loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp()))
      if (loop.getInductionVar() == argument)
        loops.insert(loop);
    return;
  }
  Operation *op = value.getDefiningOp();
  if (!op || op->getNumRegions() != 0)
    return;
  for (Value operand : op->getOperands())
    collectInductionVariables(operand, loops, visited);
}

static int64_t getNestingDepth(Operation *op) {
  int64_t depth = 0;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    ++depth;
  return depth;
}

struct RollerUnrollRegisterTilesPass
    : public roller::impl::RollerUnrollRegisterTilesPassBase<
          RollerUnrollRegisterTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](gpu::GPUFuncOp kernel) { unrollKernel(kernel); });
  }

  void unrollKernel(gpu::GPUFuncOp kernel) {
    SetVector<scf::ForOp> loops;
    DenseSet<Value> visited;
    kernel.walk([&](Operation *op) {
      auto index = [&](ValueRange indices, Value memref) {
        if (!getRootBuffer(memref).getDefiningOp<memref::AllocaOp>())
          return;
        for (Value value : indices)
          collectInductionVariables(value, loops, visited);
      };
      if (auto load = dyn_cast<memref::LoadOp>(op))
        index(load.getIndices(), load.getMemRef());
      else if (auto store = dyn_cast<memref::StoreOp>(op))
        index(store.getIndices(), store.getMemRef());
      else if (auto load = dyn_cast<vector::LoadOp>(op))
        index(load.getIndices(), load.getBase());
      else if (auto store = dyn_cast<vector::StoreOp>(op))
        index(store.getIndices(), store.getBase());
    });
    // Innermost first, so each unrolling sees its body already unrolled
    // (and its size estimate is the real one).
    SmallVector<scf::ForOp> order(loops.begin(), loops.end());
    llvm::stable_sort(order, [](scf::ForOp a, scf::ForOp b) {
      return getNestingDepth(a) > getNestingDepth(b);
    });
    for (scf::ForOp loop : order) {
      std::optional<llvm::APInt> trips = loop.getStaticTripCount();
      if (!trips)
        continue;
      int64_t bodyOps = 0;
      loop.getBody()->walk([&](Operation *) { ++bodyOps; });
      if (trips->getSExtValue() * bodyOps > maxUnrolledOps)
        continue;
      // Unrolling is an optimization: a loop it cannot unroll stays a loop
      // (and its tile goes to local memory, which ptxas -v reports).
      (void)loopUnrollFull(loop);
    }
  }
};

} // namespace

bool mlir::roller::isLoopPrivateTile(scf::ForOp loop, Value tile) {
  return isHoistableTile(loop, tile);
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
