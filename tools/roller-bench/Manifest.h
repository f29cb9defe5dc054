//===- Manifest.h - The prepared folder roller-bench reads ------*- C++ -*-===//
//
// bench/gpu/prepare.sh writes a folder with a manifest (format
// "roller-bench-1") naming the device and, per operator, its semantics
// (bench/suite/gen_suite.py --describe) and its top-k candidates. Each
// candidate is a launch description and the PTX that
// `roller-opt --convert-to-nvvm --ptx-file=...` wrote. These are the folder's
// contents as plain structs; the readers throw json::Error on anything
// malformed.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TOOLS_ROLLER_BENCH_MANIFEST_H
#define ROLLER_TOOLS_ROLLER_BENCH_MANIFEST_H

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace roller::bench {

/// The device the candidates were selected for; its peaks give the roofline.
struct DeviceInfo {
  std::string name, chip;
  double peakF32Tflops = 0, peakF16TensorTflops = 0, hbmGBps = 0;
  int64_t smemPerBlock = 0, memoryBytes = 0;
};

struct LoopDesc {
  int64_t size;
  bool reduction;
};

struct TensorDesc {
  std::vector<int64_t> shape;
  std::string element;
  // Per tensor dimension: (loop, coefficient) terms.
  std::vector<std::vector<std::pair<int, int64_t>>> index;
};

/// An operator's semantics: a loop nest whose output element combines input
/// elements at affine indices (enough for the reference to evaluate it).
struct OpDesc {
  std::string type, summary, combine;
  std::vector<LoopDesc> loops;
  std::vector<TensorDesc> inputs;
  TensorDesc output;
  double init = 0, flops = 0, bytes = 0;
};

/// One operand of a launch: a memref (a descriptor of 3 + 2 * rank
/// parameters) or a scalar with its constant value.
struct Operand {
  bool memref = false;
  std::string type, element;
  std::vector<int64_t> shape, strides;
  int64_t offset = 0, funcArg = -1, params = 1;
  bool hasValue = false;
  double value = 0;
};

struct Launch {
  std::string kernel, module, func;
  int64_t grid[3], block[3];
  int64_t dynamicSmem = 0;
  std::vector<Operand> operands;
  std::vector<std::string> argTypes;
};

struct Candidate {
  int rank = 0;
  std::string launchFile;
  std::map<std::string, std::string> ptx; // module -> path
  double predictedUs = -1;
};

struct Op {
  std::string id, suite, func, skipped;
  OpDesc desc;
  std::vector<Candidate> candidates;
};

struct Manifest {
  std::string dir;
  DeviceInfo device;
  int topK = 1;
  std::vector<Op> ops;
};

/// Reads manifest.json; the candidates' paths come out relative to its
/// folder.
Manifest loadManifest(const std::string &path);

/// The launches of a launch description file, parsed once: every operator
/// of a rank shares one file.
const std::vector<Launch> &loadLaunches(const std::string &file);

} // namespace roller::bench

#endif // ROLLER_TOOLS_ROLLER_BENCH_MANIFEST_H
