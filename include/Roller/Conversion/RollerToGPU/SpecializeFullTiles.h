//===- SpecializeFullTiles.h - Static tiles off the boundary ----*- C++ -*-===//
//
// Tensor shapes the block or reduction tiles do not divide give every tile
// dynamic sizes (`affine.min`), which would keep accumulators out of
// registers and accesses scalar in all blocks, not just the boundary ones.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_SPECIALIZEFULLTILES_H
#define ROLLER_CONVERSION_ROLLERTOGPU_SPECIALIZEFULLTILES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Versions the body of `launch` on the block being interior: the
/// block-level sizes (`affine.min`s directly in the body of block ids and
/// constants, with a constant result) are compared with their constant
/// bounds, and when all are full an `scf.if` runs a copy of the rest of the
/// body with those sizes replaced by the constants; boundary blocks run the
/// original (the else branch). Returns the `scf.if`, or failure (nothing
/// changed) when the body has no such size or nothing follows them.
FailureOr<scf::IfOp> versionInteriorBlocks(RewriterBase &rewriter,
                                           gpu::LaunchOp launch);

/// In `launch`: peels the last, partial step off every `scf.for` whose step
/// does not divide its trip (upstream `peelForLoopAndSimplifyBounds`),
/// versions the body on interior blocks (versionInteriorBlocks), then
/// simplifies the `affine.min`/`affine.max` ops this makes redundant
/// (upstream `simplifyAffineMinMaxOps`), so that the interior version's
/// views fold to static shapes. Each part applies where it can; the IR is
/// valid whatever applies. Runs after the workgroup buffers are
/// attributions (both versions share them).
void specializeFullTiles(RewriterBase &rewriter, gpu::LaunchOp launch);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_SPECIALIZEFULLTILES_H
