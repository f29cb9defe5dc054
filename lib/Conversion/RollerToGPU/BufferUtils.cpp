//===- BufferUtils.cpp - What the GPU steps ask of buffers ----------------===//

#include "BufferUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
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
