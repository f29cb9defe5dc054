# Shared by the scripts in this folder: install what is missing, configure
# and build incrementally. Source it; do not run it.
set -euo pipefail

ROLLER_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROLLER_BUILD="${ROLLER_BUILD:-$ROLLER_ROOT/build}"
LLVM_PREFIX=/usr/lib/llvm-22

# Debian packages the build and the tests need (see shared TOOLCHAIN notes):
# libmlir-22-dev alone is not enough, find_package(MLIR) also checks the tools.
ROLLER_APT_PACKAGES=(cmake ninja-build g++ python3 llvm-22-dev llvm-22-tools
                     libmlir-22-dev mlir-22-tools libgtest-dev python3-numpy)

roller_install_deps() {
  local missing=()
  for pkg in "${ROLLER_APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$pkg")
  done
  if ((${#missing[@]})); then
    echo "roller: installing ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
  fi
}

roller_configure() {
  if [ ! -f "$ROLLER_BUILD/build.ninja" ]; then
    cmake -G Ninja -S "$ROLLER_ROOT" -B "$ROLLER_BUILD" \
      -DCMAKE_BUILD_TYPE=Release \
      -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
      -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit" >&2
  fi
}

# Builds the given targets (default: everything).
roller_build() {
  roller_install_deps
  roller_configure
  ninja -C "$ROLLER_BUILD" "$@" >&2
}
