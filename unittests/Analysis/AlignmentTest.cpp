//===- AlignmentTest.cpp - Tests of ROLLER's alignment rules --------------===//
//
// Every rule of Alignment.h on inputs small enough to work out by hand: the
// tensor-shape rule and its eps schedule, the transaction, thread-count and
// MMA rules, the bank-conflict analysis on hand-made warp patterns, the
// candidate sizes of an axis, and the composed rule (nextAlignedSize,
// getSmallestAlignedTile) on a regular and an irregular matmul.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Alignment.h"

#include "TestExprs.h"

#include "TestDevices.h"
#include "gtest/gtest.h"

#include <algorithm>

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

using Sizes = std::vector<int64_t>;

const MemLevel &sharedOf(const DeviceSpec &device) {
  const MemLevel *shared = device.getLevel(MemLevelKind::Shared);
  EXPECT_NE(shared, nullptr);
  return *shared;
}

//===----------------------------------------------------------------------===//
// Rule 4: tensor shape
//===----------------------------------------------------------------------===//

// Divisors of the extent are aligned at every eps, the extent itself too.
TEST(AlignmentTest, TensorShapeDivisorsAligned) {
  for (int64_t size : {1, 2, 8, 64, 512, 1024})
    EXPECT_TRUE(isTensorShapeAligned(size, 1024, 0.0)) << size;
  EXPECT_TRUE(isTensorShapeAligned(1000, 1000, 0.0));
  EXPECT_TRUE(isTensorShapeAligned(125, 1000, 0.0));
}

// 1000 mod 64 = 40 wastes (64 - 40) / 1000 = 0.024 of the extent.
TEST(AlignmentTest, TensorShapeWasteWithinEps) {
  EXPECT_FALSE(isTensorShapeAligned(64, 1000, 0.0));
  EXPECT_FALSE(isTensorShapeAligned(64, 1000, 0.02));
  EXPECT_TRUE(isTensorShapeAligned(64, 1000, 0.024)); // exactly the waste
  EXPECT_TRUE(isTensorShapeAligned(64, 1000, 0.2));
  // 33 mod 8 = 1 wastes 7/33 = 0.212: out at 0.2, in at 0.4.
  EXPECT_FALSE(isTensorShapeAligned(8, 33, 0.2));
  EXPECT_TRUE(isTensorShapeAligned(8, 33, 0.4));
}

// A size beyond the extent, or not positive, is never aligned.
TEST(AlignmentTest, TensorShapeOversizeNeverAligned) {
  EXPECT_FALSE(isTensorShapeAligned(1024, 1000, 1.0));
  EXPECT_FALSE(isTensorShapeAligned(34, 33, 1.0));
  EXPECT_FALSE(isTensorShapeAligned(0, 33, 1.0));
  EXPECT_FALSE(isTensorShapeAligned(-4, 33, 1.0));
}

// The schedule starts strict and relaxes by 0.2 up to 1.0.
TEST(AlignmentTest, EpsSchedule) {
  llvm::ArrayRef<double> eps = getEpsSchedule();
  ASSERT_EQ(eps.size(), 6u);
  const double expected[] = {0.0, 0.2, 0.4, 0.6, 0.8, 1.0};
  for (unsigned i = 0; i < 6; ++i)
    EXPECT_DOUBLE_EQ(eps[i], expected[i]) << i;
}

//===----------------------------------------------------------------------===//
// Rule 2: memory transactions
//===----------------------------------------------------------------------===//

// A[i,k] is contiguous in k: 8 floats are one 32-byte sector, 4 are half.
TEST(AlignmentTest, TransactionMatmulKTile) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  EXPECT_TRUE(isTransactionAligned(mm, {1, 8, 8}, 32));
  EXPECT_FALSE(isTransactionAligned(mm, {1, 8, 4}, 32));
  // B and C are contiguous in j: j = 4 is half a sector.
  EXPECT_FALSE(isTransactionAligned(mm, {1, 4, 8}, 32));
  EXPECT_TRUE(isTransactionAligned(mm, {64, 16, 24}, 32));
  // The rule scales with the transaction: 128 bytes need 32 floats.
  EXPECT_FALSE(isTransactionAligned(mm, {1, 8, 8}, 128));
  EXPECT_TRUE(isTransactionAligned(mm, {1, 32, 32}, 128));
}

