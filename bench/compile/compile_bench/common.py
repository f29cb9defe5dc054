"""What every part of the compile-time benchmark shares: the repository's
benchmark code it reuses (bench/suite/gen_suite.py for the operators,
bench/select/run.py for the error type, report reader and machine
description) and the GPU architecture it compiles for."""

import importlib.util
import os
import sys

# bench/compile, and the repository above it.
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "bench", "suite"))
import gen_suite  # noqa: E402


def _load_select_bench():
    # bench/select/run.py, loaded by path: `import run` would find
    # bench/compile/run.py.
    path = os.path.join(REPO, "bench", "select", "run.py")
    spec = importlib.util.spec_from_file_location("roller_select_bench", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sb = _load_select_bench()
BenchError = sb.BenchError

CUDA_ARCH = "sm_90"

__all__ = ["HERE", "REPO", "gen_suite", "sb", "BenchError", "CUDA_ARCH"]
