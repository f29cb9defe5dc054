#!/usr/bin/env python3
"""Runs a prepared folder on the GPU with roller-bench, one process per operator.

A process per operator keeps a kernel fault (which poisons the CUDA context)
or a hang to that operator: roller-bench appends a "start" record before each
candidate, so after a crash or a timeout the candidate that caused it is
known; it is recorded as a fault and the operator resumes at the next rank.
A global deadline shrinks the per-operator budgets and skips what is left.

Afterwards the library baseline (bench/gpu/torch_ref.py, PyTorch: cuBLAS,
cuDNN) runs if PyTorch is importable, then bench/gpu/report.py writes the
tables and plots. Standard library only (report.py uses matplotlib when it
is installed).

usage: run.py PREPARED OUT --bench BIN [--dry-run] [--time-limit S]
              [--op ID,...] [--op-timeout S] [--no-torch]
"""

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def log(msg):
    print("run: " + msg, file=sys.stderr, flush=True)


def records(path, op_id):
    out = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                try:
                    r = json.loads(line)
                except ValueError:
                    continue  # a line cut short by a crash
                if r.get("op") == op_id:
                    out.append(r)
    return out


def append(path, record):
    with open(path, "a") as f:
        f.write(json.dumps(record) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("prepared")
    ap.add_argument("out")
    ap.add_argument("--bench", required=True, help="the roller-bench binary")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--time-limit", type=float, default=420,
                    help="seconds for the whole run, library baseline included")
    ap.add_argument("--op-timeout", type=float, default=120,
                    help="seconds one roller-bench process may run")
    ap.add_argument("--op", help="only these operators (comma-separated ids)")
    ap.add_argument("--no-torch", action="store_true", help="skip the PyTorch baseline")
    ap.add_argument("--reps", type=int, default=10)
    args = ap.parse_args(argv)

    manifest_path = os.path.join(args.prepared, "manifest.json")
    manifest = json.load(open(manifest_path))
    os.makedirs(args.out, exist_ok=True)
    bench = [args.bench, "--manifest", manifest_path]
    ops = [o for o in manifest["ops"]]
    if args.op:
        wanted = set(args.op.split(","))
        ops = [o for o in ops if o["id"] in wanted]

    if args.dry_run:
        cmd = bench + ["--dry-run"] + (["--op", args.op] if args.op else [])
        proc = subprocess.run(cmd, capture_output=True, text=True)
        with open(os.path.join(args.out, "dry-run.txt"), "w") as f:
            f.write(proc.stdout + proc.stderr)
        sys.stdout.write(proc.stdout)
        sys.stderr.write(proc.stderr)
        return proc.returncode

    start = time.monotonic()
    deadline = start + args.time_limit
    # Is there a GPU? roller-bench says so and exits 0 when there is none.
    probe = subprocess.run(bench + ["--probe"], capture_output=True, text=True)
    if "no GPU here" in probe.stdout:
        log(probe.stdout.strip())
        with open(os.path.join(args.out, "NO_GPU.txt"), "w") as f:
            f.write(probe.stdout)
        return 0
    if probe.returncode != 0:
        log("roller-bench failed: " + probe.stdout + probe.stderr)
        return 1
    sys.stdout.write(probe.stdout.splitlines()[0] + "\n")

    results = os.path.join(args.out, "results.jsonl")
    if os.path.exists(results):
        os.remove(results)
    stdout_log = open(os.path.join(args.out, "roller-bench.log"), "w")
    # Leave a share of the time for the library baseline and the report.
    roller_deadline = start + args.time_limit * (0.7 if not args.no_torch else 0.95)
    runnable = [o for o in ops if not o.get("skipped")]
    for o in ops:
        if o.get("skipped"):
            append(results, {"op": o["id"], "record": "op", "skipped": o["skipped"]})
    for index, o in enumerate(runnable):
        left = roller_deadline - time.monotonic()
        remaining_ops = len(runnable) - index
        if left <= 5:
            append(results, {"op": o["id"], "record": "op",
                             "skipped": "the run's time limit was reached"})
            continue
        per_op = max(5.0, min(args.op_timeout, left / remaining_ops * 3))
        first_rank, last_rank = 1, max((c["rank"] for c in o["candidates"]), default=0)
        while first_rank <= last_rank:
            cmd = bench + ["--op", o["id"], "--ranks", "%d-%d" % (first_rank, last_rank),
                           "--results", results, "--reps", str(args.reps),
                           "--max-op-s", "%.0f" % (per_op * 0.6)]
            try:
                proc = subprocess.run(cmd, capture_output=True, text=True, timeout=per_op)
                rc, out = proc.returncode, proc.stdout + proc.stderr
            except subprocess.TimeoutExpired as e:
                rc = "timeout"
                out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
            stdout_log.write(out)
            stdout_log.flush()
            if rc == 0:
                for line in out.splitlines():
                    if line.startswith(o["id"] + " "):
                        print(line, flush=True)
                break
            # Which candidate was running?
            started = [r["rank"] for r in records(results, o["id"]) if r["record"] == "start"]
            finished = {r["rank"] for r in records(results, o["id"])
                        if r["record"] == "candidate"}
            crashed = next((r for r in reversed(started) if r not in finished), None)
            reason = ("timed out after %.0f s" % per_op if rc == "timeout"
                      else "roller-bench exited with %s: %s" % (rc, out.strip().splitlines()[-1:] or ""))
            if crashed is None:
                append(results, {"op": o["id"], "record": "op", "error": reason})
                log("%s: %s" % (o["id"], reason))
                break
            if crashed not in finished:
                append(results, {"op": o["id"], "rank": crashed, "record": "candidate",
                                 "status": "fault", "reason": reason})
            log("%s rank %d: %s; resuming at rank %d" % (o["id"], crashed, reason, crashed + 1))
            first_rank = crashed + 1
            if time.monotonic() > roller_deadline:
                break
    stdout_log.close()

    torch_out = os.path.join(args.out, "torch.jsonl")
    if not args.no_torch:
        left = deadline - time.monotonic() - 15
        if left > 10:
            cmd = [sys.executable, os.path.join(HERE, "torch_ref.py"), manifest_path,
                   torch_out, "--time-limit", "%.0f" % left]
            if args.op:
                cmd += ["--op", args.op]
            try:
                subprocess.run(cmd, timeout=left + 10)
            except subprocess.TimeoutExpired:
                log("the PyTorch baseline ran out of time")
        else:
            log("no time left for the PyTorch baseline")
    report = [sys.executable, os.path.join(HERE, "report.py"), manifest_path, results,
              args.out]
    if os.path.exists(torch_out):
        report += ["--torch", torch_out]
    rc = subprocess.run(report).returncode
    log("done in %.0f s" % (time.monotonic() - start))
    return rc


if __name__ == "__main__":
    sys.exit(main())
