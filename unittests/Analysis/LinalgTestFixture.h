//===- LinalgTestFixture.h - Parses linalg ops for bridge tests -*- C++ -*-===//
//
// A GoogleTest fixture that parses a module from a string, picks its first
// linalg op and runs the bridge on it, shared by the tests of accepted ops
// and of refusals.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_UNITTESTS_ANALYSIS_LINALGTESTFIXTURE_H
#define ROLLER_UNITTESTS_ANALYSIS_LINALGTESTFIXTURE_H

#include "Roller/Analysis/LinalgTensorExpr.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

namespace mlir::roller::test {

class LinalgTensorExprTest : public ::testing::Test {
protected:
  LinalgTensorExprTest() {
    context.loadDialect<affine::AffineDialect, arith::ArithDialect,
                        cf::ControlFlowDialect, func::FuncDialect,
                        linalg::LinalgDialect, math::MathDialect,
                        memref::MemRefDialect, tensor::TensorDialect>();
  }

  /// Parses `source` and converts its first linalg op. A source that does not
  /// parse, or holds no linalg op, fails the test.
  llvm::Expected<TensorExpr> convert(llvm::StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    if (!module) {
      ADD_FAILURE() << "does not parse:\n" << source.str();
      return llvm::createStringError("parse error");
    }
    linalg::LinalgOp found;
    module->walk([&](linalg::LinalgOp op) {
      if (!found)
        found = op;
    });
    if (!found) {
      ADD_FAILURE() << "no linalg op in:\n" << source.str();
      return llvm::createStringError("no linalg op");
    }
    opName = describeLinalgOp(found);
    return tensorExprFromLinalg(found);
  }

  /// The converted expression; fails the test when conversion fails.
  TensorExpr expr(llvm::StringRef source) {
    llvm::Expected<TensorExpr> result = convert(source);
    if (!result) {
      ADD_FAILURE() << llvm::toString(result.takeError());
      return {};
    }
    EXPECT_EQ(result->validate(), std::nullopt);
    return *result;
  }

  /// The reason conversion fails, or "<success>".
  std::string reason(llvm::StringRef source) {
    llvm::Expected<TensorExpr> result = convert(source);
    if (result)
      return "<success>";
    return llvm::toString(result.takeError());
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::string opName;
};

} // namespace mlir::roller::test

#endif // ROLLER_UNITTESTS_ANALYSIS_LINALGTESTFIXTURE_H
