//===- DeviceTest.cpp - Tests of DeviceSpec and its presets ---------------===//
//
// Figures are compared with concrete values taken from the sources cited in
// DevicePresets.cpp, so a mistyped figure fails here rather than skewing the
// model's estimates quietly. JSON device files and resolveDevice are
// DeviceJSONTest.cpp's.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Device.h"

#include "TestDevices.h"
#include "gtest/gtest.h"

#include <cmath>
#include <functional>

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

//===----------------------------------------------------------------------===//
// Enum and accessors
//===----------------------------------------------------------------------===//

TEST(DeviceTest, MemLevelKindSpelling) {
  for (MemLevelKind kind :
       {MemLevelKind::Global, MemLevelKind::Shared, MemLevelKind::Register})
    EXPECT_EQ(symbolizeMemLevelKind(stringifyMemLevelKind(kind)), kind);
  EXPECT_EQ(stringifyMemLevelKind(MemLevelKind::Shared), "shared");
  EXPECT_EQ(symbolizeMemLevelKind("Global"), std::nullopt);
  EXPECT_EQ(symbolizeMemLevelKind("l1"), std::nullopt);
}

TEST(DeviceTest, ComputeCapability) {
  DeviceSpec spec;
  for (auto [chip, cc] :
       std::vector<std::pair<const char *, int64_t>>{{"sm_70", 70},
                                                     {"sm_90", 90},
                                                     {"sm_100", 100},
                                                     {"sm_9x", 0},
                                                     {"sm_9", 0},
                                                     {"sm_090", 0},
                                                     {"sm_1000", 0},
                                                     {"compute_90", 0},
                                                     {"", 0}}) {
    spec.chip = chip;
    EXPECT_EQ(spec.computeCapability(), cc) << chip;
  }
}

TEST(DeviceTest, Accessors) {
  const DeviceSpec &h200 = preset("h200");
  ASSERT_NE(h200.getLevel(MemLevelKind::Shared), nullptr);
  EXPECT_EQ(h200.getLevel(MemLevelKind::Shared)->banks, 32);
  ASSERT_NE(h200.getPeak("bf16"), nullptr);
  EXPECT_DOUBLE_EQ(h200.getPeak("bf16")->tensorCoreTflops, 989.4);
  EXPECT_EQ(h200.getPeak("f8E4M3FN"), nullptr);
  DeviceSpec noRegs = h200;
  noRegs.levels.pop_back();
  EXPECT_EQ(noRegs.getLevel(MemLevelKind::Register), nullptr);
  EXPECT_FALSE(noRegs == h200);
}

//===----------------------------------------------------------------------===//
// Presets
//===----------------------------------------------------------------------===//

TEST(DeviceTest, PresetNames) {
  std::vector<std::string> names;
  for (llvm::StringRef name : getDevicePresetNames())
    names.push_back(name.str());
  EXPECT_EQ(names, (std::vector<std::string>{"v100", "a100", "h100", "h200"}));
  EXPECT_EQ(lookupDevicePreset("H200"), nullptr);
  EXPECT_EQ(lookupDevicePreset("b200"), nullptr);
}

TEST(DeviceTest, EveryPresetValidates) {
  for (llvm::StringRef name : getDevicePresetNames()) {
    const DeviceSpec &spec = preset(name);
    EXPECT_EQ(spec.name, name.str());
    EXPECT_EQ(spec.validate(), std::nullopt) << name.str();
    ASSERT_EQ(spec.levels.size(), 3u) << name.str();
    for (llvm::StringRef type : {"f64", "f32", "tf32", "f16", "bf16", "i8"})
      EXPECT_NE(spec.getPeak(type), nullptr) << name.str() << " " << type.str();
    // The derivation rules of docs/devices.md.
    const MemLevel *shared = spec.getLevel(MemLevelKind::Shared);
    EXPECT_DOUBLE_EQ(shared->bandwidthGBps,
                     128.0 * spec.smCount * spec.clockMHz / 1e3);
    EXPECT_EQ(shared->capacityBytes, spec.smemPerSM);
    EXPECT_EQ(shared->transactionBytes, 128);
    EXPECT_EQ(shared->bankWidthBytes, 4);
    EXPECT_EQ(spec.getLevel(MemLevelKind::Global)->transactionBytes, 32);
    EXPECT_EQ(spec.getLevel(MemLevelKind::Register)->capacityBytes, 256 * KiB);
    EXPECT_EQ(spec.regsPerSM, 65536);
    EXPECT_EQ(spec.maxRegsPerThread, 255);
    EXPECT_EQ(spec.maxThreadsPerSM, 2048);
    EXPECT_EQ(spec.maxBlocksPerSM, 32);
    EXPECT_EQ(spec.regAllocUnit, 256);
  }
}

