//===- TensorExprTest.cpp - Tests of TensorExpr data tiles and checks -----===//
//
// Data-tile shapes are compared with figures worked out by hand from the
// loop nests in TestExprs.h (rows of a strided window, clamping at the
// shape), and every rule of validate() has a case that breaks exactly it.
//
//===----------------------------------------------------------------------===//

#include "TestExprs.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>
#include <set>

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

using Shape = std::vector<int64_t>;
constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

/// The reason validate() gives, or "" when the expression is valid.
std::string reasonOf(const TensorExpr &expr) {
  return expr.validate().value_or("");
}

//===----------------------------------------------------------------------===//
// AffineIndex
//===----------------------------------------------------------------------===//

TEST(AffineIndexTest, SpanSumsCoefficientTimesTileMinusOne) {
  // 2*oh + 3*kh - kw + 5 over a 4 x 3 x 2 box: 2*3 + 3*2 + 1*1.
  AffineIndex idx = index(3, {{0, 2}, {1, 3}, {2, -1}}, 5);
  EXPECT_EQ(idx.span({4, 3, 2}), 13);
  EXPECT_EQ(idx.span({1, 1, 1}), 0);
  // Axes absent from the index do not widen it.
  EXPECT_EQ(index(3, {{1, 1}}).span({100, 7, 100}), 6);
}

TEST(AffineIndexTest, SpanSaturatesInsteadOfOverflowing) {
  AffineIndex idx =
      index(2, {{0, kInt64Max}, {1, std::numeric_limits<int64_t>::min()}});
  EXPECT_EQ(idx.span({3, 3}), kInt64Max);
}

TEST(AffineIndexTest, SingleAxisIsExactlyOneAxisWithCoefficientOne) {
  EXPECT_EQ(axisIndex(3, 1).getSingleAxis(), 1u);
  EXPECT_EQ(index(3, {{1, 2}}).getSingleAxis(), std::nullopt);
  EXPECT_EQ(index(3, {{0, 1}, {1, 1}}).getSingleAxis(), std::nullopt);
  EXPECT_EQ(index(3, {{2, 1}}, 1).getSingleAxis(), std::nullopt);
  EXPECT_EQ(index(3, {}).getSingleAxis(), std::nullopt);
  EXPECT_EQ(index(3, {{0, -1}}).getSingleAxis(), std::nullopt);
}

//===----------------------------------------------------------------------===//
// Data tiles
//===----------------------------------------------------------------------===//

TEST(TensorAccessTest, MatmulTiles) {
  TensorExpr mm = matmul(64, 32, 16);
  ASSERT_EQ(reasonOf(mm), "");
  // The ROLLER paper's example: [i=4, j=4, k=2] loads 4x2 of A and 2x4 of B.
  Shape tile = {4, 4, 2};
  EXPECT_EQ(mm.inputs[0].tileShape(tile), (Shape{4, 2}));
  EXPECT_EQ(mm.inputs[1].tileShape(tile), (Shape{2, 4}));
  EXPECT_EQ(mm.outputs[0].tileShape(tile), (Shape{4, 4}));
  EXPECT_EQ(mm.inputs[0].tileElements(tile), 8);
  EXPECT_EQ(mm.outputs[0].tileElements(tile), 16);
  // Clamped to the shape.
  EXPECT_EQ(mm.inputs[0].tileShape({1000, 1, 1000}), (Shape{64, 16}));
  EXPECT_EQ(mm.inputs[0].numElements(), 64 * 16);
  EXPECT_TRUE(mm.inputs[0].usesAxis(0));
  EXPECT_FALSE(mm.inputs[0].usesAxis(1));
  EXPECT_TRUE(mm.inputs[0].usesAxis(2));
  EXPECT_FALSE(mm.inputs[0].usesAxis(7));
}

