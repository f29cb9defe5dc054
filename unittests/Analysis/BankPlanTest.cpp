//===- BankPlanTest.cpp - Tests of the shared-memory bank plan ------------===//
//
// planBankPadding and getBankConflictDegree (PerfModel.h): the padding that
// makes one warp's reads of each staged input conflict-free, derived by hand
// on matmuls, and checked against a thread-by-thread evaluation of the
// accesses on convolutions, depthwise convolutions and matmuls.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/PerfModel.h"

#include "TestDevices.h"
#include "TestExprs.h"
#include "TestSchedules.h"
#include "gtest/gtest.h"

#include <functional>

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

using Sizes = std::vector<int64_t>;

// First warp of the 16x16 thread grid: i origins 0, 8 and j origins 0..120.
// A (128x8) rows 0 and 8 are words 0 and 64, both in bank 0; one element of
// padding moves row 8 to word 72 (bank 8). B (8x128) row 0, words 0, 8, ..
// 120: banks 0, 8, 16, 24 with four words each, which padding cannot fix.
TEST(BankPlanTest, SimtMatmul) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  Schedule s = simtSchedule();
  BankPlan plan = planBankPadding(mm, h200(), s);
  EXPECT_EQ(plan.padding, (Sizes{1, 0}));
  EXPECT_EQ(plan.worstDegree, 4);
  EXPECT_EQ(getBankConflictDegree(mm, h200(), s), 4);
  // Without A's padding A is 2-way, but B's 4-way read stays the worst.
  s.padding = {0, 0};
  EXPECT_EQ(getBankConflictDegree(mm, h200(), s), 4);
}

// 24x32x8 block of 4x8 tiles: 6 x 4 = 24 threads; A rows 0, 4, .., 20 are
// words 0, 32, .., 160, all in bank 0 (6-way); one element of padding makes
// them 36k, banks 4k. B reads words 0, 8, 16, 24: conflict-free.
Schedule smallBlockSchedule() {
  Schedule s;
  s.block = {24, 32, 8};
  s.thread = {4, 8, 1};
  s.threads = 32;
  s.padding = {0, 0};
  return s;
}

TEST(BankPlanTest, SmallBlock) {
  TensorExpr mm = matmul(48, 64, 64);
  Schedule s = smallBlockSchedule();
  EXPECT_EQ(getBankConflictDegree(mm, h200(), s), 6);
  BankPlan plan = planBankPadding(mm, h200(), s);
  EXPECT_EQ(plan.padding, (Sizes{1, 0}));
  EXPECT_EQ(plan.worstDegree, 1);
  s.padding = plan.padding;
  EXPECT_EQ(getBankConflictDegree(mm, h200(), s), 1);
}

// A cache shared by candidates gives the plans the search gives, whether the
// pattern was seen or not.
TEST(BankPlanTest, CacheAgreesWithSearch) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  Schedule small = smallBlockSchedule();
  BankPaddingCache cache;
  for (const Schedule &s : {simtSchedule(), small, simtSchedule(), small}) {
    BankPlan direct = planBankPadding(mm, h200(), s);
    BankPlan cached = planBankPadding(mm, h200(), s, &cache);
    EXPECT_EQ(cached.padding, direct.padding);
    EXPECT_EQ(cached.worstDegree, direct.worstDegree);
  }
}

// With MMA the plan is the ldmatrix skew of 16 bytes; global-only
// schedules need none.
TEST(BankPlanTest, MmaAndUnshared) {
  TensorExpr half = f16Matmul(1024, 1024, 1024);
  BankPlan plan = planBankPadding(half, h200(), mmaSchedule());
  EXPECT_EQ(plan.padding, (Sizes{8, 8}));
  EXPECT_EQ(getBankConflictDegree(half, h200(), mmaSchedule()), 1);
  Schedule s = simtSchedule();
  s.usesShared = false;
  EXPECT_EQ(planBankPadding(matmul(1024, 1024, 1024), h200(), s).padding,
            (Sizes{0, 0}));
}

// TF32: A (m x k, rows along K) keeps the ldmatrix skew of 16 bytes; B
// (k x n), read an element per lane, gets a row pitch that is an odd
// multiple of 8 words: 8 more words on rows of 128, none on rows of 40.
TEST(BankPlanTest, Tf32ElementReads) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  mm.mmaInputType = "tf32";
  Schedule s = mmaSchedule();
  s.mma = {16, 8, 8};
  s.thread = {64, 64, 8};
  EXPECT_EQ(planBankPadding(mm, h200(), s).padding, (Sizes{4, 8}));
  s.block = {128, 40, 32};
  s.thread = {64, 40, 8};
  EXPECT_EQ(planBankPadding(mm, h200(), s).padding, (Sizes{4, 0}));
  // A transposed (k x m): both read an element per lane.
  TensorExpr transposedA = matmul(1024, 1024, 1024);
  transposedA.inputs[0].indices = {transposedA.inputs[0].indices[1],
                                   transposedA.inputs[0].indices[0]};
  std::swap(transposedA.inputs[0].shape[0], transposedA.inputs[0].shape[1]);
  s.block = {128, 128, 32};
  s.thread = {64, 64, 8};
  EXPECT_EQ(planBankPadding(transposedA, h200(), s).padding, (Sizes{8, 8}));
}

