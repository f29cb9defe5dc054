//===- Engine.h - Internals of kernel execution -----------------*- C++ -*-===//
//
// A block (CTA) runs on a CtaExecutor: its warps, shared memory with its
// sanitizer shadow, and the launch's context. Instruction semantics live in
// the Exec*.cpp files, one family each, called by the executor's dispatch.
// Private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_EMULATOR_ENGINE_H
#define ROLLER_LIB_EMULATOR_ENGINE_H

#include "Roller/Emulator/Emulator.h"

#include <cstring>
#include <deque>
#include <memory>
#include <vector>

namespace roller::emu::detail {

constexpr unsigned kWarpSize = 32;
constexpr uint32_t kNoReconvergence = UINT32_MAX;

/// One entry of a warp's reconvergence stack: lanes `mask` execute from
/// `pc` until they reach `reconverge`, where the entry is popped.
struct StackEntry {
  uint32_t pc;
  uint32_t reconverge;
  uint32_t mask;
};

/// A cp.async copy in flight: its bytes were read at issue and land in
/// shared memory when its group completes.
struct AsyncCopy {
  uint64_t sharedAddress;
  uint32_t size;
  uint32_t line;
  uint8_t data[16];
};

/// A thread's cp.async groups: those committed (oldest first) and the
/// copies issued since the last commit.
struct AsyncQueue {
  std::deque<std::vector<AsyncCopy>> committed;
  std::vector<AsyncCopy> pending;
};

struct Warp {
  enum class State : uint8_t { Running, AtBarrier, Done };
  uint32_t index = 0;       ///< within the block
  uint32_t firstThread = 0; ///< linear thread id of lane 0
  uint32_t validMask = 0;   ///< lanes that are threads of the block
  uint32_t exitedMask = 0;
  uint32_t carryMask = 0; ///< the .cc carry flag per lane
  State state = State::Running;
  uint32_t barrierId = 0;
  uint32_t barrierLine = 0;
  uint32_t barrierExpected = 0; ///< bar.sync's thread count, 0 = all
  std::vector<StackEntry> stack;
  uint64_t *regs = nullptr; ///< [numRegs][32]
  uint8_t *local = nullptr; ///< [32][localBytes]
  uint16_t tid[3][kWarpSize] = {};
  std::vector<AsyncQueue> async; ///< per lane, allocated on first use

  uint32_t liveMask() const { return validMask & ~exitedMask; }
};

/// Per-byte sanitizer state of shared memory.
struct ShadowByte {
  int32_t writer = -1; ///< thread that last wrote it, -1 never written
  uint32_t writeEpoch = 0;
  uint32_t writeLine = 0;
  int32_t reader = -1; ///< -1 none, -2 several threads, else the thread
  uint32_t readEpoch = 0;
  uint32_t readLine = 0;
  /// The warp instruction that wrote it: lanes of one store writing the
  /// same byte are not a race with each other.
  uint32_t writeInstance = 0;
  uint16_t asyncInFlight = 0; ///< cp.async copies not yet landed
  uint32_t asyncLine = 0;     ///< line of the last cp.async to it
};

/// An operand's values for the 32 lanes of a warp, resolved once per
/// instruction: a register row, or one value for every lane (immediates,
/// uniform special registers), or a scratch row (per-lane special
/// registers); predicates read through `!` are flipped.
class Lanes {
public:
  uint64_t operator[](unsigned lane) const {
    return (row ? row[lane] : constant) ^ flip;
  }
  const uint64_t *row = nullptr;
  uint64_t constant = 0;
  uint64_t flip = 0;
  uint64_t scratch[32];
};

/// What the lanes of one memory instruction hit last: they mostly fall in
/// the same global range and the same shared variable, so the lookups run
/// once per warp instruction rather than once per lane.
struct AccessCache {
  const Allocation *range = nullptr;
  uint64_t sharedBegin = 1, sharedEnd = 0; ///< a shared variable's bytes
};

/// The state of one launch shared by its blocks.
struct LaunchState {
  const Program &program;
  const LaunchConfig &config;
  const GlobalMemory &memory;
  const LaunchOptions &options;
  DeviceLimits limits;
  std::vector<uint8_t> params; ///< the parameter buffer
  LaunchReport report;
  uint64_t warpInstructions = 0;
  bool stopped = false; ///< a fatal finding or the instruction budget

