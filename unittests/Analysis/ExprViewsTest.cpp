//===- ExprViewsTest.cpp - Tests of axis fusion and the implicit GEMM -----===//
//
// Each view is checked for its shape (axes, groups, accesses), for staying a
// valid expression, and for mapping tiles back to boxes of the original loop
// nest; the cases that must not fuse or not become a GEMM are covered too.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/ExprViews.h"

#include "TestExprs.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

using Shape = std::vector<int64_t>;
using Groups = std::vector<std::vector<unsigned>>;

TEST(ExprViewsTest, IdentityView) {
  TensorExpr mm = matmul(64, 32, 16);
  ExprView view = identityView(mm);
  EXPECT_EQ(view.groups, (Groups{{0}, {1}, {2}}));
  EXPECT_EQ(view.expr.str(), mm.str());
  EXPECT_FALSE(view.implicitGemm);
  EXPECT_EQ(mapTileToOriginal(view, {4, 4, 2}, mm), (Shape{4, 4, 2}));
}

//===----------------------------------------------------------------------===//
// fuseAxes
//===----------------------------------------------------------------------===//

TEST(FuseAxesTest, ElementwiseFusesToOneAxis) {
  TensorExpr add = elementwiseAdd({17, 11, 3});
  ExprView view = fuseAxes(add);
  EXPECT_EQ(view.groups, (Groups{{0, 1, 2}}));
  ASSERT_EQ(view.expr.getRank(), 1u);
  EXPECT_EQ(view.expr.axes[0].extent, 561);
  EXPECT_EQ(view.expr.axes[0].name, "d0.d1.d2");
  for (const TensorAccess *access : view.expr.getAccesses()) {
    EXPECT_EQ(access->shape, Shape{561});
    ASSERT_EQ(access->indices.size(), 1u);
    EXPECT_EQ(access->indices[0].getSingleAxis(), 0u);
  }
  EXPECT_FALSE(view.expr.outputs[0].isRead);
  EXPECT_EQ(view.expr.validate(), std::nullopt);
  EXPECT_EQ(view.expr.numPoints(), add.numPoints());
}

TEST(FuseAxesTest, MatmulAndConvUnchanged) {
  TensorExpr mm = matmul(64, 32, 16);
  ExprView view = fuseAxes(mm);
  EXPECT_EQ(view.groups, (Groups{{0}, {1}, {2}}));
  EXPECT_EQ(view.expr.str(), mm.str());
  // n,f: the filter uses f alone; oh,ow: strided window indices.
  TensorExpr conv = convNchw(2, 3, 7, 7, 8, 3, 3, 2, 1);
  EXPECT_EQ(fuseAxes(conv).expr.getRank(), 7u);
}

TEST(FuseAxesTest, ReduceOverNchwHw) {
  TensorExpr reduce = reduceNchwHw(2, 3, 5, 7);
  ExprView view = fuseAxes(reduce);
  EXPECT_EQ(view.groups, (Groups{{0, 1}, {2, 3}}));
  ASSERT_EQ(view.expr.getRank(), 2u);
  EXPECT_EQ(view.expr.getExtents(), (Shape{6, 35}));
  EXPECT_FALSE(view.expr.axes[0].isReduction());
  EXPECT_TRUE(view.expr.axes[1].isReduction());
  EXPECT_EQ(view.expr.inputs[0].shape, (Shape{6, 35}));
  EXPECT_EQ(view.expr.outputs[0].shape, (Shape{6}));
  EXPECT_EQ(view.expr.str(), "n.c:6 h.w:35r | I[n.c,h.w] -> O[n.c]");
  EXPECT_EQ(view.expr.validate(), std::nullopt);
}

