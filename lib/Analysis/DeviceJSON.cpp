//===- DeviceJSON.cpp - Device descriptions as JSON files -----------------===//
//
// Reads and writes the JSON image of DeviceSpec (schema in docs/devices.md)
// and resolves a user's device selection. Parsing is strict: an unknown key
// or a value of the wrong type is an error naming its path, because a typo
// that silently fell back to a default would give plausible but wrong
// performance estimates. Parsing checks structure only; resolveDevice() also
// runs DeviceSpec::validate().
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Device.h"
#include "Roller/Analysis/Limits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>

using namespace mlir::roller;
namespace json = llvm::json;

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error pathError(llvm::StringRef path, const llvm::Twine &message) {
  return makeError(path + ": " + message);
}

std::string presetList() { return llvm::join(getDevicePresetNames(), ", "); }

/// Keys in a fixed order, so that the first error reported does not depend on
/// the hash order of json::Object.
std::vector<llvm::StringRef> sortedKeys(const json::Object &object) {
  std::vector<llvm::StringRef> keys;
  for (const auto &entry : object)
    keys.push_back(entry.first);
  llvm::sort(keys);
  return keys;
}

llvm::Error unknownKey(llvm::StringRef path,
                       llvm::ArrayRef<llvm::StringLiteral> expected) {
  std::string list;
  for (llvm::StringRef key : expected)
    list += (list.empty() ? "" : ", ") + key.str();
  return pathError(path, "unknown key (expected one of: " + list + ")");
}

std::string childPath(llvm::StringRef parent, llvm::StringRef key) {
  return parent.empty() ? key.str() : (parent + "." + key).str();
}

llvm::Error readInt(const json::Value &value, llvm::StringRef path,
                    int64_t &out) {
  std::optional<int64_t> parsed = value.getAsInteger();
  if (!parsed)
    return pathError(path, "expected an integer");
  out = *parsed;
  return llvm::Error::success();
}

llvm::Error readNumber(const json::Value &value, llvm::StringRef path,
                       double &out) {
  std::optional<double> parsed = value.getAsNumber();
  if (!parsed)
    return pathError(path, "expected a number");
  out = *parsed;
  return llvm::Error::success();
}

llvm::Error readString(const json::Value &value, llvm::StringRef path,
                       std::string &out) {
  std::optional<llvm::StringRef> parsed = value.getAsString();
  if (!parsed)
    return pathError(path, "expected a string");
  out = parsed->str();
  return llvm::Error::success();
}

const json::Object *getObject(const json::Value &value) {
  return value.getAsObject();
}

//===----------------------------------------------------------------------===//
// Sub-objects
//===----------------------------------------------------------------------===//

constexpr llvm::StringLiteral kPeakKeys[] = {"element_type", "cuda_core_tflops",
                                             "tensor_core_tflops"};
constexpr llvm::StringLiteral kMmaKeys[] = {"m", "n", "k", "input_type",
                                            "acc_type"};
constexpr llvm::StringLiteral kLevelKeys[] = {"kind",
                                              "capacity_bytes",
                                              "bandwidth_gbps",
                                              "transaction_bytes",
                                              "banks",
                                              "bank_width_bytes",
                                              "achievable_gbps",
                                              "round_trip_ns",
                                              "load_latency_ns"};

/// Peaks are matched by element_type against the starting list (the base
/// preset's, or empty): a match is updated with the keys given, any other
/// entry is appended. A file thus overrides one figure in one line.
llvm::Error parsePeaks(const json::Value &value,
                       std::vector<PeakThroughput> &peaks) {
  const json::Array *array = value.getAsArray();
  if (!array)
    return pathError("peaks", "expected an array");
  std::vector<std::string> seen;
  for (auto [i, element] : llvm::enumerate(*array)) {
    std::string path = "peaks[" + std::to_string(i) + "]";
    const json::Object *object = getObject(element);
    if (!object)
      return pathError(path, "expected an object");
    const json::Value *typeValue = object->get("element_type");
    if (!typeValue)
      return pathError(path, "missing key 'element_type'");
    std::string type;
    if (llvm::Error err = readString(*typeValue, path + ".element_type", type))
      return err;
    if (llvm::is_contained(seen, type))
      return pathError(path + ".element_type",
                       "duplicate element type '" + type + "'");
    seen.push_back(type);
    auto it = llvm::find_if(peaks, [&](const PeakThroughput &peak) {
      return peak.elementType == type;
    });
    size_t index = it - peaks.begin();
    if (it == peaks.end())
      peaks.push_back({type, 0, 0});
    PeakThroughput &peak = peaks[index];
    for (llvm::StringRef key : sortedKeys(*object)) {
      const json::Value &field = *object->get(key);
      std::string fieldPath = childPath(path, key);
      llvm::Error err = llvm::Error::success();
      if (key == "element_type")
        continue;
      if (key == "cuda_core_tflops")
        err = readNumber(field, fieldPath, peak.cudaCoreTflops);
      else if (key == "tensor_core_tflops")
        err = readNumber(field, fieldPath, peak.tensorCoreTflops);
      else
        err = unknownKey(fieldPath, kPeakKeys);
      if (err)
        return err;
    }
  }
  return llvm::Error::success();
}

