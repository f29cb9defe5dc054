//===- Bench.cpp - Set up the GPU for roller-bench ------------------------===//
//
// See Bench.h. This part holds what every operator shares: the device, the
// driver's and cuBLAS's entry points, the stream and its events, the L2
// flush buffer and the output comparison.
//
//===----------------------------------------------------------------------===//

#include "Bench.h"

#include <cstdio>

namespace roller::bench {

bool Bench::init() {
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    std::printf("roller-bench: no GPU here (%s): nothing launched\n",
                status != cudaSuccess ? cudaGetErrorString(status)
                                      : "no CUDA device");
    return false;
  }
  check(cudaSetDevice(0), "cudaSetDevice");
  check(cudaFree(nullptr), "context creation");
  cudaDeviceProp prop;
  check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  deviceName = prop.name;
  l2Bytes = prop.l2CacheSize;
  std::printf(
      "roller-bench: device 0: %s, sm_%d%d, %d SMs, %.1f GiB, L2 %.0f MiB; "
      "peaks from the manifest (%s): %.1f TFLOP/s f32, %.0f GB/s\n",
      prop.name, prop.major, prop.minor, prop.multiProcessorCount,
      prop.totalGlobalMem / 1073741824.0, l2Bytes / 1048576.0,
      manifest.device.name.c_str(), manifest.device.peakF32Tflops,
      manifest.device.hbmGBps);
  resolveDriver(driver);
  check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "stream");
  timer.init(stream);
  if (opts.flushL2) {
    flushBytes = std::max<size_t>(2 * size_t(l2Bytes), 64 << 20);
    check(cudaMalloc(&flushBuffer, flushBytes), "cudaMalloc(L2 flush)");
  }
  check(cudaMalloc(&compareResult, sizeof(CompareResult)), "cudaMalloc");
  return true;
}

void Bench::loadCublas() {
  if (cublasTried)
    return;
  cublasTried = true;
  openCublas(cublas, stream);
  std::printf("roller-bench: cuBLAS: %s\n",
              cublas.handle ? cublas.library.c_str()
                            : "not found (matmuls use the reference kernel)");
}

void Bench::flush() {
  if (flushBuffer)
    check(cudaMemsetAsync(flushBuffer, 0, flushBytes, stream), "L2 flush");
}

CompareResult Bench::compare(const float *out, const float *ref, int64_t n,
                             float tol) {
  CompareResult init{0, 0, ~0ull};
  check(cudaMemcpyAsync(compareResult, &init, sizeof init,
                        cudaMemcpyHostToDevice, stream),
        "memcpy");
  launchCompare(out, ref, n, tol, compareResult, stream);
  CompareResult result;
  check(cudaMemcpyAsync(&result, compareResult, sizeof result,
                        cudaMemcpyDeviceToHost, stream),
        "memcpy");
  check(cudaStreamSynchronize(stream), "compare");
  return result;
}

} // namespace roller::bench
