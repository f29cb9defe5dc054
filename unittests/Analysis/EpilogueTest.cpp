//===- EpilogueTest.cpp - The model's view of a fused epilogue ------------===//
//
// An operator with an elementwise op fused after it (EpilogueExpr): what
// reaches global memory (the epilogue's inputs once per block, its outputs
// instead of the operator's), the register tiles the fused rProgram
// declares, the epilogue's arithmetic, and the expression's key and checks.
// Every figure is derived by hand from the loop nests spelled here.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/PerfModel.h"
#include "Roller/Analysis/Traffic.h"

#include "TestDevices.h"
#include "TestExprs.h"
#include "TestSchedules.h"
#include "gtest/gtest.h"

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

/// A bias add after a 1024^3 matmul: D[i,j] = C[i,j] + bias[j], D in f16.
TensorExpr matmulWithBias() {
  TensorExpr mm = matmul(1024, 1024, 1024);
  EpilogueExpr bias;
  bias.opName = "linalg.generic";
  bias.inputs = {access("bias", {1024}, {axisIndex(3, 1)})};
  bias.outputs = {
      access("D", {1024, 1024}, {axisIndex(3, 0), axisIndex(3, 1)}, 2)};
  bias.outputs[0].isRead = false;
  mm.epilogue = bias;
  return mm;
}

/// Softmax's last step after its row sum: Y[r,c] = X[r,c] / S[r] over a
/// [256, 1000] input: a row epilogue re-reading X and writing Y whole.
TensorExpr rowSumWithDivide() {
  TensorExpr sum;
  sum.opName = "linalg.generic";
  sum.axes = {spatial("r", 256), reduction("c", 1000)};
  sum.inputs = {access("X", {256, 1000}, {axisIndex(2, 0), axisIndex(2, 1)})};
  sum.outputs = {access("S", {256}, {axisIndex(2, 0)})};
  EpilogueExpr divide;
  divide.opName = "linalg.generic";
  divide.inputs = {
      access("X", {256, 1000}, {axisIndex(2, 0), axisIndex(2, 1)})};
  divide.outputs = {
      access("Y", {256, 1000}, {axisIndex(2, 0), axisIndex(2, 1)})};
  divide.outputs[0].isRead = false;
  sum.epilogue = divide;
  return sum;
}

// 64 blocks of [128,128,8]: A and B as without the epilogue (see
// TrafficTest's GlobalTrafficMatmul); C is never written, but each block
// reads 128 floats of bias (512 bytes) and writes a 128x128 f16 tile of D.
TEST(EpilogueTest, GlobalTrafficReplacesTheOutput) {
  TensorExpr fused = matmulWithBias();
  double a = 64.0 * 128 * (128 * 8 * 4);
  double b = 64.0 * 128 * (8 * 128 * 4);
  double bias = 64.0 * 512;
  double d = 64.0 * (128 * 128 * 2);
  EXPECT_DOUBLE_EQ(getGlobalTraffic(fused, {128, 128, 8}, 32),
                   a + b + bias + d);
  TensorExpr alone = matmul(1024, 1024, 1024);
  EXPECT_DOUBLE_EQ(getGlobalTraffic(alone, {128, 128, 8}, 32),
                   a + b + 64.0 * (128 * 128 * 4));
}

// A row epilogue walks whole rows whatever the reduction step: blocks of 4
// rows re-read 4 x 1000 floats of X (4 rows of 4000 bytes, 125 sectors
// each) and write as much of Y, once per block; S is never written.
TEST(EpilogueTest, RowEpilogueWalksWholeRows) {
  TensorExpr fused = rowSumWithDivide();
  ASSERT_FALSE(fused.validate().has_value()) << *fused.validate();
  EXPECT_TRUE(fused.epilogue->usesAxis(1));
  EXPECT_EQ(fused.epilogue->getBlockBox(fused.axes, {4, 8}),
            (std::vector<int64_t>{4, 1000}));
  double steps = 125; // 1000 / 8
  double x = 64.0 * steps * (4 * 32);
  double row = 64.0 * 4 * 4000;
  EXPECT_DOUBLE_EQ(getGlobalTraffic(fused, {4, 8}, 32), x + row + row);
  // A bias add walks no reduction axis (k is axis 2).
  EXPECT_FALSE(matmulWithBias().epilogue->usesAxis(2));
}

// The fused rProgram declares a register tile per epilogue operand: a 4x4
// thread tile of the matmul holds A 4x1, B 1x4 and C 4x4 floats (24
// registers), bias 1x4 floats (4) and D 4x4 halves (8).
TEST(EpilogueTest, RegisterFootprintAddsTheEpilogueTiles) {
  EXPECT_EQ(getRegisterFootprint(matmul(1024, 1024, 1024), {4, 4, 1}), 24);
  EXPECT_EQ(getRegisterFootprint(matmulWithBias(), {4, 4, 1}), 24 + 4 + 8);
}

// The epilogue's operations: once per output element (bias), once per
// element of the rows (divide). A compute-bound matmul shows them.
TEST(EpilogueTest, PredictCountsEpilogueWork) {
  Schedule schedule = simtSchedule();
  TensorExpr alone = matmul(1024, 1024, 1024);
  TensorExpr fused = matmulWithBias();
  fused.epilogue->opsPerPoint = 64;
  llvm::Expected<Prediction> a = predict(alone, h200(), schedule);
  llvm::Expected<Prediction> f = predict(fused, h200(), schedule);
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  ASSERT_TRUE(bool(f)) << llvm::toString(f.takeError());
  // 128 x 128 x 1024 x 2 operations per block, plus 128 x 128 x 64.
  double ratio =
      (128.0 * 128 * 1024 * 2 + 128.0 * 128 * 64) / (128.0 * 128 * 1024 * 2);
  expectRelNear(f->stageUs[unsigned(Stage::Compute)],
                a->stageUs[unsigned(Stage::Compute)] * ratio, "compute");
  EXPECT_GT(f->regsPerThread, a->regsPerThread);
}

// The epilogue is part of what the construction reads: equal operators
// with different epilogues get different keys; a malformed epilogue is
// rejected.
TEST(EpilogueTest, KeyAndValidation) {
  TensorExpr alone = matmul(1024, 1024, 1024);
  TensorExpr fused = matmulWithBias();
  EXPECT_NE(alone.key(), fused.key());
  TensorExpr other = matmulWithBias();
  other.epilogue->inputs[0].indices[0] = axisIndex(3, 0);
  EXPECT_NE(fused.key(), other.key());
  EXPECT_NE(fused.str().find("=> linalg.generic("), std::string::npos);

  TensorExpr empty = matmulWithBias();
  empty.epilogue->outputs.clear();
  ASSERT_TRUE(empty.validate().has_value());
  EXPECT_EQ(*empty.validate(), "the epilogue has no output");
  TensorExpr outside = matmulWithBias();
  outside.epilogue->inputs[0].indices[0] = index(3, {{1, 1}}, 1);
  ASSERT_TRUE(outside.validate().has_value());
  EXPECT_NE(outside.validate()->find("epilogue: access 'bias' dimension #0 "
                                     "is indexed over [1, 1024]"),
            std::string::npos)
      << *outside.validate();
}

} // namespace
