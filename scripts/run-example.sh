#!/usr/bin/env bash
# Installs what is missing, builds, and runs Roller on the bundled examples
# for one device (h200 unless ROLLER_DEVICE says otherwise):
# - linalg examples: --roller-select chooses a #roller.config per op and
#   explains the choice (the remarks on stderr);
# - rProgram examples: --roller-attach-device, then the verifier checks the
#   program against the device.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
roller_build roller-opt
device="${ROLLER_DEVICE:-h200}"
opt="$ROLLER_BUILD/bin/roller-opt"
for example in "$ROLLER_ROOT"/examples/*.mlir; do
  if grep -q "roller.rprogram" "$example"; then
    flags=(--roller-attach-device="device=$device")
  else
    flags=(--roller-select="device=$device")
  fi
  echo "// ===== $(basename "$example"): roller-opt ${flags[*]}"
  "$opt" "$example" "${flags[@]}" --mlir-print-op-on-diagnostic=false 2>&1
done
