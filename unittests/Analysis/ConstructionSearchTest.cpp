//===- ConstructionSearchTest.cpp - How close the construction gets -------===//
//
// The construction against the exhaustive search with the same model, on
// cases where a heuristic once stopped short: the device-dependent choice,
// the exhaustive mode as an upper bound, the one-level axis order, deeper
// steps and pipelines for latency-bound tiles, and the refinement's moves.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Construction.h"
#include "Roller/Analysis/PerfModel.h"

#include "TestConstruction.h"
#include "TestExprs.h"
#include "TestSchedules.h"

#include "TestDevices.h"
#include "gtest/gtest.h"

#include <set>

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

// The device matters: a100 and h200 pick different top-1 tiles somewhere.
TEST(ConstructionTest, DevicesChooseDifferently) {
  std::vector<TensorExpr> cases = {
      matmul(256, 256, 4096), f16Matmul(1024, 1024, 1024),
      convNchw(8, 64, 28, 28, 128, 3, 3), depthwiseNchw(8, 64, 28, 28, 3, 3)};
  int differing = 0;
  for (const TensorExpr &expr : cases) {
    ConstructionResult a = construct(expr, preset("a100"));
    ConstructionResult h = construct(expr, preset("h200"));
    ASSERT_FALSE(a.candidates.empty());
    ASSERT_FALSE(h.candidates.empty());
    const Schedule &sa = a.candidates.front().schedule;
    const Schedule &sh = h.candidates.front().schedule;
    if (sa.block != sh.block || sa.thread != sh.thread)
      ++differing;
  }
  EXPECT_GE(differing, 1);
}

// Exhaustive mode ranks a superset with the same model: its best is never
// slower than the construction's top-1.
TEST(ConstructionTest, ExhaustiveNeverWorseThanConstruction) {
  struct Case {
    TensorExpr expr;
    const char *device;
  };
  std::vector<Case> cases = {
      {matmul(256, 256, 256), "h200"},
      {matmul(128, 64, 32), "h200"},
      {matmul(100, 100, 100), "v100"},
      {matmul(64, 48, 80), "a100"},
      {f16Matmul(256, 256, 256), "h200"},
      {convNchw(1, 16, 14, 14, 32, 3, 3), "h200"},
  };
  for (const Case &c : cases) {
    const DeviceSpec &device = preset(c.device);
    ConstructionResult greedy = construct(c.expr, device);
    ConstructionResult all = constructExhaustive(c.expr, device);
    ASSERT_FALSE(greedy.candidates.empty()) << c.expr.str();
    ASSERT_FALSE(all.candidates.empty()) << c.expr.str();
    expectWellFormed(c.expr, device, all);
    double best = all.candidates.front().prediction.totalUs;
    double top1 = greedy.candidates.front().prediction.totalUs;
    EXPECT_LE(best, top1 * (1 + 1e-9)) << c.device << " " << c.expr.str();
    EXPECT_GE(all.considered, greedy.considered) << c.expr.str();
  }
}

// A stride-2 1x1 pooling (the suite's P0: 168 channels, 42x42 outputs) has
// no reuse: one level, its blocks filled along the output's rows first. A
// block of several output rows reads input rows with gaps, which its traffic
// counts, and a block of several channels does not, so the construction also
// fills the other axes second: its top-1 takes channels, not rows, and is
// the exhaustive search's best (it took 3 rows, 1.33x the best, before).
TEST(ConstructionTest, OneLevelBlocksTryEachAxisSecond) {
  auto [top, best] =
      constructTopAndBest(maxPoolNchw(128, 168, 42, 42, 1, 1, 2));
  EXPECT_FALSE(top.schedule.usesShared);
  EXPECT_EQ(top.schedule.block[2], 1) << "output rows";
  EXPECT_GT(top.schedule.block[1], 1) << "channels";
  expectRelNear(top.prediction.totalUs, best, "exhaustive best");
}

// The scale-up grows tiles by reuse, which a reduction axis does not change,
// so it keeps the thinnest channel step: a 1x1 convolution over 512
// channels (the suite's C25) is recorded with blocks of 1 or 2 channels a
// step, 256-512 steps each waiting out a load latency. Latency-bound
// records and refinement moves take deeper steps: on h200 the construction
// without them ended at 385 us latency-bound (the exhaustive best: 215 us
// compute-bound, 4 channels a step).
TEST(ConstructionTest, LatencyBoundTilesTakeDeeperSteps) {
  auto [top, best] = constructTopAndBest(convNchw(128, 512, 7, 7, 2048, 1, 1));
  EXPECT_NE(top.prediction.bottleneck, Stage::Latency);
  EXPECT_GE(top.schedule.block[4], 4) << "channels a step";
  EXPECT_LE(top.prediction.totalUs, 1.05 * best);
}

