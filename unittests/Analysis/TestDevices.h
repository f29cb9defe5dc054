//===- TestDevices.h - Device presets for the analysis tests ----*- C++ -*-===//

#ifndef ROLLER_UNITTESTS_ANALYSIS_TESTDEVICES_H
#define ROLLER_UNITTESTS_ANALYSIS_TESTDEVICES_H

#include "Roller/Analysis/Device.h"

#include "gtest/gtest.h"

namespace mlir::roller::test {

/// The built-in preset `name`; fails the test (and returns an empty
/// description rather than crashing) when it does not exist.
inline const DeviceSpec &preset(llvm::StringRef name) {
  const DeviceSpec *spec = lookupDevicePreset(name);
  EXPECT_NE(spec, nullptr) << name.str();
  static const DeviceSpec empty;
  return spec ? *spec : empty;
}

inline const DeviceSpec &h200() { return preset("h200"); }

/// Byte units of the capacities the device tests compare.
constexpr int64_t KiB = 1024;
constexpr int64_t MiB = 1024 * KiB;
constexpr int64_t GiB = 1024 * MiB;

} // namespace mlir::roller::test

#endif // ROLLER_UNITTESTS_ANALYSIS_TESTDEVICES_H
