//===- Memory.cpp - The ranges of global memory kernels may address -------===//

#include "Roller/Emulator/Memory.h"

#include <cinttypes>
#include <cstdio>

using namespace roller::emu;

const char *roller::emu::allocationKindName(AllocationKind kind) {
  switch (kind) {
  case AllocationKind::Device:
    return "device allocation";
  case AllocationKind::Managed:
    return "managed allocation";
  case AllocationKind::HostRegistered:
    return "registered host range";
  case AllocationKind::ModuleVariable:
    return "module variable";
  case AllocationKind::Buffer:
    return "buffer";
  }
  return "range";
}

bool GlobalMemory::add(uint64_t base, uint64_t size, AllocationKind kind,
                       std::string label, LazyContent *lazy) {
  if (size == 0 || base + size < base)
    return false;
  auto next = ranges.lower_bound(base);
  if (next != ranges.end() && next->first < base + size)
    return false;
  if (next != ranges.begin()) {
    auto previous = std::prev(next);
    if (previous->first + previous->second.size > base)
      return false;
  }
  ranges.emplace(base, Allocation{base, size, kind, std::move(label), lazy});
  return true;
}

bool GlobalMemory::remove(uint64_t base) { return ranges.erase(base) == 1; }

const Allocation *GlobalMemory::find(uint64_t address, uint64_t size) const {
  auto next = ranges.upper_bound(address);
  if (next == ranges.begin())
    return nullptr;
  const Allocation &range = std::prev(next)->second;
  if (address + size < address || address + size > range.base + range.size)
    return nullptr;
  return &range;
}

const Allocation *GlobalMemory::nearest(uint64_t address) const {
  if (ranges.empty())
    return nullptr;
  auto next = ranges.upper_bound(address);
  const Allocation *best = nullptr;
  uint64_t distance = UINT64_MAX;
  if (next != ranges.end()) {
    best = &next->second;
    distance = next->first - address;
  }
  if (next != ranges.begin()) {
    const Allocation &previous = std::prev(next)->second;
    uint64_t end = previous.base + previous.size;
    uint64_t d = address >= end ? address - end : 0;
    if (d <= distance)
      best = &previous;
  }
  return best;
}

const Allocation *GlobalMemory::at(uint64_t base) const {
  auto it = ranges.find(base);
  return it == ranges.end() ? nullptr : &it->second;
}

std::vector<Allocation> GlobalMemory::all() const {
  std::vector<Allocation> result;
  for (const auto &[base, range] : ranges)
    result.push_back(range);
  return result;
}

std::string roller::emu::describeGlobalAddress(const GlobalMemory &memory,
                                               uint64_t address,
                                               uint64_t size) {
  char buffer[256];
  const Allocation *range = memory.nearest(address);
  if (!range) {
    std::snprintf(buffer, sizeof buffer,
                  "0x%" PRIx64 " (no device allocation or registered host "
                  "range exists)",
                  address);
    return buffer;
  }
  uint64_t end = range->base + range->size;
  if (address >= range->base && address < end) {
    std::snprintf(
        buffer, sizeof buffer,
        "0x%" PRIx64 " (%" PRIu64 " bytes at offset %" PRIu64 " run %" PRIu64
        " bytes past the end of %s %s, %" PRIu64 " bytes)",
        address, size, address - range->base, address + size - end,
        allocationKindName(range->kind), range->label.c_str(), range->size);
  } else if (address == end) {
    std::snprintf(buffer, sizeof buffer,
                  "0x%" PRIx64 " (just past the end of %s %s, %" PRIu64
                  " bytes)",
                  address, allocationKindName(range->kind),
                  range->label.c_str(), range->size);
  } else if (address > end && address - end < (uint64_t(1) << 20)) {
    std::snprintf(buffer, sizeof buffer,
                  "0x%" PRIx64 " (%" PRIu64 " bytes past the end of %s %s, "
                  "%" PRIu64 " bytes)",
                  address, address - end, allocationKindName(range->kind),
                  range->label.c_str(), range->size);
  } else if (address >= end) {
    std::snprintf(buffer, sizeof buffer,
                  "0x%" PRIx64 " (in no device allocation or registered host "
                  "range: not device-accessible)",
                  address);
  } else if (range->base - address < (uint64_t(1) << 20)) {
    std::snprintf(
        buffer, sizeof buffer,
        "0x%" PRIx64 " (%" PRIu64 " bytes before %s %s, %" PRIu64 " bytes)",
        address, range->base - address, allocationKindName(range->kind),
        range->label.c_str(), range->size);
  } else {
    std::snprintf(buffer, sizeof buffer,
                  "0x%" PRIx64 " (in no device allocation or registered host "
                  "range: not device-accessible)",
                  address);
  }
  return buffer;
}
