//===- Sanitizer.cpp - Bounds, races, cp.async and initialization checks --===//
//
// The checks compute-sanitizer's tools make, done on every access:
// - memcheck: a global access must fall in one range the runtime knows
//   (GlobalMemory); a shared access in one shared variable (the red zones
//   between variables catch one buffer overrunning the next) or the dynamic
//   array; accesses must be aligned to their size.
// - racecheck: two threads touching the same shared byte in the same
//   barrier interval, one of them writing, without a barrier between.
// - cp.async: a shared byte a cp.async has in flight (issued, its group not
//   yet waited for) must not be read or written.
// - initcheck: a shared byte read before anything wrote it.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

using namespace roller::emu;
using namespace roller::emu::detail;

const Allocation *CtaExecutor::findGlobal(const Inst &inst, const Warp &warp,
                                          unsigned lane, uint64_t address,
                                          unsigned size) {
  if (const Allocation *range = launch.memory.find(address, size))
    return range;
  std::string what = "out-of-bounds global " +
                     std::string(inst.op == Opcode::St ? "write" : "access") +
                     " of " + std::to_string(size) + " bytes at " +
                     describeGlobalAddress(launch.memory, address, size);
  report(Finding::Kind::GlobalOutOfBounds, inst, warp, int(lane), what,
         /*fatal=*/true);
  return nullptr;
}

int64_t CtaExecutor::checkShared(const Inst &inst, const Warp &warp,
                                 unsigned lane, uint64_t address, unsigned size,
                                 AccessCache &cache) {
  uint64_t end = address + size;
  // In one variable, or in the dynamic array?
  if (address >= program.dynamicSharedOffset && end <= sharedEnd &&
      end >= address) {
    cache.sharedBegin = program.dynamicSharedOffset;
    cache.sharedEnd = sharedEnd;
    return int64_t(address);
  }
  const SharedVariable *before = nullptr, *after = nullptr;
  for (const SharedVariable &var : program.shared) {
    if (var.isDynamic)
      continue;
    if (address >= var.offset && end <= var.offset + var.size) {
      cache.sharedBegin = var.offset;
      cache.sharedEnd = var.offset + var.size;
      return int64_t(address);
    }
    if (var.offset <= address && (!before || var.offset > before->offset))
      before = &var;
    if (var.offset > address && (!after || var.offset < after->offset))
      after = &var;
  }
  char text[400];
  // An access that does not fit in the emulator's buffer (the last red zone
  // included) is a fault and never carried out, even where it starts
  // inside the red zone.
  if (end > sharedEnd + kSharedRedZone || end < address) {
    std::snprintf(text, sizeof text,
                  "out-of-bounds shared access of %u bytes at 0x%" PRIx64
                  ", beyond the block's %" PRIu64
                  " bytes of shared memory (static %" PRIu64
                  ", dynamic %" PRIu64 ")",
                  size, address,
                  program.staticSharedBytes + launch.config.dynamicSharedBytes,
                  program.staticSharedBytes, launch.config.dynamicSharedBytes);
    report(Finding::Kind::SharedOutOfBounds, inst, warp, int(lane), text,
           /*fatal=*/true);
    return -1;
  }
  if (address >= sharedEnd) {
    std::snprintf(text, sizeof text,
                  "out-of-bounds shared access of %u bytes at 0x%" PRIx64
                  ", %" PRIu64 " bytes past the end of the dynamic shared "
                  "memory (%" PRIu64 " bytes)",
                  size, address, address - sharedEnd,
                  launch.config.dynamicSharedBytes);
  } else if (before && address < before->offset + before->size) {
    std::snprintf(text, sizeof text,
                  "out-of-bounds shared access of %u bytes at 0x%" PRIx64
                  ": runs %" PRIu64 " bytes past the end of %s (%" PRIu64
                  " bytes)",
                  size, address, end - (before->offset + before->size),
                  before->name.c_str(), before->size);
  } else if (before) {
    std::snprintf(text, sizeof text,
                  "out-of-bounds shared access of %u bytes at 0x%" PRIx64
                  ": %" PRIu64 " bytes past the end of %s (%" PRIu64
                  " bytes)%s%s",
                  size, address, address - (before->offset + before->size),
                  before->name.c_str(), before->size, after ? ", before " : "",
                  after ? after->name.c_str() : "");
  } else {
    std::snprintf(text, sizeof text,
                  "out-of-bounds shared access of %u bytes at 0x%" PRIx64
                  ": before the first shared variable%s%s",
                  size, address, after ? " " : "",
                  after ? after->name.c_str() : "");
  }
  // Inside the emulator's buffer (a red zone): reported, and carried out so
  // that the kernel can go on as on hardware.
  report(Finding::Kind::SharedOutOfBounds, inst, warp, int(lane), text,
         /*fatal=*/false);
  return int64_t(address);
}

