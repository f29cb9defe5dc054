#!/usr/bin/env python3
"""Compile-time benchmark: Roller next to IREE and Triton, per operator, on the CPU.

For every operator of the chosen suites (bench/suite/gen_suite.py; by default
roller119, the fig12 matmul and conv sweeps and the fp16 matmuls) it writes a
module with that one operator and times, in one run:

  Roller  roller-opt OP.mlir --roller-select="device=D report=R"          (selection alone)
          roller-opt OP.mlir --roller-tile="device=D" --convert-to-nvvm --ptx-file=P
                                                                          (the whole compile to PTX)
          and, where ptxas is installed, ptxas -arch=sm_90 on that PTX
  IREE    iree-compile on the same linalg, targeting CUDA sm_90, to a .vmfb
  Triton  triton.compile of the tutorial matmul (03-matrix-multiplication)
          for each of its 8 CUDA autotuning configurations, with an explicit
          GPUTarget("cuda", 90, 32), for every matmul operator's shape

What is timed. roller-opt and iree-compile are MLIR tools: both run with
--mlir-timing, and the figure is the wall time of the pass pipeline (the
timing report's Total less its Parser and Output entries), so neither process
start-up, nor parsing the input, nor printing the output counts. The process's
wall time is kept in the CSV as well. Triton's figure is its own compile
listener's stage times (knobs.compilation.listener) after one untimed warm-up
compile: IR generation from the Python AST and the ttir, ttgir, llir and ptx
stages ("to PTX", comparable with the other two, which stop at PTX); the cubin
stage (ptxas) is reported apart, next to ptxas on Roller's PTX.

IREE and Triton come from PyPI (iree-base-compiler, triton); the script
installs them into a virtual environment of its own, bench/compile/.venv
(git-ignored), the first time. --roller-only needs neither.

Ratios are peer / Roller: 20 means the peer takes twenty times as long.
An operator a compiler fails on gets that compiler's first error line as the
reason, and the run goes on.

Only the Python standard library is used here (the Triton part runs
bench/compile/triton_compile.py under the virtual environment's Python).
"""

import argparse
import datetime
import json
import os
import shutil
import sys
import tempfile
import time

# The package next to this file (also when this file is loaded by path).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_bench.common import CUDA_ARCH, REPO, BenchError, gen_suite, sb  # noqa: E402
from compile_bench.iree import probe_iree, run_iree  # noqa: E402
from compile_bench.operators import load_ops  # noqa: E402
from compile_bench.peers_venv import DEFAULT_VENV, IREE_PACKAGE, TRITON_PACKAGE, \
    ensure_venv  # noqa: E402
from compile_bench.report import report  # noqa: E402
from compile_bench.roller import run_roller  # noqa: E402
from compile_bench.summary import finish_row, summarize  # noqa: E402
from compile_bench.triton_matmul import run_triton  # noqa: E402

DEFAULT_SUITES = "roller119,fig12,fp16"
QUICK_OPS = "C0,D0,E0,P0,R0,M2,F12_M512,F15_M4"
PTXAS = "/usr/local/cuda/bin/ptxas"


