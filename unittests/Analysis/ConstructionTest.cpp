//===- ConstructionTest.cpp - Tests of ROLLER's rTile construction --------===//
//
// Property tests of constructSchedules: whatever tiles the construction
// picks (its heuristics are tuned often), every candidate must be a
// well-formed, launchable rProgram, ranked by the model's own prediction.
// Then the behaviours the policy promises on known cases: the small-operator
// shrink, tensor cores where the chip has mma.sync, stages, and clear errors
// on bad inputs. ConstructionSearchTest.cpp compares the construction with
// the exhaustive search.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Construction.h"
#include "Roller/Analysis/Alignment.h"
#include "Roller/Analysis/PerfModel.h"
#include "Roller/Analysis/Traffic.h"

#include "TestConstruction.h"
#include "TestExprs.h"
#include "TestSchedules.h"

#include "TestDevices.h"
#include "gtest/gtest.h"

#include <cmath>
#include <set>
#include <string>

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

//===----------------------------------------------------------------------===//
// Well-formed candidates for every operator class
//===----------------------------------------------------------------------===//

// Regular and irregular matmuls give well-formed, ranked candidates.
TEST(ConstructionTest, MatmulCandidatesWellFormed) {
  expectWellFormedOnEveryDevice(matmul(1024, 1024, 1024));
  expectWellFormedOnEveryDevice(matmul(256, 256, 4096));
  expectWellFormedOnEveryDevice(matmul(4097, 33, 129));
  expectWellFormedOnEveryDevice(matmul(128, 64, 32));
}

// Convolutions (3x3, strided, 1x1) give well-formed candidates.
TEST(ConstructionTest, ConvCandidatesWellFormed) {
  expectWellFormedOnEveryDevice(convNchw(8, 64, 28, 28, 128, 3, 3));
  expectWellFormedOnEveryDevice(convNchw(8, 64, 14, 14, 128, 3, 3, 2));
  expectWellFormedOnEveryDevice(convNchw(8, 256, 14, 14, 64, 1, 1));
}

// Depthwise convolutions, large and small, give well-formed candidates.
TEST(ConstructionTest, DepthwiseCandidatesWellFormed) {
  expectWellFormedOnEveryDevice(depthwiseNchw(8, 64, 28, 28, 3, 3));
  expectWellFormedOnEveryDevice(depthwiseNchw(1, 32, 14, 14, 3, 3));
}

// Pooling (its window operand is never read) gives well-formed candidates.
TEST(ConstructionTest, PoolingCandidatesWellFormed) {
  expectWellFormedOnEveryDevice(maxPoolNchw(8, 64, 28, 28, 3, 3, 2));
  expectWellFormedOnEveryDevice(maxPoolNchw(1, 16, 7, 7, 3, 3, 2));
}

// Reductions over h, w give well-formed candidates.
TEST(ConstructionTest, ReductionCandidatesWellFormed) {
  expectWellFormedOnEveryDevice(reduceNchwHw(8, 256, 7, 7));
  expectWellFormedOnEveryDevice(reduceNchwHw(1, 16, 7, 7));
}

// Elementwise ops have no reuse: one level, nothing staged in shared memory.
TEST(ConstructionTest, ElementwiseIsOneLevel) {
  for (const char *name : kDevices) {
    const DeviceSpec &device = preset(name);
    for (TensorExpr add :
         {elementwiseAdd({128, 1024}), elementwiseAdd({17, 11, 3})}) {
      ConstructionResult result = construct(add, device);
      expectWellFormed(add, device, result);
      EXPECT_NE(result.strategy.find("one-level"), std::string::npos)
          << result.strategy;
      for (const Candidate &c : result.candidates) {
        EXPECT_FALSE(c.schedule.usesShared);
        EXPECT_EQ(c.prediction.sharedBytes, 0.0);
      }
    }
  }
}

