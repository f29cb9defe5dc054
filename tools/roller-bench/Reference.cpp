//===- Reference.cpp - The output every candidate is compared with --------===//
//
// cuBLAS computes the matmuls' reference (and its time is the library figure
// next to Roller's); every other operator, and the matmuls when no cuBLAS is
// found, gets the loop-nest kernel of DeviceKernels.cu, which evaluates the
// operator's description directly.
//
//===----------------------------------------------------------------------===//

#include "Bench.h"
#include "Results.h"
#include "Support.h"

#include "../common/Json.h"

#include <cmath>

namespace roller::bench {

std::string Bench::computeReference(const Op &op, OperatorBuffers &buffers,
                                    double &libraryMs) {
  const OpDesc &d = op.desc;
  bool isMatmul = (d.type == "matmul" || d.type == "matmul_tensorcore") &&
                  d.inputs.size() == 2 && d.loops.size() == 3;
  if (isMatmul)
    loadCublas();
  if (isMatmul && cublas.handle) {
    libraryMs = cublasReference(op, buffers);
    return "cublas";
  }
  kernelReference(op, buffers);
  return "kernel";
}

double Bench::cublasReference(const Op &op, OperatorBuffers &buffers) {
  const OpDesc &d = op.desc;
  std::vector<DeviceBuffer> &inputs = buffers.inputs;
  int m = int(d.loops[0].size), n = int(d.loops[1].size),
      k = int(d.loops[2].size);
  bool half = d.inputs[0].element == "f16";
  auto gemm = [&](void *c) {
    const float alpha = 1, beta = 0;
    cublasStatus_t s;
    // Row-major C = A B is column-major C^T = B^T A^T.
    if (half)
      s = cublas.gemmEx(cublas.handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k,
                        &alpha, inputs[1].ptr, CUDA_R_16F, n, inputs[0].ptr,
                        CUDA_R_16F, k, &beta, c, CUDA_R_32F, n,
                        CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    else
      s = cublas.sgemm(cublas.handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha,
                       (const float *)inputs[1].ptr, n,
                       (const float *)inputs[0].ptr, k, &beta, (float *)c, n);
    if (s != CUBLAS_STATUS_SUCCESS)
      throw GpuError(fmt("cuBLAS gemm failed with status %d", int(s)));
  };
  gemm(buffers.reference.ptr);
  check(cudaStreamSynchronize(stream), "cuBLAS reference");
  // Timed into the output buffer, so the reference stays as computed.
  double first =
      timer.timeOnce([&] { gemm(buffers.output.ptr); }, [&] { flush(); });
  int reps, warm;
  double libraryMs = timer.timeMedian([&] { gemm(buffers.output.ptr); },
                                      [&] { flush(); }, first, reps, warm);
  emitRecord(fmt("{\"op\":%s,\"record\":\"library\",\"library\":\"cublas\","
                 "\"ms\":%s,\"reps\":%d}",
                 json::quote(op.id).c_str(), num(libraryMs).c_str(), reps));
  return libraryMs;
}

void Bench::kernelReference(const Op &op, OperatorBuffers &buffers) {
  const OpDesc &d = op.desc;
  RefParams p{};
  p.nloops = int(d.loops.size());
  p.nin = int(d.inputs.size());
  p.combine = d.combine == "mul_add" ? 0 : d.combine == "add" ? 1 : 2;
  p.init = d.init;
  for (int l = 0; l < p.nloops; ++l) {
    p.size[l] = d.loops[l].size;
    if (!d.loops[l].reduction)
      p.npar = l + 1;
  }
  for (int j = 0; j < p.nin; ++j) {
    const TensorDesc &t = d.inputs[j];
    p.isHalf[j] = t.element == "f16";
    p.in[j] = buffers.inputs[j].ptr;
    int64_t stride = 1;
    for (int k = int(t.shape.size()) - 1; k >= 0; --k) {
      for (auto [loop, coeff] : t.index[k])
        p.coeff[j][loop] += coeff * stride;
      stride *= t.shape[k];
    }
  }
  p.outCount = buffers.outCount;
  p.out = (float *)buffers.reference.ptr;
  launchReference(p, stream);
  check(cudaStreamSynchronize(stream), "reference kernel");
}

} // namespace roller::bench
