//===- roller-emu.cpp - Run one PTX kernel on the emulator ----------------===//
//
// Runs one launch of a launch description (the JSON `roller-opt
// --convert-to-nvvm --ptx-file=` writes, or one written by hand for PTX
// from another compiler;
// docs/emulator.md gives the format) with buffers read from and written to
// .npy files, under the emulator's sanitizer, and optionally prints its
// counters. Exit status: 0 clean, 1 findings, 2 bad input.
//
//===----------------------------------------------------------------------===//

#include "LaunchDescription.h"
#include "Npy.h"

#include "Roller/Emulator/Emulator.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

using namespace roller;
using namespace roller::emu;

namespace {

const char *const kUsage =
    R"(usage: roller-emu [options] KERNELS.ptx LAUNCH.json

Runs one launch of LAUNCH.json (as written by roller-opt --convert-to-nvvm
--ptx-file=...) on the PTX emulator, under its sanitizer.

  --launch=N          the launch to run (default 0)
  --in=I:FILE.npy     operand I's initial contents (default: zeros)
  --fill=I:SEED       fill operand I with the deterministic pattern SEED
                      (small integers; docs/emulator.md gives the formula)
  --out=I:FILE.npy    write operand I after the launch
  --written=I:PREFIX  write PREFIX.index.npy, the linear indices (int64) of
                      the elements of operand I the launch stored to, and
                      PREFIX.value.npy, their values
  --block=X,Y,Z       run only this block (repeatable)
  --sample            run only the first, the last and a middle block
  --scalar=I:VALUE    the value of scalar operand I
  --no-sanitize       skip race, cp.async and initialization checks (bounds
                      and alignment are always checked)
  --counters=FILE     write the launch's counters as JSON ('-': stdout)
  --max-findings=N    findings printed in full (default 20)
  --trace             print each instruction warp 0 of the first block runs
Exit status: 0 no findings, 1 findings, 2 bad input.
)";

[[noreturn]] void fail(const std::string &message) {
  std::fprintf(stderr, "roller-emu: %s\n", message.c_str());
  std::exit(2);
}

bool readFile(const std::string &path, std::string &text) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::stringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

/// I:PATH
std::pair<size_t, std::string> operandAndPath(const std::string &value,
                                              const char *flag) {
  size_t colon = value.find(':');
  char *end = nullptr;
  unsigned long index = std::strtoul(value.c_str(), &end, 10);
  if (colon == std::string::npos || end != value.c_str() + colon || colon == 0)
    fail(std::string(flag) + " expects OPERAND:VALUE, got '" + value + "'");
  return {size_t(index), value.substr(colon + 1)};
}

} // namespace

