//===- Traffic.h - Memory traffic, footprints and reuse scores --*- C++ -*-===//
//
// Q(T) and F(T) of ROLLER section 4.2 for the two tiled levels, and the data
// reuse score S_i = (Q(T) - Q(T'_i)) / (F(T'_i) - F(T)) that drives the
// greedy construction.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ANALYSIS_TRAFFIC_H
#define ROLLER_ANALYSIS_TRAFFIC_H

#include "Roller/Analysis/Device.h"
#include "Roller/Analysis/TensorExpr.h"

#include "llvm/ADT/SmallVector.h"

namespace mlir::roller {

/// Tiles of size `tile` needed to cover the spatial axes (thread blocks at
/// level 0), and the steps needed to cover the reduction axes.
int64_t countSpatialTiles(const TensorExpr &expr, llvm::ArrayRef<int64_t> tile);
int64_t countReductionSteps(const TensorExpr &expr,
                            llvm::ArrayRef<int64_t> tile);

/// Bytes of global memory one data tile of `access` costs when moved in
/// transactions of `transactionBytes`: each contiguous row is rounded up to
/// whole transactions (the transaction penalty of a misaligned tile).
double getTileTransactionBytes(const TensorAccess &access,
                               llvm::ArrayRef<int64_t> tile,
                               int64_t transactionBytes);

/// Bytes of global memory the reads of `read` (one of expr's) in a box of
/// `tile` iterations cost: one element per point, as an input of the loop
/// nest's shape indexed by every axis in order (IndirectRead: the elements
/// read are known only at run time).
double getIndirectReadTransactionBytes(const TensorExpr &expr,
                                       const IndirectRead &read,
                                       llvm::ArrayRef<int64_t> tile,
                                       int64_t transactionBytes);

/// Elements of the gathered inputs (TensorAccess::gathered) that all blocks
/// stage with block tile T: every block stages its tile of each once per
/// reduction step.
double getGatheredElements(const TensorExpr &expr,
                           llvm::ArrayRef<int64_t> tile);

/// Positions a gather computes, each with its own index arithmetic: single
/// elements, and runs of TensorAccess::gatherRun contiguous elements.
struct GatherPositions {
  double elements = 0;
  double runs = 0;
};

/// The positions the gathers of getGatheredElements compute with block tile
/// T: one per run where the tile's innermost extent is whole runs, else one
/// per element.
GatherPositions getGatherPositions(const TensorExpr &expr,
                                   llvm::ArrayRef<int64_t> tile);

/// Q0(T): bytes moved from global memory when the whole operator runs with
/// block tile T: every block loads its input tiles once per reduction step
/// and writes its output tile once. With a fused epilogue, every block
/// loads the epilogue's input tiles once and writes its output tiles in
/// place of the operator's (EpilogueExpr::getBlockBox).
double getGlobalTraffic(const TensorExpr &expr, llvm::ArrayRef<int64_t> tile,
                        int64_t transactionBytes);

/// F0(T): shared-memory bytes of one block's input tiles (one stage),
/// `padding` elements added to each row of input i (empty: none).
int64_t getSharedFootprint(const TensorExpr &expr, llvm::ArrayRef<int64_t> tile,
                           llvm::ArrayRef<int64_t> padding = {});

/// The elements of every access's data tile for one box of iterations
/// (TensorAccess::tileElements), in the order of expr.inputs, expr.outputs
/// and the epilogue's inputs and outputs. The thread-tile construction takes
/// the register footprint, the register traffic and the register estimate of
/// each tile it tries; they share these counts, computed once.
struct AccessTileElements {
  llvm::SmallVector<int64_t, 4> inputs, outputs, epilogueInputs,
      epilogueOutputs;
};
AccessTileElements getAccessTileElements(const TensorExpr &expr,
                                         llvm::ArrayRef<int64_t> tile);

/// Q1(T1): bytes moved from the level above registers (shared memory, or
/// global when nothing is staged) into registers for the whole operator with
/// thread tile T1: one input tile per thread-tile step.
double getRegisterTraffic(const TensorExpr &expr, llvm::ArrayRef<int64_t> tile);
/// The same from the tile's getAccessTileElements.
double getRegisterTraffic(const TensorExpr &expr, llvm::ArrayRef<int64_t> tile,
                          const AccessTileElements &elements);

/// F1(T1): 32-bit registers one thread holds for its tiles: the output
/// accumulators plus one step of each input, plus the epilogue's tiles.
int64_t getRegisterFootprint(const TensorExpr &expr,
                             llvm::ArrayRef<int64_t> tile);
/// The same from the tile's getAccessTileElements.
int64_t getRegisterFootprint(const TensorExpr &expr,
                             const AccessTileElements &elements);

/// The reuse score of growing `tile` into `grown` at a level with traffic Q
/// and footprint F. Growing that saves traffic at no footprint cost scores
/// +infinity; growing that saves nothing scores <= 0.
double getReuseScore(double trafficBefore, double trafficAfter,
                     double footprintBefore, double footprintAfter);

} // namespace mlir::roller

#endif // ROLLER_ANALYSIS_TRAFFIC_H
