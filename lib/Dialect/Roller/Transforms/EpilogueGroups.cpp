//===- EpilogueGroups.cpp - Fused groups planned early --------------------===//

#include "Roller/Dialect/Roller/Transforms/EpilogueGroups.h"
#include "Roller/Analysis/LinalgTensorExpr.h"
#include "Roller/Dialect/Roller/Transforms/EpilogueLoops.h"

using namespace mlir;
using namespace mlir::roller;

/// `access` of the consumer with its indices moved onto the producer's
/// axes: consumer loop `l` runs along producer axis `axisOf[l]`.
static TensorAccess moveToAxes(TensorAccess access, ArrayRef<int64_t> axisOf,
                               unsigned rank) {
  for (AffineIndex &index : access.indices) {
    std::vector<int64_t> coeffs(rank, 0);
    for (auto [loop, coeff] : llvm::enumerate(index.coeffs))
      coeffs[axisOf[loop]] = coeff;
    index.coeffs = std::move(coeffs);
  }
  return access;
}

std::optional<PlannedEpilogue>
mlir::roller::planEpilogue(linalg::LinalgOp producer, std::string &reason) {
  if (producer->getNumResults() != 1 || producer.getNumDpsInits() != 1 ||
      !producer.hasPureTensorSemantics()) {
    reason = "the producer does not have one tensor result";
    return std::nullopt;
  }
  Value result = producer->getResult(0);
  linalg::LinalgOp consumer;
  for (OpOperand &use : result.getUses()) {
    auto user = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (!user || !user.isDpsInput(&use) || (consumer && consumer != user)) {
      reason = "the result has users other than one linalg op's inputs";
      return std::nullopt;
    }
    consumer = user;
  }
  if (!consumer) {
    reason = "the result has no linalg user";
    return std::nullopt;
  }
  if (!consumer.hasPureTensorSemantics()) {
    reason = "the consumer works on memrefs";
    return std::nullopt;
  }

  EpilogueCandidate pair;
  pair.written = producer.getMatchingIndexingMap(producer.getDpsInitOperand(0));
  for (utils::IteratorType kind : producer.getIteratorTypesArray())
    pair.producerReduces.push_back(kind == utils::IteratorType::reduction);
  for (utils::IteratorType kind : consumer.getIteratorTypesArray())
    pair.consumerReduces.push_back(kind == utils::IteratorType::reduction);
  for (OpOperand *input : consumer.getDpsInputOperands()) {
    AffineMap map = consumer.getMatchingIndexingMap(input);
    if (input->get() == result) {
      pair.resultReads.push_back(map);
      continue;
    }
    for (OpOperand *shared : producer.getDpsInputOperands())
      if (shared->get() == input->get())
        pair.sharedReads.push_back(
            {map, producer.getMatchingIndexingMap(shared)});
  }
  EpilogueLoops loops;
  if (std::optional<std::string> why = matchEpilogueLoops(pair, loops)) {
    reason = *why;
    return std::nullopt;
  }

  llvm::Expected<TensorExpr> producerExpr = tensorExprFromLinalg(producer);
  if (!producerExpr) {
    reason = "the producer has no tensor expression: " +
             llvm::toString(producerExpr.takeError());
    return std::nullopt;
  }
  llvm::Expected<TensorExpr> consumerExpr = tensorExprFromLinalg(consumer);
  if (!consumerExpr) {
    reason = "the consumer has no tensor expression: " +
             llvm::toString(consumerExpr.takeError());
    return std::nullopt;
  }
  if (loops.row && !producerExpr->mmaInputType.empty()) {
    reason = "a row epilogue of an operator that may run on tensor cores "
             "(row epilogues follow CUDA-core reductions only)";
    return std::nullopt;
  }
  PlannedEpilogue plan{consumer, EpilogueExpr{}};
  plan.expr.opName = consumerExpr->opName;
  plan.expr.opsPerPoint = consumerExpr->opsPerPoint;
  unsigned rank = producerExpr->getRank();
  for (auto [index, input] : llvm::enumerate(consumer.getDpsInputOperands()))
    if (input->get() != result)
      plan.expr.inputs.push_back(
          moveToAxes(consumerExpr->inputs[index], loops.axisOf, rank));
  for (const TensorAccess &output : consumerExpr->outputs)
    plan.expr.outputs.push_back(moveToAxes(output, loops.axisOf, rank));
  return plan;
}
