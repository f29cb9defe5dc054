#!/usr/bin/env bash
# Installs what is missing, builds, and runs Roller on the bundled examples:
# today it attaches the target device (h200 unless ROLLER_DEVICE says
# otherwise) and verifies the rProgram examples against it.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
roller_build roller-opt
device="${ROLLER_DEVICE:-h200}"
for example in "$ROLLER_ROOT"/examples/*.mlir; do
  echo "// ===== $(basename "$example"): roller-opt --roller-attach-device=\"device=$device\""
  "$ROLLER_BUILD/bin/roller-opt" "$example" --roller-attach-device="device=$device"
done