TEST(FuseAxesTest, BlockedCases) {
  // Transposed: C[i,j] = A[j,i]; a and a+1 are adjacent but swapped.
  TensorExpr transpose = elementwiseAdd({8, 4});
  transpose.inputs = {access("A", {4, 8}, {axisIndex(2, 1), axisIndex(2, 0)})};
  EXPECT_EQ(fuseAxes(transpose).expr.getRank(), 2u);

  // Broadcast: A[i] appears without j.
  TensorExpr broadcast = elementwiseAdd({8, 4});
  broadcast.inputs[0] = access("A", {8}, {axisIndex(2, 0)});
  EXPECT_EQ(fuseAxes(broadcast).expr.getRank(), 2u);

  // A window into a wider row: shape[d+1] = 16 != extent 8, so rows are not
  // back to back in memory.
  TensorExpr slice = elementwiseAdd({4, 8});
  slice.inputs[0] = access("A", {4, 16}, {axisIndex(2, 0), axisIndex(2, 1)});
  EXPECT_EQ(fuseAxes(slice).expr.getRank(), 2u);

  // A constant offset: not exactly the axis.
  TensorExpr shifted = elementwiseAdd({4, 8});
  shifted.inputs[0] =
      access("A", {4, 9}, {axisIndex(2, 0), index(2, {{1, 1}}, 1)});
  EXPECT_EQ(fuseAxes(shifted).expr.getRank(), 2u);

  // Spatial next to reduction.
  TensorExpr rowSum = reduceNchwHw(1, 1, 4, 4);
  rowSum.axes[2].kind = AxisKind::Spatial;
  rowSum.outputs[0] = access(
      "O", {1, 1, 4}, {axisIndex(4, 0), axisIndex(4, 1), axisIndex(4, 2)});
  // n,c,h fuse (all spatial and adjacent everywhere); w stays.
  ExprView view = fuseAxes(rowSum);
  EXPECT_EQ(view.groups, (Groups{{0, 1, 2}, {3}}));

  // An invalid expression is returned as its identity view.
  TensorExpr broken = elementwiseAdd({4, 8});
  broken.outputs.clear();
  EXPECT_EQ(fuseAxes(broken).groups, (Groups{{0}, {1}}));
}

TEST(FuseAxesTest, PartialFusionKeepsOtherDimensions) {
  // C[i,j,k] = A[i,j,k] + B[k]: (i,j) fuse, (j,k) are blocked by B.
  TensorExpr add = elementwiseAdd({5, 6, 7});
  add.inputs[1] = access("B", {7}, {axisIndex(3, 2)});
  ExprView view = fuseAxes(add);
  EXPECT_EQ(view.groups, (Groups{{0, 1}, {2}}));
  EXPECT_EQ(view.expr.inputs[0].shape, (Shape{30, 7}));
  EXPECT_EQ(view.expr.inputs[1].shape, (Shape{7}));
  EXPECT_EQ(view.expr.inputs[1].indices[0].coeffs, (Shape{0, 1}));
  EXPECT_EQ(view.expr.validate(), std::nullopt);
  EXPECT_EQ(mapTileToOriginal(view, {12, 7}, add), (Shape{2, 6, 7}));
}

//===----------------------------------------------------------------------===//
// implicitGemmView
//===----------------------------------------------------------------------===//

