//===- Occupancy.cpp - SM occupancy and wave quantization -----------------===//
//
// Each rule below mirrors a function of NVIDIA's cuda_occupancy.h (CUDA 13.0,
// the header's own version macro says 12.1), named in its comment, restricted
// to what that header does for compute capabilities 7.x-12.x. The features the
// header models but these devices never use are left out, with the reason:
//
// * Partitioned global caching (cudaOccPartitionedGlobalCachingModeSupport):
//   only sm_52, sm_53 and sm_6x (not sm_60) support it, all older than the
//   oldest chip DeviceSpec::validate accepts (sm_70).
// * Block barriers (cudaOccMaxBlocksPerSMBlockBarrierLimit, sm_90+): a kernel
//   using one barrier (__syncthreads) gets 2 x maxBlocksPerSM of them, so the
//   limit never binds; ROLLER kernels use no named barriers.
// * Virtual resources (cudaOccMaxBlocksPerSMVirtualResource): sm_100+ only,
//   and 0 for kernels that do not declare any.
//
// Two assumptions pick what the header leaves to the caller:
//
// * Shared memory per block: the kernel opts in to the largest per-block
//   size (cudaFuncAttributeMaxDynamicSharedMemorySize, i.e. the header's
//   FUNC_SHMEM_LIMIT_OPTIN with a large enough maxDynamicSharedSizeBytes), so
//   the limit is DeviceSpec::smemPerBlock (sharedMemPerBlockOptin), not the
//   48 KiB default.
// * Shared memory per SM: the SM runs the largest carveout
//   (cudaFuncAttributePreferredSharedMemoryCarveout = 100, the header's
//   SHAREDMEM_CARVEOUT_MAX_SHARED), so the capacity is DeviceSpec::smemPerSM.
//   cudaOccSMemPreferenceVoltaPlus rounds the carveout up to a size the chip
//   supports (cudaOccAlignUpShmemSizeVoltaPlus); the presets' smemPerSM are
//   such sizes (96, 164, 228 KiB), so no rounding is done here.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Occupancy.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <utility>

using namespace mlir::roller;

namespace {

constexpr int64_t kUnlimited = std::numeric_limits<int64_t>::max();

llvm::Error cannotLaunch(const llvm::Twine &why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "block cannot launch: " + why);
}

/// Register file sub-partitions (one per warp scheduler) of an SM, the
/// device's warpSchedulersPerSM. cudaOccSubPartitionsPerMultiprocessor
/// gives 4 on every chip except GP100 (sm_60), which has 2.
int64_t subPartitionsPerSM(const DeviceSpec &device) {
  return device.warpSchedulersPerSM;
}

/// Blocks per SM the warp slots allow. Mirrors
/// cudaOccMaxBlocksPerSMWarpsLimit (partitioned caching off): warps are
/// allocated whole, so a block of 33 threads takes 2 of the
/// maxThreadsPerSM / warpSize slots.
int64_t warpsLimit(const DeviceSpec &device, int64_t warpsPerBlock) {
  return (device.maxThreadsPerSM / device.warpSize) / warpsPerBlock;
}

/// Blocks per SM the register file allows, or an error when one block does
/// not fit. Mirrors cudaOccMaxBlocksPerSMRegsLimit (partitioned caching off):
///
/// * A warp is allocated regsPerThread x warpSize registers rounded up to
///   cudaOccRegAllocationGranularity (DeviceSpec::regAllocUnit).
/// * The register file is split evenly among the sub-partitions and a warp's
///   registers come from one of them, so an SM holds
///   subPartitions x floor(regsPerSM / subPartitions / perWarp) warps. This
///   can be less than floor(regsPerSM / perWarp): at 200 registers a thread
///   (6400 per warp) an SM holds 8 warps, not 10.
/// * The per-block check has two forms and both must pass: the software one
///   (perWarp x warps <= regsPerBlock) and the hardware one, which assumes
///   the block's warps are spread over all sub-partitions at once and so
///   rounds the warp count up to a multiple of the sub-partition count.
llvm::Expected<int64_t> registersLimit(const DeviceSpec &device,
                                       const KernelResources &kernel,
                                       int64_t warpsPerBlock) {
  const int64_t perWarp = llvm::alignTo(kernel.regsPerThread * device.warpSize,
                                        device.regAllocUnit);
  const int64_t parts = subPartitionsPerSM(device);
  const int64_t software = perWarp * warpsPerBlock;
  const int64_t hardware = perWarp * llvm::alignTo(warpsPerBlock, parts);
  if (std::max(software, hardware) > device.regsPerBlock)
    return cannotLaunch(llvm::Twine(std::max(software, hardware)) +
                        " registers allocated per block exceed the " +
                        llvm::Twine(device.regsPerBlock) + " a block may use");
  // A kernel without registers is not limited by them (the header returns
  // INT_MAX).
  if (perWarp == 0)
    return kUnlimited;
  const int64_t warpsPerPart = device.regsPerSM / parts / perWarp;
  return warpsPerPart * parts / warpsPerBlock;
}

