//===- ExpandSubgroupReduces.h - Subgroup reduces as shuffles -*- C++ -*-===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_EXPANDSUBGROUPREDUCES_H
#define ROLLER_CONVERSION_ROLLERTOGPU_EXPANDSUBGROUPREDUCES_H

#include "mlir/IR/Operation.h"

namespace mlir::roller {

/// Lowers every `gpu.subgroup_reduce` in `root` to a butterfly of
/// `gpu.shuffle xor` over a warp of `warpSize` lanes (upstream's patterns).
LogicalResult expandSubgroupReduces(Operation *root, unsigned warpSize);

} // namespace mlir::roller

#endif // ROLLER_CONVERSION_ROLLERTOGPU_EXPANDSUBGROUPREDUCES_H
