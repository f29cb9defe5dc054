//===- PerfModelTest.cpp - Tests of the micro-performance model -----------===//
//
// The pieces of PerfModel.h (threads, registers, vector width; the bank
// plan is BankPlanTest.cpp's) and predict() on fully specified schedules on
// h200, every stage derived by hand from the formulas of
// lib/Analysis/PerfModel.cpp:
//
//   stage = ceil(blocks / SMs) * per-block work / (rate / SMs * issue)
//   issue = min(1, resident warps / 4)
//
// with compute at the f32 CUDA-core peak (tensor-core peak with MMA), global
// bytes from getGlobalTraffic and shared bytes from getRegisterTraffic times
// the bank conflict degree. The ranking is RankingTest.cpp's, the refusals
// PredictErrorsTest.cpp's, the issue stage IssueStageTest.cpp's.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/PerfModel.h"
#include "Roller/Analysis/Occupancy.h"

#include "TestExprs.h"
#include "TestSchedules.h"

#include "TestDevices.h"
#include "gtest/gtest.h"

#include <cmath>

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

using Sizes = std::vector<int64_t>;

// h200 facts the hand derivations use.
constexpr double kSMs = 132;
constexpr double kF32Peak = 66.9e12;
constexpr double kF16TensorPeak = 989.4e12;
constexpr double kGlobalBandwidth = 4800e9;
// R11: [GB]'s H200 round trip, 2 x 32 x 16 bytes x 132 SMs / 240 GB/s.
constexpr double kRoundTripUs = 2 * 32 * 16 * 132 / 240.0 * 1e-3;
// R12: [GB]'s H100 PCIe pointer chase, 658.4 cycles at 1755 MHz.
constexpr double kLoadLatencyUs = 658.4 / 1755;
// 32 banks x 4 bytes per clock per SM at 1980 MHz.
constexpr double kSharedBandwidth = 32.0 * 4 * 132 * 1980e6;

/// simtSchedule with a one-element reduction step.
Schedule oneStepSchedule() {
  Schedule s = simtSchedule();
  s.block[2] = 1;
  s.stages = 1;
  return s;
}

//===----------------------------------------------------------------------===//
// Threads, registers, vectors
//===----------------------------------------------------------------------===//

// SIMT: one thread per thread tile, rounded up to whole warps.
TEST(PerfModelTest, ThreadCountSimt) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  Schedule s = simtSchedule();
  EXPECT_EQ(getThreadCount(mm, h200(), s), 16 * 16);
  s.block = {24, 8, 8};
  s.thread = {1, 8, 1}; // 24 tiles -> one warp
  EXPECT_EQ(getThreadCount(mm, h200(), s), 32);
  s.block = {40, 8, 8}; // 40 tiles -> two warps
  EXPECT_EQ(getThreadCount(mm, h200(), s), 64);
}

// MMA: one warp per warp tile.
TEST(PerfModelTest, ThreadCountMma) {
  TensorExpr mm = f16Matmul(1024, 1024, 1024);
  Schedule s = mmaSchedule();
  EXPECT_EQ(getThreadCount(mm, h200(), s), 2 * 2 * 32);
  s.thread = {64, 32, 16};
  EXPECT_EQ(getThreadCount(mm, h200(), s), 2 * 4 * 32);
}