/// MMA shapes have no natural key, so a given list replaces the starting one.
llvm::Error parseMmaShapes(const json::Value &value,
                           std::vector<MmaShape> &shapes) {
  const json::Array *array = value.getAsArray();
  if (!array)
    return pathError("mma_shapes", "expected an array");
  shapes.clear();
  for (auto [i, element] : llvm::enumerate(*array)) {
    std::string path = "mma_shapes[" + std::to_string(i) + "]";
    const json::Object *object = getObject(element);
    if (!object)
      return pathError(path, "expected an object");
    // A shape is only meaningful whole: every key is required.
    for (llvm::StringRef key : kMmaKeys)
      if (!object->get(key))
        return pathError(path, "missing key '" + key + "'");
    MmaShape shape;
    for (llvm::StringRef key : sortedKeys(*object)) {
      const json::Value &field = *object->get(key);
      std::string fieldPath = childPath(path, key);
      llvm::Error err = llvm::Error::success();
      if (key == "m")
        err = readInt(field, fieldPath, shape.m);
      else if (key == "n")
        err = readInt(field, fieldPath, shape.n);
      else if (key == "k")
        err = readInt(field, fieldPath, shape.k);
      else if (key == "input_type")
        err = readString(field, fieldPath, shape.inputType);
      else if (key == "acc_type")
        err = readString(field, fieldPath, shape.accType);
      else
        err = unknownKey(fieldPath, kMmaKeys);
      if (err)
        return err;
    }
    shapes.push_back(std::move(shape));
  }
  return llvm::Error::success();
}

