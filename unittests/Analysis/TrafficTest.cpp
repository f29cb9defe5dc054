//===- TrafficTest.cpp - Tests of traffic, footprints and reuse scores ----===//
//
// Q0, F0, Q1 and F1 of Traffic.h on every operator class with figures worked
// out by hand from the loop nests of TestExprs.h, and the reuse score
// S_i = (Q(T) - Q(T'_i)) / (F(T'_i) - F(T)) of ROLLER section 4.2 on one
// growth step of a matmul.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Traffic.h"

#include "TestExprs.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

//===----------------------------------------------------------------------===//
// Tile counts
//===----------------------------------------------------------------------===//

// 1000 / 64 -> 16 and 1000 / 128 -> 8 blocks; 1000 / 8 = 125 steps.
TEST(TrafficTest, CountsRoundUp) {
  TensorExpr mm = matmul(1000, 1000, 1000);
  EXPECT_EQ(countSpatialTiles(mm, {64, 128, 8}), 16 * 8);
  EXPECT_EQ(countReductionSteps(mm, {64, 128, 8}), 125);
  EXPECT_EQ(countReductionSteps(mm, {64, 128, 64}), 16);
  EXPECT_EQ(countSpatialTiles(mm, {1000, 1000, 1}), 1);
  EXPECT_EQ(countReductionSteps(mm, {1, 1, 1000}), 1);
  // Conv: n f oh ow are spatial, c kh kw reduce.
  TensorExpr conv = convNchw(2, 16, 14, 14, 32, 3, 3);
  EXPECT_EQ(countSpatialTiles(conv, {1, 32, 7, 14, 8, 3, 3}), 2 * 1 * 2 * 1);
  EXPECT_EQ(countReductionSteps(conv, {1, 32, 7, 14, 8, 1, 3}), 2 * 3 * 1);
}

//===----------------------------------------------------------------------===//
// Transactions and global traffic
//===----------------------------------------------------------------------===//

// A data tile costs rows x its row bytes rounded up to whole transactions.
TEST(TrafficTest, TileTransactionBytes) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  const TensorAccess &a = mm.inputs[0], &b = mm.inputs[1];
  // A: 128 rows of 8 floats (one 32-byte sector).
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(a, {128, 128, 8}, 32), 128 * 32);
  // k = 4: 16 bytes still cost a sector.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(a, {128, 128, 4}, 32), 128 * 32);
  // k = 12: 48 bytes cost two sectors.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(a, {128, 128, 12}, 32), 128 * 64);
  // 128-byte lines: 8 floats cost a whole line.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(a, {128, 128, 8}, 128), 128 * 128);
  // B: 8 rows of 128 floats.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(b, {128, 128, 8}, 32), 8 * 512);
  // Tiles beyond the tensor clamp to its shape.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(a, {2048, 1, 8}, 32), 1024 * 32);
}

// A run continues outward while the inner dimensions are whole: a 1x1
// filter [F, C, 1, 1] is contiguous along C.
TEST(TrafficTest, TileTransactionBytesContiguousRuns) {
  TensorExpr conv = convNchw(1, 64, 8, 8, 32, 1, 1);
  const TensorAccess &filter = conv.inputs[1];
  // 4 filters x 8 channels: 4 runs of 8 floats, one sector each.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(filter, {1, 4, 1, 1, 8, 1, 1}, 32),
                   4 * 32);
  // 2 channels: 8-byte runs still cost a sector each.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(filter, {1, 4, 1, 1, 2, 1, 1}, 32),
                   4 * 32);
  // All 64 channels: the 4 filters are one run of 256 floats.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(filter, {1, 4, 1, 1, 64, 1, 1}, 32),
                   1024);
  // Matmul B [k, j] with j whole: one run of 8 rows.
  TensorExpr mm = matmul(64, 12, 64);
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(mm.inputs[1], {1, 12, 8}, 32),
                   8 * 12 * 4);
  // j partial: 8 rows of 8 floats.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(mm.inputs[1], {1, 8, 8}, 32),
                   8 * 32);
}

