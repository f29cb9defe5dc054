//===- BlockOrderTest.cpp - Tests of the blocks' launch order -------------===//
//
// getBlockPosition, countWaveRowsAndColumns, getWaveTileBytes,
// getDramTraffic and chooseBlockGroup (BlockOrder.h), the first wave's tiles
// counted by hand on h200's 132 SMs.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/BlockOrder.h"
#include "Roller/Analysis/Traffic.h"

#include "TestDevices.h"
#include "TestExprs.h"
#include "gtest/gtest.h"

#include <set>

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

using Position = std::pair<int64_t, int64_t>;

// Every block of a plane has one position, in both orders, for every band
// height that divides the rows.
TEST(BlockOrderTest, PositionsAreAPermutation) {
  for (int64_t rows = 1; rows <= 12; ++rows)
    for (int64_t cols = 1; cols <= 12; ++cols)
      for (int64_t group = 1; group <= rows; ++group) {
        if (rows % group != 0)
          continue;
        std::set<std::pair<int64_t, int64_t>> seen;
        for (int64_t id = 0; id < rows * cols; ++id) {
          auto [row, col] = getBlockPosition(id, rows, cols, group);
          ASSERT_GE(row, 0);
          ASSERT_LT(row, rows);
          ASSERT_GE(col, 0);
          ASSERT_LT(col, cols);
          seen.insert({row, col});
        }
        EXPECT_EQ(int64_t(seen.size()), rows * cols);
      }
  // A band of 3 rows of 4 columns: ids 0, 1, 2 go down the first column.
  EXPECT_EQ(getBlockPosition(1, 6, 4, 3), Position(1, 0));
  EXPECT_EQ(getBlockPosition(3, 6, 4, 3), Position(0, 1));
  EXPECT_EQ(getBlockPosition(12, 6, 4, 3), Position(3, 0));
}

// 132 blocks of a 256 x 32 grid: row-major, four full rows and four blocks
// of a fifth (all 32 columns); in bands of 8 rows, 8 rows of the first 17
// columns (16 full columns of the band, four blocks of the 17th).
TEST(BlockOrderTest, WaveRowsAndColumns) {
  EXPECT_EQ(countWaveRowsAndColumns(256, 32, 132, 1), Position(5, 32));
  EXPECT_EQ(countWaveRowsAndColumns(256, 32, 132, 8), Position(8, 17));
  // 32 x 16: a band of 8 rows is 128 blocks; the next 4 start the second
  // band (4 more rows, column 0).
  EXPECT_EQ(countWaveRowsAndColumns(32, 16, 132, 8), Position(12, 16));
  // A wave beyond a plane (batches): full planes count every row and
  // column, the partial one its first ids.
  EXPECT_EQ(countWaveRowsAndColumns(2, 3, 8, 1), Position(3, 5));
}

// The closed form counts what walking the ids one by one counts, for every
// wave, band height and plane shape up to 12 x 12.
TEST(BlockOrderTest, WaveRowsAndColumnsMatchTheWalk) {
  for (int64_t rows = 1; rows <= 12; ++rows)
    for (int64_t cols = 1; cols <= 12; ++cols)
      for (int64_t group = 1; group <= rows; ++group) {
        if (rows % group != 0)
          continue;
        for (int64_t wave = 1; wave <= 3 * rows * cols; ++wave) {
          std::set<int64_t> rowSeen, colSeen;
          int64_t perPlane = rows * cols;
          for (int64_t id = 0; id < wave; ++id) {
            auto [row, col] = getBlockPosition(id, rows, cols, group);
            rowSeen.insert(id / perPlane * rows + row);
            colSeen.insert(id / perPlane * cols + col);
          }
          ASSERT_EQ(countWaveRowsAndColumns(rows, cols, wave, group),
                    Position(rowSeen.size(), colSeen.size()))
              << rows << " x " << cols << ", bands of " << group << ", " << wave
              << " blocks";
        }
      }
}

/// The f16 GEMM 65536 x N x 1024 with 256 x 128 x 128 blocks (the
/// selection's for the fp16 suite on h200), one block per SM.
Schedule gemmSchedule() {
  Schedule s;
  s.block = {256, 128, 128};
  s.thread = {64, 64, 16};
  s.mma = {16, 8, 16};
  s.threads = 256;
  s.stages = 2;
  return s;
}

