#!/usr/bin/env python3
"""Roller's mutation fuzzer (issue 19): runs mutated seeds through roller-opt's
pipelines and roller-emu, classifies every outcome, and saves one minimized
reproducer per distinct finding. docs/fuzzing.md explains how to run it and
read its results.

    python3 fuzz/roller_fuzz.py --seed 1 --executions 2000 --jobs 2 --out OUT

Exit status: 0 when no finding of a --fail-on class is new (not in --known),
1 otherwise, 2 on bad usage.
"""

import argparse
import concurrent.futures
import datetime
import fnmatch
import hashlib
import json
import os
import platform
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cases  # noqa: E402
import execute  # noqa: E402
import minimize  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--executions", type=int, default=1000,
                   help="cases to run (default 1000)")
    p.add_argument("--time-budget", type=float, default=0,
                   help="stop starting cases after this many seconds (0: none)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--timeout", type=float, default=20, help="seconds per run (hang)")
    p.add_argument("--memory-mb", type=int, default=4096,
                   help="address-space limit per run (ASan builds: RSS limit)")
    p.add_argument("--roller-opt", default=os.path.join(ROOT, "build/bin/roller-opt"))
    p.add_argument("--roller-emu", default=os.path.join(ROOT, "build/bin/roller-emu"),
                   help="'' to leave the emulator out")
    p.add_argument("--out", default="fuzz-out", help="directory for findings")
    p.add_argument("--known", default=os.path.join(ROOT, "fuzz/known.txt"),
                   help="findings that do not fail the run (class key-glob lines)")
    p.add_argument("--fail-on", default=",".join(execute.FAILING),
                   help="classes that fail the run (default: %(default)s)")
    p.add_argument("--minimize-seconds", type=float, default=60,
                   help="time to minimize each finding (0: keep as found)")
    p.add_argument("--max-mutations", type=int, default=3)
    p.add_argument("--quiet", action="store_true")
    return p.parse_args(argv)


def load_known(path):
    known = []
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    cls, _, pattern = line.partition(" ")
                    known.append((cls, pattern.strip()))
    return known


def is_known(known, cls, key):
    return any(c == cls and fnmatch.fnmatchcase(key, p) for c, p in known)


def git_commit():
    try:
        return subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True).stdout.strip()
    except OSError:
        return "unknown"


def save_finding(out, finding, tools):
    case, result = finding["case"], finding["result"]
    digest = hashlib.sha1(f"{result['class']} {result['key']}".encode()).hexdigest()[:10]
    folder = os.path.join(out, "findings", f"{result['class']}-{digest}")
    os.makedirs(folder, exist_ok=True)
    paths = execute.write_files(case["files"], folder)
    # The command, with the case's files by their names in this folder (a
    # special device path stays as it is) and the tools by their names.
    names = {k: (os.path.basename(v) if v.startswith(folder) else v)
             for k, v in paths.items()}
    tool_names = {k: os.path.basename(v) for k, v in tools.items()}
    argv = [a.format(**tool_names, **names) for a in case["argv"]]
    with open(os.path.join(folder, "cmd.sh"), "w") as f:
        f.write("# run in this folder with roller-opt / roller-emu on PATH\n")
        f.write(shlex.join(argv) + "\n")
    with open(os.path.join(folder, "stderr.txt"), "w") as f:
        f.write(result["stderr"])
    info = {k: case[k] for k in ("index", "seed", "pipeline", "mutations")}
    info.update({"class": result["class"], "key": result["key"],
                 "count": finding["count"], "known": finding["known"],
                 "seconds": round(result["seconds"], 2)})
    with open(os.path.join(folder, "info.json"), "w") as f:
        json.dump(info, f, indent=1)
    return folder