// A tile spanning the whole contiguous dimension is exempt (K = 4, N = 33).
TEST(AlignmentTest, TransactionWholeDimensionExempt) {
  EXPECT_TRUE(isTransactionAligned(matmul(64, 64, 4), {1, 8, 4}, 32));
  EXPECT_FALSE(isTransactionAligned(matmul(64, 64, 12), {1, 8, 4}, 32));
  EXPECT_TRUE(isTransactionAligned(matmul(64, 33, 8), {1, 33, 8}, 32));
  EXPECT_FALSE(isTransactionAligned(matmul(64, 33, 8), {1, 11, 8}, 32));
}

// I[.., 2*ow+kw] mixes two axes: no single contiguous axis, so exempt.
TEST(AlignmentTest, TransactionStridedConvExempt) {
  TensorExpr conv = convNchw(1, 4, 16, 16, 8, 3, 3, /*stride=*/2);
  // ow = 8 makes O's rows 32 bytes; kw = 3 is all of W's last dimension;
  // I's rows are 2*7+3 = 17 floats, but I is exempt.
  EXPECT_TRUE(isTransactionAligned(conv, {1, 1, 1, 8, 1, 3, 3}, 32));
  // ow = 4 leaves O's rows at 16 bytes.
  EXPECT_FALSE(isTransactionAligned(conv, {1, 1, 1, 4, 1, 3, 3}, 32));
  // kw = 1 of 3 leaves W's rows at 4 bytes.
  EXPECT_FALSE(isTransactionAligned(conv, {1, 1, 1, 8, 1, 3, 1}, 32));
}

//===----------------------------------------------------------------------===//
// Rule 1: execution units
//===----------------------------------------------------------------------===//

// Whole warps, at least one, at most 1024.
TEST(AlignmentTest, ThreadCount) {
  const DeviceSpec &device = h200();
  EXPECT_TRUE(isThreadCountAligned(device, 32));
  EXPECT_TRUE(isThreadCountAligned(device, 96));
  EXPECT_TRUE(isThreadCountAligned(device, 1024));
  EXPECT_FALSE(isThreadCountAligned(device, 0));
  EXPECT_FALSE(isThreadCountAligned(device, 48));
  EXPECT_FALSE(isThreadCountAligned(device, 1056));
}

// Each MMA axis of the warp tile is a multiple of the MMA shape.
TEST(AlignmentTest, MmaAligned) {
  Sizes mma = {16, 8, 16};
  EXPECT_TRUE(isMmaAligned({32, 16, 32}, mma, {0, 1, 2}));
  EXPECT_FALSE(isMmaAligned({32, 12, 32}, mma, {0, 1, 2}));
  EXPECT_FALSE(isMmaAligned({32, 16, 8}, mma, {0, 1, 2}));
  // Axes elsewhere: a batched tile [b, m, n, k]; b is free.
  EXPECT_TRUE(isMmaAligned({3, 16, 8, 16}, mma, {1, 2, 3}));
  // M on axis 1, N on axis 0: 8 along axis 0 is fine for N, not for M.
  EXPECT_TRUE(isMmaAligned({8, 16, 16}, mma, {1, 0, 2}));
  EXPECT_FALSE(isMmaAligned({8, 16, 16}, mma, {0, 1, 2}));
}

//===----------------------------------------------------------------------===//
// Rule 3: memory banks
//===----------------------------------------------------------------------===//

/// 32 threads, thread t at coordinates f(t).
template <typename F>
BankAccess warp(Sizes shape, int64_t elementBytes, F coordsOf) {
  BankAccess access;
  access.tileShape = std::move(shape);
  access.elementBytes = elementBytes;
  for (int64_t t = 0; t < 32; ++t)
    access.threadCoords.push_back(coordsOf(t));
  return access;
}

// A column of a 32x32 f32 tile: every word in bank 0 unless rows are skewed.
TEST(AlignmentTest, BankConflictColumnRead) {
  const MemLevel &shared = sharedOf(h200());
  BankAccess column = warp({32, 32}, 4, [](int64_t t) { return Sizes{t, 0}; });
  EXPECT_EQ(computeBankConflict(column, 0, shared), 32);
  // Row stride 33 words: thread t lands in bank t.
  EXPECT_EQ(computeBankConflict(column, 1, shared), 1);
  // Stride 34: banks 2t mod 32, two threads a bank.
  EXPECT_EQ(computeBankConflict(column, 2, shared), 2);
  EXPECT_EQ(computeBankPadding(column, shared), 1);
}

