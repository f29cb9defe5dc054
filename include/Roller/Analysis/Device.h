//===- Device.h - Hardware description used by the ROLLER model -*- C++ -*-===//
//
// A plain description of an NVIDIA GPU: its execution units and its memory
// hierarchy. Everything the rTile construction and the micro-performance model
// need to know about a device lives here, so that the analysis can run (and be
// tested) without MLIR IR. The `#roller.device` attribute is a one-to-one
// image of this struct.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ANALYSIS_DEVICE_H
#define ROLLER_ANALYSIS_DEVICE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::roller {

/// The memory levels ROLLER stages data tiles through, outermost first. The
/// numeric order is the direction of a load: a load moves a tile from a level
/// to a strictly greater one, a store to a strictly smaller one.
enum class MemLevelKind : uint32_t { Global = 0, Shared = 1, Register = 2 };

/// Returns "global", "shared" or "register".
llvm::StringRef stringifyMemLevelKind(MemLevelKind kind);
/// Parses the spelling produced by stringifyMemLevelKind.
std::optional<MemLevelKind> symbolizeMemLevelKind(llvm::StringRef name);

/// One level of the memory hierarchy.
struct MemLevel {
  MemLevelKind kind = MemLevelKind::Global;
  /// Bytes the level holds. Global: device memory. Shared: per SM (the
  /// per-block limit is DeviceSpec::smemPerBlock). Register: register file
  /// bytes per SM.
  int64_t capacityBytes = 0;
  /// Aggregate bandwidth of the level over the whole device, in GB/s (1e9
  /// bytes per second). The model divides it evenly among the units using it.
  double bandwidthGBps = 0;
  /// Bytes of one memory transaction (sector) at this level.
  int64_t transactionBytes = 0;
  /// Number of banks (0 when the level is not banked).
  int64_t banks = 0;
  /// Width of one bank in bytes (0 when the level is not banked).
  int64_t bankWidthBytes = 0;
  /// The bandwidth a streaming kernel measurably sustains, in GB/s, at most
  /// `bandwidthGBps` (DRAM refresh, ECC, page misses and controller
  /// turnarounds keep HBM below its pin rate). 0 when no measurement is known:
  /// the model then uses the peak.
  double achievableGBps = 0;
  /// The shortest life of a block that reads this level once, in ns: its
  /// launch, one load's round trip, its store and its exit, measured with
  /// one-shot streaming kernels at low occupancy (docs/devices.md R11). 0 when
  /// no measurement is known: the latency stage then charges no round trip
  /// (with no load latency either, there is no latency stage).
  double roundTripNs = 0;
  /// The latency of one load that misses every cache, in ns: a dependent
  /// pointer chase through a footprint larger than the L2, at low occupancy
  /// (docs/devices.md R12). A reduction step waits for its copy this long
  /// when nothing hides it. 0 when no measurement is known: the model then
  /// charges the steps nothing.
  double loadLatencyNs = 0;

  bool operator==(const MemLevel &other) const;

  /// The rate the model divides traffic by: the achievable bandwidth when
  /// known, the peak otherwise.
  double getSustainedGBps() const {
    return achievableGBps > 0 ? achievableGBps : bandwidthGBps;
  }
};

/// Peak arithmetic throughput for one element type, dense, in TFLOP/s (TOP/s
/// for integers). 0 means the unit does not support the type.
struct PeakThroughput {
  /// MLIR spelling of the element type: "f64", "f32", "tf32", "f16", "bf16",
  /// "i8".
  std::string elementType;
  double cudaCoreTflops = 0;
  double tensorCoreTflops = 0;

  bool operator==(const PeakThroughput &other) const;
};

/// One warp-level MMA instruction shape the tensor cores execute.
struct MmaShape {
  int64_t m = 0, n = 0, k = 0;
  /// MLIR spelling of the input (A/B) element type.
  std::string inputType;
  /// MLIR spelling of the accumulator element type.
  std::string accType;

  bool operator==(const MmaShape &other) const;
};

