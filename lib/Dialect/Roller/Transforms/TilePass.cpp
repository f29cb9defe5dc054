//===- TilePass.cpp - --roller-tile
//----------------------------------------===//
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
/// Keeps the last match-failure reason, to turn it into a remark.
struct FailureReason : public RewriterBase::Listener {
  std::string message;
  void
  notifyMatchFailure(Location loc,
                     function_ref<void(Diagnostic &)> reasonCallback) override {
    Diagnostic diagnostic(loc, DiagnosticSeverity::Remark);
    reasonCallback(diagnostic);
    message = diagnostic.str();
  }
};

struct RollerTilePass
    : public roller::impl::RollerTilePassBase<RollerTilePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(runSelection(module, {device, topK, report, search, rank})))
      return signalPassFailure();

    SmallVector<linalg::LinalgOp> ops;
    module.walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(RollerDialect::kConfigAttrName))
        ops.push_back(op);
    });
    FailureReason reason;
    IRRewriter rewriter(&getContext(), &reason);
    for (linalg::LinalgOp op : ops) {
      auto config =
          op->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName);
      reason.message.clear();
      if (failed(tileToRProgram(rewriter, op, config)))
        op->emitRemark() << "roller-tile: left as is: " << reason.message;
    }
  }
};
} // namespace
