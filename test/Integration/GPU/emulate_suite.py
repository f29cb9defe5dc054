#!/usr/bin/env python3
"""Runs every operator of a benchmark suite on the PTX emulator.

Each operator of bench/suite (gen_suite.py) is compiled by roller-opt
--roller-tile --convert-to-nvvm into PTX and a launch description, and its
kernel is run by roller-emu under the sanitizer on a sample of blocks (the
first, a middle and the last: boundary tiles of irregular shapes are in the
last). The inputs are roller-emu's --fill pattern (small integers, from a
formula, so the largest operators need no input files and only the pages
the sample reads are made); the elements the sample wrote are checked
against the operator's description (gen_suite.py --describe: loops, affine
input indices, combiner) evaluated here with numpy for exactly those
elements.

An operator passes when the emulator reports no finding and every written
element equals the reference (exactly for f32 sums of small integers; within
the output format's rounding for f16).

With --counters FILE the kernels also report the emulator's counters, and
FILE gets one JSON line per kernel: the shared-memory bank conflict factor
the run measured (wavefronts over the fewest possible, from the addresses)
next to the one the model assumed for the config (--roller-select's
report), global sectors per request and the emulated instructions.

usage: emulate_suite.py --src ROOT --roller-opt OPT --roller-emu EMU
                        [--suite roller119|fp16] [--device h200]
                        [--only ID,...] [--jobs N] [--workdir DIR]
                        [--counters FILE]
Needs numpy (Debian's python3-numpy; run with /usr/bin/python3).
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

MASK64 = np.uint64(0xFFFFFFFFFFFFFFFF)


def pattern(index, seed):
    """roller-emu's --fill value of element `index` (see LaunchDescription.cpp
    patternValue): a splitmix64 step, reduced to [-4, 4]."""
    with np.errstate(over="ignore"):
        z = (index.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15) +
             np.uint64(seed) * np.uint64(0xBF58476D1CE4E5B9))
        z ^= z >> np.uint64(31)
        z *= np.uint64(0x94D049BB133111EB)
        z ^= z >> np.uint64(29)
    return (z % np.uint64(9)).astype(np.int64) - 4


def reference(desc, written, seeds):
    """The description evaluated at the written output elements."""
    loops = desc["loops"]
    parallel = [l for l in loops if not l["reduction"]]
    reduction = [l for l in loops if l["reduction"]]
    npar = len(parallel)
    coeff = []
    for t in desc["inputs"]:
        c = np.zeros(len(loops), dtype=np.int64)
        stride = 1
        for k in range(len(t["shape"]) - 1, -1, -1):
            for loop, co in t["index"][k]:
                c[loop] += co * stride
            stride *= t["shape"][k]
        coeff.append(c)
    # The parallel loop values of each written element (row-major output).
    rem = written.copy()
    base = [np.zeros(len(written), dtype=np.int64) for _ in desc["inputs"]]
    for l in range(npar - 1, -1, -1):
        v = rem % parallel[l]["size"]
        rem //= parallel[l]["size"]
        for j in range(len(desc["inputs"])):
            base[j] += v * coeff[j][l]
    if desc["combine"] == "relu":
        return np.maximum(pattern(base[0], seeds[0]), 0).astype(np.float64)
    # Every combination of the reduction loops, as offsets per input.
    sizes = [l["size"] for l in reduction]
    count = int(np.prod(sizes)) if sizes else 1
    acc = np.full(len(written), float(desc["init"]), dtype=np.float64)
    chunk = max(1, min(count, 4_000_000 // max(1, len(written))))
    for start in range(0, count, chunk):
        r = np.arange(start, min(count, start + chunk), dtype=np.int64)
        offsets = [np.zeros(len(r), dtype=np.int64) for _ in desc["inputs"]]
        rr = r.copy()
        for l in range(len(reduction) - 1, -1, -1):
            v = rr % sizes[l]
            rr //= sizes[l]
            for j in range(len(desc["inputs"])):
                offsets[j] += v * coeff[j][npar + l]
        term = None
        for j in range(len(desc["inputs"])):
            values = pattern(base[j][:, None] + offsets[j][None, :], seeds[j])
            if term is None:
                term = values
            elif desc["combine"] == "mul_add":
                term = term * values
        acc += term.sum(axis=1)
    return acc


def run_operator(args, launch, index, desc, work):
    """Runs one launch; returns (ok, message, seconds)."""
    start = time.time()
    name = launch["kernel"]
    prefix = os.path.join(work, name)
    cmd = [args.roller_emu, ptx_of(args, work, launch), args.launch_json,
           "--launch=%d" % index, "--sample"]
    if args.counters:
        cmd.append("--counters=%s.counters.json" % prefix)
    outputs = []
    seeds = {}
    for i, operand in enumerate(launch["operands"]):
        if operand["kind"] != "memref":
            continue
        if operand["func_arg"] >= 0:
            seeds[operand["func_arg"]] = operand["func_arg"] + 1
            cmd.append("--fill=%d:%d" % (i, operand["func_arg"] + 1))
        elif operand["shape"] == desc["output"]["shape"]:
            # The result; other host temporaries (a pooling window's shape
            # tensor) only pass their shape.
            outputs.append(i)
            cmd.append("--written=%d:%s.out%d" % (i, prefix, i))
    ran = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.time() - start
    if ran.returncode != 0:
        return False, "%s: roller-emu exit %d\n%s" % (name, ran.returncode,
                                                       ran.stderr.strip()), seconds
    if len(outputs) != 1:
        return False, "%s: expected one output buffer, found %d" % (name, len(outputs)), seconds
    written = np.load("%s.out%d.index.npy" % (prefix, outputs[0]))
    values = np.load("%s.out%d.value.npy" % (prefix, outputs[0]))
    if len(written) == 0:
        return False, "%s: the sampled blocks wrote nothing" % name, seconds
    # The reference costs (elements x reduction size) multiply-adds in
    # numpy: for long reductions check an even spread of the written
    # elements (the first and the last among them), at most ~2e8 terms.
    reduction = int(np.prod([l["size"] for l in desc["loops"] if l["reduction"]] or [1]))
    budget = max(256, int(2e8) // reduction)
    if len(written) > budget:
        pick = np.unique(np.linspace(0, len(written) - 1, budget).astype(np.int64))
        written, values = written[pick], values[pick]
    want = reference(desc, written, [seeds[j] for j in range(len(desc["inputs"]))])
    element = desc["output"]["element"]
    if values.dtype == np.uint16:  # bf16 bit patterns
        got = (values.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    else:
        got = values.astype(np.float64)
    if element in ("f16", "bf16"):
        # One rounding of the exact sum into the output format (f32
        # accumulation first: its own rounding is below f16's half ulp).
        fmt = np.float16 if element == "f16" else None
        if fmt is not None:
            want = want.astype(np.float16).astype(np.float64)
        tolerance = np.maximum(np.abs(want) * 2.0 ** -8, 0)
    else:
        tolerance = np.zeros_like(want)
    bad = np.abs(got - want) > tolerance
    if bad.any():
        first = np.nonzero(bad)[0][:5]
        return False, ("%s: %d of %d written elements differ from the reference; "
                       "first (index, got, want): %s" %
                       (name, int(bad.sum()), len(written),
                        [(int(written[i]), float(got[i]), float(want[i])) for i in first])), seconds
    return True, "%s: %d elements match, no findings (%.1f s)" % (name, len(written), seconds), seconds


def write_counters(args, work, launches, results):
    """One JSON line per kernel: measured counters next to the model's
    assumptions (the select report's line of the kernel's function)."""
    model = {}
    report = os.path.join(work, "report.jsonl")
    if os.path.exists(report):
        for line in open(report):
            entry = json.loads(line)
            if "func" in entry:
                model[entry["func"]] = entry
    with open(args.counters, "w") as out:
        for launch, (ok, _, seconds) in zip(launches, results):
            path = os.path.join(work, launch["kernel"] + ".counters.json")
            if not os.path.exists(path):
                continue
            counters = json.load(open(path))
            chosen = model.get(launch["func"], {})
            out.write(json.dumps({
                "kernel": launch["kernel"],
                "passed": ok,
                "emulation_s": round(seconds, 3),
                "thread_instructions": sum(counters["thread_instructions"].values()),
                "warp_instructions": sum(counters["warp_instructions"].values()),
                "shared_load_bank_conflict": counters["shared_load"]["bank_conflict_factor"],
                "shared_store_bank_conflict": counters["shared_store"]["bank_conflict_factor"],
                "model_bank_conflict": chosen.get("bank_conflict"),
                "global_load_sectors_per_request":
                    counters["global_load"]["sectors_per_request"],
            }) + "\n")


def ptx_of(args, work, launch):
    single = os.path.join(work, "k.ptx")
    if os.path.exists(single):
        return single
    return os.path.join(work, "k.%s.ptx" % launch["module"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", required=True)
    ap.add_argument("--roller-opt", required=True)
    ap.add_argument("--roller-emu", required=True)
    ap.add_argument("--suite", default="roller119")
    ap.add_argument("--device", default="h200")
    ap.add_argument("--only")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--workdir")
    ap.add_argument("--counters", help="write per-kernel counters (JSON lines)")
    args = ap.parse_args()
    work = args.workdir or tempfile.mkdtemp(prefix="emulate-suite-")
    os.makedirs(work, exist_ok=True)
    gen = [sys.executable, os.path.join(args.src, "bench/suite/gen_suite.py"),
           "--suite", args.suite, "--out", os.path.join(work, "suite.mlir"),
           "--describe", os.path.join(work, "ops.json")]
    if args.only:
        gen += ["--only", args.only]
    subprocess.run(gen, check=True)
    descs = {d["sym"]: d for d in json.load(open(os.path.join(work, "ops.json")))}
    compiled = subprocess.run(
        [args.roller_opt, os.path.join(work, "suite.mlir"),
         "--mlir-print-op-on-diagnostic=false",
         # One kernel per operator, which the sampled check needs: the
         # combine of a reduction split across blocks would read partial
         # results of blocks the sample does not run. Splits run whole in
         # split-across-blocks.test and the differential tests.
         "--roller-tile=device=%s report=%s split-across-blocks=false" % (
             args.device, os.path.join(work, "report.jsonl")),
         "--convert-to-nvvm", "--ptx-file=%s" % os.path.join(work, "k.ptx"),
         "-o", os.devnull], capture_output=True, text=True)
    if compiled.returncode != 0:
        print(compiled.stderr)
        print("FAIL: the suite did not compile")
        return 1
    args.launch_json = os.path.join(work, "k.launch.json")
    launches = json.load(open(args.launch_json))
    jobs = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for i, launch in enumerate(launches):
            desc = descs.get(launch["func"])
            if desc is None:
                print("FAIL %s: no description for function %s" % (launch["kernel"], launch["func"]))
                return 1
            jobs.append(pool.submit(run_operator, args, launch, i, desc, work))
        results = [job.result() for job in jobs]
    failures = 0
    for ok, message, _ in results:
        print(("PASS " if ok else "FAIL ") + message)
        failures += not ok
    covered = {launch["func"] for launch in launches}
    missing = sorted(set(descs) - covered)
    for sym in missing:
        print("FAIL %s: no kernel was launched for it" % sym)
    if args.counters:
        write_counters(args, work, launches, results)
    total = sum(r[2] for r in results)
    print("%s on %s: %d operators, %d kernels, %d failed, %d without a kernel; "
          "%.0f s of emulation" % (args.suite, args.device, len(descs), len(launches),
                                   failures, len(missing), total))
    return 1 if failures or missing else 0


if __name__ == "__main__":
    sys.exit(main())
