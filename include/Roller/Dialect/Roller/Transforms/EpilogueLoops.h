//===- EpilogueLoops.h - Consumer loops on producer axes --------*- C++ -*-===//
//
// The structural half of "can this elementwise consumer become the epilogue
// of its producer": which producer axis each consumer loop runs along. Both
// the rProgram fusion (FuseEpilogues.cpp) and the selection's plan of the
// fused groups (EpilogueGroups.h) ask it, on the maps of roller.compute and
// of linalg ops, so the model ranks exactly the groups that get fused.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_EPILOGUELOOPS_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_EPILOGUELOOPS_H

#include "mlir/IR/AffineMap.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>
#include <utility>

namespace mlir::roller {

/// A producer and its consumer as the matcher sees them.
struct EpilogueCandidate {
  /// The producer's output map and, per producer loop, whether it reduces.
  AffineMap written;
  SmallVector<bool> producerReduces;
  /// The consumer's maps of the operands that read the producer's result,
  /// and, per consumer loop, whether it reduces.
  SmallVector<AffineMap> resultReads;
  SmallVector<bool> consumerReduces;
  /// (consumer map, producer map) of each tensor both read as inputs.
  SmallVector<std::pair<AffineMap, AffineMap>> sharedReads;
};

/// How the consumer's loops run along the producer's axes.
struct EpilogueLoops {
  /// For each consumer loop, the producer axis it runs along (distinct).
  SmallVector<int64_t> axisOf;
  /// Some loop runs along a reduction axis: a row epilogue.
  bool row = false;
};

/// Why the consumer cannot be the producer's epilogue on structure alone,
/// or std::nullopt with `loops` filled: the producer writes its output along
/// all its parallel axes, once each; the consumer has parallel loops only,
/// at most the producer's; it reads the result through one permutation (a
/// projected permutation for a row epilogue, whose extra loops are bound to
/// the producer's reduction axes through a tensor both read); every loop
/// runs along a distinct producer axis. The caller checks the rest
/// (operands, users, tensor cores for row epilogues, linear accesses).
std::optional<std::string> matchEpilogueLoops(const EpilogueCandidate &pair,
                                              EpilogueLoops &loops);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_EPILOGUELOOPS_H