void CtaExecutor::checkSharedRead(const Inst &inst, const Warp &warp,
                                  unsigned lane, uint64_t index,
                                  unsigned size) {
  int32_t thread = threadId(warp, lane);
  char text[300];
  for (unsigned i = 0; i < size; ++i) {
    ShadowByte &byte = shadow[index + i];
    if (byte.asyncInFlight) {
      std::snprintf(text, sizeof text,
                    "read of shared 0x%" PRIx64 " while the cp.async of line "
                    "%u that writes it is in flight (no cp.async.wait_group "
                    "for it yet)",
                    index + i, byte.asyncLine);
      report(Finding::Kind::AsyncCopyInFlight, inst, warp, int(lane), text,
             false);
      break;
    }
    if (byte.writer < 0) {
      std::snprintf(text, sizeof text,
                    "read of uninitialized shared memory at 0x%" PRIx64
                    " (%u bytes; nothing wrote it in this block)",
                    index, size);
      report(Finding::Kind::UninitializedShared, inst, warp, int(lane), text,
             false);
      break;
    }
    if (byte.writeEpoch == epoch && byte.writer != thread) {
      std::snprintf(text, sizeof text,
                    "read-after-write race on shared 0x%" PRIx64
                    ": thread %d wrote it at line %u in the same barrier "
                    "interval",
                    index + i, byte.writer, byte.writeLine);
      report(Finding::Kind::SharedRace, inst, warp, int(lane), text, false);
      break;
    }
  }
  for (unsigned i = 0; i < size; ++i) {
    ShadowByte &byte = shadow[index + i];
    if (byte.readEpoch != epoch) {
      byte.reader = thread;
      byte.readEpoch = epoch;
      byte.readLine = inst.line;
    } else if (byte.reader != thread) {
      byte.reader = -2;
    }
  }
}

void CtaExecutor::noteSharedWrite(const Inst &inst, const Warp &warp,
                                  unsigned lane, uint64_t index,
                                  unsigned size) {
  int32_t thread = threadId(warp, lane);
  char text[300];
  bool reported = false;
  for (unsigned i = 0; i < size && !reported; ++i) {
    ShadowByte &byte = shadow[index + i];
    if (byte.asyncInFlight && inst.op != Opcode::CpAsync) {
      std::snprintf(text, sizeof text,
                    "write to shared 0x%" PRIx64 " while the cp.async of line "
                    "%u that writes it is in flight",
                    index + i, byte.asyncLine);
      report(Finding::Kind::AsyncCopyInFlight, inst, warp, int(lane), text,
             false);
      reported = true;
    } else if (byte.writeEpoch == epoch && byte.writer != thread &&
               byte.writer >= 0 && byte.writeInstance != instance) {
      std::snprintf(text, sizeof text,
                    "write-after-write race on shared 0x%" PRIx64
                    ": thread %d wrote it at line %u in the same barrier "
                    "interval",
                    index + i, byte.writer, byte.writeLine);
      report(Finding::Kind::SharedRace, inst, warp, int(lane), text, false);
      reported = true;
    } else if (byte.readEpoch == epoch && byte.reader != -1 &&
               byte.reader != thread) {
      std::snprintf(text, sizeof text,
                    "write-after-read race on shared 0x%" PRIx64
                    ": %s read it at line %u in the same barrier interval",
                    index + i,
                    byte.reader == -2
                        ? "other threads"
                        : ("thread " + std::to_string(byte.reader)).c_str(),
                    byte.readLine);
      report(Finding::Kind::SharedRace, inst, warp, int(lane), text, false);
      reported = true;
    }
  }
  for (unsigned i = 0; i < size; ++i) {
    ShadowByte &byte = shadow[index + i];
    byte.writer = thread;
    byte.writeEpoch = epoch;
    byte.writeLine = inst.line;
    byte.writeInstance = instance;
  }
}

