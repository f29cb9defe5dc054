//===- OccupancyTest.cpp - Tests of occupancy and wave quantization -------===//
//
// computeOccupancy is compared with NVIDIA's own calculator,
// cudaOccMaxActiveBlocksPerMultiprocessor of cuda_occupancy.h, over a grid of
// kernels on every preset, and with cases worked out by hand below. The
// header is host-only C++ (it defines __OCC_INLINE as plain `inline` when not
// compiled by nvcc); when it is not installed the oracle tests are skipped.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Occupancy.h"

#include "llvm/Support/Error.h"

#include "TestDevices.h"
#include "gtest/gtest.h"

#include <climits>
#include <set>
#include <string>
#include <vector>

// CMake says whether it found the header; a build without CMake looks for it.
#ifndef ROLLER_HAVE_CUDA_OCCUPANCY
#if __has_include(<cuda_occupancy.h>)
#define ROLLER_HAVE_CUDA_OCCUPANCY 1
#else
#define ROLLER_HAVE_CUDA_OCCUPANCY 0
#endif
#endif
#if ROLLER_HAVE_CUDA_OCCUPANCY
#include <cuda_occupancy.h>
#endif

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

/// The occupancy, failing the test when the block cannot launch.
Occupancy occupancyOf(const DeviceSpec &device, KernelResources kernel) {
  llvm::Expected<Occupancy> occ = computeOccupancy(device, kernel);
  if (!occ) {
    ADD_FAILURE() << llvm::toString(occ.takeError());
    return {};
  }
  return *occ;
}

/// Checks that the block cannot launch, for a reason mentioning `reason`.
void expectCannotLaunch(const DeviceSpec &device, KernelResources kernel,
                        llvm::StringRef reason) {
  llvm::Expected<Occupancy> occ = computeOccupancy(device, kernel);
  std::string where = device.name + " " +
                      std::to_string(kernel.threadsPerBlock) + "/" +
                      std::to_string(kernel.regsPerThread) + "/" +
                      std::to_string(kernel.smemBytesPerBlock);
  if (occ) {
    ADD_FAILURE() << where << " launches, " << occ->blocksPerSM
                  << " blocks per SM";
    return;
  }
  std::string why = llvm::toString(occ.takeError());
  EXPECT_NE(why.find(reason.str()), std::string::npos) << where << ": " << why;
}

//===----------------------------------------------------------------------===//
// Hand-computed cases
//===----------------------------------------------------------------------===//

TEST(Occupancy, H200RegistersAndSharedMemoryTie) {
  // 8 warps of 64 x 32 = 2048 registers: 16384 / 2048 = 8 warps in each of 4
  // sub-partitions, 32 warps, 4 blocks. Shared memory: 49152 + 1024 reserved
  // = 50176 (a multiple of 128), 233472 / 50176 = 4.65, 4 blocks. Warps: 64 /
  // 8 = 8; blocks: 32. Registers come before shared memory on the tie.
  Occupancy occ = occupancyOf(preset("h200"), {256, 64, 48 * KiB});
  EXPECT_EQ(occ.blocksPerSM, 4);
  EXPECT_EQ(occ.limiter, OccupancyLimiter::Registers);
  EXPECT_EQ(occ.warpsPerSM, 32);
  EXPECT_DOUBLE_EQ(occ.fraction, 0.5);
}

TEST(Occupancy, WarpSlotsBind) {
  // v100, 4 warps of 32 x 32 = 1024 registers: 16 warps per sub-partition,
  // 16 blocks; warps 64 / 4 = 16; no shared memory and no reservation on
  // sm_70, so shared memory does not limit. Warps come before registers.
  Occupancy occ = occupancyOf(preset("v100"), {128, 32, 0});
  EXPECT_EQ(occ.blocksPerSM, 16);
  EXPECT_EQ(occ.limiter, OccupancyLimiter::Warps);
  EXPECT_EQ(occ.warpsPerSM, 64);
  EXPECT_DOUBLE_EQ(occ.fraction, 1.0);
}