TEST(DeviceTest, V100Figures) {
  const DeviceSpec &v = preset("v100");
  EXPECT_EQ(v.chip, "sm_70");
  EXPECT_EQ(v.computeCapability(), 70);
  EXPECT_EQ(v.smCount, 80);
  EXPECT_EQ(v.clockMHz, 1530);
  EXPECT_EQ(v.smemPerSM, 96 * KiB);
  EXPECT_EQ(v.smemPerBlock, 96 * KiB);
  EXPECT_EQ(v.smemReservedPerBlock, 0);
  EXPECT_EQ(v.smemAllocUnit, 256);
  EXPECT_EQ(v.l2Bytes, 6 * MiB);
  EXPECT_EQ(v.levels[0].capacityBytes, 16 * GiB);
  EXPECT_EQ(v.levels[0].bandwidthGBps, 900);
  // Measured: the fastest ReLU of ROLLER's V100 table; the model uses it.
  EXPECT_EQ(v.levels[0].achievableGBps, 826);
  EXPECT_EQ(v.levels[0].getSustainedGBps(), 826);
  EXPECT_DOUBLE_EQ(v.levels[1].bandwidthGBps, 15667.2);
  // No measurement of the shared level: the model uses its peak.
  EXPECT_EQ(v.levels[1].achievableGBps, 0);
  EXPECT_DOUBLE_EQ(v.levels[1].getSustainedGBps(), 15667.2);
  EXPECT_DOUBLE_EQ(v.levels[2].bandwidthGBps, 94003.2);
  // R11 from [GB]'s one-shot scale kernel, two blocks of 32 threads of 16
  // bytes per SM: V100 (80 SMs) 128 GB/s, A100 80GB (108 SMs) 157, H100
  // PCIe (114 SMs) 183, H200 (132 SMs) 240.
  EXPECT_DOUBLE_EQ(v.levels[0].roundTripNs, 2 * 32 * 16 * 80 / 128.0);
  EXPECT_NEAR(v.levels[0].roundTripNs, 640.0, 0.05);
  EXPECT_DOUBLE_EQ(preset("a100").levels[0].roundTripNs,
                   2 * 32 * 16 * 108 / 157.0);
  EXPECT_NEAR(preset("a100").levels[0].roundTripNs, 704.4, 0.05);
  EXPECT_DOUBLE_EQ(preset("h100").levels[0].roundTripNs,
                   2 * 32 * 16 * 114 / 183.0);
  EXPECT_NEAR(preset("h100").levels[0].roundTripNs, 637.9, 0.05);
  EXPECT_DOUBLE_EQ(preset("h200").levels[0].roundTripNs,
                   2 * 32 * 16 * 132 / 240.0);
  EXPECT_NEAR(preset("h200").levels[0].roundTripNs, 563.2, 0.05);
  // R12 from [GB]'s pointer chase beyond the L2: cycles per load at the
  // clock of the run. V100 437.0 at 1380 MHz, A100 80GB 571.8 at 1410, H100
  // PCIe 658.4 at 1755.
  EXPECT_DOUBLE_EQ(v.levels[0].loadLatencyNs, 437.0 / 1380 * 1e3);
  EXPECT_NEAR(v.levels[0].loadLatencyNs, 316.7, 0.05);
  EXPECT_DOUBLE_EQ(preset("a100").levels[0].loadLatencyNs, 571.8 / 1410 * 1e3);
  EXPECT_NEAR(preset("a100").levels[0].loadLatencyNs, 405.5, 0.05);
  EXPECT_DOUBLE_EQ(preset("h100").levels[0].loadLatencyNs, 658.4 / 1755 * 1e3);
  EXPECT_NEAR(preset("h100").levels[0].loadLatencyNs, 375.2, 0.05);
  EXPECT_EQ(preset("h200").levels[0].loadLatencyNs,
            preset("h100").levels[0].loadLatencyNs);
  // R13 from [GB]'s back-to-back launches of the scale kernel over 4096
  // f64 (65536 bytes a kernel): A100 80GB 25 GB/s, H200 27, less the round
  // trip. The V100 and H100 have no measurement: callers fall back.
  EXPECT_DOUBLE_EQ(preset("a100").launchNs,
                   65536 / 25.0 - 2 * 32 * 16 * 108 / 157.0);
  EXPECT_NEAR(preset("a100").launchNs, 1917.0, 0.05);
  EXPECT_DOUBLE_EQ(preset("h200").launchNs,
                   65536 / 27.0 - 2 * 32 * 16 * 132 / 240.0);
  EXPECT_NEAR(preset("h200").launchNs, 1864.1, 0.05);
  EXPECT_EQ(v.launchNs, 0);
  EXPECT_EQ(preset("h100").launchNs, 0);
  // No preset lists an L2 bandwidth yet (docs/devices.md R14): their
  // predictions charge every tile at DRAM rate.
  for (llvm::StringRef name : getDevicePresetNames())
    EXPECT_EQ(preset(name).l2GBps, 0) << name.str();
  EXPECT_EQ(v.getLaunchUs(2.0), 2.0);
  EXPECT_NEAR(preset("h200").getLaunchUs(2.0), 1.8641, 1e-4);
  EXPECT_EQ(v.getPeak("f32")->cudaCoreTflops, 15.7);
  EXPECT_EQ(v.getPeak("f64")->cudaCoreTflops, 7.8);
  EXPECT_EQ(v.getPeak("f16")->tensorCoreTflops, 125);
  EXPECT_DOUBLE_EQ(v.getPeak("f16")->cudaCoreTflops, 31.3344);
  EXPECT_EQ(v.getPeak("bf16")->cudaCoreTflops, 0);
  EXPECT_EQ(v.getPeak("bf16")->tensorCoreTflops, 0);
  EXPECT_EQ(v.getPeak("tf32")->tensorCoreTflops, 0);
  EXPECT_EQ(v.getPeak("i8")->tensorCoreTflops, 0);
  ASSERT_EQ(v.mmaShapes.size(), 2u);
  EXPECT_EQ(v.mmaShapes[0], (MmaShape{8, 8, 4, "f16", "f32"}));
}