def main(argv=None):
    args = parse_args(argv)
    if not os.access(args.roller_opt, os.X_OK):
        print(f"roller_fuzz: no roller-opt at {args.roller_opt}", file=sys.stderr)
        return 2
    with_emu = bool(args.roller_emu) and os.access(args.roller_emu, os.X_OK)
    tools = {"roller_opt": os.path.abspath(args.roller_opt),
             "roller_emu": os.path.abspath(args.roller_emu) if with_emu else ""}
    limits = execute.Limits(args.timeout, args.memory_mb,
                            execute.is_sanitized(args.roller_opt))
    seeds = cases.Corpus(ROOT, with_emu)
    known = load_known(args.known)
    fail_on = set(args.fail_on.split(",")) if args.fail_on else set()
    os.makedirs(args.out, exist_ok=True)

    counts, findings = {}, {}
    start = time.monotonic()

    def record(case, result):
        cls = result["class"]
        counts[cls] = counts.get(cls, 0) + 1
        id_ = (cls, result["key"])
        if id_ not in findings:
            findings[id_] = {"case": case, "result": result, "count": 0,
                             "known": is_known(known, cls, result["key"])}
        findings[id_]["count"] += 1

    def run_one(index):
        case = cases.make_case(args.seed, index, seeds, args.max_mutations)
        return case, execute.execute(case, tools, limits, ROOT)

    done = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        pending, index = set(), 0
        while pending or index < args.executions:
            over = args.time_budget and time.monotonic() - start > args.time_budget
            while (not over and index < args.executions and
                   len(pending) < 2 * args.jobs):
                pending.add(pool.submit(run_one, index))
                index += 1
            if not pending:
                break
            finished, pending = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in finished:
                case, result = fut.result()
                record(case, result)
                done += 1
                if result["class"] in execute.FAILING and not args.quiet:
                    # The case number replays it (cases.make_case(seed, i)).
                    print(f"[{done}] case {case['index']}: {result['class']}: "
                          f"{result['key']} ({case['pipeline']}, "
                          f"{case['seed']})", file=sys.stderr)
            if over:
                args.executions = index  # no new cases once the budget is spent
    fuzz_seconds = time.monotonic() - start

    # Minimize and save every failing finding and every unlocated diagnostic.
    saved = []
    for (cls, key), finding in sorted(findings.items()):
        if cls not in execute.FAILING and not key.startswith("unlocated:"):
            continue
        case = finding["case"]
        if args.minimize_seconds > 0 and cls != "hang":
            def reproduces(candidate, cls=cls, key=key):
                r = execute.execute(candidate, tools, limits, ROOT)
                return r["class"] == cls and r["key"] == key
            finding["case"] = minimize.minimize(case, case["main_file"], reproduces,
                                                args.minimize_seconds)
        saved.append(save_finding(args.out, finding, tools))

    new = sorted({(c, k) for (c, k), f in findings.items()
                  if c in fail_on and not f["known"]})
    summary = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": git_commit(), "machine": platform.platform(),
        "seed": args.seed, "executions": done, "jobs": args.jobs,
        "wall_seconds": round(time.monotonic() - start, 1),
        "fuzz_seconds": round(fuzz_seconds, 1),
        "sanitized": limits.sanitized, "outcomes": counts,
        "distinct": {c: sum(1 for (cc, _) in findings if cc == c) for c in counts},
        "findings": [{"class": c, "key": k, "count": f["count"], "known": f["known"]}
                     for (c, k), f in sorted(findings.items())
                     if c in execute.FAILING or k.startswith("unlocated:")],
        "diagnostics": {k: f["count"] for (c, k), f in sorted(findings.items())
                        if c == "diagnostic"},
        "new_failures": [f"{c} {k}" for c, k in new],
    }
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    order = ["ok", "diagnostic"] + list(execute.FAILING)
    print(f"roller_fuzz: seed {args.seed}, {done} executions in "
          f"{summary['wall_seconds']} s ({args.jobs} jobs)")
    for cls in order:
        print(f"  {cls:<11} {counts.get(cls, 0):>7}  ({summary['distinct'].get(cls, 0)} distinct)")
    for c, k in new:
        print(f"NEW {c}: {k}")
    print(f"findings saved under {os.path.join(args.out, 'findings')} ({len(saved)})")
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main())
