//===- roller-bench.cu - Launch, check and time Roller's kernels ----------===//
//
// roller-bench reads a prepared folder (bench/gpu/prepare.sh): a manifest
// naming, per operator, its semantics (from bench/suite/gen_suite.py
// --describe) and its top-k candidates, each a launch description and PTX
// written by `roller-opt --convert-to-nvvm="ptx-file=..."`. For each operator
// it fills the inputs deterministically on the device, computes a reference
// (cuBLAS for matmuls, otherwise a direct loop-nest kernel that accumulates
// in double), then for each candidate loads the PTX (cuModuleLoadData),
// launches it the way the launch description says, compares the output with
// the reference and times it with CUDA events (warm-up, median of N).
//
// --dry-run validates everything it would launch without touching CUDA:
// the PTX files and their entry points, parameter counts, descriptor layouts
// against the operator's shapes, grid/block/shared-memory limits and buffer
// sizes. Without a GPU (no driver, or no device) a real run says so and exits
// with status 0.
//
// The driver API is reached through cudaGetDriverEntryPointByVersion and
// cuBLAS through dlopen, so the binary needs neither libcuda.so.1 nor
// libcublas at load time: it starts (and dry-runs) on machines with only the
// toolkit.
//
//===----------------------------------------------------------------------===//

#include "../common/Json.h"

#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

//===----------------------------------------------------------------------===//
// The prepared folder
//===----------------------------------------------------------------------===//

constexpr int kMaxLoops = 8;
constexpr int kMaxInputs = 3;

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

