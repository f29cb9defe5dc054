# -*- Python -*-
# lit configuration of Roller's IR tests.

import os
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "ROLLER"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.roller_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%roller_src", config.roller_src_root))
config.substitutions.append(("%roller_obj", config.roller_obj_root))
# The dialect + pass plugin that a stock mlir-opt loads.
config.substitutions.append(
    ("%roller_plugin", os.path.join(config.roller_obj_root, "lib", "RollerPlugin.so")))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP",
                                     "CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"])
# Kernels that call math functions need libdevice, which serialization finds
# through these variables (Debian's MLIR has no toolkit path built in); the
# toolkit of TOOLCHAIN.md when none is set.
if not any(v in config.environment for v in ("CUDA_ROOT", "CUDA_HOME", "CUDA_PATH")) \
        and os.path.exists("/usr/local/cuda/nvvm/libdevice"):
    config.environment["CUDA_HOME"] = "/usr/local/cuda"
llvm_config.use_default_substitutions()
# `not` and `count` resolve through PATH (a substitution would also rewrite
# words such as "does-not-exist" in file names).
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.roller_tools_dir, config.llvm_tools_dir]
tools = ["roller-opt", "roller-embed", "roller-emu", "mlir-opt", "mlir-runner",
         "mlir-translate"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# The runtime libraries mlir-runner loads for the CPU integration tests.
config.substitutions.append(
    ("%mlir_runner_utils",
     os.path.join(config.llvm_lib_dir, "libmlir_runner_utils.so")))
config.substitutions.append(
    ("%mlir_c_runner_utils",
     os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so")))

# The PTX emulator behind upstream's mgpu* runtime ABI: with it mlir-runner
# runs --convert-to-nvvm's output, host code and kernels, on the CPU.
config.substitutions.append(
    ("%roller_emu_runtime",
     os.path.join(config.roller_obj_root, "lib", "libroller_emulator_runtime.so")))

# The emulator's suite harness compares with numpy (Debian's python3-numpy,
# importable from /usr/bin/python3; scripts/common.sh installs it).
for _python in ["/usr/bin/python3", getattr(config, "python_executable", None)]:
    if _python and os.path.exists(_python) and subprocess.run(
            [_python, "-c", "import numpy"], capture_output=True).returncode == 0:
        config.available_features.add("numpy")
        config.substitutions.append(("%numpy_python", _python))
        break

# ptxas validates the PTX of --convert-to-nvvm (no GPU needed).
_ptxas = "/usr/local/cuda/bin/ptxas"
if os.path.exists(_ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", _ptxas))

# The install test configures a consumer project with the same CMake and
# generator the build used.
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%mlir_cmake_dir", config.mlir_cmake_dir))

# roller-bench (tools/roller-bench) is built when CMake found nvcc; its tests
# run in dry-run mode and need no GPU.
_roller_bench = os.path.join(config.roller_tools_dir, "roller-bench")
if os.path.exists(_roller_bench):
    config.available_features.add("roller-bench")
    config.substitutions.append(("%roller_bench", _roller_bench))

# nvcc builds roller-bench in bench/gpu/run.sh (its dry run is tested).
if os.path.exists("/usr/local/cuda/bin/nvcc"):
    config.available_features.add("nvcc")

# --- The ASan + UBSan build (scripts/test-sanitizers.sh) -------------------
# Uninstrumented hosts (mlir-opt-22, mlir-runner) load Roller's instrumented
# plugin and runtime libraries, which only works with the sanitizer runtimes
# loaded first: preload them into every test command.
_sanitizers = str(getattr(config, "roller_sanitizers", "OFF")).upper()
if _sanitizers in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("sanitizers")
    _preload = []
    for _lib in ["libasan.so", "libubsan.so"]:
        _path = subprocess.run([config.roller_cxx_compiler,
                                "-print-file-name=" + _lib],
                               capture_output=True, text=True).stdout.strip()
        if os.path.isabs(_path):
            _preload.append(_path)
    if _preload:
        config.environment["LD_PRELOAD"] = " ".join(_preload)

# --- roller-emu and Triton (test/Integration/GPU/triton) -------------------
# roller-emu (tools/roller-emu) runs one PTX kernel on the emulator; RUN
# lines name it as `roller-emu` (a tool substitution above). The feature
# says it was built.
if os.path.exists(os.path.join(config.roller_tools_dir, "roller-emu")):
    config.available_features.add("roller-emu")


# The Triton test compiles Triton's tutorial kernels to PTX (no GPU needed)
# and runs them on roller-emu. It needs a Python that imports triton and
# numpy: $ROLLER_TRITON_PYTHON (a python executable or a virtualenv folder),
# else build-triton/bin/python in the source tree, which
# scripts/install-triton.sh makes. Without one the test is UNSUPPORTED.
def _find_triton_python():
    candidates = []
    given = os.environ.get("ROLLER_TRITON_PYTHON")
    if given:
        if os.path.isdir(given):
            given = os.path.join(given, "bin", "python")
        candidates.append(given)
    candidates.append(
        os.path.join(config.roller_src_root, "build-triton", "bin", "python"))
    for python in candidates:
        if not os.access(python, os.X_OK):
            continue
        try:
            probe = subprocess.run([python, "-c", "import triton, numpy"],
                                   stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, timeout=120)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if probe.returncode == 0:
            return python
    return None


_triton_python = _find_triton_python()
if _triton_python:
    config.available_features.add("triton")
    config.substitutions.append(("%triton_python", _triton_python))
