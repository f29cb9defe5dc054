//===- Engine.cpp - Running one block: warps, divergence, barriers --------===//
//
// A block's warps run one at a time, each until it waits at a barrier or
// finishes; when every warp waits, the barrier completes and a new barrier
// interval (epoch) starts. Within a warp the lanes run in lock step; a
// branch that splits them pushes both paths on the warp's reconvergence
// stack, to meet again at the branch's immediate post-dominator
// (Reconvergence.cpp).
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

using namespace roller::emu;
using namespace roller::emu::detail;

namespace {
/// Uninitialized shared memory reads as this byte (all-ones words are NaNs
/// and -1s), so that a kernel relying on zeroed shared memory shows.
constexpr uint8_t kUninitializedByte = 0xff;
} // namespace

CtaExecutor::CtaExecutor(LaunchState &launch)
    : launch(launch), program(launch.program) {
  const LaunchConfig &config = launch.config;
  threadsPerBlock = uint32_t(config.block.count());
  uint32_t numWarps = (threadsPerBlock + kWarpSize - 1) / kWarpSize;
  warps.resize(numWarps);
  registerFile.assign(size_t(numWarps) * program.numRegs * kWarpSize, 0);
  localMemory.assign(size_t(numWarps) * kWarpSize * program.localBytes, 0);
  sharedEnd = program.dynamicSharedOffset + config.dynamicSharedBytes;
  shared.assign(sharedEnd + kSharedRedZone, kUninitializedByte);
  if (launch.options.sanitize)
    shadow.assign(shared.size(), ShadowByte());
}

void CtaExecutor::setUpWarps() {
  const Dim3 &block = launch.config.block;
  for (uint32_t w = 0; w < warps.size(); ++w) {
    Warp &warp = warps[w];
    warp.index = w;
    warp.firstThread = w * kWarpSize;
    uint32_t threads =
        std::min<uint32_t>(kWarpSize, threadsPerBlock - w * kWarpSize);
    warp.validMask = threads == 32 ? 0xffffffffu : (1u << threads) - 1;
    warp.exitedMask = 0;
    warp.carryMask = 0;
    warp.state = Warp::State::Running;
    warp.stack.assign(1, StackEntry{0, kNoReconvergence, warp.validMask});
    warp.regs = registerFile.data() + size_t(w) * program.numRegs * kWarpSize;
    std::fill(warp.regs, warp.regs + size_t(program.numRegs) * kWarpSize, 0);
    warp.local =
        localMemory.data() + size_t(w) * kWarpSize * program.localBytes;
    for (uint32_t lane = 0; lane < kWarpSize; ++lane) {
      uint32_t linear = warp.firstThread + lane;
      warp.tid[0][lane] = uint16_t(linear % block.x);
      warp.tid[1][lane] = uint16_t(linear / block.x % block.y);
      warp.tid[2][lane] = uint16_t(linear / (block.x * block.y));
    }
    warp.async.clear();
  }
}

void CtaExecutor::run(Dim3 id) {
  ctaid = id;
  epoch = 1;
  std::fill(std::begin(arrivals), std::end(arrivals), 0);
  std::fill(shared.begin(), shared.end(), kUninitializedByte);
  if (!shadow.empty())
    std::fill(shadow.begin(), shadow.end(), ShadowByte());
  std::fill(localMemory.begin(), localMemory.end(), 0);
  setUpWarps();
  counters().blocks++;
  counters().warps += warps.size();
  while (!launch.stopped) {
    bool anyRunning = false;
    for (Warp &warp : warps) {
      if (warp.state != Warp::State::Running)
        continue;
      step(warp);
      anyRunning = true;
      if (launch.stopped)
        return;
    }
    if (anyRunning)
      continue;
    if (std::all_of(warps.begin(), warps.end(), [](const Warp &warp) {
          return warp.state == Warp::State::Done;
        }))
      return;
    if (!releaseBarrier())
      return;
  }
}

