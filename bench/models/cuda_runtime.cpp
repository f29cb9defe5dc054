//===- cuda_runtime.cpp - MLIR's mgpu* GPU runtime ABI over the CUDA driver
//-===//
//
// The functions that upstream MLIR's GPU host code calls (gpu-to-llvm and
// the gpu.binary translation: mgpuModuleLoad/LoadJIT/Unload/GetFunction,
// mgpuLaunchKernel, streams, events, memory), written for bench/models'
// model_runner on a GPU machine over the CUDA driver API. It is the same ABI
// that Roller's PTX emulator (lib/EmulatorRuntime/Runtime.cpp) implements,
// so a model library runs unchanged on either.
//
//   g++ -std=c++17 -O2 -shared -fPIC cuda_runtime.cpp -o cuda_runtime.so
//       -I/usr/local/cuda/include -lcuda
//
// Choices:
//  - One device (mgpuSetDefaultDevice picks it before the first call, else
//    device 0), its primary context, made current on each calling thread.
//  - Device memory is stream-ordered (cuMemAllocAsync / cuMemFreeAsync on the
//    caller's stream) from the device's default pool, which keeps freed
//    memory for reuse (release threshold set to the maximum), as PyTorch's
//    caching allocator does; ROLLER_CUDA_ALLOC=sync uses cuMemAlloc/cuMemFree.
//    isHostShared asks for managed memory (the model programs never do).
//  - Every driver error prints the call, its error name and text, and
//    aborts. ROLLER_CUDA_SYNC=1 synchronizes after each launch, so a failing
//    kernel is named.
//
//===----------------------------------------------------------------------===//

#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>

#define ROLLER_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

[[noreturn]] void die(const char *call, CUresult rc, const char *where) {
  const char *name = nullptr, *text = nullptr;
  cuGetErrorName(rc, &name);
  cuGetErrorString(rc, &text);
  std::fprintf(
      stderr, "roller-cuda-runtime: %s failed in %s: error %d %s%s%s\n", call,
      where, int(rc), name ? name : "", text ? ": " : "", text ? text : "");
  std::abort();
}

#define CHECK_AT(call, where)                                                  \
  do {                                                                         \
    CUresult rc_ = (call);                                                     \
    if (rc_ != CUDA_SUCCESS)                                                   \
      die(#call, rc_, where);                                                  \
  } while (0)
#define CHECK(call) CHECK_AT(call, __func__)

/// The process's device and context, set up on first use.
struct State {
  int ordinal = 0;
  CUdevice device = 0;
  CUcontext context = nullptr;
  bool asyncAlloc = false;
  bool syncEachLaunch = false;
  int maxSharedOptin = 48 * 1024;
  std::mutex lock;
  /// Function -> (kernel name, dynamic shared memory it is allowed).
  std::unordered_map<CUfunction, std::pair<std::string, int>> functions;
  /// Managed allocations (isHostShared), freed synchronously.
  std::unordered_set<CUdeviceptr> managed;
};

State &state() {
  static State s;
  return s;
}

std::once_flag initOnce;

/// Initializes the driver once and makes the primary context current on the
/// calling thread.
void enter() {
  State &s = state();
  std::call_once(initOnce, [&s] {
    CHECK_AT(cuInit(0), "the driver's setup");
    CHECK_AT(cuDeviceGet(&s.device, s.ordinal), "the driver's setup");
    CHECK_AT(cuDevicePrimaryCtxRetain(&s.context, s.device),
             "the driver's setup");
    CHECK_AT(cuCtxSetCurrent(s.context), "the driver's setup");
    int pools = 0;
    CHECK_AT(cuDeviceGetAttribute(
                 &pools, CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED, s.device),
             "the driver's setup");
    const char *alloc = std::getenv("ROLLER_CUDA_ALLOC");
    s.asyncAlloc = pools && !(alloc && std::strcmp(alloc, "sync") == 0);
    if (s.asyncAlloc) {
      CUmemoryPool pool;
      CHECK_AT(cuDeviceGetDefaultMemPool(&pool, s.device),
               "the driver's setup");
      cuuint64_t keep = UINT64_MAX;
      CHECK_AT(
          cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &keep),
          "the driver's setup");
    }
    CHECK_AT(cuDeviceGetAttribute(
                 &s.maxSharedOptin,
                 CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                 s.device),
             "the driver's setup");
    const char *sync = std::getenv("ROLLER_CUDA_SYNC");
    s.syncEachLaunch = sync && std::strcmp(sync, "0") != 0;
  });
  thread_local bool current = false;
  if (!current) {
    CHECK(cuCtxSetCurrent(s.context));
    current = true;
  }
}