/// Blocks per SM the shared memory allows, or an error when one block does
/// not fit. Mirrors cudaOccMaxBlocksPerSMSmemLimit and cudaOccSMemPerBlock:
///
/// * A block is allocated its shared memory plus the driver's reservation
///   (reservedSharedMemPerBlock, added whatever the chip), rounded up to
///   cudaOccSMemAllocationGranularity (DeviceSpec::smemAllocUnit).
/// * The allocation must not exceed the per-block limit, which from sm_80 on
///   includes the reservation: smemPerBlock + smemReservedPerBlock.
/// * An SM holds floor(smemPerSM / allocation) blocks; a block allocating
///   nothing (only possible without a reservation) is not limited.
llvm::Expected<int64_t> sharedMemoryLimit(const DeviceSpec &device,
                                          const KernelResources &kernel) {
  int64_t limit = device.smemPerBlock;
  if (device.computeCapability() >= 80)
    limit += device.smemReservedPerBlock;
  // The allocation is at least the request, so this early test only guards
  // the rounding below against overflow; it rejects nothing the next would
  // accept.
  if (kernel.smemBytesPerBlock > limit)
    return cannotLaunch(llvm::Twine(kernel.smemBytesPerBlock) +
                        " bytes of shared memory exceed the " +
                        llvm::Twine(limit) + " a block may use");
  const int64_t allocated =
      llvm::alignTo(kernel.smemBytesPerBlock + device.smemReservedPerBlock,
                    device.smemAllocUnit);
  if (allocated > limit)
    return cannotLaunch(llvm::Twine(kernel.smemBytesPerBlock) +
                        " bytes of shared memory allocate " +
                        llvm::Twine(allocated) + " bytes, above the " +
                        llvm::Twine(limit) + " a block may use");
  if (allocated == 0)
    return kUnlimited;
  return device.smemPerSM / allocated;
}

} // namespace

llvm::StringRef
mlir::roller::stringifyOccupancyLimiter(OccupancyLimiter limiter) {
  switch (limiter) {
  case OccupancyLimiter::Blocks:
    return "blocks";
  case OccupancyLimiter::Warps:
    return "warps";
  case OccupancyLimiter::Registers:
    return "registers";
  case OccupancyLimiter::SharedMemory:
    return "shared_memory";
  }
  llvm_unreachable("unknown OccupancyLimiter");
}

