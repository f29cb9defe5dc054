//===- LaunchDescription.cpp - Launch descriptions for roller-emu ---------===//

#include "LaunchDescription.h"

#include "../common/Json.h"

#include <cstdlib>
#include <cstring>
#include <sys/mman.h>

using namespace roller;
using namespace roller::emutool;

namespace {

unsigned elementBytes(const std::string &element) {
  if (element == "f64" || element == "i64" || element == "index" ||
      element == "si64" || element == "ui64")
    return 8;
  if (element == "f32" || element == "i32" || element == "si32" ||
      element == "ui32")
    return 4;
  if (element == "f16" || element == "bf16" || element == "i16" ||
      element == "si16" || element == "ui16")
    return 2;
  if (element == "i8" || element == "si8" || element == "ui8" ||
      element == "i1")
    return 1;
  return 0;
}

std::optional<int64_t> optionalInteger(const json::Value &v) {
  if (v.isNull())
    return std::nullopt;
  return v.integer();
}

Operand parseOperand(const json::Value &v) {
  Operand operand;
  const std::string &kind = v.at("kind").string();
  if (kind == "memref")
    operand.kind = Operand::Kind::Memref;
  else if (kind == "pointer")
    operand.kind = Operand::Kind::Pointer;
  else if (kind == "scalar")
    operand.kind = Operand::Kind::Scalar;
  else
    throw json::Error("unknown operand kind '" + kind + "'");
  if (operand.kind == Operand::Kind::Scalar) {
    if (const json::Value *type = v.find("type"))
      operand.type = type->string();
    if (const json::Value *value = v.find("value"); value && !value->isNull())
      operand.value = value->number();
    return operand;
  }
  operand.element = v.at("element").string();
  if (!elementBytes(operand.element))
    throw json::Error("unsupported element type '" + operand.element + "'");
  if (const json::Value *shape = v.find("shape"))
    for (const json::Value &d : shape->array())
      operand.shape.push_back(optionalInteger(d));
  if (const json::Value *strides = v.find("strides");
      strides && !strides->isNull())
    for (const json::Value &d : strides->array())
      operand.strides.push_back(optionalInteger(d));
  if (const json::Value *offset = v.find("offset"))
    operand.offset = optionalInteger(*offset);
  if (const json::Value *align = v.find("align"))
    operand.align = uint64_t(align->integer());
  if (!operand.strides.empty() &&
      operand.strides.size() != operand.shape.size())
    throw json::Error("strides and shape differ in rank");
  return operand;
}

emu::Dim3 parseDims(const json::Value &v) {
  std::vector<int64_t> d = v.integers();
  if (d.empty() || d.size() > 3)
    throw json::Error("expected 1 to 3 dimensions");
  for (int64_t x : d)
    if (x < 0 || x > UINT32_MAX)
      throw json::Error("dimension " + std::to_string(x) + " out of range");
  emu::Dim3 dims;
  dims.x = uint32_t(d[0]);
  dims.y = d.size() > 1 ? uint32_t(d[1]) : 1;
  dims.z = d.size() > 2 ? uint32_t(d[2]) : 1;
  return dims;
}

} // namespace

bool roller::emutool::parseLaunches(const std::string &text,
                                    std::vector<Launch> &launches,
                                    std::string &error) {
  try {
    json::Value root = json::parse(text);
    for (const json::Value &v : root.array()) {
      Launch launch;
      launch.kernel = v.at("kernel").string();
      launch.config.grid = parseDims(v.at("grid"));
      launch.config.block = parseDims(v.at("block"));
      if (const json::Value *smem = v.find("dynamic_shared_memory_bytes")) {
        int64_t bytes = smem->integer();
        if (bytes < 0)
          throw json::Error("negative dynamic shared memory");
        launch.config.dynamicSharedBytes = uint64_t(bytes);
      }
      if (const json::Value *factor = v.find("model_bank_conflict"))
        launch.assumedBankConflict = factor->number();
      for (const json::Value &operand : v.at("operands").array())
        launch.operands.push_back(parseOperand(operand));
      launches.push_back(std::move(launch));
    }
  } catch (const json::Error &e) {
    error = e.what();
    return false;
  }
  return true;
}