TEST(DeviceTest, A100Figures) {
  const DeviceSpec &a = preset("a100");
  EXPECT_EQ(a.chip, "sm_80");
  EXPECT_EQ(a.smCount, 108);
  EXPECT_EQ(a.clockMHz, 1410);
  EXPECT_EQ(a.smemPerSM, 164 * KiB);
  EXPECT_EQ(a.smemPerBlock, 163 * KiB);
  EXPECT_EQ(a.smemReservedPerBlock, 1024);
  EXPECT_EQ(a.smemAllocUnit, 128);
  EXPECT_EQ(a.l2Bytes, 40 * MiB);
  EXPECT_EQ(a.levels[0].capacityBytes, 80 * GiB);
  EXPECT_EQ(a.levels[0].bandwidthGBps, 2039);
  EXPECT_DOUBLE_EQ(a.levels[1].bandwidthGBps, 19491.84);
  EXPECT_DOUBLE_EQ(a.levels[2].bandwidthGBps, 116951.04);
  EXPECT_EQ(a.getPeak("f32")->cudaCoreTflops, 19.5);
  EXPECT_EQ(a.getPeak("f16")->cudaCoreTflops, 78);
  EXPECT_EQ(a.getPeak("bf16")->cudaCoreTflops, 39);
  EXPECT_EQ(a.getPeak("f16")->tensorCoreTflops, 312);
  EXPECT_EQ(a.getPeak("tf32")->tensorCoreTflops, 156);
  EXPECT_EQ(a.getPeak("f64")->tensorCoreTflops, 19.5);
  EXPECT_EQ(a.getPeak("i8")->tensorCoreTflops, 624);
  EXPECT_DOUBLE_EQ(a.getPeak("i8")->cudaCoreTflops, 19.49184);
  EXPECT_NE(llvm::find(a.mmaShapes, MmaShape{16, 8, 8, "tf32", "f32"}),
            a.mmaShapes.end());
}

