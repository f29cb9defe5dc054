//===- CudaLibraries.h - Driver and cuBLAS, found at run time ---*- C++ -*-===//
//
// The driver API is reached through cudaGetDriverEntryPointByVersion and
// cuBLAS through dlopen, so the binary needs neither libcuda.so.1 nor
// libcublas at load time: it starts (and dry-runs) on machines with only the
// toolkit. The entry points live in tables (Driver, Cublas) filled once a
// GPU is known to be there.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TOOLS_ROLLER_BENCH_CUDALIBRARIES_H
#define ROLLER_TOOLS_ROLLER_BENCH_CUDALIBRARIES_H

#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace roller::bench {

/// A CUDA failure. After one, the context may be unusable: roller-bench
/// reports it and exits with status 3.
class GpuError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Throws a GpuError naming `what` unless `status` is cudaSuccess.
void check(cudaError_t status, const char *what);

#define DRIVER_FUNCTIONS(X)                                                    \
  X(cuModuleLoadData)                                                          \
  X(cuModuleGetFunction)                                                       \
  X(cuModuleUnload)                                                            \
  X(cuFuncSetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuGetErrorString)

struct Driver {
#define DECLARE(name) decltype(&::name) name = nullptr;
  DRIVER_FUNCTIONS(DECLARE)
#undef DECLARE
};

struct Cublas {
  void *handleLib = nullptr;
  decltype(&::cublasCreate_v2) create = nullptr;
  decltype(&::cublasDestroy_v2) destroy = nullptr;
  decltype(&::cublasSetStream_v2) setStream = nullptr;
  decltype(&::cublasSgemm_v2) sgemm = nullptr;
  // cublas_api.h overloads cublasGemmEx for C++; this is the C entry point.
  cublasStatus_t (*gemmEx)(cublasHandle_t, cublasOperation_t, cublasOperation_t,
                           int, int, int, const void *, const void *,
                           cudaDataType, int, const void *, cudaDataType, int,
                           const void *, void *, cudaDataType, int,
                           cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
  cublasHandle_t handle = nullptr;
  std::string library;
};

/// Fills `driver` from the installed driver; throws a GpuError when it lacks
/// a function.
void resolveDriver(Driver &driver);

/// Loads the newest cuBLAS found and creates a handle bound to `stream`;
/// `cublas.handle` stays null when none works.
void openCublas(Cublas &cublas, cudaStream_t stream);

} // namespace roller::bench

#endif // ROLLER_TOOLS_ROLLER_BENCH_CUDALIBRARIES_H