// A row is 32 consecutive words in 32 banks; one repeated word broadcasts.
TEST(AlignmentTest, BankConflictRowAndBroadcast) {
  const MemLevel &shared = sharedOf(h200());
  BankAccess row = warp({32, 32}, 4, [](int64_t t) { return Sizes{3, t}; });
  EXPECT_EQ(computeBankConflict(row, 0, shared), 1);
  EXPECT_EQ(computeBankPadding(row, shared), 0);
  BankAccess same = warp({32, 32}, 4, [](int64_t) { return Sizes{5, 7}; });
  EXPECT_EQ(computeBankConflict(same, 0, shared), 1);
  // Two words, 32 apart, in one bank: 2-way.
  BankAccess two = warp({32, 32}, 4, [](int64_t t) { return Sizes{t % 2, 0}; });
  EXPECT_EQ(computeBankConflict(two, 0, shared), 2);
  EXPECT_EQ(computeBankConflict(two, 1, shared), 1);
}

// A column of a 32x8 tile: banks 8t mod 32 hold 8 words each.
TEST(AlignmentTest, BankConflictNarrowTile) {
  const MemLevel &shared = sharedOf(h200());
  BankAccess column = warp({32, 8}, 4, [](int64_t t) { return Sizes{t, 0}; });
  EXPECT_EQ(computeBankConflict(column, 0, shared), 8);
  // Stride 9 is odd, so 9t mod 32 hits every bank once.
  EXPECT_EQ(computeBankConflict(column, 1, shared), 1);
  EXPECT_EQ(computeBankPadding(column, shared), 1);
}

// f16 packs two elements per 4-byte word.
TEST(AlignmentTest, BankConflictHalfPrecision) {
  const MemLevel &shared = sharedOf(h200());
  // Row read: threads 2w and 2w+1 share word w, 16 banks, no conflict.
  BankAccess row = warp({32, 64}, 2, [](int64_t t) { return Sizes{0, t}; });
  EXPECT_EQ(computeBankConflict(row, 0, shared), 1);
  // Column read of a 64-element (32-word) row: all in bank 0.
  BankAccess column = warp({32, 64}, 2, [](int64_t t) { return Sizes{t, 0}; });
  EXPECT_EQ(computeBankConflict(column, 0, shared), 32);
  // One element of padding is half a word: element 65t is word 32t + t/2,
  // bank t/2, so threads 2w and 2w+1 meet in bank w with distinct words.
  EXPECT_EQ(computeBankConflict(column, 1, shared), 2);
  // Two elements are one word: bank t.
  EXPECT_EQ(computeBankConflict(column, 2, shared), 1);
  EXPECT_EQ(computeBankPadding(column, shared), 2);
}

// When no padding helps (stride-2 row read), padding 0 is the smallest
// achieving the minimum.
TEST(AlignmentTest, BankPaddingSmallestOfMinimum) {
  const MemLevel &shared = sharedOf(h200());
  BankAccess strided = warp({4, 64}, 4, [](int64_t t) {
    return Sizes{0, 2 * t};
  });
  EXPECT_EQ(computeBankConflict(strided, 0, shared), 2);
  EXPECT_EQ(computeBankConflict(strided, 1, shared), 2);
  EXPECT_EQ(computeBankPadding(strided, shared), 0);
  // Columns 0 and 16 of 16 rows of 32: banks 0 and 16, 16 words each; a
  // one-word skew spreads rows r and r+16 over all 32 banks.
  BankAccess pairs = warp({16, 32}, 4, [](int64_t t) {
    return Sizes{t % 16, (t / 16) * 16};
  });
  EXPECT_EQ(computeBankConflict(pairs, 0, shared), 16);
  EXPECT_EQ(computeBankPadding(pairs, shared), 1);
}

// The pattern keeps each thread's element once, in order: a warp whose
// threads read in another order, or read the same elements twice, is the
// same pattern (the bank-padding cache relies on it).
TEST(AlignmentTest, WarpReadPatternCanonical) {
  BankAccess forward = warp({8, 32}, 4, [](int64_t t) {
    return Sizes{t % 8, 4 * (t / 8)};
  });
  BankAccess backward = warp({8, 32}, 4, [](int64_t t) {
    return Sizes{(31 - t) % 8, 4 * ((31 - t) / 8)};
  });
  BankAccess twice = warp({8, 32}, 4, [](int64_t t) {
    return Sizes{(t / 2) % 8, 4 * ((t / 2) / 8)};
  });
  WarpReadPattern a = WarpReadPattern::fromAccess(forward);
  WarpReadPattern b = WarpReadPattern::fromAccess(backward);
  WarpReadPattern c = WarpReadPattern::fromAccess(twice);
  EXPECT_EQ(a.rows.size(), 32u);
  EXPECT_EQ(a.rows, b.rows);
  EXPECT_EQ(a.columns, b.columns);
  EXPECT_EQ(c.rows.size(), 16u);
  EXPECT_TRUE(std::is_sorted(c.rows.begin(), c.rows.end()));
}

