//===- IssueStageTest.cpp - The model's instruction-issue stage -----------===//
//
// The issue stage (docs/model.md): a gather's positions, each
// kGatherElementInstructions or kGatherRunInstructions thread-instructions,
// and the MMAs beside them, at one warp-instruction per scheduler and cycle.
// Checked by hand on an implicit GEMM of 27 channels (element by element)
// and of 24 (runs of 8), the shapes whose emulator counts calibrated it.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/PerfModel.h"
#include "Roller/Analysis/TensorExpr.h"

#include "TestDevices.h"
#include "TestExprs.h"
#include "TestSchedules.h"

#include "gtest/gtest.h"

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

/// The implicit GEMM of an NHWC 3x3 convolution of 1x56x56xC into 64
/// filters: 3136 output pixels, K = 9 C, the patches gathered.
TensorExpr implicitGemm(int64_t channels, int64_t run) {
  TensorExpr mm = f16Matmul(3136, 64, 9 * channels);
  mm.inputs[0].gathered = true;
  mm.inputs[0].gatherRun = run;
  return mm;
}

/// h200's choice for both before the issue stage: 48 x 32 blocks of 6 warps
/// (16 x 16 warp tiles). With it, 27 channels take 32 x 64 blocks, which
/// gather the patches once (select-gather-issue.mlir).
Schedule blocksOf48x32(int64_t k) {
  Schedule s = mmaSchedule();
  s.block = {48, 32, k};
  s.thread = {16, 16, 16};
  s.threads = 192;
  return s;
}

// 27 channels are gathered element by element: K = 243 in 2 steps of 128
// (padded to 256), 66 x 2 blocks, one per SM. Each block gathers 48 x 256
// elements, 40 thread-instructions each (a warp-instruction per 32 of
// them: 15,360), and runs 48 x 32 x 256 / (16 x 8 x 16) = 192 MMAs: 15,552
// warp-instructions at 4 x 1980 MHz, 1.964 us, above its traffic.
TEST(IssueStageTest, ElementByElementGatherIsIssueBound) {
  llvm::Expected<Prediction> p =
      predict(implicitGemm(27, 1), preset("h200"), blocksOf48x32(128));
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->blocks, 132);
  EXPECT_DOUBLE_EQ(p->gatherInstructions,
                   132.0 * 48 * 256 * kGatherElementInstructions);
  double warpInstructions = 48.0 * 256 * kGatherElementInstructions / 32 + 192;
  expectRelNear(p->stageUs[unsigned(Stage::Issue)],
                warpInstructions / (4 * 1980e6) * 1e6, "issue stage");
  EXPECT_EQ(p->bottleneck, Stage::Issue);
  expectRelNear(p->totalUs, p->stageUs[unsigned(Stage::Issue)], "total");
}

// 24 channels are gathered in runs of 8 (16 bytes): K = 216 in 2 steps of
// 112 (224), 48 x 224 / 8 = 1,344 runs a block at 56 thread-instructions
// (2,352 warp-instructions) and 168 MMAs: the traffic bounds it.
TEST(IssueStageTest, GatherInRunsIsNotIssueBound) {
  llvm::Expected<Prediction> p =
      predict(implicitGemm(24, 8), preset("h200"), blocksOf48x32(112));
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_DOUBLE_EQ(p->gatherInstructions,
                   132.0 * 48 * 224 / 8 * kGatherRunInstructions);
  double warpInstructions = 48.0 * 224 / 8 * kGatherRunInstructions / 32 + 168;
  expectRelNear(p->stageUs[unsigned(Stage::Issue)],
                warpInstructions / (4 * 1980e6) * 1e6, "issue stage");
  EXPECT_NE(p->bottleneck, Stage::Issue);
}

// Without a gather there is no issue stage: a plain f16 GEMM's instructions
// are the ones its FLOPs and bytes already bound.
TEST(IssueStageTest, NoGatherNoIssueStage) {
  TensorExpr mm = f16Matmul(3136, 64, 216);
  llvm::Expected<Prediction> p =
      predict(mm, preset("h200"), blocksOf48x32(112));
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->gatherInstructions, 0.0);
  EXPECT_EQ(p->stageUs[unsigned(Stage::Issue)], 0.0);
}

// Fewer warps than schedulers issue below the SM's rate: blocks of one warp,
// one on each SM (528 pixels in 33 x 4 blocks of 16 x 16), issue at a
// quarter of it.
TEST(IssueStageTest, OneWarpIssuesAQuarter) {
  TensorExpr mm = implicitGemm(27, 1);
  mm.axes[0].extent = 528;
  mm.inputs[0].shape[0] = 528;
  mm.outputs[0].shape[0] = 528;
  Schedule one = blocksOf48x32(128);
  one.block = {16, 16, 128};
  one.threads = 32;
  llvm::Expected<Prediction> p = predict(mm, preset("h200"), one);
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->blocks, 132);
  double warpInstructions =
      16.0 * 256 * kGatherElementInstructions / 32 + 16.0 * 16 * 256 / 2048;
  expectRelNear(p->stageUs[unsigned(Stage::Issue)],
                warpInstructions / (4 * 1980e6 / 4) * 1e6, "issue stage");
}

// Expressions that differ in their gather's runs are different keys: ops of
// the same key share one construction.
TEST(IssueStageTest, GatherRunIsPartOfTheKey) {
  EXPECT_NE(implicitGemm(24, 8).key(), implicitGemm(24, 1).key());
}

} // namespace
