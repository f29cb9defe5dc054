//===- Traffic.cpp - Memory traffic, footprints and reuse scores ----------===//

#include "Roller/Analysis/Traffic.h"

#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::roller;

int64_t mlir::roller::countSpatialTiles(const TensorExpr &expr,
                                        llvm::ArrayRef<int64_t> tile) {
  int64_t count = 1;
  for (auto [axis, size] : llvm::zip(expr.axes, tile))
    if (!axis.isReduction())
      count *= llvm::divideCeil(axis.extent, size);
  return count;
}

int64_t mlir::roller::countReductionSteps(const TensorExpr &expr,
                                          llvm::ArrayRef<int64_t> tile) {
  int64_t count = 1;
  for (auto [axis, size] : llvm::zip(expr.axes, tile))
    if (axis.isReduction())
      count *= llvm::divideCeil(axis.extent, size);
  return count;
}

double mlir::roller::getTileTransactionBytes(const TensorAccess &access,
                                             llvm::ArrayRef<int64_t> tile,
                                             int64_t transactionBytes) {
  // A scalar operand is one cached word for the whole grid; charging it per
  // block would make every larger tile look like reuse.
  if (access.indices.empty())
    return 0;
  // A contiguous run continues into the next outer dimension while the
  // inner ones are covered whole (a 1x1 filter [F, C, 1, 1] is contiguous
  // along C).
  int d = int(access.shape.size()) - 1;
  int64_t extent = access.tileDim(d, tile), run = extent;
  while (d > 0 && extent == access.shape[d]) {
    --d;
    extent = access.tileDim(d, tile);
    run *= extent;
  }
  double rows = 1;
  for (int outer = 0; outer < d; ++outer)
    rows *= double(access.tileDim(outer, tile));
  int64_t rowBytes = run * access.elementBytes;
  return rows * double(llvm::alignTo(rowBytes, transactionBytes));
}

double mlir::roller::getIndirectReadTransactionBytes(
    const TensorExpr &expr, const IndirectRead &read,
    llvm::ArrayRef<int64_t> tile, int64_t transactionBytes) {
  // One element per point: an input of the loop nest's shape indexed by
  // every axis in order.
  TensorAccess access;
  access.elementBytes = read.elementBytes;
  unsigned rank = expr.getRank();
  for (unsigned a = 0; a < rank; ++a) {
    access.shape.push_back(expr.axes[a].extent);
    AffineIndex index;
    index.coeffs.assign(rank, 0);
    index.coeffs[a] = 1;
    access.indices.push_back(std::move(index));
  }
  // A rank-0 loop nest reads one element.
  if (rank == 0)
    return double(read.elementBytes);
  return getTileTransactionBytes(access, tile, transactionBytes);
}

/// Tiles of size `tile` over the whole (padded) iteration space times the
/// reduction steps of each: how often an input's tile is loaded.
static double countTileLoads(const TensorExpr &expr,
                             llvm::ArrayRef<int64_t> tile) {
  return double(countSpatialTiles(expr, tile)) *
         double(countReductionSteps(expr, tile));
}

double mlir::roller::getGatheredElements(const TensorExpr &expr,
                                         llvm::ArrayRef<int64_t> tile) {
  double elements = 0;
  for (const TensorAccess &input : expr.inputs)
    if (input.isRead && input.gathered)
      elements += double(input.tileElements(tile));
  return elements * countTileLoads(expr, tile);
}

GatherPositions mlir::roller::getGatherPositions(const TensorExpr &expr,
                                                 llvm::ArrayRef<int64_t> tile) {
  GatherPositions positions;
  double loads = countTileLoads(expr, tile);
  for (const TensorAccess &input : expr.inputs) {
    if (!input.isRead || !input.gathered || input.indices.empty())
      continue;
    double elements = double(input.tileElements(tile)) * loads;
    int64_t run = input.gatherRun;
    if (run > 1 && input.tileDim(input.shape.size() - 1, tile) % run == 0)
      positions.runs += elements / double(run);
    else
      positions.elements += elements;
  }
  return positions;
}

