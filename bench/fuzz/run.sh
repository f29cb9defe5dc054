#!/usr/bin/env bash
# The long fuzz run of docs/benchmarks.md: fuzz/roller_fuzz.py for a time
# budget (default one hour) with the whole corpus and every pipeline, on the
# build's roller-opt and roller-emu. Prints the summary and leaves the
# minimized findings and summary.json under OUT.
#
#   bench/fuzz/run.sh [OUT] [SECONDS] [JOBS] [SEED]
#
# ROLLER_BUILD picks the build (default build/); a sanitizer build
# (scripts/test-sanitizers.sh's build-sanitize) runs with ASan's RSS limit in
# place of the address-space limit.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${ROLLER_BUILD:-$root/build}"
out="${1:-$root/fuzz-out/bench}"
seconds="${2:-3600}"
jobs="${3:-$(nproc)}"
seed="${4:-2026}"
exec python3 "$root/fuzz/roller_fuzz.py" --seed "$seed" \
  --executions 100000000 --time-budget "$seconds" --jobs "$jobs" \
  --timeout 20 --memory-mb 4096 --minimize-seconds 60 --quiet \
  --roller-opt "$build/bin/roller-opt" --roller-emu "$build/bin/roller-emu" \
  --out "$out"