/// An NVIDIA GPU as the ROLLER model sees it.
struct DeviceSpec {
  std::string name;
  /// Target chip, e.g. "sm_80" or "sm_90".
  std::string chip;
  int64_t smCount = 0;
  int64_t warpSize = 0;
  /// Warp schedulers (SM sub-partitions, each with its own register file
  /// slice) per SM; below one resident warp each, an SM issues below peak.
  int64_t warpSchedulersPerSM = 0;
  double clockMHz = 0;
  int64_t maxThreadsPerBlock = 0;
  int64_t maxThreadsPerSM = 0;
  int64_t maxBlocksPerSM = 0;
  int64_t maxRegsPerThread = 0;
  int64_t regsPerSM = 0;
  int64_t regsPerBlock = 0;
  /// Registers are allocated per warp in units of this many registers.
  int64_t regAllocUnit = 0;
  /// Largest shared memory one block may use (the opt-in limit).
  int64_t smemPerBlock = 0;
  int64_t smemPerSM = 0;
  /// Shared memory the driver reserves for every resident block.
  int64_t smemReservedPerBlock = 0;
  /// Shared memory is allocated per block in units of this many bytes.
  int64_t smemAllocUnit = 0;
  int64_t l2Bytes = 0;
  /// The bandwidth the L2 measurably sustains to all SMs, in GB/s, for a
  /// footprint it holds (docs/devices.md R14). Every block's tile traffic
  /// passes through it; only what misses it reaches DRAM. 0 when not
  /// measured: the model then charges all tile traffic at DRAM rate.
  double l2GBps = 0;
  /// What one more kernel adds to a stream of back-to-back launches beyond
  /// its own life, in ns: the interval between tiny kernels, less the round
  /// trip every kernel's prediction already charges (R13, docs/devices.md).
  /// 0 when not measured.
  double launchNs = 0;
  std::vector<PeakThroughput> peaks;
  std::vector<MmaShape> mmaShapes;
  /// Memory levels, outermost (global) first, each kind at most once.
  std::vector<MemLevel> levels;

  bool operator==(const DeviceSpec &other) const;

  /// Returns the reason this description is unusable, or std::nullopt when it
  /// is consistent (positive sizes, known chip, levels in order, ...).
  std::optional<std::string> validate() const;

  /// Compute capability as an integer, e.g. 90 for "sm_90"; 0 if malformed.
  int64_t computeCapability() const;

  /// The mma.sync shape Roller emits for `inputType` inputs: m16n8k16 for
  /// "f16" and "bf16", m16n8k8 for "tf32" (one 256-bit row of A either way).
  static std::optional<std::array<int64_t, 3>>
  getMmaSyncShape(llvm::StringRef inputType);

  /// Whether GEMMs of `inputType` ("f16", "bf16", "tf32") inputs can run on
  /// this device's tensor cores as Roller emits them: mma.sync of
  /// getMmaSyncShape into f32 accumulators, which needs sm_80 or later.
  bool hasMmaSyncFor(llvm::StringRef inputType) const;

  /// The level of the given kind, or nullptr when the device does not model
  /// it.
  const MemLevel *getLevel(MemLevelKind kind) const;

  /// The peak throughput entry for an element type, or nullptr.
  const PeakThroughput *getPeak(llvm::StringRef elementType) const;

  /// A further kernel's launch in microseconds: launchNs where measured,
  /// else `unmeasuredUs`.
  double getLaunchUs(double unmeasuredUs) const {
    return launchNs > 0 ? launchNs * 1e-3 : unmeasuredUs;
  }
};

/// The preset Roller targets when neither an option nor the module names a
/// device.
constexpr llvm::StringLiteral kDefaultDevicePreset = "h200";

/// Names of the built-in presets ("v100", "a100", "h100", "h200").
llvm::ArrayRef<llvm::StringRef> getDevicePresetNames();

/// The built-in preset with this name, or nullptr. Every figure is cited in
/// docs/devices.md.
const DeviceSpec *lookupDevicePreset(llvm::StringRef name);

/// Parses a device description written as JSON (the schema of toJSON).
llvm::Expected<DeviceSpec> parseDeviceJSON(llvm::StringRef text);

/// Resolves a user's device selection: a preset name, or the path of a JSON
/// file. The result is validated.
llvm::Expected<DeviceSpec> resolveDevice(llvm::StringRef nameOrPath);

/// Serializes a description to JSON, the format parseDeviceJSON reads.
std::string toJSON(const DeviceSpec &spec);

} // namespace mlir::roller

#endif // ROLLER_ANALYSIS_DEVICE_H