TEST(DeviceTest, HopperFigures) {
  const DeviceSpec &h100 = preset("h100");
  const DeviceSpec &h200 = preset("h200");
  for (const DeviceSpec *h : {&h100, &h200}) {
    EXPECT_EQ(h->chip, "sm_90");
    EXPECT_EQ(h->computeCapability(), 90);
    EXPECT_EQ(h->smCount, 132);
    EXPECT_EQ(h->clockMHz, 1980);
    EXPECT_EQ(h->smemPerSM, 228 * KiB);
    EXPECT_EQ(h->smemPerBlock, 227 * KiB);
    EXPECT_EQ(h->smemReservedPerBlock, 1024);
    EXPECT_DOUBLE_EQ(h->levels[1].bandwidthGBps, 33454.08);
    EXPECT_DOUBLE_EQ(h->levels[2].bandwidthGBps, 401448.96);
    EXPECT_EQ(h->getPeak("f32")->cudaCoreTflops, 66.9);
    EXPECT_EQ(h->getPeak("f16")->tensorCoreTflops, 989.4);
    EXPECT_EQ(h->getPeak("tf32")->tensorCoreTflops, 494.7);
    EXPECT_EQ(h->getPeak("i8")->tensorCoreTflops, 1978.9);
    EXPECT_EQ(h->getPeak("f64")->cudaCoreTflops, 33.5);
  }
  EXPECT_EQ(h100.l2Bytes, 50 * MiB);
  EXPECT_EQ(h100.levels[0].capacityBytes, 80 * GiB);
  EXPECT_EQ(h100.levels[0].bandwidthGBps, 3350);
  EXPECT_EQ(h200.l2Bytes, 60 * MiB);
  EXPECT_EQ(h200.levels[0].capacityBytes, 141 * GiB);
  EXPECT_EQ(h200.levels[0].bandwidthGBps, 4800);
  // Same die configuration: only the memory system differs.
  EXPECT_EQ(h100.peaks, h200.peaks);
  EXPECT_EQ(h100.mmaShapes, h200.mmaShapes);
}

//===----------------------------------------------------------------------===//
// validate()
//===----------------------------------------------------------------------===//

struct BadSpec {
  const char *expected;
  std::function<void(DeviceSpec &)> mutate;
};