// N = 4096: 256 x 32 blocks. A's tile is 256 x 128 f16 (64 KiB), B's
// 128 x 128 (32 KiB). Row-major: 5 A tiles + 32 B tiles = 1344 KiB per
// step; bands of 8: 8 + 17 = 1056 KiB, the fewest (bands of 16: 16 + 9 =
// 1312; of 4: 8 + 32 = 1536; of 32: 32 + 5 = 2208).
TEST(BlockOrderTest, WideGridTakesBands) {
  TensorExpr gemm = f16Matmul(65536, 4096, 1024);
  Schedule s = gemmSchedule();
  EXPECT_DOUBLE_EQ(getWaveTileBytes(gemm, h200(), s, 1, 1),
                   (5 * 64 + 32 * 32) * 1024.0);
  EXPECT_DOUBLE_EQ(getWaveTileBytes(gemm, h200(), s, 1, 8),
                   (8 * 64 + 17 * 32) * 1024.0);
  EXPECT_EQ(chooseBlockGroup(gemm, h200(), s, 1), 8);
}

// N = 1024: 256 x 8 blocks; row-major, the wave covers 17 rows of all 8
// columns (1344 KiB), which no band height improves on (bands of 8: 20
// rows, 1536 KiB).
TEST(BlockOrderTest, NarrowGridStaysRowMajor) {
  TensorExpr gemm = f16Matmul(65536, 1024, 1024);
  Schedule s = gemmSchedule();
  EXPECT_DOUBLE_EQ(getWaveTileBytes(gemm, h200(), s, 1, 8),
                   (20 * 64 + 8 * 32) * 1024.0);
  EXPECT_EQ(chooseBlockGroup(gemm, h200(), s, 1), 1);
}

/// C[b, h, i, j] += A[b, h, i, k] * B[b, k, j] in f16, with `batch` = b's
/// extent, or without b at all when `batch` is 0: a weight shared by the
/// h planes.
TensorExpr sharedWeightGemm(int64_t batch, int64_t h, int64_t m, int64_t n,
                            int64_t k) {
  bool hasBatch = batch > 0;
  unsigned rank = hasBatch ? 5 : 4, first = hasBatch ? 1 : 0;
  unsigned ah = first, ai = first + 1, aj = first + 2, ak = first + 3;
  TensorExpr expr;
  expr.opName = "linalg.generic";
  if (hasBatch)
    expr.axes.push_back(spatial("b", batch));
  expr.axes.insert(expr.axes.end(), {spatial("h", h), spatial("i", m),
                                     spatial("j", n), reduction("k", k)});
  auto withBatch = [&](std::vector<int64_t> shape,
                       std::vector<AffineIndex> indices) {
    if (hasBatch) {
      shape.insert(shape.begin(), batch);
      indices.insert(indices.begin(), axisIndex(rank, 0));
    }
    return std::make_pair(shape, indices);
  };
  auto [aShape, aIdx] =
      withBatch({h, m, k}, {axisIndex(rank, ah), axisIndex(rank, ai),
                            axisIndex(rank, ak)});
  auto [bShape, bIdx] =
      withBatch({k, n}, {axisIndex(rank, ak), axisIndex(rank, aj)});
  auto [cShape, cIdx] =
      withBatch({h, m, n}, {axisIndex(rank, ah), axisIndex(rank, ai),
                            axisIndex(rank, aj)});
  expr.inputs = {access("A", aShape, aIdx, 2), access("B", bShape, bIdx, 2)};
  expr.outputs = {access("C", cShape, cIdx)};
  expr.opsPerPoint = 2;
  expr.mmaInputType = "f16";
  return expr;
}

// An outer axis of one block is the same in every plane: a batch of one
// changes no tile count. 4 planes (h) of 4 x 2 blocks of 128 x 128 x 64,
// all 32 in the first wave: 16 A tiles (one per row of each plane) and 2 B
// tiles (B does not vary with h), 16 KiB each. Counting b as a plane axis
// took B's tile as one per plane and column (8).
TEST(BlockOrderTest, WaveTilesIgnoreAxesOfOneBlock) {
  Schedule noBatch;
  noBatch.block = {1, 128, 128, 64};
  noBatch.thread = {1, 64, 32, 16};
  noBatch.mma = {16, 8, 16};
  noBatch.threads = 256;
  noBatch.stages = 2;
  Schedule batched = noBatch;
  batched.block.insert(batched.block.begin(), 1);
  batched.thread.insert(batched.thread.begin(), 1);
  double expected = (16 + 2) * 16 * 1024.0;
  EXPECT_DOUBLE_EQ(getWaveTileBytes(sharedWeightGemm(0, 4, 512, 256, 64),
                                    h200(), noBatch, 1, 1),
                   expected);
  EXPECT_DOUBLE_EQ(getWaveTileBytes(sharedWeightGemm(1, 4, 512, 256, 64),
                                    h200(), batched, 1, 1),
                   expected);
}

