//===- CheckHostCompute.h - Nothing computes on the host --------*- C++ -*-===//
//
// On the GPU path every compute op runs in a kernel; what stays on the host
// is launch glue. An op Roller could not schedule or tile would otherwise
// run as host loops between the launches, silently and slowly.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_CHECKHOSTCOMPUTE_H
#define ROLLER_CONVERSION_ROLLERTOGPU_CHECKHOSTCOMPUTE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::roller {

/// Reports every linalg op of `func` outside a `gpu.launch` (after
/// `mapForallToGPULaunch`, the ops no rProgram covered) that has loops (a
/// rank-0 op is one scalar computation, glue): an error at the op
/// naming why it was left out, or, with `allowHostFallback`, a warning that
/// it runs on the host. Fails when it reported an error. Changes nothing.
LogicalResult checkHostCompute(func::FuncOp func, bool allowHostFallback);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_CHECKHOSTCOMPUTE_H
