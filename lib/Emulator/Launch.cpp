//===- Launch.cpp - Checking a launch and running its blocks --------------===//

#include "Engine.h"

#include <cinttypes>
#include <cstdio>
#include <sstream>

using namespace roller::emu;
using namespace roller::emu::detail;

ErrorOr<DeviceLimits> roller::emu::deviceLimits(std::string_view target) {
  // NVIDIA CUDA C++ Programming Guide 13.0, "Compute Capabilities", table
  // "Technical Specifications per Compute Capability": maximum shared
  // memory per block with opt-in is 163 KB (8.0), 99 KB (8.6, 8.9) and
  // 227 KB (9.0); multiprocessor counts are those of the A100 (108), an
  // RTX 3090 (82), an RTX 4090 (128) and the H100/H200 SXM (132).
  DeviceLimits limits;
  limits.chip = std::string(target);
  std::string_view chip = target;
  if (chip.size() > 5 && chip.back() == 'a')
    chip.remove_suffix(1);
  if (chip == "sm_80") {
    limits.sharedPerBlockOptin = 163 * 1024;
    limits.multiprocessors = 108;
  } else if (chip == "sm_86") {
    limits.sharedPerBlockOptin = 99 * 1024;
    limits.multiprocessors = 82;
  } else if (chip == "sm_89") {
    limits.sharedPerBlockOptin = 99 * 1024;
    limits.multiprocessors = 128;
  } else if (chip == "sm_90") {
    limits.sharedPerBlockOptin = 227 * 1024;
    limits.multiprocessors = 132;
  } else {
    return makeError("unsupported PTX target '" + std::string(target) +
                     "' (the emulator models sm_80, sm_86, sm_89 and sm_90)");
  }
  return limits;
}

const char *roller::emu::findingKindName(Finding::Kind kind) {
  switch (kind) {
  case Finding::Kind::GlobalOutOfBounds:
    return "invalid global access";
  case Finding::Kind::SharedOutOfBounds:
    return "invalid shared access";
  case Finding::Kind::LocalOutOfBounds:
    return "invalid local access";
  case Finding::Kind::Misaligned:
    return "misaligned access";
  case Finding::Kind::SharedRace:
    return "shared memory race";
  case Finding::Kind::AsyncCopyInFlight:
    return "cp.async hazard";
  case Finding::Kind::UninitializedShared:
    return "uninitialized shared read";
  case Finding::Kind::BarrierDivergence:
    return "barrier error";
  case Finding::Kind::WarpDivergence:
    return "warp divergence";
  case Finding::Kind::Trap:
    return "trap";
  case Finding::Kind::Hang:
    return "hang";
  case Finding::Kind::InvalidInstruction:
    return "invalid instruction";
  }
  return "finding";
}

const char *roller::emu::instClassName(InstClass c) {
  static const char *const kNames[] = {
      "integer",      "float32",     "float16",      "float64",
      "convert",      "move",        "control",      "load_global",
      "store_global", "load_shared", "store_shared", "load_local",
      "store_local",  "load_param",  "async_copy",   "ldmatrix",
      "mma",          "barrier",     "atomic",       "warp_collective",
      "other"};
  return kNames[unsigned(c)];
}

InstClass roller::emu::detail::classify(const Inst &inst) {
  switch (inst.op) {
  case Opcode::Ld:
  case Opcode::St: {
    bool load = inst.op == Opcode::Ld;
    switch (inst.space) {
    case Space::Shared:
      return load ? InstClass::LoadShared : InstClass::StoreShared;
    case Space::Local:
      return load ? InstClass::LoadLocal : InstClass::StoreLocal;
    case Space::Param:
      return InstClass::LoadParam;
    default:
      return load ? InstClass::LoadGlobal : InstClass::StoreGlobal;
    }
  }
  case Opcode::CpAsync:
    return InstClass::AsyncCopy;
  case Opcode::Ldmatrix:
  case Opcode::Stmatrix:
    return InstClass::Ldmatrix;
  case Opcode::Mma:
    return InstClass::Mma;
  case Opcode::BarSync:
  case Opcode::BarArrive:
  case Opcode::BarRed:
    return InstClass::Barrier;
  case Opcode::Atom:
  case Opcode::Red:
    return InstClass::Atomic;
  case Opcode::Shfl:
  case Opcode::Vote:
  case Opcode::Redux:
  case Opcode::Activemask:
  case Opcode::WarpSync:
    return InstClass::WarpCollective;
  case Opcode::Bra:
  case Opcode::Ret:
  case Opcode::Exit:
  case Opcode::Trap:
    return InstClass::Control;
  case Opcode::Cvt:
    return InstClass::Convert;
  case Opcode::Mov:
  case Opcode::Cvta:
  case Opcode::Selp:
  case Opcode::Slct:
  case Opcode::CreatePolicy:
    return InstClass::Move;
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
    if (inst.type == Type::F64)
      return InstClass::Float64;
    if (inst.type == Type::F32)
      return InstClass::Float32;
    return InstClass::Float16;
  case Opcode::Setp:
  case Opcode::Set:
    if (inst.type2 == Type::F64)
      return InstClass::Float64;
    if (inst.type2 == Type::F32)
      return InstClass::Float32;
    if (isFloat(inst.type2))
      return InstClass::Float16;
    return InstClass::Integer;
  case Opcode::Prefetch:
  case Opcode::Fence:
  case Opcode::Nop:
    return InstClass::Other;
  default:
    return InstClass::Integer;
  }
}