// A matmul reuses data: two levels, staged in shared memory; convolutions
// also try the implicit GEMM view.
TEST(ConstructionTest, ReuseOpsAreTwoLevel) {
  ConstructionResult mm = construct(matmul(1024, 1024, 1024), preset("h200"));
  EXPECT_NE(mm.strategy.find("two-level"), std::string::npos) << mm.strategy;
  for (const Candidate &c : mm.candidates)
    EXPECT_TRUE(c.schedule.usesShared);
  ConstructionResult conv =
      construct(convNchw(8, 64, 28, 28, 128, 3, 3), preset("h200"));
  EXPECT_NE(conv.strategy.find("implicit GEMM"), std::string::npos)
      << conv.strategy;
}

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

// At most topK candidates, for every topK.
TEST(ConstructionTest, TopKBoundsTheList) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  for (int64_t k : {1, 3, 10, 25}) {
    ConstructionOptions options;
    options.topK = k;
    ConstructionResult result = construct(mm, preset("h200"), options);
    expectWellFormed(mm, preset("h200"), result, k);
  }
  ConstructionOptions one;
  one.topK = 1;
  EXPECT_EQ(construct(mm, preset("a100"), one).candidates.size(), 1u);
}

// Shared tiles are double-buffered with cp.async (sm_80+), single on sm_70;
// an explicit stage count is used as given.
TEST(ConstructionTest, Stages) {
  EXPECT_EQ(getDefaultStages(preset("h200")), 2);
  EXPECT_EQ(getDefaultStages(preset("a100")), 2);
  EXPECT_EQ(getDefaultStages(preset("v100")), 1);
  // The default, or a deeper pipeline (up to kMaxStages) where deepenSteps
  // found the default's steps latency-bound; never deeper than the block
  // has steps.
  TensorExpr mm = matmul(512, 512, 512);
  for (const char *name : kDevices)
    for (const Candidate &c : construct(mm, preset(name)).candidates) {
      int64_t byDefault = getDefaultStages(preset(name));
      int64_t steps = c.prediction.reductionSteps;
      EXPECT_GE(c.schedule.stages, std::min(byDefault, steps)) << name;
      EXPECT_LE(
          c.schedule.stages,
          byDefault == 1 ? 1 : std::min(ConstructionOptions::kMaxStages, steps))
          << name;
    }
  ConstructionOptions three;
  three.stages = 3;
  ConstructionResult result = construct(mm, preset("h200"), three);
  expectWellFormed(mm, preset("h200"), result);
  // Three buffers, or one per step where a block has fewer steps: a block
  // that takes the reduction in one step fits shared memory with one buffer
  // (fitsShared counts the buffers the schedule allocates).
  bool wholeReduction = false;
  for (const Candidate &c : result.candidates) {
    EXPECT_EQ(c.schedule.stages,
              std::min<int64_t>(3, c.prediction.reductionSteps));
    wholeReduction |= c.prediction.reductionSteps == 1;
  }
  EXPECT_TRUE(wholeReduction);
}

//===----------------------------------------------------------------------===//
// Known cases
//===----------------------------------------------------------------------===//

// 256x256 outputs in 128x128 tiles would leave 128 of 132 SMs idle: the
// shrink fills the grid.
TEST(ConstructionTest, SmallOperatorShrinkFillsTheGrid) {
  const DeviceSpec &h200 = preset("h200");
  ConstructionResult result = construct(matmul(256, 256, 4096), h200);
  ASSERT_FALSE(result.candidates.empty());
  EXPECT_GE(result.candidates.front().prediction.blocks, h200.smCount)
      << str(result.candidates.front().schedule.block);
}

/// Checks that every candidate is an m16n8k16 tensor-core schedule.
void expectTensorCoreSchedules(const TensorExpr &mm, const DeviceSpec &device,
                               int64_t k = 16) {
  ConstructionResult result = construct(mm, device);
  expectWellFormed(mm, device, result);
  EXPECT_NE(result.strategy.find("tensor-core"), std::string::npos)
      << result.strategy;
  for (const Candidate &c : result.candidates) {
    const Schedule &s = c.schedule;
    std::string where = device.name + " warp tile " + str(s.thread);
    EXPECT_EQ(s.mma, (Sizes{16, 8, k})) << where;
    EXPECT_EQ(s.thread[0] % 16, 0) << where;
    EXPECT_EQ(s.thread[1] % 8, 0) << where;
    EXPECT_EQ(s.thread[2] % k, 0) << where;
    EXPECT_EQ(s.block[2] % k, 0) << where;
    EXPECT_EQ(s.threads, (s.block[0] / s.thread[0]) *
                             (s.block[1] / s.thread[1]) * device.warpSize)
        << where;
  }
}

