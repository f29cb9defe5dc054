//===- Occupancy.h - SM occupancy and wave quantization ---------*- C++ -*-===//
//
// How many thread blocks of a kernel an SM holds at once, and how a grid of
// blocks quantizes into waves over the device. ROLLER uses both to rank
// rTile configurations: a tile whose block needs too many registers or too
// much shared memory lowers the number of resident warps, and a grid that
// leaves the last wave mostly empty wastes a fraction of the device.
//
// The rules are those of NVIDIA's cuda_occupancy.h (the CUDA occupancy
// calculator), read for the compute capabilities the presets cover; the unit
// tests compare against that header directly.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ANALYSIS_OCCUPANCY_H
#define ROLLER_ANALYSIS_OCCUPANCY_H

#include "Roller/Analysis/Device.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace mlir::roller {

/// What one thread block of a kernel needs.
struct KernelResources {
  int64_t threadsPerBlock = 0;
  /// Registers per thread as the compiler reports them (0: none).
  int64_t regsPerThread = 0;
  /// Static plus dynamic shared memory of one block, without the driver's
  /// per-block reservation (computeOccupancy adds that).
  int64_t smemBytesPerBlock = 0;
};

/// The resource that bounds the number of resident blocks.
enum class OccupancyLimiter { Blocks, Warps, Registers, SharedMemory };

/// Returns "blocks", "warps", "registers" or "shared_memory".
llvm::StringRef stringifyOccupancyLimiter(OccupancyLimiter limiter);

/// Residency of one kernel on one SM.
struct Occupancy {
  /// Resident blocks per SM, at least 1.
  int64_t blocksPerSM = 0;
  /// The binding limit. On ties, the first of Blocks, Warps, Registers,
  /// SharedMemory whose limit equals blocksPerSM.
  OccupancyLimiter limiter = OccupancyLimiter::Blocks;
  /// Resident warps per SM: blocksPerSM times the warps of one block.
  int64_t warpsPerSM = 0;
  /// warpsPerSM / (maxThreadsPerSM / warpSize), in (0, 1].
  double fraction = 0;
};

/// Occupancy of a kernel on the device, computed the way
/// cudaOccMaxActiveBlocksPerMultiprocessor does for the device's compute
/// capability: warps allocated per block, registers allocated per warp in
/// units of regAllocUnit and per SM sub-partition, shared memory allocated in
/// units of smemAllocUnit including smemReservedPerBlock, and the per-block
/// limits. Assumes the kernel opted in to the largest per-block shared memory
/// (smemPerBlock) and the SM runs the largest shared-memory carveout
/// (smemPerSM). Fails, with the reason, when the block cannot launch at all:
/// threads 0 or above maxThreadsPerBlock, registers per thread above
/// maxRegsPerThread, registers per block above regsPerBlock, shared memory
/// above smemPerBlock, or no block fitting on an SM.
llvm::Expected<Occupancy> computeOccupancy(const DeviceSpec &device,
                                           const KernelResources &kernel);

/// The most registers per thread (at most maxRegsPerThread) with which
/// `blocksPerSM` blocks of `threadsPerBlock` threads still fit one SM's
/// register file, by the allocation rules of computeOccupancy; 0 when none
/// does. The model compiles each kernel with this cap (`.maxnreg`), so the
/// occupancy it predicted is the one the kernel gets.
int64_t getRegisterBudget(const DeviceSpec &device, int64_t threadsPerBlock,
                          int64_t blocksPerSM);

/// Blocks the device runs at once, a full wave: `blocksPerSM` on each SM
/// (at least one).
int64_t getFullWave(const DeviceSpec &device, int64_t blocksPerSM);

/// A grid's blocks spread over the device in waves.
struct Waves {
  int64_t blocks = 0;
  /// Waves of smCount * blocksPerSM blocks it takes to run every block.
  int64_t waves = 0;
  /// blocks / (waves * smCount * blocksPerSM), in (0, 1]; 0 for 0 blocks.
  double efficiency = 0;
};

/// Wave quantization of a grid of `blocks` blocks (>= 0) when an SM holds
/// `blocksPerSM` (>= 1) of them at once.
Waves computeWaves(const DeviceSpec &device, int64_t blocks,
                   int64_t blocksPerSM);

} // namespace mlir::roller

#endif // ROLLER_ANALYSIS_OCCUPANCY_H