CUmodule load(void *data, int optLevel, bool jit) {
  enter();
  CUmodule module = nullptr;
  if (!jit) {
    CHECK(cuModuleLoadData(&module, data));
    return module;
  }
  // PTX: the JIT's log says why a module does not load.
  char errors[16384] = {0}, info[4096] = {0};
  CUjit_option keys[] = {CU_JIT_OPTIMIZATION_LEVEL, CU_JIT_ERROR_LOG_BUFFER,
                         CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                         CU_JIT_INFO_LOG_BUFFER,
                         CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {reinterpret_cast<void *>(intptr_t(optLevel)), errors,
                    reinterpret_cast<void *>(uintptr_t(sizeof errors)), info,
                    reinterpret_cast<void *>(uintptr_t(sizeof info))};
  CUresult rc = cuModuleLoadDataEx(&module, data, 5, keys, values);
  if (rc != CUDA_SUCCESS) {
    std::fprintf(stderr, "roller-cuda-runtime: PTX JIT log:\n%s\n", errors);
    die("cuModuleLoadDataEx", rc, "mgpuModuleLoadJIT");
  }
  return module;
}

} // namespace

// ------------------------------------------------------------------ modules

ROLLER_EXPORT void *mgpuModuleLoad(void *data, size_t /*gpuBlobSize*/) {
  return load(data, 0, false);
}

ROLLER_EXPORT void *mgpuModuleLoadJIT(void *data, int optLevel) {
  if (optLevel < 0 || optLevel > 4)
    optLevel = 4;
  return load(data, optLevel, true);
}

ROLLER_EXPORT void mgpuModuleUnload(void *module) {
  enter();
  CUresult rc = cuModuleUnload(static_cast<CUmodule>(module));
  // At exit the driver may already be shutting down.
  if (rc != CUDA_SUCCESS && rc != CUDA_ERROR_DEINITIALIZED)
    die("cuModuleUnload", rc, __func__);
}

ROLLER_EXPORT void *mgpuModuleGetFunction(void *module, const char *name) {
  enter();
  CUfunction fn = nullptr;
  CHECK(cuModuleGetFunction(&fn, static_cast<CUmodule>(module), name));
  State &s = state();
  std::lock_guard<std::mutex> guard(s.lock);
  if (!s.functions.count(fn)) // the host code asks again at every launch
    s.functions.emplace(fn, std::make_pair(std::string(name), 48 * 1024));
  return fn;
}

ROLLER_EXPORT void mgpuLaunchKernel(void *function, intptr_t gridX,
                                    intptr_t gridY, intptr_t gridZ,
                                    intptr_t blockX, intptr_t blockY,
                                    intptr_t blockZ, int32_t smem, void *stream,
                                    void **params, void **extra,
                                    size_t /*paramsCount*/) {
  enter();
  State &s = state();
  auto fn = static_cast<CUfunction>(function);
  if (smem > 48 * 1024) {
    // Over 48 KiB of dynamic shared memory is opted in per function.
    std::lock_guard<std::mutex> guard(s.lock);
    auto &entry = s.functions[fn];
    if (smem > s.maxSharedOptin) {
      std::fprintf(stderr,
                   "roller-cuda-runtime: kernel %s asks for %d B of dynamic "
                   "shared memory, the device allows %d\n",
                   entry.first.c_str(), smem, s.maxSharedOptin);
      std::abort();
    }
    if (entry.second < smem) {
      CHECK(cuFuncSetAttribute(
          fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem));
      entry.second = smem;
    }
  }
  CHECK(cuLaunchKernel(fn, unsigned(gridX), unsigned(gridY), unsigned(gridZ),
                       unsigned(blockX), unsigned(blockY), unsigned(blockZ),
                       unsigned(smem), static_cast<CUstream>(stream), params,
                       extra));
  if (s.syncEachLaunch) {
    CUresult rc = cuStreamSynchronize(static_cast<CUstream>(stream));
    if (rc != CUDA_SUCCESS) {
      std::lock_guard<std::mutex> guard(s.lock);
      std::fprintf(stderr, "roller-cuda-runtime: kernel %s failed\n",
                   s.functions[fn].first.c_str());
      die("cuStreamSynchronize", rc, __func__);
    }
  }
}

// ------------------------------------------------------------------ streams

ROLLER_EXPORT void *mgpuStreamCreate() {
  enter();
  CUstream stream = nullptr;
  CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  return stream;
}

ROLLER_EXPORT void mgpuStreamDestroy(void *stream) {
  enter();
  CHECK(cuStreamDestroy(static_cast<CUstream>(stream)));
}

ROLLER_EXPORT void mgpuStreamSynchronize(void *stream) {
  enter();
  CHECK(cuStreamSynchronize(static_cast<CUstream>(stream)));
}

