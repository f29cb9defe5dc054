#!/usr/bin/env bash
# Makes build-torch/, a virtualenv with PyTorch, torch-mlir, numpy and
# ml_dtypes (torch-mlir needs it for bf16 constants), which
# models/export.py needs to regenerate the model exports under models/.
# Nothing else (no test, no CI step) needs it. Idempotent: does nothing when
# the virtualenv already has the pinned versions.
#
# Both come from PyPI. torch-mlir's wheel (about 80 MB) pins no torch
# version; its FX importer is checked here against torch 2.15.0. PyPI's Linux
# torch wheel is the CUDA build and pulls the CUDA runtime wheels, so the
# virtualenv is about 5.7 GiB (the install took under a minute here); the
# models are only run on the CPU (import torch needs the CUDA libraries, not a
# GPU). Where PyTorch's own CPU index is reachable (it is not here),
# ROLLER_TORCH_INDEX=https://download.pytorch.org/whl/cpu with
# ROLLER_TORCH_VERSION=2.15.0+cpu gives the much smaller CPU-only build.
#
#   scripts/install-torch-mlir.sh    # then: build-torch/bin/python models/export.py
# Environment: ROLLER_TORCH_VENV (default build-torch in the source tree),
# ROLLER_TORCH_VERSION (default 2.15.0), ROLLER_TORCH_MLIR_VERSION (default
# 20261001), ROLLER_TORCH_INDEX (an extra index for torch, default none),
# PYTHON (default python3; torch-mlir 20261001 has x86-64 Linux wheels for
# CPython 3.10, 3.11 and 3.12+ (abi3)).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${ROLLER_TORCH_VENV:-$root/build-torch}"
torch_version="${ROLLER_TORCH_VERSION:-2.15.0}"
mlir_version="${ROLLER_TORCH_MLIR_VERSION:-20261001}"
index="${ROLLER_TORCH_INDEX:-}"
python="${PYTHON:-python3}"

have() {
  [ -x "$venv/bin/python" ] &&
    "$venv/bin/python" - "$torch_version" "$mlir_version" >/dev/null 2>&1 <<'PY'
import sys
import importlib.metadata as md
import ml_dtypes  # torch-mlir needs it for bf16 constants
import numpy
import torch
import torch_mlir.fx
ok = (torch.__version__.split("+")[0] == sys.argv[1].split("+")[0]
      and md.version("torch-mlir") == sys.argv[2])
sys.exit(not ok)
PY
}

report() {
  "$venv/bin/python" - <<'PY'
import importlib.metadata as md
import torch
print(f"install-torch-mlir: torch {torch.__version__}, "
      f"torch-mlir {md.version('torch-mlir')}")
PY
}

if have; then
  echo "install-torch-mlir: $venv is up to date"
  report
  exit 0
fi

if [ ! -x "$venv/bin/pip" ]; then
  # Debian's python3 needs python3-venv for this.
  "$python" -m venv "$venv"
fi
extra=()
if [ -n "$index" ]; then
  extra=(--extra-index-url "$index")
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  "${extra[@]}" "torch==$torch_version" "torch-mlir==$mlir_version" numpy ml_dtypes
report
