//===- ExpandIntegerPowers.h - math.fpowi in kernels ------------*- C++ -*-===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_EXPANDINTEGERPOWERS_H
#define ROLLER_CONVERSION_ROLLERTOGPU_EXPANDINTEGERPOWERS_H

#include "mlir/IR/Operation.h"

namespace mlir::roller {

/// Rewrites every `math.fpowi` in `root` (usually a `gpu.module`) so that
/// none reaches the NVVM lowering: an f16 or bf16 base is raised in f32
/// (extended, then truncated once, as libdevice's f32 `__nv_powif` did),
/// then upstream's math expansion turns a constant exponent into
/// multiplications by repeated squaring and any other into `math.powf` of
/// the exponent converted to the base's type. Fails only if the rewrite
/// does not converge.
LogicalResult expandIntegerPowers(Operation *root);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_EXPANDINTEGERPOWERS_H