// f16 inputs with f32 accumulation use mma.sync m16n8k16 on sm_80 and sm_90.
TEST(ConstructionTest, TensorCoresOnAmpereAndHopper) {
  expectTensorCoreSchedules(f16Matmul(1024, 1024, 1024), preset("h200"));
  expectTensorCoreSchedules(f16Matmul(1024, 1024, 1024), preset("a100"));
  expectTensorCoreSchedules(f16Matmul(256, 512, 128), preset("h200"));
}

// sm_70 has no m16n8k16: the same matmul runs on the CUDA cores, and an
// f32 matmul never uses tensor cores.
TEST(ConstructionTest, NoTensorCoresOnVoltaOrForF32) {
  ConstructionResult volta =
      construct(f16Matmul(1024, 1024, 1024), preset("v100"));
  expectWellFormed(f16Matmul(1024, 1024, 1024), preset("v100"), volta);
  EXPECT_EQ(volta.strategy.find("tensor-core"), std::string::npos);
  for (const Candidate &c : volta.candidates)
    EXPECT_TRUE(c.schedule.mma.empty()) << str(c.schedule.mma);
  for (const Candidate &c :
       construct(matmul(1024, 1024, 1024), preset("h200")).candidates)
    EXPECT_TRUE(c.schedule.mma.empty()) << str(c.schedule.mma);
}

// Tensor-core block tiles need not divide m, n or k (the GPU lowering pads
// a boundary block's shared tiles and the partial last reduction step's,
// and masks the accumulator): a 1000 x 1000 x 1024 matmul gets tensor-core
// candidates whose m or n tiles leave a boundary block, their k steps
// dividing 1024 (where a multiple of 16 can divide K, one does); a 1000^3
// matmul, whose K no multiple of 16 divides, gets them too.
// N = 392 = 8 * 49 has no aligned divisor but itself, so with one stage
// (an input read through a pad or a gather) every zero-waste tile of this
// GEMM is 392 wide: 32 blocks on a100's 108 SMs. The construction goes on
// to the padded tiles of a larger eps until a candidate fills the SMs, and
// the model ranks them all.
TEST(ConstructionTest, CoarseExtentsRelaxUntilTheGridFills) {
  const DeviceSpec &a100 = preset("a100");
  TensorExpr mm = f16Matmul(512, 392, 4608);
  ConstructionOptions oneStage;
  oneStage.stages = 1;
  ConstructionResult result = construct(mm, a100, oneStage);
  expectWellFormed(mm, a100, result);
  ASSERT_FALSE(result.candidates.empty());
  // The model's top-1 is a padded tile narrower than 392 whose grid is
  // three times the 392-wide tiles' (64 x 32: 104 blocks).
  const Candidate &best = result.candidates.front();
  EXPECT_LT(best.schedule.block[1], 392) << str(best.schedule.block);
  EXPECT_GE(best.prediction.blocks, 3 * 32) << str(best.schedule.block);
}

