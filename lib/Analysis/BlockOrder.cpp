//===- BlockOrder.cpp - The order a grid's blocks are launched in ---------===//

#include "Roller/Analysis/BlockOrder.h"
#include "Roller/Analysis/Traffic.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::roller;

std::pair<int64_t, int64_t> mlir::roller::getBlockPosition(int64_t id,
                                                           int64_t rows,
                                                           int64_t cols,
                                                           int64_t group) {
  int64_t plane = id % (rows * cols);
  if (group <= 1)
    return {plane / cols, plane % cols};
  int64_t band = group * cols;
  int64_t within = plane % band;
  return {plane / band * group + within % group, within / group};
}

std::pair<int64_t, int64_t>
mlir::roller::countWaveRowsAndColumns(int64_t rows, int64_t cols, int64_t wave,
                                      int64_t group) {
  // Full planes cover every row and column; the partial last one, its
  // first `rest` ids.
  int64_t perPlane = rows * cols;
  int64_t fullPlanes = wave / perPlane, rest = wave % perPlane;
  // The partial plane's ids touch at most `rest` rows and columns, however
  // large the grid.
  llvm::DenseSet<int64_t> rowSeen, colSeen;
  for (int64_t id = 0; id < rest; ++id) {
    auto [row, col] = getBlockPosition(id, rows, cols, group);
    rowSeen.insert(row);
    colSeen.insert(col);
  }
  return {fullPlanes * rows + int64_t(rowSeen.size()),
          fullPlanes * cols + int64_t(colSeen.size())};
}

namespace {
/// The block grid of a schedule: the blocks along the two innermost
/// spatial axes and the planes of the outer ones.
struct BlockGrid {
  int64_t rowAxis = -1, colAxis = -1;
  int64_t rows = 1, cols = 1, planes = 1;
};
} // namespace

static BlockGrid getBlockGrid(const TensorExpr &expr,
                              const Schedule &schedule) {
  BlockGrid grid;
  for (unsigned a = expr.getRank(); a-- > 0;) {
    if (expr.axes[a].isReduction())
      continue;
    int64_t blocks = llvm::divideCeil(expr.axes[a].extent, schedule.block[a]);
    if (grid.colAxis < 0) {
      grid.colAxis = a;
      grid.cols = blocks;
    } else if (grid.rowAxis < 0) {
      grid.rowAxis = a;
      grid.rows = blocks;
    } else {
      grid.planes *= blocks;
    }
  }
  return grid;
}

/// The blocks resident at once: the first wave.
static int64_t getWave(const BlockGrid &grid, const DeviceSpec &device,
                       int64_t blocksPerSM) {
  return std::min(grid.rows * grid.cols * grid.planes,
                  device.smCount * std::max<int64_t>(blocksPerSM, 1));
}

double mlir::roller::getWaveTileBytes(const TensorExpr &expr,
                                      const DeviceSpec &device,
                                      const Schedule &schedule,
                                      int64_t blocksPerSM, int64_t group) {
  BlockGrid grid = getBlockGrid(expr, schedule);
  int64_t wave = getWave(grid, device, blocksPerSM);
  auto [rows, cols] =
      countWaveRowsAndColumns(grid.rows, grid.cols, wave, group);
  int64_t planes = llvm::divideCeil(wave, grid.rows * grid.cols);
  const MemLevel *global = device.getLevel(MemLevelKind::Global);
  int64_t transaction = global ? global->transactionBytes : 32;
  double bytes = 0;
  for (const TensorAccess &input : expr.inputs) {
    if (!input.isRead || input.indices.empty())
      continue;
    bool byRow = grid.rowAxis >= 0 && input.usesAxis(grid.rowAxis);
    bool byCol = grid.colAxis >= 0 && input.usesAxis(grid.colAxis);
    bool byPlane = false;
    for (unsigned a = 0; a < expr.getRank(); ++a)
      if (!expr.axes[a].isReduction() && int64_t(a) != grid.rowAxis &&
          int64_t(a) != grid.colAxis && input.usesAxis(a))
        byPlane = true;
    // A tile indexed by both rows and columns is one block's; one indexed
    // by rows (or columns) is shared by the wave's blocks of that row, and,
    // unless the outer axes index it too, by those of every plane.
    int64_t tiles = 1;
    if (byRow && byCol)
      tiles = wave;
    else if (byRow)
      tiles = byPlane ? rows : std::min(rows, grid.rows);
    else if (byCol)
      tiles = byPlane ? cols : std::min(cols, grid.cols);
    else if (byPlane)
      tiles = planes;
    bytes += double(tiles) *
             getTileTransactionBytes(input, schedule.block, transaction);
  }
  return bytes;
}

int64_t mlir::roller::chooseBlockGroup(const TensorExpr &expr,
                                       const DeviceSpec &device,
                                       const Schedule &schedule,
                                       int64_t blocksPerSM) {
  if (!schedule.usesShared || schedule.block.size() != expr.getRank())
    return 1;
  BlockGrid grid = getBlockGrid(expr, schedule);
  if (grid.rows < 2 || grid.cols < 2)
    return 1;
  int64_t best = 1;
  double bestBytes =
      getWaveTileBytes(expr, device, schedule, blocksPerSM, /*group=*/1);
  // The divisors of the rows, ascending (ties keep the smaller band). Every
  // band at least as tall as the wave puts the whole wave in its first
  // column: the first such band stands for all of them.
  int64_t wave = getWave(grid, device, blocksPerSM);
  llvm::SmallVector<int64_t> groups;
  for (int64_t d = 1; d * d <= grid.rows; ++d)
    if (grid.rows % d == 0) {
      groups.push_back(d);
      if (d * d != grid.rows)
        groups.push_back(grid.rows / d);
    }
  llvm::sort(groups);
  for (int64_t group : groups) {
    if (group == 1)
      continue;
    double bytes = getWaveTileBytes(expr, device, schedule, blocksPerSM, group);
    if (bytes < bestBytes) {
      best = group;
      bestBytes = bytes;
    }
    if (group >= wave)
      break;
  }
  return best;
}