TEST(DeviceTest, ValidateReportsEachProblem) {
  const std::vector<BadSpec> cases = {
      {"name must not be empty", [](DeviceSpec &s) { s.name.clear(); }},
      {"chip 'sm_9x' is not of the form sm_<NN>",
       [](DeviceSpec &s) { s.chip = "sm_9x"; }},
      {"chip 'sm_61' is older than sm_70, the oldest supported",
       [](DeviceSpec &s) { s.chip = "sm_61"; }},
      {"sm_count must be positive (got 0)",
       [](DeviceSpec &s) { s.smCount = 0; }},
      {"sm_count (1099511627776) exceeds the limit 4294967296",
       [](DeviceSpec &s) { s.smCount = int64_t(1) << 40; }},
      {"warp_size must be a power of two (got 24)",
       [](DeviceSpec &s) { s.warpSize = 24; }},
      {"clock_mhz must be positive (got -1)",
       [](DeviceSpec &s) { s.clockMHz = -1; }},
      {"clock_mhz must be a finite number",
       [](DeviceSpec &s) { s.clockMHz = std::nan(""); }},
      {"max_threads_per_block must be a multiple of warp_size (got 1000 and "
       "32)",
       [](DeviceSpec &s) { s.maxThreadsPerBlock = 1000; }},
      {"max_threads_per_block (4096) exceeds max_threads_per_sm (2048)",
       [](DeviceSpec &s) { s.maxThreadsPerBlock = 4096; }},
      {"max_blocks_per_sm must be positive (got 0)",
       [](DeviceSpec &s) { s.maxBlocksPerSM = 0; }},
      {"regs_per_block (131072) exceeds regs_per_sm (65536)",
       [](DeviceSpec &s) { s.regsPerBlock = 131072; }},
      {"max_regs_per_thread (70000) exceeds regs_per_block (65536)",
       [](DeviceSpec &s) { s.maxRegsPerThread = 70000; }},
      {"reg_alloc_unit must be positive (got 0)",
       [](DeviceSpec &s) { s.regAllocUnit = 0; }},
      {"smem_per_block (307200) exceeds smem_per_sm (233472)",
       [](DeviceSpec &s) { s.smemPerBlock = 300 * KiB; }},
      {"smem_per_block (233472) plus smem_reserved_per_block (1024) exceeds "
       "smem_per_sm (233472)",
       [](DeviceSpec &s) { s.smemPerBlock = 228 * KiB; }},
      {"smem_reserved_per_block must not be negative (got -1)",
       [](DeviceSpec &s) { s.smemReservedPerBlock = -1; }},
      {"smem_alloc_unit must be positive (got 0)",
       [](DeviceSpec &s) { s.smemAllocUnit = 0; }},
      {"l2_bytes must not be negative (got -5)",
       [](DeviceSpec &s) { s.l2Bytes = -5; }},
      {"peaks must list at least one element type",
       [](DeviceSpec &s) { s.peaks.clear(); }},
      {"peaks[0]: unknown element_type 'fp16'",
       [](DeviceSpec &s) { s.peaks[0].elementType = "fp16"; }},
      {"peaks[1]: duplicate element_type 'f64'",
       [](DeviceSpec &s) { s.peaks[1].elementType = "f64"; }},
      {"peaks[2].tensor_core_tflops must not be negative (got -1.5)",
       [](DeviceSpec &s) { s.peaks[2].tensorCoreTflops = -1.5; }},
      {"mma_shapes[0].m must be positive (got 0)",
       [](DeviceSpec &s) { s.mmaShapes[0].m = 0; }},
      {"mma_shapes[0]: unknown input_type 'half'",
       [](DeviceSpec &s) { s.mmaShapes[0].inputType = "half"; }},
      {"mma_shapes[6]: duplicate of mma_shapes[0]",
       [](DeviceSpec &s) { s.mmaShapes.push_back(s.mmaShapes[0]); }},
      {"levels must include a 'global' level",
       [](DeviceSpec &s) { s.levels.clear(); }},
      {"levels must include a 'global' level",
       [](DeviceSpec &s) { s.levels.erase(s.levels.begin()); }},
      {"memory levels must be ordered global, shared, register with each kind "
       "at most once",
       [](DeviceSpec &s) { std::swap(s.levels[0], s.levels[1]); }},
      {"memory levels must be ordered global, shared, register with each kind "
       "at most once",
       [](DeviceSpec &s) { std::swap(s.levels[1], s.levels[2]); }},
      {"memory levels must be ordered global, shared, register with each kind "
       "at most once",
       [](DeviceSpec &s) { s.levels[2] = s.levels[1]; }},
      {"levels[1] has an unknown kind (7)",
       [](DeviceSpec &s) { s.levels[1].kind = MemLevelKind(7); }},
      {"level 'global' bandwidth_gbps must be positive (got 0)",
       [](DeviceSpec &s) { s.levels[0].bandwidthGBps = 0; }},
      {"level 'global' transaction_bytes must be positive (got 0)",
       [](DeviceSpec &s) { s.levels[0].transactionBytes = 0; }},
      {"level 'shared' has banks but bank_width 0",
       [](DeviceSpec &s) { s.levels[1].bankWidthBytes = 0; }},
      {"level 'register' has bank_width 4 but no banks",
       [](DeviceSpec &s) { s.levels[2].bankWidthBytes = 4; }},
      {"level 'global' achievable_gbps (5000) exceeds its bandwidth_gbps "
       "(4800)",
       [](DeviceSpec &s) { s.levels[0].achievableGBps = 5000; }},
      {"level 'global' achievable_gbps must not be negative (got -1)",
       [](DeviceSpec &s) { s.levels[0].achievableGBps = -1; }},
      {"level 'global' round_trip_ns must not be negative (got -2)",
       [](DeviceSpec &s) { s.levels[0].roundTripNs = -2; }},
      {"level 'global' load_latency_ns must not be negative (got -3)",
       [](DeviceSpec &s) { s.levels[0].loadLatencyNs = -3; }},
      {"launch_ns must not be negative (got -4)",
       [](DeviceSpec &s) { s.launchNs = -4; }},
      {"l2_gbps must not be negative (got -1)",
       [](DeviceSpec &s) { s.l2GBps = -1; }},
      {"level 'shared' capacity_bytes (1000) differs from smem_per_sm "
       "(233472)",
       [](DeviceSpec &s) { s.levels[1].capacityBytes = 1000; }},
      {"level 'register' capacity_bytes (1) differs from regs_per_sm * 4 "
       "(262144)",
       [](DeviceSpec &s) { s.levels[2].capacityBytes = 1; }},
  };
  for (const BadSpec &bad : cases) {
    DeviceSpec spec = preset("h200");
    bad.mutate(spec);
    EXPECT_EQ(spec.validate().value_or("<valid>"), bad.expected);
  }
  // A default-constructed description is rejected, not crashed on.
  EXPECT_EQ(DeviceSpec().validate().value_or("<valid>"),
            "name must not be empty");
}

} // namespace
