//===- LoweringCleanup.h - What the lowerings strip -------------*- C++ -*-===//
//
// Two small rewrites both lowerings of rPrograms use: the CPU oracle drops
// the workgroup memory space (the CPU has one address space), and every
// lowering drops Roller's attributes before tools that do not load the
// dialect read the result.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_LOWERINGCLEANUP_H
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_LOWERINGCLEANUP_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Removes `memory_space = #gpu.address_space<workgroup>` from every
/// `bufferization.alloc_tensor` in `root`, so that the staged tiles
/// bufferize to plain `memref.alloc`s, and erases every `gpu.barrier` (the
/// CPU runs a block's threads one after another). Returns the number of ops
/// changed or erased.
int64_t dropWorkgroupMemorySpace(RewriterBase &rewriter, Operation *root);

/// Removes every discardable attribute whose name starts with `roller.`
/// from `root` and the ops nested in it (`roller.device`, `roller.config`,
/// ...), so that tools that do not load the dialect (`mlir-runner`,
/// `mlir-translate`) can parse the result. Returns the number removed.
int64_t stripRollerAttributes(RewriterBase &rewriter, Operation *root);

} // namespace mlir::roller

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_LOWERINGCLEANUP_H