TEST(ImplicitGemmTest, ConvNchwFchw) {
  // ResNet-50's 3x3 conv at 28x28 (batch 128, 128 -> 128 channels).
  TensorExpr conv = convNchw(128, 128, 28, 28, 128, 3, 3);
  std::optional<ExprView> view = implicitGemmView(conv);
  ASSERT_TRUE(view);
  EXPECT_TRUE(view->implicitGemm);
  EXPECT_EQ(view->groups, (Groups{{0, 2, 3}, {1}, {4, 5, 6}}));
  const TensorExpr &gemm = view->expr;
  EXPECT_EQ(gemm.getExtents(), (Shape{100352, 128, 1152}));
  EXPECT_EQ(gemm.numPoints(), conv.numPoints());
  EXPECT_TRUE(gemm.axes[2].isReduction());
  // im2col A = [M, K]; the filter is contiguous along K: [N, K]; the NCHW
  // output is contiguous along OW, which is in M: [N, M].
  EXPECT_EQ(gemm.str(), "m:100352 n:128 k:1152r | I[m,k] W[n,k] -> O[n,m]");
  EXPECT_EQ(gemm.inputs[1].shape, (Shape{128, 1152}));
  EXPECT_EQ(gemm.outputs[0].shape, (Shape{128, 100352}));
  EXPECT_EQ(gemm.opsPerPoint, 2);
  EXPECT_EQ(gemm.validate(), std::nullopt);

  // M = 4 rows of 28 (oh partial, ow full), K = 8 channels of 3x3 windows.
  EXPECT_EQ(mapTileToOriginal(*view, {112, 64, 72}, conv),
            (Shape{1, 64, 4, 28, 8, 3, 3}));
  EXPECT_EQ(mapTileToOriginal(*view, {1568, 128, 1}, conv),
            (Shape{2, 128, 28, 28, 1, 1, 1}));
  EXPECT_EQ(mapTileToOriginal(*view, {14, 1, 2}, conv),
            (Shape{1, 1, 1, 14, 1, 1, 2}));
  // 50 is neither <= 28 nor a multiple of 28; K = 12 is 4 x kw=3, but 4
  // exceeds kh = 3 and is no multiple of it. 6 = kh 2 x kw 3 is a box.
  EXPECT_EQ(mapTileToOriginal(*view, {50, 64, 72}, conv), std::nullopt);
  EXPECT_EQ(mapTileToOriginal(*view, {112, 64, 12}, conv), std::nullopt);
  EXPECT_EQ(mapTileToOriginal(*view, {112, 64, 6}, conv),
            (Shape{1, 64, 4, 28, 1, 2, 3}));
  EXPECT_EQ(mapTileToOriginal(*view, {112, 64, 54}, conv),
            (Shape{1, 64, 4, 28, 6, 3, 3}));
  EXPECT_EQ(mapTileToOriginal(*view, {0, 64, 72}, conv), std::nullopt);
  EXPECT_EQ(mapTileToOriginal(*view, {2 * 100352, 64, 72}, conv), std::nullopt);
  EXPECT_EQ(mapTileToOriginal(*view, {112, 64}, conv), std::nullopt);
}

TEST(ImplicitGemmTest, MatmulLayouts) {
  TensorExpr mm = matmul(64, 32, 16);
  std::optional<ExprView> view = implicitGemmView(mm);
  ASSERT_TRUE(view);
  EXPECT_EQ(view->groups, (Groups{{0}, {1}, {2}}));
  EXPECT_EQ(view->expr.str(), "m:64 n:32 k:16r | A[m,k] B[k,n] -> C[m,n]");

  // Both operands transposed, and a transposed result.
  TensorExpr tt = matmul(64, 32, 16);
  tt.inputs[0] = access("A", {16, 64}, {axisIndex(3, 2), axisIndex(3, 0)});
  tt.inputs[1] = access("B", {32, 16}, {axisIndex(3, 1), axisIndex(3, 2)});
  tt.outputs[0] = access("C", {32, 64}, {axisIndex(3, 1), axisIndex(3, 0)});
  view = implicitGemmView(tt);
  ASSERT_TRUE(view);
  EXPECT_EQ(view->expr.str(), "m:64 n:32 k:16r | A[k,m] B[n,k] -> C[n,m]");
}

TEST(ImplicitGemmTest, BatchMatmul) {
  TensorExpr bmm;
  bmm.axes = {spatial("b", 12), spatial("i", 64), spatial("j", 32),
              reduction("k", 16)};
  bmm.inputs = {access("A", {12, 64, 16},
                       {axisIndex(4, 0), axisIndex(4, 1), axisIndex(4, 3)}),
                access("B", {12, 16, 32},
                       {axisIndex(4, 0), axisIndex(4, 3), axisIndex(4, 2)})};
  bmm.outputs = {access("C", {12, 64, 32},
                        {axisIndex(4, 0), axisIndex(4, 1), axisIndex(4, 2)})};
  bmm.opsPerPoint = 2;
  std::optional<ExprView> view = implicitGemmView(bmm);
  ASSERT_TRUE(view);
  EXPECT_EQ(view->groups, (Groups{{0}, {1}, {2}, {3}}));
  EXPECT_EQ(view->expr.str(),
            "b:12 m:64 n:32 k:16r | A[b,m,k] B[b,k,n] -> C[b,m,n]");
  EXPECT_EQ(mapTileToOriginal(*view, {1, 16, 8, 4}, bmm), (Shape{1, 16, 8, 4}));
}

