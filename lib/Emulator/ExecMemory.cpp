//===- ExecMemory.cpp - Loads, stores, atomics and cp.async ---------------===//
//
// PTX ISA 9.7.9 (data movement) and 9.7.9.25 (cp.async). Every access is
// bounds- and alignment-checked before it touches memory; shared accesses
// go through the sanitizer's shadow when it is on. cp.async reads its
// source when issued and writes its destination when its group is waited
// for (cp.async.wait_group / wait_all), never before: a kernel that reads
// the destination earlier sees the old bytes, and the sanitizer says so.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"
#include "Roller/Emulator/Memory.h"

#include <cinttypes>
#include <cstdio>

using namespace roller::emu;
using namespace roller::emu::detail;

namespace {

/// Where one lane's access goes after resolving generic addresses.
struct Target {
  Space space;
  uint64_t address; ///< in that space
};

Target resolve(Space space, uint64_t address) {
  if (space != Space::Generic)
    return {space, address};
  if (address - kSharedWindowBase < kWindowBytes)
    return {Space::Shared, address - kSharedWindowBase};
  if (address - kLocalWindowBase < kWindowBytes)
    return {Space::Local, address - kLocalWindowBase};
  return {Space::Global, address};
}

class MemoryAccess {
public:
  MemoryAccess(CtaExecutor &cta, const Inst &inst, Warp &warp)
      : cta(cta), inst(inst), warp(warp) {}

  /// Host pointer to `size` bytes at the lane's address, checked; null
  /// after a finding. Shared accesses are checked by the sanitizer as a
  /// read or a write.
  /// Whether an access of `size` bytes is aligned to its size, as the
  /// hardware requires; a finding if not.
  bool aligned(unsigned lane, Target target, unsigned size) {
    if ((target.address & (size - 1)) == 0 || misalignedAllowed)
      return true;
    char text[200];
    std::snprintf(text, sizeof text,
                  "misaligned %s access of %u bytes at 0x%" PRIx64,
                  spaceName(target.space), size, target.address);
    cta.report(Finding::Kind::Misaligned, inst, warp, int(lane), text,
               /*fatal=*/true);
    return false;
  }

  uint8_t *pointer(unsigned lane, Target target, unsigned size, bool write) {
    if (!aligned(lane, target, size))
      return nullptr;
    switch (target.space) {
    case Space::Global:
    case Space::Const:
    case Space::Generic: {
      uint8_t *p =
          cta.globalPointer(inst, warp, lane, target.address, size, cache);
      if (p && write && cta.launch.options.onGlobalWrite)
        cta.launch.options.onGlobalWrite(target.address, size);
      return p;
    }
    case Space::Shared: {
      int64_t index =
          cta.sharedIndex(inst, warp, lane, target.address, size, cache);
      if (index < 0)
        return nullptr;
      if (!cta.shadow.empty()) {
        // Atomics do not race with one another (racecheck): they are
        // checked as reads (against cp.async in flight, uninitialized bytes
        // and other threads' plain writes) and not recorded as writes.
        if (write && !atomic)
          cta.noteSharedWrite(inst, warp, lane, uint64_t(index), size);
        else
          cta.checkSharedRead(inst, warp, lane, uint64_t(index), size);
      }
      return cta.shared.data() + index;
    }
    case Space::Local: {
      uint64_t bytes = cta.program.localBytes;
      if (target.address + size > bytes || target.address + size < size) {
        char text[200];
        std::snprintf(text, sizeof text,
                      "out-of-bounds local access of %u bytes at offset "
                      "%" PRIu64 " (the thread has %" PRIu64 " bytes)",
                      size, target.address, bytes);
        cta.report(Finding::Kind::LocalOutOfBounds, inst, warp, int(lane), text,
                   /*fatal=*/true);
        return nullptr;
      }
      return warp.local + lane * bytes + target.address;
    }
    case Space::Param: {
      const std::vector<uint8_t> &params = cta.launch.params;
      if (write || target.address + size > params.size()) {
        cta.report(Finding::Kind::GlobalOutOfBounds, inst, warp, int(lane),
                   "parameter access outside the kernel's parameters",
                   /*fatal=*/true);
        return nullptr;
      }
      return const_cast<uint8_t *>(params.data()) + target.address;
    }
    }
    return nullptr;
  }

