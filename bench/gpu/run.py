#!/usr/bin/env python3
"""Runs a prepared folder on the GPU with roller-bench.

One process runs all operators; a kernel fault (which poisons the CUDA
context) or a hang (no new record for --op-timeout seconds) ends it, and
since roller-bench appends a "start" record before each candidate, the
candidate that caused it is known: it is recorded as a fault, its operator
resumes at the next rank in a process of its own, and the remaining
operators continue in a new one. A deadline bounds each operator's
candidates (--max-op-s) and stops starting operators (--deadline-s).

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


def records_all(path):
    out = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    out.append(json.loads(line))
                except ValueError:
                    pass  # a line cut short by a crash
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
                    help="seconds without a new record after which roller-bench is killed")
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
    print(probe.stdout.splitlines()[0], flush=True)

    results = os.path.join(args.out, "results.jsonl")
    if os.path.exists(results):
        os.remove(results)
    stdout_log = open(os.path.join(args.out, "roller-bench.log"), "w")
    # Leave a share of the time for the library baseline and the report.
    roller_deadline = start + args.time_limit * (0.7 if not args.no_torch else 0.95)
    for o in ops:
        if o.get("skipped"):
            append(results, {"op": o["id"], "record": "op", "skipped": o["skipped"]})
    pending = [o["id"] for o in ops if not o.get("skipped")]
    first_ranks = "1-%d" % manifest["top_k"]
    # One process for all pending operators (a CUDA context per operator
    # would cost seconds each); after a fault or a hang, the operator that
    # caused it resumes at its next rank in its own process and the rest
    # continue in a new one.
    while pending:
        left = roller_deadline - time.monotonic()
        if left <= 5:
            for op_id in pending:
                append(results, {"op": op_id, "record": "op",
                                 "skipped": "the run's time limit was reached"})
            break
        per_op = max(15.0, min(60.0, 3 * left / len(pending)))
        batch = pending if first_ranks.startswith("1-") else pending[:1]
        cmd = bench + ["--op", ",".join(batch), "--ranks", first_ranks,
                       "--results", results, "--reps", str(args.reps),
                       "--max-op-s", "%.0f" % per_op, "--deadline-s", "%.0f" % left]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True)
        # Watchdog: no new record for --op-timeout seconds is a hang.
        import threading
        lines = []

        def pump():
            for line in proc.stdout:
                lines.append(line)
                stdout_log.write(line)
                stdout_log.flush()
                if any(line.startswith(i + " ") for i in batch) and " top1 " in line:
                    print(line, end="", flush=True)
        reader = threading.Thread(target=pump, daemon=True)
        reader.start()
        last_size, last_change, hung = -1, time.monotonic(), False
        while proc.poll() is None:
            time.sleep(0.5)
            size = os.path.getsize(results) if os.path.exists(results) else 0
            now = time.monotonic()
            if size != last_size:
                last_size, last_change = size, now
            if now - last_change > args.op_timeout or now > roller_deadline + 30:
                hung = True
                proc.kill()
                proc.wait()
        reader.join(timeout=5)
        rc = "timeout" if hung else proc.returncode
        done = {r["op"] for r in records_all(results) if r.get("record") == "op"}
        if rc == 0:
            pending = [i for i in pending if i not in done and i not in batch]
            first_ranks = "1-%d" % manifest["top_k"]
            continue
        # The operator and candidate that were running.
        recs = [r for r in records_all(results) if r.get("op") in batch]
        started = [r for r in recs if r.get("record") == "start"]
        tail = "".join(lines).strip().splitlines()[-1:] or [""]
        reason = ("no progress for %.0f s (killed)" % args.op_timeout if rc == "timeout"
                  else "roller-bench exited with %s: %s" % (rc, tail[0]))
        if not started or started[-1]["op"] in done:
            # Failed outside a candidate (e.g. the reference): give up on the
            # first operator not done.
            culprit = next((i for i in batch if i not in done), None)
            if culprit is None:
                pending = [i for i in pending if i not in batch]
                continue
            append(results, {"op": culprit, "record": "op", "error": reason})
            log("%s: %s" % (culprit, reason))
            pending = [i for i in pending if i != culprit and i not in done]
            first_ranks = "1-%d" % manifest["top_k"]
            continue
        culprit, rank = started[-1]["op"], started[-1]["rank"]
        finished = {r["rank"] for r in recs
                    if r.get("op") == culprit and r.get("record") == "candidate"}
        if rank not in finished:
            append(results, {"op": culprit, "rank": rank, "record": "candidate",
                             "status": "fault", "reason": reason})
        log("%s rank %d: %s; %s" % (culprit, rank, reason,
                                      "resuming at rank %d" % (rank + 1)
                                      if rank < manifest["top_k"] else "no rank left"))
        pending = [i for i in pending if i not in done]
        if culprit in pending:
            pending.remove(culprit)
            pending.insert(0, culprit)
            # The culprit alone from its next rank, then the rest from rank 1.
            if rank + 1 <= manifest["top_k"]:
                first_ranks = "%d-%d" % (rank + 1, manifest["top_k"])
            else:
                append(results, {"op": culprit, "record": "op"})
                pending.pop(0)
                first_ranks = "1-%d" % manifest["top_k"]
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
