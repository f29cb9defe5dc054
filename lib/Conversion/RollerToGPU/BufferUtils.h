//===- BufferUtils.h - What the GPU steps ask of buffers --------*- C++ -*-===//
//
// What the accumulator hoisting of scalar thread tiles
// (`--roller-hoist-accumulators`) and of tensor-core warp tiles
// (`--roller-vectorize-mma`), the staging analysis of
// `--roller-pipeline-staging` and the alignment proofs of
// `--roller-vectorize-accesses` share.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_CONVERSION_ROLLERTOGPU_BUFFERUTILS_H
#define ROLLER_LIB_CONVERSION_ROLLERTOGPU_BUFFERUTILS_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::roller {

/// The buffer `value` is a view of (through subviews, casts, ...).
Value getRootBuffer(Value value);

/// Whether `value` is a memref in workgroup (shared) memory.
bool isWorkgroupMemory(Value value);

/// Whether every access inside `loop` to the buffer behind `tile` (a view)
/// goes through `tile` itself, the loop both reads and writes it, and the
/// loop calls nothing: then the tile can live in registers for the whole
/// loop, read before it and written back after it.
bool isLoopPrivateTile(scf::ForOp loop, Value tile);

} // namespace mlir::roller

#endif // ROLLER_LIB_CONVERSION_ROLLERTOGPU_BUFFERUTILS_H