// 1024^3, tile [128,128,8]: 64 blocks x 128 steps load a 4096-byte A tile
// and a 4096-byte B tile; each block stores 128 x 512 bytes of C once.
TEST(TrafficTest, GlobalTrafficMatmul) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  double a = 64.0 * 128 * (128 * 8 * 4);
  double b = 64.0 * 128 * (8 * 128 * 4);
  double c = 64.0 * (128 * 128 * 4);
  EXPECT_DOUBLE_EQ(a + b + c, 71303168.0);
  EXPECT_DOUBLE_EQ(getGlobalTraffic(mm, {128, 128, 8}, 32), 71303168.0);
  // The same as reading A N/128 = 8 times, B M/128 = 8 times, C once.
  EXPECT_DOUBLE_EQ(getGlobalTraffic(mm, {128, 128, 8}, 32),
                   8.0 * (4 << 20) + 8.0 * (4 << 20) + (4 << 20));
  // k = 4 pays half-empty sectors of A: A doubles, the rest is unchanged.
  EXPECT_DOUBLE_EQ(getGlobalTraffic(mm, {128, 128, 4}, 32), 2 * a + b + c);
}

// A gathered input's elements, staged once per block and reduction step;
// inputs that are not gathered count nothing.
TEST(TrafficTest, GatheredElements) {
  TensorExpr mm = matmul(1024, 512, 256);
  EXPECT_EQ(getGatheredElements(mm, {128, 128, 32}), 0.0);
  mm.inputs[0].gathered = true;
  // 8 x 4 blocks, 8 steps each, of a 128 x 32 tile: A read N / 128 = 4 times.
  EXPECT_DOUBLE_EQ(getGatheredElements(mm, {128, 128, 32}),
                   32.0 * 8 * (128 * 32));
  EXPECT_DOUBLE_EQ(getGatheredElements(mm, {128, 128, 32}), 4.0 * 1024 * 256);
  EXPECT_DOUBLE_EQ(getGatheredElements(mm, {128, 512, 32}), 1.0 * 1024 * 256);
}

// The positions a gather computes: one per run where the tile's innermost
// extent is whole runs, else one per element.
TEST(TrafficTest, GatherPositions) {
  TensorExpr mm = matmul(1024, 512, 256);
  mm.inputs[0].gathered = true;
  GatherPositions scalar = getGatherPositions(mm, {128, 128, 32});
  EXPECT_DOUBLE_EQ(scalar.elements, 4.0 * 1024 * 256);
  EXPECT_EQ(scalar.runs, 0.0);
  mm.inputs[0].gatherRun = 8;
  GatherPositions runs = getGatherPositions(mm, {128, 128, 32});
  EXPECT_EQ(runs.elements, 0.0);
  EXPECT_DOUBLE_EQ(runs.runs, 4.0 * 1024 * 256 / 8);
  // A step of 12 is not whole runs of 8: element by element (8 x 4 blocks,
  // 22 steps of 128 x 12 each, the padded last one too).
  GatherPositions ragged = getGatherPositions(mm, {128, 128, 12});
  EXPECT_EQ(ragged.runs, 0.0);
  EXPECT_DOUBLE_EQ(ragged.elements, 32.0 * 22 * (128 * 12));
  // Inputs that are not gathered compute no positions.
  mm.inputs[0].gathered = false;
  GatherPositions none = getGatherPositions(mm, {128, 128, 32});
  EXPECT_EQ(none.elements + none.runs, 0.0);
}