ROLLER_EXPORT void mgpuStreamWaitEvent(void *stream, void *event) {
  enter();
  CHECK(cuStreamWaitEvent(static_cast<CUstream>(stream),
                          static_cast<CUevent>(event), 0));
}

ROLLER_EXPORT void *mgpuEventCreate() {
  enter();
  CUevent event = nullptr;
  CHECK(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING));
  return event;
}

ROLLER_EXPORT void mgpuEventDestroy(void *event) {
  enter();
  CHECK(cuEventDestroy(static_cast<CUevent>(event)));
}

ROLLER_EXPORT void mgpuEventSynchronize(void *event) {
  enter();
  CHECK(cuEventSynchronize(static_cast<CUevent>(event)));
}

ROLLER_EXPORT void mgpuEventRecord(void *event, void *stream) {
  enter();
  CHECK(cuEventRecord(static_cast<CUevent>(event),
                      static_cast<CUstream>(stream)));
}

ROLLER_EXPORT void mgpuSetDefaultDevice(int32_t device) {
  // Takes effect only before the first call that touches the driver.
  state().ordinal = device;
}

// ------------------------------------------------------------------ memory

ROLLER_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                                 bool isHostShared) {
  enter();
  if (!sizeBytes)
    return nullptr;
  CUdeviceptr ptr = 0;
  if (isHostShared) {
    CHECK(cuMemAllocManaged(&ptr, sizeBytes, CU_MEM_ATTACH_GLOBAL));
    std::lock_guard<std::mutex> guard(state().lock);
    state().managed.insert(ptr);
  } else if (state().asyncAlloc)
    CHECK(cuMemAllocAsync(&ptr, sizeBytes, static_cast<CUstream>(stream)));
  else
    CHECK(cuMemAlloc(&ptr, sizeBytes));
  return reinterpret_cast<void *>(ptr);
}

ROLLER_EXPORT void mgpuMemFree(void *ptr, void *stream) {
  if (!ptr)
    return;
  enter();
  auto dptr = reinterpret_cast<CUdeviceptr>(ptr);
  State &s = state();
  bool managed = false;
  {
    std::lock_guard<std::mutex> guard(s.lock);
    managed = s.managed.erase(dptr) != 0;
  }
  if (s.asyncAlloc && !managed)
    CHECK(cuMemFreeAsync(dptr, static_cast<CUstream>(stream)));
  else
    CHECK(cuMemFree(dptr));
}

ROLLER_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                              void *stream) {
  enter();
  // Unified addressing: the driver tells host from device pointers.
  CHECK(cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                      reinterpret_cast<CUdeviceptr>(src), sizeBytes,
                      static_cast<CUstream>(stream)));
}

ROLLER_EXPORT void mgpuMemset32(void *dst, unsigned int value, size_t count,
                                void *stream) {
  enter();
  CHECK(cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                         static_cast<CUstream>(stream)));
}

ROLLER_EXPORT void mgpuMemset16(void *dst, unsigned short value, size_t count,
                                void *stream) {
  enter();
  CHECK(cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                         static_cast<CUstream>(stream)));
}

ROLLER_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  enter();
  if (sizeBytes)
    CHECK(cuMemHostRegister(ptr, sizeBytes, CU_MEMHOSTREGISTER_PORTABLE));
}

ROLLER_EXPORT void mgpuMemHostUnregister(void *ptr) {
  enter();
  CHECK(cuMemHostUnregister(ptr));
}

namespace {
/// The first byte and the byte extent of a ranked memref descriptor
/// {allocated, aligned, offset, sizes[rank], strides[rank]}.
std::pair<char *, uint64_t> extent(int64_t rank, void *descriptor,
                                   int64_t elementSizeBytes) {
  auto *words = static_cast<int64_t *>(descriptor);
  char *aligned = reinterpret_cast<char *>(words[1]);
  const int64_t *sizes = words + 3, *strides = words + 3 + rank;
  int64_t last = 0;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] == 0)
      return {aligned + words[2] * elementSizeBytes, 0};
    last += (sizes[i] - 1) * strides[i];
  }
  return {aligned + words[2] * elementSizeBytes,
          uint64_t(last + 1) * uint64_t(elementSizeBytes)};
}
} // namespace

ROLLER_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                             int64_t elementSizeBytes) {
  auto range = extent(rank, descriptor, elementSizeBytes);
  mgpuMemHostRegister(range.first, range.second);
}

ROLLER_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                               int64_t elementSizeBytes) {
  auto range = extent(rank, descriptor, elementSizeBytes);
  if (range.second)
    mgpuMemHostUnregister(range.first);
}