TEST(Occupancy, BlockSlotsBind) {
  // a100, 1 warp of 16 x 32 = 512 registers: 128 blocks by registers, 64 by
  // warps, 167936 / 1024 (the reservation alone) = 164 by shared memory; the
  // 32 block slots bind.
  Occupancy occ = occupancyOf(preset("a100"), {32, 16, 0});
  EXPECT_EQ(occ.blocksPerSM, 32);
  EXPECT_EQ(occ.limiter, OccupancyLimiter::Blocks);
  EXPECT_EQ(occ.warpsPerSM, 32);
  EXPECT_DOUBLE_EQ(occ.fraction, 0.5);
}

TEST(Occupancy, RegistersAreAllocatedPerSubPartition) {
  // a100, 2 warps of 200 x 32 = 6400 registers (already a multiple of 256).
  // The whole register file would hold 65536 / 6400 = 10 warps (5 blocks),
  // but each sub-partition holds 16384 / 6400 = 2, so 8 warps, 4 blocks.
  Occupancy occ = occupancyOf(preset("a100"), {64, 200, 0});
  EXPECT_EQ(occ.blocksPerSM, 4);
  EXPECT_EQ(occ.limiter, OccupancyLimiter::Registers);
  EXPECT_EQ(occ.warpsPerSM, 8);
  EXPECT_DOUBLE_EQ(occ.fraction, 0.125);
}

TEST(Occupancy, RegistersRoundUpPerWarp) {
  // h100, 40 registers: 1280 per warp, already a multiple of 256; 41: 1312,
  // rounded up to 1536. 16384 / 1280 = 12 warps per sub-partition (48 per
  // SM, 6 blocks of 8 warps); 16384 / 1536 = 10 (40 per SM, 5 blocks).
  EXPECT_EQ(occupancyOf(preset("h100"), {256, 40, 0}).blocksPerSM, 6);
  EXPECT_EQ(occupancyOf(preset("h100"), {256, 41, 0}).blocksPerSM, 5);
}

TEST(Occupancy, RegisterBudget) {
  DeviceSpec h100 = preset("h100");
  // The inverse of RegistersRoundUpPerWarp: 6 blocks of 8 warps leave 40
  // registers a thread (41 would fit 5), 5 blocks leave 48 (1536 per warp,
  // 10 warps per sub-partition).
  EXPECT_EQ(getRegisterBudget(h100, 256, 6), 40);
  EXPECT_EQ(getRegisterBudget(h100, 256, 5), 48);
  EXPECT_EQ(occupancyOf(h100, {256, 48, 0}).blocksPerSM, 5);
  EXPECT_EQ(occupancyOf(h100, {256, 49, 0}).blocksPerSM, 4);
  // a100, 4 blocks of 2 warps: 2 warps per sub-partition, 8192 registers a
  // warp would fit, so the per-thread maximum (255) binds.
  DeviceSpec a100 = preset("a100");
  EXPECT_EQ(getRegisterBudget(a100, 64, 4), a100.maxRegsPerThread);
  // One block of 1024 threads: 65536 / 1024 = 64.
  EXPECT_EQ(getRegisterBudget(a100, 1024, 1), 64);
  // 1000 one-warp blocks: 250 warps per sub-partition, fewer registers a
  // warp than one allocation unit (256): no budget.
  EXPECT_EQ(getRegisterBudget(a100, 32, 1000), 0);
  EXPECT_EQ(getRegisterBudget(a100, 0, 1), 0);
}