struct OpDesc {
  std::string type, summary, combine;
  std::vector<LoopDesc> loops;
  std::vector<TensorDesc> inputs;
  TensorDesc output;
  double init = 0, flops = 0, bytes = 0;
};

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

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw json::Error("cannot read '" + path + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string joinPath(const std::string &dir, const std::string &rel) {
  if (rel.empty() || rel[0] == '/')
    return rel;
  return dir + "/" + rel;
}

int64_t numel(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

size_t elementBytes(const std::string &element) {
  if (element == "f32" || element == "i32")
    return 4;
  if (element == "f16" || element == "bf16")
    return 2;
  if (element == "f64" || element == "i64")
    return 8;
  return 0;
}

std::string shapeString(const std::vector<int64_t> &shape) {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? "x" : "") + std::to_string(shape[i]);
  return s;
}

std::string fmt(const char *format, ...) {
  char buf[1024];
  va_list args;
  va_start(args, format);
  vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  return buf;
}

TensorDesc parseTensor(const json::Value &v, bool withIndex) {
  TensorDesc t;
  t.shape = v.at("shape").integers();
  t.element = v.at("element").string();
  if (withIndex)
    for (const json::Value &dim : v.at("index").array()) {
      std::vector<std::pair<int, int64_t>> terms;
      for (const json::Value &term : dim.array()) {
        std::vector<int64_t> pair = term.integers();
        if (pair.size() != 2)
          throw json::Error("an index term is [loop, coefficient]");
        terms.emplace_back(int(pair[0]), pair[1]);
      }
      t.index.push_back(std::move(terms));
    }
  return t;
}

OpDesc parseDesc(const json::Value &v) {
  OpDesc d;
  d.type = v.at("type").string();
  if (const json::Value *s = v.find("summary"))
    d.summary = s->string();
  d.combine = v.at("combine").string();
  for (const json::Value &loop : v.at("loops").array())
    d.loops.push_back(
        {loop.at("size").integer(), loop.at("reduction").boolean()});
  for (const json::Value &input : v.at("inputs").array())
    d.inputs.push_back(parseTensor(input, true));
  d.output = parseTensor(v.at("output"), false);
  d.init = v.at("init").number();
  d.flops = v.at("flops").number();
  d.bytes = v.at("bytes").number();
  return d;
}

Operand parseOperand(const json::Value &v) {
  Operand o;
  o.memref = v.at("kind").string() == "memref";
  o.type = v.at("type").string();
  o.params = v.at("params").integer();
  if (o.memref) {
    o.element = v.at("element").string();
    for (const json::Value &d : v.at("shape").array()) {
      if (d.isNull())
        throw json::Error("memref " + o.type + " has a dynamic size");
      o.shape.push_back(d.integer());
    }
    const json::Value &strides = v.at("strides");
    if (strides.isNull() || v.at("offset").isNull())
      throw json::Error("memref " + o.type + " has no static strided layout");
    for (const json::Value &s : strides.array()) {
      if (s.isNull())
        throw json::Error("memref " + o.type + " has a dynamic stride");
      o.strides.push_back(s.integer());
    }
    o.offset = v.at("offset").integer();
    o.funcArg = v.at("func_arg").integer();
  } else if (const json::Value *value = v.find("value")) {
    if (value->isNumber()) {
      o.hasValue = true;
      o.value = value->number();
    } else if (value->isBool()) {
      o.hasValue = true;
      o.value = value->boolean();
    }
  }
  return o;
}

Launch parseLaunch(const json::Value &v) {
  Launch l;
  l.kernel = v.at("kernel").string();
  l.module = v.at("module").string();
  l.func = v.at("func").string();
  std::vector<int64_t> grid = v.at("grid").integers(),
                       block = v.at("block").integers();
  if (grid.size() != 3 || block.size() != 3)
    throw json::Error("grid and block have 3 entries");
  for (int i = 0; i < 3; ++i) {
    l.grid[i] = grid[i];
    l.block[i] = block[i];
  }
  l.dynamicSmem = v.at("dynamic_shared_memory_bytes").integer();
  for (const json::Value &o : v.at("operands").array())
    l.operands.push_back(parseOperand(o));
  for (const json::Value &a : v.at("arguments").array())
    l.argTypes.push_back(a.at("type").string());
  return l;
}

struct Manifest {
  std::string dir;
  DeviceInfo device;
  int topK = 1;
  std::vector<Op> ops;
};

Manifest loadManifest(const std::string &path) {
  Manifest m;
  size_t slash = path.rfind('/');
  m.dir = slash == std::string::npos ? "." : path.substr(0, slash);
  json::Value root = json::parse(readFile(path));
  if (root.at("format").string() != "roller-bench-1")
    throw json::Error("unknown manifest format '" + root.at("format").string() +
                      "'");
  const json::Value &dev = root.at("device");
  m.device.name = dev.at("name").string();
  m.device.chip = dev.at("chip").string();
  m.device.peakF32Tflops = dev.at("peak_f32_tflops").number();
  m.device.peakF16TensorTflops = dev.at("peak_f16_tensor_tflops").number();
  m.device.hbmGBps = dev.at("hbm_gbps").number();
  m.device.smemPerBlock = dev.at("smem_per_block").integer();
  m.device.memoryBytes = dev.at("memory_bytes").integer();
  m.topK = int(root.at("top_k").integer());
  for (const json::Value &ov : root.at("ops").array()) {
    Op op;
    op.id = ov.at("id").string();
    try {
      op.suite = ov.at("suite").string();
      op.func = ov.at("func").string();
      op.desc = parseDesc(ov.at("desc"));
      if (const json::Value *s = ov.find("skipped"))
        if (s->isString())
          op.skipped = s->string();
      for (const json::Value &cv : ov.at("candidates").array()) {
        Candidate c;
        c.rank = int(cv.at("rank").integer());
        c.launchFile = joinPath(m.dir, cv.at("launch").string());
        for (const auto &[module, file] : cv.at("ptx").object())
          c.ptx[module] = joinPath(m.dir, file.string());
        if (const json::Value *p = cv.find("predicted_us"))
          if (p->isNumber())
            c.predictedUs = p->number();
        op.candidates.push_back(std::move(c));
      }
    } catch (const json::Error &e) {
      throw json::Error("manifest entry " + op.id + ": " + e.what());
    }
    m.ops.push_back(std::move(op));
  }
  return m;
}

/// Cache of parsed launch files (every operator of a rank shares one).
std::map<std::string, std::vector<Launch>> &launchCache() {
  static std::map<std::string, std::vector<Launch>> cache;
  return cache;
}

const std::vector<Launch> &loadLaunches(const std::string &file) {
  auto &cache = launchCache();
  auto it = cache.find(file);
  if (it != cache.end())
    return it->second;
  std::vector<Launch> launches;
  json::Value root = json::parse(readFile(file));
  for (const json::Value &l : root.array())
    launches.push_back(parseLaunch(l));
  return cache[file] = std::move(launches);
}

//===----------------------------------------------------------------------===//
// Validation (the dry run, and the first step of a real run)
//===----------------------------------------------------------------------===//

/// Where each memref operand's storage comes from.
enum class BufferKind { Input, Output, Scratch };
struct Binding {
  BufferKind kind;
  int index; // input number, or scratch number
};

struct ScratchBuffer {
  std::string type;
  int64_t elements;
  size_t elementSize;
};

struct Plan {
  std::vector<Launch> launches; // the function's, in order
  // Per launch, per operand (memrefs only meaningful).
  std::vector<std::vector<Binding>> bindings;
  std::vector<ScratchBuffer> scratch;
  int64_t bytes = 0; // inputs + output + scratch
  int64_t params = 0;
};

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

/// Checks a candidate against the operator and the device; fills the plan.
/// Returns the problems found (empty: it can be launched).
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
          if (o.shape != t.shape || o.element != t.element)
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

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

FILE *resultsFile = nullptr;

void emitRecord(const std::string &json) {
  if (!resultsFile)
    return;
  std::fprintf(resultsFile, "%s\n", json.c_str());
  std::fflush(resultsFile);
}

std::string num(double v) {
  if (!std::isfinite(v))
    return "null";
  return fmt("%.6g", v);
}

//===----------------------------------------------------------------------===//
// Device side
//===----------------------------------------------------------------------===//

#define DRIVER_FUNCTIONS(X)                                                    \
  X(cuModuleLoadData)                                                          \
  X(cuModuleGetFunction)                                                       \
  X(cuModuleUnload)                                                            \
  X(cuFuncSetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuGetErrorString)

struct Driver {
#define DECLARE(name) decltype(&::name) name = nullptr;
  DRIVER_FUNCTIONS(DECLARE)
#undef DECLARE
};

struct Cublas {
  void *handleLib = nullptr;
  decltype(&::cublasCreate_v2) create = nullptr;
  decltype(&::cublasDestroy_v2) destroy = nullptr;
  decltype(&::cublasSetStream_v2) setStream = nullptr;
  decltype(&::cublasSgemm_v2) sgemm = nullptr;
  // cublas_api.h overloads cublasGemmEx for C++; this is the C entry point.
  cublasStatus_t (*gemmEx)(cublasHandle_t, cublasOperation_t, cublasOperation_t,
                           int, int, int, const void *, const void *,
                           cudaDataType, int, const void *, cudaDataType, int,
                           const void *, void *, cudaDataType, int,
                           cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
  cublasHandle_t handle = nullptr;
  std::string library;
};

__device__ __host__ inline uint64_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// Inputs are small integers (-2..2): every product and every partial sum
/// of the suite's reductions is exact in f32 (and f16 holds the inputs
/// exactly), so any correct summation order gives the reference bit for bit.
template <typename T>
__global__ void fillKernel(T *data, int64_t n, uint64_t seed) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    data[i] = T(float(int(mix(uint64_t(i) ^ (seed << 40)) % 5) - 2));
}

struct RefParams {
  int nloops, npar, nin, combine; // combine: 0 mul_add, 1 add, 2 relu
  int isHalf[kMaxInputs];
  int64_t size[kMaxLoops];
  int64_t coeff[kMaxInputs][kMaxLoops]; // element offset per loop step
  int64_t outCount;
  double init;
  const void *in[kMaxInputs];
  float *out;
};

__device__ inline double loadInput(const RefParams &p, int j, int64_t off) {
  return p.isHalf[j] ? double(__half2float(((const __half *)p.in[j])[off]))
                     : double(((const float *)p.in[j])[off]);
}

/// One thread per output element: walks the reduction loops with an
/// odometer and accumulates in double.
__global__ void referenceKernel(RefParams p) {
  for (int64_t o = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
       o < p.outCount; o += int64_t(gridDim.x) * blockDim.x) {
    int64_t off[kMaxInputs] = {0, 0, 0};
    int64_t rem = o;
    for (int l = p.npar - 1; l >= 0; --l) {
      int64_t v = rem % p.size[l];
      rem /= p.size[l];
      for (int j = 0; j < p.nin; ++j)
        off[j] += v * p.coeff[j][l];
    }
    if (p.combine == 2) {
      p.out[o] = float(fmax(loadInput(p, 0, off[0]), 0.0));
      continue;
    }
    int64_t counter[kMaxLoops] = {0};
    double acc = p.init;
    while (true) {
      double term = loadInput(p, 0, off[0]);
      if (p.combine == 0)
        for (int j = 1; j < p.nin; ++j)
          term *= loadInput(p, j, off[j]);
      acc += term;
      int l = p.nloops - 1;
      for (; l >= p.npar; --l) {
        for (int j = 0; j < p.nin; ++j)
          off[j] += p.coeff[j][l];
        if (++counter[l] < p.size[l])
          break;
        for (int j = 0; j < p.nin; ++j)
          off[j] -= p.size[l] * p.coeff[j][l];
        counter[l] = 0;
      }
      if (l < p.npar)
        break;
    }
    p.out[o] = float(acc);
  }
}

struct CompareResult {
  unsigned int maxErrBits;
  unsigned long long mismatches;
  unsigned long long firstBad;
};

__global__ void compareKernel(const float *out, const float *ref, int64_t n,
                              float tol, CompareResult *result) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x) {
    float err = fabsf(out[i] - ref[i]);
    if (!(err <= tol)) {
      if (err != err)
        err = INFINITY;
      atomicAdd(&result->mismatches, 1ull);
      atomicMin(&result->firstBad, (unsigned long long)i);
    }
    if (err > 0)
      atomicMax(&result->maxErrBits, __float_as_uint(err));
  }
}

