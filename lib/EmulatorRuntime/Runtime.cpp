//===- Runtime.cpp - Upstream MLIR's GPU runtime ABI on the emulator ------===//
//
// `gpu.launch_func` and the gpu memory ops lower (gpu-to-llvm and the GPU
// offloading translation) to calls of the `mgpu*` functions that upstream's
// mlir/lib/ExecutionEngine/CudaRuntimeWrappers.cpp implements with the CUDA
// driver. This library implements the same functions, with the same
// signatures as LLVM 22 calls them, on the PTX emulator, so that
//
//   roller-opt in.mlir --roller-tile --convert-to-nvvm |
//     mlir-runner -e main -entry-point-result=void
//       -shared-libs=<runner utils>,libroller_emulator_runtime.so
//
// runs host code natively and every kernel on the emulator.
//
// What a GPU could access is modelled: kernels may touch only memory from
// mgpuMemAlloc (device or managed) and host ranges registered with
// mgpuMemHostRegister*, as with the CUDA wrappers; anything else is an
// out-of-bounds finding. Launches run synchronously, so streams and events
// are handles with nothing behind them.
//
// Environment:
//   ROLLER_EMU_SANITIZE=0        skip race/cp.async/initialization checks
//   ROLLER_EMU_COUNTERS=FILE     append each launch's counters (JSON lines)
//   ROLLER_EMU_ON_ERROR=continue report findings and errors but go on (the
//                                default exits with status 1 after the
//                                launch, like compute-sanitizer's
//                                --error-exitcode)
//   ROLLER_EMU_MAX_FINDINGS=N    findings printed per launch (default 20)
//   ROLLER_EMU_STATS=FILE        append, at exit, one JSON line of what the
//                                program asked of the GPU: allocations and
//                                frees, bytes live and at peak, copies by
//                                direction, streams, launches per stream
//
//===----------------------------------------------------------------------===//

#include "Roller/Emulator/Emulator.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#define ROLLER_EXPORT extern "C" __attribute__((visibility("default")))

using namespace roller::emu;

namespace {

/// A memref descriptor of any rank, as MLIR passes it to C (its ranked
/// StridedMemRefType<T, N>): pointers, offset, then N sizes and N strides.
struct MemRefDescriptor {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[1];
};

class Runtime {
public:
  static Runtime &get() {
    static Runtime *runtime = new Runtime(); // never destroyed: modules are
                                             // unloaded by global destructors
    return *runtime;
  }

  std::mutex lock;
  GlobalMemory memory;
  std::map<void *, std::unique_ptr<LoadedModule>> modules;
  /// Allocations made here: base -> the pointer to free.
  std::map<uint64_t, void *> owned;
  LaunchOptions options;
  std::string countersPath;
  bool exitOnError = true;
  uint64_t nextHandle = 1;
  unsigned deviceAllocations = 0, registrations = 0;

  /// What ROLLER_EMU_STATS reports.
  struct Stats {
    uint64_t deviceAllocations = 0, managedAllocations = 0, frees = 0;
    uint64_t liveBytes = 0, peakBytes = 0;
    uint64_t hostToDevice = 0, deviceToHost = 0, deviceToDevice = 0;
    uint64_t hostToDeviceBytes = 0, deviceToHostBytes = 0;
    uint64_t streamsCreated = 0, streamsDestroyed = 0, syncs = 0;
    uint64_t launches = 0;
    /// Launches per stream handle; the null stream is 0.
    std::map<uintptr_t, uint64_t> launchesPerStream;
  } stats;
  std::map<uint64_t, uint64_t> allocationBytes;
  std::string statsPath;
  uintptr_t nextStream = 0x5157;

  HostModuleAllocator moduleVariables{memory};

  static void *allocate(uint64_t size, uint64_t alignment) {
    alignment = std::max<uint64_t>(alignment, 256);
    uint64_t bytes = std::max<uint64_t>(
        (size + alignment - 1) / alignment * alignment, alignment);
    return std::aligned_alloc(alignment, bytes);
  }