// Stride 2, 3x3: an output tile of 4 rows reads 2*(4-1)+3 = 9 input rows.
TEST(TrafficTest, GlobalTrafficConvStride2) {
  TensorExpr conv = convNchw(1, 4, 8, 8, 16, 3, 3, /*stride=*/2);
  ASSERT_EQ(conv.inputs[0].shape, (std::vector<int64_t>{1, 4, 17, 17}));
  std::vector<int64_t> tile = {1, 16, 4, 4, 4, 3, 3};
  const TensorAccess &input = conv.inputs[0];
  EXPECT_EQ(input.tileShape(tile), (std::vector<int64_t>{1, 4, 9, 9}));
  // I: 1*4*9 rows of 9 floats (36 bytes -> 2 sectors).
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(input, tile, 32), 36 * 64);
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(input, tile, 4), 36 * 36);
  // W is covered whole (16x4x3x3): one contiguous run of 576 floats.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(conv.inputs[1], tile, 32), 2304);
  // O: 1*16*4 rows of 4 floats (16 bytes -> 1 sector) = 2048.
  // 4 blocks (oh, ow 8/4 each), 1 step.
  EXPECT_DOUBLE_EQ(getGlobalTraffic(conv, tile, 32),
                   4.0 * (2304 + 2304) + 4.0 * 2048);
}

// Depthwise 3x3: a 7x14 output tile reads 9x16 input; W is [c, 3, 3].
// Whole rows continue the run: I's 16-float rows are whole, so each channel
// is one run of 9 x 16 floats.
TEST(TrafficTest, GlobalTrafficDepthwise) {
  TensorExpr dw = depthwiseNchw(1, 32, 14, 14, 3, 3);
  std::vector<int64_t> tile = {1, 8, 7, 14, 3, 3};
  // I: 8 runs of 144 floats (576 bytes, 18 sectors) = 4608.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(dw.inputs[0], tile, 32), 8 * 576);
  // W: 8 whole 3x3 filters are one run of 72 floats (288 bytes).
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(dw.inputs[1], tile, 32), 288);
  // O: 8 runs of 7 whole 14-float rows (392 bytes -> 416) = 3328.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(dw.outputs[0], tile, 32), 8 * 416);
  // 1*4*2*1 = 8 blocks, one step.
  EXPECT_DOUBLE_EQ(getGlobalTraffic(dw, tile, 32),
                   8.0 * (4608 + 288) + 8.0 * 3328);
}

// The pooling window is never read: it adds no traffic and no footprint.
TEST(TrafficTest, GlobalTrafficPoolingWindowUnread) {
  TensorExpr pool = maxPoolNchw(1, 16, 8, 8, 3, 3, /*stride=*/2);
  std::vector<int64_t> tile = {1, 4, 4, 8, 3, 3};
  // I: rows of all 17 floats, so 4 channel runs of 9 x 17 floats (612
  // bytes -> 640) = 2560; O: 16 rows of 32 bytes = 512; 8 blocks.
  EXPECT_DOUBLE_EQ(getTileTransactionBytes(pool.inputs[0], tile, 32), 2560);
  EXPECT_DOUBLE_EQ(getGlobalTraffic(pool, tile, 32), 8.0 * 2560 + 8.0 * 512);
  EXPECT_EQ(getSharedFootprint(pool, tile), 36 * 17 * 4);
  EXPECT_EQ(getRegisterFootprint(pool, {1, 1, 1, 1, 3, 3}), 9 + 1);
  // Were it read: the whole 3x3 window, 36 bytes (2 sectors), per block.
  pool.inputs[1].isRead = true;
  EXPECT_DOUBLE_EQ(getGlobalTraffic(pool, tile, 32),
                   8.0 * 2560 + 8.0 * 512 + 8.0 * 64);
}

// Reducing h, w of [2,64,7,7]: whole 7x7 windows of 32 channels are one run
// of 1568 floats; one row per step pays a sector per 28-byte row.
TEST(TrafficTest, GlobalTrafficReduction) {
  TensorExpr reduce = reduceNchwHw(2, 64, 7, 7);
  // I: 6272 bytes (196 sectors); O: one row of 32 floats = 128; 4 blocks.
  EXPECT_DOUBLE_EQ(getGlobalTraffic(reduce, {1, 32, 7, 7}, 32),
                   4.0 * 6272 + 4.0 * 128);
  // I: 32 rows of 28 bytes -> 32 a step, 7 steps.
  EXPECT_DOUBLE_EQ(getGlobalTraffic(reduce, {1, 32, 1, 7}, 32),
                   4.0 * 7 * 1024 + 4.0 * 128);
  // w = 4: 16-byte rows, 2 steps per row: twice the sectors of I.
  EXPECT_DOUBLE_EQ(getGlobalTraffic(reduce, {1, 32, 7, 4}, 32),
                   4.0 * 2 * 7168 + 4.0 * 128);
}