TEST(ConstructionTest, TensorCoreBlocksNeedNotDivideTheTensor) {
  TensorExpr mm = f16Matmul(1000, 1000, 1024);
  ConstructionResult result = construct(mm, preset("h200"));
  expectWellFormed(mm, preset("h200"), result);
  ASSERT_FALSE(result.candidates.empty());
  bool boundary = false;
  for (const Candidate &c : result.candidates) {
    ASSERT_FALSE(c.schedule.mma.empty());
    EXPECT_EQ(c.schedule.block[0] % 16, 0) << str(c.schedule.block);
    EXPECT_EQ(c.schedule.block[1] % 8, 0) << str(c.schedule.block);
    EXPECT_EQ(1024 % c.schedule.block[2], 0) << str(c.schedule.block);
    boundary |= 1000 % c.schedule.block[0] || 1000 % c.schedule.block[1];
  }
  EXPECT_TRUE(boundary);
  // K = 1000 = 62 * 16 + 8: every k step leaves a partial last step, which
  // the GPU lowering pads to the mma k (--roller-pad-mma-boundary-tiles).
  TensorExpr irregular = f16Matmul(1000, 1000, 1000);
  ConstructionResult padded = construct(irregular, preset("h200"));
  expectWellFormed(irregular, preset("h200"), padded);
  ASSERT_FALSE(padded.candidates.empty());
  for (const Candidate &c : padded.candidates) {
    ASSERT_FALSE(c.schedule.mma.empty()) << str(c.schedule.block);
    EXPECT_EQ(c.schedule.block[2] % 16, 0) << str(c.schedule.block);
    EXPECT_NE(1000 % c.schedule.block[2], 0) << str(c.schedule.block);
  }
  // Below one mma k, the whole reduction is one zero-padded step.
  TensorExpr shallowMm = f16Matmul(64, 64, 8);
  ConstructionResult shallow = construct(shallowMm, preset("h200"));
  expectWellFormed(shallowMm, preset("h200"), shallow);
  for (const Candidate &c : shallow.candidates) {
    ASSERT_FALSE(c.schedule.mma.empty()) << str(c.schedule.block);
    EXPECT_EQ(c.schedule.block[2], 16) << str(c.schedule.block);
  }
  // Fewer rows (5) or columns (3) than the mma m or n: one zero-padded
  // mma tile along them.
  for (TensorExpr small : {f16Matmul(5, 64, 64), f16Matmul(64, 3, 64)}) {
    ConstructionResult narrow = construct(small, preset("h200"));
    ASSERT_FALSE(narrow.candidates.empty());
    for (const Candidate &c : narrow.candidates) {
      ASSERT_FALSE(c.schedule.mma.empty()) << str(c.schedule.block);
      EXPECT_EQ(c.schedule.block[0] % 16, 0) << str(c.schedule.block);
      EXPECT_EQ(c.schedule.block[1] % 8, 0) << str(c.schedule.block);
    }
  }
  // K = 1 (an outer product) has no reduction step to pad: the CUDA cores.
  ConstructionResult outer = construct(f16Matmul(64, 64, 1), preset("h200"));
  ASSERT_FALSE(outer.candidates.empty());
  for (const Candidate &c : outer.candidates)
    EXPECT_TRUE(c.schedule.mma.empty()) << str(c.schedule.mma);
}

// An f16 convolution is a GEMM only in a fused view (M = n*oh*ow): the GPU
// lowering has no mma path for it, so it stays on the CUDA cores.
TEST(ConstructionTest, F16ConvolutionOnCudaCores) {
  TensorExpr conv = convNchw(8, 64, 56, 56, 128, 1, 1);
  conv.mmaInputType = "f16";
  for (TensorAccess &input : conv.inputs) {
    input.elementBytes = 2;
    input.elementType = "f16";
  }
  ConstructionResult result = construct(conv, preset("h200"));
  ASSERT_FALSE(result.candidates.empty());
  for (const Candidate &c : result.candidates)
    EXPECT_TRUE(c.schedule.mma.empty()) << str(c.schedule.mma);
}

// bf16 inputs with f32 accumulation use mma.sync m16n8k16 like f16.
TEST(ConstructionTest, Bf16OnTensorCores) {
  TensorExpr mm = f16Matmul(1024, 1024, 1024);
  mm.mmaInputType = "bf16";
  for (TensorAccess &input : mm.inputs)
    input.elementType = "bf16";
  expectTensorCoreSchedules(mm, preset("h200"));
  expectTensorCoreSchedules(mm, preset("a100"));
}

// f32 inputs the selection may run in TF32 (mmaInputType "tf32", set where
// the module allows it) use mma.sync m16n8k8 on sm_80 and sm_90, none on
// sm_70.
TEST(ConstructionTest, Tf32OnTensorCores) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  mm.mmaInputType = "tf32";
  expectTensorCoreSchedules(mm, preset("h200"), /*k=*/8);
  expectTensorCoreSchedules(mm, preset("a100"), /*k=*/8);
  for (const Candidate &c : construct(mm, preset("v100")).candidates)
    EXPECT_TRUE(c.schedule.mma.empty()) << str(c.schedule.mma);
  EXPECT_EQ(DeviceSpec::getMmaSyncShape("tf32"),
            (std::array<int64_t, 3>{16, 8, 8}));
  EXPECT_EQ(DeviceSpec::getMmaSyncShape("f16"),
            (std::array<int64_t, 3>{16, 8, 16}));
  EXPECT_FALSE(DeviceSpec::getMmaSyncShape("f32"));
  EXPECT_TRUE(preset("a100").hasMmaSyncFor("tf32"));
  EXPECT_FALSE(preset("v100").hasMmaSyncFor("tf32"));
}

