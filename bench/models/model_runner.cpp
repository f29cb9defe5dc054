//===- model_runner.cpp - Runs a compiled model's whole GPU program -------===//
//
// Loads a model library of bench/models/build_model.py (the host program of
// `roller-opt --roller-tile --convert-to-nvvm` with its kernels' PTX), calls
// its `_mlir_ciface_<entry>` on inputs read from files, times the calls,
// writes the output and compares it with an expected one.
//
//   model_runner MODEL.so [--runtime LIB.so] [--sig FILE] --input FILE...
//                [--output FILE] [--expected FILE [--atol A] [--rtol R]]
//                [--warmup N] [--reps N] [--name NAME] [--json FILE]
//
// The mgpu* functions the library calls come from the runtime: --runtime
// loads one (RTLD_GLOBAL) before the model (Roller's PTX emulator,
// libroller_emulator_runtime.so, or cuda_runtime.so on a GPU machine);
// without it they must already be loaded (LD_PRELOAD). Loading the model runs
// its global constructors, which load every kernel's PTX.
//
// Files: a `.npy` (version 1 or 2, C order, '<f4' or '<f2') or raw
// little-endian bytes of the argument's element type (any other name). A bf16
// argument is read from f32 values (.npy '<f4' or raw f32) that are bf16
// values, as models/ stores them; a bf16 result is written as f32. The output
// is a .npy ('<f4' for f32 and bf16, '<f2' for f16).
//
// Time: the wall clock (std::chrono::steady_clock) around each call. A call
// copies its input in, runs every kernel on one stream, copies the output
// out and synchronizes that stream, so it is the GPU's time plus the launch,
// allocation and copy overheads. The first call, which also uploads the
// constants, is reported apart; then --warmup calls, then --reps timed ones.
//
// Plain C++17 and libdl; nothing GPU-specific.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fail(const std::string &msg) {
  std::fprintf(stderr, "model_runner: error: %s\n", msg.c_str());
  std::exit(2);
}

/// One argument or result of the entry: element type and sizes.
struct TensorType {
  std::string element; // f32, f16, bf16
  std::vector<int64_t> shape;

  int64_t count() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  size_t elementBytes() const { return element == "f32" ? 4 : 2; }
  std::string str() const {
    std::string s;
    for (int64_t d : shape)
      s += std::to_string(d) + "x";
    return s + element;
  }
};

struct Signature {
  std::string entry = "forward";
  std::vector<TensorType> inputs;
  TensorType output;
};

Signature readSignature(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    fail("cannot read the signature " + path +
         " (bench/models/build_model.py writes it next to the .so)");
  Signature sig;
  bool haveOutput = false;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string kind;
    if (!(words >> kind) || kind[0] == '#')
      continue;
    if (kind == "entry") {
      words >> sig.entry;
      continue;
    }
    TensorType t;
    words >> t.element;
    if (t.element != "f32" && t.element != "f16" && t.element != "bf16")
      fail(path + ": element type '" + t.element + "'");
    int64_t d;
    while (words >> d)
      t.shape.push_back(d);
    if (kind == "input")
      sig.inputs.push_back(t);
    else if (kind == "output")
      sig.output = t, haveOutput = true;
    else
      fail(path + ": unknown line '" + line + "'");
  }
  if (!haveOutput)
    fail(path + ": no output line");
  return sig;
}

// ----------------------------------------------------------------- numbers

