//===- StripAttributes.cpp - Output any tool can read ---------------------===//
//
// `--roller-strip-attributes`: tools that run or translate the result do
// not load the roller dialect and cannot even parse its attributes.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/LoweringCleanup.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERSTRIPATTRIBUTESPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

int64_t mlir::roller::stripRollerAttributes(RewriterBase &rewriter,
                                            Operation *root) {
  int64_t removed = 0;
  root->walk([&](Operation *op) {
    SmallVector<StringAttr> names;
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (attr.getName().strref().starts_with("roller."))
        names.push_back(attr.getName());
    if (names.empty())
      return;
    rewriter.modifyOpInPlace(op, [&] {
      for (StringAttr name : names)
        op->removeDiscardableAttr(name);
    });
    removed += names.size();
  });
  return removed;
}

namespace {
struct RollerStripAttributesPass
    : public roller::impl::RollerStripAttributesPassBase<
          RollerStripAttributesPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)stripRollerAttributes(rewriter, getOperation());
  }
};
} // namespace
