#!/usr/bin/env bash
# The second half of a GPU benchmark run, on the GPU machine (it needs the
# CUDA toolkit's nvcc and python3; PyTorch for the library baseline and
# matplotlib for the plots are used when installed; no LLVM/MLIR, no
# network): builds roller-bench, runs every prepared operator and its top-k
# candidates, and writes results.csv, candidates.csv, results.md and PNG plots
# under OUT. First it measures the two latencies the model's presets take
# from published tables (calibrate.cu: a block's round trip and a load's
# latency, docs/devices.md R11 and R12) into OUT/calibration.json, a device
# patch on the manifest's preset for --roller-select="device=FILE".
#
# usage: bench/gpu/run.sh PREPARED [OUT] [--dry-run] [--time-limit S]
#                         [--op ID,...] [--no-torch]
# PREPARED is the folder bench/gpu/prepare.sh wrote (build/bench-gpu by
# default); OUT defaults to PREPARED/results. --dry-run builds and validates
# every launch without a GPU. The default time limit, 420 s, keeps the run
# under 8 minutes with the build.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

prepared=""
out=""
py_args=()
dry_run=0
while (($#)); do
  case "$1" in
    --dry-run) py_args+=("$1"); dry_run=1; shift ;;
    --no-torch) py_args+=("$1"); shift ;;
    --time-limit|--op|--reps) py_args+=("$1" "$2"); shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run.sh: unknown option '$1'" >&2; exit 2 ;;
    *) if [ -z "$prepared" ]; then prepared="$1"; elif [ -z "$out" ]; then out="$1";
       else echo "run.sh: too many arguments" >&2; exit 2; fi; shift ;;
  esac
done
if [ -z "$prepared" ] || [ ! -f "$prepared/manifest.json" ]; then
  echo "run.sh: '${prepared}' has no manifest.json (run bench/gpu/prepare.sh first)" >&2
  exit 2
fi
out="${out:-$prepared/results}"
mkdir -p "$out"

start=$(date +%s)
bench="$out/bin/roller-bench"
echo "run: building roller-bench and roller-calibrate with nvcc" >&2
"$here/build-roller-bench.sh" "$bench"
echo "run: built in $(( $(date +%s) - start )) s" >&2

# The calibration is a side measurement (a GPU run only): its failure does
# not stop the run.
if [ "$dry_run" = 0 ]; then
  preset="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["device"]["name"])' "$prepared/manifest.json")"
  if "$out/bin/roller-calibrate" "$preset" "$out/calibration.json"; then
    echo "run: calibration written to $out/calibration.json" >&2
  else
    echo "run: calibration failed (the run goes on)" >&2
  fi
fi

python3 "$here/run.py" "$prepared" "$out" --bench "$bench" "${py_args[@]}"