class GpuError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

void check(cudaError_t status, const char *what) {
  if (status != cudaSuccess)
    throw GpuError(std::string(what) + ": " + cudaGetErrorString(status));
}

struct Options {
  std::string manifest, results;
  std::vector<std::string> only;
  int firstRank = 1, lastRank = 1 << 30;
  bool dryRun = false, flushL2 = true, checkOutputs = true;
  int warmup = 2, reps = 10;
  double maxCandidateMs = 1500; // timed runs per candidate stop after this
  double maxOpS = 0;    // candidates after this many seconds are skipped
  double deadlineS = 0; // operators after this many seconds are skipped
  bool probe = false;
};

class Bench {
public:
  Bench(const Options &options, const Manifest &manifest)
      : opts(options), manifest(manifest) {}

  /// Sets up CUDA; false (with a message) when there is no GPU.
  bool init() {
    int count = 0;
    cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess || count == 0) {
      std::printf("roller-bench: no GPU here (%s): nothing launched\n",
                  status != cudaSuccess ? cudaGetErrorString(status)
                                        : "no CUDA device");
      return false;
    }
    check(cudaSetDevice(0), "cudaSetDevice");
    check(cudaFree(nullptr), "context creation");
    cudaDeviceProp prop;
    check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
    deviceName = prop.name;
    l2Bytes = prop.l2CacheSize;
    std::printf(
        "roller-bench: device 0: %s, sm_%d%d, %d SMs, %.1f GiB, L2 %.0f MiB; "
        "peaks from the manifest (%s): %.1f TFLOP/s f32, %.0f GB/s\n",
        prop.name, prop.major, prop.minor, prop.multiProcessorCount,
        prop.totalGlobalMem / 1073741824.0, l2Bytes / 1048576.0,
        manifest.device.name.c_str(), manifest.device.peakF32Tflops,
        manifest.device.hbmGBps);
#define RESOLVE(name)                                                          \
  {                                                                            \
    cudaDriverEntryPointQueryResult found;                                     \
    void *fn = nullptr;                                                        \
    check(cudaGetDriverEntryPointByVersion(#name, &fn, 12000,                  \
                                           cudaEnableDefault, &found),         \
          "cudaGetDriverEntryPointByVersion(" #name ")");                      \
    if (found != cudaDriverEntryPointSuccess || !fn)                           \
      throw GpuError("the driver lacks " #name);                               \
    driver.name = reinterpret_cast<decltype(driver.name)>(fn);                 \
  }
    DRIVER_FUNCTIONS(RESOLVE)
#undef RESOLVE
    check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "stream");
    check(cudaEventCreate(&start), "event");
    check(cudaEventCreate(&stop), "event");
    if (opts.flushL2) {
      flushBytes = std::max<size_t>(2 * size_t(l2Bytes), 64 << 20);
      check(cudaMalloc(&flushBuffer, flushBytes), "cudaMalloc(L2 flush)");
    }
    check(cudaMalloc(&compareResult, sizeof(CompareResult)), "cudaMalloc");
    return true;
  }

