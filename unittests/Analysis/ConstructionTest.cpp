//===- ConstructionTest.cpp - Tests of ROLLER's rTile construction --------===//
//
// Property tests of constructSchedules: whatever tiles the construction
// picks (its heuristics are tuned often), every candidate must be a
// well-formed, launchable rProgram, ranked by the model's own prediction.
// Then the behaviours the policy promises on known cases: the small-operator
// shrink, tensor cores where the chip has mma.sync, device-dependent choices,
// the exhaustive mode as an upper bound, and clear errors on bad inputs.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Construction.h"
#include "Roller/Analysis/Alignment.h"
#include "Roller/Analysis/PerfModel.h"
#include "Roller/Analysis/Traffic.h"

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

using Sizes = std::vector<int64_t>;

const char *const kDevices[] = {"h200", "a100", "v100"};

std::string str(const Sizes &sizes) {
  std::string s;
  for (int64_t v : sizes)
    s += (s.empty() ? "[" : ",") + std::to_string(v);
  return (s.empty() ? "[" : s) + "]";
}

/// The construction's result, failing the test on an error.
ConstructionResult construct(const TensorExpr &expr, const DeviceSpec &device,
                             ConstructionOptions options = {}) {
  llvm::Expected<ConstructionResult> result =
      constructSchedules(expr, device, options);
  if (!result) {
    ADD_FAILURE() << device.name << " " << expr.str() << ": "
                  << llvm::toString(result.takeError());
    return {};
  }
  return std::move(*result);
}

/// The exhaustive search's ranking, with the same model.
ConstructionResult constructExhaustive(const TensorExpr &expr,
                                       const DeviceSpec &device) {
  ConstructionOptions options;
  options.exhaustive = true;
  // roller-select's search=exhaustive budget: the default (384 tiles) stops
  // the enumeration of a convolution's aligned space early.
  options.budget = ConstructionOptions::kExhaustiveBudget;
  return construct(expr, device, options);
}

/// The construction's top-1 on a device (h200 unless named) and the
/// exhaustive search's best time.
std::pair<Candidate, double>
constructTopAndBest(const TensorExpr &expr,
                    llvm::StringRef deviceName = "h200") {
  const DeviceSpec &device = preset(deviceName);
  ConstructionResult greedy = construct(expr, device);
  ConstructionResult all = constructExhaustive(expr, device);
  if (greedy.candidates.empty() || all.candidates.empty()) {
    ADD_FAILURE() << expr.str() << ": no candidates";
    return {};
  }
  return {greedy.candidates.front(), all.candidates.front().prediction.totalUs};
}

/// The error text of a construction that must fail.
std::string constructionError(const TensorExpr &expr, const DeviceSpec &device,
                              ConstructionOptions options = {}) {
  llvm::Expected<ConstructionResult> result =
      constructSchedules(expr, device, options);
  if (result)
    return "(no error)";
  return llvm::toString(result.takeError());
}

/// Shared memory of the partial results of threads sharing a reduction.
int64_t getSplitSlotBytes(const TensorExpr &expr, const Schedule &s) {
  if (s.reduceThreads <= 1)
    return 0;
  int64_t bytes = 0;
  for (const TensorAccess &output : expr.outputs)
    bytes +=
        output.tileElements(s.block) * s.reduceThreads * output.elementBytes;
  return bytes;
}

