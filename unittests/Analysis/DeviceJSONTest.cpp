//===- DeviceJSONTest.cpp - Device files and resolveDevice ----------------===//
//
// JSON device files (parseDeviceJSON, toJSON): every preset round
// trips, each field and each malformed file gets its error; and
// resolveDevice: preset names, files, and files based on a preset.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Device.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "TestDevices.h"
#include "gtest/gtest.h"

using namespace mlir::roller;
using namespace mlir::roller::test;

namespace {

/// The message of a failed Expected, or "<success>".
template <typename T> std::string errorOf(llvm::Expected<T> value) {
  if (value)
    return "<success>";
  return llvm::toString(value.takeError());
}

/// A temporary file holding `text`, removed when the object dies.
struct TempFile {
  llvm::SmallString<128> path;
  explicit TempFile(llvm::StringRef text) {
    int fd;
    std::error_code ec =
        llvm::sys::fs::createTemporaryFile("roller-device", "json", fd, path);
    EXPECT_FALSE(ec) << ec.message();
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
  }
  ~TempFile() { llvm::sys::fs::remove(path); }
};

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

TEST(DeviceTest, JSONRoundTripsEveryPreset) {
  for (llvm::StringRef name : getDevicePresetNames()) {
    std::string text = toJSON(preset(name));
    llvm::Expected<DeviceSpec> parsed = parseDeviceJSON(text);
    ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
    EXPECT_EQ(*parsed, preset(name)) << text;
    EXPECT_EQ(toJSON(*parsed), text);
  }
  std::string text = toJSON(preset("h200"));
  // Readable numbers, keys in the struct's order.
  EXPECT_NE(text.find("\"clock_mhz\": 1980,"), std::string::npos) << text;
  EXPECT_NE(text.find("\"bandwidth_gbps\": 33454.08,"), std::string::npos);
  EXPECT_LT(text.find("\"name\""), text.find("\"sm_count\""));
  EXPECT_LT(text.find("\"l2_bytes\""), text.find("\"levels\""));
}

TEST(DeviceTest, JSONBaseOverridesOnlyGivenKeys) {
  llvm::Expected<DeviceSpec> parsed = parseDeviceJSON(R"({
    "base": "h200",
    "name": "h200-test",
    "smem_per_sm": 116736,
    "peaks": [{"element_type": "f16", "tensor_core_tflops": 500},
              {"element_type": "i4", "cuda_core_tflops": 1}],
    "levels": [{"kind": "shared", "capacity_bytes": 116736}]
  })");
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  DeviceSpec expected = preset("h200");
  expected.name = "h200-test";
  expected.smemPerSM = 116736;
  expected.levels[1].capacityBytes = 116736;
  for (PeakThroughput &peak : expected.peaks)
    if (peak.elementType == "f16")
      peak.tensorCoreTflops = 500;
  expected.peaks.push_back({"i4", 1, 0});
  EXPECT_EQ(*parsed, expected);
  // Parsing checks structure only; the per-block limit is now too large.
  EXPECT_EQ(parsed->validate().value_or("<valid>"),
            "smem_per_block (232448) exceeds smem_per_sm (116736)");

