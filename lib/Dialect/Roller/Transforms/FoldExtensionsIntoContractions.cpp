//===- FoldExtensionsIntoContractions.cpp - f16 GEMMs written in f32 ------===//
//
// `--roller-fold-extensions-into-contractions` and its entry points
// (FoldExtensionsIntoContractions.h).
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/FoldExtensionsIntoContractions.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERFOLDEXTENSIONSINTOCONTRACTIONSPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The f16 or bf16 tensor `value` is the elementwise extension of, or null:
/// `value` is the result of a linalg.generic with one input and one output,
/// identity maps, parallel loops only, and a body that yields `arith.extf`
/// of its input.
static Value getExtendedSource(Value value) {
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 || generic->getNumResults() != 1 ||
      !generic.hasPureTensorSemantics() ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return nullptr;
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (body.getOperations().size() != 2)
    return nullptr;
  auto extend = yield.getValues().front().getDefiningOp<arith::ExtFOp>();
  if (!extend || extend.getIn() != body.getArgument(0))
    return nullptr;
  Value source = generic.getDpsInputOperand(0)->get();
  Type element = getElementTypeOrSelf(source);
  if (!element.isF16() && !element.isBF16())
    return nullptr;
  return source;
}

/// A copy of `op` (a MatmulOp or BatchMatmulOp) reading `inputs`: the named
/// op's builder makes the body for the new input types; the indexing maps,
/// the cast and the discardable attributes are carried over.
template <typename OpTy>
static Operation *rebuild(RewriterBase &rewriter, Operation *op,
                          ValueRange inputs) {
  Operation *rebuilt = OpTy::create(
      rewriter, op->getLoc(), op->getResultTypes(), inputs,
      cast<OpTy>(op).getDpsInits(), llvm::to_vector(op->getDiscardableAttrs()));
  for (StringRef name : {"indexing_maps", "cast"})
    if (Attribute attr = op->getAttr(name))
      rebuilt->setAttr(name, attr);
  return rebuilt;
}

FailureOr<linalg::LinalgOp>
mlir::roller::foldExtensionsIntoContraction(RewriterBase &rewriter,
                                            linalg::LinalgOp op) {
  if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op.getOperation()) ||
      !op.hasPureTensorSemantics())
    return rewriter.notifyMatchFailure(op, "not a matmul on tensors");
  SmallVector<Value> sources;
  SmallVector<Operation *> extensions;
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value source = getExtendedSource(input->get());
    if (!source || (!sources.empty() && getElementTypeOrSelf(source) !=
                                            getElementTypeOrSelf(sources[0])))
      return rewriter.notifyMatchFailure(
          op, "inputs are not extensions of one f16 or bf16 type");
    sources.push_back(source);
    extensions.push_back(input->get().getDefiningOp());
  }

  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Operation *rebuilt =
      isa<linalg::MatmulOp>(op.getOperation())
          ? rebuild<linalg::MatmulOp>(rewriter, op, sources)
          : rebuild<linalg::BatchMatmulOp>(rewriter, op, sources);
  rewriter.replaceOp(op, rebuilt->getResults());
  // An extension the op shared with nobody would be a kernel of its own.
  for (Operation *extension : extensions)
    if (extension && isOpTriviallyDead(extension))
      rewriter.eraseOp(extension);
  return cast<linalg::LinalgOp>(rebuilt);
}

int64_t mlir::roller::foldExtensionsIntoContractions(RewriterBase &rewriter,
                                                     Operation *root,
                                                     bool remarks) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) {
    if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op.getOperation()))
      ops.push_back(op);
  });
  int64_t count = 0;
  for (linalg::LinalgOp op : ops) {
    Location loc = op.getLoc();
    if (failed(foldExtensionsIntoContraction(rewriter, op)))
      continue;
    ++count;
    if (remarks)
      emitRemark(loc) << "roller-fold-extensions-into-contractions: reads "
                         "its f16/bf16 operands before their extension to "
                         "f32 (tensor cores)";
  }
  return count;
}

namespace {
struct RollerFoldExtensionsIntoContractionsPass
    : public roller::impl::RollerFoldExtensionsIntoContractionsPassBase<
          RollerFoldExtensionsIntoContractionsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    foldExtensionsIntoContractions(rewriter, getOperation(),
                                   /*remarks=*/false);
  }
};
} // namespace