bool CtaExecutor::releaseBarrier() {
  // Every warp is done or waiting. A block-wide barrier completes when
  // every thread of the block that has not exited waits at it (PTX ISA
  // 9.7.13.1: "wait for all non-exited threads"; 9.7.12.7 exit: exiting
  // threads release a barrier they held up); a counted one (bar.sync a, b)
  // when b threads do. A barrier some live thread never reaches (it waits
  // at another one) deadlocks the block: that is the finding.
  const Warp *waiting = nullptr;
  for (const Warp &warp : warps)
    if (warp.state == Warp::State::AtBarrier) {
      waiting = &warp;
      break;
    }
  uint32_t id = waiting->barrierId;
  uint32_t expected = waiting->barrierExpected;
  uint32_t arrived = 0, total = 0;
  std::string elsewhere;
  for (const Warp &warp : warps) {
    total += uint32_t(__builtin_popcount(warp.liveMask()));
    if (warp.state == Warp::State::AtBarrier && warp.barrierId == id) {
      arrived += uint32_t(__builtin_popcount(warp.liveMask()));
      continue;
    }
    if (warp.state != Warp::State::Done && elsewhere.size() < 200) {
      char text[96];
      std::snprintf(text, sizeof text,
                    " warp %u waits at barrier %u (line %u);", warp.index,
                    warp.barrierId, warp.barrierLine);
      elsewhere += text;
    }
  }
  arrived += arrivals[id % 16];
  uint32_t needed = expected ? expected : total;
  if (arrived < needed || (!expected && arrived != total)) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "bar.sync %u reached by %u of the %u threads it waits for;",
                  id, arrived, needed);
    const Inst &inst = program.code[std::min<size_t>(
        waiting->stack.empty() ? 0 : waiting->stack.back().pc - 1,
        program.code.size() - 1)];
    report(Finding::Kind::BarrierDivergence, inst, *waiting, -1,
           text + elsewhere + " the block cannot proceed", /*fatal=*/true);
    return false;
  }
  for (Warp &warp : warps)
    if (warp.state == Warp::State::AtBarrier && warp.barrierId == id)
      warp.state = Warp::State::Running;
  arrivals[id % 16] = 0;
  ++epoch;
  counters().barriers++;
  return true;
}

