//===- NarrowLoopIndices.h - 32-bit loop counters in kernels ----*- C++ -*-===//
//
// upstream's arith-int-range-narrowing computes index arithmetic in i32
// where the ranges allow it, but leaves `scf.for` induction variables as
// `index`, 64-bit in the NVVM lowering: each loop then steps and compares a
// 64-bit counter (two SASS instructions each), and LLVM widens the
// arithmetic derived from it back to 64 bits. Loops whose counters provably
// stay below 2^31 count in i32 instead.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_NARROWLOOPINDICES_H
#define ROLLER_CONVERSION_ROLLERTOGPU_NARROWLOOPINDICES_H

#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// Whether `loop`'s `index` induction variable can count in i32: by the
/// integer ranges `solver` holds (an IntegerRangeAnalysis that ran), the
/// lower bound is non-negative, the step positive, and the upper bound plus
/// the step (the counter's value after the last step) at most 2^31 - 1.
bool canNarrowLoopIndex(scf::ForOp loop, DataFlowSolver &solver);

/// Makes `loop` count in i32: its bounds and step become
/// `arith.index_castui`s of the `index` ones and its users read the counter
/// through an `arith.index_castui` back to `index`. The caller proves the
/// values fit (canNarrowLoopIndex). Fails, changing nothing, when the
/// induction variable is not an `index`.
LogicalResult narrowLoopIndex(RewriterBase &rewriter, scf::ForOp loop);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_NARROWLOOPINDICES_H
