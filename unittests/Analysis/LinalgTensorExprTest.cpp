//===- LinalgTensorExprTest.cpp - Tests of the linalg bridge --------------===//
//
// Parses small functions holding one linalg op each and compares the
// TensorExpr read off them with the loop nest of the op's definition (loop
// order, window coefficients, the work of the body). Refusals are tested in
// LinalgTensorExprErrorsTest.cpp.
//
//===----------------------------------------------------------------------===//

#include "LinalgTestFixture.h"

#include "Roller/Analysis/ExprViews.h"

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

using Shape = std::vector<int64_t>;

TEST_F(LinalgTensorExprTest, Matmul) {
  TensorExpr e = expr(R"mlir(
    func.func @f(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>,
                 %c: tensor<64x16xf32>) -> tensor<64x16xf32> {
      %0 = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x16xf32>)
                         outs(%c : tensor<64x16xf32>) -> tensor<64x16xf32>
      return %0 : tensor<64x16xf32>
    })mlir");
  EXPECT_EQ(opName, "linalg.matmul");
  EXPECT_EQ(e.opName, "linalg.matmul");
  EXPECT_EQ(e.str(),
            "d0:64 d1:16 d2:32r | in0[d0,d2] in1[d2,d1] -> out0[d0,d1]");
  EXPECT_EQ(e.opsPerPoint, 2);
  EXPECT_EQ(e.computeType, "f32");
  EXPECT_EQ(e.mmaInputType, "");
  EXPECT_EQ(e.inputs[0].elementType, "f32");
  EXPECT_EQ(e.inputs[0].elementBytes, 4);
  EXPECT_EQ(e.inputs[1].shape, (Shape{32, 16}));
  EXPECT_TRUE(e.outputs[0].isRead); // Accumulates into the init.
}

// An embedding lookup as torch-mlir writes it (the id checked by cf.assert):
// the table is read at indices the body computes from another input; each
// read is an IndirectRead of the table's element type, the indices an
// ordinary input.
TEST_F(LinalgTensorExprTest, EmbeddingLookup) {
  TensorExpr e = expr(R"mlir(
    func.func @f(%ids: tensor<4x16xi64>, %table: tensor<1000x64xf16>,
                 %c: tensor<4x16x64xf16>) -> tensor<4x16x64xf16> {
      %0 = linalg.generic {
          indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>,
                           affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
          iterator_types = ["parallel", "parallel", "parallel"]}
          ins(%ids : tensor<4x16xi64>) outs(%c : tensor<4x16x64xf16>) {
        ^bb0(%id: i64, %out: f16):
          %c1000 = arith.constant 1000 : i64
          %ok = arith.cmpi slt, %id, %c1000 : i64
          cf.assert %ok, "index must be smaller than dim size"
          %row = arith.index_cast %id : i64 to index
          %col = linalg.index 2 : index
          %v = tensor.extract %table[%row, %col] : tensor<1000x64xf16>
          linalg.yield %v : f16
      } -> tensor<4x16x64xf16>
      return %0 : tensor<4x16x64xf16>
    })mlir");
  EXPECT_EQ(e.str(), "d0:4 d1:16 d2:64 | in0[d0,d1] -> out0[d0,d1,d2] + "
                     "indirect0[computed]");
  ASSERT_EQ(e.indirectReads.size(), 1u);
  EXPECT_EQ(e.indirectReads[0].elementType, "f16");
  EXPECT_EQ(e.indirectReads[0].elementBytes, 2);
  // The check, the cast and the read move or test values: one operation
  // per point, as for a copy.
  EXPECT_EQ(e.opsPerPoint, 1);
}