  LaunchState(const Program &program, const LaunchConfig &config,
              const GlobalMemory &memory, const LaunchOptions &options)
      : program(program), config(config), memory(memory), options(options) {}
};

class CtaExecutor {
public:
  explicit CtaExecutor(LaunchState &launch);
  /// Runs block `ctaid` to completion (or until the launch is stopped).
  void run(Dim3 ctaid);

  // --- for the instruction files ---
  LaunchState &launch;
  const Program &program;
  Dim3 ctaid;
  uint32_t epoch = 1; ///< advances at each completed block-wide barrier
  std::vector<uint8_t> shared;
  std::vector<ShadowByte> shadow;
  uint64_t sharedEnd = 0; ///< layout end: static, red zones and dynamic
  /// Counts executed memory instructions (ShadowByte::writeInstance).
  uint32_t instance = 0;

  uint64_t read(const Warp &warp, const Operand &op, unsigned lane) const {
    switch (op.kind) {
    case Operand::Kind::Reg: {
      uint64_t value = warp.regs[size_t(op.reg) * kWarpSize + lane];
      return op.negated ? value ^ 1 : value;
    }
    case Operand::Kind::Imm:
      return uint64_t(op.imm);
    case Operand::Kind::Special:
      return special(warp, op.special, lane);
    default:
      return 0;
    }
  }
  void write(Warp &warp, const Operand &op, unsigned lane, uint64_t value) {
    if (op.kind != Operand::Kind::Reg)
      return;
    if (op.bits < 64)
      value &= (uint64_t(1) << op.bits) - 1;
    warp.regs[size_t(op.reg) * kWarpSize + lane] = value;
  }
  const Operand &operand(const Inst &inst, unsigned i) const {
    return program.operands[inst.firstOperand + i];
  }
  const Operand &element(const Operand &vector, unsigned i) const {
    return program.operands[vector.reg + i];
  }
  uint64_t special(const Warp &warp, Special which, unsigned lane) const;
  /// All lanes' values of an operand (see Lanes).
  void lanes(const Warp &warp, const Operand &op, Lanes &out) const {
    out.flip = op.negated ? 1 : 0;
    switch (op.kind) {
    case Operand::Kind::Reg:
      out.row = warp.regs + size_t(op.reg) * kWarpSize;
      return;
    case Operand::Kind::Special:
      for (unsigned lane = 0; lane < kWarpSize; ++lane)
        out.scratch[lane] = special(warp, op.special, lane);
      out.row = out.scratch;
      return;
    case Operand::Kind::Imm:
      out.row = nullptr;
      out.constant = uint64_t(op.imm);
      return;
    default:
      out.row = nullptr;
      out.constant = 0;
      return;
    }
  }
  /// The register row an operand writes (null for a sink), and the mask of
  /// its declared width.
  uint64_t *destination(Warp &warp, const Operand &op, uint64_t &width) const {
    if (op.kind != Operand::Kind::Reg) {
      width = 0; // a sink keeps no bit
      return nullptr;
    }
    width = op.bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << op.bits) - 1;
    return warp.regs + size_t(op.reg) * kWarpSize;
  }

  /// Records a finding; `fatal` stops the launch (a fault on hardware).
  void report(Finding::Kind kind, const Inst &inst, const Warp &warp, int lane,
              const std::string &what, bool fatal);
  /// "kernel K, PTX line L (op), block (x,y,z), thread (x,y,z)".
  std::string where(const Inst &inst, const Warp &warp, int lane) const;
  int32_t threadId(const Warp &warp, unsigned lane) const {
    return int32_t(warp.firstThread + lane);
  }

  /// Host pointer for a global access of `size` bytes, or null after a
  /// finding (out of bounds).
  uint8_t *globalPointer(const Inst &inst, const Warp &warp, unsigned lane,
                         uint64_t address, unsigned size, AccessCache &cache) {
    const Allocation *range = cache.range;
    if (!range || address < range->base ||
        address + size > range->base + range->size || address + size < size) {
      range = findGlobal(inst, warp, lane, address, size);
      if (!range)
        return nullptr;
      cache.range = range;
    }
    if (range->lazy)
      range->lazy->materialize(address - range->base, size);
    return reinterpret_cast<uint8_t *>(address);
  }
  uint8_t *globalPointer(const Inst &inst, const Warp &warp, unsigned lane,
                         uint64_t address, unsigned size) {
    AccessCache cache;
    return globalPointer(inst, warp, lane, address, size, cache);
  }
  /// Index into `shared` of a shared access, or -1 after a finding.
  int64_t sharedIndex(const Inst &inst, const Warp &warp, unsigned lane,
                      uint64_t address, unsigned size, AccessCache &cache) {
    if (address >= cache.sharedBegin && address + size <= cache.sharedEnd &&
        address + size > address)
      return int64_t(address);
    return checkShared(inst, warp, lane, address, size, cache);
  }
  int64_t sharedIndex(const Inst &inst, const Warp &warp, unsigned lane,
                      uint64_t address, unsigned size) {
    AccessCache cache;
    return sharedIndex(inst, warp, lane, address, size, cache);
  }
  /// Sanitizer bookkeeping of a shared access by one thread.
  void checkSharedRead(const Inst &inst, const Warp &warp, unsigned lane,
                       uint64_t index, unsigned size);
  void noteSharedWrite(const Inst &inst, const Warp &warp, unsigned lane,
                       uint64_t index, unsigned size);
  /// Lands the copies of a thread's completed cp.async groups.
  void completeAsyncGroups(Warp &warp, unsigned lane, size_t keep,
                           const Inst &inst);

