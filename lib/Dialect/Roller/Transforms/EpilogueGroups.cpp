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
mlir::roller::planEpilogue(linalg::LinalgOp producer) {
  if (producer->getNumResults() != 1 || producer.getNumDpsInits() != 1 ||
      !producer.hasPureTensorSemantics())
    return std::nullopt;
  // One linalg op on tensors reads the result, as inputs only.
  Value result = producer->getResult(0);
  linalg::LinalgOp consumer;
  for (OpOperand &use : result.getUses()) {
    auto user = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (!user || !user.isDpsInput(&use) || (consumer && consumer != user))
      return std::nullopt;
    consumer = user;
  }
  if (!consumer || !consumer.hasPureTensorSemantics())
    return std::nullopt;

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
  if (matchEpilogueLoops(pair, loops))
    return std::nullopt;

  // Linear accesses (and a producer the selection schedules at all).
  llvm::Expected<TensorExpr> producerExpr = tensorExprFromLinalg(producer);
  if (!producerExpr) {
    llvm::consumeError(producerExpr.takeError());
    return std::nullopt;
  }
  llvm::Expected<TensorExpr> consumerExpr = tensorExprFromLinalg(consumer);
  if (!consumerExpr) {
    llvm::consumeError(consumerExpr.takeError());
    return std::nullopt;
  }
  if (loops.row && !producerExpr->mmaInputType.empty())
    return std::nullopt;
  // EpilogueExpr has no indirect reads: their traffic would go uncounted.
  if (!consumerExpr->indirectReads.empty())
    return std::nullopt;
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