// A gather (an embedding lookup, nearest upsampling: IndirectRead): one
// element per point, in whole transactions along the innermost axis, as
// an identity-indexed input of the loop nest would be.
TEST(TrafficTest, GlobalTrafficIndirectRead) {
  TensorExpr gather = elementwiseAdd({64, 100});
  gather.inputs.clear();
  gather.indirectReads = {IndirectRead{"indirect0", "f16", 2}};
  // A block of 4 x 50: 4 runs of 100 bytes, 4 sectors each; 32 blocks.
  const IndirectRead &read = gather.indirectReads[0];
  EXPECT_DOUBLE_EQ(getIndirectReadTransactionBytes(gather, read, {4, 50}, 32),
                   4.0 * 128);
  // Whole rows are one run: 4 x 100 f16 are 800 bytes, 25 sectors.
  EXPECT_DOUBLE_EQ(getIndirectReadTransactionBytes(gather, read, {4, 100}, 32),
                   800.0);
  // With the f32 output's 4 runs of 200 bytes (7 sectors each).
  EXPECT_DOUBLE_EQ(getGlobalTraffic(gather, {4, 50}, 32),
                   32 * (4.0 * 128 + 4.0 * 224));
  // Two reads cost twice; one element per thread pays a sector each.
  gather.indirectReads.push_back(IndirectRead{"indirect1", "f16", 2});
  EXPECT_DOUBLE_EQ(getGlobalTraffic(gather, {1, 1}, 32),
                   64.0 * 100 * (2 * 32 + 32));
}

// Elementwise: two reads and one write of every element, in whole rows.
TEST(TrafficTest, GlobalTrafficElementwise) {
  TensorExpr add = elementwiseAdd({1024, 1024});
  double tensor = 1024.0 * 1024 * 4;
  EXPECT_DOUBLE_EQ(getGlobalTraffic(add, {4, 256}, 32), 3 * tensor);
  EXPECT_DOUBLE_EQ(getGlobalTraffic(add, {1, 1}, 32), 3 * 8 * tensor);
  // The output is written (isRead false) and stages nothing in shared.
  EXPECT_EQ(getSharedFootprint(add, {4, 256}), 2 * 4 * 256 * 4);
}

//===----------------------------------------------------------------------===//
// Footprints and register traffic
//===----------------------------------------------------------------------===//

// F0 of [128,128,8]: A 128x8 and B 8x128 floats, padding per row.
TEST(TrafficTest, SharedFootprintWithPadding) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  EXPECT_EQ(getSharedFootprint(mm, {128, 128, 8}), 4096 + 4096);
  EXPECT_EQ(getSharedFootprint(mm, {128, 128, 8}, {4, 4}),
            128 * 12 * 4 + 8 * 132 * 4);
  // Padding only for input 0.
  EXPECT_EQ(getSharedFootprint(mm, {128, 128, 8}, {1}), 128 * 9 * 4 + 4096);
  // f16 inputs take half.
  mm.inputs[0].elementBytes = mm.inputs[1].elementBytes = 2;
  EXPECT_EQ(getSharedFootprint(mm, {128, 128, 32}, {8, 8}),
            128 * 40 * 2 + 32 * 136 * 2);
}

// Q1 of thread tile [8,8,1] on 1024^3: 128*128 tiles x 1024 steps, each
// loading 8 floats of A and 8 of B.
TEST(TrafficTest, RegisterTraffic) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  EXPECT_DOUBLE_EQ(getRegisterTraffic(mm, {8, 8, 1}), 128.0 * 128 * 1024 * 64);
  EXPECT_DOUBLE_EQ(getRegisterTraffic(mm, {8, 8, 1}), double(1 << 30));
  // 4x4: 256*256*1024 tiles of 32 bytes: twice as much.
  EXPECT_DOUBLE_EQ(getRegisterTraffic(mm, {4, 4, 1}), double(1u << 31));
  // The pooling window is not loaded.
  TensorExpr pool = maxPoolNchw(1, 16, 8, 8, 3, 3, 2);
  EXPECT_DOUBLE_EQ(getRegisterTraffic(pool, {1, 1, 1, 8, 3, 3}),
                   16.0 * 8 * (3 * 17 * 4));
}