double mlir::roller::getGlobalTraffic(const TensorExpr &expr,
                                      llvm::ArrayRef<int64_t> tile,
                                      int64_t transactionBytes) {
  double blocks = double(countSpatialTiles(expr, tile));
  double loads = countTileLoads(expr, tile);
  double bytes = 0;
  for (const TensorAccess &input : expr.inputs)
    if (input.isRead)
      bytes += loads * getTileTransactionBytes(input, tile, transactionBytes);
  for (const IndirectRead &read : expr.indirectReads)
    bytes += loads * getIndirectReadTransactionBytes(expr, read, tile,
                                                     transactionBytes);
  if (!expr.epilogue) {
    for (const TensorAccess &output : expr.outputs)
      bytes += blocks * getTileTransactionBytes(output, tile, transactionBytes);
    return bytes;
  }
  // A fused epilogue's inputs are loaded once per block, after the
  // reduction, and its outputs are written instead of the operator's, whose
  // result stays in registers. A row epilogue walks whole reduction axes.
  std::vector<int64_t> box = expr.epilogue->getBlockBox(expr.axes, tile);
  for (const TensorAccess &input : expr.epilogue->inputs)
    if (input.isRead)
      bytes += blocks * getTileTransactionBytes(input, box, transactionBytes);
  for (const TensorAccess &output : expr.epilogue->outputs)
    bytes += blocks * getTileTransactionBytes(output, box, transactionBytes);
  return bytes;
}

int64_t mlir::roller::getSharedFootprint(const TensorExpr &expr,
                                         llvm::ArrayRef<int64_t> tile,
                                         llvm::ArrayRef<int64_t> padding) {
  int64_t bytes = 0;
  for (auto [index, input] : llvm::enumerate(expr.inputs)) {
    if (input.indices.empty() || !input.isRead)
      continue;
    unsigned last = input.shape.size() - 1;
    int64_t rows = 1;
    for (unsigned d = 0; d < last; ++d)
      rows *= input.tileDim(d, tile);
    int64_t pad = index < padding.size() ? padding[index] : 0;
    bytes += rows * (input.tileDim(last, tile) + pad) * input.elementBytes;
  }
  return bytes;
}

AccessTileElements
mlir::roller::getAccessTileElements(const TensorExpr &expr,
                                    llvm::ArrayRef<int64_t> tile) {
  AccessTileElements elements;
  auto count = [&](llvm::ArrayRef<TensorAccess> accesses,
                   llvm::SmallVectorImpl<int64_t> &counts) {
    for (const TensorAccess &access : accesses)
      counts.push_back(access.tileElements(tile));
  };
  count(expr.inputs, elements.inputs);
  count(expr.outputs, elements.outputs);
  if (expr.epilogue) {
    count(expr.epilogue->inputs, elements.epilogueInputs);
    count(expr.epilogue->outputs, elements.epilogueOutputs);
  }
  return elements;
}

double mlir::roller::getRegisterTraffic(const TensorExpr &expr,
                                        llvm::ArrayRef<int64_t> tile) {
  return getRegisterTraffic(expr, tile, getAccessTileElements(expr, tile));
}

double mlir::roller::getRegisterTraffic(const TensorExpr &expr,
                                        llvm::ArrayRef<int64_t> tile,
                                        const AccessTileElements &elements) {
  // Thread tiles, each loading one tile of every input per step.
  double tiles = countTileLoads(expr, tile);
  double bytes = 0;
  for (auto [input, count] : llvm::zip(expr.inputs, elements.inputs))
    if (input.isRead)
      bytes += tiles * double(count * input.elementBytes);
  return bytes;
}

/// 32-bit registers of `count` elements of `access`.
static int64_t getRegisters(const TensorAccess &access, int64_t count) {
  return llvm::divideCeil(count * access.elementBytes, 4);
}

int64_t mlir::roller::getRegisterFootprint(const TensorExpr &expr,
                                           llvm::ArrayRef<int64_t> tile) {
  return getRegisterFootprint(expr, getAccessTileElements(expr, tile));
}

int64_t mlir::roller::getRegisterFootprint(const TensorExpr &expr,
                                           const AccessTileElements &elements) {
  int64_t registers = 0;
  // Outputs are accumulators; inputs the body never reads (a pooling
  // window) take no registers.
  for (auto [input, count] : llvm::zip(expr.inputs, elements.inputs))
    if (input.isRead)
      registers += getRegisters(input, count);
  for (auto [output, count] : llvm::zip(expr.outputs, elements.outputs))
    registers += getRegisters(output, count);
  // An epilogue declares a register tile per input and output (what the
  // rProgram verifier adds up).
  if (expr.epilogue) {
    for (auto [access, count] :
         llvm::zip(expr.epilogue->inputs, elements.epilogueInputs))
      registers += getRegisters(access, count);
    for (auto [access, count] :
         llvm::zip(expr.epilogue->outputs, elements.epilogueOutputs))
      registers += getRegisters(access, count);
  }
  return registers;
}

double mlir::roller::getReuseScore(double trafficBefore, double trafficAfter,
                                   double footprintBefore,
                                   double footprintAfter) {
  double saved = trafficBefore - trafficAfter;
  double spent = footprintAfter - footprintBefore;
  if (saved <= 0)
    return spent > 0 ? -spent : 0;
  if (spent <= 0)
    return std::numeric_limits<double>::infinity();
  return saved / spent;
}