// Tiles, the next thread step's input fragments, addresses and loop
// counters (two registers each) and the scalars; with MMA the warp tile is
// shared by 32 lanes.
TEST(PerfModelTest, EstimateRegisters) {
  EXPECT_EQ(kScalarRegisters, 12);
  EXPECT_EQ(kAddressRegisters, 2);
  TensorExpr mm = matmul(1024, 1024, 1024);
  // A 8 + B 8 + C 64; 8 thread steps per block step: A and B once more;
  // C, 3 per staged input, 2 loops.
  int64_t addressesAndLoops = kAddressRegisters * (1 + 2 * 3 + 2);
  EXPECT_EQ(estimateRegisters(mm, simtSchedule(), h200()),
            80 + 16 + addressesAndLoops + kScalarRegisters);
  // One thread step per block step: no fragments in flight, one loop.
  Schedule oneStep = simtSchedule();
  oneStep.block[2] = 1;
  EXPECT_EQ(estimateRegisters(mm, oneStep, h200()),
            80 + kAddressRegisters * (1 + 2 * 3 + 1) + kScalarRegisters);
  // Unstaged: one address per operand, one loop, nothing in flight.
  Schedule unstaged = simtSchedule();
  unstaged.usesShared = false;
  EXPECT_EQ(estimateRegisters(mm, unstaged, h200()),
            80 + kAddressRegisters * (3 + 1) + kScalarRegisters);
  // A 64x16 f16 = 512 registers, B 512, C 64x64 f32 = 4096: 5120 / 32; two
  // warp k-steps per block step: A and B once more, 1024 / 32.
  TensorExpr half = f16Matmul(1024, 1024, 1024);
  EXPECT_EQ(estimateRegisters(half, mmaSchedule(), h200()),
            160 + 32 + addressesAndLoops + kScalarRegisters);
  // 63 x 1 x 16 f16 tile: each element of A feeds one point (N is 1), so A
  // is streamed; C 63 + B 8 = 71 registers, ceil(71/32) = 3; in flight B,
  // ceil(8/32) = 1. The declared tiles still count A: 504 + 8 + 63 = 575,
  // ceil(575/32) = 18.
  Schedule odd = mmaSchedule();
  odd.thread = {63, 1, 16};
  EXPECT_EQ(estimateRegisters(half, odd, h200()),
            3 + 1 + addressesAndLoops + kScalarRegisters);
  EXPECT_EQ(getDeclaredRegisters(half, odd.thread, /*mma=*/true, h200()), 18);
  // A k step that leaves a partial last step (K = 1000 in steps of 32) adds
  // kPartialMmaStepRegisters on the tensor cores, and nothing on the CUDA
  // cores (whose partial steps ptxas compiled without extra registers).
  TensorExpr ragged = f16Matmul(1024, 1024, 1000);
  EXPECT_EQ(estimateRegisters(ragged, mmaSchedule(), h200()),
            estimateRegisters(half, mmaSchedule(), h200()) +
                kPartialMmaStepRegisters);
  TensorExpr raggedSimt = matmul(1024, 1024, 1000);
  EXPECT_EQ(estimateRegisters(raggedSimt, simtSchedule(), h200()),
            estimateRegisters(mm, simtSchedule(), h200()));
}

// A gather staged an element at a time (an implicit GEMM's patches of a
// 3-channel input: runs of one f16, no cp.async) holds a step's elements
// in flight between their loads and their shared-memory stores: A's block
// tile 128x32 over 128 threads is 32 a thread; a larger one is capped at
// kGatherInFlightRegisters. Runs of 8 (16-byte cp.async) hold none.
TEST(PerfModelTest, EstimateRegistersElementGather) {
  EXPECT_EQ(kGatherInFlightRegisters, 48);
  TensorExpr half = f16Matmul(1024, 1024, 1024);
  int64_t plain = estimateRegisters(half, mmaSchedule(), h200());
  TensorExpr gathered = half;
  gathered.inputs[0].gathered = true;
  gathered.inputs[0].gatherRun = 1;
  EXPECT_EQ(estimateRegisters(gathered, mmaSchedule(), h200()), plain + 32);
  Schedule deep = mmaSchedule();
  deep.block[2] = 64; // 128x64: 64 a thread, capped.
  EXPECT_EQ(estimateRegisters(gathered, deep, h200()),
            estimateRegisters(half, deep, h200()) + kGatherInFlightRegisters);
  Schedule unstaged = mmaSchedule();
  unstaged.usesShared = false;
  EXPECT_EQ(estimateRegisters(gathered, unstaged, h200()),
            estimateRegisters(half, unstaged, h200()));
  gathered.inputs[0].gatherRun = 8;
  EXPECT_EQ(estimateRegisters(gathered, mmaSchedule(), h200()), plain);
}