// A schedule never pipelines more tiles than its block has reduction steps:
// with K = 16 some blocks take the whole reduction in one step (one buffer),
// the others in two or more (the device's default stage count).
TEST(ConstructionTest, StagesAtMostTheReductionSteps) {
  const DeviceSpec &h200 = preset("h200");
  int64_t defaultStages = getDefaultStages(h200);
  ASSERT_GT(defaultStages, 1);
  bool single = false;
  for (const Candidate &c :
       construct(matmul(2048, 2048, 16), h200).candidates) {
    if (!c.schedule.usesShared)
      continue;
    int64_t steps = (16 + c.schedule.block[2] - 1) / c.schedule.block[2];
    EXPECT_EQ(c.schedule.stages, std::min(defaultStages, steps))
        << str(c.schedule.block);
    single |= steps == 1;
  }
  EXPECT_TRUE(single) << "no candidate takes K = 16 in one step";
}

//===----------------------------------------------------------------------===//
// Invalid inputs
//===----------------------------------------------------------------------===//

// topK must be positive.
TEST(ConstructionTest, ErrorTopKZero) {
  ConstructionOptions options;
  options.topK = 0;
  EXPECT_EQ(constructionError(matmul(64, 64, 64), preset("h200"), options),
            "top-k must be at least 1");
  options.topK = -3;
  EXPECT_EQ(constructionError(matmul(64, 64, 64), preset("h200"), options),
            "top-k must be at least 1");
}

// A device description that does not validate is refused by name.
TEST(ConstructionTest, ErrorInvalidDevice) {
  DeviceSpec device = preset("h200");
  device.smCount = 0;
  EXPECT_EQ(constructionError(matmul(64, 64, 64), device),
            "invalid device 'h200': sm_count must be positive (got 0)");
  DeviceSpec pascal = preset("a100");
  pascal.chip = "sm_60";
  EXPECT_EQ(constructionError(matmul(64, 64, 64), pascal),
            "invalid device 'a100': chip 'sm_60' is older than sm_70, the "
            "oldest supported");
}

// A malformed expression is refused with validate()'s reason.
TEST(ConstructionTest, ErrorInvalidExpression) {
  TensorExpr empty = matmul(64, 64, 64);
  empty.axes[0].extent = 0;
  EXPECT_EQ(constructionError(empty, preset("h200")),
            "unsupported expression: axis #0 'i' has extent 0 (must be >= 1)");
  TensorExpr outOfBounds = matmul(64, 64, 64);
  outOfBounds.inputs[0].shape = {32, 64};
  EXPECT_EQ(constructionError(outOfBounds, preset("h200")),
            "unsupported expression: access 'A' dimension #0 is indexed over "
            "[0, 63], out of bounds of size 32");
  TensorExpr noOutput = matmul(64, 64, 64);
  noOutput.outputs.clear();
  EXPECT_EQ(constructionError(noOutput, preset("h200")),
            "unsupported expression: the expression has no output");
}

//===----------------------------------------------------------------------===//
// Regression tests for defects found while writing these tests
//===----------------------------------------------------------------------===//

// Tensor-core schedules name their (M, N, K) axes (they were once left
// empty, which made isMmaAligned vacuously true).
TEST(ConstructionTest, TensorCoreSchedulesNameTheirAxes) {
  ConstructionResult result =
      construct(f16Matmul(1024, 1024, 1024), preset("h200"));
  ASSERT_FALSE(result.candidates.empty());
  for (const Candidate &c : result.candidates)
    EXPECT_EQ(c.schedule.mmaAxes, (std::vector<unsigned>{0, 1, 2}));
}

