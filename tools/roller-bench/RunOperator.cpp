//===- RunOperator.cpp - Check and time one operator's candidates ---------===//
//
// See Bench.h. An operator's inputs, output and reference are made once; then
// each selected candidate is loaded, launched, compared and timed, and
// the operator's line gives the rank-1 and the best time against the
// roofline of the manifest's device.
//
//===----------------------------------------------------------------------===//

#include "Bench.h"
#include "KernelArguments.h"
#include "Results.h"
#include "Support.h"

#include "../common/Json.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace roller::bench {
namespace {

double roofline(const OpDesc &d, const DeviceInfo &dev, bool &computeBound) {
  bool half = d.inputs[0].element == "f16";
  double peak = (half ? dev.peakF16TensorTflops : dev.peakF32Tflops) * 1e12;
  double computeS = peak > 0 ? d.flops / peak : 0;
  double memoryS = dev.hbmGBps > 0 ? d.bytes / (dev.hbmGBps * 1e9) : 0;
  computeBound = computeS >= memoryS;
  return std::max(computeS, memoryS) * 1e3; // ms
}

} // namespace

void Bench::runOp(const Op &op, const std::vector<Plan> &plans,
                  const std::vector<std::vector<std::string>> &problems) {
  const OpDesc &d = op.desc;
  // Inputs, filled deterministically; the output; the reference.
  std::vector<DeviceBuffer> inputs;
  for (size_t j = 0; j < d.inputs.size(); ++j) {
    const TensorDesc &t = d.inputs[j];
    int64_t n = numel(t.shape);
    inputs.emplace_back(size_t(n) * elementBytes(t.element));
    fillInput(inputs.back().ptr, t.element == "f16", n, j + 1, stream);
  }
  OperatorBuffers buffers(std::move(inputs), numel(d.output.shape));
  double libraryMs = NAN;
  std::string refName = computeReference(op, buffers, libraryMs);
  int64_t reduction = 1;
  for (const LoopDesc &l : d.loops)
    if (l.reduction)
      reduction *= l.size;
  // Exact for the integer inputs; the tolerance only covers a summation
  // that is not exact (e.g. reassociated in a wider accumulator).
  double maxTerm =
      d.combine == "mul_add" ? std::pow(2.0, double(d.inputs.size())) : 2.0;
  float tol = float(1e-6 * maxTerm * double(reduction));

  bool computeBound = false;
  double idealMs = roofline(d, manifest.device, computeBound);
  double top1 = NAN, best = NAN;
  int bestRank = 0, ok = 0;
  double predictedTop1 = NAN;

  auto opStart = std::chrono::steady_clock::now();
  for (size_t ci = 0; ci < op.candidates.size(); ++ci) {
    const Candidate &cand = op.candidates[ci];
    if (cand.rank < opts.firstRank || cand.rank > opts.lastRank)
      continue;
    std::string head =
        fmt("{\"op\":%s,\"rank\":%d", json::quote(op.id).c_str(), cand.rank);
    double predictedMs = cand.predictedUs >= 0 ? cand.predictedUs / 1e3 : NAN;
    if (cand.rank == 1)
      predictedTop1 = predictedMs;
    double spentS = std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - opStart)
                        .count();
    if (opts.maxOpS > 0 && spentS > opts.maxOpS) {
      emitRecord(
          head +
          ",\"record\":\"candidate\",\"status\":\"not_timed\",\"reason\":" +
          json::quote(fmt("the operator's time budget (%.0f s) is spent",
                          opts.maxOpS)) +
          ",\"predicted_ms\":" + num(predictedMs) + "}");
      continue;
    }
    if (!problems[ci].empty()) {
      emitRecord(
          head +
          ",\"record\":\"candidate\",\"status\":\"invalid\",\"reason\":" +
          json::quote(problems[ci].front()) + "}");
      continue;
    }
    std::optional<double> ms =
        timeCandidate(head, cand, plans[ci], buffers, tol, predictedMs);
    if (!ms)
      continue;
    ++ok;
    if (cand.rank == 1)
      top1 = *ms;
    if (!(best <= *ms)) {
      best = *ms;
      bestRank = cand.rank;
    }
  }
  double shown = std::isfinite(top1) ? top1 : best;
  std::string rate = "-";
  if (std::isfinite(shown))
    rate = fmt("%7.2f TFLOP/s %7.1f GB/s %5.1f%% of %s roofline",
               d.flops / (shown * 1e-3) / 1e12, d.bytes / (shown * 1e-3) / 1e9,
               100.0 * idealMs / shown, computeBound ? "compute" : "memory");
  std::printf(
      "%-8s %-17s top1 %9.4f ms  best %9.4f ms (rank %d, %d ok)  %s %9.4f ms  "
      "pred %9.4f ms  %s\n",
      op.id.c_str(), d.type.c_str(), top1, best, bestRank, ok,
      refName == "cublas" ? "cublas" : "lib   ", libraryMs, predictedTop1,
      rate.c_str());
  emitRecord(
      fmt("{\"op\":%s,\"record\":\"op\",\"reference\":\"%s\",\"top1_ms\":%s,"
          "\"best_ms\":%s,\"best_rank\":%d,\"correct_candidates\":%d,"
          "\"ideal_ms\":%s,\"bound\":\"%s\"}",
          json::quote(op.id).c_str(), refName.c_str(), num(top1).c_str(),
          num(best).c_str(), bestRank, ok, num(idealMs).c_str(),
          computeBound ? "compute" : "memory"));
  std::fflush(stdout);
}