namespace {
Status checkConfig(const Program &program, const LaunchConfig &config,
                   const DeviceLimits &limits) {
  auto dims = [](const Dim3 &d) {
    return "(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " +
           std::to_string(d.z) + ")";
  };
  const Dim3 &grid = config.grid, &block = config.block;
  std::string kernel = "kernel " + program.name + ": ";
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || block.x == 0 ||
      block.y == 0 || block.z == 0)
    return makeError(kernel + "grid " + dims(grid) + " and block " +
                     dims(block) + " must not have a zero dimension");
  uint32_t gridMax[3] = {limits.maxGridDim[0], limits.maxGridDim[1],
                         limits.maxGridDim[2]};
  uint32_t g[3] = {grid.x, grid.y, grid.z}, b[3] = {block.x, block.y, block.z};
  for (int i = 0; i < 3; ++i) {
    if (g[i] > gridMax[i])
      return makeError(kernel + "grid " + dims(grid) +
                       " exceeds the device's " +
                       dims(Dim3{gridMax[0], gridMax[1], gridMax[2]}));
    if (b[i] > limits.maxBlockDim[i])
      return makeError(kernel + "block " + dims(block) +
                       " exceeds the device's " +
                       dims(Dim3{limits.maxBlockDim[0], limits.maxBlockDim[1],
                                 limits.maxBlockDim[2]}));
  }
  uint64_t threads = block.count();
  if (threads > limits.maxThreadsPerBlock)
    return makeError(kernel + "block " + dims(block) + " has " +
                     std::to_string(threads) + " threads, more than the " +
                     std::to_string(limits.maxThreadsPerBlock) + " allowed");
  if (program.maxThreads && threads > program.maxThreads)
    return makeError(kernel + "block " + dims(block) + " has " +
                     std::to_string(threads) +
                     " threads, more than its .maxntid (" +
                     std::to_string(program.maxThreads) + ")");
  if (program.requiredThreads[0] &&
      (block.x != program.requiredThreads[0] ||
       block.y != std::max(1u, program.requiredThreads[1]) ||
       block.z != std::max(1u, program.requiredThreads[2])))
    return makeError(kernel + "block " + dims(block) +
                     " differs from its .reqntid");
  uint64_t shared = program.staticSharedBytes + config.dynamicSharedBytes;
  if (config.dynamicSharedBytes > limits.sharedPerBlockOptin ||
      shared > limits.sharedPerBlockOptin)
    return makeError(kernel + std::to_string(program.staticSharedBytes) +
                     " bytes of static and " +
                     std::to_string(config.dynamicSharedBytes) +
                     " bytes of dynamic shared memory exceed the " +
                     std::to_string(limits.sharedPerBlockOptin) +
                     " bytes a block of " + limits.chip + " may opt in to");
  return Status::ok();
}
} // namespace