// The small-operator shrink keeps the transaction rule (it once took j of
// 1024x33x1024 from the whole 33 to 11: 44-byte rows of B and C).
TEST(ConstructionTest, ShrinkKeepsTransactionAlignment) {
  TensorExpr mm = matmul(1024, 33, 1024);
  ConstructionResult result = construct(mm, preset("h200"));
  ASSERT_FALSE(result.candidates.empty());
  for (const Candidate &c : result.candidates)
    EXPECT_TRUE(isTransactionAligned(mm, c.schedule.block, 32))
        << str(c.schedule.block);
}

// f16 matmuls whose extents cannot be tiled by m16n8k16 (K = 4, N = 4,
// M = 8) fall back to the CUDA cores instead of finding nothing.
TEST(ConstructionTest, TensorCoreFallbackForSmallExtents) {
  for (TensorExpr mm : {f16Matmul(256, 256, 4), f16Matmul(256, 4, 256),
                        f16Matmul(8, 256, 256)}) {
    expectWellFormed(mm, preset("v100"), construct(mm, preset("v100")));
    expectWellFormed(mm, preset("h200"), construct(mm, preset("h200")));
  }
}

// Blocks keep at least a warp of busy threads when the operator has that
// many output points (matmul 16x16x64 once got blocks with one busy lane of
// 32): a warp of outputs, or fewer outputs that a warp's threads share.
TEST(ConstructionTest, TinyOperatorBlocksKeepAWarp) {
  TensorExpr mm = matmul(16, 16, 64);
  ConstructionResult result = construct(mm, preset("h200"));
  ASSERT_FALSE(result.candidates.empty());
  for (const Candidate &c : result.candidates)
    EXPECT_GE(c.schedule.block[0] * c.schedule.block[1] *
                  c.schedule.reduceThreads,
              32)
        << str(c.schedule.block);
}

// A reduction with few, long rows (softmax's 512 rows of 768) splits each
// row over the threads of a block: the best candidate shares its rows over
// its threads and fills the SMs, where a thread per row gives 512 threads.
TEST(ConstructionTest, FewLongRowsSplitTheReduction) {
  for (const char *name : kDevices) {
    const DeviceSpec &device = preset(name);
    TensorExpr sum = reduceRows(512, 768);
    ConstructionResult result = construct(sum, device);
    expectWellFormed(sum, device, result);
    ASSERT_FALSE(result.candidates.empty());
    const Candidate &best = result.candidates.front();
    EXPECT_GT(best.schedule.reduceThreads, 1) << name;
    // 128 blocks on h200's 132 SMs and 512 on 4 per SM predict the same.
    EXPECT_GE(best.prediction.blocks, device.smCount * 9 / 10) << name;
    EXPECT_NE(result.strategy.find("split reduction"), std::string::npos)
        << result.strategy;
    // Every chunk of the row has an element: no idle thread.
    int64_t chunk =
        (768 + best.schedule.reduceThreads - 1) / best.schedule.reduceThreads;
    EXPECT_LT((best.schedule.reduceThreads - 1) * chunk, 768) << name;
  }
}

// No split where it does not apply: reductions shorter than a warp (a 7x7
// window), tensor-core GEMMs, and operators without a reduction.
// Each is marked splittable (a sum), so that only the reason named keeps
// its threads apart; an unsplittable combiner (an argmax) is the last case.
TEST(ConstructionTest, NoSplitForShortReductionsOrTensorCores) {
  std::vector<std::pair<TensorExpr, bool>> cases = {
      {reduceNchwHw(8, 256, 7, 7), true}, // a 7-wide innermost reduction
      {f16Matmul(64, 64, 4096), true},    // tensor cores
      {elementwiseAdd({64, 64}), true},   // no reduction
      {reduceRows(512, 768), false}};     // an argmax's combiners
  for (auto &[expr, splittable] : cases) {
    expr.splittableReduction = splittable;
    for (const Candidate &c : construct(expr, preset("h200")).candidates)
      EXPECT_EQ(c.schedule.reduceThreads, 1)
          << expr.str() << " block " << str(c.schedule.block);
  }
}

} // namespace