// A depthwise window: every input element of a thread step feeds one output
// point, so the input streams and only the accumulators and the filter
// element are held; the rProgram still declares the input tile.
TEST(PerfModelTest, EstimateRegistersStreamsUnreusedInputs) {
  TensorExpr dw = depthwiseNchw(128, 64, 56, 56, 3, 3);
  std::vector<int64_t> block = {8, 1, 8, 56, 3, 3};
  std::vector<int64_t> thread = {8, 1, 1, 7, 1, 1};
  // O 56, W 1 (feeds all 56 points), I 56 streamed; 9 thread steps: W and
  // the most streamed values ptxas loads ahead (9 x 56, capped) in flight;
  // O, 3 per staged input, 2 loops.
  EXPECT_EQ(estimateRegisters(dw, block, thread, /*mma=*/false,
                              /*usesShared=*/true, h200()),
            56 + 1 + 1 + kStreamedInFlightRegisters +
                kAddressRegisters * (1 + 2 * 3 + 2) + kScalarRegisters);
  // One thread step per block step: nothing is loaded ahead.
  std::vector<int64_t> oneStep = {8, 1, 8, 56, 1, 1};
  EXPECT_EQ(estimateRegisters(dw, oneStep, thread, /*mma=*/false,
                              /*usesShared=*/true, h200()),
            56 + 1 + kAddressRegisters * (1 + 2 * 3 + 1) + kScalarRegisters);
  EXPECT_EQ(getDeclaredRegisters(dw, thread, /*mma=*/false, h200()),
            56 + 1 + 56);
  // A schedule whose declared tiles exceed a thread's registers does not
  // run, however little the estimate holds.
  Schedule big;
  big.block = {8, 1, 8, 56, 3, 3};
  big.thread = {8, 1, 8, 4, 1, 1}; // 256 accumulators
  big.padding = {0, 0};
  big.threads = 32;
  llvm::Expected<Prediction> p = predict(dw, h200(), big);
  ASSERT_FALSE(bool(p));
  EXPECT_NE(llvm::toString(p.takeError()).find("register tiles need"),
            std::string::npos);
}

// The register cap keeps the model's blocks per SM, or the fewer a small
// grid puts on an SM, and is never below the estimate the occupancy was
// computed from.
TEST(PerfModelTest, RegisterBudgetCoversEstimate) {
  for (TensorExpr mm : {matmul(1024, 1024, 1024), matmul(8192, 8192, 1024)})
    for (Schedule s : {simtSchedule(), oneStepSchedule()}) {
      llvm::Expected<Prediction> p = predict(mm, h200(), s);
      ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
      EXPECT_GE(p->regBudget, p->regsPerThread);
      int64_t perSM = std::max<int64_t>(
          1,
          std::min<int64_t>(p->blocksPerSM,
                            (p->blocks + h200().smCount - 1) / h200().smCount));
      EXPECT_EQ(p->regBudget, getRegisterBudget(h200(), s.threads, perSM));
    }
  // 8192^2 outputs in 128x128 blocks: 4096 blocks fill the 2 an SM holds.
  llvm::Expected<Prediction> large =
      predict(matmul(8192, 8192, 1024), h200(), simtSchedule());
  ASSERT_TRUE(bool(large)) << llvm::toString(large.takeError());
  EXPECT_EQ(large->blocksPerSM, 2);
  EXPECT_EQ(large->regBudget, 128);
}

// 16 bytes at most, halved until it divides every contiguous extent.
TEST(PerfModelTest, VectorWidth) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  EXPECT_EQ(getVectorWidth(mm, {128, 128, 8}), 4);
  EXPECT_EQ(getVectorWidth(mm, {128, 128, 2}), 2);
  EXPECT_EQ(getVectorWidth(mm, {128, 128, 1}), 1);
  // The tensor's own row (1022 = 2 x 511) must divide too.
  EXPECT_EQ(getVectorWidth(matmul(1024, 1022, 1024), {128, 128, 8}), 2);
  // f16 inputs allow 8, the f32 output 4.
  EXPECT_EQ(getVectorWidth(f16Matmul(1024, 1024, 1024), {128, 128, 32}), 4);
  TensorExpr allHalf = f16Matmul(1024, 1024, 1024);
  allHalf.outputs[0].elementBytes = 2;
  EXPECT_EQ(getVectorWidth(allHalf, {128, 128, 32}), 8);
  // A convolution's window access is not contiguous in one axis.
  EXPECT_EQ(
      getVectorWidth(convNchw(1, 8, 16, 16, 8, 3, 3), {1, 8, 4, 16, 8, 3, 3}),
      1);
  EXPECT_EQ(getVectorWidth(elementwiseAdd({1024, 1024}), {1, 6}), 2);
}

//===----------------------------------------------------------------------===//
// predict()
//===----------------------------------------------------------------------===//

