//===- PipelineStaging.h - Multi-stage cp.async staging ---------*- C++ -*-===//
//
// With a config of `stages = S > 1`, the reduction loop of a kernel keeps S
// tiles of every staged input in flight: each staging buffer becomes a ring
// of S slots, the copies of step i + S - 1 are issued at step i as one
// `cp.async` group, and step i waits for its own group only.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_PIPELINESTAGING_H
#define ROLLER_CONVERSION_ROLLERTOGPU_PIPELINESTAGING_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Pipelines one reduction loop over `stages` (at least 2) slots.
/// Preconditions (failure, with the loop unchanged, when one does not hold):
/// the loop has a constant lower bound and positive step and no iteration
/// values; its body allocates statically shaped workgroup buffers (the
/// staging buffers) and writes them only with cooperative `linalg.copy`s
/// from non-workgroup memory (under thread predicates, views and index
/// arithmetic with no memory effects, which are cloned with them). Then:
/// - each staging buffer becomes a ring of `stages` slots (upstream
///   `memref::multiBuffer`, slot `((k - lb) floordiv step) mod stages`);
/// - the copies of the first `stages - 1` steps are issued before the loop
///   and step k issues those of step k + (stages - 1) * step (guarded by
///   `< ub`), each step's copies closing one `cp.async` group (empty past
///   the end, so that the count stays uniform) and carrying
///   `roller.async_copy`;
/// - step k waits until at most `stages - 1` groups are pending and
///   synchronizes the block before its compute; a barrier ends the body.
/// Should upstream's multi-buffering refuse a buffer after the checks, the
/// function fails with the loop valid but not pipelined (the rings it made
/// keep synchronous copies).
LogicalResult pipelineStagingLoop(RewriterBase &rewriter, scf::ForOp loop,
                                  int64_t stages);

/// Pipelines every reduction loop of `launch` whose `roller.config` stages
/// inputs with `stages > 1` (pipelineStagingLoop); loops of another shape
/// keep one slot and synchronous copies. Returns how many were pipelined.
int64_t pipelineStaging(RewriterBase &rewriter, gpu::LaunchOp launch);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_PIPELINESTAGING_H