TEST(ImplicitGemmTest, NotAGemm) {
  // Depthwise: no N group (every spatial axis of the filter is shared).
  EXPECT_EQ(implicitGemmView(depthwiseNchw(1, 32, 14, 14, 3, 3)), std::nullopt);
  // Pooling: the window operand uses only reduction axes; N is empty.
  EXPECT_EQ(implicitGemmView(maxPoolNchw(1, 64, 56, 56, 3, 3, 2)),
            std::nullopt);
  // Elementwise: no K.
  EXPECT_EQ(implicitGemmView(elementwiseAdd({8, 8})), std::nullopt);
  // One input.
  EXPECT_EQ(implicitGemmView(reduceNchwHw(2, 3, 5, 7)), std::nullopt);
  // A reduction axis only one operand uses.
  TensorExpr mm = matmul(8, 8, 8);
  mm.axes.push_back(reduction("r", 2));
  for (TensorAccess *access : {&mm.inputs[0], &mm.inputs[1], &mm.outputs[0]})
    for (AffineIndex &idx : access->indices)
      idx.coeffs.push_back(0);
  mm.inputs[0].shape[1] = 9;
  mm.inputs[0].indices[1].coeffs[3] = 1;
  ASSERT_EQ(mm.validate(), std::nullopt);
  EXPECT_EQ(implicitGemmView(mm), std::nullopt);
  // Invalid input.
  mm = matmul(8, 8, 8);
  mm.opsPerPoint = 0;
  EXPECT_EQ(implicitGemmView(mm), std::nullopt);
}

//===----------------------------------------------------------------------===//
// representableSizes
//===----------------------------------------------------------------------===//

TEST(RepresentableSizesTest, FusedElementwise) {
  TensorExpr add = elementwiseAdd({17, 11, 3});
  ExprView view = fuseAxes(add);
  std::vector<int64_t> sizes = representableSizes(view, 0, add);
  // 1..3, then multiples of 3 up to 33, then multiples of 33 up to 561.
  Shape expected = {1, 2};
  for (int64_t t = 1; t <= 11; ++t)
    expected.push_back(3 * t);
  for (int64_t t = 2; t <= 17; ++t)
    expected.push_back(33 * t);
  EXPECT_EQ(sizes, expected);
  EXPECT_EQ(representableSizes(view, 0, add, /*maxSize=*/40),
            (Shape(expected.begin(), expected.begin() + 13)));
  EXPECT_TRUE(representableSizes(view, 1, add).empty());
  EXPECT_TRUE(representableSizes(view, 0, add, 0).empty());

  EXPECT_EQ(mapTileToOriginal(view, {165}, add), (Shape{5, 11, 3}));
  EXPECT_EQ(mapTileToOriginal(view, {6}, add), (Shape{1, 2, 3}));
  EXPECT_EQ(mapTileToOriginal(view, {4}, add), std::nullopt);

  // The list and the per-size test agree with mapTileToOriginal everywhere.
  for (int64_t size = 0; size <= 600; ++size) {
    bool listed = std::binary_search(sizes.begin(), sizes.end(), size);
    EXPECT_EQ(isRepresentableSize(view, 0, size, add), listed) << size;
    EXPECT_EQ(mapTileToOriginal(view, {size}, add).has_value(), listed) << size;
  }
}

TEST(RepresentableSizesTest, SingleAxesAndGemmGroups) {
  TensorExpr mm = matmul(6, 4, 5);
  ExprView identity = identityView(mm);
  EXPECT_EQ(representableSizes(identity, 0, mm), (Shape{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(representableSizes(identity, 2, mm, 3), (Shape{1, 2, 3}));

  TensorExpr conv = convNchw(2, 4, 3, 3, 8, 3, 3);
  std::optional<ExprView> view = implicitGemmView(conv);
  ASSERT_TRUE(view);
  // K = c:4 kh:3 kw:3 -> 1..3, 3*(1..3), 9*(1..4).
  EXPECT_EQ(representableSizes(*view, 2, conv),
            (Shape{1, 2, 3, 6, 9, 18, 27, 36}));
  // N = f alone.
  EXPECT_EQ(representableSizes(*view, 1, conv).size(), 8u);
}

} // namespace