// Banks that are not a power of two (a device file may say so) take the
// division path: 24 banks, a column of a 24-word-wide f32 tile is 24-way;
// one word of padding gives stride 25, coprime with 24.
TEST(AlignmentTest, BankConflictBanksNotAPowerOfTwo) {
  MemLevel shared = sharedOf(h200());
  shared.banks = 24;
  BankAccess column = warp({32, 24}, 4, [](int64_t t) {
    return Sizes{t % 24, 0};
  });
  EXPECT_EQ(computeBankConflict(column, 0, shared), 24);
  EXPECT_EQ(computeBankConflict(column, 1, shared), 1);
  EXPECT_EQ(computeBankPadding(column, shared), 1);
}

//===----------------------------------------------------------------------===//
// Candidate sizes
//===----------------------------------------------------------------------===//

// eps 0 keeps only divisors: the powers of two of 1024.
TEST(AlignmentTest, CandidateSizesDivisors) {
  EXPECT_EQ(getCandidateSizes(1024, 0.0, {}),
            (Sizes{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}));
  EXPECT_EQ(getCandidateSizes(1000, 0.0, {}),
            (Sizes{1, 2, 4, 5, 8, 10, 20, 25, 40, 50, 100, 125, 200, 250, 500,
                   1000}));
}

// Extent 100: waste of 8, 16, 32, 48, 64, 80, 96 is 4, 12, 28, 44, 28, 60,
// 92 (of 100); each eps admits those at or below it.
TEST(AlignmentTest, CandidateSizesRelaxedByEps) {
  Sizes divisors = {1, 2, 4, 5, 10, 20, 25, 50, 100};
  EXPECT_EQ(getCandidateSizes(100, 0.0, {}), divisors);
  EXPECT_EQ(getCandidateSizes(100, 0.2, {}),
            (Sizes{1, 2, 4, 5, 8, 10, 16, 20, 25, 50, 100}));
  EXPECT_EQ(getCandidateSizes(100, 0.4, {}),
            (Sizes{1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 50, 64, 100}));
  EXPECT_EQ(
      getCandidateSizes(100, 1.0, {}),
      (Sizes{1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 48, 50, 64, 80, 96, 100}));
}

// Multiples of 16 stop at 512: 496 is a candidate of 2000, 528 is not.
TEST(AlignmentTest, CandidateSizesMultiplesOf16UpTo512) {
  Sizes sizes = getCandidateSizes(2000, 1.0, {});
  EXPECT_TRUE(llvm::is_contained(sizes, 496));
  EXPECT_FALSE(llvm::is_contained(sizes, 528));
  EXPECT_TRUE(llvm::is_contained(sizes, 1024)); // a power of two
  EXPECT_TRUE(llvm::is_contained(sizes, 400));  // a divisor
  EXPECT_FALSE(llvm::is_contained(sizes, 2048));
}

// The representable list filters; 7 is representable but not aligned.
TEST(AlignmentTest, CandidateSizesRepresentableFilter) {
  EXPECT_EQ(getCandidateSizes(100, 0.0, {1, 4, 7, 10, 100}),
            (Sizes{1, 4, 10, 100}));
}

//===----------------------------------------------------------------------===//
// The composed rule
//===----------------------------------------------------------------------===//

// 1024^3 f32: i has no contiguous access (1); j is contiguous in B and C and
// k in A, each needing 8 floats for a 32-byte sector.
TEST(AlignmentTest, SmallestTileMatmul1024) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  AlignmentContext ctx(mm, h200(), 0.0);
  EXPECT_EQ(ctx.sizes[0], getCandidateSizes(1024, 0.0, {}));
  EXPECT_EQ(getSmallestAlignedTile(ctx), (Sizes{1, 8, 8}));
  // Without the transaction rule every axis starts at 1.
  ctx.transactionRule = false;
  EXPECT_EQ(getSmallestAlignedTile(ctx), (Sizes{1, 1, 1}));
}