namespace {
/// Zeroed memory the kernel of a sampled launch touches only in part: the
/// pages come into being when first touched, so a sample of blocks of an
/// operator with gigabytes of output costs what the sample touches.
uint8_t *mapZeroed(uint64_t bytes) {
  void *p = mmap(nullptr, std::max<uint64_t>(bytes, 1), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? nullptr : static_cast<uint8_t *>(p);
}
void unmap(uint8_t *p, uint64_t bytes) {
  if (p)
    munmap(p, std::max<uint64_t>(bytes, 1));
}
} // namespace

namespace {
/// The --fill pattern, written a page at a time as the kernel touches it.
class PatternContent : public emu::LazyContent {
public:
  PatternContent(uint8_t *data, uint64_t bytes, std::string element,
                 unsigned elementBytes, uint64_t seed)
      : data(data), bytes(bytes), element(std::move(element)),
        elementBytes(elementBytes), seed(seed),
        filled((bytes + kPage - 1) / kPage, false) {}
  void materialize(uint64_t offset, uint64_t size) override {
    for (uint64_t page = offset / kPage; page <= (offset + size - 1) / kPage;
         ++page) {
      if (filled[page])
        continue;
      filled[page] = true;
      uint64_t begin = page * kPage, end = std::min(begin + kPage, bytes);
      fillPattern(data + begin, (end - begin) / elementBytes, element, seed,
                  begin / elementBytes);
    }
  }

private:
  static constexpr uint64_t kPage = 4096;
  uint8_t *data;
  uint64_t bytes;
  std::string element;
  unsigned elementBytes;
  uint64_t seed;
  std::vector<bool> filled;
};
} // namespace

Buffers::~Buffers() {
  for (Entry &entry : entries) {
    unmap(entry.data, entry.allocation);
    unmap(entry.writtenBytes, entry.bytes);
  }
}

void Buffers::noteWrite(uint64_t address, unsigned size) {
  for (Entry &entry : entries) {
    uint64_t base = reinterpret_cast<uint64_t>(entry.data);
    if (!entry.data || address < base || address >= base + entry.bytes)
      continue;
    for (unsigned i = 0; i < size && address + i < base + entry.bytes; ++i) {
      entry.writtenBytes[address - base + i] = 1;
      entry.writtenPages.insert((address - base + i) >> 12);
    }
    return;
  }
}

npy::Array Buffers::toArray(size_t operand) const {
  const Entry &entry = entries[operand];
  npy::Array array;
  array.dtype = entry.dtype;
  array.shape = entry.shape;
  array.data.assign(entry.data, entry.data + entry.bytes);
  array.data.resize(size_t(array.elements()) * entry.elementBytes);
  return array;
}

npy::Array Buffers::writtenIndices(size_t operand) const {
  const Entry &entry = entries[operand];
  npy::Array array;
  array.dtype = "i8";
  std::vector<int64_t> indices;
  int64_t last = -1;
  for (uint64_t page : entry.writtenPages) {
    uint64_t begin = page << 12, end = std::min(begin + 4096, entry.bytes);
    for (uint64_t byte = begin; byte < end; ++byte) {
      if (!entry.writtenBytes[byte])
        continue;
      int64_t element = int64_t(byte / entry.elementBytes);
      if (element != last)
        indices.push_back(element);
      last = element;
    }
  }
  array.shape = {int64_t(indices.size())};
  array.data.resize(indices.size() * 8);
  std::memcpy(array.data.data(), indices.data(), array.data.size());
  return array;
}

npy::Array Buffers::writtenValues(size_t operand) const {
  const Entry &entry = entries[operand];
  npy::Array indices = writtenIndices(operand);
  npy::Array array;
  array.dtype = entry.dtype;
  array.shape = indices.shape;
  array.data.resize(size_t(indices.shape[0]) * entry.elementBytes);
  for (int64_t i = 0; i < indices.shape[0]; ++i) {
    int64_t element;
    std::memcpy(&element, indices.data.data() + 8 * i, 8);
    std::memcpy(array.data.data() + size_t(i) * entry.elementBytes,
                entry.data + element * entry.elementBytes, entry.elementBytes);
  }
  return array;
}

int64_t roller::emutool::patternValue(uint64_t index, uint64_t seed) {
  // A splitmix64 step: neighbouring elements are unrelated, so a tile read
  // at a wrong offset shows in the result.
  uint64_t z = index * 0x9E3779B97F4A7C15ull + seed * 0xBF58476D1CE4E5B9ull;
  z ^= z >> 31;
  z *= 0x94D049BB133111EBull;
  z ^= z >> 29;
  return int64_t(z % 9) - 4;
}

void roller::emutool::fillPattern(uint8_t *data, uint64_t elements,
                                  const std::string &element, uint64_t seed,
                                  uint64_t first) {
  // The nine values in the element type's encoding, then a table lookup.
  unsigned bytes = elementBytes(element);
  uint8_t encoded[9][8] = {};
  for (int64_t v = -4; v <= 4; ++v) {
    uint8_t *out = encoded[v + 4];
    float f = float(v);
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    if (element == "f32") {
      std::memcpy(out, &f, 4);
    } else if (element == "f64") {
      double d = double(v);
      std::memcpy(out, &d, 8);
    } else if (element == "bf16") {
      uint16_t h = uint16_t(bits >> 16); // small integers are exact in bf16
      std::memcpy(out, &h, 2);
    } else if (element == "f16") {
      uint32_t sign = bits >> 31, exponent = (bits >> 23) & 0xff;
      uint16_t h = v == 0 ? 0
                          : uint16_t(sign << 15 | (exponent - 112) << 10 |
                                     (bits & 0x7fffff) >> 13);
      std::memcpy(out, &h, 2);
    } else {
      std::memcpy(out, &v, bytes);
    }
  }
  for (uint64_t i = 0; i < elements; ++i)
    std::memcpy(data + bytes * i, encoded[patternValue(first + i, seed) + 4],
                bytes);
}

bool roller::emutool::prepareBuffers(
    const Launch &launch, const emu::Program &program,
    const std::map<size_t, std::string> &inputs,
    const std::map<size_t, uint64_t> &fills,
    const std::map<size_t, std::string> &scalars, emu::GlobalMemory &memory,
    Buffers &buffers, std::string &error) {
  buffers.entries.resize(launch.operands.size());
  auto addValue = [&](const void *bytes, size_t size) {
    size_t index = buffers.values.size();
    std::vector<uint8_t> value(8, 0);
    std::memcpy(value.data(), bytes, std::min<size_t>(size, 8));
    buffers.values.push_back(std::move(value));
    (void)index;
  };
  for (const auto &[index, seed] : fills)
    if (index >= launch.operands.size() ||
        launch.operands[index].kind == Operand::Kind::Scalar) {
      error = "--fill=" + std::to_string(index) + ": operand " +
              std::to_string(index) + " is not a buffer";
      return false;
    }
  for (const auto &[index, path] : inputs)
    if (index >= launch.operands.size() ||
        launch.operands[index].kind == Operand::Kind::Scalar) {
      error = "--in=" + std::to_string(index) + ": operand " +
              std::to_string(index) + " is not a buffer";
      return false;
    }
  for (size_t i = 0; i < launch.operands.size(); ++i) {
    const Operand &operand = launch.operands[i];
    std::string name = "operand " + std::to_string(i);
    if (operand.kind == Operand::Kind::Scalar) {
      double value = operand.value.value_or(0);
      if (auto it = scalars.find(i); it != scalars.end())
        value = std::strtod(it->second.c_str(), nullptr);
      else if (!operand.value) {
        error = name + " is a scalar without a value: give it with --scalar=" +
                std::to_string(i) + ":VALUE";
        return false;
      }
      if (operand.type == "f32") {
        float f = float(value);
        addValue(&f, 4);
      } else if (operand.type == "f64") {
        addValue(&value, 8);
      } else {
        int64_t v = int64_t(value);
        addValue(&v, 8);
      }
      continue;
    }
    Buffers::Entry &entry = buffers.entries[i];
    entry.elementBytes = elementBytes(operand.element);
    entry.dtype = npy::dtypeFor(operand.element);
    npy::Array input;
    auto in = inputs.find(i);
    if (in != inputs.end() && !npy::read(in->second, input, error))
      return false;
    bool dynamic = false;
    for (const auto &d : operand.shape)
      dynamic |= !d.has_value();
    if (in != inputs.end()) {
      if (input.elementBytes() != entry.elementBytes) {
        error = in->second + ": " + std::to_string(input.elementBytes()) +
                "-byte elements, but " + name + " holds " + operand.element;
        return false;
      }
      if (!dynamic && operand.shape.size() == input.shape.size()) {
        for (size_t d = 0; d < input.shape.size(); ++d)
          if (*operand.shape[d] != input.shape[d]) {
            error = in->second + ": shape differs from " + name + "'s";
            return false;
          }
      }
      entry.shape = input.shape;
    } else {
      if (dynamic) {
        error = name + " has a dynamic shape: give its contents with --in=" +
                std::to_string(i) + ":FILE.npy";
        return false;
      }
      for (const auto &d : operand.shape)
        entry.shape.push_back(*d);
    }
    // Elements the layout spans: offset + sum (size - 1) * stride + 1.
    int64_t extent = 1;
    bool strided = !operand.strides.empty();
    for (size_t d = 0; d < entry.shape.size(); ++d) {
      if (entry.shape[d] == 0) {
        extent = 0;
        break;
      }
      int64_t stride = 1;
      if (strided) {
        if (!operand.strides[d]) {
          error = name + " has a dynamic stride";
          return false;
        }
        stride = *operand.strides[d];
      }
      extent = strided ? extent + (entry.shape[d] - 1) * stride
                       : extent * entry.shape[d];
    }
    int64_t offset = operand.offset.value_or(0);
    if (strided && extent > 0)
      extent += offset;
    entry.bytes = uint64_t(extent) * entry.elementBytes;
    if (in != inputs.end() && input.data.size() < entry.bytes) {
      error = in->second + " is smaller than " + name + "'s layout";
      return false;
    }
    entry.allocation = std::max<uint64_t>((entry.bytes + 255) / 256 * 256, 256);
    entry.data = mapZeroed(entry.allocation);
    entry.writtenBytes = mapZeroed(entry.bytes);
    if (!entry.data || !entry.writtenBytes) {
      error = "cannot allocate " + std::to_string(entry.bytes) + " bytes";
      return false;
    }
    if (in != inputs.end())
      std::memcpy(entry.data, input.data.data(), entry.bytes);
    else if (auto fill = fills.find(i); fill != fills.end())
      entry.lazy = std::make_unique<PatternContent>(
          entry.data, entry.bytes, operand.element, entry.elementBytes,
          fill->second);
    if (entry.bytes)
      memory.add(reinterpret_cast<uint64_t>(entry.data), entry.bytes,
                 emu::AllocationKind::Buffer, name, entry.lazy.get());
    uint64_t pointer = reinterpret_cast<uint64_t>(entry.data);
    if (operand.kind == Operand::Kind::Pointer) {
      addValue(&pointer, 8);
      continue;
    }
    // The memref descriptor: allocated and aligned pointers, offset, sizes,
    // strides.
    addValue(&pointer, 8);
    addValue(&pointer, 8);
    addValue(&offset, 8);
    for (int64_t size : entry.shape)
      addValue(&size, 8);
    int64_t running = 1;
    std::vector<int64_t> strides(entry.shape.size());
    for (size_t d = entry.shape.size(); d-- > 0;) {
      strides[d] = strided ? *operand.strides[d] : running;
      running *= entry.shape[d];
    }
    for (int64_t stride : strides)
      addValue(&stride, 8);
  }
  if (buffers.values.size() != program.params.size()) {
    error = "the launch's operands expand to " +
            std::to_string(buffers.values.size()) + " parameters, but kernel " +
            program.name + " has " + std::to_string(program.params.size());
    return false;
  }
  for (size_t i = 0; i < buffers.values.size(); ++i) {
    if (program.params[i].size > 8) {
      error = "parameter " + program.params[i].name + " of " +
              std::to_string(program.params[i].size) +
              " bytes cannot be given in a launch description";
      return false;
    }
    buffers.pointers.push_back(buffers.values[i].data());
  }
  return true;
}