  /// Counters.
  Counters &counters() { return launch.report.counters; }
  void countShared(bool store, const uint64_t *addresses, uint32_t mask,
                   unsigned size);
  void countGlobal(bool store, const uint64_t *addresses, uint32_t mask,
                   unsigned size);

private:
  /// The slow paths: the range holding a global access (a finding if none);
  /// the variable holding a shared access (a finding if none).
  const Allocation *findGlobal(const Inst &inst, const Warp &warp,
                               unsigned lane, uint64_t address, unsigned size);
  int64_t checkShared(const Inst &inst, const Warp &warp, unsigned lane,
                      uint64_t address, unsigned size, AccessCache &cache);
  void setUpWarps();
  /// Runs `warp` until it waits at a barrier or finishes.
  void step(Warp &warp);
  /// Executes one non-control instruction for the lanes in `mask`.
  void execute(const Inst &inst, Warp &warp, uint32_t mask);
  bool releaseBarrier();

  std::vector<Warp> warps;
  std::vector<uint64_t> registerFile;
  std::vector<uint8_t> localMemory;
  uint32_t threadsPerBlock = 0;
  /// Threads that arrived at each of the 16 barriers with bar.arrive: they
  /// count toward its completion without waiting.
  uint32_t arrivals[16] = {};
};

// Instruction families, one file each.
void executeInteger(CtaExecutor &cta, const Inst &inst, Warp &warp,
                    uint32_t mask);
void executeFloat(CtaExecutor &cta, const Inst &inst, Warp &warp,
                  uint32_t mask);
void executeMove(CtaExecutor &cta, const Inst &inst, Warp &warp,
                 uint32_t mask); ///< mov, cvt, cvta, setp, set, selp, slct
void executeMemory(CtaExecutor &cta, const Inst &inst, Warp &warp,
                   uint32_t mask); ///< ld, st, atom, red, cp.async
void executeWarpCollective(CtaExecutor &cta, const Inst &inst, Warp &warp,
                           uint32_t mask); ///< ldmatrix, mma, shfl, vote

/// Calls f(lane) for each set bit of mask.
template <typename F> inline void forEachLane(uint32_t mask, F f) {
  while (mask) {
    unsigned lane = unsigned(__builtin_ctz(mask));
    mask &= mask - 1;
    f(lane);
  }
}

inline uint64_t signExtend(uint64_t value, unsigned bits) {
  if (bits >= 64)
    return value;
  uint64_t sign = uint64_t(1) << (bits - 1);
  value &= (uint64_t(1) << bits) - 1;
  return (value ^ sign) - sign;
}
inline uint64_t truncate(uint64_t value, unsigned bits) {
  return bits >= 64 ? value : value & ((uint64_t(1) << bits) - 1);
}

/// The address a Mem operand names for `lane`: its base register's value
/// plus the offset, at the register's width. With a 32-bit base (shared
/// memory in code compiled with LLVM's `nvptx-short-ptr`) the sum wraps
/// modulo 2^32 as the hardware's 32-bit address arithmetic does: LLVM folds
/// offsets that rely on it (a base below the array plus a larger offset).
inline uint64_t laneAddress(const Warp &warp, const Operand &address,
                            unsigned lane) {
  if (!address.hasBase)
    return uint64_t(address.imm);
  uint64_t base = warp.regs[size_t(address.reg) * kWarpSize + lane];
  return truncate(base + uint64_t(address.imm), address.bits);
}

/// The instruction class counters use.
InstClass classify(const Inst &inst);

} // namespace roller::emu::detail

#endif // ROLLER_LIB_EMULATOR_ENGINE_H
