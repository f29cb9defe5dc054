#!/usr/bin/env python3
"""Stands in for roller-bench on a machine without a GPU, to test run.py's
recovery: it writes the records roller-bench writes (a "start" before each
candidate, then its result, then the operator's), with made-up times, and
exits 3 after the start of the candidate FAKE_FAULT names ("OP:RANK", as a
kernel fault does) or stops making progress at FAKE_HANG's."""
import json
import os
import sys
import time

args = sys.argv[1:]


def opt(name, default=None):
    return args[args.index(name) + 1] if name in args else default


manifest = json.load(open(opt("--manifest")))
if "--probe" in args:
    print("roller-bench: device 0: fake GPU")
    sys.exit(0)
wanted = opt("--op", "").split(",")
lo, hi = (int(x) for x in opt("--ranks", "1-99").split("-"))
out = open(opt("--results"), "a")


def emit(record):
    out.write(json.dumps(record) + "\n")
    out.flush()


for op in manifest["ops"]:
    if op["id"] not in wanted or op.get("skipped"):
        continue
    for c in op["candidates"]:
        r = c["rank"]
        if not lo <= r <= hi:
            continue
        emit({"op": op["id"], "rank": r, "record": "start"})
        if os.environ.get("FAKE_FAULT") == "%s:%d" % (op["id"], r):
            print("roller-bench: CUDA error: an illegal memory access was encountered",
                  file=sys.stderr)
            sys.exit(3)
        if os.environ.get("FAKE_HANG") == "%s:%d" % (op["id"], r):
            time.sleep(600)
        emit({"op": op["id"], "rank": r, "record": "candidate", "status": "ok",
              "ms": 1.0 + r / 10, "predicted_ms": c["predicted_us"] / 1e3,
              "max_abs_err": 0, "mismatches": 0})
    emit({"op": op["id"], "record": "op", "ideal_ms": 0.5, "bound": "memory"})
    print("%-8s fake top1 done" % op["id"], flush=True)