// The budget is the most registers with which computeOccupancy still gives
// the blocks, over every preset, block size and block count the other
// limits allow.
TEST(Occupancy, RegisterBudgetIsTheLargestThatFits) {
  for (llvm::StringRef name : {"v100", "a100", "h100", "h200"}) {
    DeviceSpec device = preset(name);
    for (int64_t threads = 1; threads <= device.maxThreadsPerBlock;
         threads += threads < 64 ? 1 : 32) {
      int64_t warps = (threads + device.warpSize - 1) / device.warpSize;
      int64_t otherLimits =
          std::min(device.maxBlocksPerSM,
                   device.maxThreadsPerSM / device.warpSize / warps);
      for (int64_t blocks = 1; blocks <= otherLimits; ++blocks) {
        int64_t budget = getRegisterBudget(device, threads, blocks);
        auto fits = [&](int64_t regs) {
          llvm::Expected<Occupancy> occ =
              computeOccupancy(device, {threads, regs, 0});
          if (!occ) {
            llvm::consumeError(occ.takeError());
            return false;
          }
          return occ->blocksPerSM >= blocks;
        };
        std::string where = (name + " " + llvm::Twine(threads) + " threads " +
                             llvm::Twine(blocks) + " blocks")
                                .str();
        // Braces: gtest's EXPECT_* is an if-else of its own.
        if (budget > 0) {
          EXPECT_TRUE(fits(budget)) << where << ": budget " << budget;
        }
        if (budget < device.maxRegsPerThread) {
          EXPECT_FALSE(fits(std::max<int64_t>(budget, 0) + 1))
              << where << ": budget " << budget;
        }
      }
    }
  }
}

TEST(Occupancy, SharedMemoryBindsAndRoundsUp) {
  // h100: 100000 + 1024 = 101024, rounded up to 128 is 101120; 233472 /
  // 101120 = 2.3, 2 blocks. Registers alone allow 16.
  Occupancy occ = occupancyOf(preset("h100"), {128, 32, 100000});
  EXPECT_EQ(occ.blocksPerSM, 2);
  EXPECT_EQ(occ.limiter, OccupancyLimiter::SharedMemory);
  EXPECT_EQ(occ.warpsPerSM, 8);
  // v100 rounds to 256 and reserves nothing: 1 byte takes 256, and 98304 /
  // 256 = 384 blocks by shared memory, so the 32 slots bind.
  EXPECT_EQ(occupancyOf(preset("v100"), {32, 16, 1}).limiter,
            OccupancyLimiter::Blocks);
  // v100: 40000 rounds up to 40192; 98304 / 40192 = 2.4, 2 blocks.
  EXPECT_EQ(occupancyOf(preset("v100"), {32, 16, 40000}).blocksPerSM, 2);
}

TEST(Occupancy, SharedMemoryRoundingCostsABlock) {
  // h100: 45666 + 1024 = 46690 would fit 233472 / 46690 = 5.0004 times, but
  // it is allocated as 46720 (365 x 128), which fits 4.997 times.
  Occupancy h100 = occupancyOf(preset("h100"), {32, 16, 45666});
  EXPECT_EQ(h100.blocksPerSM, 4);
  EXPECT_EQ(h100.limiter, OccupancyLimiter::SharedMemory);
  // v100: 19600 is allocated as 19712 (77 x 256); 98304 / 19712 = 4.99.
  EXPECT_EQ(occupancyOf(preset("v100"), {32, 16, 19600}).blocksPerSM, 4);
}

TEST(Occupancy, LargestBlockFitsExactlyOnce) {
  // The opt-in limit plus the reservation is exactly the SM's capacity.
  Occupancy h100 = occupancyOf(preset("h100"), {128, 32, 227 * KiB});
  EXPECT_EQ(h100.blocksPerSM, 1);
  EXPECT_EQ(h100.limiter, OccupancyLimiter::SharedMemory);
  EXPECT_DOUBLE_EQ(h100.fraction, 4.0 / 64.0);
  EXPECT_EQ(occupancyOf(preset("a100"), {128, 32, 163 * KiB}).blocksPerSM, 1);
  EXPECT_EQ(occupancyOf(preset("v100"), {128, 32, 96 * KiB}).blocksPerSM, 1);
}

