//===- BufferUtils.h - What the GPU steps ask of buffers --------*- C++ -*-===//
//
// What the accumulator hoisting of scalar thread tiles
// (`--roller-hoist-accumulators`) and of tensor-core warp tiles
// (`--roller-vectorize-mma`), the staging analysis of
// `--roller-pipeline-staging`, the alignment proofs of
// `--roller-vectorize-accesses`, the bf16 views of `--roller-vectorize-mma`
// and the zero padding of `--roller-pad-mma-boundary-tiles` share.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_CONVERSION_ROLLERTOGPU_BUFFERUTILS_H
#define ROLLER_LIB_CONVERSION_ROLLERTOGPU_BUFFERUTILS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::roller {

/// The buffer `value` is a view of (through subviews, casts, ...).
Value getRootBuffer(Value value);

/// Whether `value` is a memref in workgroup (shared) memory.
bool isWorkgroupMemory(Value value);

/// The value of the index or i1 `value` in the thread whose x id is `t`
/// (blocks are one-dimensional), when it is computed from thread ids and
/// constants by affine ops and integer comparisons; std::nullopt otherwise.
std::optional<int64_t> evaluateInThread(Value value, int64_t t,
                                        unsigned depth = 0);

/// Whether every access inside `loop` to the buffer behind `tile` (a view)
/// goes through `tile` itself, the loop both reads and writes it, and the
/// loop calls nothing: then the tile can live in registers for the whole
/// loop, read before it and written back after it.
bool isLoopPrivateTile(scf::ForOp loop, Value tile);

/// The accumulator fill (a `linalg.fill` marked `roller.accumulator_fill`)
/// that gives `tile` (a view) its value right before `point`: one before
/// `point` in its block, filling the buffer behind `tile`, with nothing
/// between them that touches that buffer; or null. The fill covers the
/// block's output tile, of which a thread's accumulator tile is a part.
linalg::FillOp getAccumulatorFill(Operation *point, Value tile);

/// Erases the accumulator fills in `launch` whose buffer nothing reads
/// after them (the accumulators start from the fill's value in registers
/// and are written back over every filled element): their stores are
/// dead. Returns how many were erased.
int64_t eraseUnreadAccumulatorFills(RewriterBase &rewriter, Operation *launch);

/// The chain of views from a `memref.view` of a byte buffer to `value`
/// (outermost first: the view, then subviews), or failure.
FailureOr<SmallVector<Operation *>> getViewChain(Value value);

/// The same bytes as the bf16 view `value` (a getViewChain of a byte
/// buffer), typed f16: upstream's vector -> nvgpu conversion only has
/// 16-bit fragments for f16, and ldmatrix moves bits, so bf16 tiles are read
/// as f16 and multiplied by a bf16 mma.sync (`--roller-mma-to-nvgpu`).
Value getF16Twin(RewriterBase &rewriter, Location loc, Value value);

} // namespace mlir::roller

#endif // ROLLER_LIB_CONVERSION_ROLLERTOGPU_BUFFERUTILS_H