// 1024^3 f32, simtSchedule(): 64 blocks (under 132 SMs: one each), 8 warps
// a block (issue 1). Registers 126 -> 4032, 4096 a warp, 4 warps a
// sub-partition, 16 warps: 2 blocks an SM; the grid puts one on an SM, so
// the cap is the 255 one block of 8 warps allows. Shared memory (128x9 +
// 8x128) x 4 x 2 stages.
TEST(PerfModelTest, PredictSimtMatmul) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  llvm::Expected<Prediction> p = predict(mm, h200(), simtSchedule());
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->blocks, 64);
  EXPECT_EQ(p->grid, (Sizes{8, 8}));
  EXPECT_EQ(p->smemBytes, (128 * 9 * 4 + 8 * 128 * 4) * 2);
  EXPECT_EQ(p->regsPerThread, 126);
  EXPECT_EQ(p->blocksPerSM, 2);
  EXPECT_EQ(p->regBudget, 255);
  EXPECT_EQ(p->waves, 1);
  EXPECT_DOUBLE_EQ(p->occupancy, 16.0 / 64);
  EXPECT_EQ(p->bankConflict, 4);
  EXPECT_DOUBLE_EQ(p->globalBytes, 71303168.0);
  EXPECT_DOUBLE_EQ(p->sharedBytes, double(1 << 30));

  double perSM = 1.0 / kSMs; // issue 1
  // One block: 128 x 128 x 1024 points, 2 ops each.
  double compute = 1 * (128.0 * 128 * 1024 * 2) / (kF32Peak * perSM) * 1e6;
  double global = 1 * (71303168.0 / 64) / (kGlobalBandwidth * perSM) * 1e6;
  double shared =
      1 * (double(1 << 30) / 64) * 4 / (kSharedBandwidth * perSM) * 1e6;
  expectRelNear(p->stageUs[unsigned(Stage::Compute)], compute, "compute");
  expectRelNear(p->stageUs[unsigned(Stage::Global)], global, "global");
  expectRelNear(p->stageUs[unsigned(Stage::Shared)], shared, "shared");
  EXPECT_EQ(p->stageUs[unsigned(Stage::Register)], 0.0);
  // 66.2 us, 30.6 us and 264.8 us: the 4-way conflicts on B dominate.
  EXPECT_EQ(p->bottleneck, Stage::Shared);
  expectRelNear(p->totalUs, shared, "total");
  EXPECT_NEAR(p->totalUs, 264.79, 0.01);
}

// matmul 48x64x64, block 24x32x8 of 4x8 tiles: 4 blocks of one warp of which
// 24 lanes work. issue = 1 warp / 4 = 0.25, lanes = 0.75. Global: 4 blocks x
// 8 steps x (24 x 32 + 8 x 128) + 4 x 24 x 128 = 69632 bytes. Shared:
// 96 tiles x 64 steps x 48 bytes = 294912, 6-way without padding.
TEST(PerfModelTest, PredictUnderfilledBlocks) {
  TensorExpr mm = matmul(48, 64, 64);
  Schedule s;
  s.block = {24, 32, 8};
  s.thread = {4, 8, 1};
  s.threads = 32;
  s.padding = {0, 0};
  s.stages = 1;
  llvm::Expected<Prediction> p = predict(mm, h200(), s);
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->blocks, 4);
  EXPECT_EQ(p->grid, (Sizes{2, 2}));
  EXPECT_EQ(p->smemBytes, 24 * 8 * 4 + 8 * 32 * 4);
  // Tiles 44, next step's A and B 12, 9 addresses and counters, 12 scalars.
  EXPECT_EQ(p->regsPerThread, 44 + 12 + 18 + 12);
  // 86 registers -> 2752, 2816 a warp, 5 a sub-partition: 20 blocks.
  EXPECT_EQ(p->blocksPerSM, 20);
  EXPECT_DOUBLE_EQ(p->occupancy, 20.0 / 64);
  EXPECT_EQ(p->bankConflict, 6);
  EXPECT_DOUBLE_EQ(p->globalBytes, 69632.0);
  EXPECT_DOUBLE_EQ(p->sharedBytes, 294912.0);

  double perSM = 0.25 / kSMs;
  double compute = (24.0 * 32 * 64 * 2) / (kF32Peak * perSM * 0.75) * 1e6;
  double global = (69632.0 / 4) / (kGlobalBandwidth * perSM) * 1e6;
  double shared = (294912.0 / 4) * 6 / (kSharedBandwidth * perSM) * 1e6;
  expectRelNear(p->stageUs[unsigned(Stage::Compute)], compute, "compute");
  expectRelNear(p->stageUs[unsigned(Stage::Global)], global, "global");
  expectRelNear(p->stageUs[unsigned(Stage::Shared)], shared, "shared");
  EXPECT_EQ(p->bottleneck, Stage::Shared);
  expectRelNear(p->totalUs, shared, "total");

  // With the planned padding the conflicts go, and the latency of the 8
  // unpipelined steps binds: a round trip and 7 load latencies, 3.19 us,
  // above the 1.91 us of traffic.
  s.padding = {1, 0};
  llvm::Expected<Prediction> padded = predict(mm, h200(), s);
  ASSERT_TRUE(bool(padded)) << llvm::toString(padded.takeError());
  EXPECT_EQ(padded->bankConflict, 1);
  EXPECT_EQ(padded->smemBytes, 24 * 9 * 4 + 8 * 32 * 4);
  expectRelNear(padded->stageUs[unsigned(Stage::Global)], global,
                "padded global");
  EXPECT_EQ(padded->bottleneck, Stage::Latency);
  expectRelNear(padded->totalUs, kRoundTripUs + 7 * kLoadLatencyUs,
                "padded total");
}