std::string Bench::loadModules(const Candidate &cand, const Plan &plan,
                               std::map<std::string, CUmodule> &modules,
                               std::vector<CUfunction> &functions) {
  for (const Launch &l : plan.launches) {
    if (!modules.count(l.module)) {
      std::string text = readFile(cand.ptx.at(l.module));
      CUmodule module;
      CUresult r = driver.cuModuleLoadData(&module, text.c_str());
      if (r != CUDA_SUCCESS) {
        const char *msg = "?";
        driver.cuGetErrorString(r, &msg);
        return "cuModuleLoadData(" + l.module + "): " + msg;
      }
      modules[l.module] = module;
    }
    CUfunction fn;
    CUresult r =
        driver.cuModuleGetFunction(&fn, modules[l.module], l.kernel.c_str());
    if (r == CUDA_SUCCESS && l.dynamicSmem > 48 * 1024)
      r = driver.cuFuncSetAttribute(
          fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
          int(l.dynamicSmem));
    if (r != CUDA_SUCCESS) {
      const char *msg = "?";
      driver.cuGetErrorString(r, &msg);
      return l.kernel + ": " + msg;
    }
    functions.push_back(fn);
  }
  return "";
}

void Bench::unloadModules(const std::map<std::string, CUmodule> &modules) {
  for (auto &[name, module] : modules)
    driver.cuModuleUnload(module);
}

std::optional<double> Bench::timeCandidate(const std::string &head,
                                           const Candidate &cand,
                                           const Plan &plan,
                                           OperatorBuffers &buffers, float tol,
                                           double predictedMs) {
  emitRecord(head + ",\"record\":\"start\"}");
  std::map<std::string, CUmodule> modules;
  std::vector<CUfunction> functions;
  std::string failure = loadModules(cand, plan, modules, functions);
  if (!failure.empty()) {
    unloadModules(modules);
    emitRecord(head +
               ",\"record\":\"candidate\",\"status\":\"error\",\"reason\":" +
               json::quote(failure) + "}");
    return std::nullopt;
  }
  // Scratch buffers, then the parameters of every launch.
  std::vector<DeviceBuffer> &scratch = buffers.scratch;
  scratch.clear();
  for (const ScratchBuffer &s : plan.scratch)
    scratch.emplace_back(size_t(s.elements) * s.elementSize);
  std::vector<std::vector<uint64_t>> slots =
      buildKernelArguments(plan, [&](const Binding &b) {
        return b.kind == BufferKind::Input    ? buffers.inputs[b.index].ptr
               : b.kind == BufferKind::Output ? buffers.output.ptr
                                              : scratch[b.index].ptr;
      });
  std::vector<std::vector<void *>> params(plan.launches.size());
  for (size_t li = 0; li < plan.launches.size(); ++li)
    for (uint64_t &slot : slots[li])
      params[li].push_back(&slot);
  auto launchAll = [&] {
    for (size_t li = 0; li < plan.launches.size(); ++li) {
      const Launch &l = plan.launches[li];
      CUresult r = driver.cuLaunchKernel(
          functions[li], unsigned(l.grid[0]), unsigned(l.grid[1]),
          unsigned(l.grid[2]), unsigned(l.block[0]), unsigned(l.block[1]),
          unsigned(l.block[2]), unsigned(l.dynamicSmem), (CUstream)stream,
          params[li].data(), nullptr);
      if (r != CUDA_SUCCESS) {
        const char *msg = "?";
        driver.cuGetErrorString(r, &msg);
        throw GpuError("cuLaunchKernel(" + l.kernel + "): " + msg);
      }
    }
  };
  auto prepare = [&] {
    check(cudaMemsetAsync(buffers.output.ptr, 0, buffers.output.bytes, stream),
          "memset(output)");
    for (DeviceBuffer &b : scratch)
      check(cudaMemsetAsync(b.ptr, 0, b.bytes, stream), "memset(scratch)");
    flush();
  };
  double firstMs;
  try {
    firstMs = timer.timeOnce(launchAll, prepare);
  } catch (const GpuError &e) {
    // A fault in a kernel poisons the context: report and stop here (the
    // driver script restarts at the next rank).
    emitRecord(head +
               ",\"record\":\"candidate\",\"status\":\"fault\",\"reason\":" +
               json::quote(e.what()) + "}");
    throw;
  }
  CompareResult cmp{0, 0, 0};
  if (opts.checkOutputs)
    cmp = compare((const float *)buffers.output.ptr,
                  (const float *)buffers.reference.ptr, buffers.outCount, tol);
  float maxErr;
  std::memcpy(&maxErr, &cmp.maxErrBits, 4);
  int reps = 0, warm = 0;
  double ms = timer.timeMedian(launchAll, prepare, firstMs, reps, warm);
  unloadModules(modules);
  bool correct = cmp.mismatches == 0;
  std::string status = !opts.checkOutputs ? "unchecked"
                       : correct          ? "ok"
                                          : "wrong";
  std::string extra;
  if (!correct)
    extra = fmt(",\"first_bad\":%llu", cmp.firstBad);
  emitRecord(head + ",\"record\":\"candidate\",\"status\":\"" + status +
             "\",\"ms\":" + num(ms) + ",\"first_ms\":" + num(firstMs) +
             fmt(",\"reps\":%d,\"warmup\":%d", reps, warm) +
             ",\"predicted_ms\":" + num(predictedMs) +
             ",\"max_abs_err\":" + num(maxErr) +
             fmt(",\"mismatches\":%llu", cmp.mismatches) + extra + "}");
  if (correct || !opts.checkOutputs)
    return ms;
  return std::nullopt;
}

} // namespace roller::bench
