//===- Device.cpp - Hardware description used by the ROLLER model ---------===//
//
// Comparison, lookup and consistency checking of DeviceSpec. validate() is the
// single gate every description passes before the analysis uses it (presets,
// JSON files and the `#roller.device` attribute alike), so it checks every
// field the model divides by, multiplies or indexes with: a description it
// accepts must not be able to crash or overflow later code.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Device.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <charconv>
#include <cmath>

using namespace mlir::roller;

llvm::StringRef mlir::roller::stringifyMemLevelKind(MemLevelKind kind) {
  switch (kind) {
  case MemLevelKind::Global:
    return "global";
  case MemLevelKind::Shared:
    return "shared";
  case MemLevelKind::Register:
    return "register";
  }
  // A value cast in from outside the enumerators; never abort on user data.
  return "unknown";
}

std::optional<MemLevelKind>
mlir::roller::symbolizeMemLevelKind(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<MemLevelKind>>(name)
      .Case("global", MemLevelKind::Global)
      .Case("shared", MemLevelKind::Shared)
      .Case("register", MemLevelKind::Register)
      .Default(std::nullopt);
}

bool MemLevel::operator==(const MemLevel &other) const {
  return kind == other.kind && capacityBytes == other.capacityBytes &&
         bandwidthGBps == other.bandwidthGBps &&
         transactionBytes == other.transactionBytes && banks == other.banks &&
         bankWidthBytes == other.bankWidthBytes &&
         achievableGBps == other.achievableGBps &&
         roundTripNs == other.roundTripNs &&
         loadLatencyNs == other.loadLatencyNs;
}

bool PeakThroughput::operator==(const PeakThroughput &other) const {
  return elementType == other.elementType &&
         cudaCoreTflops == other.cudaCoreTflops &&
         tensorCoreTflops == other.tensorCoreTflops;
}

bool MmaShape::operator==(const MmaShape &other) const {
  return m == other.m && n == other.n && k == other.k &&
         inputType == other.inputType && accType == other.accType;
}

bool DeviceSpec::operator==(const DeviceSpec &other) const {
  return name == other.name && chip == other.chip && smCount == other.smCount &&
         warpSize == other.warpSize &&
         warpSchedulersPerSM == other.warpSchedulersPerSM &&
         clockMHz == other.clockMHz &&
         maxThreadsPerBlock == other.maxThreadsPerBlock &&
         maxThreadsPerSM == other.maxThreadsPerSM &&
         maxBlocksPerSM == other.maxBlocksPerSM &&
         maxRegsPerThread == other.maxRegsPerThread &&
         regsPerSM == other.regsPerSM && regsPerBlock == other.regsPerBlock &&
         regAllocUnit == other.regAllocUnit &&
         smemPerBlock == other.smemPerBlock && smemPerSM == other.smemPerSM &&
         smemReservedPerBlock == other.smemReservedPerBlock &&
         smemAllocUnit == other.smemAllocUnit && l2Bytes == other.l2Bytes &&
         l2GBps == other.l2GBps && launchNs == other.launchNs &&
         peaks == other.peaks && mmaShapes == other.mmaShapes &&
         levels == other.levels;
}

std::optional<std::array<int64_t, 3>>
DeviceSpec::getMmaSyncShape(llvm::StringRef inputType) {
  if (inputType == "f16" || inputType == "bf16")
    return std::array<int64_t, 3>{16, 8, 16};
  if (inputType == "tf32")
    return std::array<int64_t, 3>{16, 8, 8};
  return std::nullopt;
}

bool DeviceSpec::hasMmaSyncFor(llvm::StringRef inputType) const {
  std::optional<std::array<int64_t, 3>> mma = getMmaSyncShape(inputType);
  if (!mma || computeCapability() < 80)
    return false;
  return llvm::any_of(mmaShapes, [&](const MmaShape &shape) {
    return shape.m == (*mma)[0] && shape.n == (*mma)[1] &&
           shape.k == (*mma)[2] && shape.inputType == inputType &&
           shape.accType == "f32";
  });
}

