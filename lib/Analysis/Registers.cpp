//===- Registers.cpp - Registers a kernel's threads take ------------------===//
//
// The thread count of a schedule and the registers its threads declare and
// are estimated to take (PerfModel.h): what the occupancy and the kernel's
// .maxnreg follow from.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/PerfModel.h"
#include "Roller/Analysis/Traffic.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::roller;

/// Thread tiles (warp tiles with tensor cores) of a block on the spatial
/// axes.
static int64_t getSpatialThreadTiles(const TensorExpr &expr,
                                     llvm::ArrayRef<int64_t> block,
                                     llvm::ArrayRef<int64_t> thread) {
  int64_t tiles = 1;
  for (unsigned a = 0; a < expr.getRank(); ++a)
    if (!expr.axes[a].isReduction())
      tiles *= block[a] / std::max<int64_t>(thread[a], 1);
  return tiles;
}

int64_t mlir::roller::getBusyThreads(const TensorExpr &expr,
                                     const DeviceSpec &device,
                                     const Schedule &schedule) {
  // Threads sharing a reduction multiply each thread tile; with tensor
  // cores each tile is a warp.
  int64_t tiles = getSpatialThreadTiles(expr, schedule.block, schedule.thread) *
                  schedule.reduceThreads;
  return schedule.mma.empty() ? tiles : tiles * device.warpSize;
}

int64_t mlir::roller::getThreadCount(const TensorExpr &expr,
                                     const DeviceSpec &device,
                                     const Schedule &schedule) {
  // SIMT blocks round up to whole warps (the last warp may have idle
  // lanes, which the model charges).
  return llvm::alignTo(getBusyThreads(expr, device, schedule), device.warpSize);
}

int64_t mlir::roller::getDeclaredRegisters(const TensorExpr &expr,
                                           llvm::ArrayRef<int64_t> thread,
                                           bool mma, const DeviceSpec &device) {
  return getDeclaredRegisters(getRegisterFootprint(expr, thread), mma, device);
}

int64_t mlir::roller::getDeclaredRegisters(int64_t footprint, bool mma,
                                           const DeviceSpec &device) {
  return mma ? llvm::divideCeil(footprint, device.warpSize) : footprint;
}

int64_t mlir::roller::estimateRegisters(const TensorExpr &expr,
                                        llvm::ArrayRef<int64_t> block,
                                        llvm::ArrayRef<int64_t> thread,
                                        bool mma, bool usesShared,
                                        const DeviceSpec &device) {
  return estimateRegisters(expr, block, thread,
                           getAccessTileElements(expr, thread), mma, usesShared,
                           device);
}

int64_t mlir::roller::estimateRegisters(const TensorExpr &expr,
                                        llvm::ArrayRef<int64_t> block,
                                        llvm::ArrayRef<int64_t> thread,
                                        const AccessTileElements &elements,
                                        bool mma, bool usesShared,
                                        const DeviceSpec &device) {
  int64_t tile = 0, fragments = 0, streamed = 0,
          addresses = expr.outputs.size();
  for (auto [output, count] : llvm::zip(expr.outputs, elements.outputs))
    tile += llvm::divideCeil(count * output.elementBytes, 4);
  // Iteration points of one thread step: how often its input elements are
  // used.
  int64_t points = 1;
  for (int64_t size : thread)
    points *= size;
  for (auto [input, count] : llvm::zip(expr.inputs, elements.inputs)) {
    // An input the body never reads (a pooling window) is never loaded.
    if (!input.isRead)
      continue;
    addresses += usesShared && !input.indices.empty() ? 3 : 1;
    // An input tile whose every element feeds a single point (a depthwise
    // window, an elementwise operand) is streamed: each value is loaded,
    // used and dropped, so ptxas never holds the tile.
    int64_t registers = llvm::divideCeil(count * input.elementBytes, 4);
    if (count >= points)
      streamed += registers;
    else
      fragments += registers;
  }
  tile += fragments;
  // A gather staged an element at a time (runs under 4 bytes: no cp.async)
  // loads its elements into registers before storing them to shared
  // memory, and ptxas issues the loads of a step ahead of the stores.
  int64_t gatherInFlight = 0;
  if (usesShared) {
    int64_t threads = getSpatialThreadTiles(expr, block, thread) *
                      (mma ? device.warpSize : 1);
    for (const TensorAccess &input : expr.inputs)
      if (input.isRead && input.gathered &&
          input.gatherRun * input.elementBytes < 4)
        gatherInFlight += llvm::divideCeil(input.tileElements(block),
                                           std::max<int64_t>(threads, 1));
    gatherInFlight = std::min(gatherInFlight, kGatherInFlightRegisters);
  }
  // An epilogue's values are loaded, used and dropped, one at a time: only
  // their addresses stay.
  if (expr.epilogue)
    addresses += expr.epilogue->inputs.size() + expr.epilogue->outputs.size();
  int64_t threadSteps = 1;
  bool reduces = false;
  for (unsigned a = 0; a < expr.getRank(); ++a) {
    if (!expr.axes[a].isReduction())
      continue;
    reduces = true;
    threadSteps *= block[a] / std::max<int64_t>(thread[a], 1);
  }
  // Staged kernels loop over block steps and, inside, over thread steps.
  int64_t counters = !reduces ? 0 : (usesShared && threadSteps > 1 ? 2 : 1);
  // With several thread steps per block step, ptxas loads ahead: the next
  // step's held operands, and streamed values of coming steps up to
  // kStreamedInFlightRegisters.
  int64_t inFlight = 0;
  if (usesShared && threadSteps > 1)
    inFlight = fragments + std::min(llvm::checkedMul(streamed, threadSteps)
                                        .value_or(kStreamedInFlightRegisters),
                                    kStreamedInFlightRegisters);
  // A warp tile is spread over the warp's threads (mma.sync fragments).
  int64_t partialStep = 0;
  if (mma) {
    tile = llvm::divideCeil(tile, device.warpSize);
    inFlight = llvm::divideCeil(inFlight, device.warpSize);
    for (unsigned a = 0; a < expr.getRank(); ++a)
      if (expr.axes[a].isReduction() && block[a] > 0 &&
          expr.axes[a].extent % block[a] != 0)
        partialStep = kPartialMmaStepRegisters;
  }
  return tile + inFlight + gatherInFlight + kScalarRegisters + partialStep +
         kAddressRegisters * (addresses + counters);
}

int64_t mlir::roller::estimateRegisters(const TensorExpr &expr,
                                        const Schedule &schedule,
                                        const DeviceSpec &device) {
  return estimateRegisters(expr, schedule.block, schedule.thread,
                           !schedule.mma.empty(), schedule.usesShared, device);
}
