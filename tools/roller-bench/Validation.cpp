//===- Validation.cpp - Check a candidate before launching it -------------===//
//
// See Validation.h. Each check says what it found in the words of the
// launch description, so that a dry run's report points at the file to fix.
//
//===----------------------------------------------------------------------===//

#include "Validation.h"

#include "DeviceKernels.h"
#include "Support.h"

#include "../common/Json.h"

#include <cinttypes>
#include <map>

namespace roller::bench {
namespace {

/// The number of `.param` declarations of `.entry kernel(...)` in the PTX, or
/// -1 when the entry is missing.
int ptxParamCount(const std::string &ptx, const std::string &kernel) {
  std::string needle = ".entry " + kernel + "(";
  size_t at = ptx.find(needle);
  if (at == std::string::npos)
    return -1;
  size_t end = ptx.find(')', at);
  if (end == std::string::npos)
    return -1;
  int count = 0;
  for (size_t p = ptx.find(".param", at); p != std::string::npos && p < end;
       p = ptx.find(".param", p + 6))
    ++count;
  return count;
}

/// The largest element offset a strided view reaches, plus one.
int64_t extentOf(const Operand &o) {
  int64_t last = o.offset;
  for (size_t i = 0; i < o.shape.size(); ++i) {
    if (o.shape[i] == 0)
      return 0;
    last += (o.shape[i] - 1) * o.strides[i];
  }
  return last + 1;
}

bool isScalarArgType(const std::string &t) {
  return t == "i64" || t == "i32" || t == "i16" || t == "i8" || t == "i1" ||
         t == "f32" || t == "f64" || t == "f16";
}

} // namespace

std::vector<std::string> validate(const Op &op, const Candidate &cand,
                                  const DeviceInfo &device, Plan &plan) {
  std::vector<std::string> problems;
  auto problem = [&](const std::string &p) { problems.push_back(p); };
  const OpDesc &d = op.desc;

  // The operator description itself.
  if (d.loops.size() > size_t(kMaxLoops))
    problem(
        fmt("%zu loops (the reference handles %d)", d.loops.size(), kMaxLoops));
  if (d.inputs.empty() || d.inputs.size() > size_t(kMaxInputs))
    problem(fmt("%zu inputs (the reference handles 1 to %d)", d.inputs.size(),
                kMaxInputs));
  if (d.combine != "mul_add" && d.combine != "add" && d.combine != "relu")
    problem("unknown combine '" + d.combine + "'");
  size_t parallel = 0;
  for (size_t i = 0; i < d.loops.size(); ++i) {
    if (!d.loops[i].reduction) {
      if (parallel != i)
        problem("parallel loops must come before the reduction loops");
      ++parallel;
    }
  }
  if (parallel != d.output.shape.size())
    problem("the output's rank differs from the number of parallel loops");
  else
    for (size_t i = 0; i < parallel; ++i)
      if (d.output.shape[i] != d.loops[i].size)
        problem(fmt("output dimension %zu is %" PRId64 ", its loop %" PRId64, i,
                    d.output.shape[i], d.loops[i].size));
  for (size_t j = 0; j < d.inputs.size(); ++j) {
    const TensorDesc &t = d.inputs[j];
    if (t.index.size() != t.shape.size())
      problem(fmt("input %zu: %zu index entries for rank %zu", j,
                  t.index.size(), t.shape.size()));
    if (!elementBytes(t.element) || (t.element != "f32" && t.element != "f16"))
      problem(fmt("input %zu: element type %s is not supported", j,
                  t.element.c_str()));
    for (size_t k = 0; k < t.index.size(); ++k) {
      // The largest index reached must lie inside the dimension.
      int64_t maxIndex = 0;
      for (auto [loop, coeff] : t.index[k]) {
        if (loop < 0 || size_t(loop) >= d.loops.size() || coeff < 0) {
          problem(fmt("input %zu dimension %zu: bad term [%d, %" PRId64 "]", j,
                      k, loop, coeff));
          continue;
        }
        maxIndex += coeff * (d.loops[loop].size - 1);
      }
      if (k < t.shape.size() && maxIndex >= t.shape[k])
        problem(fmt("input %zu dimension %zu: index reaches %" PRId64
                    " of %" PRId64,
                    j, k, maxIndex, t.shape[k]));
    }
  }
  if (d.output.element != "f32")
    problem("output element type " + d.output.element + " is not supported");

  // The launches of this operator's function.
  plan = Plan();
  for (const Launch &l : loadLaunches(cand.launchFile))
    if (l.func == op.func)
      plan.launches.push_back(l);
  if (plan.launches.empty()) {
    problem("no launch of function '" + op.func + "' in " + cand.launchFile);
    return problems;
  }
  std::map<std::string, std::string> ptxText;
  bool outputBound = false;
  std::map<std::string, int> scratchByType;
  for (const Launch &l : plan.launches) {
    std::string where = l.kernel + ": ";
    // Grid, block, shared memory.
    int64_t threads = 1;
    for (int i = 0; i < 3; ++i) {
      if (l.grid[i] < 1 || l.block[i] < 1)
        problem(where + "grid and block must be positive constants");
      threads *= l.block[i];
    }
    if (threads > 1024 || l.block[0] > 1024 || l.block[1] > 1024 ||
        l.block[2] > 64)
      problem(where + fmt("block %" PRId64 "x%" PRId64 "x%" PRId64
                          " exceeds the CUDA limits",
                          l.block[0], l.block[1], l.block[2]));
    if (l.grid[0] > 2147483647LL || l.grid[1] > 65535 || l.grid[2] > 65535)
      problem(where + "grid exceeds the CUDA limits");
    if (l.dynamicSmem < 0 || l.dynamicSmem > device.smemPerBlock)
      problem(where +
              fmt("%" PRId64
                  " bytes of dynamic shared memory (the device allows %" PRId64
                  ")",
                  l.dynamicSmem, device.smemPerBlock));
    // PTX.
    auto ptxIt = cand.ptx.find(l.module);
    if (ptxIt == cand.ptx.end()) {
      problem(where + "no PTX file for module " + l.module);
    } else {
      std::string &text = ptxText[ptxIt->second];
      if (text.empty()) {
        try {
          text = readFile(ptxIt->second);
        } catch (const json::Error &e) {
          problem(where + e.what());
        }
      }
      if (!text.empty()) {
        int count = ptxParamCount(text, l.kernel);
        if (count < 0)
          problem(where + "no .entry " + l.kernel + " in " + ptxIt->second);
        else if (size_t(count) != l.argTypes.size())
          problem(where + fmt("the PTX entry has %d parameters, the launch %zu",
                              count, l.argTypes.size()));
      }
    }
    // Operands against the parameters.
    std::vector<Binding> bindings;
    size_t param = 0;
    for (const Operand &o : l.operands) {
      if (param + o.params > l.argTypes.size()) {
        problem(where + "operands take more parameters than the kernel has");
        break;
      }
      if (!o.memref) {
        if (o.params != 1)
          problem(where + "a scalar takes one parameter");
        if (!isScalarArgType(l.argTypes[param]))
          problem(where + fmt("parameter %zu has unsupported type %s", param,
                              l.argTypes[param].c_str()));
        if (!o.hasValue)
          problem(where + fmt("scalar parameter %zu (%s) has no constant value",
                              param, o.type.c_str()));
        bindings.push_back({BufferKind::Scratch, -1});
        param += 1;
        continue;
      }
      int64_t rank = o.shape.size();
      if (o.params != 3 + 2 * rank || int64_t(o.strides.size()) != rank)
        problem(where + fmt("memref %s takes %" PRId64
                            " parameters, expected %" PRId64,
                            o.type.c_str(), o.params, 3 + 2 * rank));
      for (int64_t i = 0; i < o.params && param + i < l.argTypes.size(); ++i) {
        const char *want = i < 2 ? "!llvm.ptr" : "i64";
        if (l.argTypes[param + i] != want)
          problem(where + fmt("parameter %" PRId64 " of %s is %s, expected %s",
                              int64_t(param + i), o.type.c_str(),
                              l.argTypes[param + i].c_str(), want));
      }
      if (!elementBytes(o.element))
        problem(where + "element type " + o.element + " is not supported");
      if (o.offset < 0)
        problem(where + "negative offset");
      Binding binding{BufferKind::Scratch, -1};
      if (o.funcArg >= 0) {
        if (size_t(o.funcArg) >= d.inputs.size()) {
          problem(where + fmt("func_arg %" PRId64
                              " but the operator has %zu inputs",
                              o.funcArg, d.inputs.size()));
        } else {
          const TensorDesc &t = d.inputs[o.funcArg];
          // A reshape of the input (a reduction's input collapsed along
          // its reduction loops) holds the same elements.
          if (numel(o.shape) != numel(t.shape) || o.element != t.element)
            problem(where + fmt("func_arg %" PRId64
                                " is %s, the operator's input %sx%s",
                                o.funcArg, o.type.c_str(),
                                shapeString(t.shape).c_str(),
                                t.element.c_str()));
          if (extentOf(o) > numel(t.shape))
            problem(where + fmt("func_arg %" PRId64
                                " reaches beyond its buffer",
                                o.funcArg));
          binding = {BufferKind::Input, int(o.funcArg)};
        }
      } else if (!outputBound && o.shape == d.output.shape &&
                 o.element == d.output.element) {
        // The host temporary with the result's type is the result.
        if (extentOf(o) > numel(d.output.shape))
          problem(where + "the output view reaches beyond its buffer");
        binding = {BufferKind::Output, 0};
        outputBound = true;
      } else if (o.shape == d.output.shape && o.element == d.output.element &&
                 outputBound) {
        binding = {BufferKind::Output, 0}; // the same result in a later launch
      } else {
        auto [it, inserted] =
            scratchByType.emplace(o.type, int(plan.scratch.size()));
        if (inserted)
          plan.scratch.push_back(
              {o.type, extentOf(o), elementBytes(o.element)});
        binding = {BufferKind::Scratch, it->second};
      }
      bindings.push_back(binding);
      param += o.params;
    }
    if (param != l.argTypes.size())
      problem(where +
              fmt("operands describe %zu parameters, the kernel has %zu", param,
                  l.argTypes.size()));
    plan.params += l.argTypes.size();
    plan.bindings.push_back(std::move(bindings));
  }
  if (!outputBound)
    problem("no operand is the result (" + shapeString(d.output.shape) + "x" +
            d.output.element + ")");
  for (const TensorDesc &t : d.inputs)
    plan.bytes += numel(t.shape) * elementBytes(t.element);
  plan.bytes += numel(d.output.shape) * 4;
  for (const ScratchBuffer &s : plan.scratch)
    plan.bytes += s.elements * s.elementSize;
  // Inputs, output, the reference copy and the L2 flush buffer must fit.
  int64_t needed = plan.bytes + numel(d.output.shape) * 4 + (256LL << 20);
  if (device.memoryBytes && needed > device.memoryBytes)
    problem(fmt("needs %.1f GiB of device memory, the device has %.1f",
                needed / 1073741824.0, device.memoryBytes / 1073741824.0));
  return problems;
}

} // namespace roller::bench