// F1 counts 32-bit registers: accumulators plus one step of each input.
TEST(TrafficTest, RegisterFootprint) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  EXPECT_EQ(getRegisterFootprint(mm, {8, 8, 1}), 8 + 8 + 64);
  EXPECT_EQ(getRegisterFootprint(mm, {4, 8, 2}), 8 + 16 + 32);
  // f16 inputs pack two to a register, rounding up.
  mm.inputs[0].elementBytes = mm.inputs[1].elementBytes = 2;
  EXPECT_EQ(getRegisterFootprint(mm, {8, 8, 1}), 4 + 4 + 64);
  EXPECT_EQ(getRegisterFootprint(mm, {1, 1, 1}), 1 + 1 + 1);
}

//===----------------------------------------------------------------------===//
// Reuse score
//===----------------------------------------------------------------------===//

// Saved over spent; free savings score +inf; no savings score <= 0.
TEST(TrafficTest, ReuseScoreCases) {
  EXPECT_DOUBLE_EQ(getReuseScore(100, 60, 10, 30), 2.0);
  double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(getReuseScore(100, 60, 10, 10), inf);
  EXPECT_EQ(getReuseScore(100, 60, 30, 10), inf);
  EXPECT_LE(getReuseScore(100, 100, 10, 30), 0.0);
  EXPECT_LE(getReuseScore(100, 120, 10, 10), 0.0);
  EXPECT_LE(getReuseScore(100, 120, 10, 30), 0.0);
  // A larger cost for no saving ranks lower.
  EXPECT_LT(getReuseScore(100, 100, 10, 50), getReuseScore(100, 100, 10, 20));
}

// One growth step from T = [1,8,8] on 1024^3 (32-byte sectors), by hand:
// Q(T) = 131072 blocks x (128 steps x (32 + 256) + 32) = 4836032512,
// F(T) = 32 + 256 = 288.
// i -> 2: 65536 x (128 x (64 + 256) + 64), F 320: S_i = 2^26.
// j -> 16: 65536 x (128 x (32 + 512) + 64), F 544: S_j = 2^20.
// k -> 16: the same Q (half the steps, twice the rows), F 576: S_k < 0.
TEST(TrafficTest, ReuseScorePaperFormulaOnMatmul) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  std::vector<int64_t> t = {1, 8, 8};
  double q = getGlobalTraffic(mm, t, 32);
  double f = double(getSharedFootprint(mm, t));
  EXPECT_DOUBLE_EQ(q, 4836032512.0);
  EXPECT_DOUBLE_EQ(f, 288.0);

  auto score = [&](std::vector<int64_t> grown) {
    return getReuseScore(q, getGlobalTraffic(mm, grown, 32), f,
                         double(getSharedFootprint(mm, grown)));
  };
  EXPECT_DOUBLE_EQ(getGlobalTraffic(mm, {2, 8, 8}, 32), 2688548864.0);
  EXPECT_DOUBLE_EQ(score({2, 8, 8}), (4836032512.0 - 2688548864.0) / 32);
  EXPECT_DOUBLE_EQ(score({2, 8, 8}), double(1 << 26));
  EXPECT_DOUBLE_EQ(getGlobalTraffic(mm, {1, 16, 8}, 32), 4567597056.0);
  EXPECT_DOUBLE_EQ(score({1, 16, 8}), double(1 << 20));
  EXPECT_DOUBLE_EQ(getGlobalTraffic(mm, {1, 8, 16}, 32), q);
  EXPECT_DOUBLE_EQ(score({1, 8, 16}), -288.0);
}

} // namespace