TEST(Occupancy, PartialWarpsTakeWholeSlots) {
  // 33 threads take 2 warps: 64 / 2 = 32 blocks; 1 thread takes 1 warp.
  Occupancy occ = occupancyOf(preset("a100"), {33, 16, 0});
  EXPECT_EQ(occ.warpsPerSM, 64);
  EXPECT_EQ(occ.blocksPerSM, 32);
  EXPECT_EQ(occupancyOf(preset("a100"), {1024, 32, 0}).blocksPerSM, 2);
  EXPECT_EQ(occupancyOf(preset("a100"), {1, 0, 0}).warpsPerSM, 32);
}

TEST(Occupancy, KernelWithoutRegistersIsNotLimitedByThem) {
  Occupancy occ = occupancyOf(preset("v100"), {1024, 0, 0});
  EXPECT_EQ(occ.blocksPerSM, 2);
  EXPECT_EQ(occ.limiter, OccupancyLimiter::Warps);
}

TEST(Occupancy, CannotLaunch) {
  const DeviceSpec &h100 = preset("h100");
  expectCannotLaunch(h100, {0, 32, 0}, "threads");
  expectCannotLaunch(h100, {1025, 32, 0}, "threads");
  // cuda_occupancy.h would accept 256 (cudaOccRegAllocationMaxPerThread);
  // the device's documented 255 is kept on purpose.
  expectCannotLaunch(h100, {32, 256, 0}, "registers per thread");
  expectCannotLaunch(h100, {32, -1, 0}, "registers per thread");
  // 9 warps x 8192 registers: 73728 (98304 by the hardware's rounding to 12
  // warps) > 65536.
  expectCannotLaunch(h100, {288, 255, 0}, "registers allocated");
  // 7 warps x 8192 = 57344 passes both forms: 8 x 8192 = 65536.
  EXPECT_EQ(occupancyOf(h100, {224, 255, 0}).blocksPerSM, 1);
  expectCannotLaunch(h100, {32, 32, 227 * KiB + 1}, "shared memory");
  expectCannotLaunch(preset("a100"), {32, 32, 163 * KiB + 1}, "shared memory");
  expectCannotLaunch(preset("v100"), {32, 32, 96 * KiB + 1}, "shared memory");
  expectCannotLaunch(h100, {32, 32, -1}, "shared memory");
}

TEST(Occupancy, RejectsDeviceWithoutFigures) {
  DeviceSpec device = preset("h100");
  device.warpSize = 0;
  expectCannotLaunch(device, {32, 32, 0}, "occupancy figures");
}

TEST(Occupancy, StringifyLimiter) {
  EXPECT_EQ(stringifyOccupancyLimiter(OccupancyLimiter::Blocks), "blocks");
  EXPECT_EQ(stringifyOccupancyLimiter(OccupancyLimiter::Warps), "warps");
  EXPECT_EQ(stringifyOccupancyLimiter(OccupancyLimiter::Registers),
            "registers");
  EXPECT_EQ(stringifyOccupancyLimiter(OccupancyLimiter::SharedMemory),
            "shared_memory");
}

//===----------------------------------------------------------------------===//
// Waves
//===----------------------------------------------------------------------===//