  /// Reports a runtime error like CUDA_REPORT_IF_ERROR does, and stops the
  /// process unless ROLLER_EMU_ON_ERROR=continue.
  void fail(const char *format, ...) __attribute__((format(printf, 2, 3))) {
    va_list args;
    va_start(args, format);
    std::fprintf(stderr, "roller-emu runtime: ");
    std::vfprintf(stderr, format, args);
    std::fprintf(stderr, "\n");
    va_end(args);
    if (exitOnError)
      std::exit(1);
  }

private:
  Runtime() {
    const char *sanitize = std::getenv("ROLLER_EMU_SANITIZE");
    options.sanitize = !(sanitize && std::strcmp(sanitize, "0") == 0);
    if (const char *counters = std::getenv("ROLLER_EMU_COUNTERS")) {
      countersPath = counters;
      options.counters = !countersPath.empty();
    }
    const char *onError = std::getenv("ROLLER_EMU_ON_ERROR");
    exitOnError = !(onError && std::strcmp(onError, "continue") == 0);
    if (const char *max = std::getenv("ROLLER_EMU_MAX_FINDINGS"))
      options.maxFindings = unsigned(std::strtoul(max, nullptr, 10));
    if (const char *path = std::getenv("ROLLER_EMU_STATS")) {
      statsPath = path;
      std::atexit([] { Runtime::get().writeStats(); });
    }
  }

public:
  /// Whether `address` is in memory only a kernel may touch (device
  /// memory; managed and registered memory are the host's too).
  bool isDeviceOnly(const void *address) {
    const Allocation *range = memory.at(reinterpret_cast<uint64_t>(address));
    return range && range->kind == AllocationKind::Device;
  }

  void writeStats() {
    std::lock_guard<std::mutex> guard(lock);
    FILE *out = std::fopen(statsPath.c_str(), "a");
    if (!out)
      return;
    auto u = [](uint64_t v) { return static_cast<unsigned long long>(v); };
    std::fprintf(
        out,
        "{\"device_allocations\": %llu, \"managed_allocations\": %llu, "
        "\"frees\": %llu, \"live_allocations\": %llu, \"live_bytes\": "
        "%llu, \"peak_bytes\": %llu, \"copies_host_to_device\": %llu, "
        "\"copies_device_to_host\": %llu, \"copies_device_to_device\": "
        "%llu, \"bytes_host_to_device\": %llu, \"bytes_device_to_host\": "
        "%llu, \"streams_created\": %llu, \"streams_destroyed\": %llu, "
        "\"stream_syncs\": %llu, \"launches\": %llu, "
        "\"launches_per_stream\": [",
        u(stats.deviceAllocations), u(stats.managedAllocations), u(stats.frees),
        u(owned.size()), u(stats.liveBytes), u(stats.peakBytes),
        u(stats.hostToDevice), u(stats.deviceToHost), u(stats.deviceToDevice),
        u(stats.hostToDeviceBytes), u(stats.deviceToHostBytes),
        u(stats.streamsCreated), u(stats.streamsDestroyed), u(stats.syncs),
        u(stats.launches));
    const char *separator = "";
    for (auto [stream, count] : stats.launchesPerStream) {
      std::fprintf(out, "%s%llu", separator, u(count));
      separator = ", ";
    }
    std::fprintf(out, "]}\n");
    std::fclose(out);
  }
};

void *loadModule(void *data) {
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> guard(rt.lock);
  if (!data) {
    rt.fail("module load: null data");
    return nullptr;
  }
  const char *text = static_cast<const char *>(data);
  if (std::memcmp(text,
                  "\x7f"
                  "ELF",
                  4) == 0) {
    rt.fail("module load: the data is a cubin (ELF); the emulator runs PTX "
            "(compile with --convert-to-nvvm's default format=isa)");
    return nullptr;
  }
  std::string name = "module" + std::to_string(rt.nextHandle);
  ErrorOr<std::unique_ptr<LoadedModule>> module =
      LoadedModule::load(text, name, rt.moduleVariables);
  if (!module) {
    rt.fail("module load failed: %s", module.message().c_str());
    return nullptr;
  }
  void *handle = reinterpret_cast<void *>(rt.nextHandle++);
  rt.modules[handle] = module.take();
  return handle;
}

uint64_t denseBytes(int64_t rank, MemRefDescriptor *descriptor,
                    int64_t elementBytes) {
  // As the CUDA wrappers: the memref is taken to be dense.
  int64_t bytes = elementBytes;
  for (int64_t i = 0; i < rank; ++i)
    bytes *= descriptor->sizesAndStrides[i];
  return uint64_t(bytes);
}

} // namespace

ROLLER_EXPORT void *mgpuModuleLoad(void *data) { return loadModule(data); }