int main(int argc, char **argv) {
  std::string ptxPath, launchPath, countersPath;
  size_t launchIndex = 0;
  std::map<size_t, std::string> inputs, outputs, written, scalars;
  std::map<size_t, uint64_t> fills;
  LaunchOptions options;
  bool sample = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const char *flag) -> std::string {
      return arg.substr(std::strlen(flag));
    };
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (arg.rfind("--launch=", 0) == 0) {
      launchIndex = std::strtoul(value("--launch=").c_str(), nullptr, 10);
    } else if (arg.rfind("--in=", 0) == 0) {
      auto [index, path] = operandAndPath(value("--in="), "--in");
      inputs[index] = path;
    } else if (arg.rfind("--fill=", 0) == 0) {
      auto [index, text] = operandAndPath(value("--fill="), "--fill");
      fills[index] = std::strtoull(text.c_str(), nullptr, 10);
    } else if (arg.rfind("--out=", 0) == 0) {
      auto [index, path] = operandAndPath(value("--out="), "--out");
      outputs[index] = path;
    } else if (arg.rfind("--written=", 0) == 0) {
      auto [index, path] = operandAndPath(value("--written="), "--written");
      written[index] = path;
    } else if (arg.rfind("--scalar=", 0) == 0) {
      auto [index, text] = operandAndPath(value("--scalar="), "--scalar");
      scalars[index] = text;
    } else if (arg.rfind("--block=", 0) == 0) {
      Dim3 block{0, 0, 0};
      if (std::sscanf(value("--block=").c_str(), "%u,%u,%u", &block.x, &block.y,
                      &block.z) < 1)
        fail("--block expects X[,Y[,Z]]");
      options.blocks.push_back(block);
    } else if (arg == "--sample") {
      sample = true;
    } else if (arg == "--trace") {
      options.trace = true;
    } else if (arg == "--no-sanitize") {
      options.sanitize = false;
    } else if (arg.rfind("--counters=", 0) == 0) {
      countersPath = value("--counters=");
      options.counters = true;
    } else if (arg.rfind("--max-findings=", 0) == 0) {
      options.maxFindings =
          unsigned(std::strtoul(value("--max-findings=").c_str(), nullptr, 10));
    } else if (!arg.empty() && arg[0] == '-') {
      fail("unknown option '" + arg + "' (see --help)");
    } else if (ptxPath.empty()) {
      ptxPath = arg;
    } else if (launchPath.empty()) {
      launchPath = arg;
    } else {
      fail("unexpected argument '" + arg + "'");
    }
  }
  if (ptxPath.empty() || launchPath.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }

  std::string ptxText, launchText;
  if (!readFile(ptxPath, ptxText))
    fail("cannot read '" + ptxPath + "'");
  if (!readFile(launchPath, launchText))
    fail("cannot read '" + launchPath + "'");
  std::vector<emutool::Launch> launches;
  std::string error;
  if (!emutool::parseLaunches(launchText, launches, error))
    fail(launchPath + ": " + error);
  if (launchIndex >= launches.size())
    fail(launchPath + " describes " + std::to_string(launches.size()) +
         " launches; --launch=" + std::to_string(launchIndex) +
         " is not one of them");
  emutool::Launch &launch = launches[launchIndex];

  GlobalMemory memory;
  HostModuleAllocator allocator(memory);
  ErrorOr<std::unique_ptr<LoadedModule>> module =
      LoadedModule::load(ptxText, ptxPath, allocator);
  if (!module)
    fail(module.message());
  const Program *program = (*module)->findKernel(launch.kernel);
  if (!program)
    fail(ptxPath + " has no kernel '" + launch.kernel + "'");

  emutool::Buffers buffers;
  if (!emutool::prepareBuffers(launch, *program, inputs, fills, scalars, memory,
                               buffers, error))
    fail(error);
  for (const auto &[index, path] : outputs)
    if (!buffers.isBuffer(index))
      fail("--out=" + std::to_string(index) + ": operand " +
           std::to_string(index) + " is not a buffer");
  for (const auto &[index, path] : written)
    if (!buffers.isBuffer(index))
      fail("--written=" + std::to_string(index) + ": operand " +
           std::to_string(index) + " is not a buffer");
  // An empty grid is the launch's error below, not a division by zero here.
  if (sample && launch.config.grid.count() != 0) {
    uint64_t blocks = launch.config.grid.count();
    auto at = [&](uint64_t linear) {
      const Dim3 &g = launch.config.grid;
      return Dim3{uint32_t(linear % g.x), uint32_t(linear / g.x % g.y),
                  uint32_t(linear / (uint64_t(g.x) * g.y))};
    };
    options.blocks = {at(0)};
    if (blocks > 2)
      options.blocks.push_back(at(blocks / 2));
    if (blocks > 1)
      options.blocks.push_back(at(blocks - 1));
  }
  if (!written.empty())
    options.onGlobalWrite = [&](uint64_t address, unsigned size) {
      buffers.noteWrite(address, size);
    };

  ErrorOr<LaunchReport> report =
      emu::launch(*program, launch.config, buffers.argumentPointers(),
                  buffers.argumentCount(), memory, options);
  if (!report)
    fail(report.message());
  std::fputs(formatFindings(*report).c_str(), stderr);

  for (const auto &[index, path] : outputs)
    if (!npy::write(path, buffers.toArray(index), error))
      fail(error);
  for (const auto &[index, prefix] : written)
    if (!npy::write(prefix + ".index.npy", buffers.writtenIndices(index),
                    error) ||
        !npy::write(prefix + ".value.npy", buffers.writtenValues(index), error))
      fail(error);
  if (!countersPath.empty()) {
    std::string json =
        countersToJson(*program, launch.config, report->counters);
    if (launch.assumedBankConflict > 0) {
      json.pop_back();
      char text[64];
      std::snprintf(text, sizeof text, ", \"model_bank_conflict\": %g}",
                    launch.assumedBankConflict);
      json += text;
    }
    if (countersPath == "-") {
      std::printf("%s\n", json.c_str());
    } else {
      std::ofstream out(countersPath);
      out << json << "\n";
      if (!out)
        fail("cannot write '" + countersPath + "'");
    }
  }
  return report->findingCount ? 1 : 0;
}
