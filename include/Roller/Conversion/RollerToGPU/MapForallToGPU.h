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

/// Maps a block-level `scf.forall` to a `gpu.launch`: a one-dimensional grid
/// of the product of its trip counts (delinearized with `linear_dim_0`
/// fastest, by `affine.apply`), a one-dimensional block of the `threads` of
/// its `roller.config`, which the launch keeps. The nested foralls mapped
/// to `#gpu.thread<linear_dim_*>` / `#gpu.warp<...>` are then distributed by
/// upstream `mapNestedForallToThreadsImpl` (warp size: the target device's),
/// with a `gpu.barrier` after each.
///
/// Preconditions, checked before anything changes (an error at the forall,
/// which is left unchanged, when one fails): the forall is bufferized (no
/// results), every mapping is `#gpu.block<linear_dim_*>` with dimensions in
/// range, its bounds and steps are static, and it carries a
/// `roller.config`. A failure of upstream's thread distribution is reported
/// after the launch exists: the function then fails with the launch built
/// and partially distributed.
FailureOr<gpu::LaunchOp> mapForallToGPULaunch(RewriterBase &rewriter,
                                              scf::ForallOp forall);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_MAPFORALLTOGPU_H