// Index arithmetic in a body (upstream's elementwise fusion maps a
// producer's linalg.index with affine.apply) counts one operation.
TEST_F(LinalgTensorExprTest, AffineApplyInBody) {
  TensorExpr e = expr(R"mlir(
    func.func @f(%a: tensor<8xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {
      %0 = linalg.generic {
          indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
          iterator_types = ["parallel"]}
          ins(%a : tensor<8xf32>) outs(%c : tensor<8xf32>) {
        ^bb0(%in: f32, %out: f32):
          %i = linalg.index 0 : index
          %j = affine.apply affine_map<(d0) -> (d0 * 2 + 1)>(%i)
          %k = arith.index_cast %j : index to i32
          %f = arith.sitofp %k : i32 to f32
          %s = arith.addf %in, %f : f32
          linalg.yield %s : f32
      } -> tensor<8xf32>
      return %0 : tensor<8xf32>
    })mlir");
  EXPECT_EQ(e.str(), "d0:8 | in0[d0] -> out0[d0]");
  EXPECT_EQ(e.opsPerPoint, 2);
}

TEST_F(LinalgTensorExprTest, TransposedMatmulOnMemrefs) {
  TensorExpr e = expr(R"mlir(
    func.func @f(%a: memref<32x64xf32>, %b: memref<16x32xf32>,
                 %c: memref<64x16xf32>) {
      linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>,
                                     affine_map<(d0, d1, d2) -> (d1, d2)>,
                                     affine_map<(d0, d1, d2) -> (d0, d1)>]
          ins(%a, %b : memref<32x64xf32>, memref<16x32xf32>)
          outs(%c : memref<64x16xf32>)
      return
    })mlir");
  EXPECT_EQ(e.str(),
            "d0:64 d1:16 d2:32r | in0[d2,d0] in1[d1,d2] -> out0[d0,d1]");
  std::optional<ExprView> gemm = implicitGemmView(e);
  ASSERT_TRUE(gemm);
  EXPECT_EQ(gemm->expr.str(),
            "m:64 n:16 k:32r | in0[k,m] in1[n,k] -> out0[m,n]");
}

TEST_F(LinalgTensorExprTest, BatchMatmulAndMatvec) {
  TensorExpr bmm = expr(R"mlir(
    func.func @f(%a: tensor<4x64x32xf32>, %b: tensor<4x32x16xf32>,
                 %c: tensor<4x64x16xf32>) -> tensor<4x64x16xf32> {
      %0 = linalg.batch_matmul
          ins(%a, %b : tensor<4x64x32xf32>, tensor<4x32x16xf32>)
          outs(%c : tensor<4x64x16xf32>) -> tensor<4x64x16xf32>
      return %0 : tensor<4x64x16xf32>
    })mlir");
  EXPECT_EQ(bmm.str(), "d0:4 d1:64 d2:16 d3:32r | in0[d0,d1,d3] in1[d0,d3,d2] "
                       "-> out0[d0,d1,d2]");

  TensorExpr mv = expr(R"mlir(
    func.func @f(%a: tensor<64x32xf32>, %v: tensor<32xf32>,
                 %r: tensor<64xf32>) -> tensor<64xf32> {
      %0 = linalg.matvec ins(%a, %v : tensor<64x32xf32>, tensor<32xf32>)
                         outs(%r : tensor<64xf32>) -> tensor<64xf32>
      return %0 : tensor<64xf32>
    })mlir");
  EXPECT_EQ(mv.str(), "d0:64 d1:32r | in0[d0,d1] in1[d1] -> out0[d0]");
  EXPECT_EQ(mv.opsPerPoint, 2);
}

