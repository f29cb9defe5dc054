#!/usr/bin/env bash
# Builds Roller with AddressSanitizer and UndefinedBehaviorSanitizer
# (ROLLER_ENABLE_SANITIZERS=ON, RelWithDebInfo) in its own build folder and
# runs the lit suite under it. Debian's LLVM and MLIR stay uninstrumented;
# test/lit.cfg.py preloads the sanitizer runtimes into every test command so
# that mlir-opt and mlir-runner can load Roller's instrumented libraries.
#
#   scripts/test-sanitizers.sh [LIT PATHS...]   (default: the whole suite)
#
# ROLLER_SANITIZE_BUILD names the folder (default build-sanitize),
# ROLLER_SANITIZE_JOBS the build's parallelism (default: ninja's).
# Ends with lit's summary; the exit status is lit's.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
roller_install_deps
BUILD="${ROLLER_SANITIZE_BUILD:-$ROLLER_ROOT/build-sanitize}"
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -G Ninja -S "$ROLLER_ROOT" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DROLLER_ENABLE_SANITIZERS=ON \
    -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit" >&2
fi
jobs=()
[ -n "${ROLLER_SANITIZE_JOBS:-}" ] && jobs=(-j "$ROLLER_SANITIZE_JOBS")
# What the lit suite runs (test/CMakeLists.txt's ROLLER_TEST_DEPENDS, the
# emulator and its runtime library).
ninja -C "$BUILD" "${jobs[@]}" roller-opt roller-emu roller_emulator_runtime \
  RollerPlugin roller-embed RollerUnitTests mlir-doc >&2

# allow_user_poisoning=0: LLVM's header-only allocators (BumpPtrAllocator,
#   the arenas of MLIR's storage uniquers) poison and unpoison memory through
#   ASan's interface when they are compiled with ASan: in our code they are,
#   in Debian's uninstrumented libLLVM/libMLIR the same code is not, so
#   memory poisoned on one side and handed out on the other would be
#   reported as use-after-poison.
# detect_leaks=0: test/lit.cfg.py preloads the ASan runtime into every
#   command of a test, and uninstrumented programs such as python3 and
#   FileCheck leave allocations at exit that LeakSanitizer reports (checked:
#   `import json` alone leaks 13 KB by its count), failing tests for leaks
#   that are not ours. roller-opt itself exits without a leak report; the
#   fuzzer's ASan runs (fuzz/roller_fuzz.py on this build) keep leak
#   detection on for roller-opt and roller-emu.
export ASAN_OPTIONS="${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:suppressions=$ROLLER_ROOT/scripts/ubsan.supp}"
export ASAN_SYMBOLIZER_PATH="$LLVM_PREFIX/bin/llvm-symbolizer"

paths=("$@")
((${#paths[@]})) || paths=("$BUILD/test" "$BUILD/unittests")
exec "$LLVM_PREFIX/bin/lit" -sv "${paths[@]}"
