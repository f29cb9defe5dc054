#!/usr/bin/env bash
# Builds roller-bench (tools/roller-bench) with nvcc, and beside it
# roller-calibrate (bench/gpu/calibrate.cu: the latencies the model's presets
# take from published tables, measured on the GPU at hand): the CMake target
# and bench/gpu/run.sh (on a GPU machine without CMake's project) both call
# this.
# The binary links only libdl: the driver is reached through cudart's
# cudaGetDriverEntryPointByVersion and cuBLAS through dlopen, so it starts,
# dry-runs and reports "no GPU" on machines without a driver.
#
# usage: bench/gpu/build-roller-bench.sh OUTPUT [NVCC]
# ROLLER_BENCH_ARCHS overrides the targets (default: sm_80 and sm_90 code and
# compute_90 PTX for newer GPUs).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$here/../../tools/roller-bench"
out="${1:?usage: build-roller-bench.sh OUTPUT [NVCC]}"
nvcc="${2:-}"
if [ -z "$nvcc" ]; then
  nvcc="$(command -v nvcc || true)"
  [ -n "$nvcc" ] || nvcc=/usr/local/cuda/bin/nvcc
fi
if [ ! -x "$nvcc" ]; then
  echo "build-roller-bench: nvcc not found (PATH, /usr/local/cuda/bin)" >&2
  exit 1
fi
# One nvcc command for all of them: the GPU machine has no build system. Keep
# this list and the DEPENDS of tools/roller-bench/CMakeLists.txt in step.
sources=(roller-bench.cpp Options.cpp Manifest.cpp Validation.cpp Results.cpp
  Support.cpp Bench.cpp Reference.cpp RunOperator.cpp KernelArguments.cpp
  CudaLibraries.cpp DeviceKernels.cu)
archs="${ROLLER_BENCH_ARCHS:--gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=[sm_90,compute_90]}"
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2086
"$nvcc" -std=c++17 -O2 -lineinfo $archs -Xcompiler -Wall \
  "${sources[@]/#/$src/}" -o "$out" -ldl
# shellcheck disable=SC2086
"$nvcc" -std=c++17 -O2 $archs -Xcompiler -Wall,-Werror \
  "$here/calibrate.cu" -o "$(dirname "$out")/roller-calibrate"