TEST_F(LinalgTensorExprTest, ConvNchwStridedDilated) {
  // Input rows: (7-1)*2 + (3-1)*2 + 1 = 17.
  TensorExpr e = expr(R"mlir(
    func.func @f(%i: tensor<2x3x17x17xf32>, %w: tensor<8x3x3x3xf32>,
                 %o: tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32> {
      %0 = linalg.conv_2d_nchw_fchw
          {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
          ins(%i, %w : tensor<2x3x17x17xf32>, tensor<8x3x3x3xf32>)
          outs(%o : tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32>
      return %0 : tensor<2x8x7x7xf32>
    })mlir");
  // Loops n f oh ow c kh kw.
  EXPECT_EQ(e.getExtents(), (Shape{2, 8, 7, 7, 3, 3, 3}));
  const TensorAccess &input = e.inputs[0];
  ASSERT_EQ(input.indices.size(), 4u);
  EXPECT_EQ(input.indices[0].coeffs, (Shape{1, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(input.indices[1].coeffs, (Shape{0, 0, 0, 0, 1, 0, 0}));
  EXPECT_EQ(input.indices[2].coeffs, (Shape{0, 0, 2, 0, 0, 2, 0}));
  EXPECT_EQ(input.indices[3].coeffs, (Shape{0, 0, 0, 2, 0, 0, 2}));
  EXPECT_EQ(input.indices[3].constant, 0);
  // oh tile 4, kh tile 3: 2*3 + 2*2 + 1 = 11 rows.
  EXPECT_EQ(input.tileShape({1, 1, 4, 1, 1, 3, 1}), (Shape{1, 1, 11, 1}));
  EXPECT_EQ(e.opsPerPoint, 2);

  std::optional<ExprView> gemm = implicitGemmView(e);
  ASSERT_TRUE(gemm);
  EXPECT_EQ(gemm->expr.getExtents(), (Shape{2 * 7 * 7, 8, 27}));
}

TEST_F(LinalgTensorExprTest, ConvNhwcHwcf) {
  TensorExpr e = expr(R"mlir(
    func.func @f(%i: tensor<1x16x16x3xf32>, %w: tensor<3x3x3x8xf32>,
                 %o: tensor<1x14x14x8xf32>) -> tensor<1x14x14x8xf32> {
      %0 = linalg.conv_2d_nhwc_hwcf
          ins(%i, %w : tensor<1x16x16x3xf32>, tensor<3x3x3x8xf32>)
          outs(%o : tensor<1x14x14x8xf32>) -> tensor<1x14x14x8xf32>
      return %0 : tensor<1x14x14x8xf32>
    })mlir");
  // Loops n oh ow f kh kw c.
  EXPECT_EQ(e.str(), "d0:1 d1:14 d2:14 d3:8 d4:3r d5:3r d6:3r | "
                     "in0[d0,d1+d4,d2+d5,d6] in1[d4,d5,d6,d3] -> "
                     "out0[d0,d1,d2,d3]");
  std::optional<ExprView> gemm = implicitGemmView(e);
  ASSERT_TRUE(gemm);
  // NHWC: everything contiguous the GEMM way.
  EXPECT_EQ(gemm->expr.str(),
            "m:196 n:8 k:27r | in0[m,k] in1[k,n] -> out0[m,n]");
}

TEST_F(LinalgTensorExprTest, DepthwiseAndPooling) {
  TensorExpr dw = expr(R"mlir(
    func.func @f(%i: tensor<1x8x16x16xf32>, %w: tensor<8x3x3xf32>,
                 %o: tensor<1x8x14x14xf32>) -> tensor<1x8x14x14xf32> {
      %0 = linalg.depthwise_conv_2d_nchw_chw
          ins(%i, %w : tensor<1x8x16x16xf32>, tensor<8x3x3xf32>)
          outs(%o : tensor<1x8x14x14xf32>) -> tensor<1x8x14x14xf32>
      return %0 : tensor<1x8x14x14xf32>
    })mlir");
  // Loops n oh ow c kh kw.
  EXPECT_EQ(dw.str(), "d0:1 d1:14 d2:14 d3:8 d4:3r d5:3r | "
                      "in0[d0,d3,d1+d4,d2+d5] in1[d3,d4,d5] -> "
                      "out0[d0,d3,d1,d2]");
  EXPECT_EQ(implicitGemmView(dw), std::nullopt);

  TensorExpr pool = expr(R"mlir(
    func.func @f(%i: tensor<1x8x15x15xf32>, %w: tensor<3x3xf32>,
                 %o: tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32> {
      %0 = linalg.pooling_nchw_max
          {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
          ins(%i, %w : tensor<1x8x15x15xf32>, tensor<3x3xf32>)
          outs(%o : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
      return %0 : tensor<1x8x7x7xf32>
    })mlir");
  EXPECT_EQ(pool.str(), "d0:1 d1:8 d2:7 d3:7 d4:3r d5:3r | "
                        "in0[d0,d1,2*d2+d4,2*d3+d5] in1[d4,d5] -> "
                        "out0[d0,d1,d2,d3]");
  EXPECT_EQ(pool.opsPerPoint, 1);
  EXPECT_TRUE(pool.inputs[0].isRead);
  EXPECT_FALSE(pool.inputs[1].isRead); // The window only gives the shape.
}

TEST_F(LinalgTensorExprTest, Reductions) {
  TensorExpr reduce = expr(R"mlir(
    func.func @f(%a: tensor<64x32xf32>, %r: tensor<64xf32>) -> tensor<64xf32> {
      %0 = linalg.reduce ins(%a : tensor<64x32xf32>) outs(%r : tensor<64xf32>)
          dimensions = [1]
          (%in: f32, %init: f32) {
            %x = arith.addf %in, %init : f32
            linalg.yield %x : f32
          }
      return %0 : tensor<64xf32>
    })mlir");
  EXPECT_EQ(opName, "linalg.reduce");
  EXPECT_EQ(reduce.str(), "d0:64 d1:32r | in0[d0,d1] -> out0[d0]");
  EXPECT_EQ(reduce.opsPerPoint, 1);

  TensorExpr generic = expr(R"mlir(
    func.func @f(%a: tensor<4x64x32xf16>, %r: tensor<32xf32>) -> tensor<32xf32> {
      %0 = linalg.generic {
          indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>,
                           affine_map<(d0, d1, d2) -> (d0)>],
          iterator_types = ["parallel", "reduction", "reduction"]}
          ins(%a : tensor<4x64x32xf16>) outs(%r : tensor<32xf32>) {
        ^bb0(%in: f16, %acc: f32):
          %e = arith.extf %in : f16 to f32
          %s = arith.mulf %e, %e : f32
          %m = arith.maximumf %s, %acc : f32
          linalg.yield %m : f32
      } -> tensor<32xf32>
      return %0 : tensor<32xf32>
    })mlir");
  EXPECT_EQ(generic.str(), "d0:32 d1:4r d2:64r | in0[d1,d2,d0] -> out0[d0]");
  EXPECT_EQ(generic.opsPerPoint, 2); // extf is free.
  EXPECT_EQ(generic.inputs[0].elementBytes, 2);
  EXPECT_EQ(generic.computeType, "f32");
  EXPECT_EQ(generic.mmaInputType, ""); // One input: not a product.
}

TEST_F(LinalgTensorExprTest, Elementwise) {
  TensorExpr mapped = expr(R"mlir(
    func.func @f(%a: tensor<64x32xf32>, %b: tensor<64x32xf32>,
                 %c: tensor<64x32xf32>, %t: i1) -> tensor<64x32xf32> {
      %0 = linalg.map ins(%a, %b : tensor<64x32xf32>, tensor<64x32xf32>)
                      outs(%c : tensor<64x32xf32>)
          (%x: f32, %y: f32, %o: f32) {
            %p = arith.mulf %x, %y : f32
            %q = math.fma %p, %x, %y : f32
            %s = arith.select %t, %p, %q : f32
            %e = math.exp %s : f32
            linalg.yield %e : f32
          }
      return %0 : tensor<64x32xf32>
    })mlir");
  EXPECT_EQ(mapped.str(), "d0:64 d1:32 | in0[d0,d1] in1[d0,d1] -> out0[d0,d1]");
  // mulf 1 + fma 2 + select 0 + exp 1.
  EXPECT_EQ(mapped.opsPerPoint, 4);
  EXPECT_FALSE(mapped.outputs[0].isRead);
  EXPECT_EQ(fuseAxes(mapped).expr.getExtents(), Shape{2048});

  TensorExpr add = expr(R"mlir(
    func.func @f(%a: tensor<17x11x3xf16>, %c: tensor<17x11x3xf16>)
        -> tensor<17x11x3xf16> {
      %0 = linalg.add ins(%a, %a : tensor<17x11x3xf16>, tensor<17x11x3xf16>)
                      outs(%c : tensor<17x11x3xf16>) -> tensor<17x11x3xf16>
      return %0 : tensor<17x11x3xf16>
    })mlir");
  EXPECT_EQ(opName, "linalg.add");
  EXPECT_EQ(add.opsPerPoint, 1);
  EXPECT_EQ(add.computeType, "f16");
  EXPECT_EQ(add.mmaInputType, ""); // No reduction.
  EXPECT_EQ(fuseAxes(add).expr.getExtents(), Shape{561});
}

TEST_F(LinalgTensorExprTest, FillTransposeBroadcast) {
  TensorExpr fill = expr(R"mlir(
    func.func @f(%s: f32, %c: tensor<64x16xf32>) -> tensor<64x16xf32> {
      %0 = linalg.fill ins(%s : f32) outs(%c : tensor<64x16xf32>)
          -> tensor<64x16xf32>
      return %0 : tensor<64x16xf32>
    })mlir");
  EXPECT_EQ(fill.str(), "d0:64 d1:16 | in0[] -> out0[d0,d1]");
  EXPECT_EQ(fill.inputs[0].shape, Shape{});
  EXPECT_EQ(fill.inputs[0].elementBytes, 4);
  EXPECT_EQ(fill.opsPerPoint, 1); // No arithmetic, but at least 1.
  EXPECT_FALSE(fill.outputs[0].isRead);

  TensorExpr transpose = expr(R"mlir(
    func.func @f(%a: tensor<8x4xi8>, %c: tensor<4x8xi8>) -> tensor<4x8xi8> {
      %0 = linalg.transpose ins(%a : tensor<8x4xi8>) outs(%c : tensor<4x8xi8>)
          permutation = [1, 0]
      return %0 : tensor<4x8xi8>
    })mlir");
  EXPECT_EQ(transpose.str(), "d0:4 d1:8 | in0[d1,d0] -> out0[d0,d1]");
  EXPECT_EQ(transpose.inputs[0].elementBytes, 1);

  TensorExpr broadcast = expr(R"mlir(
    func.func @f(%a: tensor<8xi1>, %c: tensor<8x4xi1>) -> tensor<8x4xi1> {
      %0 = linalg.broadcast ins(%a : tensor<8xi1>) outs(%c : tensor<8x4xi1>)
          dimensions = [1]
      return %0 : tensor<8x4xi1>
    })mlir");
  EXPECT_EQ(broadcast.str(), "d0:8 d1:4 | in0[d0] -> out0[d0,d1]");
  EXPECT_EQ(broadcast.inputs[0].elementBytes, 1); // i1 takes a byte.
}

TEST_F(LinalgTensorExprTest, MmaInputType) {
  TensorExpr f16 = expr(R"mlir(
    func.func @f(%a: tensor<64x32xf16>, %b: tensor<32x16xf16>,
                 %c: tensor<64x16xf32>) -> tensor<64x16xf32> {
      %0 = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x16xf16>)
                         outs(%c : tensor<64x16xf32>) -> tensor<64x16xf32>
      return %0 : tensor<64x16xf32>
    })mlir");
  EXPECT_EQ(f16.mmaInputType, "f16");
  EXPECT_EQ(f16.computeType, "f32");
  EXPECT_EQ(f16.opsPerPoint, 2); // The two extf are free.
  EXPECT_EQ(f16.inputs[0].elementBytes, 2);
  EXPECT_EQ(f16.outputs[0].elementBytes, 4);

  TensorExpr bf16 = expr(R"mlir(
    func.func @f(%a: tensor<64x32xbf16>, %b: tensor<32x16xbf16>,
                 %c: tensor<64x16xbf16>) -> tensor<64x16xbf16> {
      %0 = linalg.matmul ins(%a, %b : tensor<64x32xbf16>, tensor<32x16xbf16>)
                         outs(%c : tensor<64x16xbf16>) -> tensor<64x16xbf16>
      return %0 : tensor<64x16xbf16>
    })mlir");
  // bf16 accumulation is not a tensor-core form.
  EXPECT_EQ(bf16.mmaInputType, "");

  TensorExpr bf16f32 = expr(R"mlir(
    func.func @f(%a: tensor<64x32xbf16>, %b: tensor<16x32xbf16>,
                 %c: tensor<64x16xf32>) -> tensor<64x16xf32> {
      %0 = linalg.generic {
          indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
                           affine_map<(d0, d1, d2) -> (d1, d2)>,
                           affine_map<(d0, d1, d2) -> (d0, d1)>],
          iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %b : tensor<64x32xbf16>, tensor<16x32xbf16>)
          outs(%c : tensor<64x16xf32>) {
        ^bb0(%x: bf16, %y: bf16, %acc: f32):
          %p = arith.mulf %y, %x : bf16
          %e = arith.extf %p : bf16 to f32
          %s = arith.addf %acc, %e : f32
          linalg.yield %s : f32
      } -> tensor<64x16xf32>
      return %0 : tensor<64x16xf32>
    })mlir");
  // The product is rounded to bf16 before the add: not an MMA either.
  EXPECT_EQ(bf16f32.mmaInputType, "");

  TensorExpr mma = expr(R"mlir(
    func.func @f(%a: tensor<64x32xbf16>, %b: tensor<16x32xbf16>,
                 %c: tensor<64x16xf32>) -> tensor<64x16xf32> {
      %0 = linalg.generic {
          indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
                           affine_map<(d0, d1, d2) -> (d1, d2)>,
                           affine_map<(d0, d1, d2) -> (d0, d1)>],
          iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %b : tensor<64x32xbf16>, tensor<16x32xbf16>)
          outs(%c : tensor<64x16xf32>) {
        ^bb0(%x: bf16, %y: bf16, %acc: f32):
          %ex = arith.extf %x : bf16 to f32
          %ey = arith.extf %y : bf16 to f32
          %p = arith.mulf %ey, %ex : f32
          %s = arith.addf %p, %acc : f32
          linalg.yield %s : f32
      } -> tensor<64x16xf32>
      return %0 : tensor<64x16xf32>
    })mlir");
  EXPECT_EQ(mma.mmaInputType, "bf16");

  TensorExpr f32 = expr(R"mlir(
    func.func @f(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>,
                 %c: tensor<64x16xf32>) -> tensor<64x16xf32> {
      %0 = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x16xf32>)
                         outs(%c : tensor<64x16xf32>) -> tensor<64x16xf32>
      return %0 : tensor<64x16xf32>
    })mlir");
  EXPECT_EQ(f32.mmaInputType, "");
}

// f32 contractions run on TF32 tensor cores only where the module opts in
// (roller.allow_tf32), and only into f32.
TEST_F(LinalgTensorExprTest, MmaInputTypeTf32) {
  TensorExpr f32 = expr(R"mlir(
    module attributes {roller.allow_tf32} {
    func.func @f(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>,
                 %c: tensor<64x16xf32>) -> tensor<64x16xf32> {
      %0 = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x16xf32>)
                         outs(%c : tensor<64x16xf32>) -> tensor<64x16xf32>
      return %0 : tensor<64x16xf32>
    }
    })mlir");
  EXPECT_EQ(f32.mmaInputType, "tf32");
  EXPECT_EQ(f32.inputs[0].elementBytes, 4);

  TensorExpr intoF16 = expr(R"mlir(
    module attributes {roller.allow_tf32} {
    func.func @f(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>,
                 %c: tensor<64x16xf16>) -> tensor<64x16xf16> {
      %0 = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x16xf32>)
                         outs(%c : tensor<64x16xf16>) -> tensor<64x16xf16>
      return %0 : tensor<64x16xf16>
    }
    })mlir");
  EXPECT_EQ(intoF16.mmaInputType, "");

  // f16 stays f16 (m16n8k16) with the attribute too.
  TensorExpr f16 = expr(R"mlir(
    module attributes {roller.allow_tf32} {
    func.func @f(%a: tensor<64x32xf16>, %b: tensor<32x16xf16>,
                 %c: tensor<64x16xf32>) -> tensor<64x16xf32> {
      %0 = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x16xf16>)
                         outs(%c : tensor<64x16xf32>) -> tensor<64x16xf32>
      return %0 : tensor<64x16xf32>
    }
    })mlir");
  EXPECT_EQ(f16.mmaInputType, "f16");
}

TEST_F(LinalgTensorExprTest, NhwcWindowsIntegerConvAndMultipleResults) {
  TensorExpr dw = expr(R"mlir(
    func.func @f(%i: tensor<1x16x16x8xf32>, %w: tensor<3x3x8xf32>,
                 %o: tensor<1x14x14x8xf32>) -> tensor<1x14x14x8xf32> {
      %0 = linalg.depthwise_conv_2d_nhwc_hwc
          ins(%i, %w : tensor<1x16x16x8xf32>, tensor<3x3x8xf32>)
          outs(%o : tensor<1x14x14x8xf32>) -> tensor<1x14x14x8xf32>
      return %0 : tensor<1x14x14x8xf32>
    })mlir");
  // Loops n oh ow c kh kw.
  EXPECT_EQ(dw.str(), "d0:1 d1:14 d2:14 d3:8 d4:3r d5:3r | "
                      "in0[d0,d1+d4,d2+d5,d3] in1[d4,d5,d3] -> "
                      "out0[d0,d1,d2,d3]");

  TensorExpr pool = expr(R"mlir(
    func.func @f(%i: tensor<1x16x16x8xf32>, %w: tensor<3x3xf32>,
                 %o: tensor<1x14x14x8xf32>) -> tensor<1x14x14x8xf32> {
      %0 = linalg.pooling_nhwc_sum
          ins(%i, %w : tensor<1x16x16x8xf32>, tensor<3x3xf32>)
          outs(%o : tensor<1x14x14x8xf32>) -> tensor<1x14x14x8xf32>
      return %0 : tensor<1x14x14x8xf32>
    })mlir");
  EXPECT_EQ(pool.str(), "d0:1 d1:14 d2:14 d3:8 d4:3r d5:3r | "
                        "in0[d0,d1+d4,d2+d5,d3] in1[d4,d5] -> "
                        "out0[d0,d1,d2,d3]");
  EXPECT_EQ(pool.opsPerPoint, 1);
  EXPECT_FALSE(pool.inputs[1].isRead);

  TensorExpr quantized = expr(R"mlir(
    func.func @f(%i: tensor<1x3x16x16xi8>, %w: tensor<4x3x3x3xi8>,
                 %o: tensor<1x4x14x14xi32>) -> tensor<1x4x14x14xi32> {
      %0 = linalg.conv_2d_nchw_fchw
          ins(%i, %w : tensor<1x3x16x16xi8>, tensor<4x3x3x3xi8>)
          outs(%o : tensor<1x4x14x14xi32>) -> tensor<1x4x14x14xi32>
      return %0 : tensor<1x4x14x14xi32>
    })mlir");
  EXPECT_EQ(quantized.opsPerPoint, 2); // extsi free, muli + addi.
  EXPECT_EQ(quantized.computeType, "i32");
  EXPECT_EQ(quantized.mmaInputType, "");
  EXPECT_EQ(quantized.inputs[0].elementBytes, 1);
  EXPECT_EQ(quantized.outputs[0].elementBytes, 4);

  TensorExpr exp = expr(R"mlir(
    func.func @f(%a: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
      %0 = linalg.elementwise kind=#linalg.elementwise_kind<exp>
          ins(%a : tensor<8x16xf32>) outs(%c : tensor<8x16xf32>)
          -> tensor<8x16xf32>
      return %0 : tensor<8x16xf32>
    })mlir");
  EXPECT_EQ(opName, "linalg.elementwise");
  EXPECT_EQ(exp.str(), "d0:8 d1:16 | in0[d0,d1] -> out0[d0,d1]");
  EXPECT_EQ(exp.opsPerPoint, 1);

  TensorExpr two = expr(R"mlir(
    func.func @f(%a: tensor<8x16xf32>, %s: tensor<8xf32>, %m: tensor<8xf32>)
        -> (tensor<8xf32>, tensor<8xf32>) {
      %0:2 = linalg.generic {
          indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                           affine_map<(d0, d1) -> (d0)>,
                           affine_map<(d0, d1) -> (d0)>],
          iterator_types = ["parallel", "reduction"]}
          ins(%a : tensor<8x16xf32>) outs(%s, %m : tensor<8xf32>, tensor<8xf32>) {
        ^bb0(%in: f32, %sum: f32, %max: f32):
          %x = arith.addf %in, %sum : f32
          %y = arith.maximumf %in, %max : f32
          linalg.yield %x, %y : f32, f32
      } -> (tensor<8xf32>, tensor<8xf32>)
      return %0#0, %0#1 : tensor<8xf32>, tensor<8xf32>
    })mlir");
  EXPECT_EQ(two.str(), "d0:8 d1:16r | in0[d0,d1] -> out0[d0] out1[d0]");
  EXPECT_EQ(two.opsPerPoint, 2);
}

} // namespace