// The next size is the next power of two; it stops at the extent and bound.
TEST(AlignmentTest, NextAlignedSizeMatmul1024) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  AlignmentContext ctx(mm, h200(), 0.0);
  EXPECT_EQ(nextAlignedSize(ctx, {1, 8, 8}, 0), 2);
  EXPECT_EQ(nextAlignedSize(ctx, {1, 8, 8}, 1), 16);
  EXPECT_EQ(nextAlignedSize(ctx, {1, 8, 8}, 2), 16);
  EXPECT_EQ(nextAlignedSize(ctx, {1024, 8, 8}, 0), std::nullopt);
  // From j = 1 the next aligned size skips 2 and 4 (8 and 16 bytes).
  EXPECT_EQ(nextAlignedSize(ctx, {1, 1, 8}, 1), 8);
  ctx.bound = {4, 1024, 1024};
  EXPECT_EQ(nextAlignedSize(ctx, {2, 8, 8}, 0), 4);
  EXPECT_EQ(nextAlignedSize(ctx, {4, 8, 8}, 0), std::nullopt);
  // MMA-style multiples: j grows in steps that are multiples of 32.
  ctx.multipleOf = {1, 32, 1};
  EXPECT_EQ(nextAlignedSize(ctx, {1, 8, 8}, 1), 32);
}

// Thread-tile contexts: caller-given sizes that must divide the bound.
TEST(AlignmentTest, NextAlignedSizeDividesBound) {
  TensorExpr mm = matmul(1024, 1024, 1024);
  AlignmentContext ctx(mm, h200(), 0.0, {}, /*computeSizes=*/false);
  ctx.transactionRule = false;
  ctx.bound = {12, 8, 1};
  ctx.mustDivideBound = {true, true, true};
  ctx.sizes = {{1, 2, 3, 4, 5, 6, 12}, {1, 2, 4, 8}, {1}};
  EXPECT_FALSE(ctx.isAxisSizeAllowed(0, 5));
  EXPECT_EQ(nextAlignedSize(ctx, {4, 1, 1}, 0), 6);
  EXPECT_EQ(nextAlignedSize(ctx, {6, 1, 1}, 0), 12);
  EXPECT_EQ(nextAlignedSize(ctx, {1, 1, 1}, 2), std::nullopt);
  // Per axis: a tensor-core block divides the reduction only.
  ctx.mustDivideBound = {false, false, true};
  EXPECT_TRUE(ctx.isAxisSizeAllowed(0, 5));
  ctx.bound = {12, 8, 24};
  EXPECT_FALSE(ctx.isAxisSizeAllowed(2, 16));
  EXPECT_TRUE(ctx.isAxisSizeAllowed(2, 8));
}

// 4097 x 33 x 129 (4097 = 17 * 241, 129 = 3 * 43): at eps 0 no divisor of
// 33 or 129 below the extent is a whole sector, so j and k take the extent.
TEST(AlignmentTest, SmallestTileIrregularStrict) {
  TensorExpr mm = matmul(4097, 33, 129);
  AlignmentContext ctx(mm, h200(), 0.0);
  EXPECT_EQ(ctx.sizes[0], (Sizes{1, 17, 241, 4097}));
  EXPECT_EQ(ctx.sizes[1], (Sizes{1, 3, 11, 33}));
  EXPECT_EQ(ctx.sizes[2], (Sizes{1, 3, 43, 129}));
  EXPECT_EQ(getSmallestAlignedTile(ctx), (Sizes{1, 33, 129}));
  EXPECT_EQ(nextAlignedSize(ctx, {1, 33, 129}, 0), 17);
  EXPECT_EQ(nextAlignedSize(ctx, {1, 33, 129}, 1), std::nullopt);
}

// At eps 0.2, k = 8 wastes 7/129 and is a sector; j = 8 wastes 7/33 > 0.2.
TEST(AlignmentTest, SmallestTileIrregularRelaxed) {
  TensorExpr mm = matmul(4097, 33, 129);
  AlignmentContext relaxed(mm, h200(), 0.2);
  EXPECT_EQ(relaxed.sizes[1], (Sizes{1, 2, 3, 4, 11, 33}));
  EXPECT_EQ(getSmallestAlignedTile(relaxed), (Sizes{1, 33, 8}));
  // At eps 1.0 j = 8 is allowed: then 16, 32 (11 is 44 bytes), and 33.
  AlignmentContext loose(mm, h200(), 1.0);
  EXPECT_EQ(loose.sizes[1], (Sizes{1, 2, 3, 4, 8, 11, 16, 32, 33}));
  EXPECT_EQ(getSmallestAlignedTile(loose), (Sizes{1, 8, 8}));
  EXPECT_EQ(nextAlignedSize(loose, {1, 8, 8}, 1), 16);
  EXPECT_EQ(nextAlignedSize(loose, {1, 16, 8}, 1), 32);
  EXPECT_EQ(nextAlignedSize(loose, {1, 32, 8}, 1), 33);
  EXPECT_EQ(nextAlignedSize(loose, {1, 33, 8}, 1), std::nullopt);
}

} // namespace
