//===- PredictErrorsTest.cpp - Schedules the model refuses ----------------===//
//
// predict() refuses a schedule that cannot launch (threads, shared memory,
// the grid's launch limit) or does not fit its expression, with an error
// that says why.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/PerfModel.h"

#include "TestDevices.h"
#include "TestExprs.h"
#include "TestSchedules.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

std::string predictError(const TensorExpr &expr, const Schedule &s) {
  llvm::Expected<Prediction> p = predict(expr, h200(), s);
  if (p)
    return "";
  return llvm::toString(p.takeError());
}

// 2x4 thread tiles of a 128x128 block are 2048 threads.
TEST(PerfModelTest, ErrorTooManyThreads) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  Schedule s = simtSchedule();
  s.thread = {2, 4, 1};
  s.threads = getThreadCount(mm, h200(), s);
  ASSERT_EQ(s.threads, 2048);
  EXPECT_EQ(predictError(mm, s),
            "block cannot launch: 2048 threads per block are outside "
            "[1, 1024]");
}

// A 128x128x128 f32 block is 128 KiB a stage: two stages exceed 227 KiB.
TEST(PerfModelTest, ErrorTooMuchSharedMemory) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  Schedule s = simtSchedule();
  s.block = {128, 128, 128};
  s.padding = {0, 0};
  EXPECT_EQ(predictError(mm, s),
            "block cannot launch: 262144 bytes of shared memory exceed the "
            "233472 a block may use");
  s.stages = 1;
  EXPECT_EQ(predictError(mm, s), "");
}

// A grid of 2^31 blocks is refused; 2^31 - 1 launches.
TEST(PerfModelTest, ErrorGridBeyondLaunchLimit) {
  Schedule s;
  s.block = {1};
  s.thread = {1};
  s.threads = 32;
  s.usesShared = false;
  int64_t limit = (int64_t(1) << 31) - 1;
  EXPECT_EQ(predictError(elementwiseAdd({limit}), s), "");
  EXPECT_EQ(predictError(elementwiseAdd({limit + 1}), s),
            "2147483648 blocks exceed the launch limit");
}

// A schedule of the wrong rank is refused before anything is indexed.
TEST(PerfModelTest, ErrorRankMismatch) {
  Schedule s = simtSchedule();
  s.block = {128, 128};
  EXPECT_EQ(predictError(matmul(64, 64, 64), s),
            "schedule rank does not match the expression");
}

} // namespace