/// Levels are matched by kind, like peaks by element_type.
llvm::Error parseLevels(const json::Value &value,
                        std::vector<MemLevel> &levels) {
  const json::Array *array = value.getAsArray();
  if (!array)
    return pathError("levels", "expected an array");
  std::vector<MemLevelKind> seen;
  for (auto [i, element] : llvm::enumerate(*array)) {
    std::string path = "levels[" + std::to_string(i) + "]";
    const json::Object *object = getObject(element);
    if (!object)
      return pathError(path, "expected an object");
    const json::Value *kindValue = object->get("kind");
    if (!kindValue)
      return pathError(path, "missing key 'kind'");
    std::optional<llvm::StringRef> kindName = kindValue->getAsString();
    std::optional<MemLevelKind> kind =
        kindName ? symbolizeMemLevelKind(*kindName) : std::nullopt;
    if (!kind)
      return pathError(path + ".kind",
                       "expected one of global, shared, register");
    if (llvm::is_contained(seen, *kind))
      return pathError(path + ".kind", "duplicate level '" + *kindName + "'");
    seen.push_back(*kind);
    auto it = llvm::find_if(
        levels, [&](const MemLevel &level) { return level.kind == *kind; });
    size_t index = it - levels.begin();
    if (it == levels.end()) {
      MemLevel fresh;
      fresh.kind = *kind;
      levels.push_back(fresh);
    }
    MemLevel &level = levels[index];
    for (llvm::StringRef key : sortedKeys(*object)) {
      const json::Value &field = *object->get(key);
      std::string fieldPath = childPath(path, key);
      llvm::Error err = llvm::Error::success();
      if (key == "kind")
        continue;
      if (key == "capacity_bytes")
        err = readInt(field, fieldPath, level.capacityBytes);
      else if (key == "bandwidth_gbps")
        err = readNumber(field, fieldPath, level.bandwidthGBps);
      else if (key == "transaction_bytes")
        err = readInt(field, fieldPath, level.transactionBytes);
      else if (key == "banks")
        err = readInt(field, fieldPath, level.banks);
      else if (key == "bank_width_bytes")
        err = readInt(field, fieldPath, level.bankWidthBytes);
      else if (key == "achievable_gbps")
        err = readNumber(field, fieldPath, level.achievableGBps);
      else if (key == "round_trip_ns")
        err = readNumber(field, fieldPath, level.roundTripNs);
      else if (key == "load_latency_ns")
        err = readNumber(field, fieldPath, level.loadLatencyNs);
      else
        err = unknownKey(fieldPath, kLevelKeys);
      if (err)
        return err;
    }
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

struct IntField {
  llvm::StringLiteral key;
  int64_t DeviceSpec::*member;
};

/// The integer fields, in the struct's (and toJSON's) order.
constexpr IntField kIntFields[] = {
    {"sm_count", &DeviceSpec::smCount},
    {"warp_size", &DeviceSpec::warpSize},
    {"warp_schedulers_per_sm", &DeviceSpec::warpSchedulersPerSM},
    {"max_threads_per_block", &DeviceSpec::maxThreadsPerBlock},
    {"max_threads_per_sm", &DeviceSpec::maxThreadsPerSM},
    {"max_blocks_per_sm", &DeviceSpec::maxBlocksPerSM},
    {"max_regs_per_thread", &DeviceSpec::maxRegsPerThread},
    {"regs_per_sm", &DeviceSpec::regsPerSM},
    {"regs_per_block", &DeviceSpec::regsPerBlock},
    {"reg_alloc_unit", &DeviceSpec::regAllocUnit},
    {"smem_per_block", &DeviceSpec::smemPerBlock},
    {"smem_per_sm", &DeviceSpec::smemPerSM},
    {"smem_reserved_per_block", &DeviceSpec::smemReservedPerBlock},
    {"smem_alloc_unit", &DeviceSpec::smemAllocUnit},
    {"l2_bytes", &DeviceSpec::l2Bytes},
};

constexpr llvm::StringLiteral kTopKeys[] = {"base",
                                            "name",
                                            "chip",
                                            "sm_count",
                                            "warp_size",
                                            "warp_schedulers_per_sm",
                                            "clock_mhz",
                                            "max_threads_per_block",
                                            "max_threads_per_sm",
                                            "max_blocks_per_sm",
                                            "max_regs_per_thread",
                                            "regs_per_sm",
                                            "regs_per_block",
                                            "reg_alloc_unit",
                                            "smem_per_block",
                                            "smem_per_sm",
                                            "smem_reserved_per_block",
                                            "smem_alloc_unit",
                                            "l2_bytes",
                                            "l2_gbps",
                                            "launch_ns",
                                            "peaks",
                                            "mma_shapes",
                                            "levels"};

llvm::Error parseTopKey(llvm::StringRef key, const json::Value &value,
                        DeviceSpec &spec) {
  if (key == "base")
    return llvm::Error::success(); // Applied before any other key.
  if (key == "name")
    return readString(value, key, spec.name);
  if (key == "chip")
    return readString(value, key, spec.chip);
  if (key == "clock_mhz")
    return readNumber(value, key, spec.clockMHz);
  if (key == "l2_gbps")
    return readNumber(value, key, spec.l2GBps);
  if (key == "launch_ns")
    return readNumber(value, key, spec.launchNs);
  if (key == "peaks")
    return parsePeaks(value, spec.peaks);
  if (key == "mma_shapes")
    return parseMmaShapes(value, spec.mmaShapes);
  if (key == "levels")
    return parseLevels(value, spec.levels);
  for (const IntField &field : kIntFields)
    if (key == field.key)
      return readInt(value, key, spec.*field.member);
  return unknownKey(key, kTopKeys);
}

/// Shortest text that parses back to the same double, so that toJSON output
/// round-trips exactly and stays readable (15.7, not 15.699999999999999).
std::string formatDouble(double value) {
  char buf[64];
  auto result = std::to_chars(buf, buf + sizeof(buf), value);
  return std::string(buf, result.ptr);
}

} // namespace

/// Whether arrays and objects in `text` nest deeper than `limit`, scanned
/// without recursion (brackets inside strings do not count).
static bool nestsDeeperThan(llvm::StringRef text, unsigned limit) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i; // The escaped character cannot end the string.
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit)
        return true;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return false;
}

llvm::Expected<DeviceSpec> mlir::roller::parseDeviceJSON(llvm::StringRef text) {
  // json::parse recurses per level: bound the depth before it runs.
  if (nestsDeeperThan(text, kMaxDeviceFileDepth))
    return makeError("invalid JSON: arrays and objects nest deeper than " +
                     llvm::Twine(kMaxDeviceFileDepth) + " levels");
  llvm::Expected<json::Value> root = json::parse(text);
  if (!root)
    return makeError("invalid JSON: " + llvm::toString(root.takeError()));
  const json::Object *object = root->getAsObject();
  if (!object)
    return makeError("expected a JSON object at the top level");

  DeviceSpec spec;
  if (const json::Value *base = object->get("base")) {
    std::optional<llvm::StringRef> baseName = base->getAsString();
    if (!baseName)
      return pathError("base", "expected a string");
    const DeviceSpec *preset = lookupDevicePreset(*baseName);
    if (!preset)
      return pathError("base", "unknown preset '" + *baseName +
                                   "': expected one of " + presetList());
    spec = *preset;
  }
  for (llvm::StringRef key : sortedKeys(*object))
    if (llvm::Error err = parseTopKey(key, *object->get(key), spec))
      return err;
  return spec;
}