TEST(Waves, QuantizeOverTheDevice) {
  const DeviceSpec &h200 = preset("h200"); // 132 SMs
  Waves full = computeWaves(h200, 264, 2);
  EXPECT_EQ(full.blocks, 264);
  EXPECT_EQ(full.waves, 1);
  EXPECT_DOUBLE_EQ(full.efficiency, 1.0);
  Waves spill = computeWaves(h200, 265, 2);
  EXPECT_EQ(spill.waves, 2);
  EXPECT_DOUBLE_EQ(spill.efficiency, 265.0 / 528.0);
  Waves one = computeWaves(h200, 1, 2);
  EXPECT_EQ(one.waves, 1);
  EXPECT_DOUBLE_EQ(one.efficiency, 1.0 / 264.0);
  EXPECT_EQ(computeWaves(h200, 528, 2).waves, 2);
  EXPECT_DOUBLE_EQ(computeWaves(h200, 528, 2).efficiency, 1.0);
  // v100, 80 SMs x 3: 1000 blocks in 5 waves of 240.
  Waves v100 = computeWaves(preset("v100"), 1000, 3);
  EXPECT_EQ(v100.waves, 5);
  EXPECT_DOUBLE_EQ(v100.efficiency, 1000.0 / 1200.0);
}

// A full wave is every SM's resident blocks, at least one each.
TEST(Waves, FullWave) {
  EXPECT_EQ(getFullWave(preset("h200"), 2), 264);
  EXPECT_EQ(getFullWave(preset("a100"), 2), 216);
  EXPECT_EQ(getFullWave(preset("a100"), 0), 108);
}

TEST(Waves, EmptyGrid) {
  Waves none = computeWaves(preset("a100"), 0, 4);
  EXPECT_EQ(none.blocks, 0);
  EXPECT_EQ(none.waves, 0);
  EXPECT_EQ(none.efficiency, 0.0);
}

//===----------------------------------------------------------------------===//
// cuda_occupancy.h as the oracle
//===----------------------------------------------------------------------===//

#if ROLLER_HAVE_CUDA_OCCUPANCY

/// What cudaOccMaxActiveBlocksPerMultiprocessor says for the kernel; the
/// tie-broken limiter is derived from its per-resource limits. Blocks is 0
/// when the block cannot launch (the header returns 0, or an error for
/// invalid input such as 0 threads).
struct OracleResult {
  int blocksPerSM = 0;
  OccupancyLimiter limiter = OccupancyLimiter::Blocks;
};

OracleResult oracle(const DeviceSpec &d, const KernelResources &k) {
  cudaOccDeviceProp prop;
  prop.computeMajor = int(d.computeCapability() / 10);
  prop.computeMinor = int(d.computeCapability() % 10);
  prop.maxThreadsPerBlock = int(d.maxThreadsPerBlock);
  prop.maxThreadsPerMultiprocessor = int(d.maxThreadsPerSM);
  prop.regsPerBlock = int(d.regsPerBlock);
  prop.regsPerMultiprocessor = int(d.regsPerSM);
  prop.warpSize = int(d.warpSize);
  prop.sharedMemPerBlock = 48 * KiB; // the default, non-opt-in limit
  prop.sharedMemPerMultiprocessor = size_t(d.smemPerSM);
  prop.numSms = int(d.smCount);
  prop.sharedMemPerBlockOptin = size_t(d.smemPerBlock);
  prop.reservedSharedMemPerBlock = size_t(d.smemReservedPerBlock);

  cudaOccFuncAttributes attr;
  attr.maxThreadsPerBlock = INT_MAX; // the kernel takes any block size
  attr.numRegs = int(k.regsPerThread);
  attr.sharedSizeBytes = 0; // all of it dynamic
  attr.partitionedGCConfig = PARTITIONED_GC_OFF;
  attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
  attr.maxDynamicSharedSizeBytes = size_t(d.smemPerBlock); // opted in fully
  attr.numBlockBarriers = 1; // __syncthreads, as cudaFuncAttributes gives
  attr.virtualResourceCount = 0;

  cudaOccDeviceState state;
  state.cacheConfig = CACHE_PREFER_SHARED;
  state.carveoutConfig = SHAREDMEM_CARVEOUT_MAX_SHARED;

  cudaOccResult result;
  if (cudaOccMaxActiveBlocksPerMultiprocessor(
          &result, &prop, &attr, &state, int(k.threadsPerBlock),
          size_t(k.smemBytesPerBlock)) != CUDA_OCC_SUCCESS)
    return {};
  OracleResult out;
  out.blocksPerSM = result.activeBlocksPerMultiprocessor;
  if (result.blockLimitBlocks == out.blocksPerSM)
    out.limiter = OccupancyLimiter::Blocks;
  else if (result.blockLimitWarps == out.blocksPerSM)
    out.limiter = OccupancyLimiter::Warps;
  else if (result.blockLimitRegs == out.blocksPerSM)
    out.limiter = OccupancyLimiter::Registers;
  else if (result.blockLimitSharedMem == out.blocksPerSM)
    out.limiter = OccupancyLimiter::SharedMemory;
  else
    ADD_FAILURE() << "oracle bound by a resource the model omits";
  return out;
}

