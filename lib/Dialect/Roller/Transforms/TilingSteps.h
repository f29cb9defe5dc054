//===- TilingSteps.h - Upstream tiling, one level at a time ------*- C++
//-*-===//
//
// Private to the Transforms library: the steps --roller-lower-rprograms
// tiles an operator with (blocks, reduction steps, threads, register steps),
// each one application of upstream `scf::tileUsingSCF`, and how a block's
// threads share a copy or a fill.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_TILINGSTEPS_H
#define ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_TILINGSTEPS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir::roller {

/// GPU mapping attributes use linear ids, the first one varying fastest: the
/// innermost loop of a forall gets `linear_dim_0`.
enum class MappingKind { Block, Warp, Thread };

/// The mapping attributes of a forall of `numLoops` loops of `kind`.
SmallVector<Attribute> getLinearMapping(MLIRContext *ctx, MappingKind kind,
                                        unsigned numLoops);

/// One application of upstream tiling: per loop a tile size (0: untiled)
/// and, for foralls, optionally a static iteration count per loop.
struct TilingStep {
  SmallVector<int64_t> tileSizes;
  SmallVector<int64_t> numThreads;    // empty, or one per loop (0 when untiled)
  std::optional<MappingKind> mapping; // set: scf.forall, unset: scf.for
};

/// Tiles `op` as `step` says and replaces it. Returns the tiled op and, in
/// `replacements`, the values that replaced `op`'s results. A step that tiles
/// nothing leaves `op` alone.
FailureOr<linalg::LinalgOp>
applyTiling(RewriterBase &rewriter, linalg::LinalgOp op, const TilingStep &step,
            SmallVector<Value> *replacements, Operation **loop = nullptr);

/// How the threads of a block share a copy of `shape`: threads go to the
/// innermost dimension first (in chunks of `vectorWidth` elements), the rest
/// to the outer ones, never more than `threads` in all. Returns per dimension
/// the thread count and chunk (0 for dimensions not split), with at least the
/// innermost one split so that the copy is always a thread-mapped loop.
TilingStep distributeCopy(ArrayRef<int64_t> shape, int64_t threads,
                          int64_t vectorWidth);

} // namespace mlir::roller

#endif // ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_TILINGSTEPS_H
