#!/usr/bin/env bash
# bench/models on the GPU machine (python3 with PyTorch and a CUDA driver; no
# LLVM/MLIR, no network): times each model's Roller kernels (from the folder
# bench/models/run.py wrote here: PTX, launch descriptions, reports,
# models.json) against PyTorch eager and torch.compile on the same weights,
# and writes OUT/results.json and OUT/results.md. With model libraries
# (DIR/whole/<model>.so of build_model.py, or --whole DIR2) it also builds
# model_runner and cuda_runtime.so (g++, the CUDA headers and libcuda) into
# OUT/bin and runs each model's whole compiled program (its real data flow),
# checked against PyTorch eager.
#
# usage: bench/models/device.sh DIR [OUT] [--dry-run] [--models a,b]
#                               [--reps N] [--no-torch] [--whole DIR2]
#                               [--no-whole] [--emu-runtime LIB.so]
# DIR is run.py's --out (build-models/run by default); OUT defaults to
# DIR/device-results. --dry-run checks every launch against its PTX and the
# launch limits without a GPU and without torch, and runs the whole program
# of each small models/ library on Roller's PTX emulator (--emu-runtime,
# default build/lib/libroller_emulator_runtime.so) instead of the GPU (writes
# OUT/dry-run.txt). Without a GPU a real run writes OUT/NO_GPU.txt and exits
# 0. PYTHON picks the interpreter (default python3), CXX the compiler (g++),
# CUDA_HOME the toolkit (/usr/local/cuda).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

dir=""
out=""
py_args=()
whole=""
no_whole=0
dry=0
emu_runtime="${ROLLER_EMU_RUNTIME:-$here/../../build/lib/libroller_emulator_runtime.so}"
while (($#)); do
  case "$1" in
    --dry-run) dry=1; py_args+=("$1"); shift ;;
    --no-torch) py_args+=("$1"); shift ;;
    --models|--reps) py_args+=("$1" "$2"); shift 2 ;;
    --whole) whole="$2"; shift 2 ;;
    --no-whole) no_whole=1; shift ;;
    --emu-runtime) emu_runtime="$2"; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "device.sh: unknown option '$1'" >&2; exit 2 ;;
    *) if [ -z "$dir" ]; then dir="$1"; elif [ -z "$out" ]; then out="$1";
       else echo "device.sh: too many arguments" >&2; exit 2; fi; shift ;;
  esac
done
if [ -z "$dir" ] || [ ! -f "$dir/models.json" ]; then
  echo "device.sh: '${dir}' has no models.json (run bench/models/run.py first)" >&2
  exit 2
fi
out="${out:-$dir/device-results}"
mkdir -p "$out"

# The whole-model runner: model_runner, and the mgpu* runtime it loads
# (cuda_runtime.so over the driver API; Roller's emulator in a dry run).
whole="${whole:-$dir/whole}"
if ((!no_whole)) && compgen -G "$whole/*.so" >/dev/null; then
  cxx="${CXX:-g++}"
  cuda="${CUDA_HOME:-/usr/local/cuda}"
  mkdir -p "$out/bin"
  runtime=""
  if ! "$cxx" -std=c++17 -O2 -o "$out/bin/model_runner" "$here/model_runner.cpp" -ldl; then
    echo "device: cannot build model_runner: no whole-program runs" >&2
  elif ((dry)); then
    if [ -f "$emu_runtime" ]; then
      runtime="$(cd "$(dirname "$emu_runtime")" && pwd)/$(basename "$emu_runtime")"
    else
      echo "device: no emulator runtime at $emu_runtime: no whole-program runs" >&2
    fi
    if [ -f "$cuda/include/cuda.h" ]; then
      if "$cxx" -std=c++17 -fsyntax-only -I"$cuda/include" "$here/cuda_runtime.cpp"; then
        echo "device: cuda_runtime.cpp compiles against $cuda/include (not linked: dry run)" >&2
      else
        echo "device: cuda_runtime.cpp does not compile" >&2
        exit 1
      fi
    fi
  else
    # libcuda: the toolkit's link stub (its soname loads the driver's), else
    # the driver's library itself.
    libcuda=(-L"$cuda/lib64/stubs" -L"$cuda/lib64" -lcuda)
    if [ ! -e "$cuda/lib64/stubs/libcuda.so" ] && [ ! -e "$cuda/lib64/libcuda.so" ]; then
      found="$(ldconfig -p 2>/dev/null | awk '/libcuda\.so\.1 /{print $NF; exit}')"
      [ -n "$found" ] && libcuda=("$found")
    fi
    if "$cxx" -std=c++17 -O2 -shared -fPIC -o "$out/bin/cuda_runtime.so" \
        "$here/cuda_runtime.cpp" -I"$cuda/include" "${libcuda[@]}"; then
      runtime="$out/bin/cuda_runtime.so"
    else
      echo "device: cannot build cuda_runtime.so: no whole-program runs" >&2
    fi
  fi
  if [ -n "$runtime" ]; then
    py_args+=(--whole "$whole" --runner "$out/bin/model_runner" --runtime "$runtime")
  fi
fi
exec "${PYTHON:-python3}" "$here/device_run.py" "$dir" "$out" "${py_args[@]}"
