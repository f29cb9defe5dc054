//===- TileToRProgram.h - Rewrite a linalg op into an rProgram --*- C++ -*-===//
//
// The C++ entry point of --roller-tile: one linalg op with a #roller.config
// becomes a roller.rprogram whose body loads each operand's data tile level
// by level (global -> shared (padded) -> registers), computes on the thread
// tile and stores the result back.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_TILETORPROGRAM_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_TILETORPROGRAM_H

#include "Roller/Dialect/Roller/IR/RollerOps.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::roller {

/// Rewrites `op` into a roller.rprogram scheduled by `config` and replaces
/// its results. Fails (with the reason through the rewriter's match-failure
/// hook, and without touching the IR) when the op has scalar or dynamic
/// operands, or when the config does not tile its loop nest.
FailureOr<RProgramOp> tileToRProgram(RewriterBase &rewriter,
                                     linalg::LinalgOp op, ConfigAttr config);

/// As above, and on failure sets `reason` to why the op was left as it is
/// (the rewriter's own listener still sees every notification).
FailureOr<RProgramOp> tileToRProgram(RewriterBase &rewriter,
                                     linalg::LinalgOp op, ConfigAttr config,
                                     std::string &reason);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_TILETORPROGRAM_H
