//===- MatchFailureReason.h - Keep why a transform failed -------*- C++ -*-===//
//
// Private to the Transforms library: the entry points that return a reason
// with their failure (for a remark or a diagnostic at the op) run the
// transform with a listener that records its last notifyMatchFailure.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_MATCHFAILUREREASON_H
#define ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_MATCHFAILUREREASON_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::roller {

/// Forwards every notification to the rewriter's own listener and keeps the
/// last match-failure reason.
struct FailureReasonListener : public RewriterBase::ForwardingListener {
  FailureReasonListener(OpBuilder::Listener *listener, std::string &reason)
      : ForwardingListener(listener), reason(reason) {}
  void
  notifyMatchFailure(Location loc,
                     function_ref<void(Diagnostic &)> reasonCallback) override {
    Diagnostic diagnostic(loc, DiagnosticSeverity::Remark);
    reasonCallback(diagnostic);
    reason = diagnostic.str();
    ForwardingListener::notifyMatchFailure(loc, reasonCallback);
  }
  std::string &reason;
};

/// Runs `transform()` with `rewriter` reporting its last match failure into
/// `reason`; the rewriter's listener is restored afterwards.
template <typename Transform>
auto keepMatchFailureReason(RewriterBase &rewriter, std::string &reason,
                            Transform &&transform) {
  OpBuilder::Listener *previous = rewriter.getListener();
  FailureReasonListener listener(previous, reason);
  rewriter.setListener(&listener);
  auto result = transform();
  rewriter.setListener(previous);
  return result;
}

} // namespace mlir::roller

#endif // ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_MATCHFAILUREREASON_H