int64_t DeviceSpec::computeCapability() const {
  llvm::StringRef rest = chip;
  if (!rest.consume_front("sm_"))
    return 0;
  // Two or three digits with no leading zero: sm_70 ... sm_120.
  if (rest.size() < 2 || rest.size() > 3 || rest.front() == '0' ||
      !llvm::all_of(rest, llvm::isDigit))
    return 0;
  int64_t value = 0;
  rest.getAsInteger(10, value);
  return value;
}

const MemLevel *DeviceSpec::getLevel(MemLevelKind kind) const {
  for (const MemLevel &level : levels)
    if (level.kind == kind)
      return &level;
  return nullptr;
}

const PeakThroughput *DeviceSpec::getPeak(llvm::StringRef elementType) const {
  for (const PeakThroughput &peak : peaks)
    if (peak.elementType == elementType)
      return &peak;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// validate()
//===----------------------------------------------------------------------===//

namespace {

/// Element types the model knows the size of, in MLIR spelling.
constexpr llvm::StringLiteral kElementTypes[] = {
    "f64",    "f32", "tf32", "f16", "bf16", "f8E4M3FN",
    "f8E5M2", "i64", "i32",  "i16", "i8",   "i4"};

/// Upper bounds that keep every product the model forms (threads x registers,
/// SMs x capacity, tile bytes x banks, ...) far away from int64 overflow. Real
/// devices are several orders of magnitude below them.
constexpr int64_t kMaxCount = int64_t(1) << 32;
constexpr int64_t kMaxBytes = int64_t(1) << 50;
/// TFLOP/s, GB/s and MHz above this are typos, not hardware.
constexpr double kMaxRate = 1e9;

bool isKnownElementType(llvm::StringRef type) {
  return llvm::is_contained(kElementTypes, type);
}

std::string fmt(int64_t value) { return std::to_string(value); }

/// Shortest text that reads back as the same double.
std::string fmt(double value) {
  char buf[64];
  auto result = std::to_chars(buf, buf + sizeof(buf), value);
  return std::string(buf, result.ptr);
}

/// Checks a count or size field: positive (or non-negative) and bounded.
std::optional<std::string> checkInt(llvm::StringRef key, int64_t value,
                                    bool allowZero, int64_t max) {
  if (value < 0 || (!allowZero && value == 0))
    return (key +
            (allowZero ? " must not be negative (got "
                       : " must be positive (got ") +
            fmt(value) + ")")
        .str();
  if (value > max)
    return (key + " (" + fmt(value) + ") exceeds the limit " + fmt(max)).str();
  return std::nullopt;
}

std::optional<std::string> checkRate(llvm::StringRef key, double value,
                                     bool allowZero) {
  if (!std::isfinite(value))
    return (key + " must be a finite number").str();
  if (value < 0 || (!allowZero && value == 0))
    return (key +
            (allowZero ? " must not be negative (got "
                       : " must be positive (got ") +
            fmt(value) + ")")
        .str();
  if (value > kMaxRate)
    return (key + " (" + fmt(value) + ") exceeds the limit " + fmt(kMaxRate))
        .str();
  return std::nullopt;
}

} // namespace

std::optional<std::string> DeviceSpec::validate() const {
  if (name.empty())
    return std::string("name must not be empty");
  if (computeCapability() == 0)
    return "chip '" + chip + "' is not of the form sm_<NN>";
  // The occupancy rules, MMA shapes and shared-memory carve-outs the model
  // encodes start with Volta.
  if (computeCapability() < 70)
    return "chip '" + chip + "' is older than sm_70, the oldest supported";

#define ROLLER_CHECK(expr)                                                     \
  if (std::optional<std::string> reason = (expr))                              \
    return reason;

  ROLLER_CHECK(checkInt("sm_count", smCount, false, kMaxCount));
  ROLLER_CHECK(checkInt("warp_size", warpSize, false, 1024));
  if (!llvm::isPowerOf2_64(warpSize))
    return "warp_size must be a power of two (got " + fmt(warpSize) + ")";
  ROLLER_CHECK(
      checkInt("warp_schedulers_per_sm", warpSchedulersPerSM, false, 64));
  ROLLER_CHECK(checkRate("clock_mhz", clockMHz, false));

  ROLLER_CHECK(
      checkInt("max_threads_per_block", maxThreadsPerBlock, false, kMaxCount));
  if (maxThreadsPerBlock % warpSize != 0)
    return "max_threads_per_block must be a multiple of warp_size (got " +
           fmt(maxThreadsPerBlock) + " and " + fmt(warpSize) + ")";
  ROLLER_CHECK(
      checkInt("max_threads_per_sm", maxThreadsPerSM, false, kMaxCount));
  if (maxThreadsPerSM % warpSize != 0)
    return "max_threads_per_sm must be a multiple of warp_size (got " +
           fmt(maxThreadsPerSM) + " and " + fmt(warpSize) + ")";
  if (maxThreadsPerBlock > maxThreadsPerSM)
    return "max_threads_per_block (" + fmt(maxThreadsPerBlock) +
           ") exceeds max_threads_per_sm (" + fmt(maxThreadsPerSM) + ")";
  ROLLER_CHECK(checkInt("max_blocks_per_sm", maxBlocksPerSM, false, kMaxCount));

  ROLLER_CHECK(
      checkInt("max_regs_per_thread", maxRegsPerThread, false, kMaxCount));
  ROLLER_CHECK(checkInt("regs_per_sm", regsPerSM, false, kMaxCount));
  ROLLER_CHECK(checkInt("regs_per_block", regsPerBlock, false, kMaxCount));
  if (regsPerBlock > regsPerSM)
    return "regs_per_block (" + fmt(regsPerBlock) + ") exceeds regs_per_sm (" +
           fmt(regsPerSM) + ")";
  if (maxRegsPerThread > regsPerBlock)
    return "max_regs_per_thread (" + fmt(maxRegsPerThread) +
           ") exceeds regs_per_block (" + fmt(regsPerBlock) + ")";
  ROLLER_CHECK(checkInt("reg_alloc_unit", regAllocUnit, false, kMaxCount));
  if (regAllocUnit > regsPerSM)
    return "reg_alloc_unit (" + fmt(regAllocUnit) + ") exceeds regs_per_sm (" +
           fmt(regsPerSM) + ")";

  ROLLER_CHECK(checkInt("smem_per_block", smemPerBlock, false, kMaxBytes));
  ROLLER_CHECK(checkInt("smem_per_sm", smemPerSM, false, kMaxBytes));
  if (smemPerBlock > smemPerSM)
    return "smem_per_block (" + fmt(smemPerBlock) + ") exceeds smem_per_sm (" +
           fmt(smemPerSM) + ")";
  ROLLER_CHECK(checkInt("smem_reserved_per_block", smemReservedPerBlock, true,
                        kMaxBytes));
  // The driver adds the reservation to every block, so even the largest block
  // must still fit on one SM with it.
  if (smemPerBlock + smemReservedPerBlock > smemPerSM)
    return "smem_per_block (" + fmt(smemPerBlock) +
           ") plus smem_reserved_per_block (" + fmt(smemReservedPerBlock) +
           ") exceeds smem_per_sm (" + fmt(smemPerSM) + ")";
  ROLLER_CHECK(checkInt("smem_alloc_unit", smemAllocUnit, false, kMaxBytes));
  if (smemAllocUnit > smemPerSM)
    return "smem_alloc_unit (" + fmt(smemAllocUnit) +
           ") exceeds smem_per_sm (" + fmt(smemPerSM) + ")";
  ROLLER_CHECK(checkInt("l2_bytes", l2Bytes, true, kMaxBytes));
  ROLLER_CHECK(checkRate("l2_gbps", l2GBps, true));
  ROLLER_CHECK(checkRate("launch_ns", launchNs, true));

  if (peaks.empty())
    return std::string("peaks must list at least one element type");
  for (auto [i, peak] : llvm::enumerate(peaks)) {
    std::string at = "peaks[" + std::to_string(i) + "]";
    if (!isKnownElementType(peak.elementType))
      return at + ": unknown element_type '" + peak.elementType + "'";
    for (size_t j = 0; j < i; ++j)
      if (peaks[j].elementType == peak.elementType)
        return at + ": duplicate element_type '" + peak.elementType + "'";
    ROLLER_CHECK(checkRate(at + ".cuda_core_tflops", peak.cudaCoreTflops,
                           /*allowZero=*/true));
    ROLLER_CHECK(checkRate(at + ".tensor_core_tflops", peak.tensorCoreTflops,
                           /*allowZero=*/true));
  }

  for (auto [i, shape] : llvm::enumerate(mmaShapes)) {
    std::string at = "mma_shapes[" + std::to_string(i) + "]";
    ROLLER_CHECK(checkInt(at + ".m", shape.m, false, 1024));
    ROLLER_CHECK(checkInt(at + ".n", shape.n, false, 1024));
    ROLLER_CHECK(checkInt(at + ".k", shape.k, false, 1024));
    if (!isKnownElementType(shape.inputType))
      return at + ": unknown input_type '" + shape.inputType + "'";
    if (!isKnownElementType(shape.accType))
      return at + ": unknown acc_type '" + shape.accType + "'";
    for (size_t j = 0; j < i; ++j)
      if (mmaShapes[j] == shape)
        return at + ": duplicate of mma_shapes[" + std::to_string(j) + "]";
  }

  // Kinds first: the load direction is the numeric order of the kinds, so
  // the list must follow it strictly.
  for (auto [i, level] : llvm::enumerate(levels)) {
    if (stringifyMemLevelKind(level.kind) == "unknown")
      return "levels[" + std::to_string(i) + "] has an unknown kind (" +
             fmt(int64_t(level.kind)) + ")";
    if (i > 0 && uint32_t(level.kind) <= uint32_t(levels[i - 1].kind))
      return std::string("memory levels must be ordered global, shared, "
                         "register with each kind at most once");
  }
  // Ordered, so a global level can only be the first.
  if (levels.empty() || levels.front().kind != MemLevelKind::Global)
    return std::string("levels must include a 'global' level");
  for (const MemLevel &level : levels) {
    llvm::StringRef kindName = stringifyMemLevelKind(level.kind);
    std::string at = ("level '" + kindName + "'").str();
    ROLLER_CHECK(checkInt(at + " capacity_bytes", level.capacityBytes, false,
                          kMaxBytes));
    ROLLER_CHECK(checkRate(at + " bandwidth_gbps", level.bandwidthGBps, false));
    ROLLER_CHECK(checkRate(at + " achievable_gbps", level.achievableGBps,
                           /*allowZero=*/true));
    if (level.achievableGBps > level.bandwidthGBps)
      return at + " achievable_gbps (" + fmt(level.achievableGBps) +
             ") exceeds its bandwidth_gbps (" + fmt(level.bandwidthGBps) + ")";
    ROLLER_CHECK(checkRate(at + " round_trip_ns", level.roundTripNs,
                           /*allowZero=*/true));
    ROLLER_CHECK(checkRate(at + " load_latency_ns", level.loadLatencyNs,
                           /*allowZero=*/true));
    ROLLER_CHECK(checkInt(at + " transaction_bytes", level.transactionBytes,
                          false, kMaxBytes));
    ROLLER_CHECK(checkInt(at + " banks", level.banks, true, 1024));
    ROLLER_CHECK(
        checkInt(at + " bank_width_bytes", level.bankWidthBytes, true, 1024));
    if (level.banks > 0 && level.bankWidthBytes == 0)
      return at + " has banks but bank_width 0";
    if (level.banks == 0 && level.bankWidthBytes > 0)
      return at + " has bank_width " + fmt(level.bankWidthBytes) +
             " but no banks";
    if (level.kind == MemLevelKind::Shared && level.capacityBytes != smemPerSM)
      return at + " capacity_bytes (" + fmt(level.capacityBytes) +
             ") differs from smem_per_sm (" + fmt(smemPerSM) + ")";
    // Registers are 32 bits wide.
    if (level.kind == MemLevelKind::Register &&
        level.capacityBytes != regsPerSM * 4)
      return at + " capacity_bytes (" + fmt(level.capacityBytes) +
             ") differs from regs_per_sm * 4 (" + fmt(regsPerSM * 4) + ")";
  }
#undef ROLLER_CHECK
  return std::nullopt;
}
