//===- DeviceKernels.cu - roller-bench's own kernels ----------------------===//
//
// See DeviceKernels.h.
//
//===----------------------------------------------------------------------===//

#include "DeviceKernels.h"

#include "CudaLibraries.h"

#include <cuda_fp16.h>

#include <algorithm>

namespace roller::bench {
namespace {

__device__ __host__ inline uint64_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// Inputs are small integers (-2..2): every product and every partial sum
/// of the suite's reductions is exact in f32 (and f16 holds the inputs
/// exactly), so any correct summation order gives the reference bit for bit.
template <typename T>
__global__ void fillKernel(T *data, int64_t n, uint64_t seed) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    data[i] = T(float(int(mix(uint64_t(i) ^ (seed << 40)) % 5) - 2));
}

__device__ inline double loadInput(const RefParams &p, int j, int64_t off) {
  return p.isHalf[j] ? double(__half2float(((const __half *)p.in[j])[off]))
                     : double(((const float *)p.in[j])[off]);
}

/// One thread per output element: walks the reduction loops with an
/// odometer and accumulates in double.
__global__ void referenceKernel(RefParams p) {
  for (int64_t o = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
       o < p.outCount; o += int64_t(gridDim.x) * blockDim.x) {
    int64_t off[kMaxInputs] = {0, 0, 0};
    int64_t rem = o;
    for (int l = p.npar - 1; l >= 0; --l) {
      int64_t v = rem % p.size[l];
      rem /= p.size[l];
      for (int j = 0; j < p.nin; ++j)
        off[j] += v * p.coeff[j][l];
    }
    if (p.combine == 2) {
      p.out[o] = float(fmax(loadInput(p, 0, off[0]), 0.0));
      continue;
    }
    int64_t counter[kMaxLoops] = {0};
    double acc = p.init;
    while (true) {
      double term = loadInput(p, 0, off[0]);
      if (p.combine == 0)
        for (int j = 1; j < p.nin; ++j)
          term *= loadInput(p, j, off[j]);
      acc += term;
      int l = p.nloops - 1;
      for (; l >= p.npar; --l) {
        for (int j = 0; j < p.nin; ++j)
          off[j] += p.coeff[j][l];
        if (++counter[l] < p.size[l])
          break;
        for (int j = 0; j < p.nin; ++j)
          off[j] -= p.size[l] * p.coeff[j][l];
        counter[l] = 0;
      }
      if (l < p.npar)
        break;
    }
    p.out[o] = float(acc);
  }
}

__global__ void compareKernel(const float *out, const float *ref, int64_t n,
                              float tol, CompareResult *result) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x) {
    float err = fabsf(out[i] - ref[i]);
    if (!(err <= tol)) {
      if (err != err)
        err = INFINITY;
      atomicAdd(&result->mismatches, 1ull);
      atomicMin(&result->firstBad, (unsigned long long)i);
    }
    if (err > 0)
      atomicMax(&result->maxErrBits, __float_as_uint(err));
  }
}

} // namespace

void fillInput(void *data, bool half, int64_t n, uint64_t seed,
               cudaStream_t stream) {
  if (half)
    fillKernel<__half><<<4096, 256, 0, stream>>>((__half *)data, n, seed);
  else
    fillKernel<float><<<4096, 256, 0, stream>>>((float *)data, n, seed);
  check(cudaGetLastError(), "fill kernel");
}

void launchReference(const RefParams &p, cudaStream_t stream) {
  int blocks = int(std::min<int64_t>((p.outCount + 255) / 256, 1 << 20));
  referenceKernel<<<blocks, 256, 0, stream>>>(p);
  check(cudaGetLastError(), "reference kernel");
}

void launchCompare(const float *out, const float *ref, int64_t n, float tol,
                   CompareResult *result, cudaStream_t stream) {
  compareKernel<<<1024, 256, 0, stream>>>(out, ref, n, tol, result);
  check(cudaGetLastError(), "compare kernel");
}

} // namespace roller::bench