// 1024^3 in 32x32x8 blocks of 4x8 tiles: 1024 one-warp blocks, so the
// busiest SM runs ceil(1024 / 132) = 8 of them. Each block moves 128 steps x
// (32 x 32 + 8 x 128) bytes of A and B plus 32 x 128 bytes of C.
TEST(PerfModelTest, PredictManyBlocksWaveTail) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  Schedule s;
  s.block = {32, 32, 8};
  s.thread = {4, 8, 1};
  s.threads = 32;
  s.padding = {0, 0};
  s.stages = 2;
  llvm::Expected<Prediction> p = predict(mm, h200(), s);
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->blocks, 1024);
  EXPECT_EQ(p->blocksPerSM, 20); // 86 registers, as above
  EXPECT_EQ(p->waves, 1);        // 1024 <= 132 x 20
  // 8 blocks an SM, one warp each: issue min(1, 8/4) = 1.
  double perSM = 1.0 / kSMs;
  double compute = 8 * (32.0 * 32 * 1024 * 2) / (kF32Peak * perSM) * 1e6;
  expectRelNear(p->stageUs[unsigned(Stage::Compute)], compute, "compute");
  EXPECT_DOUBLE_EQ(p->globalBytes, 1024.0 * (128 * 2048 + 4096));
  double global = 8 * (128.0 * 2048 + 4096) / (kGlobalBandwidth * perSM) * 1e6;
  expectRelNear(p->stageUs[unsigned(Stage::Global)], global, "global");
}

// Tensor cores: compute at the f16 tensor-core peak; no bank penalty.
// Registers 222 -> 7104, 7168 a warp, 2 warps a sub-partition: 2 blocks an
// SM.
TEST(PerfModelTest, PredictMmaMatmul) {
  TensorExpr half = f16Matmul(1024, 1024, 1024);
  llvm::Expected<Prediction> p = predict(half, h200(), mmaSchedule());
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->blocks, 64);
  EXPECT_EQ(p->regsPerThread, 222);
  EXPECT_EQ(p->smemBytes, (128 * 40 * 2 + 32 * 136 * 2) * 2);
  EXPECT_EQ(p->blocksPerSM, 2);
  EXPECT_EQ(p->bankConflict, 1);
  // 16 x 16 warp tiles x 64 steps x (64x16 + 16x64) x 2 bytes.
  EXPECT_DOUBLE_EQ(p->sharedBytes, 16.0 * 16 * 64 * 4096);
  double perSM = 1.0 / kSMs; // 4 warps: issue 1
  double compute = (128.0 * 128 * 1024 * 2) / (kF16TensorPeak * perSM) * 1e6;
  double shared =
      (16.0 * 16 * 64 * 4096 / 64) / (kSharedBandwidth * perSM) * 1e6;
  expectRelNear(p->stageUs[unsigned(Stage::Compute)], compute, "compute");
  expectRelNear(p->stageUs[unsigned(Stage::Shared)], shared, "shared");
  // Global: 64 blocks x 32 steps x (128 rows x 64 bytes + 32 x 256) plus
  // 64 x 128 x 512 bytes of f32 C.
  EXPECT_DOUBLE_EQ(p->globalBytes, 64.0 * 32 * 16384 + 64.0 * 65536);
  double global = (37748736.0 / 64) / (kGlobalBandwidth * perSM) * 1e6;
  expectRelNear(p->stageUs[unsigned(Stage::Global)], global, "global");
  // 4.48 us, 16.22 us and 4.14 us: global memory binds.
  EXPECT_EQ(p->bottleneck, Stage::Global);
  expectRelNear(p->totalUs, global, "total");
  // What the ranking's tie-breaks read: 2 blocks of 4 warps per SM (the cap
  // is 2 per scheduler, 8), and 1024 / 32 reduction steps.
  EXPECT_TRUE(p->tensorCores);
  EXPECT_EQ(p->latencyWarps, 8);
  EXPECT_EQ(p->reductionSteps, 32);
}