TEST(TensorAccessTest, StridedConvWindowRows) {
  // Stride 2, dilation 1: an oh tile of 4 and kh tile of 3 read
  // 2*(4-1) + 1*(3-1) + 1 = 9 rows.
  TensorExpr conv = convNchw(2, 3, 7, 7, 8, 3, 3, /*stride=*/2);
  ASSERT_EQ(reasonOf(conv), "");
  const TensorAccess &input = conv.inputs[0];
  EXPECT_EQ(input.shape, (Shape{2, 3, 15, 15}));
  EXPECT_EQ(input.tileShape({1, 4, 4, 4, 3, 3, 3}), (Shape{1, 3, 9, 9}));

  // Stride 2, dilation 2: 2*3 + 2*2 + 1 = 11 rows; kh tile 1: 2*3 + 1 = 7.
  TensorExpr dilated = convNchw(2, 3, 7, 7, 8, 3, 3, 2, 2);
  ASSERT_EQ(reasonOf(dilated), "");
  const TensorAccess &in = dilated.inputs[0];
  EXPECT_EQ(in.shape, (Shape{2, 3, 17, 17}));
  EXPECT_EQ(in.tileShape({1, 4, 4, 4, 3, 3, 3}), (Shape{1, 3, 11, 11}));
  EXPECT_EQ(in.tileShape({1, 4, 4, 2, 1, 1, 3}), (Shape{1, 1, 7, 7}));
  EXPECT_EQ(in.tileElements({1, 4, 4, 2, 1, 1, 3}), 49);
  // The whole nest reads exactly the whole input: 2*6 + 2*2 + 1 = 17 rows.
  EXPECT_EQ(in.tileShape(dilated.getExtents()), in.shape);
  // The filter does not depend on oh/ow; the output not on c/kh/kw.
  EXPECT_EQ(dilated.inputs[1].tileShape({1, 4, 4, 4, 2, 3, 1}),
            (Shape{4, 2, 3, 1}));
  EXPECT_EQ(dilated.outputs[0].tileShape({1, 4, 4, 4, 2, 3, 1}),
            (Shape{1, 4, 4, 4}));
}

TEST(TensorAccessTest, DepthwiseAndPoolingWindows) {
  TensorExpr dw = depthwiseNchw(1, 32, 14, 14, 3, 3);
  ASSERT_EQ(reasonOf(dw), "");
  // oh tile 7 with the full 3-tap window: 7 + 3 - 1 = 9 rows.
  EXPECT_EQ(dw.inputs[0].tileShape({1, 8, 7, 14, 3, 3}), (Shape{1, 8, 9, 16}));
  EXPECT_EQ(dw.inputs[1].tileShape({1, 8, 7, 14, 3, 3}), (Shape{8, 3, 3}));

  TensorExpr pool = maxPoolNchw(1, 64, 56, 56, 3, 3, 2);
  ASSERT_EQ(reasonOf(pool), "");
  EXPECT_EQ(pool.inputs[0].shape, (Shape{1, 64, 113, 113}));
  // oh tile 8, stride 2, window 3: 2*7 + 2 + 1 = 17 rows.
  EXPECT_EQ(pool.inputs[0].tileShape({1, 4, 8, 8, 3, 3}),
            (Shape{1, 4, 17, 17}));
  EXPECT_EQ(pool.opsPerPoint, 1);
  EXPECT_FALSE(pool.inputs[1].isRead);
}

TEST(TensorAccessTest, RankZeroAccessTouchesOneElement) {
  TensorExpr fill = elementwiseAdd({8, 4});
  fill.inputs = {access("v", {}, {})};
  ASSERT_EQ(reasonOf(fill), "");
  EXPECT_EQ(fill.inputs[0].tileShape({2, 2}), Shape{});
  EXPECT_EQ(fill.inputs[0].tileElements({2, 2}), 1);
  EXPECT_EQ(fill.inputs[0].numElements(), 1);
  EXPECT_FALSE(fill.inputs[0].usesAxis(0));
}

//===----------------------------------------------------------------------===//
// Expression queries
//===----------------------------------------------------------------------===//

TEST(TensorExprTest, Queries) {
  TensorExpr conv = convNchw(2, 3, 7, 7, 8, 3, 3, 2, 2);
  EXPECT_EQ(conv.getRank(), 7u);
  EXPECT_EQ(conv.getExtents(), (Shape{2, 8, 7, 7, 3, 3, 3}));
  EXPECT_TRUE(conv.hasReduction());
  EXPECT_EQ(conv.numPoints(), 2 * 8 * 7 * 7 * 27);
  EXPECT_DOUBLE_EQ(conv.totalOps(), 2.0 * 2 * 8 * 7 * 7 * 27);
  std::vector<const TensorAccess *> accesses = conv.getAccesses();
  ASSERT_EQ(accesses.size(), 3u);
  EXPECT_EQ(accesses[0]->name, "I");
  EXPECT_EQ(accesses[1]->name, "W");
  EXPECT_EQ(accesses[2]->name, "O");

  TensorExpr add = elementwiseAdd({17, 11, 3});
  EXPECT_FALSE(add.hasReduction());
  EXPECT_EQ(add.numPoints(), 561);
  EXPECT_EQ(reduceNchwHw(2, 3, 5, 7).numPoints(), 210);
}