  void runOp(const Op &op, const std::vector<Plan> &plans,
             const std::vector<std::vector<std::string>> &problems);

private:
  /// Loads cuBLAS on first use (only matmuls need it).
  void loadCublas() {
    if (cublasTried)
      return;
    cublasTried = true;
    for (const char *name :
         {"libcublas.so.13", "libcublas.so.12", "libcublas.so"}) {
      void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
      if (!lib)
        continue;
      cublas.handleLib = lib;
      cublas.library = name;
      cublas.create = (decltype(cublas.create))dlsym(lib, "cublasCreate_v2");
      cublas.destroy = (decltype(cublas.destroy))dlsym(lib, "cublasDestroy_v2");
      cublas.setStream =
          (decltype(cublas.setStream))dlsym(lib, "cublasSetStream_v2");
      cublas.sgemm = (decltype(cublas.sgemm))dlsym(lib, "cublasSgemm_v2");
      cublas.gemmEx = (decltype(cublas.gemmEx))dlsym(lib, "cublasGemmEx");
      if (cublas.create && cublas.setStream && cublas.sgemm && cublas.gemmEx &&
          cublas.create(&cublas.handle) == CUBLAS_STATUS_SUCCESS &&
          cublas.setStream(cublas.handle, stream) == CUBLAS_STATUS_SUCCESS)
        break;
      cublas.handle = nullptr;
    }
    std::printf("roller-bench: cuBLAS: %s\n",
                cublas.handle ? cublas.library.c_str()
                              : "not found (matmuls use the reference kernel)");
  }

