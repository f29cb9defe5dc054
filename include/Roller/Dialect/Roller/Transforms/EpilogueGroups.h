//===- EpilogueGroups.h - Fused groups planned early ------------*- C++ -*-===//
//
// roller-fuse-epilogues fuses an elementwise consumer into its producer
// after both are tiled, with the producer's config. For the model to rank
// the producer's tiles for the kernel that will run (its epilogue's loads,
// stores and registers included), the selection plans the same groups on
// the linalg ops first, with the same structural test (EpilogueLoops.h).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_EPILOGUEGROUPS_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_EPILOGUEGROUPS_H

#include "Roller/Analysis/TensorExpr.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"

#include <optional>
#include <string>

namespace mlir::roller {

/// An elementwise linalg op planned as the epilogue of its producer.
struct PlannedEpilogue {
  linalg::LinalgOp consumer;
  /// The consumer's part of the fused expression (EpilogueExpr), its
  /// indices on the producer's axes.
  EpilogueExpr expr;
  /// Set by the selection when the two ops as separate kernels are
  /// predicted faster than the group it keeps: the remark's note.
  std::string slowerNote;
};

/// The epilogue roller-fuse-epilogues will give the rProgram of `producer`
/// once both are tiled, or std::nullopt (the fusion pass's own remarks say
/// why it refuses a pair; a plan has none to give): the producer has one
/// output, read by nothing but the inputs of one linalg op on tensors whose
/// loops matchEpilogueLoops maps onto the producer's axes, with linear
/// accesses. A row epilogue is planned only for producers that cannot run
/// on tensor cores (row epilogues follow CUDA-core reductions only).
std::optional<PlannedEpilogue> planEpilogue(linalg::LinalgOp producer);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_EPILOGUEGROUPS_H