// Schedules that stage nothing, and grids of one row or column, keep the
// row-major order.
TEST(BlockOrderTest, UnstagedAndSingleRowGrids) {
  TensorExpr gemm = f16Matmul(65536, 4096, 1024);
  Schedule s = gemmSchedule();
  s.usesShared = false;
  EXPECT_EQ(chooseBlockGroup(gemm, h200(), s, 1), 1);
  TensorExpr row = f16Matmul(256, 4096, 1024);
  EXPECT_EQ(chooseBlockGroup(row, h200(), gemmSchedule(), 1), 1);
}

// DRAM traffic of the 65536 x 4096 x 1024 f16 GEMM (A 128 MiB, B 8 MiB, f32
// C 1 GiB: beyond h200's L2) in bands of 8: 8192 blocks in waves of 132
// (63 waves), each reading 8 A and 17 B tiles per step, 8 steps: 63 x 8 x
// (8 x 64 + 17 x 32) KiB = 520 MiB, against every block's tiles 8192 x 8 x
// 96 KiB = 6 GiB. C is written once either way.
TEST(BlockOrderTest, DramTrafficOfWaves) {
  TensorExpr gemm = f16Matmul(65536, 4096, 1024);
  Schedule s = gemmSchedule();
  double c = 65536.0 * 4096 * 4;
  double a = 63.0 * 8 * 8 * 64 * 1024, b = 63.0 * 8 * 17 * 32 * 1024;
  EXPECT_DOUBLE_EQ(getDramTraffic(gemm, h200(), s, 1, 8), a + b + c);
  EXPECT_DOUBLE_EQ(getGlobalTraffic(gemm, s.block, 32),
                   8192.0 * 8 * 96 * 1024 + c);
  // Row-major: 5 A and 32 B tiles a wave.
  EXPECT_DOUBLE_EQ(getDramTraffic(gemm, h200(), s, 1, 1),
                   63.0 * 8 * (5 * 64 + 32 * 32) * 1024 + c);
}

// A GEMM whose operands and result (2 + 2 + 4 MiB) fit the L2 reads each
// operand once, where its 64 blocks read 8 steps of their tiles each.
TEST(BlockOrderTest, DramTrafficOfResidentOperands) {
  TensorExpr gemm = f16Matmul(1024, 1024, 1024);
  Schedule s = gemmSchedule();
  s.block = {128, 128, 128};
  double bytes = (2 + 2 + 4) * 1024.0 * 1024;
  EXPECT_DOUBLE_EQ(getDramTraffic(gemm, h200(), s, 1, 1), bytes);
  // On a device with a 1 MiB L2 the operands do not fit: one wave (64
  // blocks of 132) reads all 8 A and 8 B tiles each step, once.
  DeviceSpec small = h200();
  small.l2Bytes = 1024 * 1024;
  EXPECT_DOUBLE_EQ(getDramTraffic(gemm, small, s, 1, 1), bytes);
  // Every block its own wave (one SM): each reads its tiles itself.
  small.smCount = 1;
  EXPECT_DOUBLE_EQ(getDramTraffic(gemm, small, s, 1, 1),
                   getGlobalTraffic(gemm, s.block, 32));
}

// An NCHW 1x1 convolution (C25 of the suite: 128 images of 512 x 7 x 7
// into 2048 filters) in blocks of 16 images x 32 filters x all 7 x 7
// pixels, 4 channels a step: its innermost axes have one block each, so
// the wave's 132 blocks lie along the filters (64 blocks) and images (8):
// 3 rows of images and all 64 columns of filters, 4 waves of 128 steps.
// An image tile is 16 rows of 4 x 49 f32 (800 bytes in transactions), a
// filter tile 32 rows of 4 f32 (32 bytes); each block writes 16 x 32 x 49
// f32. Counted as if every block had its own image tile, DRAM would move
// every block's (838,860,800 bytes of images).
TEST(BlockOrderTest, DramTrafficSkipsSingleBlockAxes) {
  TensorExpr conv = convNchw(128, 512, 7, 7, 2048, 1, 1);
  Schedule s;
  s.block = {16, 32, 7, 7, 4, 1, 1};
  s.thread = {8, 8, 1, 1, 1, 1, 1};
  s.threads = 196;
  double images = 4.0 * 128 * 3 * 16 * 800;
  double filters = 4.0 * 128 * 64 * 32 * 32;
  double outputs = 512.0 * 16 * 32 * 49 * 4;
  EXPECT_DOUBLE_EQ(getDramTraffic(conv, h200(), s, 1, 1),
                   images + filters + outputs);
}

} // namespace