/// Compares one kernel; returns the oracle's result for the tallies.
OracleResult compareWithOracle(const DeviceSpec &d, const KernelResources &k) {
  OracleResult expected = oracle(d, k);
  llvm::Expected<Occupancy> actual = computeOccupancy(d, k);
  std::string where = d.name + " threads=" + std::to_string(k.threadsPerBlock) +
                      " regs=" + std::to_string(k.regsPerThread) +
                      " smem=" + std::to_string(k.smemBytesPerBlock);
  if (!actual) {
    std::string why = llvm::toString(actual.takeError());
    EXPECT_EQ(expected.blocksPerSM, 0) << where << ": " << why;
    return expected;
  }
  EXPECT_EQ(actual->blocksPerSM, expected.blocksPerSM) << where;
  EXPECT_EQ(actual->limiter, expected.limiter) << where;
  const int64_t warps = (k.threadsPerBlock + d.warpSize - 1) / d.warpSize;
  EXPECT_EQ(actual->warpsPerSM, expected.blocksPerSM * warps) << where;
  EXPECT_DOUBLE_EQ(actual->fraction, double(expected.blocksPerSM * warps) /
                                         double(d.maxThreadsPerSM / d.warpSize))
      << where;
  return expected;
}

TEST(OccupancyOracle, AgreesWithCudaOccupancyOnEveryPreset) {
  const int64_t threads[] = {32,  64,  96,  128, 192, 256,
                             384, 512, 640, 768, 1024};
  const int64_t regs[] = {16, 24, 32, 40, 48, 64, 80, 96, 128, 168, 200, 255};
  const int64_t smem[] = {0,     1,     100,    4096,   12288,  16384,    40000,
                          49152, 65536, 100000, 160000, 200000, 227 * KiB};
  int combinations = 0, unlaunchable = 0;
  std::set<OccupancyLimiter> limiters;
  for (llvm::StringRef name : getDevicePresetNames()) {
    const DeviceSpec &d = preset(name);
    for (int64_t t : threads)
      for (int64_t r : regs)
        for (int64_t s : smem) {
          OracleResult o = compareWithOracle(d, {t, r, s});
          ++combinations;
          if (o.blocksPerSM == 0)
            ++unlaunchable;
          else
            limiters.insert(o.limiter);
        }
  }
  EXPECT_EQ(combinations, 4 * 11 * 12 * 13);
  // The grid must exercise every limit and the cannot-launch path, or the
  // comparison proves less than it seems.
  EXPECT_EQ(limiters.size(), 4u);
  EXPECT_GT(unlaunchable, 0);
  EXPECT_LT(unlaunchable, combinations);
}

