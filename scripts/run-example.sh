#!/usr/bin/env bash
# Installs what is missing, builds, and runs Roller on the bundled examples
# for one device (h200 unless ROLLER_DEVICE says otherwise):
# - linalg examples: --roller-select chooses a #roller.config per op and
#   explains the choice (the remarks on stderr);
# - rProgram examples: --roller-attach-device, then the verifier checks the
#   program against the device;
# - examples with a main: --roller-tile, then --roller-lower-to-cpu, run by
#   mlir-runner (the CPU oracle);
# - and the GPU path on the ResNet operators and the f16 matmul:
#   --roller-tile --convert-to-nvvm writing PTX and launch descriptions
#   (ptxas reports on each kernel).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
roller_build roller-opt
device="${ROLLER_DEVICE:-h200}"
opt="$ROLLER_BUILD/bin/roller-opt"
runner_libs="$LLVM_PREFIX/lib/libmlir_runner_utils.so,$LLVM_PREFIX/lib/libmlir_c_runner_utils.so"
for example in "$ROLLER_ROOT"/examples/*.mlir; do
  if grep -q "func.func @main" "$example"; then
    echo "// ===== $(basename "$example"): roller-opt --roller-tile=\"device=$device\" --roller-lower-to-cpu | mlir-runner"
    "$opt" "$example" --roller-tile="device=$device" --roller-lower-to-cpu \
      --mlir-print-op-on-diagnostic=false 2>/dev/null |
      "$LLVM_PREFIX/bin/mlir-runner" -e main -entry-point-result=void \
        -shared-libs="$runner_libs"
    continue
  fi
  if grep -q "roller.rprogram" "$example"; then
    flags=(--roller-attach-device="device=$device")
  else
    flags=(--roller-select="device=$device")
  fi
  echo "// ===== $(basename "$example"): roller-opt ${flags[*]}"
  "$opt" "$example" "${flags[@]}" --mlir-print-op-on-diagnostic=false 2>&1
done

# The GPU path: the linalg examples become kernels; their PTX (and launch
# descriptions) go to build/examples/, checked by ptxas when it is installed.
out="$ROLLER_BUILD/examples"
mkdir -p "$out"
for example in "$ROLLER_ROOT"/examples/{resnet_ops,matmul_f16}.mlir; do
  name="$(basename "$example" .mlir)"
  echo "// ===== $name.mlir: roller-opt --roller-tile=\"device=$device\" --convert-to-nvvm=\"ptx-file=$out/$name.ptx\""
  # One file per kernel (<name>.<kernel>.ptx), or <name>.ptx for one kernel.
  rm -f "$out/$name".*ptx
  "$opt" "$example" --roller-tile="device=$device" \
    --convert-to-nvvm="ptx-file=$out/$name.ptx" \
    --mlir-print-op-on-diagnostic=false -o "$out/$name.host.mlir" 2>/dev/null
  for ptx in "$out/$name".*ptx; do
    echo "// $(basename "$ptx"): $(grep -c '^\.visible \.entry' "$ptx") kernel, $(wc -l < "$ptx") lines of PTX," \
      "$(grep -c 'mma\.sync' "$ptx") mma.sync, $(grep -c 'cp\.async\.c[ag]' "$ptx") cp.async"
    if [ -x /usr/local/cuda/bin/ptxas ]; then
      chip="$(grep -m1 '^\.target' "$ptx" | awk '{print $2}')"
      /usr/local/cuda/bin/ptxas -arch="$chip" -v "$ptx" -o /dev/null 2>&1 |
        grep -E 'Used|spill' | sed 's/^/\/\/   /'
    fi
  done
  echo "// launch description: $out/$name.launch.json"
done