ErrorOr<LaunchReport>
roller::emu::launch(const Program &program, const LaunchConfig &config,
                    const void *const *args, size_t numArgs,
                    const GlobalMemory &memory, const LaunchOptions &options) {
  ErrorOr<DeviceLimits> limits = deviceLimits(program.target);
  if (!limits)
    return makeError("kernel " + program.name + ": " + limits.message());
  if (numArgs != program.params.size())
    return makeError("kernel " + program.name + " takes " +
                     std::to_string(program.params.size()) +
                     " parameters; the launch passed " +
                     std::to_string(numArgs));
  if (Status s = checkConfig(program, config, *limits); !s)
    return makeError(s.message());
  for (const Dim3 &block : options.blocks)
    if (block.x >= config.grid.x || block.y >= config.grid.y ||
        block.z >= config.grid.z)
      return makeError("kernel " + program.name + ": block (" +
                       std::to_string(block.x) + ", " +
                       std::to_string(block.y) + ", " +
                       std::to_string(block.z) + ") is outside the grid");

  LaunchState state(program, config, memory, options);
  state.limits = *limits;
  state.params.assign(program.paramBytes, 0);
  for (size_t i = 0; i < numArgs; ++i) {
    if (!args || !args[i])
      return makeError("kernel " + program.name + ": argument " +
                       std::to_string(i) + " is a null pointer");
    std::memcpy(state.params.data() + program.params[i].offset, args[i],
                program.params[i].size);
  }
  CtaExecutor executor(state);
  if (!options.blocks.empty()) {
    for (const Dim3 &block : options.blocks) {
      executor.run(block);
      state.report.blocksRun++;
      if (state.stopped)
        break;
    }
  } else {
    for (uint32_t z = 0; z < config.grid.z && !state.stopped; ++z)
      for (uint32_t y = 0; y < config.grid.y && !state.stopped; ++y)
        for (uint32_t x = 0; x < config.grid.x && !state.stopped; ++x) {
          executor.run(Dim3{x, y, z});
          state.report.blocksRun++;
        }
  }
  return std::move(state.report);
}

std::string roller::emu::formatFindings(const LaunchReport &report) {
  std::string text;
  for (const Finding &finding : report.findings)
    text += finding.message + "\n";
  if (report.findingCount > report.findings.size())
    text += std::to_string(report.findingCount - report.findings.size()) +
            " more findings (the first of each kind and line are shown)\n";
  return text;
}

std::string roller::emu::countersToJson(const Program &program,
                                        const LaunchConfig &config,
                                        const Counters &c) {
  std::ostringstream os;
  auto dims = [](const Dim3 &d) {
    return "[" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " +
           std::to_string(d.z) + "]";
  };
  auto ratio = [](uint64_t a, uint64_t b) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4f", b ? double(a) / double(b) : 0.0);
    return std::string(text);
  };
  os << "{\"kernel\": \"" << program.name
     << "\", \"grid\": " << dims(config.grid)
     << ", \"block\": " << dims(config.block)
     << ", \"dynamic_shared_memory_bytes\": " << config.dynamicSharedBytes
     << ", \"blocks_run\": " << c.blocks << ", \"warps_run\": " << c.warps
     << ", \"warp_instructions\": {";
  for (unsigned i = 0; i < kNumInstClasses; ++i)
    os << (i ? ", " : "") << "\"" << instClassName(InstClass(i))
       << "\": " << c.warpInstructions[i];
  os << "}, \"thread_instructions\": {";
  for (unsigned i = 0; i < kNumInstClasses; ++i)
    os << (i ? ", " : "") << "\"" << instClassName(InstClass(i))
       << "\": " << c.threadInstructions[i];
  os << "}, \"shared_load\": {\"requests\": " << c.sharedLoadRequests
     << ", \"wavefronts\": " << c.sharedLoadWavefronts
     << ", \"ideal_wavefronts\": " << c.sharedLoadIdealWavefronts
     << ", \"bank_conflict_factor\": "
     << ratio(c.sharedLoadWavefronts, c.sharedLoadIdealWavefronts) << "}"
     << ", \"shared_store\": {\"requests\": " << c.sharedStoreRequests
     << ", \"wavefronts\": " << c.sharedStoreWavefronts
     << ", \"ideal_wavefronts\": " << c.sharedStoreIdealWavefronts
     << ", \"bank_conflict_factor\": "
     << ratio(c.sharedStoreWavefronts, c.sharedStoreIdealWavefronts) << "}"
     << ", \"global_load\": {\"requests\": " << c.globalLoadRequests
     << ", \"sectors\": " << c.globalLoadSectors
     << ", \"ideal_sectors\": " << c.globalLoadIdealSectors
     << ", \"sectors_per_request\": "
     << ratio(c.globalLoadSectors, c.globalLoadRequests) << "}"
     << ", \"global_store\": {\"requests\": " << c.globalStoreRequests
     << ", \"sectors\": " << c.globalStoreSectors
     << ", \"ideal_sectors\": " << c.globalStoreIdealSectors
     << ", \"sectors_per_request\": "
     << ratio(c.globalStoreSectors, c.globalStoreRequests) << "}"
     << ", \"barriers\": " << c.barriers << "}";
  return os.str();
}