ROLLER_EXPORT void *mgpuModuleLoadJIT(void *data, int optLevel) {
  (void)optLevel;
  return loadModule(data);
}

ROLLER_EXPORT void mgpuModuleUnload(void *module) {
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> guard(rt.lock);
  rt.modules.erase(module);
}

ROLLER_EXPORT void *mgpuModuleGetFunction(void *module, const char *name) {
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> guard(rt.lock);
  auto it = rt.modules.find(module);
  if (it == rt.modules.end()) {
    rt.fail("get function '%s': unknown module", name ? name : "");
    return nullptr;
  }
  const Program *program = it->second->findKernel(name ? name : "");
  if (!program)
    rt.fail("get function: the module has no kernel '%s'", name ? name : "");
  return const_cast<Program *>(program);
}

ROLLER_EXPORT void mgpuLaunchKernel(void *function, intptr_t gridX,
                                    intptr_t gridY, intptr_t gridZ,
                                    intptr_t blockX, intptr_t blockY,
                                    intptr_t blockZ, int32_t smem, void *stream,
                                    void **params, void **extra,
                                    size_t paramsCount) {
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> guard(rt.lock);
  ++rt.stats.launches;
  ++rt.stats.launchesPerStream[reinterpret_cast<uintptr_t>(stream)];
  if (!function) {
    rt.fail("launch: null function");
    return;
  }
  if (extra) {
    rt.fail("launch: the 'extra' parameter form is not supported");
    return;
  }
  const Program &program = *static_cast<const Program *>(function);
  auto dim = [](intptr_t v) {
    return v < 0 || v > intptr_t(UINT32_MAX) ? uint32_t(0) : uint32_t(v);
  };
  LaunchConfig config;
  config.grid = Dim3{dim(gridX), dim(gridY), dim(gridZ)};
  config.block = Dim3{dim(blockX), dim(blockY), dim(blockZ)};
  config.dynamicSharedBytes = smem < 0 ? UINT64_MAX : uint64_t(smem);
  ErrorOr<LaunchReport> report =
      launch(program, config, params, paramsCount, rt.memory, rt.options);
  if (!report) {
    rt.fail("launch failed: %s", report.message().c_str());
    return;
  }
  if (!rt.countersPath.empty()) {
    if (FILE *out = std::fopen(rt.countersPath.c_str(), "a")) {
      std::fprintf(out, "%s\n",
                   countersToJson(program, config, report->counters).c_str());
      std::fclose(out);
    }
  }
  if (report->findingCount) {
    std::fflush(stdout);
    std::fputs(formatFindings(*report).c_str(), stderr);
    rt.fail("kernel %s: %llu findings", program.name.c_str(),
            static_cast<unsigned long long>(report->findingCount));
  }
}

// Each stream is a handle of its own, so that the statistics can tell them
// apart; work on it runs at once.
ROLLER_EXPORT void *mgpuStreamCreate() {
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> guard(rt.lock);
  ++rt.stats.streamsCreated;
  return reinterpret_cast<void *>(rt.nextStream++);
}
ROLLER_EXPORT void mgpuStreamDestroy(void *stream) {
  (void)stream;
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> guard(rt.lock);
  ++rt.stats.streamsDestroyed;
}
ROLLER_EXPORT void mgpuStreamSynchronize(void *stream) {
  (void)stream;
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> guard(rt.lock);
  ++rt.stats.syncs;
}
ROLLER_EXPORT void mgpuStreamWaitEvent(void *stream, void *event) {
  (void)stream;
  (void)event;
}
ROLLER_EXPORT void *mgpuEventCreate() {
  return reinterpret_cast<void *>(uintptr_t(0xe7e7));
}
ROLLER_EXPORT void mgpuEventDestroy(void *event) { (void)event; }
ROLLER_EXPORT void mgpuEventSynchronize(void *event) { (void)event; }
ROLLER_EXPORT void mgpuEventRecord(void *event, void *stream) {
  (void)event;
  (void)stream;
}
ROLLER_EXPORT void mgpuSetDefaultDevice(int32_t device) { (void)device; }