/// Every property a candidate list must have, whatever the heuristics chose.
void expectWellFormed(const TensorExpr &expr, const DeviceSpec &device,
                      const ConstructionResult &result, int64_t topK = 10) {
  ASSERT_FALSE(result.candidates.empty()) << device.name << " " << expr.str();
  EXPECT_LE(int64_t(result.candidates.size()), topK);
  EXPECT_GE(result.considered, int64_t(result.candidates.size()));
  std::optional<Prediction> previousPrediction;
  for (const Candidate &c : result.candidates) {
    const Schedule &s = c.schedule;
    const Prediction &p = c.prediction;
    std::string where = device.name + " " + expr.str() + " block " +
                        str(s.block) + " thread " + str(s.thread);
    ASSERT_EQ(s.block.size(), expr.getRank()) << where;
    ASSERT_EQ(s.thread.size(), expr.getRank()) << where;
    for (unsigned a = 0; a < expr.getRank(); ++a) {
      EXPECT_GE(s.thread[a], 1) << where;
      EXPECT_EQ(s.block[a] % s.thread[a], 0) << where << " axis " << a;
      // A tensor-core tile may exceed an extent shorter than the MMA shape
      // (one zero-padded MMA tile along it).
      int64_t bound = expr.axes[a].extent;
      if (!s.mma.empty())
        bound = std::max(bound, *llvm::max_element(s.mma));
      EXPECT_LE(s.block[a], bound) << where << " axis " << a;
    }
    EXPECT_EQ(s.threads % device.warpSize, 0) << where;
    EXPECT_GT(s.threads, 0) << where;
    EXPECT_LE(s.threads, device.maxThreadsPerBlock) << where;
    EXPECT_EQ(s.threads, getThreadCount(expr, device, s)) << where;
    EXPECT_EQ(s.padding.size(), expr.inputs.size()) << where;
    EXPECT_LE(p.smemBytes, device.smemPerBlock) << where;
    if (s.usesShared)
      EXPECT_EQ(p.smemBytes,
                getSharedFootprint(expr, s.block, s.padding) * s.stages)
          << where;
    else
      EXPECT_EQ(p.smemBytes, getSplitSlotBytes(expr, s)) << where;
    if (s.reduceThreads > 1) {
      // Threads sharing a reduction: one-level, all of them on every output
      // of the block.
      EXPECT_FALSE(s.usesShared) << where;
      EXPECT_TRUE(s.mma.empty()) << where;
      EXPECT_EQ(s.threads, s.reduceThreads) << where;
      for (unsigned a = 0; a < expr.getRank(); ++a)
        if (!expr.axes[a].isReduction())
          EXPECT_EQ(s.thread[a], s.block[a]) << where << " axis " << a;
    }
    EXPECT_LE(p.regsPerThread, device.maxRegsPerThread) << where;
    EXPECT_LE(p.regsPerThread, 255) << where;
    EXPECT_GT(p.totalUs, 0) << where;
    EXPECT_TRUE(std::isfinite(p.totalUs)) << where;
    // Ranked best first (equal times by the tie-break).
    if (previousPrediction)
      EXPECT_FALSE(isPreferred(p, *previousPrediction)) << where;
    previousPrediction = p;
    // The ranking used the model: predicting the schedule again agrees.
    llvm::Expected<Prediction> again = predict(expr, device, s);
    ASSERT_TRUE(bool(again))
        << where << ": " << llvm::toString(again.takeError());
    EXPECT_NEAR(again->totalUs, p.totalUs, p.totalUs * 1e-9) << where;
  }
}

void expectWellFormedOnEveryDevice(const TensorExpr &expr) {
  for (const char *name : kDevices) {
    const DeviceSpec &device = preset(name);
    expectWellFormed(expr, device, construct(expr, device));
  }
}

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
void expectTensorCoreSchedules(const TensorExpr &mm, const DeviceSpec &device) {
  ConstructionResult result = construct(mm, device);
  expectWellFormed(mm, device, result);
  EXPECT_NE(result.strategy.find("tensor-core"), std::string::npos)
      << result.strategy;
  for (const Candidate &c : result.candidates) {
    const Schedule &s = c.schedule;
    std::string where = device.name + " warp tile " + str(s.thread);
    EXPECT_EQ(s.mma, (Sizes{16, 8, 16})) << where;
    EXPECT_EQ(s.thread[0] % 16, 0) << where;
    EXPECT_EQ(s.thread[1] % 8, 0) << where;
    EXPECT_EQ(s.thread[2] % 16, 0) << where;
    EXPECT_EQ(s.block[2] % 16, 0) << where;
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
