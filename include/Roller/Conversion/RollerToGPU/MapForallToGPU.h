//===- MapForallToGPU.h - Block foralls to gpu.launch -----------*- C++ -*-===//
//
// The first GPU step: the bufferized loops of an rProgram become a kernel
// launch whose threads (or warps) run the nested thread-level foralls.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_MAPFORALLTOGPU_H
#define ROLLER_CONVERSION_ROLLERTOGPU_MAPFORALLTOGPU_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Whether `forall` is mapped to GPU blocks (its first mapping attribute is
/// a `#gpu.block<...>`): the foralls mapForallToGPULaunch takes.
bool isBlockMappedForall(scf::ForallOp forall);

/// The position on each linear block dimension (`extent[d]` blocks along
/// `linear_dim_d`) of the block whose linear id is `id`: row-major with
/// `linear_dim_0` fastest, or, with `group` > 1 (a config's `block_group`,
/// dividing extent[1]), bands of `group` rows of `linear_dim_1` walked
/// column by column (dimensions 2 and up stay row-major): the order
/// Roller/Analysis/BlockOrder.h models.
SmallVector<AffineExpr> getBlockOrder(AffineExpr id, ArrayRef<int64_t> extent,
                                      int64_t group);

/// Maps a block-level `scf.forall` to a `gpu.launch`: a one-dimensional grid
/// of the product of its trip counts (delinearized by `affine.apply` in
/// getBlockOrder's order, with its `roller.config`'s `block_group`), a
/// one-dimensional block of the `threads` of that config, which the launch
/// keeps. The nested foralls mapped
/// to `#gpu.thread<linear_dim_*>` / `#gpu.warp<...>` are then distributed by
/// upstream `mapNestedForallToThreadsImpl` (warp size: the target device's),
/// with a `gpu.barrier` after each.
///
/// Preconditions, checked before anything changes (an error at the forall,
/// which is left unchanged, when one fails): the forall is bufferized (no
/// results), every mapping is `#gpu.block<linear_dim_*>` with dimensions in
/// range, its bounds and steps are static, it carries a `roller.config`,
/// and the config's `block_group` divides the blocks of `linear_dim_1`. A
/// failure of upstream's thread distribution is reported after the launch
/// exists: the function then fails with the launch built and partially
/// distributed.
FailureOr<gpu::LaunchOp> mapForallToGPULaunch(RewriterBase &rewriter,
                                              scf::ForallOp forall);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_MAPFORALLTOGPU_H
