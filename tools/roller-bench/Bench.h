//===- Bench.h - Check and time candidates on the GPU -----------*- C++ -*-===//
//
// For each operator, Bench fills the inputs deterministically on the device,
// computes a reference (cuBLAS for matmuls, otherwise a direct loop-nest
// kernel that accumulates in double), then for each candidate loads the PTX
// (cuModuleLoadData), launches it the way the launch description says,
// compares the output with the reference and times it with CUDA events.
// It prints one line per operator and writes the records of Results.h.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TOOLS_ROLLER_BENCH_BENCH_H
#define ROLLER_TOOLS_ROLLER_BENCH_BENCH_H

#include "CudaLibraries.h"
#include "DeviceKernels.h"
#include "Manifest.h"
#include "Options.h"
#include "Timing.h"
#include "Validation.h"

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roller::bench {

/// RAII device buffer.
struct DeviceBuffer {
  void *ptr = nullptr;
  size_t bytes = 0;
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t n) : bytes(n) {
    check(cudaMalloc(&ptr, std::max<size_t>(n, 16)), "cudaMalloc");
  }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer(DeviceBuffer &&o) noexcept : ptr(o.ptr), bytes(o.bytes) {
    o.ptr = nullptr;
  }
  ~DeviceBuffer() {
    if (ptr)
      cudaFree(ptr);
  }
};

/// The device memory of one operator's run: its filled inputs, the f32
/// output every candidate writes, the reference, and the scratch buffers of
/// the candidate being timed.
struct OperatorBuffers {
  OperatorBuffers(std::vector<DeviceBuffer> filledInputs, int64_t outputCount)
      : inputs(std::move(filledInputs)), outCount(outputCount),
        output(size_t(outCount) * 4), reference(size_t(outCount) * 4) {}

  std::vector<DeviceBuffer> inputs;
  int64_t outCount;
  DeviceBuffer output, reference;
  std::vector<DeviceBuffer> scratch;
};

class Bench {
public:
  Bench(const Options &options, const Manifest &manifest)
      : opts(options), manifest(manifest), timer(options) {}

  /// Sets up CUDA; false (with a message) when there is no GPU.
  bool init();

  /// Checks and times the candidates of `op` that the options' ranks select
  /// (`plans` and `problems` from validate(), per candidate).
  void runOp(const Op &op, const std::vector<Plan> &plans,
             const std::vector<std::vector<std::string>> &problems);

private:
  /// Loads cuBLAS on first use (only matmuls need it).
  void loadCublas();

  /// Fills `buffers.reference`; returns the reference's name ("cublas" or
  /// "kernel") and sets `libraryMs` to cuBLAS's time when it computed it.
  std::string computeReference(const Op &op, OperatorBuffers &buffers,
                               double &libraryMs);
  double cublasReference(const Op &op, OperatorBuffers &buffers);
  void kernelReference(const Op &op, OperatorBuffers &buffers);

  /// Loads, checks and times one valid candidate; `head` starts its
  /// records. Returns its median ms when it counts (correct, or not
  /// checked), nothing when it failed. A fault in the candidate's kernels
  /// throws a GpuError: the context is lost.
  std::optional<double> timeCandidate(const std::string &head,
                                      const Candidate &cand, const Plan &plan,
                                      OperatorBuffers &buffers, float tol,
                                      double predictedMs);

  /// Loads the PTX modules of the plan's launches and finds their kernels;
  /// returns what failed, or an empty string.
  std::string loadModules(const Candidate &cand, const Plan &plan,
                          std::map<std::string, CUmodule> &modules,
                          std::vector<CUfunction> &functions);
  void unloadModules(const std::map<std::string, CUmodule> &modules);

  void flush();

  CompareResult compare(const float *out, const float *ref, int64_t n,
                        float tol);

  const Options &opts;
  const Manifest &manifest;
  EventTimer timer;
  Driver driver;
  Cublas cublas;
  bool cublasTried = false;
  std::string deviceName;
  int l2Bytes = 0;
  cudaStream_t stream = nullptr;
  void *flushBuffer = nullptr;
  size_t flushBytes = 0;
  CompareResult *compareResult = nullptr;
};

} // namespace roller::bench

#endif // ROLLER_TOOLS_ROLLER_BENCH_BENCH_H