  void count(bool store, const Target *targets, uint32_t mask, unsigned size) {
    if (!cta.launch.options.counters || !mask)
      return;
    uint64_t addresses[kWarpSize];
    Space space = targets[__builtin_ctz(mask)].space;
    forEachLane(
        mask, [&](unsigned lane) { addresses[lane] = targets[lane].address; });
    if (space == Space::Shared)
      cta.countShared(store, addresses, mask, size);
    else if (space == Space::Global || space == Space::Const)
      cta.countGlobal(store, addresses, mask, size);
  }

  bool misalignedAllowed = false;
  bool atomic = false;
  AccessCache cache;
  CtaExecutor &cta;
  const Inst &inst;
  Warp &warp;
};

/// The little-endian value of 1, 2, 4 or 8 bytes (fixed-size copies the
/// compiler turns into single moves).
uint64_t loadBytes(const uint8_t *p, unsigned bytes) {
  switch (bytes) {
  case 1:
    return *p;
  case 2: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return v;
  }
  case 4: {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  default: {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  }
}

void storeBytes(uint8_t *p, uint64_t value, unsigned bytes) {
  switch (bytes) {
  case 1:
    *p = uint8_t(value);
    return;
  case 2: {
    uint16_t v = uint16_t(value);
    std::memcpy(p, &v, 2);
    return;
  }
  case 4: {
    uint32_t v = uint32_t(value);
    std::memcpy(p, &v, 4);
    return;
  }
  default:
    std::memcpy(p, &value, 8);
    return;
  }
}

void loadStore(CtaExecutor &cta, const Inst &inst, Warp &warp, uint32_t mask) {
  bool isLoad = inst.op == Opcode::Ld;
  const Operand &address = cta.operand(inst, isLoad ? 1 : 0);
  const Operand &value = cta.operand(inst, isLoad ? 0 : 1);
  unsigned elementBytes = typeBits(inst.type) / 8;
  unsigned total = elementBytes * inst.vector;
  MemoryAccess access(cta, inst, warp);
  Target targets[kWarpSize];
  forEachLane(mask, [&](unsigned lane) {
    targets[lane] = resolve(inst.space, laneAddress(warp, address, lane));
  });
  ++cta.instance;
  access.count(!isLoad, targets, mask, total);
  // The registers of each element, resolved once for the warp.
  unsigned elements = inst.vector;
  uint64_t *rows[8] = {};
  uint64_t widths[8] = {};
  Lanes sources[8];
  for (unsigned e = 0; e < elements && e < 8; ++e) {
    const Operand &reg = elements == 1 ? value : cta.element(value, e);
    if (isLoad)
      rows[e] = cta.destination(warp, reg, widths[e]);
    else
      cta.lanes(warp, reg, sources[e]);
  }
  bool isSigned = isSignedInt(inst.type);
  unsigned bits = elementBytes * 8;
  forEachLane(mask, [&](unsigned lane) {
    if (cta.launch.stopped)
      return;
    if (isLoad && inst.deadBytes) {
      // Bytes no instruction reads (a vectorizer's widening) are neither
      // checked nor read; the vector's alignment still is.
      if (!access.aligned(lane, targets[lane], total))
        return;
      uint8_t data[32] = {};
      access.misalignedAllowed = true;
      for (unsigned begin = 0; begin < total;) {
        if (inst.deadBytes >> begin & 1) {
          ++begin;
          continue;
        }
        unsigned end = begin;
        while (end < total && !(inst.deadBytes >> end & 1))
          ++end;
        Target at = targets[lane];
        at.address += begin;
        uint8_t *q = access.pointer(lane, at, end - begin, false);
        if (!q)
          break;
        std::memcpy(data + begin, q, end - begin);
        begin = end;
      }
      access.misalignedAllowed = false;
      for (unsigned e = 0; e < elements; ++e) {
        uint64_t v = loadBytes(data + e * elementBytes, elementBytes);
        if (isSigned)
          v = signExtend(v, bits);
        if (rows[e])
          rows[e][lane] = v & widths[e];
      }
      return;
    }
    uint8_t *p = access.pointer(lane, targets[lane], total, !isLoad);
    if (!p)
      return;
    for (unsigned e = 0; e < elements; ++e) {
      uint8_t *q = p + e * elementBytes;
      if (isLoad) {
        uint64_t v = loadBytes(q, elementBytes);
        if (isSigned)
          v = signExtend(v, bits);
        if (rows[e])
          rows[e][lane] = v & widths[e];
      } else {
        storeBytes(q, sources[e][lane], elementBytes);
      }
    }
  });
}

uint64_t atomicResult(AtomOp op, Type type, uint64_t old, uint64_t b,
                      uint64_t c) {
  unsigned bits = typeBits(type);
  bool isSigned = isSignedInt(type);
  if (isFloat(type)) {
    FloatFormat format = floatFormat(type);
    switch (op) {
    case AtomOp::Add:
      if (isPackedHalf(type)) {
        uint64_t lo = roundTo(exactAdd(toDouble(old & 0xffff, format),
                                       toDouble(b & 0xffff, format)),
                              format, Rounding::NearestEven);
        uint64_t hi = roundTo(exactAdd(toDouble(old >> 16 & 0xffff, format),
                                       toDouble(b >> 16 & 0xffff, format)),
                              format, Rounding::NearestEven);
        return hi << 16 | lo;
      }
      return roundTo(exactAdd(toDouble(old, format), toDouble(b, format)),
                     format, Rounding::NearestEven);
    case AtomOp::Min:
      return floatMin(old, b, format, false);
    case AtomOp::Max:
      return floatMax(old, b, format, false);
    case AtomOp::Exch:
      return b;
    case AtomOp::Cas:
      return old == b ? c : old;
    default:
      return old;
    }
  }
  uint64_t x = isSigned ? signExtend(old, bits) : truncate(old, bits);
  uint64_t y = isSigned ? signExtend(b, bits) : truncate(b, bits);
  switch (op) {
  case AtomOp::Add:
    return x + y;
  case AtomOp::Inc:
    return x >= y ? 0 : x + 1;
  case AtomOp::Dec:
    return (x == 0 || x > y) ? y : x - 1;
  case AtomOp::Min:
    return (isSigned ? int64_t(x) < int64_t(y) : x < y) ? x : y;
  case AtomOp::Max:
    return (isSigned ? int64_t(x) > int64_t(y) : x > y) ? x : y;
  case AtomOp::And:
    return x & y;
  case AtomOp::Or:
    return x | y;
  case AtomOp::Xor:
    return x ^ y;
  case AtomOp::Exch:
    return y;
  case AtomOp::Cas:
    return truncate(x, bits) == truncate(y, bits) ? c : x;
  }
  return x;
}

void atomic(CtaExecutor &cta, const Inst &inst, Warp &warp, uint32_t mask) {
  bool isAtom = inst.op == Opcode::Atom;
  unsigned first = isAtom ? 1 : 0;
  const Operand &address = cta.operand(inst, first);
  unsigned bytes = typeBits(inst.type) / 8;
  MemoryAccess access(cta, inst, warp);
  access.atomic = true;
  ++cta.instance;
  // Lanes update in lane order: one of the orders the hardware may pick.
  forEachLane(mask, [&](unsigned lane) {
    if (cta.launch.stopped)
      return;
    Target target = resolve(inst.space, laneAddress(warp, address, lane));
    uint8_t *p = access.pointer(lane, target, bytes, /*write=*/true);
    if (!p)
      return;
    uint64_t old = loadBytes(p, bytes);
    uint64_t b = cta.read(warp, cta.operand(inst, first + 1), lane);
    uint64_t c = AtomOp(inst.sub) == AtomOp::Cas
                     ? cta.read(warp, cta.operand(inst, first + 2), lane)
                     : 0;
    uint64_t result = atomicResult(AtomOp(inst.sub), inst.type, old, b, c);
    storeBytes(p, result, bytes);
    if (isAtom)
      cta.write(warp, cta.operand(inst, 0), lane,
                isSignedInt(inst.type) ? signExtend(old, bytes * 8) : old);
  });
}

void asyncCopy(CtaExecutor &cta, const Inst &inst, Warp &warp, uint32_t mask) {
  if (warp.async.empty())
    warp.async.resize(kWarpSize);
  switch (AsyncOp(inst.sub)) {
  case AsyncOp::Commit:
    forEachLane(mask, [&](unsigned lane) {
      AsyncQueue &queue = warp.async[lane];
      queue.committed.push_back(std::move(queue.pending));
      queue.pending.clear();
    });
    return;
  case AsyncOp::WaitGroup:
  case AsyncOp::WaitAll: {
    bool all = AsyncOp(inst.sub) == AsyncOp::WaitAll;
    size_t keep = all ? 0 : size_t(cta.operand(inst, 0).imm);
    forEachLane(mask, [&](unsigned lane) {
      if (all) {
        AsyncQueue &queue = warp.async[lane];
        queue.committed.push_back(std::move(queue.pending));
        queue.pending.clear();
      }
      cta.completeAsyncGroups(warp, lane, keep, inst);
    });
    return;
  }
  case AsyncOp::Copy:
    break;
  }
  const Operand &dst = cta.operand(inst, 0);
  const Operand &src = cta.operand(inst, 1);
  unsigned size = inst.size;
  MemoryAccess access(cta, inst, warp);
  Target dstTargets[kWarpSize], srcTargets[kWarpSize];
  forEachLane(mask, [&](unsigned lane) {
    dstTargets[lane] = resolve(Space::Shared, laneAddress(warp, dst, lane));
    srcTargets[lane] = resolve(Space::Global, laneAddress(warp, src, lane));
  });
  ++cta.instance;
  access.count(false, srcTargets, mask, size);
  access.count(true, dstTargets, mask, size);
  AccessCache sharedCache;
  forEachLane(mask, [&](unsigned lane) {
    if (cta.launch.stopped)
      return;
    uint64_t sourceBytes = size;
    if (AsyncSource(inst.mode) == AsyncSource::SrcSize)
      sourceBytes = cta.read(warp, cta.operand(inst, 3), lane) & 0xffffffffu;
    else if (AsyncSource(inst.mode) == AsyncSource::IgnoreSrc)
      sourceBytes = (cta.read(warp, cta.operand(inst, 3), lane) & 1) ? 0 : size;
    if (sourceBytes > size) {
      cta.report(Finding::Kind::InvalidInstruction, inst, warp, int(lane),
                 "cp.async src-size " + std::to_string(sourceBytes) +
                     " exceeds its cp-size " + std::to_string(size),
                 /*fatal=*/true);
      return;
    }
    AsyncCopy copy{};
    copy.size = size;
    copy.line = inst.line;
    if (sourceBytes > 0) {
      if ((srcTargets[lane].address & (size - 1)) != 0) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "misaligned cp.async source of %u bytes at 0x%" PRIx64,
                      size, srcTargets[lane].address);
        cta.report(Finding::Kind::Misaligned, inst, warp, int(lane), text,
                   /*fatal=*/true);
        return;
      }
      uint8_t *from =
          cta.globalPointer(inst, warp, lane, srcTargets[lane].address,
                            unsigned(sourceBytes), access.cache);
      if (!from)
        return;
      std::memcpy(copy.data, from, sourceBytes); // the rest stays zero
    }
    // The destination is checked for bounds and alignment now, written at
    // the wait.
    uint64_t address = dstTargets[lane].address;
    if ((address & (size - 1)) != 0) {
      char text[160];
      std::snprintf(text, sizeof text,
                    "misaligned cp.async destination of %u bytes at "
                    "shared 0x%" PRIx64,
                    size, address);
      cta.report(Finding::Kind::Misaligned, inst, warp, int(lane), text, true);
      return;
    }
    int64_t index =
        cta.sharedIndex(inst, warp, lane, address, size, sharedCache);
    if (index < 0)
      return;
    copy.sharedAddress = uint64_t(index);
    if (!cta.shadow.empty())
      for (unsigned i = 0; i < size; ++i) {
        ShadowByte &byte = cta.shadow[copy.sharedAddress + i];
        ++byte.asyncInFlight;
        byte.asyncLine = inst.line;
      }
    warp.async[lane].pending.push_back(copy);
  });
}

} // namespace

void roller::emu::detail::executeMemory(CtaExecutor &cta, const Inst &inst,
                                        Warp &warp, uint32_t mask) {
  switch (inst.op) {
  case Opcode::Ld:
  case Opcode::St:
    loadStore(cta, inst, warp, mask);
    return;
  case Opcode::Atom:
  case Opcode::Red:
    atomic(cta, inst, warp, mask);
    return;
  case Opcode::CpAsync:
    asyncCopy(cta, inst, warp, mask);
    return;
  default:
    return;
  }
}
