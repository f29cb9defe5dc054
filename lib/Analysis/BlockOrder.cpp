//===- BlockOrder.cpp - The order a grid's blocks are launched in ---------===//

#include "Roller/Analysis/BlockOrder.h"
#include "Roller/Analysis/Occupancy.h"
#include "Roller/Analysis/Traffic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <tuple>

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
  // first `rest` ids: whole bands of `group` rows (every column), then
  // `within` ids walking down the columns of the next band.
  int64_t perPlane = rows * cols;
  int64_t fullPlanes = wave / perPlane, rest = wave % perPlane;
  int64_t height = std::max<int64_t>(group, 1);
  int64_t band = height * cols;
  int64_t fullBands = rest / band, within = rest % band;
  int64_t restRows = fullBands * height + std::min(height, within);
  int64_t restCols = fullBands > 0 ? cols : llvm::divideCeil(within, height);
  return {fullPlanes * rows + restRows, fullPlanes * cols + restCols};
}

namespace {
/// The block grid of a schedule: the blocks along the two innermost
/// spatial axes and the planes of the outer ones, and the blocks along
/// every axis (1 along the reduction axes).
struct BlockGrid {
  int64_t rowAxis = -1, colAxis = -1;
  int64_t rows = 1, cols = 1, planes = 1;
  llvm::SmallVector<int64_t> axisBlocks;
};
} // namespace

/// With `skipSingleBlockAxes`, axes of one block are never the rows or the
/// columns (as if the grid had no such axis).
static BlockGrid getBlockGrid(const TensorExpr &expr, const Schedule &schedule,
                              bool skipSingleBlockAxes = false) {
  BlockGrid grid;
  grid.axisBlocks.assign(expr.getRank(), 1);
  for (unsigned a = expr.getRank(); a-- > 0;) {
    if (expr.axes[a].isReduction())
      continue;
    int64_t blocks = llvm::divideCeil(expr.axes[a].extent, schedule.block[a]);
    grid.axisBlocks[a] = blocks;
    if (skipSingleBlockAxes && blocks == 1)
      continue;
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
                  getFullWave(device, blocksPerSM));
}

namespace {
/// The rows, columns and planes of the block grid the first wave covers.
struct WaveCover {
  BlockGrid grid;
  int64_t wave = 1, rows = 1, cols = 1, planes = 1;
};
} // namespace

static WaveCover getWaveCover(BlockGrid grid, const DeviceSpec &device,
                              int64_t blocksPerSM, int64_t group) {
  WaveCover cover;
  cover.grid = std::move(grid);
  cover.wave = getWave(cover.grid, device, blocksPerSM);
  std::tie(cover.rows, cover.cols) = countWaveRowsAndColumns(
      cover.grid.rows, cover.grid.cols, cover.wave, group);
  cover.planes =
      llvm::divideCeil(cover.wave, cover.grid.rows * cover.grid.cols);
  return cover;
}

/// The distinct tiles of `input` the first wave reads in one reduction step.
static int64_t countWaveTiles(const TensorExpr &expr, const WaveCover &cover,
                              const TensorAccess &input) {
  const BlockGrid &grid = cover.grid;
  bool byRow = grid.rowAxis >= 0 && input.usesAxis(grid.rowAxis);
  bool byCol = grid.colAxis >= 0 && input.usesAxis(grid.colAxis);
  // An outer axis of one block is the same in every plane.
  bool byPlane = false;
  for (unsigned a = 0; a < expr.getRank(); ++a)
    if (int64_t(a) != grid.rowAxis && int64_t(a) != grid.colAxis &&
        grid.axisBlocks[a] > 1 && input.usesAxis(a))
      byPlane = true;
  // A tile indexed by both rows and columns is one block's; one indexed
  // by rows (or columns) is shared by the wave's blocks of that row, and,
  // unless the outer axes index it too, by those of every plane.
  if (byRow && byCol)
    return cover.wave;
  if (byRow)
    return byPlane ? cover.rows : std::min(cover.rows, grid.rows);
  if (byCol)
    return byPlane ? cover.cols : std::min(cover.cols, grid.cols);
  if (byPlane)
    return cover.planes;
  return 1;
}

static int64_t getTransactionBytes(const DeviceSpec &device) {
  const MemLevel *global = device.getLevel(MemLevelKind::Global);
  return global ? global->transactionBytes : 32;
}

double mlir::roller::getWaveTileBytes(const TensorExpr &expr,
                                      const DeviceSpec &device,
                                      const Schedule &schedule,
                                      int64_t blocksPerSM, int64_t group) {
  WaveCover cover =
      getWaveCover(getBlockGrid(expr, schedule), device, blocksPerSM, group);
  int64_t transaction = getTransactionBytes(device);
  double bytes = 0;
  for (const TensorAccess &input : expr.inputs) {
    if (!input.isRead || input.indices.empty())
      continue;
    bytes += double(countWaveTiles(expr, cover, input)) *
             getTileTransactionBytes(input, schedule.block, transaction);
  }
  return bytes;
}

double mlir::roller::getDramTraffic(const TensorExpr &expr,
                                    const DeviceSpec &device,
                                    const Schedule &schedule,
                                    int64_t blocksPerSM, int64_t group) {
  int64_t transaction = getTransactionBytes(device);
  double bytes = getGlobalTraffic(expr, schedule.block, transaction);
  // The whole operator: every input once, every output written once.
  std::vector<int64_t> whole;
  for (const Axis &axis : expr.axes)
    whole.push_back(axis.extent);
  double footprint = getGlobalTraffic(expr, whole, transaction);
  bool resident = footprint <= kL2ResidentFraction * double(device.l2Bytes);
  // Axes of one block do not separate the wave's tiles: an NCHW
  // convolution whose blocks cover all 7 x 7 pixels shares each image's
  // tile among its filter blocks. Leaving them out keeps the launch order
  // (it only drops digits that are always 0), and chooseBlockGroup bands
  // only grids whose two innermost axes have several blocks, which it
  // keeps.
  BlockGrid grid = getBlockGrid(expr, schedule, /*skipSingleBlockAxes=*/true);
  BlockGrid launched = getBlockGrid(expr, schedule);
  if (grid.rowAxis != launched.rowAxis || grid.colAxis != launched.colAxis)
    group = 1;
  WaveCover cover = getWaveCover(std::move(grid), device, blocksPerSM, group);
  double waves = double(llvm::divideCeil(
      cover.grid.rows * cover.grid.cols * cover.grid.planes, cover.wave));
  double blocks = double(countSpatialTiles(expr, schedule.block));
  double steps = double(countReductionSteps(expr, schedule.block));
  for (const TensorAccess &input : expr.inputs) {
    if (!input.isRead || input.indices.empty())
      continue;
    double tile = getTileTransactionBytes(input, schedule.block, transaction);
    double perBlock = blocks * steps * tile;
    double once = getTileTransactionBytes(input, whole, transaction);
    // A resident operator reads each input from DRAM once. Otherwise every
    // wave reads its distinct tiles once (its blocks run side by side and
    // share them through the L2) and nothing survives into the next wave;
    // never more than every block's tiles, never less than the tensor.
    double fromDram =
        resident
            ? once
            : std::max(once, std::min(perBlock, waves * steps * tile *
                                                    double(countWaveTiles(
                                                        expr, cover, input))));
    bytes += std::min(fromDram, perBlock) - perBlock;
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
