//===- TilePass.cpp - --roller-tile ---------------------------------------===//
//
// Selection (runSelection) followed by tileToRProgram on every op that has a
// config; ops left as they are get a remark with the reason.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"
#include "Roller/Dialect/Roller/Transforms/TileToRProgram.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERTILEPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {
struct RollerTilePass
    : public roller::impl::RollerTilePassBase<RollerTilePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(runSelection(
            module, SelectionOptions{device, topK, report, search, rank})))
      return signalPassFailure();

    SmallVector<linalg::LinalgOp> ops;
    module.walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(RollerDialect::kConfigAttrName))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      auto config =
          op->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName);
      std::string reason;
      if (failed(tileToRProgram(rewriter, op, config, reason)))
        op->emitRemark() << "roller-tile: left as is: " << reason;
    }
  }
};
} // namespace

std::unique_ptr<Pass>
mlir::roller::createRollerTilePass(const SelectionOptions &options) {
  RollerTilePassOptions tile;
  tile.device = options.device;
  tile.topK = options.topK;
  tile.report = options.report;
  tile.search = options.search;
  tile.rank = options.rank;
  return createRollerTilePass(std::move(tile));
}