std::string mlir::roller::toJSON(const DeviceSpec &spec) {
  std::string text;
  llvm::raw_string_ostream os(text);
  json::OStream out(os, /*IndentSize=*/2);
  auto number = [&](llvm::StringRef key, double value) {
    out.attributeBegin(key);
    out.rawValue(formatDouble(value));
    out.attributeEnd();
  };
  auto integer = [&](llvm::StringRef key, int64_t value) {
    out.attribute(key, value);
  };
  out.object([&] {
    out.attribute("name", spec.name);
    out.attribute("chip", spec.chip);
    integer("sm_count", spec.smCount);
    integer("warp_size", spec.warpSize);
    number("clock_mhz", spec.clockMHz);
    // The rest of the integer fields follow warp_size in kIntFields.
    for (const IntField &field : llvm::drop_begin(kIntFields, 2))
      integer(field.key, spec.*field.member);
    number("l2_gbps", spec.l2GBps);
    number("launch_ns", spec.launchNs);
    out.attributeArray("peaks", [&] {
      for (const PeakThroughput &peak : spec.peaks)
        out.object([&] {
          out.attribute("element_type", peak.elementType);
          number("cuda_core_tflops", peak.cudaCoreTflops);
          number("tensor_core_tflops", peak.tensorCoreTflops);
        });
    });
    out.attributeArray("mma_shapes", [&] {
      for (const MmaShape &shape : spec.mmaShapes)
        out.object([&] {
          integer("m", shape.m);
          integer("n", shape.n);
          integer("k", shape.k);
          out.attribute("input_type", shape.inputType);
          out.attribute("acc_type", shape.accType);
        });
    });
    out.attributeArray("levels", [&] {
      for (const MemLevel &level : spec.levels)
        out.object([&] {
          out.attribute("kind", stringifyMemLevelKind(level.kind));
          integer("capacity_bytes", level.capacityBytes);
          number("bandwidth_gbps", level.bandwidthGBps);
          integer("transaction_bytes", level.transactionBytes);
          integer("banks", level.banks);
          integer("bank_width_bytes", level.bankWidthBytes);
          number("achievable_gbps", level.achievableGBps);
          number("round_trip_ns", level.roundTripNs);
          number("load_latency_ns", level.loadLatencyNs);
        });
    });
  });
  out.flush();
  text += "\n";
  return text;
}

llvm::Expected<DeviceSpec>
mlir::roller::resolveDevice(llvm::StringRef nameOrPath) {
  if (const DeviceSpec *preset = lookupDevicePreset(nameOrPath)) {
    if (std::optional<std::string> reason = preset->validate())
      return makeError("preset '" + nameOrPath + "' is invalid: " + *reason);
    return *preset;
  }
  // Anything that looks like a path is reported as a file problem; a bare
  // word that is no preset is most likely a misspelt preset name.
  bool looksLikePath = nameOrPath.contains('/') ||
                       nameOrPath.ends_with(".json") ||
                       llvm::sys::fs::exists(nameOrPath);
  if (!looksLikePath)
    return makeError("unknown device '" + nameOrPath + "': expected one of " +
                     presetList() + " or the path of a JSON device file");
  // Checked before reading: /dev/zero would exhaust memory and a FIFO would
  // block forever.
  llvm::sys::fs::file_status status;
  if (std::error_code error = llvm::sys::fs::status(nameOrPath, status))
    return makeError("cannot read device file '" + nameOrPath +
                     "': " + error.message());
  if (llvm::sys::fs::is_directory(status))
    return makeError("cannot read device file '" + nameOrPath +
                     "': it is a directory");
  if (!llvm::sys::fs::is_regular_file(status))
    return makeError("cannot read device file '" + nameOrPath +
                     "': it is not a regular file");
  if (status.getSize() > kMaxDeviceFileBytes)
    return makeError("cannot read device file '" + nameOrPath +
                     "': " + llvm::Twine(status.getSize()) +
                     " bytes, above the limit of " +
                     llvm::Twine(kMaxDeviceFileBytes));
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(nameOrPath, /*IsText=*/true);
  if (!buffer)
    return makeError("cannot read device file '" + nameOrPath +
                     "': " + buffer.getError().message());
  llvm::Expected<DeviceSpec> spec = parseDeviceJSON((*buffer)->getBuffer());
  if (!spec)
    return makeError("device file '" + nameOrPath +
                     "': " + llvm::toString(spec.takeError()));
  if (std::optional<std::string> reason = spec->validate())
    return makeError("device file '" + nameOrPath + "': " + *reason);
  return spec;
}
