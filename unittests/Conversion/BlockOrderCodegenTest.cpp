//===- BlockOrderCodegenTest.cpp - Codegen's block order = the model's ----===//
//
// The launch order is written twice: as integer arithmetic in the analysis
// (BlockOrder.h getBlockPosition, which the selection's choice of
// block_group is computed on) and as affine expressions in the kernel
// (MapForallToGPU.h getBlockOrder). Both must place every block id alike.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/BlockOrder.h"
#include "Roller/Conversion/RollerToGPU/MapForallToGPU.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::roller;

namespace {

/// The value of `expr` (of one dimension) at `id`.
int64_t evaluate(AffineExpr expr, int64_t id, MLIRContext *ctx) {
  AffineExpr folded = expr.replaceDims({getAffineConstantExpr(id, ctx)});
  return cast<AffineConstantExpr>(folded).getValue();
}

// Grids of up to three linear dimensions (columns, rows, batches), every
// band height that divides the rows: the kernel's position of each block
// id is the analysis', and the batch is the id's plane.
TEST(BlockOrderCodegenTest, KernelOrderIsTheModels) {
  MLIRContext ctx;
  AffineExpr id = getAffineDimExpr(0, &ctx);
  int64_t checked = 0;
  for (int64_t batches : {1, 3})
    for (int64_t rows = 1; rows <= 9; ++rows)
      for (int64_t cols = 1; cols <= 7; ++cols)
        for (int64_t group = 1; group <= rows; ++group) {
          if (rows % group != 0)
            continue;
          SmallVector<int64_t> extent = {cols, rows};
          if (batches > 1)
            extent.push_back(batches);
          SmallVector<AffineExpr> order = getBlockOrder(id, extent, group);
          ASSERT_EQ(order.size(), extent.size());
          for (int64_t block = 0; block < rows * cols * batches; ++block) {
            auto [row, col] = getBlockPosition(block, rows, cols, group);
            ASSERT_EQ(evaluate(order[0], block, &ctx), col)
                << rows << "x" << cols << " group " << group << " id " << block;
            ASSERT_EQ(evaluate(order[1], block, &ctx), row)
                << rows << "x" << cols << " group " << group << " id " << block;
            if (batches > 1) {
              ASSERT_EQ(evaluate(order[2], block, &ctx), block / (rows * cols));
            }
            ++checked;
          }
        }
  EXPECT_GT(checked, 1000);
}

} // namespace
