//===- TestExprs.h - Hand-built tensor expressions for tests ----*- C++ -*-===//
//
// The operators of the ROLLER benchmark classes written out by hand, so that
// analysis tests do not depend on the linalg bridge: every figure a test
// expects can be checked against the loop nest spelled here.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_UNITTESTS_ANALYSIS_TESTEXPRS_H
#define ROLLER_UNITTESTS_ANALYSIS_TESTEXPRS_H

#include "Roller/Analysis/TensorExpr.h"

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace mlir::roller::test {

inline Axis spatial(std::string name, int64_t extent) {
  return {std::move(name), extent, AxisKind::Spatial};
}
inline Axis reduction(std::string name, int64_t extent) {
  return {std::move(name), extent, AxisKind::Reduction};
}

/// sum of coeff * axis over `terms` plus `constant`, over `rank` axes.
inline AffineIndex
index(unsigned rank, std::initializer_list<std::pair<unsigned, int64_t>> terms,
      int64_t constant = 0) {
  AffineIndex result;
  result.coeffs.assign(rank, 0);
  for (auto [axis, coeff] : terms)
    result.coeffs[axis] += coeff;
  result.constant = constant;
  return result;
}

/// The index that is exactly axis `a`.
inline AffineIndex axisIndex(unsigned rank, unsigned a) {
  return index(rank, {{a, 1}});
}

inline TensorAccess access(std::string name, std::vector<int64_t> shape,
                           std::vector<AffineIndex> indices,
                           int64_t elementBytes = 4) {
  TensorAccess result;
  result.name = std::move(name);
  result.shape = std::move(shape);
  result.indices = std::move(indices);
  result.elementBytes = elementBytes;
  result.elementType = elementBytes == 2 ? "f16" : "f32";
  return result;
}

/// C[i,j] += A[i,k] * B[k,j].
inline TensorExpr matmul(int64_t m, int64_t n, int64_t k) {
  TensorExpr expr;
  expr.opName = "linalg.matmul";
  expr.axes = {spatial("i", m), spatial("j", n), reduction("k", k)};
  expr.inputs = {access("A", {m, k}, {axisIndex(3, 0), axisIndex(3, 2)}),
                 access("B", {k, n}, {axisIndex(3, 2), axisIndex(3, 1)})};
  expr.outputs = {access("C", {m, n}, {axisIndex(3, 0), axisIndex(3, 1)})};
  expr.opsPerPoint = 2;
  return expr;
}

/// conv_2d_nchw_fchw: O[n,f,oh,ow] += I[n,c,oh*s+kh*d,ow*s+kw*d] *
/// W[f,c,kh,kw], the input exactly as large as the windows reach (no
/// padding). Axes: n f oh ow c kh kw.
inline TensorExpr convNchw(int64_t n, int64_t c, int64_t oh, int64_t ow,
                           int64_t f, int64_t kh, int64_t kw,
                           int64_t stride = 1, int64_t dilation = 1) {
  TensorExpr expr;
  expr.opName = "linalg.conv_2d_nchw_fchw";
  expr.axes = {spatial("n", n),    spatial("f", f),   spatial("oh", oh),
               spatial("ow", ow),  reduction("c", c), reduction("kh", kh),
               reduction("kw", kw)};
  int64_t ih = (oh - 1) * stride + (kh - 1) * dilation + 1;
  int64_t iw = (ow - 1) * stride + (kw - 1) * dilation + 1;
  expr.inputs = {access("I", {n, c, ih, iw},
                        {axisIndex(7, 0), axisIndex(7, 4),
                         index(7, {{2, stride}, {5, dilation}}),
                         index(7, {{3, stride}, {6, dilation}})}),
                 access("W", {f, c, kh, kw},
                        {axisIndex(7, 1), axisIndex(7, 4), axisIndex(7, 5),
                         axisIndex(7, 6)})};
  expr.outputs = {access(
      "O", {n, f, oh, ow},
      {axisIndex(7, 0), axisIndex(7, 1), axisIndex(7, 2), axisIndex(7, 3)})};
  expr.opsPerPoint = 2;
  return expr;
}

/// depthwise_conv_2d_nchw_chw, stride 1: O[n,c,oh,ow] += I[n,c,oh+kh,ow+kw]
/// * W[c,kh,kw]. Axes: n c oh ow kh kw.
inline TensorExpr depthwiseNchw(int64_t n, int64_t c, int64_t oh, int64_t ow,
                                int64_t kh, int64_t kw) {
  TensorExpr expr;
  expr.opName = "linalg.depthwise_conv_2d_nchw_chw";
  expr.axes = {spatial("n", n),   spatial("c", c),     spatial("oh", oh),
               spatial("ow", ow), reduction("kh", kh), reduction("kw", kw)};
  expr.inputs = {
      access("I", {n, c, oh + kh - 1, ow + kw - 1},
             {axisIndex(6, 0), axisIndex(6, 1), index(6, {{2, 1}, {4, 1}}),
              index(6, {{3, 1}, {5, 1}})}),
      access("W", {c, kh, kw},
             {axisIndex(6, 1), axisIndex(6, 4), axisIndex(6, 5)})};
  expr.outputs = {access(
      "O", {n, c, oh, ow},
      {axisIndex(6, 0), axisIndex(6, 1), axisIndex(6, 2), axisIndex(6, 3)})};
  expr.opsPerPoint = 2;
  return expr;
}

/// pooling_nchw_max with a kh x kw window and stride s, including the
/// window operand linalg passes (it supplies the shape and is never read).
/// Axes: n c oh ow kh kw.
inline TensorExpr maxPoolNchw(int64_t n, int64_t c, int64_t oh, int64_t ow,
                              int64_t kh, int64_t kw, int64_t stride) {
  TensorExpr expr;
  expr.opName = "linalg.pooling_nchw_max";
  expr.axes = {spatial("n", n),   spatial("c", c),     spatial("oh", oh),
               spatial("ow", ow), reduction("kh", kh), reduction("kw", kw)};
  expr.inputs = {
      access("I", {n, c, (oh - 1) * stride + kh, (ow - 1) * stride + kw},
             {axisIndex(6, 0), axisIndex(6, 1), index(6, {{2, stride}, {4, 1}}),
              index(6, {{3, stride}, {5, 1}})}),
      access("win", {kh, kw}, {axisIndex(6, 4), axisIndex(6, 5)})};
  expr.inputs[1].isRead = false;
  expr.outputs = {access(
      "O", {n, c, oh, ow},
      {axisIndex(6, 0), axisIndex(6, 1), axisIndex(6, 2), axisIndex(6, 3)})};
  return expr;
}

/// O[n,c] = sum over h, w of I[n,c,h,w]. Axes: n c h w.
inline TensorExpr reduceNchwHw(int64_t n, int64_t c, int64_t h, int64_t w) {
  TensorExpr expr;
  expr.opName = "linalg.reduce";
  expr.axes = {spatial("n", n), spatial("c", c), reduction("h", h),
               reduction("w", w)};
  expr.inputs = {access(
      "I", {n, c, h, w},
      {axisIndex(4, 0), axisIndex(4, 1), axisIndex(4, 2), axisIndex(4, 3)})};
  expr.outputs = {access("O", {n, c}, {axisIndex(4, 0), axisIndex(4, 1)})};
  return expr;
}

/// O[r] = sum over k of I[r,k] (softmax's and LayerNorm's row sums).
/// Axes: r k.
inline TensorExpr reduceRows(int64_t rows, int64_t k) {
  TensorExpr expr;
  expr.opName = "linalg.reduce";
  expr.axes = {spatial("r", rows), reduction("k", k)};
  expr.inputs = {access("I", {rows, k}, {axisIndex(2, 0), axisIndex(2, 1)})};
  expr.outputs = {access("O", {rows}, {axisIndex(2, 0)})};
  expr.splittableReduction = true;
  return expr;
}

/// C = A + B over an identity-indexed box of `shape`.
inline TensorExpr elementwiseAdd(std::vector<int64_t> shape) {
  TensorExpr expr;
  expr.opName = "linalg.add";
  unsigned rank = shape.size();
  std::vector<AffineIndex> identity;
  for (unsigned a = 0; a < rank; ++a) {
    expr.axes.push_back(spatial("d" + std::to_string(a), shape[a]));
    identity.push_back(axisIndex(rank, a));
  }
  expr.inputs = {access("A", shape, identity), access("B", shape, identity)};
  expr.outputs = {access("C", shape, identity)};
  expr.outputs[0].isRead = false;
  return expr;
}

/// A matmul with f16 inputs accumulating in f32, the tensor-core case.
inline TensorExpr f16Matmul(int64_t m, int64_t n, int64_t k) {
  TensorExpr mm = matmul(m, n, k);
  mm.mmaInputType = "f16";
  for (TensorAccess &input : mm.inputs) {
    input.elementBytes = 2;
    input.elementType = "f16";
  }
  return mm;
}

} // namespace mlir::roller::test

#endif // ROLLER_UNITTESTS_ANALYSIS_TESTEXPRS_H
