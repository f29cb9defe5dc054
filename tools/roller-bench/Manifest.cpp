//===- Manifest.cpp - Read the prepared folder ----------------------------===//
//
// See Manifest.h.
//
//===----------------------------------------------------------------------===//

#include "Manifest.h"

#include "Support.h"

#include "../common/Json.h"

namespace roller::bench {
namespace {

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

/// Cache of parsed launch files (every operator of a rank shares one).
std::map<std::string, std::vector<Launch>> &launchCache() {
  static std::map<std::string, std::vector<Launch>> cache;
  return cache;
}

} // namespace

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

} // namespace roller::bench
