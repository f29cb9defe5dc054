#!/usr/bin/env bash
# The first half of a GPU benchmark run, on a machine with roller-opt (here):
# compiles every operator of the suites to PTX and launch descriptions for
# the top-k candidates of the model, writes the operators' semantics, and
# assembles the manifest that bench/gpu/run.sh (the second half, on the GPU
# machine, which has no LLVM/MLIR) reads.
#
# usage: bench/gpu/prepare.sh [--out DIR] [--top-k K] [--device NAME]
#                             [--suites roller119,fp16] [--only ID,...]
#                             [--roller-opt PATH]
# Defaults: --out build/bench-gpu, --top-k 10 (ROLLER's top-10), --device
# h200, both suites. The folder stays under 64 MiB (checked at the end).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$root/build/bench-gpu"
top_k=10
device=h200
suites=roller119,fp16
only=""
opt="${ROLLER_OPT:-$root/build/bin/roller-opt}"

while (($#)); do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --top-k) top_k="$2"; shift 2 ;;
    --device) device="$2"; shift 2 ;;
    --suites) suites="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --roller-opt) opt="$2"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "prepare.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if ! [[ "$top_k" =~ ^[1-9][0-9]*$ ]]; then
  echo "prepare.sh: --top-k takes a positive integer, got '$top_k'" >&2
  exit 2
fi
if [ ! -x "$opt" ]; then
  echo "prepare.sh: no roller-opt at $opt (build it: scripts/build.sh, or pass --roller-opt)" >&2
  exit 1
fi

rm -rf "$out"
mkdir -p "$out"
start=$(date +%s)

# Compiles one MLIR file at one rank into a folder; the log keeps the
# diagnostics (an operator the GPU path rejects is named there).
compile() { # input rank dir
  mkdir -p "$3"
  "$opt" "$1" --mlir-print-op-on-diagnostic=false \
    --roller-tile="device=$device rank=$2 report=$3/report.jsonl" \
    --convert-to-nvvm --ptx-file=$3/k.ptx -o /dev/null 2> "$3/log.txt"
}

IFS=, read -ra suite_list <<< "$suites"
for suite in "${suite_list[@]}"; do
  sdir="$out/$suite"
  mkdir -p "$sdir"
  gen=(python3 "$root/bench/suite/gen_suite.py" --suite "$suite")
  # Only the ids of this suite (an --only list may span suites).
  ids=""
  if [ -n "$only" ]; then
    ids="$(python3 - "$root" "$suite" "$only" <<'PY'
import sys
sys.path.insert(0, sys.argv[1] + "/bench/suite")
import gen_suite
rows = gen_suite.load_rows(sys.argv[2])
wanted = set(sys.argv[3].split(","))
print(",".join(r["id"] for r in rows if r["id"] in wanted or gen_suite.sym_name(r["id"]) in wanted))
PY
)"
    [ -n "$ids" ] || continue
    gen+=(--only "$ids")
  fi
  "${gen[@]}" --out "$sdir/suite.mlir" --describe "$sdir/ops.json"
  mapfile -t op_ids < <(python3 -c 'import json,sys; [print(o["id"]) for o in json.load(open(sys.argv[1]))]' "$sdir/ops.json")
  echo "prepare: $suite: ${#op_ids[@]} operators, ranks 1-$top_k" >&2
  for ((rank = 1; rank <= top_k; rank++)); do
    rdir="$sdir/r$rank"
    if compile "$sdir/suite.mlir" "$rank" "$rdir"; then
      continue
    fi
    # The whole suite failed (an operator the GPU path rejects): compile
    # each operator on its own so the others still get kernels.
    rm -rf "$rdir"
    mkdir -p "$rdir"
    for id in "${op_ids[@]}"; do
      python3 "$root/bench/suite/gen_suite.py" --suite "$suite" --only "$id" \
        --out "$rdir/$id.mlir"
      compile "$rdir/$id.mlir" "$rank" "$rdir/$id" || true
      rm -f "$rdir/$id.mlir"
    done
  done
done

python3 "$here/manifest.py" "$out" --device "$device" --top-k "$top_k" \
  --suites "$suites" --root "$root"

size_kib=$(du -sk "$out" | cut -f1)
echo "prepare: $out: $((size_kib / 1024)) MiB, $(( $(date +%s) - start )) s" >&2
if ((size_kib >= 64 * 1024)); then
  echo "prepare: the folder is over 64 MiB; use a smaller --top-k" >&2
  exit 1
fi
