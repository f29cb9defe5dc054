//===- EmulatorTestSupport.h - Running hand-written PTX in tests -*- C++
//-*-===//
//
// A fixture for the emulator's tests: a GlobalAllocator and GlobalMemory as
// a runtime would keep them, loading of PTX text, device buffers (host
// memory registered as AllocationKind::Buffer) and a launcher returning the
// LaunchReport. Tests write their kernels by hand, in the style LLVM's NVPTX
// back end emits, in raw string literals.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_UNITTESTS_EMULATOR_EMULATORTESTSUPPORT_H
#define ROLLER_UNITTESTS_EMULATOR_EMULATORTESTSUPPORT_H

#include "Roller/Emulator/Emulator.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace roller::emu::test {

using TestAllocator = HostModuleAllocator;

/// A module's text: the header, then `body` starting on line 5.
inline std::string ptxModule(const std::string &body,
                             const std::string &target = "sm_90") {
  return ".version 8.0\n.target " + target + "\n.address_size 64\n\n" + body;
}

/// The 1-based line of the first line of `text` containing `needle`, 0 if
/// none does.
inline unsigned lineOf(const std::string &text, const std::string &needle) {
  size_t at = text.find(needle);
  if (at == std::string::npos)
    return 0;
  unsigned line = 1;
  for (size_t i = 0; i < at; ++i)
    line += text[i] == '\n';
  return line;
}

/// A pointer as a kernel argument.
inline uint64_t ptr(const void *p) { return reinterpret_cast<uint64_t>(p); }

/// The number of findings of `kind` kept in the report.
inline unsigned countFindings(const LaunchReport &report, Finding::Kind kind) {
  unsigned n = 0;
  for (const Finding &finding : report.findings)
    n += finding.kind == kind;
  return n;
}

/// The first kept finding of `kind`, or null.
inline const Finding *findFinding(const LaunchReport &report,
                                  Finding::Kind kind) {
  for (const Finding &finding : report.findings)
    if (finding.kind == kind)
      return &finding;
  return nullptr;
}

/// `text` with `from` replaced by `to`, which must occur once: seeds a
/// defect into a correct kernel.
inline std::string seed(std::string text, const std::string &from,
                        const std::string &to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "no '" << from << "' to replace";
  if (at == std::string::npos)
    return text;
  EXPECT_EQ(text.find(from, at + 1), std::string::npos) << from;
  text.replace(at, from.size(), to);
  return text;
}

class EmulatorTest : public ::testing::Test {
protected:
  ~EmulatorTest() override {
    modules.clear();
    for (void *buffer : buffers) {
      memory.remove(reinterpret_cast<uint64_t>(buffer));
      std::free(buffer);
    }
  }

  /// Loads `ptx` and returns kernel `kernel` (the first one when empty);
  /// a failed load is a test failure and gives null.
  const Program *load(const std::string &ptx, const std::string &kernel = "") {
    ErrorOr<std::unique_ptr<LoadedModule>> loaded =
        LoadedModule::load(ptx, "test.ptx", allocator);
    if (!loaded) {
      ADD_FAILURE() << "load failed: " << loaded.message() << "\n" << ptx;
      return nullptr;
    }
    modules.push_back(loaded.take());
    const LoadedModule &module = *modules.back();
    if (kernel.empty())
      return module.kernels().front().get();
    const Program *program = module.findKernel(kernel);
    if (!program)
      ADD_FAILURE() << "no kernel " << kernel;
    return program;
  }

  /// The error of loading `ptx`, which must fail.
  std::string loadError(const std::string &ptx) {
    ErrorOr<std::unique_ptr<LoadedModule>> loaded =
        LoadedModule::load(ptx, "test.ptx", allocator);
    if (loaded) {
      ADD_FAILURE() << "the module loaded but should not have:\n" << ptx;
      modules.push_back(loaded.take());
      return "";
    }
    return loaded.message();
  }