ROLLER_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                                 bool isHostShared) {
  (void)stream;
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> guard(rt.lock);
  void *p = Runtime::allocate(sizeBytes, 256);
  if (!p) {
    rt.fail("out of memory allocating %llu bytes",
            static_cast<unsigned long long>(sizeBytes));
    return nullptr;
  }
  // Device memory starts with garbage on a GPU; all-ones bytes (NaNs, -1)
  // make a kernel that reads before writing show.
  std::memset(p, 0xff, sizeBytes);
  uint64_t base = reinterpret_cast<uint64_t>(p);
  if (sizeBytes)
    rt.memory.add(base, sizeBytes,
                  isHostShared ? AllocationKind::Managed
                               : AllocationKind::Device,
                  "#" + std::to_string(++rt.deviceAllocations));
  rt.owned[base] = p;
  ++(isHostShared ? rt.stats.managedAllocations : rt.stats.deviceAllocations);
  rt.allocationBytes[base] = sizeBytes;
  rt.stats.liveBytes += sizeBytes;
  rt.stats.peakBytes = std::max(rt.stats.peakBytes, rt.stats.liveBytes);
  return p;
}

ROLLER_EXPORT void mgpuMemFree(void *ptr, void *stream) {
  (void)stream;
  if (!ptr)
    return;
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> guard(rt.lock);
  uint64_t base = reinterpret_cast<uint64_t>(ptr);
  auto it = rt.owned.find(base);
  if (it == rt.owned.end()) {
    rt.fail("free of %p, which mgpuMemAlloc did not return", ptr);
    return;
  }
  rt.memory.remove(base);
  std::free(it->second);
  rt.owned.erase(it);
  ++rt.stats.frees;
  rt.stats.liveBytes -= rt.allocationBytes[base];
  rt.allocationBytes.erase(base);
}

ROLLER_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                              void *stream) {
  (void)stream;
  Runtime &rt = Runtime::get();
  {
    std::lock_guard<std::mutex> guard(rt.lock);
    bool toDevice = rt.isDeviceOnly(dst), fromDevice = rt.isDeviceOnly(src);
    if (toDevice && fromDevice) {
      ++rt.stats.deviceToDevice;
    } else if (toDevice) {
      ++rt.stats.hostToDevice;
      rt.stats.hostToDeviceBytes += sizeBytes;
    } else if (fromDevice) {
      ++rt.stats.deviceToHost;
      rt.stats.deviceToHostBytes += sizeBytes;
    }
  }
  std::memmove(dst, src, sizeBytes);
}

ROLLER_EXPORT void mgpuMemset32(void *dst, unsigned int value, size_t count,
                                void *stream) {
  (void)stream;
  auto *p = static_cast<uint32_t *>(dst);
  for (size_t i = 0; i < count; ++i)
    p[i] = value;
}

ROLLER_EXPORT void mgpuMemset16(void *dst, unsigned short value, size_t count,
                                void *stream) {
  (void)stream;
  auto *p = static_cast<uint16_t *>(dst);
  for (size_t i = 0; i < count; ++i)
    p[i] = value;
}

ROLLER_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> guard(rt.lock);
  if (!sizeBytes)
    return;
  // cuMemHostRegister refuses a range that overlaps a registered one
  // (CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED).
  if (!rt.memory.add(reinterpret_cast<uint64_t>(ptr), sizeBytes,
                     AllocationKind::HostRegistered,
                     "#" + std::to_string(++rt.registrations)))
    rt.fail("host register of %p (%llu bytes): the range overlaps memory "
            "already registered or allocated",
            ptr, static_cast<unsigned long long>(sizeBytes));
}

ROLLER_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                             int64_t elementSizeBytes) {
  auto *memref = static_cast<MemRefDescriptor *>(descriptor);
  mgpuMemHostRegister(memref->aligned + memref->offset * elementSizeBytes,
                      denseBytes(rank, memref, elementSizeBytes));
}

ROLLER_EXPORT void mgpuMemHostUnregister(void *ptr) {
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> guard(rt.lock);
  const Allocation *range = rt.memory.at(reinterpret_cast<uint64_t>(ptr));
  if (!range || range->kind != AllocationKind::HostRegistered) {
    rt.fail("host unregister of %p, which is not registered", ptr);
    return;
  }
  rt.memory.remove(reinterpret_cast<uint64_t>(ptr));
}

ROLLER_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                               int64_t elementSizeBytes) {
  (void)rank;
  auto *memref = static_cast<MemRefDescriptor *>(descriptor);
  mgpuMemHostUnregister(memref->aligned + memref->offset * elementSizeBytes);
}