// Global -> registers only: no shared memory, no shared stage.
/// One level, 512 elements of a row per block, 4 per thread.
Schedule unstagedRowSchedule() {
  Schedule s;
  s.block = {1, 512};
  s.thread = {1, 4};
  s.threads = 128;
  s.usesShared = false;
  return s;
}

TEST(PerfModelTest, PredictWithoutShared) {
  TensorExpr add = elementwiseAdd({1024, 1024});
  Schedule s = unstagedRowSchedule();
  llvm::Expected<Prediction> p = predict(add, h200(), s);
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->blocks, 2048);
  EXPECT_EQ(p->smemBytes, 0);
  EXPECT_EQ(p->sharedBytes, 0.0);
  EXPECT_EQ(p->stageUs[unsigned(Stage::Shared)], 0.0);
  EXPECT_EQ(p->bottleneck, Stage::Global);
  // ceil(2048 / 132) = 16 blocks an SM, each moving 3 x 2048 bytes.
  double global = 16 * (3.0 * 2048) / (kGlobalBandwidth / kSMs) * 1e6;
  expectRelNear(p->totalUs, global, "global");
}

// A measured achievable bandwidth replaces the peak in the global stage
// (the same kernel, the same bytes): time scales by peak / achievable.
TEST(PerfModelTest, PredictWithAchievableBandwidth) {
  TensorExpr add = elementwiseAdd({1024, 1024});
  Schedule s = unstagedRowSchedule();
  DeviceSpec measured = h200();
  measured.levels[0].achievableGBps = 4000;
  llvm::Expected<Prediction> peak = predict(add, h200(), s);
  llvm::Expected<Prediction> sustained = predict(add, measured, s);
  ASSERT_TRUE(bool(peak)) << llvm::toString(peak.takeError());
  ASSERT_TRUE(bool(sustained)) << llvm::toString(sustained.takeError());
  EXPECT_EQ(sustained->globalBytes, peak->globalBytes);
  double global = 16 * (3.0 * 2048) / (4000e9 / kSMs) * 1e6;
  expectRelNear(sustained->stageUs[unsigned(Stage::Global)], global, "global");
  expectRelNear(sustained->totalUs / peak->totalUs, 4800.0 / 4000.0, "ratio");
}

// With the L2's bandwidth listed (R14: 9769.1 GB/s on an H200), every
// block's tiles pass through the L2 and DRAM serves the rest. The f16 GEMM
// 1024^3 in 128 x 128 x 32 blocks (64 blocks, one an SM, 4 warps) moves
// Q0 = 64 x 32 steps x 16 KiB + the f32 result 4 MiB = 36 MiB; its whole
// footprint (2 + 2 + 4 MiB) fits the 60 MiB L2, so DRAM moves 8 MiB. The
// global stage is the larger of 36 MiB / 64 at the L2's share per SM and 8
// MiB / 64 at DRAM's; without the L2, all 36 MiB at DRAM's.
TEST(PerfModelTest, PredictWithL2Bandwidth) {
  TensorExpr gemm = f16Matmul(1024, 1024, 1024);
  Schedule s = mmaSchedule();
  DeviceSpec cached = h200();
  cached.l2GBps = 9769.1;
  llvm::Expected<Prediction> dram = predict(gemm, h200(), s);
  llvm::Expected<Prediction> p = predict(gemm, cached, s);
  ASSERT_TRUE(bool(dram)) << llvm::toString(dram.takeError());
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  double mib = 1024.0 * 1024;
  EXPECT_EQ(p->blocks, 64);
  EXPECT_DOUBLE_EQ(p->globalBytes, 36 * mib);
  EXPECT_DOUBLE_EQ(p->dramBytes, 8 * mib);
  EXPECT_DOUBLE_EQ(dram->dramBytes, dram->globalBytes);
  double l2 = 36 * mib / 64 / (9769.1e9 / kSMs) * 1e6;
  expectRelNear(p->stageUs[unsigned(Stage::Global)], l2, "l2");
  EXPECT_GT(l2, 8 * mib / 64 / (kGlobalBandwidth / kSMs) * 1e6);
  expectRelNear(dram->stageUs[unsigned(Stage::Global)],
                36 * mib / 64 / (kGlobalBandwidth / kSMs) * 1e6, "dram");
  // Everything else is the same prediction.
  for (Stage stage : {Stage::Compute, Stage::Shared, Stage::Latency})
    EXPECT_EQ(p->stageUs[unsigned(stage)], dram->stageUs[unsigned(stage)]);
}

