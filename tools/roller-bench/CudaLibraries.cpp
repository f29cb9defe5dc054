//===- CudaLibraries.cpp - The driver API and cuBLAS, found at run time ---===//
//
// See CudaLibraries.h.
//
//===----------------------------------------------------------------------===//

#include "CudaLibraries.h"

#include <dlfcn.h>

namespace roller::bench {

void check(cudaError_t status, const char *what) {
  if (status != cudaSuccess)
    throw GpuError(std::string(what) + ": " + cudaGetErrorString(status));
}

void resolveDriver(Driver &driver) {
#define RESOLVE(name)                                                          \
  {                                                                            \
    cudaDriverEntryPointQueryResult found;                                     \
    void *fn = nullptr;                                                        \
    check(cudaGetDriverEntryPointByVersion(#name, &fn, 12000,                  \
                                           cudaEnableDefault, &found),         \
          "cudaGetDriverEntryPointByVersion(" #name ")");                      \
    if (found != cudaDriverEntryPointSuccess || !fn)                           \
      throw GpuError("the driver lacks " #name);                               \
    driver.name = reinterpret_cast<decltype(driver.name)>(fn);                 \
  }
  DRIVER_FUNCTIONS(RESOLVE)
#undef RESOLVE
}

void openCublas(Cublas &cublas, cudaStream_t stream) {
  for (const char *name :
       {"libcublas.so.13", "libcublas.so.12", "libcublas.so"}) {
    void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!lib)
      continue;
    cublas.handleLib = lib;
    cublas.library = name;
    cublas.create = (decltype(cublas.create))dlsym(lib, "cublasCreate_v2");
    cublas.destroy = (decltype(cublas.destroy))dlsym(lib, "cublasDestroy_v2");
    cublas.setStream =
        (decltype(cublas.setStream))dlsym(lib, "cublasSetStream_v2");
    cublas.sgemm = (decltype(cublas.sgemm))dlsym(lib, "cublasSgemm_v2");
    cublas.gemmEx = (decltype(cublas.gemmEx))dlsym(lib, "cublasGemmEx");
    if (cublas.create && cublas.setStream && cublas.sgemm && cublas.gemmEx &&
        cublas.create(&cublas.handle) == CUBLAS_STATUS_SUCCESS &&
        cublas.setStream(cublas.handle, stream) == CUBLAS_STATUS_SUCCESS)
      break;
    cublas.handle = nullptr;
  }
}

} // namespace roller::bench