float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h >> 15) << 31, exp = (h >> 10) & 0x1f,
           man = h & 0x3ff, bits;
  if (exp == 0x1f)
    bits = sign | 0x7f800000u | (man << 13);
  else if (exp)
    bits = sign | ((exp + 112) << 23) | (man << 13);
  else if (!man)
    bits = sign;
  else { // subnormal: renormalize
    exp = 113;
    while (!(man & 0x400))
      man <<= 1, --exp;
    bits = sign | (exp << 23) | ((man & 0x3ff) << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

float bf16ToFloat(uint16_t b) {
  uint32_t bits = uint32_t(b) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t floatToBf16(float f) { // round to nearest even
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return uint16_t((bits >> 16) | 0x40);
  return uint16_t((bits + 0x7fff + ((bits >> 16) & 1)) >> 16);
}

// ----------------------------------------------------------------- files

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    fail("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool endsWith(const std::string &s, const std::string &tail) {
  return s.size() >= tail.size() &&
         s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

/// The raw data of a .npy and its descr ('<f4', '<f2'); checks C order.
std::string npyData(const std::string &path, std::string &descr,
                    std::vector<int64_t> &shape) {
  std::string all = readFile(path);
  if (all.size() < 10 || all.compare(0, 6, "\x93NUMPY") != 0)
    fail(path + ": not a .npy file");
  size_t headerLen, start;
  if (all[6] == 1) {
    headerLen = uint8_t(all[8]) | (size_t(uint8_t(all[9])) << 8);
    start = 10;
  } else {
    headerLen = uint8_t(all[8]) | (size_t(uint8_t(all[9])) << 8) |
                (size_t(uint8_t(all[10])) << 16) |
                (size_t(uint8_t(all[11])) << 24);
    start = 12;
  }
  std::string header = all.substr(start, headerLen);
  auto field = [&](const char *key) {
    size_t at = header.find(key);
    if (at == std::string::npos)
      fail(path + ": no " + key + " in the .npy header");
    return header.substr(at + std::strlen(key));
  };
  std::string d = field("'descr':");
  size_t q = d.find('\'');
  descr = d.substr(q + 1, d.find('\'', q + 1) - q - 1);
  if (field("'fortran_order':").find("False") > 2)
    fail(path + ": Fortran order");
  std::string s = field("'shape':");
  s = s.substr(s.find('(') + 1, s.find(')') - s.find('(') - 1);
  std::replace(s.begin(), s.end(), ',', ' ');
  std::istringstream dims(s);
  int64_t v;
  while (dims >> v)
    shape.push_back(v);
  return all.substr(start + headerLen);
}

/// An argument's bytes (its element type) from a .npy or raw file.
std::vector<char> readInput(const std::string &path, const TensorType &t) {
  std::string descr = t.element == "f16" ? "<f2" : "<f4", data;
  if (endsWith(path, ".npy")) {
    std::vector<int64_t> shape;
    data = npyData(path, descr, shape);
    if (shape != t.shape)
      fail(path + ": shape does not match the argument " + t.str());
    if (descr != (t.element == "f16" ? "<f2" : "<f4"))
      fail(path + ": stored as '" + descr + "', the argument is " + t.str() +
           (t.element == "bf16" ? " (read from '<f4')" : ""));
  } else {
    data = readFile(path);
  }
  size_t storedBytes = t.element == "f16" ? 2 : 4;
  if (data.size() != size_t(t.count()) * storedBytes)
    fail(path + ": " + std::to_string(data.size()) + " bytes of data, " +
         t.str() + " needs " + std::to_string(t.count() * storedBytes));
  std::vector<char> out(size_t(t.count()) * t.elementBytes());
  if (t.element != "bf16") {
    std::memcpy(out.data(), data.data(), out.size());
  } else {
    for (int64_t i = 0; i < t.count(); ++i) {
      float f;
      std::memcpy(&f, data.data() + 4 * i, 4);
      uint16_t b = floatToBf16(f);
      std::memcpy(out.data() + 2 * i, &b, 2);
    }
  }
  return out;
}

void writeNpy(const std::string &path, const std::string &descr,
              const std::vector<int64_t> &shape, const void *data,
              size_t bytes) {
  std::string dims = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    dims += (i ? ", " : "") + std::to_string(shape[i]);
  dims += shape.size() == 1 ? ",)" : ")";
  std::string header = "{'descr': '" + descr +
                       "', 'fortran_order': False, 'shape': " + dims + ", }";
  while ((10 + header.size() + 1) % 64)
    header += ' ';
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  if (!out)
    fail("cannot write " + path);
  out.write("\x93NUMPY\x01\x00", 8);
  char len[2] = {char(header.size() & 0xff), char(header.size() >> 8)};
  out.write(len, 2);
  out << header;
  out.write(static_cast<const char *>(data), std::streamsize(bytes));
}

/// A result's values as floats.
std::vector<float> toFloats(const char *data, const TensorType &t) {
  std::vector<float> v(size_t(t.count()));
  for (size_t i = 0; i < v.size(); ++i) {
    if (t.element == "f32") {
      std::memcpy(&v[i], data + 4 * i, 4);
    } else {
      uint16_t h;
      std::memcpy(&h, data + 2 * i, 2);
      v[i] = t.element == "f16" ? halfToFloat(h) : bf16ToFloat(h);
    }
  }
  return v;
}

std::vector<float> readExpected(const std::string &path, const TensorType &t) {
  std::string descr;
  std::vector<int64_t> shape;
  std::string data = npyData(path, descr, shape);
  if (shape != t.shape)
    fail(path + ": shape does not match the result " + t.str());
  TensorType stored{descr == "<f2" ? "f16" : "f32", shape};
  if (descr != "<f2" && descr != "<f4")
    fail(path + ": stored as '" + descr + "' (takes '<f4' or '<f2')");
  if (data.size() != size_t(stored.count()) * stored.elementBytes())
    fail(path + ": truncated");
  return toFloats(data.data(), stored);
}

// ----------------------------------------------------------------- memrefs

/// A memref descriptor as MLIR's C interface lays it out: allocated and
/// aligned pointers, offset, sizes[rank], strides[rank] (all 64-bit).
struct Descriptor {
  std::vector<int64_t> words;

  Descriptor(void *data, const std::vector<int64_t> &shape)
      : words(3 + 2 * shape.size()) {
    words[0] = words[1] = int64_t(reinterpret_cast<intptr_t>(data));
    words[2] = 0;
    int64_t stride = 1;
    for (size_t i = shape.size(); i-- > 0;) {
      words[3 + i] = shape[i];
      words[3 + shape.size() + i] = stride;
      stride *= shape[i];
    }
  }
  void *allocated() const { return reinterpret_cast<void *>(words[0]); }
  char *aligned() const { return reinterpret_cast<char *>(words[1]); }
  int64_t offset() const { return words[2]; }
};

using Entry1 = void (*)(void *, void *);
using Entry2 = void (*)(void *, void *, void *);
using Entry3 = void (*)(void *, void *, void *, void *);
using Entry4 = void (*)(void *, void *, void *, void *, void *);

struct Model {
  void *fn = nullptr;
  std::vector<Descriptor> args;
  TensorType output;

  /// One call; the result's descriptor.
  Descriptor call() {
    Descriptor result(nullptr, output.shape);
    void *r = result.words.data();
    auto a = [&](size_t i) {
      return static_cast<void *>(args[i].words.data());
    };
    switch (args.size()) {
    case 1:
      reinterpret_cast<Entry1>(fn)(r, a(0));
      break;
    case 2:
      reinterpret_cast<Entry2>(fn)(r, a(0), a(1));
      break;
    case 3:
      reinterpret_cast<Entry3>(fn)(r, a(0), a(1), a(2));
      break;
    case 4:
      reinterpret_cast<Entry4>(fn)(r, a(0), a(1), a(2), a(3));
      break;
    default:
      fail("takes 1 to 4 inputs, the model has " + std::to_string(args.size()));
    }
    return result;
  }

  /// The result's bytes, contiguous; frees the host buffer the program
  /// malloc'ed for it (a memref.get_global result, 0xdeadbeef, is not freed).
  std::vector<char> take(const Descriptor &d) {
    std::vector<char> bytes(size_t(output.count()) * output.elementBytes());
    size_t rank = output.shape.size();
    const int64_t *strides = d.words.data() + 3 + rank;
    bool contiguous = true;
    int64_t expect = 1;
    for (size_t i = rank; i-- > 0;) {
      contiguous &= output.shape[i] == 1 || strides[i] == expect;
      expect *= output.shape[i];
    }
    const char *base = d.aligned() + d.offset() * output.elementBytes();
    if (contiguous) {
      std::memcpy(bytes.data(), base, bytes.size());
    } else {
      std::vector<int64_t> idx(rank, 0);
      for (int64_t n = 0; n < output.count(); ++n) {
        int64_t at = 0;
        for (size_t i = 0; i < rank; ++i)
          at += idx[i] * strides[i];
        std::memcpy(bytes.data() + n * output.elementBytes(),
                    base + at * output.elementBytes(), output.elementBytes());
        for (size_t i = rank; i-- > 0;) {
          if (++idx[i] < output.shape[i])
            break;
          idx[i] = 0;
        }
      }
    }
    if (d.allocated() && d.allocated() != reinterpret_cast<void *>(0xdeadbeef))
      std::free(d.allocated());
    return bytes;
  }
};

double ms(std::chrono::steady_clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

std::string num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return std::isfinite(v) ? buf : "null";
}

void usage() {
  std::fprintf(stderr,
               "usage: model_runner MODEL.so [--runtime LIB.so] [--sig FILE] "
               "--input FILE... [--output FILE]\n"
               "                    [--expected FILE [--atol A] [--rtol R]] "
               "[--warmup N] [--reps N] [--name NAME] [--json FILE]\n");
  std::exit(2);
}

} // namespace

int main(int argc, char **argv) {
  std::string model, runtime, sigPath, output, expected, name, jsonPath;
  std::vector<std::string> inputs;
  int warmup = 2, reps = 10;
  double atol = -1, rtol = -1;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        usage();
      return argv[++i];
    };
    if (a == "--runtime")
      runtime = value();
    else if (a == "--sig")
      sigPath = value();
    else if (a == "--input")
      inputs.push_back(value());
    else if (a == "--output")
      output = value();
    else if (a == "--expected")
      expected = value();
    else if (a == "--atol")
      atol = std::atof(value().c_str());
    else if (a == "--rtol")
      rtol = std::atof(value().c_str());
    else if (a == "--warmup")
      warmup = std::atoi(value().c_str());
    else if (a == "--reps")
      reps = std::atoi(value().c_str());
    else if (a == "--name")
      name = value();
    else if (a == "--json")
      jsonPath = value();
    else if (a == "-h" || a == "--help" || (a[0] == '-' && a.size() > 1))
      usage();
    else if (model.empty())
      model = a;
    else
      usage();
  }
  if (model.empty() || reps < 1 || warmup < 0)
    usage();
  std::string stem =
      endsWith(model, ".so") ? model.substr(0, model.size() - 3) : model;
  if (sigPath.empty())
    sigPath = stem + ".sig";
  if (name.empty())
    name = stem.substr(stem.find_last_of('/') + 1);
  Signature sig = readSignature(sigPath);
  if (inputs.size() != sig.inputs.size())
    fail(name + " takes " + std::to_string(sig.inputs.size()) +
         " input(s), given " + std::to_string(inputs.size()));

  auto t0 = std::chrono::steady_clock::now();
  if (!runtime.empty() && !dlopen(runtime.c_str(), RTLD_NOW | RTLD_GLOBAL))
    fail(std::string("cannot load the runtime: ") + dlerror());
  if (!dlsym(RTLD_DEFAULT, "mgpuLaunchKernel"))
    fail("no mgpu* runtime is loaded (give --runtime or LD_PRELOAD)");
  // The model's global constructors load its kernels' PTX here.
  void *lib = dlopen(model.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    fail(std::string("cannot load the model: ") + dlerror());
  double loadMs = ms(std::chrono::steady_clock::now() - t0);
  std::string symbol = "_mlir_ciface_" + sig.entry;
  Model m;
  m.fn = dlsym(lib, symbol.c_str());
  if (!m.fn)
    fail(model + " has no " + symbol +
         " (build it with build_model.py: --llvm-request-c-wrappers)");
  m.output = sig.output;
  std::vector<std::vector<char>> buffers;
  for (size_t i = 0; i < inputs.size(); ++i) {
    buffers.push_back(readInput(inputs[i], sig.inputs[i]));
    m.args.emplace_back(buffers.back().data(), sig.inputs[i].shape);
  }

  auto timed = [&](std::vector<char> &out) {
    auto start = std::chrono::steady_clock::now();
    Descriptor d = m.call();
    double t = ms(std::chrono::steady_clock::now() - start);
    out = m.take(d);
    return t;
  };
  std::vector<char> first, last;
  double firstMs = timed(first);
  for (int i = 0; i < warmup; ++i)
    timed(last);
  std::vector<double> times;
  for (int i = 0; i < reps; ++i)
    times.push_back(timed(last));
  std::vector<double> sorted = times;
  std::sort(sorted.begin(), sorted.end());
  double median =
      sorted.size() % 2
          ? sorted[sorted.size() / 2]
          : 0.5 * (sorted[sorted.size() / 2 - 1] + sorted[sorted.size() / 2]);
  // Every call must give the same output: the constants, uploaded on the
  // first call only, are still right on the later ones.
  bool same = first == last;

  std::printf("model_runner: %s: %zu input(s) -> %s; load %.3f ms (PTX "
              "modules); first call %.3f ms (uploads the constants)\n",
              name.c_str(), inputs.size(), sig.output.str().c_str(), loadMs,
              firstMs);
  std::printf("model_runner: %s: %d calls after %d warm-up: median %.4f ms, "
              "min %.4f ms; %s\n",
              name.c_str(), reps, warmup, median, sorted.front(),
              same ? "every call gave the first call's output"
                   : "OUTPUT DIFFERS between the first and last call");

  std::vector<float> got = toFloats(last.data(), sig.output);
  if (!output.empty()) {
    if (sig.output.element == "f16")
      writeNpy(output, "<f2", sig.output.shape, last.data(), last.size());
    else
      writeNpy(output, "<f4", sig.output.shape, got.data(), got.size() * 4);
  }

  bool ok = same;
  double maxErr = -1;
  std::string verdict;
  if (!expected.empty()) {
    std::vector<float> want = readExpected(expected, sig.output);
    // models/run_reference.py's tolerances, by result type.
    double tol = sig.output.element == "f32"   ? 1e-4
                 : sig.output.element == "f16" ? 2e-2
                                               : 6e-2;
    if (atol < 0)
      atol = tol;
    if (rtol < 0)
      rtol = tol;
    size_t bad = 0, worst = 0;
    maxErr = 0;
    for (size_t i = 0; i < want.size(); ++i) {
      double d = std::fabs(double(got[i]) - double(want[i]));
      if (std::isnan(d) || d > atol + rtol * std::fabs(double(want[i])))
        ++bad;
      if (std::isnan(d) || d > maxErr)
        maxErr = std::isnan(d) ? NAN : d, worst = i;
      if (std::isnan(maxErr))
        break;
    }
    ok &= bad == 0;
    char line[512];
    std::snprintf(line, sizeof line,
                  "%s max |err| %.3g (atol %g, rtol %g; %zu of %zu outside, "
                  "worst at %zu: %.6g, expected %.6g)",
                  bad ? "MISMATCH" : "match", maxErr, atol, rtol, bad,
                  want.size(), worst, double(got[worst]), double(want[worst]));
    verdict = line;
    std::printf("model_runner: %s: %s: %s\n", name.c_str(),
                ok ? "PASS" : "FAIL", line);
  }

  std::string json =
      "{\"model\": \"" + name + "\", \"load_ms\": " + num(loadMs) +
      ", \"first_call_ms\": " + num(firstMs) +
      ", \"median_ms\": " + num(median) +
      ", \"min_ms\": " + num(sorted.front()) +
      ", \"reps\": " + std::to_string(reps) + ", \"times_ms\": [";
  for (size_t i = 0; i < times.size(); ++i)
    json += (i ? ", " : "") + num(times[i]);
  json += "], \"calls_agree\": " + std::string(same ? "true" : "false");
  if (!expected.empty())
    json += ", \"max_abs_err\": " + num(maxErr) + ", \"atol\": " + num(atol) +
            ", \"rtol\": " + num(rtol);
  json += ", \"ok\": " + std::string(ok ? "true" : "false") + "}";
  std::printf("%s\n", json.c_str());
  if (!jsonPath.empty()) {
    std::ofstream j(jsonPath);
    j << json << "\n";
  }
  std::fflush(stdout);
  return ok ? 0 : 1;
}
