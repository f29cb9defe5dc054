#!/usr/bin/env python3
"""Benchmarks the PTX emulator: its speed and what its counters say.

1. Speed: every kernel of ROLLER's 119-operator suite (h200) on a sample of
   blocks (test/Integration/GPU/emulate_suite.py), one at a time on one
   core, with the sanitizer: emulated thread-instructions per second, over
   the suite and per operator class; then the largest kernels again without
   the sanitizer, for its cost.
2. The emulator tier of CI: `lit -j2` on test/Integration/GPU (the suites,
   the random differential test, the end-to-end programs, the seeded
   defects, Triton's kernels), its wall time and its slowest tests.
3. The model against the emulator's counters: the shared-memory bank
   conflict factor the selection assumed for each config next to the one
   the emulated addresses produced, and global sectors per request.

usage: bench/emulator/run.py [--build DIR] [--out FILE] [--skip-ci]
                             [--only ID,...]
Run with a Python that has numpy (Debian's /usr/bin/python3).
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIT = "/usr/lib/llvm-22/bin/lit"


def run_suite(build, only, workdir):
    counters = os.path.join(workdir, "counters.jsonl")
    cmd = [sys.executable, os.path.join(ROOT, "test/Integration/GPU/emulate_suite.py"),
           "--src", ROOT, "--roller-opt", os.path.join(build, "bin/roller-opt"),
           "--roller-emu", os.path.join(build, "bin/roller-emu"),
           "--suite", "roller119", "--device", "h200", "--jobs", "1",
           "--workdir", workdir, "--counters", counters]
    if only:
        cmd += ["--only", only]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stdout[-3000:] + done.stderr[-3000:])
        raise SystemExit("the suite did not pass on the emulator")
    return [json.loads(line) for line in open(counters)]


def operator_class(kernel):
    return {"C": "conv", "D": "depthwise", "E": "elementwise", "M": "matmul",
            "P": "pooling", "R": "reduce"}.get(kernel[0], "other")


def unsanitized(build, workdir, kernels):
    """Seconds of each kernel's sampled run with and without the
    sanitizer (a second roller-emu run of the same command)."""
    launches = json.load(open(os.path.join(workdir, "k.launch.json")))
    rows = []
    for index, launch in enumerate(launches):
        if launch["kernel"] not in kernels:
            continue
        cmd = [os.path.join(build, "bin/roller-emu"),
               os.path.join(workdir, "k.%s.ptx" % launch["module"]),
               os.path.join(workdir, "k.launch.json"), "--launch=%d" % index,
               "--sample"]
        for i, operand in enumerate(launch["operands"]):
            if operand["kind"] == "memref" and operand["func_arg"] >= 0:
                cmd.append("--fill=%d:%d" % (i, operand["func_arg"] + 1))
        times = []
        for extra in ([], ["--no-sanitize"]):
            start = time.time()
            subprocess.run(cmd + extra, check=True, capture_output=True)
            times.append(time.time() - start)
        rows.append((launch["kernel"], times[0], times[1]))
    return rows


def ci_tier(build):
    start = time.time()
    done = subprocess.run([LIT, "-j2", "-v", "--time-tests",
                           os.path.join(build, "test/Integration/GPU")],
                          capture_output=True, text=True)
    wall = time.time() - start
    times = re.findall(r"^\s*([0-9.]+)s: ROLLER :: (\S+)", done.stdout, re.M)
    summary = re.search(r"Total Discovered Tests: (\d+)", done.stdout)
    return wall, done.returncode, sorted(((float(t), n) for t, n in times),
                                         reverse=True), summary.group(1) if summary else "?"


def geomean(values):
    values = [v for v in values if v and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--out", help="write the figures as JSON")
    ap.add_argument("--skip-ci", action="store_true")
    ap.add_argument("--only", help="suite operators (default: all 119)")
    args = ap.parse_args()
    workdir = tempfile.mkdtemp(prefix="bench-emulator-")
    result = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}

    rows = run_suite(args.build, args.only, workdir)
    instructions = sum(r["thread_instructions"] for r in rows)
    seconds = sum(r["emulation_s"] for r in rows)
    print("1. speed: %d kernels, sampled blocks, sanitizer on, one core" % len(rows))
    print("   %.3g thread-instructions (%.3g warp-instructions) in %.1f s: "
          "%.1f M thread-instructions/s" % (
              instructions, sum(r["warp_instructions"] for r in rows), seconds,
              instructions / seconds / 1e6))
    result["thread_instructions_per_s"] = instructions / seconds
    by_class = {}
    for r in rows:
        c = by_class.setdefault(operator_class(r["kernel"]), [0, 0.0, 0])
        c[0] += r["thread_instructions"]
        c[1] += r["emulation_s"]
        c[2] += 1
    for name, (n, s, k) in sorted(by_class.items()):
        print("   %-12s %3d kernels %8.1f s %8.1f M thread-instructions/s" % (
            name, k, s, n / s / 1e6 if s else 0))
    slowest = sorted(rows, key=lambda r: -r["emulation_s"])[:5]
    cost = unsanitized(args.build, workdir, {r["kernel"] for r in slowest})
    print("   the sanitizer's cost on the slowest kernels (seconds with / without):")
    for kernel, on, off in cost:
        print("     %-10s %6.2f %6.2f (x%.2f)" % (kernel, on, off, on / off))
    result["sanitizer_cost"] = {k: [on, off] for k, on, off in cost}

    print("3. bank conflicts, model vs emulated addresses (shared loads):")
    pairs = [(r["model_bank_conflict"], r["shared_load_bank_conflict"], r["kernel"])
             for r in rows if r["model_bank_conflict"] and r["shared_load_bank_conflict"]]
    over = [p for p in pairs if p[0] > p[1] * 1.05]
    under = [p for p in pairs if p[1] > p[0] * 1.05]
    print("   %d kernels read shared memory; geomean measured %.2f, assumed %.2f; "
          "the model assumes more conflicts on %d, fewer on %d" % (
              len(pairs), geomean([p[1] for p in pairs]), geomean([p[0] for p in pairs]),
              len(over), len(under)))
    for model, measured, kernel in sorted(under, key=lambda p: p[0] / p[1])[:8]:
        print("     %-10s assumed %d, measured %.2f" % (kernel, model, measured))
    print("   global sectors per request: geomean %.2f" % geomean(
        [r["global_load_sectors_per_request"] for r in rows]))
    result["bank_conflicts"] = {"kernels": len(pairs), "model_more": len(over),
                                "model_fewer": len(under)}

    if not args.skip_ci:
        wall, code, times, count = ci_tier(args.build)
        print("2. the emulator tier of CI: lit -j2 test/Integration/GPU, %s tests, "
              "%.0f s wall (%s)" % (count, wall, "passed" if code == 0 else "FAILED"))
        for t, name in times[:6]:
            print("     %6.1f s  %s" % (t, name))
        result["ci_tier_s"] = wall
    if args.out:
        json.dump(result, open(args.out, "w"), indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