// The latency stage: however few bytes a block moves, it lives one global
// round trip (h200's preset: 563.2 ns, measured on an H200), and each SM
// runs its blocks in rounds of the resident ones. A 4096 x 4096 f32 add in
// blocks of 32 threads of one element: 524288 blocks, ceil(524288 / 132) =
// 3972 an SM, 32 resident (the block limit), 125 rounds = 70.4 us, above
// the 41.9 us the traffic takes (3972 blocks x 384 bytes at 4800 / 132
// GB/s). Blocks of 512 elements, 4 a thread, take 16 rounds of 16 blocks
// (9.01 us) and are bound by the traffic again. A device without a
// measured round trip has no latency stage.
TEST(PerfModelTest, PredictLatencyBoundBlocks) {
  TensorExpr add = elementwiseAdd({4096, 4096});
  Schedule tiny;
  tiny.block = {1, 32};
  tiny.thread = {1, 1};
  tiny.threads = 32;
  tiny.usesShared = false;
  llvm::Expected<Prediction> p = predict(add, h200(), tiny);
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->blocks, 524288);
  EXPECT_EQ(p->blocksPerSM, 32);
  EXPECT_EQ(p->rounds, 125);
  expectRelNear(p->stageUs[unsigned(Stage::Latency)], 125 * kRoundTripUs,
                "latency");
  expectRelNear(p->stageUs[unsigned(Stage::Global)],
                3972 * 384.0 / (kGlobalBandwidth / kSMs) * 1e6, "global");
  EXPECT_EQ(p->bottleneck, Stage::Latency);
  expectRelNear(p->totalUs, 125 * kRoundTripUs, "total");

  llvm::Expected<Prediction> wide = predict(add, h200(), unstagedRowSchedule());
  ASSERT_TRUE(bool(wide)) << llvm::toString(wide.takeError());
  EXPECT_EQ(wide->blocksPerSM, 16);
  EXPECT_EQ(wide->rounds, 16);
  expectRelNear(wide->stageUs[unsigned(Stage::Latency)], 16 * kRoundTripUs,
                "latency");
  EXPECT_EQ(wide->bottleneck, Stage::Global);
  EXPECT_TRUE(isPreferred(*wide, *p));

  DeviceSpec unmeasured = h200();
  unmeasured.levels[0].roundTripNs = 0;
  llvm::Expected<Prediction> q = predict(add, unmeasured, tiny);
  ASSERT_TRUE(bool(q)) << llvm::toString(q.takeError());
  EXPECT_EQ(q->stageUs[unsigned(Stage::Latency)], 0.0);
  EXPECT_EQ(q->rounds, 125);
  EXPECT_EQ(q->bottleneck, Stage::Global);
}