/// Compares sizes off the warp and allocation grids, and each limit and one
/// past it; returns the number of kernels compared.
int compareEdges(const DeviceSpec &d) {
  const int64_t threads[] = {0,   1,   31,  33,   65,   100,
                             160, 224, 288, 1000, 1024, 1025};
  const int64_t regs[] = {0, 1, 7, 33, 41, 72, 127, 129, 200, 254, 255};
  const int64_t smem[] = {0, 127, 129, 255, 257, 48 * KiB + 1, d.smemPerSM / 3,
                          // Fits 5 times before rounding, 4 after.
                          d.smemPerSM / 5 - d.smemReservedPerBlock - 4,
                          d.smemPerSM / 2 - d.smemReservedPerBlock,
                          d.smemPerSM / 2 - d.smemReservedPerBlock + 1,
                          d.smemPerBlock - d.smemReservedPerBlock,
                          d.smemPerBlock - 1, d.smemPerBlock,
                          d.smemPerBlock + 1};
  int count = 0;
  for (int64_t t : threads)
    for (int64_t r : regs)
      for (int64_t s : smem) {
        compareWithOracle(d, {t, r, s});
        ++count;
      }
  return count;
}

TEST(OccupancyOracle, AgreesAtTheEdges) {
  for (llvm::StringRef name : getDevicePresetNames())
    EXPECT_EQ(compareEdges(preset(name)), 12 * 11 * 14);
}

TEST(OccupancyOracle, AgreesOnOtherDevices) {
  // Descriptions the presets do not cover, to reach rules they leave dormant.
  std::vector<DeviceSpec> devices;
  // A smaller per-block register file: the hardware check (warps rounded up
  // to the 4 sub-partitions) then rejects blocks the software one accepts,
  // e.g. 5 warps of 6400 registers: 32000 <= 32768 but 8 x 6400 = 51200.
  DeviceSpec halfRegs = preset("h100");
  halfRegs.name = "h100-half-regs";
  halfRegs.regsPerBlock = 32 * KiB;
  devices.push_back(halfRegs);
  // A reservation on sm_70, where the header adds it to the allocation but
  // not to the per-block limit.
  DeviceSpec reserving = preset("v100");
  reserving.name = "v100-reserving";
  reserving.smemPerBlock = 95 * KiB;
  reserving.smemReservedPerBlock = 1 * KiB;
  devices.push_back(reserving);
  // sm_86 (GA10x, CUDA Programming Guide): 48 warps, 16 blocks and 100 KiB
  // (99 KiB per block) per SM.
  DeviceSpec ga10x = preset("a100");
  ga10x.name = "sm86";
  ga10x.chip = "sm_86";
  ga10x.maxThreadsPerSM = 1536;
  ga10x.maxBlocksPerSM = 16;
  ga10x.smemPerSM = 100 * KiB;
  ga10x.smemPerBlock = 99 * KiB;
  for (MemLevel &level : ga10x.levels)
    if (level.kind == MemLevelKind::Shared)
      level.capacityBytes = ga10x.smemPerSM;
  devices.push_back(ga10x);
  // sm_89 (AD10x): as sm_86 but 24 blocks per SM.
  DeviceSpec ad10x = ga10x;
  ad10x.name = "sm89";
  ad10x.chip = "sm_89";
  ad10x.maxBlocksPerSM = 24;
  devices.push_back(ad10x);
  for (const DeviceSpec &d : devices) {
    ASSERT_EQ(d.validate(), std::nullopt) << d.name;
    compareEdges(d);
  }
  expectCannotLaunch(halfRegs, {160, 200, 0}, "registers allocated");
  EXPECT_EQ(oracle(halfRegs, {160, 200, 0}).blocksPerSM, 0);
  expectCannotLaunch(reserving, {32, 16, 95 * KiB}, "shared memory");
  EXPECT_EQ(oracle(reserving, {32, 16, 95 * KiB}).blocksPerSM, 0);
}

#else

TEST(OccupancyOracle, AgreesWithCudaOccupancyOnEveryPreset) {
  GTEST_SKIP() << "cuda_occupancy.h not found (set ROLLER_CUDA_INCLUDE_DIR to "
                  "the CUDA toolkit's include directory); the oracle "
                  "comparison needs it";
}

#endif // ROLLER_HAVE_CUDA_OCCUPANCY

} // namespace