  // The patch docs/devices.md shows for the 32 GB V100 validates.
  parsed = parseDeviceJSON(R"({"base": "v100", "levels": [
      {"kind": "global", "capacity_bytes": 34359738368}]})");
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->validate(), std::nullopt);
  EXPECT_EQ(parsed->levels[0].capacityBytes, 32 * GiB);
  EXPECT_EQ(parsed->levels[0].bandwidthGBps, 900);
  EXPECT_EQ(parsed->levels[0].achievableGBps, 826);

  // The V100 PCIe the bench/model table was measured on: a clock, the peaks
  // and the clock-derived levels replaced, the measured HBM kept.
  parsed = parseDeviceJSON(R"({"base": "v100", "name": "v100-pcie",
      "clock_mhz": 1380, "peaks": [{"element_type": "f32",
      "cuda_core_tflops": 14.0}], "levels": [{"kind": "global",
      "achievable_gbps": 800}, {"kind": "shared", "bandwidth_gbps": 14131.2}]})");
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->validate(), std::nullopt);
  EXPECT_EQ(parsed->getPeak("f32")->cudaCoreTflops, 14.0);
  EXPECT_EQ(parsed->levels[0].bandwidthGBps, 900);
  EXPECT_EQ(parsed->levels[0].achievableGBps, 800);
  EXPECT_EQ(parsed->levels[1].bandwidthGBps, 14131.2);

  // A measured round trip patched onto a preset.
  parsed = parseDeviceJSON(R"({"base": "a100", "name": "a100-measured",
      "levels": [{"kind": "global", "round_trip_ns": 690.5}]})");
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->validate(), std::nullopt);
  EXPECT_EQ(parsed->levels[0].roundTripNs, 690.5);
  EXPECT_EQ(parsed->levels[0].bandwidthGBps, 2039);

  // And a measured load latency.
  parsed = parseDeviceJSON(R"({"base": "h200", "name": "h200-measured",
      "levels": [{"kind": "global", "load_latency_ns": 420}]})");
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->validate(), std::nullopt);
  EXPECT_EQ(parsed->levels[0].loadLatencyNs, 420);
  EXPECT_EQ(parsed->levels[0].roundTripNs,
            preset("h200").levels[0].roundTripNs);

  // And a measured launch.
  parsed = parseDeviceJSON(R"({"base": "a100", "name": "a100-measured",
      "launch_ns": 2500})");
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->validate(), std::nullopt);
  EXPECT_EQ(parsed->launchNs, 2500);
  EXPECT_EQ(parsed->getLaunchUs(2.0), 2.5);

  // And the L2's bandwidth (R14), which survives a round trip through JSON.
  parsed = parseDeviceJSON(R"({"base": "h200", "name": "h200-l2",
      "l2_gbps": 9769.1})");
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->validate(), std::nullopt);
  EXPECT_EQ(parsed->l2GBps, 9769.1);
  llvm::Expected<DeviceSpec> again = parseDeviceJSON(toJSON(*parsed));
  ASSERT_TRUE(bool(again)) << llvm::toString(again.takeError());
  EXPECT_EQ(*again, *parsed);

  // mma_shapes replaces the base list.
  parsed = parseDeviceJSON(R"({"base": "a100", "mma_shapes": [
      {"m": 16, "n": 8, "k": 16, "input_type": "f16", "acc_type": "f32"}]})");
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->mmaShapes,
            (std::vector<MmaShape>{{16, 8, 16, "f16", "f32"}}));
  EXPECT_EQ(parsed->smCount, 108);

  // Without a base the description starts empty.
  parsed = parseDeviceJSON("{}");
  ASSERT_TRUE(bool(parsed));
  EXPECT_EQ(*parsed, DeviceSpec());
}

TEST(DeviceTest, JSONErrorsNameThePath) {
  const std::vector<std::pair<const char *, const char *>> cases = {
      {R"({"base": "h200", "sm_count": "132"})",
       "sm_count: expected an integer"},
      {R"({"base": "h200", "sm_count": 1.5})", "sm_count: expected an integer"},
      {R"({"clock_mhz": true})", "clock_mhz: expected a number"},
      {R"({"name": 3})", "name: expected a string"},
      {R"({"base": 1})", "base: expected a string"},
      {R"({"base": "h300"})",
       "base: unknown preset 'h300': expected one of v100, a100, h100, h200"},
      {R"({"levels": [{"kind": "global"}, {"kind": "l1"}]})",
       "levels[1].kind: expected one of global, shared, register"},
      {R"({"levels": [{"kind": 0}]})",
       "levels[0].kind: expected one of global, shared, register"},
      {R"({"levels": [{"kind": "global"}, {"kind": "global"}]})",
       "levels[1].kind: duplicate level 'global'"},
      {R"({"levels": [{"kind": "global", "capacity": 1}]})",
       "levels[0].capacity: unknown key (expected one of: kind, "
       "capacity_bytes, bandwidth_gbps, transaction_bytes, banks, "
       "bank_width_bytes, achievable_gbps, round_trip_ns, load_latency_ns)"},
      {R"({"levels": [{"kind": "shared", "banks": "32"}]})",
       "levels[0].banks: expected an integer"},
      {R"({"levels": [{}]})", "levels[0]: missing key 'kind'"},
      {R"({"levels": [1]})", "levels[0]: expected an object"},
      {R"({"levels": {}})", "levels: expected an array"},
      {R"({"peaks": [{"cuda_core_tflops": 1}]})",
       "peaks[0]: missing key 'element_type'"},
      {R"({"peaks": [{"element_type": "f16", "tflops": 1}]})",
       "peaks[0].tflops: unknown key (expected one of: element_type, "
       "cuda_core_tflops, tensor_core_tflops)"},
      {R"({"peaks": [{"element_type": "f16"}, {"element_type": "f16"}]})",
       "peaks[1].element_type: duplicate element type 'f16'"},
      {R"({"mma_shapes": [{"m": 16, "n": 8, "input_type": "f16",
                           "acc_type": "f32"}]})",
       "mma_shapes[0]: missing key 'k'"},
      {R"({"mma_shapes": [{"m": 16, "n": 8, "k": 8, "input_type": "f16",
                           "acc_type": "f32", "layout": "row"}]})",
       "mma_shapes[0].layout: unknown key (expected one of: m, n, k, "
       "input_type, acc_type)"},
      {"[]", "expected a JSON object at the top level"},
  };
  for (auto [text, expected] : cases)
    EXPECT_EQ(errorOf(parseDeviceJSON(text)), expected) << text;

  std::string typo = errorOf(parseDeviceJSON(R"({"base": "h200",
                                                 "sm_cont": 1})"));
  EXPECT_EQ(typo.rfind("sm_cont: unknown key (expected one of: base, name, "
                       "chip, sm_count, ",
                       0),
            0u)
      << typo;
  EXPECT_EQ(errorOf(parseDeviceJSON("{")).rfind("invalid JSON: ", 0), 0u);
}