TEST(TensorExprTest, Str) {
  EXPECT_EQ(matmul(1024, 1024, 1024).str(),
            "i:1024 j:1024 k:1024r | A[i,k] B[k,j] -> C[i,j]");
  EXPECT_EQ(convNchw(1, 3, 4, 4, 8, 3, 3, 2, 2).str(),
            "n:1 f:8 oh:4 ow:4 c:3r kh:3r kw:3r | I[n,c,2*oh+2*kh,2*ow+2*kw] "
            "W[f,c,kh,kw] -> O[n,f,oh,ow]");
  TensorExpr odd = elementwiseAdd({4});
  odd.inputs = {access("v", {}, {}), access("r", {8}, {index(1, {{0, -1}}, 7)}),
                access("z", {1}, {index(1, {})})};
  EXPECT_EQ(odd.str(), "d0:4 | v[] r[-d0+7] z[0] -> C[d0]");
}

//===----------------------------------------------------------------------===//
// validate()
//===----------------------------------------------------------------------===//

TEST(TensorExprValidateTest, AcceptsTheSampleOperators) {
  EXPECT_EQ(reasonOf(matmul(1, 1, 1)), "");
  EXPECT_EQ(reasonOf(convNchw(128, 128, 28, 28, 128, 3, 3)), "");
  EXPECT_EQ(reasonOf(depthwiseNchw(128, 84, 42, 42, 5, 5)), "");
  EXPECT_EQ(reasonOf(maxPoolNchw(128, 64, 56, 56, 3, 3, 2)), "");
  EXPECT_EQ(reasonOf(reduceNchwHw(128, 2048, 7, 7)), "");
  EXPECT_EQ(reasonOf(elementwiseAdd({128, 1008, 42, 42})), "");
  // Negative coefficients stay in bounds with a matching constant.
  TensorExpr reversed = elementwiseAdd({16});
  reversed.inputs[0].indices = {index(1, {{0, -1}}, 15)};
  EXPECT_EQ(reasonOf(reversed), "");
}

TEST(TensorExprValidateTest, RejectsMalformedStructure) {
  TensorExpr e = matmul(8, 8, 8);
  e.axes[1].extent = 0;
  EXPECT_NE(reasonOf(e).find("extent 0"), std::string::npos) << reasonOf(e);

  e = matmul(8, 8, 8);
  e.inputs[0].indices.pop_back();
  EXPECT_NE(reasonOf(e).find("1 indices for 2 dimensions"), std::string::npos)
      << reasonOf(e);

  e = matmul(8, 8, 8);
  e.inputs[1].indices[0].coeffs.push_back(0);
  EXPECT_NE(reasonOf(e).find("4 coefficients for 3 axes"), std::string::npos)
      << reasonOf(e);

  e = matmul(8, 8, 8);
  e.inputs[1].elementBytes = 0;
  EXPECT_NE(reasonOf(e).find("element size 0"), std::string::npos)
      << reasonOf(e);

  e = matmul(8, 8, 8);
  e.outputs.clear();
  EXPECT_EQ(reasonOf(e), "the expression has no output");

  e = matmul(8, 8, 8);
  e.opsPerPoint = 0.5;
  EXPECT_NE(reasonOf(e).find("opsPerPoint"), std::string::npos);
  e.opsPerPoint = std::nan("");
  EXPECT_NE(reasonOf(e).find("opsPerPoint"), std::string::npos);
  e.opsPerPoint = INFINITY;
  EXPECT_NE(reasonOf(e).find("opsPerPoint"), std::string::npos);

  e = matmul(8, 8, 8);
  e.inputs[0].shape[0] = 0;
  e.axes[0].extent = 1;
  EXPECT_NE(reasonOf(e).find("dimension #0 of size 0"), std::string::npos)
      << reasonOf(e);

  // An output indexed by a reduction axis would be written many times.
  e = matmul(8, 8, 8);
  e.outputs[0].indices[1] = axisIndex(3, 2);
  EXPECT_NE(reasonOf(e).find("reduction axis 'k'"), std::string::npos)
      << reasonOf(e);
}

TEST(TensorExprValidateTest, RejectsOutOfBoundsAccesses) {
  // The input one row short of what the windows reach.
  TensorExpr conv = convNchw(2, 3, 7, 7, 8, 3, 3, 2, 2);
  conv.inputs[0].shape[2] = 16;
  EXPECT_EQ(reasonOf(conv), "access 'I' dimension #2 is indexed over [0, 16], "
                            "out of bounds of size 16");

  TensorExpr mm = matmul(8, 8, 8);
  mm.inputs[0].indices[0].constant = 1;
  EXPECT_NE(reasonOf(mm).find("[1, 8]"), std::string::npos) << reasonOf(mm);
  mm.inputs[0].indices[0].constant = -1;
  EXPECT_NE(reasonOf(mm).find("[-1, 6]"), std::string::npos) << reasonOf(mm);

  TensorExpr reversed = elementwiseAdd({16});
  reversed.inputs[0].indices = {index(1, {{0, -1}}, 14)};
  EXPECT_NE(reasonOf(reversed).find("[-1, 14]"), std::string::npos)
      << reasonOf(reversed);
}

