//===- LinalgTensorExprErrorsTest.cpp - Refusals of the linalg bridge -----===//
//
// Every form the tensor expression cannot represent must be refused with a
// reason that names the operand or map at fault, since the reason becomes
// the remark a user sees.
//
//===----------------------------------------------------------------------===//

#include "LinalgTestFixture.h"

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

TEST_F(LinalgTensorExprTest, DynamicShape) {
  EXPECT_EQ(reason(R"mlir(
    func.func @f(%a: tensor<8x64xf32>, %b: tensor<?x64xf32>,
                 %c: tensor<8x64xf32>) -> tensor<8x64xf32> {
      %0 = linalg.add ins(%a, %b : tensor<8x64xf32>, tensor<?x64xf32>)
                      outs(%c : tensor<8x64xf32>) -> tensor<8x64xf32>
      return %0 : tensor<8x64xf32>
    })mlir"),
            "dynamic shape in operand #1 (tensor<?x64xf32>)");
}

TEST_F(LinalgTensorExprTest, NonLinearMap) {
  EXPECT_EQ(reason(R"mlir(
    func.func @f(%a: tensor<4xf32>, %c: tensor<16xf32>) -> tensor<16xf32> {
      %0 = linalg.generic {
          indexing_maps = [affine_map<(d0) -> (d0 mod 4)>,
                           affine_map<(d0) -> (d0)>],
          iterator_types = ["parallel"]}
          ins(%a : tensor<4xf32>) outs(%c : tensor<16xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
      } -> tensor<16xf32>
      return %0 : tensor<16xf32>
    })mlir"),
            "indexing map #0 is not affine-linear: (d0 mod 4)");
}

TEST_F(LinalgTensorExprTest, ZeroSize) {
  EXPECT_EQ(reason(R"mlir(
    func.func @f(%a: tensor<0x8xf32>, %c: tensor<0x8xf32>) -> tensor<0x8xf32> {
      %0 = linalg.exp ins(%a : tensor<0x8xf32>) outs(%c : tensor<0x8xf32>)
          -> tensor<0x8xf32>
      return %0 : tensor<0x8xf32>
    })mlir"),
            "zero-size dimension in operand #0 (tensor<0x8xf32>)");
}

TEST_F(LinalgTensorExprTest, UnsupportedElementTypes) {
  EXPECT_EQ(reason(R"mlir(
    func.func @f(%a: tensor<8xindex>, %c: tensor<8xindex>) -> tensor<8xindex> {
      %0 = linalg.copy ins(%a : tensor<8xindex>) outs(%c : tensor<8xindex>)
          -> tensor<8xindex>
      return %0 : tensor<8xindex>
    })mlir"),
            "element type of operand #0 is not an integer or float (index)");
  EXPECT_EQ(reason(R"mlir(
    func.func @f(%s: complex<f32>, %c: tensor<8xcomplex<f32>>)
        -> tensor<8xcomplex<f32>> {
      %0 = linalg.fill ins(%s : complex<f32>) outs(%c : tensor<8xcomplex<f32>>)
          -> tensor<8xcomplex<f32>>
      return %0 : tensor<8xcomplex<f32>>
    })mlir"),
            "element type of operand #0 is not an integer or float "
            "(complex<f32>)");
}

TEST_F(LinalgTensorExprTest, NonRowMajorLayout) {
  EXPECT_EQ(reason(R"mlir(
    func.func @f(%a: memref<8x4xf32, strided<[1, 8]>>, %c: memref<8x4xf32>) {
      linalg.copy ins(%a : memref<8x4xf32, strided<[1, 8]>>)
                  outs(%c : memref<8x4xf32>)
      return
    })mlir"),
            "operand #0 has a layout that is not row-major "
            "(memref<8x4xf32, strided<[1, 8]>>)");
  // A row-major strided layout with an offset (a subview's) is fine.
  TensorExpr e = expr(R"mlir(
    func.func @f(%a: memref<8x4xf32, strided<[4, 1], offset: 12>>,
                 %c: memref<8x4xf32>) {
      linalg.copy ins(%a : memref<8x4xf32, strided<[4, 1], offset: 12>>)
                  outs(%c : memref<8x4xf32>)
      return
    })mlir");
  EXPECT_EQ(e.str(), "d0:8 d1:4 | in0[d0,d1] -> out0[d0,d1]");
}

TEST_F(LinalgTensorExprTest, NonArithmeticBody) {
  // A load from a buffer hides traffic the expression cannot see.
  EXPECT_EQ(reason(R"mlir(
    func.func @f(%m: memref<16xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {
      %0 = linalg.generic {
          indexing_maps = [affine_map<(d0) -> (d0)>],
          iterator_types = ["parallel"]}
          outs(%c : tensor<8xf32>) {
        ^bb0(%out: f32):
          %i = linalg.index 0 : index
          %v = memref.load %m[%i] : memref<16xf32>
          linalg.yield %v : f32
      } -> tensor<8xf32>
      return %0 : tensor<8xf32>
    })mlir"),
            "body op 'memref.load' is not scalar arithmetic");
}

// A tensor read at computed indices (IndirectRead) needs a static shape:
// its element type and the ranges of the reads come from it.
TEST_F(LinalgTensorExprTest, IndirectReadOfDynamicTensor) {
  EXPECT_EQ(reason(R"mlir(
    func.func @f(%t: tensor<?xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {
      %0 = linalg.generic {
          indexing_maps = [affine_map<(d0) -> (d0)>],
          iterator_types = ["parallel"]}
          outs(%c : tensor<8xf32>) {
        ^bb0(%out: f32):
          %i = linalg.index 0 : index
          %v = tensor.extract %t[%i] : tensor<?xf32>
          linalg.yield %v : f32
      } -> tensor<8xf32>
      return %0 : tensor<8xf32>
    })mlir"),
            "body op 'tensor.extract' reads tensor<?xf32> (an indirect read "
            "needs a static shape and no encoding)");
}

TEST_F(LinalgTensorExprTest, RejectedByLimits) {
  // 2^60 x 4 f32 are 2^64 bytes: the size limits (Limits.h) reject the
  // operand before TensorExpr::validate's byte check is reached.
  std::string message = reason(R"mlir(
    func.func @f(%a: memref<1152921504606846976x4xf32>,
                 %c: memref<1152921504606846976x4xf32>) {
      linalg.copy ins(%a : memref<1152921504606846976x4xf32>)
                  outs(%c : memref<1152921504606846976x4xf32>)
      return
    })mlir");
  EXPECT_EQ(message, "operand #0 has a dimension of 1152921504606846976, "
                     "above the limit of 2147483647 "
                     "(memref<1152921504606846976x4xf32>)");
}

} // namespace
