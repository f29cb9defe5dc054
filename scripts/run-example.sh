#!/usr/bin/env bash
# Installs what is missing, builds, and runs Roller on the bundled examples
# for one device (h200 unless ROLLER_DEVICE says otherwise):
# - linalg examples: --roller-select chooses a #roller.config per op and
#   explains the choice (the remarks on stderr);
# - rProgram examples: --roller-attach-device, then the verifier checks the
#   program against the device;
# - examples with a main: --roller-tile, then --roller-lower-to-cpu, run by
#   mlir-runner (the CPU oracle); then the GPU path, --convert-to-nvvm run
#   by mlir-runner with every kernel on the PTX emulator (its runtime
#   library), which must print the same values;
# - and the GPU path on the ResNet operators and the f16 matmul:
#   --roller-tile --convert-to-nvvm writing PTX and launch descriptions
#   (ptxas reports on each kernel), and roller-emu runs a sample of each
#   kernel's blocks on the PTX emulator under its sanitizer.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
roller_build roller-opt roller_emulator_runtime roller-emu
device="${ROLLER_DEVICE:-h200}"
opt="$ROLLER_BUILD/bin/roller-opt"
runner_libs="$LLVM_PREFIX/lib/libmlir_runner_utils.so,$LLVM_PREFIX/lib/libmlir_c_runner_utils.so"
for example in "$ROLLER_ROOT"/examples/*.mlir; do
  if grep -q "func.func @main" "$example"; then
    echo "// ===== $(basename "$example"): roller-opt --roller-tile=\"device=$device\" --roller-lower-to-cpu | mlir-runner"
    cpu="$("$opt" "$example" --roller-tile="device=$device" --roller-lower-to-cpu \
      --mlir-print-op-on-diagnostic=false 2>/dev/null |
      "$LLVM_PREFIX/bin/mlir-runner" -e main -entry-point-result=void \
        -shared-libs="$runner_libs")"
    echo "$cpu"
    echo "// ===== $(basename "$example"): roller-opt --roller-tile=\"device=$device\" --convert-to-nvvm | mlir-runner (kernels on the PTX emulator)"
    counters="$ROLLER_BUILD/examples/$(basename "$example" .mlir).counters.jsonl"
    mkdir -p "$ROLLER_BUILD/examples"
    rm -f "$counters"
    gpu="$("$opt" "$example" --roller-tile="device=$device" --convert-to-nvvm \
      --mlir-print-op-on-diagnostic=false 2>/dev/null |
      ROLLER_EMU_COUNTERS="$counters" "$LLVM_PREFIX/bin/mlir-runner" -e main \
        -entry-point-result=void \
        -shared-libs="$runner_libs,$ROLLER_BUILD/lib/libroller_emulator_runtime.so")"
    # The buffers' addresses differ; the values must not.
    strip() { sed 's/base@ = 0x[0-9a-f]*/base@ = 0x.../'; }
    if [ "$(echo "$gpu" | strip)" = "$(echo "$cpu" | strip)" ]; then
      echo "// the same values as the CPU oracle; per kernel (emulator counters):"
    else
      echo "// DIFFERENT from the CPU oracle:"
      echo "$gpu"
    fi
    python3 - "$counters" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    c = json.loads(line)
    print("//   %s: grid %s, block %s, %d warp instructions, shared-load bank "
          "conflicts x%s, %s global sectors per load request, no sanitizer "
          "finding" % (c["kernel"], c["grid"], c["block"],
                       sum(c["warp_instructions"].values()),
                       c["shared_load"]["bank_conflict_factor"],
                       c["global_load"]["sectors_per_request"]))
PY
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
  echo "// ===== $name.mlir: roller-opt --roller-tile=\"device=$device\" --convert-to-nvvm --ptx-file=$out/$name.ptx"
  # One file per kernel (<name>.<kernel>.ptx), or <name>.ptx for one kernel.
  rm -f "$out/$name".*ptx
  "$opt" "$example" --roller-tile="device=$device" \
    --convert-to-nvvm --ptx-file=$out/$name.ptx \
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
  # Each launch on the emulator: the first, a middle and the last block, on
  # roller-emu's generated inputs, with its counters.
  python3 - "$ROLLER_BUILD/bin/roller-emu" "$out" "$name" <<'PY'
import json, os, subprocess, sys
emu, out, name = sys.argv[1:]
launches = json.load(open(os.path.join(out, name + ".launch.json")))
for i, launch in enumerate(launches):
    ptx = os.path.join(out, name + ".ptx")
    if not os.path.exists(ptx):
        ptx = os.path.join(out, "%s.%s.ptx" % (name, launch["module"]))
    cmd = [emu, ptx, os.path.join(out, name + ".launch.json"), "--launch=%d" % i,
           "--sample", "--counters=-"]
    cmd += ["--fill=%d:%d" % (j, o["func_arg"] + 1)
            for j, o in enumerate(launch["operands"])
            if o["kind"] == "memref" and o["func_arg"] >= 0]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        print("// roller-emu %s: exit %d\n%s" % (launch["kernel"], run.returncode, run.stderr))
        continue
    c = json.loads(run.stdout)
    print("// roller-emu %s --sample: %d of %d blocks, %d warp instructions, "
          "no sanitizer finding; shared-load bank conflicts x%s, %s global "
          "sectors per load request" % (
              launch["kernel"], c["blocks_run"], c["grid"][0] * c["grid"][1] * c["grid"][2],
              sum(c["warp_instructions"].values()),
              c["shared_load"]["bank_conflict_factor"],
              c["global_load"]["sectors_per_request"]))
PY
done
