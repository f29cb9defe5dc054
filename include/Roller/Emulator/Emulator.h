//===- Emulator.h - Launching PTX kernels on the CPU ------------*- C++ -*-===//
//
// The emulator runs a decoded kernel (Program.h) over a grid of blocks, one
// block at a time and one warp at a time within it, the 32 lanes of a warp
// in lock step with an immediate-post-dominator reconvergence stack (so that
// warp-collective instructions and per-request memory counters see the
// lanes the hardware would group). Blocks rendezvous at bar.sync as on the
// hardware. Global addresses are host addresses checked against the
// runtime's GlobalMemory.
//
// Sanitizer checks (anchored on compute-sanitizer's memcheck, racecheck,
// synccheck and initcheck) report findings naming the kernel, PTX line,
// block, thread and address. Counters, on request, count instructions by
// class, shared-memory wavefronts (bank conflicts), global sectors and
// barriers.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_EMULATOR_EMULATOR_H
#define ROLLER_EMULATOR_EMULATOR_H

#include "Roller/Emulator/Memory.h"
#include "Roller/Emulator/Program.h"
#include "Roller/Emulator/Support.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace roller::emu {

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  uint64_t count() const { return uint64_t(x) * y * z; }
};

/// Limits of the emulated device, by PTX target (NVIDIA CUDA C++
/// Programming Guide, "Compute Capabilities", table "Technical
/// Specifications per Compute Capability").
struct DeviceLimits {
  std::string chip;
  uint32_t maxThreadsPerBlock = 1024;
  uint32_t maxBlockDim[3] = {1024, 1024, 64};
  uint32_t maxGridDim[3] = {2147483647u, 65535, 65535};
  uint64_t sharedPerBlock = 48 * 1024; ///< without opt-in
  uint64_t sharedPerBlockOptin = 0;    ///< with cudaFuncAttributeMax...
  uint32_t multiprocessors = 0;        ///< %nsmid
};
/// Limits for a .target (sm_80, sm_86, sm_89, sm_90, sm_90a); an error for
/// other targets.
ErrorOr<DeviceLimits> deviceLimits(std::string_view target);

struct LaunchConfig {
  Dim3 grid, block;
  uint64_t dynamicSharedBytes = 0;
};

struct LaunchOptions {
  /// Race, barrier, cp.async and initialization checks. Bounds of global,
  /// shared and local accesses and alignment are always checked: the
  /// emulator never touches memory the kernel may not.
  bool sanitize = true;
  bool counters = false;
  /// Run only these blocks (all when empty): for large grids, a sample.
  std::vector<Dim3> blocks;
  /// Findings kept in full; the rest are counted.
  unsigned maxFindings = 20;
  /// Warp instructions after which the launch is stopped as a hang.
  uint64_t maxWarpInstructions = uint64_t(1) << 36;
  /// Called for every global store or atomic (address, bytes), e.g. to
  /// learn which output elements a sample of blocks wrote.
  std::function<void(uint64_t, unsigned)> onGlobalWrite;
  /// Prints every instruction warp 0 of the first block executes, with its
  /// lane mask, to stderr (a debugging aid).
  bool trace = false;
};

/// A problem the sanitizer found.
struct Finding {
  enum class Kind : uint8_t {
    GlobalOutOfBounds,
    SharedOutOfBounds,
    LocalOutOfBounds,
    Misaligned,
    SharedRace,
    AsyncCopyInFlight,
    UninitializedShared,
    BarrierDivergence,
    WarpDivergence,
    Trap,
    Hang,
    InvalidInstruction,
  };
  Kind kind;
  unsigned line = 0; ///< PTX line of the instruction
  std::string message;
};
const char *findingKindName(Finding::Kind kind);

/// Instruction classes of the counters.
enum class InstClass : uint8_t {
  Integer,
  Float32,
  Float16,
  Float64,
  Convert,
  Move,
  Control,
  LoadGlobal,
  StoreGlobal,
  LoadShared,
  StoreShared,
  LoadLocal,
  StoreLocal,
  LoadParam,
  AsyncCopy,
  Ldmatrix,
  Mma,
  Barrier,
  Atomic,
  WarpCollective,
  Other,
};
constexpr unsigned kNumInstClasses = unsigned(InstClass::Other) + 1;
const char *instClassName(InstClass c);

/// Per-launch counters (over the blocks that ran).
struct Counters {
  std::array<uint64_t, kNumInstClasses> warpInstructions{};
  std::array<uint64_t, kNumInstClasses> threadInstructions{};
  /// Shared-memory requests (warp-level instructions) and the wavefronts
  /// (bank passes) they took, and the fewest they could have taken with the
  /// same bytes moved. Loads and stores apart; ldmatrix and the shared side
  /// of cp.async are counted as loads and stores.
  uint64_t sharedLoadRequests = 0, sharedLoadWavefronts = 0,
           sharedLoadIdealWavefronts = 0;
  uint64_t sharedStoreRequests = 0, sharedStoreWavefronts = 0,
           sharedStoreIdealWavefronts = 0;
  /// Global requests and the 32-byte sectors they touched, and the fewest
  /// sectors the same bytes could fit in.
  uint64_t globalLoadRequests = 0, globalLoadSectors = 0,
           globalLoadIdealSectors = 0;
  uint64_t globalStoreRequests = 0, globalStoreSectors = 0,
           globalStoreIdealSectors = 0;
  uint64_t barriers = 0; ///< completed block-wide barriers
  uint64_t blocks = 0, warps = 0;
};

struct LaunchReport {
  bool completed = true;     ///< false if a fatal finding stopped it
  uint64_t findingCount = 0; ///< all findings, kept or not
  std::vector<Finding> findings;
  Counters counters;
  uint64_t blocksRun = 0;
};

/// Runs `program` over `config`. `args[i]` points at the value of parameter
/// i (as cuLaunchKernel's kernelParams). Configuration errors (argument
/// count, grid or block beyond the device, shared memory beyond the opt-in
/// limit) are returned as errors before anything runs; what happens while
/// running is in the report.
ErrorOr<LaunchReport> launch(const Program &program, const LaunchConfig &config,
                             const void *const *args, size_t numArgs,
                             const GlobalMemory &memory,
                             const LaunchOptions &options);

/// The counters as a JSON object (one line), with the kernel's name and
/// launch configuration.
std::string countersToJson(const Program &program, const LaunchConfig &config,
                           const Counters &counters);

/// A report as text: each kept finding on its own line, then a count of
/// the others.
std::string formatFindings(const LaunchReport &report);

} // namespace roller::emu

#endif // ROLLER_EMULATOR_EMULATOR_H