  /// `count` elements of device-accessible memory holding `fill`.
  template <typename T> T *buffer(size_t count, T fill = T()) {
    size_t bytes = std::max<size_t>(count * sizeof(T), 1);
    void *p = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
    T *typed = static_cast<T *>(p);
    for (size_t i = 0; i < count; ++i)
      typed[i] = fill;
    EXPECT_TRUE(memory.add(reinterpret_cast<uint64_t>(p), bytes,
                           AllocationKind::Buffer,
                           "#" + std::to_string(buffers.size())));
    buffers.push_back(p);
    return typed;
  }
  template <typename T> T *buffer(const std::vector<T> &values) {
    T *p = buffer<T>(values.size());
    std::memcpy(p, values.data(), values.size() * sizeof(T));
    return p;
  }

  /// Launches `program`; every argument is passed as 8 bytes of which the
  /// kernel's parameter takes its size (little endian: a u32 parameter gets
  /// the low half).
  ErrorOr<LaunchReport> tryRun(const Program *program, Dim3 grid, Dim3 block,
                               const std::vector<uint64_t> &args,
                               const LaunchOptions &options = {},
                               uint64_t dynamicShared = 0) {
    if (!program)
      return makeError("no program");
    std::vector<const void *> pointers;
    for (const uint64_t &arg : args)
      pointers.push_back(&arg);
    LaunchConfig config;
    config.grid = grid;
    config.block = block;
    config.dynamicSharedBytes = dynamicShared;
    lastConfig = config;
    return launch(*program, config, pointers.data(), pointers.size(), memory,
                  options);
  }

  /// Launches `program`, which must be accepted; a rejected launch is a
  /// test failure and gives a report with completed = false.
  LaunchReport run(const Program *program, Dim3 grid, Dim3 block,
                   const std::vector<uint64_t> &args,
                   const LaunchOptions &options = {},
                   uint64_t dynamicShared = 0) {
    ErrorOr<LaunchReport> report =
        tryRun(program, grid, block, args, options, dynamicShared);
    if (!report) {
      ADD_FAILURE() << "launch rejected: " << report.message();
      LaunchReport failed;
      failed.completed = false;
      failed.findingCount = 1;
      return failed;
    }
    return report.take();
  }

  /// Launches a kernel that must run to completion without findings.
  LaunchReport runClean(const Program *program, Dim3 grid, Dim3 block,
                        const std::vector<uint64_t> &args,
                        LaunchOptions options = {},
                        uint64_t dynamicShared = 0) {
    LaunchReport report =
        run(program, grid, block, args, options, dynamicShared);
    EXPECT_TRUE(report.completed);
    EXPECT_EQ(report.findingCount, 0u) << formatFindings(report);
    return report;
  }

  /// Runs `text` and expects a finding of `kind` whose line is the line of
  /// `lineText` in `text` and whose message names that line and the kind.
  LaunchReport expectFinding(const std::string &text, Finding::Kind kind,
                             const std::string &lineText, Dim3 grid, Dim3 block,
                             const std::vector<uint64_t> &args,
                             LaunchOptions options = {},
                             uint64_t dynamicShared = 0) {
    const Program *program = load(text);
    LaunchReport report =
        run(program, grid, block, args, options, dynamicShared);
    EXPECT_GT(report.findingCount, 0u);
    const Finding *finding = findFinding(report, kind);
    EXPECT_NE(finding, nullptr)
        << "no " << findingKindName(kind) << " finding; findings:\n"
        << formatFindings(report);
    unsigned line = lineOf(text, lineText);
    EXPECT_NE(line, 0u) << lineText;
    if (finding) {
      EXPECT_EQ(finding->line, line) << finding->message;
      EXPECT_NE(finding->message.find("PTX line " + std::to_string(line)),
                std::string::npos)
          << finding->message;
      EXPECT_NE(finding->message.find(findingKindName(kind)), std::string::npos)
          << finding->message;
    }
    return report;
  }

  GlobalMemory memory;
  TestAllocator allocator{memory};
  std::vector<std::unique_ptr<LoadedModule>> modules;
  std::vector<void *> buffers;
  LaunchConfig lastConfig;
};

} // namespace roller::emu::test

#endif // ROLLER_UNITTESTS_EMULATOR_EMULATORTESTSUPPORT_H