  /// Runs `body` (which enqueues work on the stream) with the policy of the
  /// options: warm-up runs, then timed runs until `reps` or the candidate's
  /// time budget; returns the median ms. `prepare` runs before every run,
  /// outside the timed region.
  template <typename Body, typename Prepare>
  double timeMedian(Body body, Prepare prepare, double firstMs, int &repsDone,
                    int &warmupDone) {
    warmupDone = firstMs > 100 ? 0 : opts.warmup;
    for (int i = 0; i < warmupDone; ++i) {
      prepare();
      body();
    }
    check(cudaStreamSynchronize(stream), "warm-up");
    int reps = opts.reps;
    if (firstMs > 0)
      reps =
          std::max(3, std::min(opts.reps, int(opts.maxCandidateMs / firstMs)));
    std::vector<float> times;
    for (int i = 0; i < reps; ++i) {
      prepare();
      check(cudaEventRecord(start, stream), "cudaEventRecord");
      body();
      check(cudaEventRecord(stop, stream), "cudaEventRecord");
      check(cudaEventSynchronize(stop), "timed run");
      float ms = 0;
      check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
      times.push_back(ms);
    }
    repsDone = reps;
    std::sort(times.begin(), times.end());
    size_t n = times.size();
    return n % 2 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2]);
  }

  /// Times one run of `body` (after `prepare`), synchronously.
  template <typename Body, typename Prepare>
  double timeOnce(Body body, Prepare prepare) {
    prepare();
    check(cudaEventRecord(start, stream), "cudaEventRecord");
    body();
    check(cudaEventRecord(stop, stream), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "first run");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    return ms;
  }

  void flush() {
    if (flushBuffer)
      check(cudaMemsetAsync(flushBuffer, 0, flushBytes, stream), "L2 flush");
  }

  CompareResult compare(const float *out, const float *ref, int64_t n,
                        float tol) {
    CompareResult init{0, 0, ~0ull};
    check(cudaMemcpyAsync(compareResult, &init, sizeof init,
                          cudaMemcpyHostToDevice, stream),
          "memcpy");
    compareKernel<<<1024, 256, 0, stream>>>(out, ref, n, tol, compareResult);
    check(cudaGetLastError(), "compare kernel");
    CompareResult result;
    check(cudaMemcpyAsync(&result, compareResult, sizeof result,
                          cudaMemcpyDeviceToHost, stream),
          "memcpy");
    check(cudaStreamSynchronize(stream), "compare");
    return result;
  }

  const Options &opts;
  const Manifest &manifest;
  Driver driver;
  Cublas cublas;
  bool cublasTried = false;
  std::string deviceName;
  int l2Bytes = 0;
  cudaStream_t stream = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;
  void *flushBuffer = nullptr;
  size_t flushBytes = 0;
  CompareResult *compareResult = nullptr;
};

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

double roofline(const OpDesc &d, const DeviceInfo &dev, bool &computeBound) {
  bool half = d.inputs[0].element == "f16";
  double peak = (half ? dev.peakF16TensorTflops : dev.peakF32Tflops) * 1e12;
  double computeS = peak > 0 ? d.flops / peak : 0;
  double memoryS = dev.hbmGBps > 0 ? d.bytes / (dev.hbmGBps * 1e9) : 0;
  computeBound = computeS >= memoryS;
  return std::max(computeS, memoryS) * 1e3; // ms
}