void CtaExecutor::completeAsyncGroups(Warp &warp, unsigned lane, size_t keep,
                                      const Inst &inst) {
  if (warp.async.empty())
    return;
  AsyncQueue &queue = warp.async[lane];
  while (queue.committed.size() > keep) {
    for (const AsyncCopy &copy : queue.committed.front()) {
      std::memcpy(shared.data() + copy.sharedAddress, copy.data, copy.size);
      if (shadow.empty())
        continue;
      for (unsigned i = 0; i < copy.size; ++i)
        if (shadow[copy.sharedAddress + i].asyncInFlight)
          --shadow[copy.sharedAddress + i].asyncInFlight;
      // The copy lands now, written by its thread: readers on other threads
      // need a barrier after this wait.
      Inst landing = inst;
      landing.line = copy.line;
      noteSharedWrite(landing, warp, lane, copy.sharedAddress, copy.size);
    }
    queue.committed.pop_front();
  }
}

void CtaExecutor::countShared(bool store, const uint64_t *addresses,
                              uint32_t mask, unsigned size) {
  // Bank passes: a request of s-byte accesses is served in phases of
  // 128 / s lanes (32 lanes for 4 bytes or less, 16 for 8, 8 for 16); in
  // each phase a bank serves each distinct 4-byte word once (a repeated word
  // is a broadcast), so a phase takes as many wavefronts as its busiest
  // bank has distinct words.
  unsigned lanesPerPhase = size >= 4 ? std::max(1u, 128 / size) : 32;
  uint64_t wavefronts = 0, ideal = 0;
  for (unsigned first = 0; first < kWarpSize; first += lanesPerPhase) {
    uint32_t phase =
        mask & (lanesPerPhase == 32 ? 0xffffffffu
                                    : ((1u << lanesPerPhase) - 1) << first);
    if (!phase)
      continue;
    uint64_t words[kWarpSize * 4];
    unsigned count = 0;
    forEachLane(phase, [&](unsigned lane) {
      uint64_t firstWord = addresses[lane] / 4;
      uint64_t lastWord = (addresses[lane] + size - 1) / 4;
      for (uint64_t w = firstWord; w <= lastWord && count < kWarpSize * 4; ++w)
        words[count++] = w;
    });
    std::sort(words, words + count);
    count = unsigned(std::unique(words, words + count) - words);
    unsigned perBank[32] = {0};
    unsigned busiest = 0;
    for (unsigned i = 0; i < count; ++i)
      busiest = std::max(busiest, ++perBank[words[i] % 32]);
    wavefronts += busiest;
    ideal += (count + 31) / 32;
  }
  Counters &c = counters();
  if (store) {
    c.sharedStoreRequests++;
    c.sharedStoreWavefronts += wavefronts;
    c.sharedStoreIdealWavefronts += ideal;
  } else {
    c.sharedLoadRequests++;
    c.sharedLoadWavefronts += wavefronts;
    c.sharedLoadIdealWavefronts += ideal;
  }
}

void CtaExecutor::countGlobal(bool store, const uint64_t *addresses,
                              uint32_t mask, unsigned size) {
  // 32-byte sectors touched, against the fewest the distinct bytes need.
  uint64_t sectors[kWarpSize * 2], bytes[kWarpSize];
  unsigned numSectors = 0, numBytes = 0;
  forEachLane(mask, [&](unsigned lane) {
    uint64_t first = addresses[lane] / 32,
             last = (addresses[lane] + size - 1) / 32;
    for (uint64_t s = first; s <= last && numSectors < kWarpSize * 2; ++s)
      sectors[numSectors++] = s;
    bytes[numBytes++] = addresses[lane];
  });
  std::sort(sectors, sectors + numSectors);
  numSectors = unsigned(std::unique(sectors, sectors + numSectors) - sectors);
  std::sort(bytes, bytes + numBytes);
  numBytes = unsigned(std::unique(bytes, bytes + numBytes) - bytes);
  uint64_t ideal = (uint64_t(numBytes) * size + 31) / 32;
  Counters &c = counters();
  if (store) {
    c.globalStoreRequests++;
    c.globalStoreSectors += numSectors;
    c.globalStoreIdealSectors += ideal;
  } else {
    c.globalLoadRequests++;
    c.globalLoadSectors += numSectors;
    c.globalLoadIdealSectors += ideal;
  }
}
