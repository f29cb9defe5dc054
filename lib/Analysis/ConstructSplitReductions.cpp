//===- ConstructSplitReductions.cpp - Threads sharing a reduction ---------===//
//
// ROLLER gives each thread whole outputs: a reduction with few outputs
// (softmax's row sums, LayerNorm's means, a global pooling) then runs on
// as many threads as it has outputs, far below what fills a GPU (512 rows
// of 768: 512 threads for 132 SMs). These candidates split the innermost
// reduction axis over all the threads of a block instead, the partial
// results combined at the end (warp shuffles on the GPU path), and let the
// model rank them against the construction's: it sees their grid, their
// busy lanes and the combining work (PerfModel.cpp).
//
//===----------------------------------------------------------------------===//

#include "Constructor.h"

#include "Roller/Analysis/Alignment.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::roller;
using namespace mlir::roller::detail;

void Constructor::constructSplitReductions() {
  const TensorExpr &expr = original;
  unsigned rank = expr.getRank();
  // Tensor-core GEMMs keep their warps; the split is for the CUDA cores and
  // for combiners whose partial results combine (not an argmax).
  if (!expr.splittableReduction ||
      (findGemmAxes(expr) && planMma(expr, device)))
    return;
  std::optional<unsigned> split, rows;
  for (unsigned a = 0; a < rank; ++a)
    (expr.axes[a].isReduction() ? split : rows) = a;
  // At least one element per thread of a warp.
  if (!split || expr.axes[*split].extent < device.warpSize)
    return;
  int64_t extent = expr.axes[*split].extent;

  // The block covers every reduction axis whole (one step, no staging);
  // each thread walks the other reduction axes whole and its chunk of the
  // split one in steps of up to 4 elements that divide both the chunk (so
  // that chunks start aligned) and the axis.
  Tile base(rank, 1);
  for (unsigned a = 0; a < rank; ++a)
    if (expr.axes[a].isReduction())
      base[a] = expr.axes[a].extent;
  for (int64_t threads = device.warpSize;
       threads <= device.maxThreadsPerBlock && threads <= extent;
       threads *= 2) {
    int64_t chunk = llvm::divideCeil(extent, threads);
    // Past this, the last threads would have no element.
    if ((threads - 1) * chunk >= extent)
      break;
    int64_t step = 4;
    while (step > 1 && (chunk % step != 0 || extent % step != 0))
      step /= 2;
    // Blocks of 1 to 8 outputs along the innermost parallel axis: each
    // thread holds a partial result of every output of its block.
    for (int64_t outputs = 1; outputs <= 8; outputs *= 2) {
      if (rows ? outputs > expr.axes[*rows].extent : outputs > 1)
        break;
      Schedule schedule;
      schedule.block = base;
      if (rows)
        schedule.block[*rows] = outputs;
      // ROLLER's small-operator rule (the block tile shrinks while the grid
      // has fewer blocks than SMs): more outputs per block than leave every
      // SM a block are not built when fewer do.
      if (outputs > 1 &&
          countSpatialTiles(expr, schedule.block) < device.smCount)
        break;
      if (!isTransactionAlignedAlongReduction(
              expr, schedule.block, device.levels.front().transactionBytes))
        continue;
      schedule.thread = schedule.block;
      schedule.thread[*split] = step;
      schedule.usesShared = false;
      schedule.stages = 1;
      schedule.reduceThreads = threads;
      schedule.threads = getThreadCount(expr, device, schedule);
      if (!isThreadCountAligned(device, schedule.threads))
        continue;
      schedule.padding.assign(expr.inputs.size(), 0);
      schedule.vectorWidth = getVectorWidth(expr, schedule.thread);
      ++considered;
      llvm::Expected<Prediction> prediction = predict(expr, device, schedule);
      if (!prediction) {
        llvm::consumeError(prediction.takeError());
        continue;
      }
      found.push_back({std::move(schedule), std::move(*prediction)});
    }
  }
}