TEST(TensorExprValidateTest, RejectsHugeProducts) {
  int64_t big = int64_t(1) << 31;
  // 2^31 * 2^31 * 2 = 2^63 points: overflows int64_t.
  TensorExpr mm = matmul(big, big, 2);
  EXPECT_EQ(reasonOf(mm), "the loop nest has more than 2^62 points");
  // 2^31 * 2^31 * 1 = 2^62 points and elements: the limit itself is fine,
  // but the 4-byte elements of C are 2^64 bytes.
  mm = matmul(big, big, 1);
  EXPECT_NE(reasonOf(mm).find("access 'C' has more than 2^62 bytes"),
            std::string::npos)
      << reasonOf(mm);
  mm.outputs[0].elementBytes = 1;
  EXPECT_EQ(reasonOf(mm), "");
  // Far more elements than points: a huge tensor read at a few points.
  TensorExpr small = matmul(4, 4, 4);
  small.inputs[0].shape = {int64_t(1) << 40, int64_t(1) << 40};
  EXPECT_NE(reasonOf(small).find("more than 2^62 elements"), std::string::npos)
      << reasonOf(small);
  // A coefficient whose reach overflows.
  small = matmul(4, 4, 4);
  small.inputs[0].indices[0].coeffs[0] = kInt64Max / 2;
  EXPECT_NE(reasonOf(small).find("beyond 2^62"), std::string::npos)
      << reasonOf(small);
  // The helpers stay defined on what validate() rejects.
  EXPECT_EQ(matmul(big, big, big).numPoints(), kInt64Max);
  EXPECT_EQ(small.inputs[0].tileShape({4, 4, 4})[0], 4);
}

} // namespace

//===----------------------------------------------------------------------===//
// key(): the selection shares one construction between equal keys
//===----------------------------------------------------------------------===//

namespace {

TEST(TensorExprKeyTest, EqualExpressionsShareAKey) {
  EXPECT_EQ(matmul(64, 32, 16).key(), matmul(64, 32, 16).key());
  EXPECT_EQ(convNchw(8, 64, 56, 56, 64, 3, 3, 1).key(),
            convNchw(8, 64, 56, 56, 64, 3, 3, 1).key());
}

TEST(TensorExprKeyTest, EveryFieldTheConstructionReadsChangesTheKey) {
  const TensorExpr base = matmul(64, 32, 16);
  std::vector<std::pair<std::string, TensorExpr>> variants;
  auto vary = [&](std::string what, auto change) {
    TensorExpr expr = base;
    change(expr);
    variants.emplace_back(std::move(what), std::move(expr));
  };
  vary("extent", [](TensorExpr &e) { e.axes[2].extent = 17; });
  vary("kind", [](TensorExpr &e) { e.axes[1].kind = AxisKind::Reduction; });
  vary("shape", [](TensorExpr &e) { e.inputs[0].shape[0] = 65; });
  vary("coefficient",
       [](TensorExpr &e) { e.inputs[0].indices[0].coeffs[0] = 2; });
  vary("constant", [](TensorExpr &e) { e.inputs[1].indices[1].constant = 1; });
  vary("element type", [](TensorExpr &e) {
    e.inputs[0].elementType = "f16";
    e.inputs[0].elementBytes = 2;
  });
  vary("element bytes", [](TensorExpr &e) { e.outputs[0].elementBytes = 8; });
  vary("read", [](TensorExpr &e) { e.outputs[0].isRead = false; });
  vary("ops per point", [](TensorExpr &e) { e.opsPerPoint = 2.0000001; });
  vary("compute type", [](TensorExpr &e) { e.computeType = "f16"; });
  vary("mma inputs", [](TensorExpr &e) { e.mmaInputType = "f16"; });
  vary("op", [](TensorExpr &e) { e.opName = "linalg.generic"; });
  vary("an input more", [](TensorExpr &e) { e.inputs.push_back(e.inputs[0]); });
  std::set<std::string> keys{base.key()};
  for (const auto &[what, expr] : variants)
    EXPECT_TRUE(keys.insert(expr.key()).second) << what << " kept the key";
}

} // namespace
