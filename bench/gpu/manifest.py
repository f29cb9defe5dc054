#!/usr/bin/env python3
"""Assembles manifest.json for roller-bench from a folder prepare.sh filled.

Layout read (per suite S, per rank r):
  S/ops.json                      the operators' semantics (gen_suite.py --describe)
  S/r<r>/k.launch.json, k.*.ptx   the whole suite compiled at rank r, or, when
  S/r<r>/<id>/k.launch.json ...   that failed, each operator on its own
  .../report.jsonl, log.txt       the selection report and the diagnostics

Each operator gets its candidates (rank, launch file, PTX file per kernel
module, the model's predicted time); an operator the GPU path rejected gets
"skipped" with the diagnostic. A rank beyond an operator's candidate count
(the report's "rank" is smaller than asked) is not a new candidate and is
left out. Standard library only.
"""

import argparse
import datetime
import json
import os
import re
import subprocess
import sys

# Peaks for the roofline column, from lib/Analysis/DevicePresets.cpp (the
# same cited figures the model uses): non-tensor f32, dense f16 tensor core,
# HBM bandwidth; shared memory per block (opt-in) and memory size.
KIB, GIB = 1024, 1024 ** 3
DEVICES = {
    "h200": {"chip": "sm_90", "peak_f32_tflops": 66.9, "peak_f16_tensor_tflops": 989.4,
             "hbm_gbps": 4800, "smem_per_block": 227 * KIB, "memory_bytes": 141 * GIB},
    "h100": {"chip": "sm_90", "peak_f32_tflops": 66.9, "peak_f16_tensor_tflops": 989.4,
             "hbm_gbps": 3350, "smem_per_block": 227 * KIB, "memory_bytes": 80 * GIB},
    "a100": {"chip": "sm_80", "peak_f32_tflops": 19.5, "peak_f16_tensor_tflops": 312,
             "hbm_gbps": 2039, "smem_per_block": 163 * KIB, "memory_bytes": 80 * GIB},
}

LOC = re.compile(r'loc\("([^"]+)"\)')


def read_jsonl(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def report_by_id(path):
    """{op id: report line} (the loc names the operator)."""
    result = {}
    for line in read_jsonl(path):
        m = LOC.search(line.get("loc", ""))
        if m:
            result[m.group(1)] = line
    return result


def _message(line):
    text = line.split("error:", 1)[1].strip()
    return re.sub(r'^loc\("[^"]*"\):\s*', "", text)


def first_error(log_path, op_id):
    """The first error of a log that names the operator, else any error."""
    if not os.path.exists(log_path):
        return None
    lines = open(log_path, errors="replace").read().splitlines()
    errors = [l for l in lines if "error:" in l]
    for l in errors:
        if 'loc("%s")' % op_id in l:
            return _message(l)
    return _message(errors[0]) if errors else None


def ptx_files(folder, launches):
    """{module: PTX path} for the modules of `launches` in `folder`."""
    modules = sorted({l["module"] for l in launches})
    files = {}
    for module in modules:
        many = os.path.join(folder, "k.%s.ptx" % module)
        one = os.path.join(folder, "k.ptx")
        if os.path.exists(many):
            files[module] = many
        elif os.path.exists(one) and len(modules) == 1:
            files[module] = one
    return files


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--device", default="h200", choices=sorted(DEVICES))
    ap.add_argument("--top-k", type=int, required=True)
    ap.add_argument("--suites", default="roller119,fp16")
    ap.add_argument("--root", help="the repository (for the commit in the manifest)")
    args = ap.parse_args(argv)

    folder = os.path.abspath(args.folder)
    launch_cache = {}

    def launches_of(path):
        if path not in launch_cache:
            launch_cache[path] = json.load(open(path)) if os.path.exists(path) else None
        return launch_cache[path]

    ops_out, skipped = [], 0
    for suite in args.suites.split(","):
        sdir = os.path.join(folder, suite)
        ops_path = os.path.join(sdir, "ops.json")
        if not os.path.exists(ops_path):
            continue
        for desc in json.load(open(ops_path)):
            op_id, sym = desc["id"], desc["sym"]
            entry = {"id": op_id, "suite": suite, "func": sym, "desc": desc, "candidates": []}
            reason = None
            for rank in range(1, args.top_k + 1):
                rdir = os.path.join(sdir, "r%d" % rank)
                # The whole-suite compile, else this operator's own.
                for where in (rdir, os.path.join(rdir, op_id)):
                    launch_path = os.path.join(where, "k.launch.json")
                    launches = launches_of(launch_path)
                    mine = [l for l in launches or [] if l["func"] == sym]
                    if mine:
                        break
                if not mine:
                    if rank == 1:
                        reason = (first_error(os.path.join(rdir, op_id, "log.txt"), sym)
                                  or first_error(os.path.join(rdir, "log.txt"), sym)
                                  or "no kernel was produced")
                    break
                line = report_by_id(os.path.join(where, "report.jsonl")).get(sym, {})
                if line.get("rank", rank) < rank:
                    break  # fewer candidates than ranks: this one repeats the last
                files = ptx_files(where, mine)
                entry["candidates"].append({
                    "rank": rank,
                    "launch": os.path.relpath(launch_path, folder),
                    "ptx": {m: os.path.relpath(p, folder) for m, p in files.items()},
                    "predicted_us": line.get("predicted_us"),
                    "block_tile": line.get("block_tile"),
                    "thread_tile": line.get("thread_tile"),
                    "threads": line.get("threads_per_block"),
                })
            if reason:
                entry["skipped"] = reason
                skipped += 1
            ops_out.append(entry)

    commit = None
    if args.root:
        try:
            commit = subprocess.run(["git", "-C", args.root, "rev-parse", "--short", "HEAD"],
                                    capture_output=True, text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            pass
    device = dict(DEVICES[args.device], name=args.device)
    manifest = {
        "format": "roller-bench-1",
        "created": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit,
        "device": device,
        "top_k": args.top_k,
        "ops": ops_out,
    }
    with open(os.path.join(folder, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    candidates = sum(len(o["candidates"]) for o in ops_out)
    print("manifest: %d operators (%d skipped), %d candidates -> %s"
          % (len(ops_out), skipped, candidates, os.path.join(folder, "manifest.json")),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
