//===- DeviceKernels.h - roller-bench's own kernels -------------*- C++ -*-===//
//
// The kernels roller-bench launches around the candidates: the inputs' fill,
// the loop-nest reference (for every operator cuBLAS does not cover) and the
// output comparison. The launches are wrapped here so that only
// DeviceKernels.cu needs nvcc's kernel syntax.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TOOLS_ROLLER_BENCH_DEVICEKERNELS_H
#define ROLLER_TOOLS_ROLLER_BENCH_DEVICEKERNELS_H

#include <cuda_runtime.h>

#include <cstdint>

namespace roller::bench {

/// The reference kernel's fixed-size arrays bound the operators it handles
/// (validation rejects larger ones).
constexpr int kMaxLoops = 8;
constexpr int kMaxInputs = 3;

/// The reference kernel's view of an operator: its loop nest, and per input
/// the element offset one step of each loop moves by.
struct RefParams {
  int nloops, npar, nin, combine; // combine: 0 mul_add, 1 add, 2 relu
  int isHalf[kMaxInputs];
  int64_t size[kMaxLoops];
  int64_t coeff[kMaxInputs][kMaxLoops]; // element offset per loop step
  int64_t outCount;
  double init;
  const void *in[kMaxInputs];
  float *out;
};

/// Filled by the comparison on the device (maxErrBits: the float's bits, for
/// atomicMax).
struct CompareResult {
  unsigned int maxErrBits;
  unsigned long long mismatches;
  unsigned long long firstBad;
};

/// Fills `n` elements (f16 when `half`, else f32) with small integers
/// (-2..2) that depend on the element index and `seed`.
void fillInput(void *data, bool half, int64_t n, uint64_t seed,
               cudaStream_t stream);

/// Computes the reference output `p.out`, one thread per output element.
void launchReference(const RefParams &p, cudaStream_t stream);

/// Compares `out` with `ref` into `result` (device memory, initialized by
/// the caller): mismatches beyond `tol`, the first one, the largest error.
void launchCompare(const float *out, const float *ref, int64_t n, float tol,
                   CompareResult *result, cudaStream_t stream);

} // namespace roller::bench

#endif // ROLLER_TOOLS_ROLLER_BENCH_DEVICEKERNELS_H
