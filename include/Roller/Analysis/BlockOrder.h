//===- BlockOrder.h - The order a grid's blocks are launched in -*- C++ -*-===//
//
// A GPU runs the first `SMs x blocks per SM` block ids of a grid at once.
// In row-major order (the innermost spatial axis fastest) they cover a few
// whole rows of the block grid, and so read every column's tiles of an
// input indexed by the columns (a matmul's B); in bands of `g` rows walked
// column by column (Triton's GROUP_SIZE_M, CUTLASS's threadblock swizzle)
// they read `g` rows' and fewer columns' tiles. Tiles that several running
// blocks read come from DRAM once and then from the L2. The band height is
// chosen per schedule to minimize the distinct tile bytes of the first
// wave; on a device that lists its L2 bandwidth the model charges DRAM
// what the waves read in that order (getDramTraffic; docs/model.md, "L2
// and DRAM").
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ANALYSIS_BLOCKORDER_H
#define ROLLER_ANALYSIS_BLOCKORDER_H

#include "Roller/Analysis/Device.h"
#include "Roller/Analysis/Schedule.h"
#include "Roller/Analysis/TensorExpr.h"

#include <utility>

namespace mlir::roller {

/// The position (row, column) of block `id` within its plane of `rows` x
/// `cols` blocks (columns fastest), in bands of `group` rows walked column
/// by column; `group` 1 is row-major, and must divide `rows` otherwise.
std::pair<int64_t, int64_t> getBlockPosition(int64_t id, int64_t rows,
                                             int64_t cols, int64_t group);

/// The distinct rows and columns the block ids [0, wave) cover on planes of
/// `rows` x `cols` blocks in that order (summed over the planes they reach:
/// a plane is a batch of the outer spatial axes).
std::pair<int64_t, int64_t> countWaveRowsAndColumns(int64_t rows, int64_t cols,
                                                    int64_t wave,
                                                    int64_t group);

/// Bytes of the distinct input tiles of one reduction step that the first
/// wave of `schedule` reads (`blocksPerSM` resident per SM), its blocks in
/// bands of `group` rows. Rows are the blocks along the second innermost
/// spatial axis, columns along the innermost (the block forall's
/// linear_dim_1 and linear_dim_0).
double getWaveTileBytes(const TensorExpr &expr, const DeviceSpec &device,
                        const Schedule &schedule, int64_t blocksPerSM,
                        int64_t group);

/// The share of the L2 an operator's whole footprint may take and still be
/// read from DRAM once: [GB]'s gpu-l2-cache (blocks re-reading a footprint)
/// holds its L2 bandwidth up to 69% of the L2 on an A100 80GB (27.5 of 40
/// MiB), 72% on an H100 PCIe (36 of 50) and on an H200 (43 of 60); beyond,
/// lines are evicted before their reuse (docs/devices.md R14).
constexpr double kL2ResidentFraction = 0.69;

/// Bytes the whole operator moves between DRAM and the L2 under `schedule`
/// (`blocksPerSM` resident per SM, blocks in bands of `group` rows): its
/// global traffic (getGlobalTraffic), with each input read once when the
/// operator's footprint fits kL2ResidentFraction of the L2, and otherwise
/// the distinct tiles of each wave (getWaveTileBytes' count, per step, on
/// the grid without its axes of one block; `group` applies where those are
/// not among the two innermost), between the tensor's size and every
/// block's tiles. Outputs and epilogue
/// operands are charged as getGlobalTraffic charges them.
double getDramTraffic(const TensorExpr &expr, const DeviceSpec &device,
                      const Schedule &schedule, int64_t blocksPerSM,
                      int64_t group);

/// The band height for `schedule` (1: row-major): among 1 and the divisors
/// of its rows, the smallest whose first wave reads the fewest tile bytes
/// (getWaveTileBytes). 1 for schedules that stage nothing (no input tile is
/// read by several blocks' threads through shared memory) or whose grid has
/// fewer than two rows or columns.
int64_t chooseBlockGroup(const TensorExpr &expr, const DeviceSpec &device,
                         const Schedule &schedule, int64_t blocksPerSM);

} // namespace mlir::roller

#endif // ROLLER_ANALYSIS_BLOCKORDER_H
