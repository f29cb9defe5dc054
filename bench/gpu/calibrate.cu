//===- calibrate.cu - The latencies the model's presets take from papers --===//
//
// Measures, on the GPU it runs on, the two latencies the model's latency
// stage charges (docs/devices.md R11 and R12), with the kernels the presets'
// figures were read off (D. Ernst's gpu-benches), and writes them as a device
// patch for `--roller-select="device=FILE"`:
//
//   round_trip_ns    one-shot blocks of 32 threads, each thread loading,
//                    scaling and storing one f64 (16 bytes), with a shared-
//                    memory spoiler that leaves exactly two blocks per SM:
//                    the SMs retire them in rounds, RT = time / rounds.
//   load_latency_ns  one thread chasing pointers shuffled at random through
//                    a buffer four times the L2 (one pointer per 64 bytes):
//                    time / loads.
//
// usage: roller-calibrate PRESET OUT.json   (PRESET: the preset the patch
// is on); bench/gpu/build-roller-bench.sh builds it beside roller-bench.
// Without a GPU it says so and exits 0, like roller-bench --probe.
//
//===----------------------------------------------------------------------===//

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

namespace {

struct CudaFailure {
  cudaError_t status;
  const char *what;
};

void check(cudaError_t status, const char *what) {
  if (status != cudaSuccess)
    throw CudaFailure{status, what};
}

__global__ void oneShotScale(const double *in, double *out) {
  extern __shared__ char spoiler[];
  int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  out[i] = 1.5 * in[i];
  // Keeps the spoiler allocated (the compiler may not drop it: its size is
  // the launch's).
  if (in[i] == -1.0)
    spoiler[threadIdx.x] = 1;
}

__global__ void pointerChase(const uint64_t *chain, int64_t loads,
                             uint64_t *sink) {
  const uint64_t *p = chain;
  for (int64_t n = 0; n < loads; ++n)
    p = reinterpret_cast<const uint64_t *>(*p);
  *sink = reinterpret_cast<uint64_t>(p);
}

/// The least time of `reps` runs of `launch`, in ms.
template <typename Launch> float leastMs(int reps, Launch launch) {
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  float best = 0;
  for (int r = 0; r <= reps; ++r) { // run 0 warms up
    check(cudaEventRecord(start), "cudaEventRecord");
    launch();
    check(cudaGetLastError(), "launch");
    check(cudaEventRecord(stop), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    if (r == 1 || (r > 1 && ms < best))
      best = ms;
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return best;
}

/// R11: the life of a one-shot block, in ns.
double measureRoundTripNs(const cudaDeviceProp &prop) {
  constexpr int kThreads = 32;
  // Three spoilers exceed the SM's shared memory, two fit: two blocks an SM.
  size_t spoiler = prop.sharedMemPerMultiprocessor / 3 + 1;
  check(cudaFuncSetAttribute(oneShotScale,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             int(spoiler)),
        "cudaFuncSetAttribute");
  int resident = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, oneShotScale,
                                                      kThreads, spoiler),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  if (resident != 2)
    throw CudaFailure{cudaErrorInvalidConfiguration,
                      "the shared-memory spoiler (not two blocks an SM)"};
  // Rounds enough that the launch and the tail are noise (about 1 ms).
  int64_t rounds = 2048;
  int64_t blocks = rounds * 2 * prop.multiProcessorCount;
  int64_t n = blocks * kThreads;
  double *in = nullptr, *out = nullptr;
  check(cudaMalloc(&in, n * sizeof(double)), "cudaMalloc");
  check(cudaMalloc(&out, n * sizeof(double)), "cudaMalloc");
  check(cudaMemset(in, 0, n * sizeof(double)), "cudaMemset");
  float ms = leastMs(5, [&] {
    oneShotScale<<<unsigned(blocks), kThreads, spoiler>>>(in, out);
  });
  cudaFree(in);
  cudaFree(out);
  return double(ms) * 1e6 / double(rounds);
}

/// R12: the latency of a load beyond the L2, in ns.
double measureLoadLatencyNs(const cudaDeviceProp &prop) {
  constexpr int64_t kStride = 8; // uint64s: one pointer per 64 bytes
  int64_t bytes = std::max<int64_t>(int64_t(prop.l2CacheSize) * 4, 256 << 20);
  int64_t nodes = bytes / int64_t(sizeof(uint64_t) * kStride);
  std::vector<int64_t> order(nodes);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin() + 1, order.end(), std::mt19937_64(42));
  uint64_t *chain = nullptr, *sink = nullptr;
  check(cudaMalloc(&chain, bytes), "cudaMalloc");
  check(cudaMalloc(&sink, sizeof(uint64_t)), "cudaMalloc");
  // One cycle through every node, in the shuffled order.
  std::vector<uint64_t> host(nodes * kStride, 0);
  auto address = [&](int64_t node) {
    return reinterpret_cast<uint64_t>(chain + node * kStride);
  };
  for (int64_t i = 0; i < nodes; ++i)
    host[order[i] * kStride] = address(order[(i + 1) % nodes]);
  check(cudaMemcpy(chain, host.data(), bytes, cudaMemcpyHostToDevice),
        "cudaMemcpy");
  int64_t loads = std::min<int64_t>(nodes, 1 << 18);
  float ms = leastMs(3, [&] { pointerChase<<<1, 1>>>(chain, loads, sink); });
  cudaFree(chain);
  cudaFree(sink);
  return double(ms) * 1e6 / double(loads);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: roller-calibrate PRESET OUT.json\n");
    return 2;
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("roller-calibrate: no GPU\n");
    return 0;
  }
  try {
    cudaDeviceProp prop;
    check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
    double roundTrip = measureRoundTripNs(prop);
    double loadLatency = measureLoadLatencyNs(prop);
    std::printf(
        "roller-calibrate: %s, %d SMs: round trip %.1f ns, load latency "
        "%.1f ns\n",
        prop.name, prop.multiProcessorCount, roundTrip, loadLatency);
    FILE *out = std::fopen(argv[2], "w");
    if (!out) {
      std::perror(argv[2]);
      return 1;
    }
    std::fprintf(out,
                 "{\"base\": \"%s\", \"name\": \"%s-measured\", \"levels\": "
                 "[{\"kind\": \"global\", \"round_trip_ns\": %.1f, "
                 "\"load_latency_ns\": %.1f}]}\n",
                 argv[1], argv[1], roundTrip, loadLatency);
    std::fclose(out);
  } catch (const CudaFailure &e) {
    std::fprintf(stderr, "roller-calibrate: %s: %s\n", e.what,
                 cudaGetErrorString(e.status));
    return 3;
  }
  return 0;
}