def load_average():
    try:
        return "%.2f" % os.getloadavg()[0]
    except OSError:
        return "?"


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Compile-time benchmark: roller-opt (--roller-select; --roller-tile "
                    "--convert-to-nvvm) next to iree-compile and Triton, per operator.")
    ap.add_argument("--suites", default=DEFAULT_SUITES,
                    help="comma-separated suites of bench/suite/gen_suite.py (default %s)"
                    % DEFAULT_SUITES)
    ap.add_argument("--only", help="comma-separated operator ids or symbols (e.g. C0,M2)")
    ap.add_argument("--quick", action="store_true",
                    help="a subset to try things: %s, one repetition of each" % QUICK_OPS)
    ap.add_argument("--device", default="h200", help="Roller device preset or JSON file")
    ap.add_argument("--roller-opt", default=os.path.join(REPO, "build", "bin", "roller-opt"))
    ap.add_argument("--reps", type=int, default=3,
                    help="runs of each roller-opt invocation; the median counts (default 3)")
    ap.add_argument("--peer-reps", type=int, default=3,
                    help="runs of each IREE and Triton compile (default 3)")
    ap.add_argument("--roller-only", action="store_true", help="neither IREE nor Triton")
    ap.add_argument("--no-iree", action="store_true")
    ap.add_argument("--no-triton", action="store_true")
    ap.add_argument("--no-ptxas", action="store_true",
                    help="do not time ptxas on Roller's PTX")
    ap.add_argument("--venv", default=DEFAULT_VENV,
                    help="virtual environment for IREE and Triton (default bench/compile/.venv)")
    ap.add_argument("--no-install", action="store_true",
                    help="fail instead of creating or updating the virtual environment")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per roller-opt run")
    ap.add_argument("--peer-timeout", type=int, default=900,
                    help="seconds per iree-compile run and per Triton compile")
    ap.add_argument("--work-dir", help="keep the per-op modules, PTX and reports here")
    ap.add_argument("--csv", metavar="OUT", help="write one row per operator")
    ap.add_argument("--json", metavar="OUT", help="write rows, summary and run metadata")
    ap.add_argument("--markdown", metavar="OUT", help="write a table and summary")
    ap.add_argument("--from-json", metavar="IN",
                    help="print and write the outputs of an earlier run's --json; run nothing")
    args = ap.parse_args(argv)
    if args.roller_only:
        args.no_iree = args.no_triton = True
    if args.quick:
        args.only = args.only or QUICK_OPS
        args.reps = args.peer_reps = 1
    if args.reps < 1 or args.peer_reps < 1:
        ap.error("--reps and --peer-reps must be at least 1")

    tmpdir = tempfile.mkdtemp(prefix="roller-compile-bench-")
    try:
        if args.from_json:
            return rerender(args)
        return run(args, args.work_dir or tmpdir)
    except (BenchError, gen_suite.SuiteError) as e:
        sys.stderr.write("bench/compile/run.py: error: %s\n" % e)
        return 2
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def rerender(args):
    """--from-json: the outputs of an earlier run's --json, without running anything."""
    try:
        with open(args.from_json) as f:
            data = json.load(f)
        rows, meta = data["rows"], data["meta"]
    except (OSError, ValueError, KeyError) as e:
        raise BenchError("cannot read %s: %s" % (args.from_json, e))
    args.no_iree, args.no_triton = meta.get("no_iree", False), meta.get("no_triton", False)
    for row in rows:
        finish_row(row)
    report(rows, summarize(rows, args), meta, args)
    return 0


def run(args, workdir):
    started = time.perf_counter()
    os.makedirs(workdir, exist_ok=True)
    suites = [s.strip() for s in args.suites.split(",") if s.strip()]
    for suite in suites:
        if suite not in gen_suite.SUITES:
            raise BenchError("unknown suite %r (known: %s)" % (suite, ", ".join(gen_suite.SUITES)))
    only = [s.strip() for s in args.only.split(",") if s.strip()] if args.only else None
    ops = load_ops(suites, only)

    if not os.path.isfile(args.roller_opt) or not os.access(args.roller_opt, os.X_OK):
        raise BenchError("no roller-opt at %s (build it with scripts/build.sh or pass "
                         "--roller-opt PATH)" % args.roller_opt)
    args.ptxas = None
    if not args.no_ptxas:
        args.ptxas = shutil.which("ptxas") or (PTXAS if os.access(PTXAS, os.X_OK) else None)

    meta = {"suites": suites, "device": args.device,
            "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "machine": sb.machine_description(), "commit": sb.git_commit(),
            "load_start": load_average(), "reps": args.reps, "peer_reps": args.peer_reps,
            "versions": []}
    iree_target = None
    if not (args.no_iree and args.no_triton):
        args.venv_python = ensure_venv(args)
        meta["versions"] += [IREE_PACKAGE, TRITON_PACKAGE]
    if not args.no_iree:
        args.iree_compile = os.path.join(args.venv, "bin", "iree-compile")
        iree_target = probe_iree(args.iree_compile, workdir, args.peer_timeout)
        meta["iree_target"] = iree_target.how
        sys.stderr.write("IREE targets %s through: %s\n" % (CUDA_ARCH, iree_target.how))

    rows = []
    for i, op in enumerate(ops):
        sys.stderr.write("[%d/%d] %s\n" % (i + 1, len(ops), op["id"]))
        path = os.path.join(workdir, op["sym"] + ".mlir")
        text = gen_suite.render(op["suite"], [op])
        with open(path, "w") as f:
            f.write(text)
        row = {"suite": op["suite"], "id": op["id"], "type": op["type"],
               "shape": op["summary"], "dtype": op["elt"]}
        row.update(run_roller(args, op, path, workdir))
        if iree_target is not None:
            row.update(run_iree(args, iree_target, op, text, workdir))
        rows.append(row)
    if not args.no_triton:
        triton = run_triton(args, ops, workdir)
        for row in rows:
            row.update(triton.get(row["id"], {}))
    for row in rows:
        finish_row(row)
    s = summarize(rows, args)
    meta["load_end"] = load_average()
    meta["run_s"] = time.perf_counter() - started

    meta["no_iree"], meta["no_triton"] = args.no_iree, args.no_triton
    report(rows, s, meta, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
