//===- HoistAccumulators.h - Thread tiles in registers ----------*- C++ -*-===//
//
// After mapping, a thread's slice of the output is a small subview of
// global memory that the compute step reads and writes on every reduction
// step. Kept in a thread-private buffer for the whole loop, it becomes
// registers once the loops indexing it are unrolled.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_HOISTACCUMULATORS_H
#define ROLLER_CONVERSION_ROLLERTOGPU_HOISTACCUMULATORS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// The largest thread tile kept in registers, in elements (a thread has at
/// most 255 32-bit registers).
constexpr int64_t kMaxRegisterTileElements = 1024;

/// For one `scf.for` of `launch`: hoists its loop-invariant code, then
/// replaces inside the loop every statically shaped non-workgroup subview
/// defined outside it, of at most kMaxRegisterTileElements elements, that
/// the loop both reads and writes only through that subview
/// (isLoopPrivateTile), by a `memref.alloca` at the kernel's entry: a
/// `linalg.copy` fills it before the loop and another writes it back after.
/// A linalg op that reads the tile again right after the copy-out (only
/// memory-effect-free ops between: a fused epilogue, whose subview of the
/// tile is recomputed from the same thread ids) reads the private buffer
/// instead, so the accumulators reach it in registers. Returns the number of
/// tiles hoisted.
int64_t hoistAccumulators(RewriterBase &rewriter, gpu::LaunchOp launch,
                          scf::ForOp loop);

/// hoistAccumulators on every `scf.for` of `launch`, outermost first (once
/// a tile is private to a loop, the loops nested in it see the private
/// buffer). Returns the number of tiles hoisted.
int64_t hoistAccumulators(RewriterBase &rewriter, gpu::LaunchOp launch);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_HOISTACCUMULATORS_H