// A deeper pipeline hides the steps' latency where a deeper step does not:
// the suite's C30 (a stride-2 1x1 convolution over 1024 channels, h200)
// keeps blocks of 32 x 128 x 7 outputs one channel a step, 1024 steps, with
// 4 stages (each step waits a third of a load latency: 4 rounds of 0.56 +
// 1023 x 0.125 us, 514 us, under the 706 us of traffic). With 2 stages
// only, the deepest steps the construction reached predicted 912 us, and
// the best 2-stage schedule of the exhaustive search's enumeration 790 us.
// The input is the suite's, 14 x 14 (its last row and column unread): with
// the 13 x 13 the windows reach, a block of an image's 7 x 7 outputs reads
// whole input rows, and blocks of 8 x 64 x 7 x 7 outputs, 8 channels a step
// with 2 stages, are best (649 us, found by the construction too).
TEST(ConstructionTest, LatencyBoundTilesTakeDeeperPipelines) {
  TensorExpr c30 = convNchw(128, 1024, 7, 7, 2048, 1, 1, /*stride=*/2);
  c30.inputs[0].shape = {128, 1024, 14, 14};
  auto [top, best] = constructTopAndBest(c30);
  EXPECT_GT(top.schedule.stages, 2);
  EXPECT_NE(top.prediction.bottleneck, Stage::Latency);
  EXPECT_LE(top.prediction.totalUs, best * (1 + 1e-9));
}

// The exhaustive search varies the pipeline depth as well as the tile: each
// enumerated tile whose 2-stage schedule waits out its steps' latency is
// also ranked with 3 stages where those fit. Before, it kept the default
// depth, so it could not say how far the construction's deeper pipelines
// are from the best (C30 above: none of its 2-stage tiles had a 3-stage
// schedule but the construction's own).
TEST(ConstructionTest, ExhaustiveSearchTriesDeeperPipelines) {
  const DeviceSpec &device = preset("h200");
  ConstructionOptions options;
  options.exhaustive = true;
  options.topK = 1 << 20;
  ConstructionResult all = construct(
      convNchw(128, 1024, 7, 7, 2048, 1, 1, /*stride=*/2), device, options);
  std::set<Sizes> threeStages;
  for (const Candidate &candidate : all.candidates)
    if (candidate.schedule.stages == 3)
      threeStages.insert(candidate.schedule.block);
  int64_t latencyBound = 0;
  for (const Candidate &candidate : all.candidates) {
    const Prediction &p = candidate.prediction;
    // A third buffer of the padded tiles fits: so does the unpadded one the
    // search checks.
    if (candidate.schedule.stages != 2 || p.bottleneck != Stage::Latency ||
        p.reductionSteps < 3 || p.smemBytes / 2 * 3 > device.smemPerBlock)
      continue;
    ++latencyBound;
    EXPECT_TRUE(threeStages.count(candidate.schedule.block))
        << str(candidate.schedule.block);
  }
  EXPECT_GE(latencyBound, 10);
}

// A refinement move may lose a little predicted time (up to 1%) on the way
// to a better tile: the suite's D19 (a 3x3 depthwise convolution, 42
// channels, 83 x 83 outputs; h200) was recorded with blocks of 3 whole
// channels (65.271 us); 2 channels predict 65.290, which a walk that only
// kept or lowered the time refused, and 1 channel 63.789, the exhaustive
// search's best.
TEST(ConstructionTest, RefinementCrossesSmallLosses) {
  auto [top, best] = constructTopAndBest(depthwiseNchw(128, 42, 83, 83, 3, 3));
  EXPECT_LE(top.prediction.totalUs, best * (1 + 1e-9))
      << str(top.schedule.block);
}

// Where no single step moves, the refinement exchanges one spatial axis's
// size for another's at the same block size. The suite's C26 on v100 (a 1x1
// convolution of 2048 channels into 512 over 7 x 7 images) was recorded
// with blocks of one output row of 32 images, where the single steps alone
// stayed (1686.6 us, bound by its shared-memory reads): blocks of whole
// images are best (4 images of 7 x 7 outputs, 1068.6 us). A step from one
// row to seven makes 32 whole images, too many outputs for a block; the
// exchange trades those rows for images.
TEST(ConstructionTest, RefinementExchangesAxes) {
  auto [top, best] =
      constructTopAndBest(convNchw(128, 2048, 7, 7, 512, 1, 1), "v100");
  EXPECT_LE(top.prediction.totalUs, 1.05 * best) << str(top.schedule.block);
}

// A refinement step may also go to the next aligned multiple of a size,
// past the sizes in between: the suite's D0 on a100 (a 5x5 stride-2
// depthwise convolution, 84 channels, 42 x 42 outputs, in linalg's loop
// order n oh ow c kh kw) was recorded with blocks of 14 output rows of 2
// channels, 2 rows a thread (211.3 us); the next sizes up, 16 and 21 rows,
// give no schedule, and 42 rows, 6 a thread, are the exhaustive search's best
// (198.4 us).
TEST(ConstructionTest, RefinementStepsToMultiples) {
  TensorExpr d0;
  d0.opName = "linalg.depthwise_conv_2d_nchw_chw";
  d0.axes = {spatial("n", 128), spatial("oh", 42),  spatial("ow", 42),
             spatial("c", 84),  reduction("kh", 5), reduction("kw", 5)};
  d0.inputs = {access("I", {128, 84, 87, 87},
                      {axisIndex(6, 0), axisIndex(6, 3),
                       index(6, {{1, 2}, {4, 1}}), index(6, {{2, 2}, {5, 1}})}),
               access("W", {84, 5, 5},
                      {axisIndex(6, 3), axisIndex(6, 4), axisIndex(6, 5)})};
  d0.outputs = {access(
      "O", {128, 84, 42, 42},
      {axisIndex(6, 0), axisIndex(6, 3), axisIndex(6, 1), axisIndex(6, 2)})};
  d0.opsPerPoint = 2;
  auto [top, best] = constructTopAndBest(d0, "a100");
  EXPECT_LE(top.prediction.totalUs, best * (1 + 1e-9))
      << str(top.schedule.block);
}

} // namespace