void CtaExecutor::step(Warp &warp) {
  const std::vector<Inst> &code = program.code;
  const bool counting = launch.options.counters;
  while (true) {
    if (warp.stack.empty()) {
      warp.state = Warp::State::Done;
      return;
    }
    StackEntry &top = warp.stack.back();
    uint32_t live = top.mask & ~warp.exitedMask;
    if (!live || top.pc == top.reconverge) {
      warp.stack.pop_back();
      continue;
    }
    if (top.pc >= code.size()) {
      warp.exitedMask |= live;
      warp.stack.pop_back();
      continue;
    }
    const Inst &inst = code[top.pc];
    uint32_t mask = live;
    if (inst.guard >= 0) {
      const uint64_t *pred = warp.regs + size_t(inst.guard) * kWarpSize;
      uint32_t on = 0;
      forEachLane(live, [&](unsigned lane) {
        if ((pred[lane] & 1) != uint64_t(inst.guardNegated))
          on |= 1u << lane;
      });
      mask = on;
    }
    if (launch.options.trace && warp.index == 0 && counters().blocks == 1)
      std::fprintf(stderr, "[emu] pc %u line %u %s mask %08x\n", top.pc,
                   inst.line, inst.text.c_str(), mask);
    if (counting) {
      InstClass c = classify(inst);
      counters().warpInstructions[size_t(c)]++;
      counters().threadInstructions[size_t(c)] += __builtin_popcount(mask);
    }
    if (++launch.warpInstructions > launch.options.maxWarpInstructions) {
      report(Finding::Kind::Hang, inst, warp, -1,
             "the launch executed more than " +
                 std::to_string(launch.options.maxWarpInstructions) +
                 " warp instructions (an endless loop?)",
             /*fatal=*/true);
      return;
    }

    switch (inst.op) {
    case Opcode::Bra: {
      uint32_t taken = mask, notTaken = live & ~mask;
      uint32_t next = top.pc + 1;
      if (!notTaken) {
        top.pc = inst.target;
      } else if (!taken) {
        top.pc = next;
      } else {
        uint32_t join = inst.reconverge;
        if (join == top.reconverge) {
          // The paths meet where this entry ends anyway: replace it.
          top = StackEntry{next, join, notTaken};
        } else {
          top.pc = join;
          if (next != join)
            warp.stack.push_back(StackEntry{next, join, notTaken});
        }
        if (inst.target != join)
          warp.stack.push_back(StackEntry{inst.target, join, taken});
      }
      continue;
    }
    case Opcode::Ret:
    case Opcode::Exit:
      warp.exitedMask |= mask;
      top.pc++;
      continue;
    case Opcode::Trap:
      if (mask) {
        report(Finding::Kind::Trap, inst, warp, __builtin_ctz(mask),
               "trap executed", /*fatal=*/true);
        return;
      }
      top.pc++;
      continue;
    case Opcode::BarSync:
    case Opcode::BarRed: {
      top.pc++;
      if (!mask)
        continue;
      if (mask != warp.liveMask()) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "bar.sync executed by lanes 0x%08x of warp %u while "
                      "its lanes 0x%08x are on another path",
                      mask, warp.index, warp.liveMask() & ~mask);
        report(Finding::Kind::BarrierDivergence, inst, warp,
               __builtin_ctz(mask), text, /*fatal=*/true);
        return;
      }
      unsigned lane = unsigned(__builtin_ctz(mask));
      if (inst.op == Opcode::BarRed) {
        report(Finding::Kind::InvalidInstruction, inst, warp, int(lane),
               "bar.red is not supported by the emulator", /*fatal=*/true);
        return;
      }
      warp.barrierId = uint32_t(read(warp, operand(inst, 0), lane));
      warp.barrierExpected = inst.numOperands > 1
                                 ? uint32_t(read(warp, operand(inst, 1), lane))
                                 : 0;
      warp.barrierLine = inst.line;
      warp.state = Warp::State::AtBarrier;
      return;
    }
    case Opcode::BarArrive:
      // bar.arrive counts toward the barrier's completion but "does not
      // cause executing thread to wait" (PTX ISA, barrier).
      top.pc++;
      if (mask)
        arrivals[read(warp, operand(inst, 0), __builtin_ctz(mask)) % 16] +=
            uint32_t(__builtin_popcount(mask));
      continue;
    default:
      top.pc++;
      if (mask)
        execute(inst, warp, mask);
      if (launch.stopped)
        return;
      continue;
    }
  }
}

void CtaExecutor::execute(const Inst &inst, Warp &warp, uint32_t mask) {
  switch (inst.op) {
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul:
  case Opcode::Mad:
  case Opcode::Mul24:
  case Opcode::Mad24:
  case Opcode::Sad:
  case Opcode::Div:
  case Opcode::Rem:
  case Opcode::Abs:
  case Opcode::Neg:
  case Opcode::Min:
  case Opcode::Max:
  case Opcode::Popc:
  case Opcode::Clz:
  case Opcode::Bfind:
  case Opcode::Brev:
  case Opcode::Bfe:
  case Opcode::Bfi:
  case Opcode::Prmt:
  case Opcode::Dp4a:
  case Opcode::Dp2a:
  case Opcode::And:
  case Opcode::Or:
  case Opcode::Xor:
  case Opcode::Not:
  case Opcode::Cnot:
  case Opcode::Lop3:
  case Opcode::Shl:
  case Opcode::Shr:
  case Opcode::Shf:
  case Opcode::AddCC:
  case Opcode::SubCC:
    executeInteger(*this, inst, warp, mask);
    return;
  case Opcode::FAdd:
  case Opcode::FSub:
  case Opcode::FMul:
  case Opcode::FFma:
  case Opcode::FDiv:
  case Opcode::FAbs:
  case Opcode::FNeg:
  case Opcode::FMin:
  case Opcode::FMax:
  case Opcode::FApprox:
  case Opcode::FCopysign:
  case Opcode::FTestp:
    executeFloat(*this, inst, warp, mask);
    return;
  case Opcode::Setp:
  case Opcode::Set:
  case Opcode::Selp:
  case Opcode::Slct:
  case Opcode::Mov:
  case Opcode::Cvt:
  case Opcode::Cvta:
  case Opcode::CreatePolicy:
    executeMove(*this, inst, warp, mask);
    return;
  case Opcode::Ld:
  case Opcode::St:
  case Opcode::Atom:
  case Opcode::Red:
  case Opcode::CpAsync:
  case Opcode::CpAsyncCommit:
  case Opcode::CpAsyncWait:
    executeMemory(*this, inst, warp, mask);
    return;
  case Opcode::Ldmatrix:
  case Opcode::Stmatrix:
  case Opcode::Mma:
  case Opcode::Shfl:
  case Opcode::Vote:
  case Opcode::Redux:
  case Opcode::Activemask:
  case Opcode::WarpSync:
    executeWarpCollective(*this, inst, warp, mask);
    return;
  default:
    return; // prefetch, fences, nanosleep: nothing to compute
  }
}

