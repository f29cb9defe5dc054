#!/usr/bin/env bash
# Makes build-triton/, a virtualenv with Triton and numpy, which enables the
# lit test test/Integration/GPU/triton (UNSUPPORTED without it). Idempotent:
# does nothing when the virtualenv already has the pinned Triton.
#
# Triton's wheel is about 290 MB (it bundles ptxas and libdevice) and the
# virtualenv about 1.1 GiB; the install took 14 s here. The test compiles
# for sm_80 without a GPU or a CUDA install.
#
#   scripts/install-triton.sh        # then: scripts/test.sh, or lit
# Environment: ROLLER_TRITON_VENV (default build-triton in the source tree),
# ROLLER_TRITON_VERSION (default 3.9.0: the PTX the test expects changes
# with Triton's version), PYTHON (default python3; Triton 3.9 has wheels for
# CPython 3.10-3.14 on x86-64 Linux).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${ROLLER_TRITON_VENV:-$root/build-triton}"
version="${ROLLER_TRITON_VERSION:-3.9.0}"
python="${PYTHON:-python3}"

if [ -x "$venv/bin/python" ] &&
   "$venv/bin/python" - "$version" >/dev/null 2>&1 <<'PY'
import sys
import numpy
import triton
sys.exit(triton.__version__ != sys.argv[1])
PY
then
  echo "install-triton: $venv has triton $version"
  exit 0
fi

if [ ! -x "$venv/bin/pip" ]; then
  # Debian's python3 needs python3-venv for this.
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  "triton==$version" numpy
echo "install-triton: $venv has triton $("$venv/bin/python" -c \
  'import triton; print(triton.__version__)')"