llvm::Expected<Occupancy>
mlir::roller::computeOccupancy(const DeviceSpec &device,
                               const KernelResources &kernel) {
  // Every figure divided by below; DeviceSpec::validate guarantees them, but
  // a hand-built spec might not.
  if (device.warpSize <= 0 || device.maxThreadsPerSM < device.warpSize ||
      device.regsPerSM <= 0 || device.regAllocUnit <= 0 ||
      device.smemAllocUnit <= 0 || device.maxBlocksPerSM <= 0)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "device '" + device.name +
                                       "' lacks the occupancy figures");

  // cudaOccMaxActiveBlocksPerMultiprocessor rejects blockSize <= 0 as
  // invalid input, and cudaOccMaxBlocksPerSMWarpsLimit gives 0 blocks above
  // maxThreadsPerBlock.
  if (kernel.threadsPerBlock <= 0 ||
      kernel.threadsPerBlock > device.maxThreadsPerBlock)
    return cannotLaunch(llvm::Twine(kernel.threadsPerBlock) +
                        " threads per block are outside [1, " +
                        llvm::Twine(device.maxThreadsPerBlock) + "]");
  // cudaOccRegAllocationMaxPerThread allows 256 on sm_70+, but the CUDA
  // Programming Guide gives 255 as the most a thread can use, the figure
  // DeviceSpec::maxRegsPerThread holds; the stricter bound is kept.
  if (kernel.regsPerThread < 0 ||
      kernel.regsPerThread > device.maxRegsPerThread)
    return cannotLaunch(llvm::Twine(kernel.regsPerThread) +
                        " registers per thread are outside [0, " +
                        llvm::Twine(device.maxRegsPerThread) + "]");
  if (kernel.smemBytesPerBlock < 0)
    return cannotLaunch("negative shared memory size");

  const int64_t warpsPerBlock =
      llvm::divideCeil(kernel.threadsPerBlock, device.warpSize);
  llvm::Expected<int64_t> byRegisters =
      registersLimit(device, kernel, warpsPerBlock);
  if (!byRegisters)
    return byRegisters.takeError();
  llvm::Expected<int64_t> bySharedMemory = sharedMemoryLimit(device, kernel);
  if (!bySharedMemory)
    return bySharedMemory.takeError();

  // Mirrors cudaOccMaxBlocksPerMultiprocessor through the device field: the
  // presets hold the header's value for their chip (32 on sm_70/80/90).
  const std::pair<OccupancyLimiter, int64_t> limits[] = {
      {OccupancyLimiter::Blocks, device.maxBlocksPerSM},
      {OccupancyLimiter::Warps, warpsLimit(device, warpsPerBlock)},
      {OccupancyLimiter::Registers, *byRegisters},
      {OccupancyLimiter::SharedMemory, *bySharedMemory},
  };
  // min_element keeps the first of equal minima, the tie order documented.
  const auto *binding = std::min_element(
      std::begin(limits), std::end(limits),
      [](const auto &a, const auto &b) { return a.second < b.second; });
  if (binding->second == 0)
    return cannotLaunch("no block fits on an SM (limited by " +
                        stringifyOccupancyLimiter(binding->first) + ")");

  Occupancy result;
  result.blocksPerSM = binding->second;
  result.limiter = binding->first;
  result.warpsPerSM = result.blocksPerSM * warpsPerBlock;
  result.fraction = double(result.warpsPerSM) /
                    double(device.maxThreadsPerSM / device.warpSize);
  return result;
}

int64_t mlir::roller::getFullWave(const DeviceSpec &device,
                                  int64_t blocksPerSM) {
  return device.smCount * std::max<int64_t>(blocksPerSM, 1);
}

Waves mlir::roller::computeWaves(const DeviceSpec &device, int64_t blocks,
                                 int64_t blocksPerSM) {
  assert(blocks >= 0 && "negative grid size");
  assert(blocksPerSM >= 1 && device.smCount >= 1 &&
         "the device must hold at least one block");
  Waves result;
  result.blocks = blocks;
  if (blocks <= 0 || blocksPerSM <= 0 || device.smCount <= 0)
    return result;
  // Every wave occupies the whole device for the same time whether full or
  // not (the blocks are assumed uniform), so the last partial wave costs as
  // much as a full one.
  const int64_t perWave = getFullWave(device, blocksPerSM);
  result.waves = llvm::divideCeil(blocks, perWave);
  result.efficiency = double(blocks) / double(result.waves * perWave);
  return result;
}

int64_t mlir::roller::getRegisterBudget(const DeviceSpec &device,
                                        int64_t threadsPerBlock,
                                        int64_t blocksPerSM) {
  const int64_t parts = subPartitionsPerSM(device);
  if (device.warpSize <= 0 || device.regAllocUnit <= 0 || parts <= 0 ||
      threadsPerBlock <= 0 || blocksPerSM <= 0)
    return 0;
  // registersLimit solved for the registers a warp may be allocated: both
  // per-block checks, and enough warps per sub-partition for blocksPerSM.
  const int64_t warps = llvm::divideCeil(threadsPerBlock, device.warpSize);
  const int64_t warpsPerPart = llvm::divideCeil(blocksPerSM * warps, parts);
  int64_t perWarp =
      std::min<int64_t>(device.regsPerBlock / llvm::alignTo(warps, parts),
                        device.regsPerSM / parts / warpsPerPart);
  // Allocations are whole units, so a thread may use what the largest
  // whole-unit allocation within that holds.
  perWarp -= perWarp % device.regAllocUnit;
  return std::min(device.maxRegsPerThread, perWarp / device.warpSize);
}