void Bench::runOp(const Op &op, const std::vector<Plan> &plans,
                  const std::vector<std::vector<std::string>> &problems) {
  const OpDesc &d = op.desc;
  // Inputs, filled deterministically; the output; the reference.
  std::vector<DeviceBuffer> inputs;
  for (size_t j = 0; j < d.inputs.size(); ++j) {
    const TensorDesc &t = d.inputs[j];
    int64_t n = numel(t.shape);
    inputs.emplace_back(size_t(n) * elementBytes(t.element));
    if (t.element == "f16")
      fillKernel<__half>
          <<<4096, 256, 0, stream>>>((__half *)inputs.back().ptr, n, j + 1);
    else
      fillKernel<float>
          <<<4096, 256, 0, stream>>>((float *)inputs.back().ptr, n, j + 1);
    check(cudaGetLastError(), "fill kernel");
  }
  int64_t outCount = numel(d.output.shape);
  size_t outBytes = size_t(outCount) * 4;
  DeviceBuffer output(outBytes), reference(outBytes);

  // The reference: cuBLAS for matmuls, else the loop-nest kernel.
  bool isMatmul = (d.type == "matmul" || d.type == "matmul_tensorcore") &&
                  d.inputs.size() == 2 && d.loops.size() == 3;
  std::string refName = "kernel";
  double libraryMs = NAN;
  int64_t reduction = 1;
  for (const LoopDesc &l : d.loops)
    if (l.reduction)
      reduction *= l.size;
  auto zeroOutput = [&] {
    check(cudaMemsetAsync(output.ptr, 0, outBytes, stream), "memset(output)");
  };
  if (isMatmul)
    loadCublas();
  if (isMatmul && cublas.handle) {
    int m = int(d.loops[0].size), n = int(d.loops[1].size),
        k = int(d.loops[2].size);
    bool half = d.inputs[0].element == "f16";
    auto gemm = [&](void *c) {
      const float alpha = 1, beta = 0;
      cublasStatus_t s;
      // Row-major C = A B is column-major C^T = B^T A^T.
      if (half)
        s = cublas.gemmEx(cublas.handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k,
                          &alpha, inputs[1].ptr, CUDA_R_16F, n, inputs[0].ptr,
                          CUDA_R_16F, k, &beta, c, CUDA_R_32F, n,
                          CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
      else
        s = cublas.sgemm(cublas.handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k,
                         &alpha, (const float *)inputs[1].ptr, n,
                         (const float *)inputs[0].ptr, k, &beta, (float *)c, n);
      if (s != CUBLAS_STATUS_SUCCESS)
        throw GpuError(fmt("cuBLAS gemm failed with status %d", int(s)));
    };
    gemm(reference.ptr);
    check(cudaStreamSynchronize(stream), "cuBLAS reference");
    double first = timeOnce([&] { gemm(output.ptr); }, [&] { flush(); });
    int reps, warm;
    libraryMs = timeMedian([&] { gemm(output.ptr); }, [&] { flush(); }, first,
                           reps, warm);
    refName = "cublas";
    emitRecord(fmt("{\"op\":%s,\"record\":\"library\",\"library\":\"cublas\","
                   "\"ms\":%s,\"reps\":%d}",
                   json::quote(op.id).c_str(), num(libraryMs).c_str(), reps));
  } else {
    RefParams p{};
    p.nloops = int(d.loops.size());
    p.nin = int(d.inputs.size());
    p.combine = d.combine == "mul_add" ? 0 : d.combine == "add" ? 1 : 2;
    p.init = d.init;
    for (int l = 0; l < p.nloops; ++l) {
      p.size[l] = d.loops[l].size;
      if (!d.loops[l].reduction)
        p.npar = l + 1;
    }
    for (int j = 0; j < p.nin; ++j) {
      const TensorDesc &t = d.inputs[j];
      p.isHalf[j] = t.element == "f16";
      p.in[j] = inputs[j].ptr;
      int64_t stride = 1;
      for (int k = int(t.shape.size()) - 1; k >= 0; --k) {
        for (auto [loop, coeff] : t.index[k])
          p.coeff[j][loop] += coeff * stride;
        stride *= t.shape[k];
      }
    }
    p.outCount = outCount;
    p.out = (float *)reference.ptr;
    int blocks = int(std::min<int64_t>((outCount + 255) / 256, 1 << 20));
    referenceKernel<<<blocks, 256, 0, stream>>>(p);
    check(cudaGetLastError(), "reference kernel");
    check(cudaStreamSynchronize(stream), "reference kernel");
  }
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
  std::vector<DeviceBuffer> scratch;

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
    const Plan &plan = plans[ci];
    emitRecord(head + ",\"record\":\"start\"}");
    // Modules and functions.
    std::map<std::string, CUmodule> modules;
    std::vector<CUfunction> functions;
    auto unload = [&] {
      for (auto &[name, module] : modules)
        driver.cuModuleUnload(module);
    };
    std::string failure;
    for (const Launch &l : plan.launches) {
      if (!modules.count(l.module)) {
        std::string text = readFile(cand.ptx.at(l.module));
        CUmodule module;
        CUresult r = driver.cuModuleLoadData(&module, text.c_str());
        if (r != CUDA_SUCCESS) {
          const char *msg = "?";
          driver.cuGetErrorString(r, &msg);
          failure = "cuModuleLoadData(" + l.module + "): " + msg;
          break;
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
        failure = l.kernel + ": " + msg;
        break;
      }
      functions.push_back(fn);
    }
    if (!failure.empty()) {
      unload();
      emitRecord(head +
                 ",\"record\":\"candidate\",\"status\":\"error\",\"reason\":" +
                 json::quote(failure) + "}");
      continue;
    }
    // Scratch buffers, then the parameters of every launch.
    scratch.clear();
    for (const ScratchBuffer &s : plan.scratch)
      scratch.emplace_back(size_t(s.elements) * s.elementSize);
    std::vector<std::vector<uint64_t>> slots(plan.launches.size());
    std::vector<std::vector<void *>> params(plan.launches.size());
    for (size_t li = 0; li < plan.launches.size(); ++li) {
      const Launch &l = plan.launches[li];
      std::vector<uint64_t> &s = slots[li];
      s.assign(l.argTypes.size(), 0);
      size_t at = 0;
      for (size_t oi = 0; oi < l.operands.size(); ++oi) {
        const Operand &o = l.operands[oi];
        if (!o.memref) {
          const std::string &t = l.argTypes[at];
          uint64_t bits = 0;
          if (t == "f32") {
            float f = float(o.value);
            std::memcpy(&bits, &f, 4);
          } else if (t == "f64") {
            double f = o.value;
            std::memcpy(&bits, &f, 8);
          } else if (t == "f16") {
            __half h = __float2half(float(o.value));
            std::memcpy(&bits, &h, 2);
          } else {
            int64_t i = int64_t(o.value);
            std::memcpy(&bits, &i,
                        8); // little-endian: narrower ints read the low bytes
          }
          s[at++] = bits;
          continue;
        }
        const Binding &b = plan.bindings[li][oi];
        void *base = b.kind == BufferKind::Input    ? inputs[b.index].ptr
                     : b.kind == BufferKind::Output ? output.ptr
                                                    : scratch[b.index].ptr;
        s[at++] = uint64_t(uintptr_t(base)); // allocated
        s[at++] = uint64_t(uintptr_t(base)); // aligned
        s[at++] = uint64_t(o.offset);
        for (int64_t size : o.shape)
          s[at++] = uint64_t(size);
        for (int64_t stride : o.strides)
          s[at++] = uint64_t(stride);
      }
      for (uint64_t &slot : s)
        params[li].push_back(&slot);
    }
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
      zeroOutput();
      for (DeviceBuffer &b : scratch)
        check(cudaMemsetAsync(b.ptr, 0, b.bytes, stream), "memset(scratch)");
      flush();
    };
    double firstMs;
    try {
      firstMs = timeOnce(launchAll, prepare);
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
      cmp = compare((const float *)output.ptr, (const float *)reference.ptr,
                    outCount, tol);
    float maxErr;
    std::memcpy(&maxErr, &cmp.maxErrBits, 4);
    int reps = 0, warm = 0;
    double ms = timeMedian(launchAll, prepare, firstMs, reps, warm);
    unload();
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
    if (correct || !opts.checkOutputs) {
      ++ok;
      if (cand.rank == 1)
        top1 = ms;
      if (!(best <= ms)) {
        best = ms;
        bestRank = cand.rank;
      }
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

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

void usage() {
  std::printf(
      "usage: roller-bench --manifest DIR/manifest.json [options]\n"
      "  --dry-run           validate everything, launch nothing (no CUDA "
      "calls)\n"
      "  --probe             only say which GPU (or that there is none), then "
      "exit\n"
      "  --op ID[,ID...]     only these operators\n"
      "  --ranks A-B         only candidates of these ranks (default: all)\n"
      "  --results FILE      append one JSON record per event to FILE\n"
      "  --warmup N          warm-up runs per candidate (default 2)\n"
      "  --reps N            timed runs per candidate, median reported "
      "(default 10)\n"
      "  --max-candidate-ms X  fewer timed runs (at least 3) for slow "
      "candidates\n"
      "  --max-op-s S        skip an operator's remaining candidates after S "
      "seconds\n"
      "  --deadline-s S      start no operator after S seconds\n"
      "  --no-flush          do not flush the L2 cache between runs\n"
      "  --no-check          do not compare outputs with the reference\n");
}

std::vector<std::string> splitList(const std::string &s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty())
      out.push_back(item);
  return out;
}

} // namespace

int main(int argc, char **argv) {
  Options opts;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "roller-bench: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--manifest")
      opts.manifest = value();
    else if (a == "--dry-run")
      opts.dryRun = true;
    else if (a == "--probe")
      opts.probe = true;
    else if (a == "--op")
      opts.only = splitList(value());
    else if (a == "--ranks") {
      std::string r = value();
      if (std::sscanf(r.c_str(), "%d-%d", &opts.firstRank, &opts.lastRank) !=
          2) {
        std::fprintf(stderr, "roller-bench: --ranks takes A-B, got '%s'\n",
                     r.c_str());
        return 2;
      }
    } else if (a == "--results")
      opts.results = value();
    else if (a == "--warmup")
      opts.warmup = std::atoi(value().c_str());
    else if (a == "--reps")
      opts.reps = std::max(1, std::atoi(value().c_str()));
    else if (a == "--max-candidate-ms")
      opts.maxCandidateMs = std::atof(value().c_str());
    else if (a == "--deadline-s")
      opts.deadlineS = std::atof(value().c_str());
    else if (a == "--max-op-s")
      opts.maxOpS = std::atof(value().c_str());
    else if (a == "--no-flush")
      opts.flushL2 = false;
    else if (a == "--no-check")
      opts.checkOutputs = false;
    else if (a == "--help" || a == "-h") {
      usage();
      return 0;
    } else {
      std::fprintf(stderr, "roller-bench: unknown option '%s'\n", a.c_str());
      usage();
      return 2;
    }
  }
  if (opts.manifest.empty()) {
    usage();
    return 2;
  }

  Manifest manifest;
  try {
    manifest = loadManifest(opts.manifest);
  } catch (const json::Error &e) {
    std::fprintf(stderr, "roller-bench: %s: %s\n", opts.manifest.c_str(),
                 e.what());
    return 1;
  }
  std::vector<const Op *> ops;
  for (const Op &op : manifest.ops)
    if (opts.only.empty() ||
        std::find(opts.only.begin(), opts.only.end(), op.id) != opts.only.end())
      ops.push_back(&op);
  for (const std::string &id : opts.only)
    if (std::none_of(manifest.ops.begin(), manifest.ops.end(),
                     [&](const Op &op) { return op.id == id; })) {
      std::fprintf(stderr, "roller-bench: no operator '%s' in the manifest\n",
                   id.c_str());
      return 1;
    }
  if (!opts.results.empty()) {
    resultsFile = std::fopen(opts.results.c_str(), "a");
    if (!resultsFile) {
      std::fprintf(stderr, "roller-bench: cannot write '%s': %s\n",
                   opts.results.c_str(), std::strerror(errno));
      return 1;
    }
  }

  if (opts.probe) {
    Bench bench(opts, manifest);
    try {
      bench.init();
    } catch (const GpuError &e) {
      std::fprintf(stderr, "roller-bench: CUDA error: %s\n", e.what());
      return 3;
    }
    return 0;
  }

  // Validate every candidate first (the dry run stops after this).
  int invalid = 0, candidates = 0, skipped = 0;
  std::vector<std::vector<Plan>> plans(ops.size());
  std::vector<std::vector<std::vector<std::string>>> problems(ops.size());
  for (size_t oi = 0; oi < ops.size(); ++oi) {
    const Op &op = *ops[oi];
    if (!op.skipped.empty()) {
      ++skipped;
      std::printf("%-8s skipped: %s\n", op.id.c_str(), op.skipped.c_str());
      emitRecord(fmt("{\"op\":%s,\"record\":\"op\",\"skipped\":%s}",
                     json::quote(op.id).c_str(),
                     json::quote(op.skipped).c_str()));
      continue;
    }
    plans[oi].resize(op.candidates.size());
    problems[oi].resize(op.candidates.size());
    for (size_t ci = 0; ci < op.candidates.size(); ++ci) {
      const Candidate &cand = op.candidates[ci];
      if (cand.rank < opts.firstRank || cand.rank > opts.lastRank)
        continue;
      ++candidates;
      try {
        problems[oi][ci] = validate(op, cand, manifest.device, plans[oi][ci]);
      } catch (const json::Error &e) {
        problems[oi][ci] = {e.what()};
      }
      const Plan &plan = plans[oi][ci];
      if (!problems[oi][ci].empty())
        ++invalid;
      if (opts.dryRun) {
        if (problems[oi][ci].empty()) {
          const Launch &l = plan.launches.front();
          std::printf(
              "%-8s rank %d: ok: %zu launch%s, %" PRId64
              " params, grid %" PRId64 "x%" PRId64 "x%" PRId64
              ", block %" PRId64 "x%" PRId64 "x%" PRId64 ", %" PRId64
              " B dynamic smem, %.1f MiB of buffers, predicted %.4f ms\n",
              op.id.c_str(), cand.rank, plan.launches.size(),
              plan.launches.size() == 1 ? "" : "es", plan.params, l.grid[0],
              l.grid[1], l.grid[2], l.block[0], l.block[1], l.block[2],
              l.dynamicSmem, plan.bytes / 1048576.0, cand.predictedUs / 1e3);
        } else {
          for (const std::string &p : problems[oi][ci])
            std::printf("%-8s rank %d: invalid: %s\n", op.id.c_str(), cand.rank,
                        p.c_str());
        }
      }
    }
  }
  if (opts.dryRun) {
    std::printf("roller-bench: dry run: %zu operators (%d skipped), %d "
                "candidates, %d invalid\n",
                ops.size(), skipped, candidates, invalid);
    return invalid ? 1 : 0;
  }

  Bench bench(opts, manifest);
  try {
    if (!bench.init())
      return 0;
    auto runStart = std::chrono::steady_clock::now();
    for (size_t oi = 0; oi < ops.size(); ++oi) {
      if (!ops[oi]->skipped.empty())
        continue;
      double spent = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - runStart)
                         .count();
      if (opts.deadlineS > 0 && spent > opts.deadlineS) {
        emitRecord(fmt(
            "{\"op\":%s,\"record\":\"op\",\"skipped\":\"the run's time limit "
            "was reached\"}",
            json::quote(ops[oi]->id).c_str()));
        continue;
      }
      bench.runOp(*ops[oi], plans[oi], problems[oi]);
    }
  } catch (const GpuError &e) {
    std::fprintf(stderr, "roller-bench: CUDA error: %s\n", e.what());
    return 3;
  } catch (const json::Error &e) {
    std::fprintf(stderr, "roller-bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