//===----------------------------------------------------------------------===//
// resolveDevice()
//===----------------------------------------------------------------------===//

TEST(DeviceTest, ResolveByName) {
  llvm::Expected<DeviceSpec> spec = resolveDevice("a100");
  ASSERT_TRUE(bool(spec)) << llvm::toString(spec.takeError());
  EXPECT_EQ(*spec, preset("a100"));
  EXPECT_EQ(errorOf(resolveDevice("h300")),
            "unknown device 'h300': expected one of v100, a100, h100, h200 or "
            "the path of a JSON device file");
}

TEST(DeviceTest, ResolveFile) {
  TempFile file(R"({"base": "h200", "name": "mine", "l2_bytes": 1048576})");
  llvm::Expected<DeviceSpec> spec = resolveDevice(file.path);
  ASSERT_TRUE(bool(spec)) << llvm::toString(spec.takeError());
  EXPECT_EQ(spec->name, "mine");
  EXPECT_EQ(spec->l2Bytes, 1048576);
  EXPECT_EQ(spec->smCount, 132);

  TempFile invalid(R"({"base": "h200", "warp_size": 0})");
  EXPECT_EQ(errorOf(resolveDevice(invalid.path)),
            "device file '" + invalid.path.str().str() +
                "': warp_size must be positive (got 0)");

  TempFile typo(R"({"base": "h200", "levels": [{"kind": "L2"}]})");
  EXPECT_EQ(errorOf(resolveDevice(typo.path)),
            "device file '" + typo.path.str().str() +
                "': levels[0].kind: expected one of global, shared, register");
}

TEST(DeviceTest, ResolveMissingFile) {
  EXPECT_EQ(errorOf(resolveDevice("/nonexistent/roller/dev.json")),
            "cannot read device file '/nonexistent/roller/dev.json': No such "
            "file or directory");
  EXPECT_EQ(errorOf(resolveDevice("missing-device.json")),
            "cannot read device file 'missing-device.json': No such file or "
            "directory");
  llvm::SmallString<128> dir;
  llvm::sys::path::system_temp_directory(/*erasedOnReboot=*/true, dir);
  EXPECT_EQ(errorOf(resolveDevice(dir)), "cannot read device file '" +
                                             dir.str().str() +
                                             "': it is a directory");
}

#ifdef ROLLER_EXAMPLES_DIR
// Build with -DROLLER_EXAMPLES_DIR="<source>/examples" to check the shipped
// example file too.
TEST(DeviceTest, ExampleHalfSmemFile) {
  llvm::Expected<DeviceSpec> spec =
      resolveDevice(ROLLER_EXAMPLES_DIR "/devices/h200-half-smem.json");
  ASSERT_TRUE(bool(spec)) << llvm::toString(spec.takeError());
  EXPECT_EQ(spec->name, "h200-half-smem");
  // Half of the SM's 228 KB; everything else is the base's.
  DeviceSpec expected = preset("h200");
  expected.name = "h200-half-smem";
  expected.smemPerSM = 114 * KiB;
  expected.smemPerBlock = 113 * KiB;
  expected.levels[1].capacityBytes = 114 * KiB;
  EXPECT_EQ(*spec, expected);
}
#endif

} // namespace