uint64_t CtaExecutor::special(const Warp &warp, Special which,
                              unsigned lane) const {
  const LaunchConfig &config = launch.config;
  switch (which) {
  case Special::TidX:
    return warp.tid[0][lane];
  case Special::TidY:
    return warp.tid[1][lane];
  case Special::TidZ:
    return warp.tid[2][lane];
  case Special::NtidX:
    return config.block.x;
  case Special::NtidY:
    return config.block.y;
  case Special::NtidZ:
    return config.block.z;
  case Special::CtaidX:
    return ctaid.x;
  case Special::CtaidY:
    return ctaid.y;
  case Special::CtaidZ:
    return ctaid.z;
  case Special::NctaidX:
    return config.grid.x;
  case Special::NctaidY:
    return config.grid.y;
  case Special::NctaidZ:
    return config.grid.z;
  case Special::LaneId:
    return lane;
  case Special::WarpId:
    return warp.index;
  case Special::NWarpId:
    return 64;
  case Special::SmId:
    return 0;
  case Special::NSmId:
    return launch.limits.multiprocessors;
  case Special::GridId:
    return 1;
  case Special::LanemaskEq:
    return uint64_t(1) << lane;
  case Special::LanemaskLt:
    return (uint64_t(1) << lane) - 1;
  case Special::LanemaskLe:
    return (uint64_t(2) << lane) - 1;
  case Special::LanemaskGt:
    return uint32_t(~((uint64_t(2) << lane) - 1));
  case Special::LanemaskGe:
    return uint32_t(~((uint64_t(1) << lane) - 1));
  case Special::Clock:
    return uint32_t(launch.warpInstructions);
  case Special::Clock64:
    return launch.warpInstructions;
  case Special::GlobalTimer:
    return launch.warpInstructions * 1000;
  case Special::DynamicSmemSize:
    return config.dynamicSharedBytes;
  case Special::TotalSmemSize:
    return program.staticSharedBytes + config.dynamicSharedBytes;
  }
  return 0;
}

std::string CtaExecutor::where(const Inst &inst, const Warp &warp,
                               int lane) const {
  char text[512];
  int n = std::snprintf(text, sizeof text,
                        "kernel %s, PTX line %u (%s), block (%u,%u,%u)",
                        program.name.c_str(), inst.line, inst.text.c_str(),
                        ctaid.x, ctaid.y, ctaid.z);
  if (lane >= 0 && n > 0 && size_t(n) < sizeof text)
    std::snprintf(text + n, sizeof text - size_t(n), ", thread (%u,%u,%u)",
                  warp.tid[0][lane], warp.tid[1][lane], warp.tid[2][lane]);
  else if (n > 0 && size_t(n) < sizeof text)
    std::snprintf(text + n, sizeof text - size_t(n), ", warp %u", warp.index);
  return text;
}

void CtaExecutor::report(Finding::Kind kind, const Inst &inst, const Warp &warp,
                         int lane, const std::string &what, bool fatal) {
  LaunchReport &result = launch.report;
  result.findingCount++;
  if (fatal) {
    result.completed = false;
    launch.stopped = true;
  }
  // Keep the first finding of each kind at each line, up to the limit.
  for (const Finding &kept : result.findings)
    if (kept.kind == kind && kept.line == inst.line)
      return;
  if (result.findings.size() >= launch.options.maxFindings)
    return;
  result.findings.push_back(Finding{kind, inst.line,
                                    std::string(findingKindName(kind)) + ": " +
                                        what + " (" + where(inst, warp, lane) +
                                        ")"});
}