/// The first element each thread of the first warp reads from `access`'s
/// shared tile, thread by thread: its position on the spatial axes' thread
/// grid (the last spatial axis fastest) by division, its data tile's
/// origin by evaluating every index. What planBankPadding derives without
/// either.
WarpReadPattern readThreadByThread(const TensorExpr &expr,
                                   const TensorAccess &access,
                                   const Schedule &s) {
  std::vector<unsigned> spatialAxes; // fastest first
  int64_t threads = 1;
  for (unsigned a = expr.getRank(); a-- > 0;)
    if (!expr.axes[a].isReduction()) {
      spatialAxes.push_back(a);
      threads *= s.block[a] / s.thread[a];
    }
  std::vector<int64_t> shape = access.tileShape(s.block);
  WarpReadPattern read;
  read.rowLength = shape.back();
  read.elementBytes = access.elementBytes;
  for (int64_t t = 0; t < std::min<int64_t>(32, threads); ++t) {
    std::vector<int64_t> origin(expr.getRank(), 0);
    int64_t rest = t;
    for (unsigned a : spatialAxes) {
      int64_t count = s.block[a] / s.thread[a];
      origin[a] = rest % count * s.thread[a];
      rest /= count;
    }
    int64_t row = 0, column = 0;
    for (auto [d, index] : llvm::enumerate(access.indices)) {
      int64_t value = 0;
      for (auto [a, coeff] : llvm::enumerate(index.coeffs))
        value += coeff * origin[a];
      if (d + 1 < access.indices.size())
        row = row * shape[d] + value;
      else
        column = value;
    }
    read.rows.push_back(row);
    read.columns.push_back(column);
  }
  read.canonicalize();
  return read;
}

/// Every thread tile of `block` (divisors per spatial axis, one element on
/// reduction axes) whose block has at most 1024 threads.
std::vector<Schedule> threadTilesOf(const TensorExpr &expr, Sizes block) {
  std::vector<Schedule> schedules;
  Schedule s;
  s.block = block;
  s.thread.assign(block.size(), 1);
  s.padding.assign(expr.inputs.size(), 0);
  std::function<void(unsigned)> visit = [&](unsigned a) {
    if (a == block.size()) {
      s.threads = 1;
      for (unsigned b = 0; b < a; ++b)
        s.threads *= block[b] / s.thread[b];
      if (s.threads <= 1024)
        schedules.push_back(s);
      return;
    }
    for (int64_t t = 1; t <= block[a]; ++t)
      if (block[a] % t == 0 && (t == 1 || !expr.axes[a].isReduction())) {
        s.thread[a] = t;
        visit(a + 1);
      }
  };
  visit(0);
  return schedules;
}

// The plan from the per-axis steps of the thread grid (odometer, digits the
// warp does not reach dropped, a cache of plans by those steps) is the plan
// of the thread-by-thread reads, for every thread tile of blocks of a
// convolution (2-D windows of stride 2), a depthwise convolution and a
// matmul, on devices of 32 banks.
TEST(BankPlanTest, StepsAgreeWithThreadByThreadReads) {
  struct Case {
    TensorExpr expr;
    Sizes block;
  };
  std::vector<Case> cases = {
      {convNchw(2, 8, 14, 14, 16, 3, 3, /*stride=*/2), {2, 8, 7, 14, 4, 3, 3}},
      {convNchw(2, 8, 14, 14, 16, 3, 3), {1, 16, 2, 14, 8, 1, 3}},
      {depthwiseNchw(2, 8, 14, 14, 3, 3), {2, 4, 7, 7, 3, 3}},
      {matmul(256, 256, 64), {32, 64, 8}},
      {matmul(256, 256, 64), {12, 24, 4}}};
  const MemLevel &shared = *h200().getLevel(MemLevelKind::Shared);
  BankPaddingCache cache;
  int64_t checked = 0;
  for (const Case &c : cases)
    for (Schedule s : threadTilesOf(c.expr, c.block)) {
      Sizes padding;
      int64_t worst = 1;
      for (const TensorAccess &input : c.expr.inputs) {
        WarpReadPattern read = readThreadByThread(c.expr, input, s);
        padding.push_back(read.bestPadding(shared));
        worst = std::max(worst, read.conflictDegree(padding.back(), shared));
      }
      BankPlan plan = planBankPadding(c.expr, h200(), s, &cache);
      ASSERT_EQ(plan.padding, padding) << c.expr.opName;
      ASSERT_EQ(plan.worstDegree, worst) << c.expr.opName;
      s.padding = padding;
      ASSERT_EQ(getBankConflictDegree(c.expr, h200(), s), worst);
      ++checked;
    }
  EXPECT_GT(checked, 150);
}

} // namespace