// A block's life grows by a load latency per further reduction step: the
// step waits for the copy issued `stages - 1` steps before. A 32 x 32 x 512
// f32 matmul in one block of 32 x 32 x 8 (256 threads of 2 x 2) takes 64
// steps of 16 K flops each (0.03 us at an SM's share of the peak, far below
// the 0.375 us latency): the block lives 0.563 + 63 x 0.375 = 24.2 us,
// against 2.07 us of compute and 3.72 us of traffic. Three stages halve the
// wait; a whole-K block has one step and lives a round trip; a device
// without the measurement charges the steps nothing.
TEST(PerfModelTest, PredictStepLatency) {
  TensorExpr mm = matmul(32, 32, 512);
  Schedule s = simtSchedule();
  s.block = {32, 32, 8};
  s.thread = {2, 2, 1};
  s.threads = 256;
  llvm::Expected<Prediction> p = predict(mm, h200(), s);
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->blocks, 1);
  EXPECT_EQ(p->rounds, 1);
  EXPECT_EQ(p->reductionSteps, 64);
  expectRelNear(p->stepUs, kLoadLatencyUs, "step");
  double life = kRoundTripUs + 63 * kLoadLatencyUs;
  expectRelNear(p->blockLifeUs, life, "life");
  expectRelNear(p->stageUs[unsigned(Stage::Latency)], life, "latency");
  expectRelNear(p->stageUs[unsigned(Stage::Compute)],
                32 * 32 * 512 * 2 / (kF32Peak / kSMs) * 1e6, "compute");
  expectRelNear(p->stageUs[unsigned(Stage::Global)],
                (2 * 32 * 512 + 32 * 32) * 4 / (kGlobalBandwidth / kSMs) * 1e6,
                "global");
  EXPECT_EQ(p->bottleneck, Stage::Latency);
  expectRelNear(p->totalUs, life, "total");

  Schedule deep = s;
  deep.stages = 3;
  llvm::Expected<Prediction> q = predict(mm, h200(), deep);
  ASSERT_TRUE(bool(q)) << llvm::toString(q.takeError());
  expectRelNear(q->stepUs, kLoadLatencyUs / 2, "three stages, step");
  expectRelNear(q->blockLifeUs, kRoundTripUs + 63 * kLoadLatencyUs / 2,
                "three stages");
  EXPECT_TRUE(isPreferred(*q, *p));

  Schedule whole = s;
  whole.block[2] = 512;
  whole.stages = 1;
  llvm::Expected<Prediction> w = predict(mm, h200(), whole);
  ASSERT_TRUE(bool(w)) << llvm::toString(w.takeError());
  EXPECT_EQ(w->reductionSteps, 1);
  expectRelNear(w->blockLifeUs, kRoundTripUs, "one step");

  DeviceSpec unmeasured = h200();
  unmeasured.levels[0].loadLatencyNs = 0;
  llvm::Expected<Prediction> u = predict(mm, unmeasured, s);
  ASSERT_TRUE(bool(u)) << llvm::toString(u.takeError());
  EXPECT_EQ(u->stepUs, 0.0);
  expectRelNear(u->blockLifeUs, kRoundTripUs, "unmeasured");
  EXPECT_NE(u->bottleneck, Stage::Latency);
}

// Threads sharing a reduction (1024 rows of 4096, 2 rows per block, 128
// threads per row): every lane is busy, the block keeps one partial result
// per thread and row in shared memory, and the compute adds the combining:
// per thread and output, log2(32) = 5 shuffle rounds of two instructions,
// then one value per warp (4) for the merge.
TEST(PerfModelTest, PredictSplitReduction) {
  TensorExpr sum = reduceRows(1024, 4096);
  Schedule s;
  s.block = {2, 4096};
  s.thread = {2, 4};
  s.padding = {0};
  s.vectorWidth = 4;
  s.usesShared = false;
  s.reduceThreads = 128;
  s.threads = 128;
  EXPECT_EQ(getThreadCount(sum, h200(), s), 128);
  llvm::Expected<Prediction> p = predict(sum, h200(), s);
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->blocks, 512);
  EXPECT_EQ(p->smemBytes, 2 * 128 * 4);
  // ceil(512 / 132) = 4 blocks an SM; all 128 lanes busy.
  double blockOps = 2.0 * 4096 + 2.0 * (128 * 2 * 5 + 4);
  double compute = 4 * blockOps / (kF32Peak / kSMs) * 1e6;
  expectRelNear(p->stageUs[unsigned(Stage::Compute)], compute, "compute");
  EXPECT_EQ(p->bottleneck, Stage::Global);

  // The same block with a thread per row leaves 126 of its 128 lanes idle
  // (2 busy): 64x the compute time, less the combining.
  Schedule rows = s;
  rows.thread = {1, 4};
  rows.reduceThreads = 1;
  rows.threads = getThreadCount(sum, h200(), rows);
  EXPECT_EQ(rows.threads, 32);
  llvm::Expected<Prediction> q = predict(sum, h200(), rows);
  ASSERT_TRUE(bool(q)) << llvm::toString(q.takeError());
  EXPECT_EQ(q->smemBytes, 0);
  EXPECT_GT(q->stageUs[unsigned(Stage::Compute)],
            10 * p->stageUs[unsigned(Stage::Compute)]);
}

} // namespace
