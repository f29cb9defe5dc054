//===- RankingTest.cpp - How the model orders equal predictions -----------===//
//
// isPreferred (PerfModel.h, docs/model.md "Ranking"): the faster prediction
// first, then the tie-breaks between tensor-core schedules, each on the
// case that introduced it.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/PerfModel.h"

#include "TestDevices.h"
#include "TestExprs.h"
#include "TestSchedules.h"

#include "gtest/gtest.h"

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

// The ranking: the faster prediction first; equal times (to 1e-9 relative)
// between tensor-core schedules go to more resident warps (capped), then to
// fewer gathered elements, then to fewer reduction steps, then to less
// shared traffic; CUDA-core equals keep their order (neither is preferred).
TEST(PerfModelTest, RankingTieBreaks) {
  Prediction base;
  base.totalUs = 100;
  base.tensorCores = true;
  base.latencyWarps = 4;
  base.reductionSteps = 64;
  base.sharedBytes = 1000;

  Prediction faster = base;
  faster.totalUs = 99;
  faster.latencyWarps = 1;
  faster.reductionSteps = 1000;
  EXPECT_TRUE(isPreferred(faster, base));
  EXPECT_FALSE(isPreferred(base, faster));

  Prediction warps = base;
  warps.totalUs = 100 * (1 + 1e-12); // rounding, not a slower schedule
  warps.latencyWarps = 8;
  warps.reductionSteps = 256;
  EXPECT_TRUE(isPreferred(warps, base));
  EXPECT_FALSE(isPreferred(base, warps));

  Prediction gathered = base;
  gathered.gatheredElements = 2e6;
  Prediction gatheredOnce = gathered;
  gatheredOnce.gatheredElements = 1e6;
  gatheredOnce.reductionSteps = 128;
  EXPECT_TRUE(isPreferred(gatheredOnce, gathered));
  EXPECT_FALSE(isPreferred(gathered, gatheredOnce));
  EXPECT_TRUE(isPreferred(base, gathered));

  Prediction steps = base;
  steps.reductionSteps = 16;
  steps.sharedBytes = 2000;
  EXPECT_TRUE(isPreferred(steps, base));
  EXPECT_FALSE(isPreferred(base, steps));

  Prediction shared = base;
  shared.sharedBytes = 500;
  EXPECT_TRUE(isPreferred(shared, base));
  EXPECT_FALSE(isPreferred(base, shared));
  EXPECT_FALSE(isPreferred(base, base));

  Prediction simt = steps, simtBase = base;
  simt.tensorCores = simtBase.tensorCores = false;
  EXPECT_FALSE(isPreferred(simt, simtBase));
  EXPECT_FALSE(isPreferred(simtBase, simt));
  Prediction mixed = steps;
  EXPECT_FALSE(isPreferred(mixed, simtBase));

  // Both bound by the same rounds of blocks (CUDA-core schedules too): the
  // one whose blocks do less work in them.
  Prediction rounds = simtBase;
  rounds.bottleneck = Stage::Latency;
  rounds.stageUs[unsigned(Stage::Latency)] = 100;
  rounds.stageUs[unsigned(Stage::Global)] = 60;
  Prediction lessWork = rounds;
  lessWork.stageUs[unsigned(Stage::Global)] = 30;
  lessWork.stageUs[unsigned(Stage::Compute)] = 40;
  EXPECT_TRUE(isPreferred(lessWork, rounds));
  EXPECT_FALSE(isPreferred(rounds, lessWork));
}

// The case the tie-breaks are for: a 4096^3 f16 GEMM on a100 predicts the
// same time for a 256x128 block with k-steps of 16 (64x32 warp tiles, 16
// warps) and of 64 (64x64 warp tiles, 8 warps): both keep two warps per
// scheduler, and the longer step wins.
TEST(PerfModelTest, RankingPrefersLongerKStep) {
  TensorExpr half = f16Matmul(4096, 4096, 4096);
  Schedule shortStep = mmaSchedule();
  shortStep.block = {256, 128, 16};
  shortStep.thread = {64, 32, 16};
  shortStep.threads = 512;
  Schedule longStep = mmaSchedule();
  longStep.block = {256, 128, 64};
  longStep.thread = {64, 64, 16};
  longStep.threads = 256;
  llvm::Expected<Prediction> s = predict(half, preset("a100"), shortStep);
  ASSERT_TRUE(bool(s)) << llvm::toString(s.takeError());
  llvm::Expected<Prediction> l = predict(half, preset("a100"), longStep);
  ASSERT_TRUE(bool(l)) << llvm::toString(l.takeError());
  expectRelNear(l->totalUs, s->totalUs, "equal predicted times");
  EXPECT_EQ(s->latencyWarps, 8);
  EXPECT_EQ(l->latencyWarps, 8);
  EXPECT_EQ(s->reductionSteps, 256);
  EXPECT_EQ(l->reductionSteps, 64);
  EXPECT_TRUE(isPreferred(*l, *s));
  EXPECT_FALSE(isPreferred(*s, *l));
}

// An implicit GEMM (ResNet's 56x56x64 3x3 layer: 3136 x 64 x 576, the
// patches gathered): a block of 32 x 64 covers N and gathers the patches
// once, one of 64 x 32 twice, for the same predicted time on a100 (the
// weights are read twice as often instead, at the same bytes). The ranking
// takes the one that gathers less: on the emulator it runs 0.54 M warp
// instructions against 0.81 M.
TEST(PerfModelTest, RankingPrefersFewerGatheredElements) {
  TensorExpr conv = f16Matmul(3136, 64, 576);
  conv.inputs[0].gathered = true;
  conv.inputs[0].gatherRun = 8; // 64 channels: runs of 8 (16 bytes)
  Schedule wide = mmaSchedule();
  wide.block = {32, 64, 288};
  wide.thread = {16, 16, 16};
  wide.threads = 256;
  Schedule tall = wide;
  tall.block = {64, 32, 288};
  llvm::Expected<Prediction> w = predict(conv, preset("a100"), wide);
  ASSERT_TRUE(bool(w)) << llvm::toString(w.takeError());
  llvm::Expected<Prediction> t = predict(conv, preset("a100"), tall);
  ASSERT_TRUE(bool(t)) << llvm::toString(t.takeError());
  expectRelNear(w->totalUs, t->totalUs, "equal predicted times");
  EXPECT_EQ(w->latencyWarps, t->latencyWarps);
  EXPECT_DOUBLE_EQ(w->gatheredElements, 3136.0 * 576);
  EXPECT_DOUBLE_EQ(t->gatheredElements, 2 * 3136.0 * 576);
  EXPECT_TRUE(isPreferred(*w, *t));
  EXPECT_FALSE(isPreferred(*t, *w));
  // Without the gather the two stay tied down to the shared traffic (the
  // last rule: the same reduction steps, 2 each).
  conv.inputs[0].gathered = false;
  w = predict(conv, preset("a100"), wide);
  ASSERT_TRUE(bool(w)) << llvm::toString(w.takeError());
  t = predict(conv, preset("a100"), tall);
  ASSERT_TRUE(bool(t)) << llvm::toString(t.takeError());
  EXPECT_EQ(w->gatheredElements, 0.0);
  EXPECT_EQ(t->gatheredElements, 0.0);
  EXPECT_EQ(w->reductionSteps, t->reductionSteps);
  EXPECT_EQ(isPreferred(*w, *t), w->sharedBytes < t->sharedBytes);
  EXPECT_EQ(isPreferred(*t, *w), t->sharedBytes < w->sharedBytes);
}

} // namespace
