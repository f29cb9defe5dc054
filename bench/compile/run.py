#!/usr/bin/env python3
"""Compile-time benchmark: Roller next to IREE and Triton, per operator, on the CPU.

For every operator of the chosen suites (bench/suite/gen_suite.py; by default
roller119, the fig12 matmul and conv sweeps and the fp16 matmuls) it writes a
module with that one operator and times, in one run:

  Roller  roller-opt OP.mlir --roller-select="device=D report=R"          (selection alone)
          roller-opt OP.mlir --roller-tile="device=D" --convert-to-nvvm="ptx-file=P"
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
import csv
import datetime
import glob
import importlib.util
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "bench", "suite"))
import gen_suite  # noqa: E402


def _load_select_bench():
    # bench/select/run.py, loaded by path: this file is also called run.py.
    path = os.path.join(REPO, "bench", "select", "run.py")
    spec = importlib.util.spec_from_file_location("roller_select_bench", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sb = _load_select_bench()
BenchError = sb.BenchError

IREE_PACKAGE = "iree-base-compiler==3.13.0"
TRITON_PACKAGE = "triton==3.9.0"
DEFAULT_VENV = os.path.join(HERE, ".venv")
DEFAULT_SUITES = "roller119,fig12,fp16"
QUICK_OPS = "C0,D0,E0,P0,R0,M2,F12_M512,F15_M4"
CUDA_ARCH = "sm_90"
# sm_90's largest shared memory per block (opt-in), CUDA programming guide,
# "Compute Capabilities": 227 KiB.
SM90_SMEM_PER_BLOCK = 227 * 1024
PTXAS = "/usr/local/cuda/bin/ptxas"

# Triton tutorial 03-matrix-multiplication.py, get_cuda_autotune_config():
# the eight fp16 configurations (the tutorial's fp8 ones are left out).
TRITON_CONFIGS = [
    (128, 256, 64, 8, 3, 8),
    (64, 256, 32, 8, 4, 4),
    (128, 128, 32, 8, 4, 4),
    (128, 64, 32, 8, 4, 4),
    (64, 128, 32, 8, 4, 4),
    (128, 32, 32, 8, 4, 4),
    (64, 32, 32, 8, 5, 2),
    (32, 64, 32, 8, 5, 2),
]
TRITON_DTYPES = {"f32": "fp32", "f16": "fp16"}

# The passes that run LLVM's NVPTX back end (LLVM IR to PTX) in each pipeline.
ROLLER_BACKEND_PASS = "GpuModuleToBinaryPass"
IREE_BACKEND_PASS = "SerializeAllExecutablesPass"
# IREE's kernel code generation: choosing each executable's strategy, lowering
# it to LLVM and serializing it to PTX (the rest of iree-compile builds the
# whole program: dispatch formation, streams, the host code and the VM module).
IREE_CODEGEN_PASSES = ("ConfigureExecutablesPass", "TranslateAllExecutablesPass",
                       "SerializeAllExecutablesPass")

TIMING_FLAGS = ["--mlir-timing", "--mlir-timing-display=list", "--mlir-output-format=json"]


# ----------------------------------------------------------------------------
# Processes and timing reports
# ----------------------------------------------------------------------------

class Result(object):
    def __init__(self, rc, stdout, stderr, wall, cpu, timed_out=False):
        self.rc, self.stdout, self.stderr = rc, stdout, stderr
        self.wall, self.cpu, self.timed_out = wall, cpu, timed_out


def run_process(cmd, timeout, env=None):
    """Runs cmd; returns a Result with its wall and CPU (user+sys) seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired as e:
        return Result(None, "", str(e.stderr or ""), time.perf_counter() - start, None, True)
    except OSError as e:
        raise BenchError("cannot run %s: %s" % (cmd[0], e))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Result(proc.returncode, proc.stdout, proc.stderr, wall, cpu)


def parse_timing(text):
    """(pipeline wall seconds, {entry name: wall seconds}) of an MLIR --mlir-timing
    JSON list report in text, or None.

    The report is the last JSON array in the text (diagnostics come before it).
    Its Total covers the parser and the output too; those are subtracted.
    """
    starts = [m.start() for m in re.finditer(r"^\[$", text, re.M)]
    if not starts:
        return None
    start = starts[-1]
    end = text.find("\n]", start)
    if end < 0:
        return None
    try:
        entries = json.loads(text[start:end + 2])
    except ValueError:
        return None
    wall = {}
    for e in entries:
        if isinstance(e, dict) and isinstance(e.get("wall"), dict):
            wall.setdefault(e.get("name"), e["wall"].get("duration"))
    total = wall.get("Total", wall.get("root"))
    if not isinstance(total, (int, float)):
        return None
    pipeline = total - (wall.get("Parser") or 0.0) - (wall.get("Output") or 0.0)
    return pipeline, wall


def pass_ms(walls, names):
    """The summed wall ms of the named passes, or None if one is missing."""
    values = [walls.get(n) for n in names]
    if any(not isinstance(v, (int, float)) for v in values):
        return None
    return sum(values) * 1e3


def failure_reason(result, tool):
    if result.timed_out:
        return "%s timed out" % tool
    lines = [l.strip() for l in result.stderr.splitlines() if l.strip()]
    for line in lines:
        m = re.search(r"\berror: (.*)", line)
        if m:
            return squash(re.sub(r'^loc\("[^"]*"\):\s*', "", m.group(1)))
    for line in lines:
        if not line.startswith("[") and not line.startswith("{"):
            return squash("exit %s: %s" % (result.rc, line))
    return "exit %s (nothing on stderr)" % result.rc


def squash(text, limit=160):
    text = re.sub(r"\s+", " ", text).strip()
    text = text.replace(",", ";")  # keeps the reason one CSV-friendly phrase
    return text if len(text) <= limit else text[:limit - 3] + "..."


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


# ----------------------------------------------------------------------------
# Operators
# ----------------------------------------------------------------------------

def load_ops(suites, only):
    wanted = set(only) if only else None
    ops, seen = [], set()
    for suite in suites:
        for op in gen_suite.load_suite(suite):
            if wanted is not None and op["id"] not in wanted and op["sym"] not in wanted:
                continue
            op = dict(op, suite=suite)
            op["elt"] = gen_suite.DTYPES[op["row"]["dtype"]]
            ops.append(op)
            seen.update((op["id"], op["sym"]))
    if wanted is not None:
        unknown = sorted(wanted - seen)
        if unknown:
            raise BenchError("unknown operator id(s) in suites %s: %s"
                             % (",".join(suites), ", ".join(unknown)))
    if not ops:
        raise BenchError("no operators selected")
    return ops


def is_matmul(op):
    return op["type"] in ("matmul", "matmul_tensorcore")


def matmul_mnk(op):
    p = op["row"]["p"]
    return int(p["M"]), int(p["N"]), int(p["K"])


# ----------------------------------------------------------------------------
# Roller
# ----------------------------------------------------------------------------

def run_roller(args, op, path, workdir):
    sym = op["sym"]
    rec = {"roller_status": "ok", "roller_reason": ""}
    select_ms, select_us, compile_ms, compile_proc, backend_ms = [], [], [], [], []
    report = os.path.join(workdir, sym + ".select.jsonl")
    ptx = os.path.join(workdir, sym + ".ptx")
    for rep in range(args.reps):
        if os.path.exists(report):
            os.remove(report)
        r = run_process([args.roller_opt, path,
                         "--roller-select=device=%s report=%s" % (args.device, report),
                         "-o", os.devnull] + TIMING_FLAGS, args.timeout)
        t = parse_timing(r.stderr) if r.rc == 0 else None
        if r.rc != 0 or t is None:
            rec["roller_status"] = "select failed"
            rec["roller_reason"] = failure_reason(r, "roller-opt") if r.rc != 0 else \
                "no --mlir-timing report"
            break
        select_ms.append(t[0] * 1e3)
        rec_us = select_us_from_report(report, sym)
        if rec_us is not None:
            select_us.append(rec_us)
    if rec["roller_status"] == "ok":
        for rep in range(args.reps):
            for old in ptx_files(ptx):
                os.remove(old)
            r = run_process([args.roller_opt, path, "--roller-tile=device=%s" % args.device,
                             "--convert-to-nvvm=ptx-file=%s" % ptx, "-o", os.devnull]
                            + TIMING_FLAGS, args.timeout)
            t = parse_timing(r.stderr) if r.rc == 0 else None
            if r.rc != 0 or t is None:
                rec["roller_status"] = "failed"
                rec["roller_reason"] = failure_reason(r, "roller-opt") if r.rc != 0 else \
                    "no --mlir-timing report"
                break
            compile_ms.append(t[0] * 1e3)
            backend_ms.append(pass_ms(t[1], [ROLLER_BACKEND_PASS]))
            compile_proc.append(r.wall)
    rec["roller_select_ms"] = median(select_ms)
    rec["roller_select_report_us"] = median(select_us)
    rec["roller_compile_ms"] = median(compile_ms) if rec["roller_status"] == "ok" else None
    rec["roller_process_s"] = median(compile_proc) if rec["roller_status"] == "ok" else None
    rec["roller_backend_ms"] = median(backend_ms) if rec["roller_status"] == "ok" else None
    rec["roller_kernels"] = rec["roller_threads"] = None
    rec["roller_ptxas_ms"] = None
    if rec["roller_status"] == "ok":
        files = ptx_files(ptx)
        rec["roller_kernels"] = sum(count_entries(f) for f in files)
        rec["roller_threads"] = launch_threads(os.path.join(workdir, sym + ".launch.json"))
        if args.ptxas and files:
            total = 0.0
            for f in files:
                r = run_process([args.ptxas, "-arch=" + CUDA_ARCH, f, "-o", os.devnull],
                                args.timeout)
                if r.rc != 0:
                    total = None
                    rec["roller_reason"] = "ptxas: " + failure_reason(r, "ptxas")
                    break
                total += r.wall
            rec["roller_ptxas_ms"] = total * 1e3 if total is not None else None
    return rec


def select_us_from_report(path, sym):
    try:
        records = sb.read_report(path)
    except (BenchError, OSError):
        return None
    for rec in records:
        if sym in str(rec.get("loc", "")) and ".init" not in str(rec.get("loc", "")) \
                and rec.get("supported") is True:
            value = rec.get("select_us")
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return float(value)
    return None


def ptx_files(ptx):
    base = ptx[:-4] if ptx.endswith(".ptx") else ptx
    return sorted(set(glob.glob(ptx) + glob.glob(glob.escape(base) + ".*.ptx")))


def launch_threads(path):
    """Threads per block of the first kernel in a --convert-to-nvvm launch description."""
    try:
        with open(path) as f:
            kernels = json.load(f)
        block = kernels[0]["block"]
        return block[0] * block[1] * block[2]
    except (OSError, ValueError, LookupError, TypeError):
        return None


def ptx_threads(path):
    """Threads per block of the first .maxntid in a PTX file."""
    with open(path) as f:
        for line in f:
            m = re.match(r"^\s*\.maxntid\s+(\d+)(?:,\s*(\d+))?(?:,\s*(\d+))?", line)
            if m:
                n = 1
                for g in m.groups():
                    n *= int(g) if g else 1
                return n
    return None


def count_entries(path):
    with open(path) as f:
        return sum(1 for line in f if re.match(r"^\s*(\.visible\s+|\.weak\s+)?\.entry\s", line))


# ----------------------------------------------------------------------------
# IREE
# ----------------------------------------------------------------------------

PROBE = """#map = affine_map<(d0) -> (d0)>
func.func @probe(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
"""


class IreeTarget(object):
    """How iree-compile is told to target CUDA sm_90."""

    def __init__(self, flags, attr, how):
        self.flags, self.attr, self.how = flags, attr, how

    def module_text(self, func_text):
        if self.attr is None:
            return func_text
        # Attribute aliases (#map = ...) stay at the top level, before the module.
        lines = func_text.splitlines(True)
        aliases = [l for l in lines if re.match(r"^#[\w.$-]+\s*=", l)]
        body = [l for l in lines if l not in aliases]
        return "%smodule attributes {hal.device.targets = [%s]} {\n%s}\n" % (
            "".join(aliases), self.attr, "".join(body))


def probe_iree(iree, workdir, timeout):
    """Finds how this iree-compile targets sm_90 (see docs/benchmarks.md)."""
    probe = os.path.join(workdir, "iree-probe.mlir")
    with open(probe, "w") as f:
        f.write(PROBE)
    flags = ["--iree-hal-target-device=cuda", "--iree-cuda-target=" + CUDA_ARCH]
    r = run_process([iree, probe, "-o", os.path.join(workdir, "iree-probe.vmfb")] + flags,
                    timeout)
    if r.rc == 0:
        return IreeTarget(flags, None, " ".join(flags))
    first = failure_reason(r, "iree-compile")
    # IREE's table of known CUDA targets stops at sm_87 (3.13): the flags give
    # sm_90 no GPU description ("missing GPU target"). Take the sm_80
    # description it has, and make it sm_90's: the architecture, PTX 8.0,
    # and sm_90's shared memory per block.
    r = run_process([iree, probe, "--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80",
                     "--compile-to=executable-sources"], timeout)
    m = re.search(r"#hal\.device\.target<\"cuda\".*?>\s*:\s*!hal\.device", r.stdout, re.S) \
        if r.rc == 0 else None
    if not m:
        raise BenchError("iree-compile cannot target %s: with %s it said: %s; and no sm_80 "
                         "target description could be read to adapt"
                         % (CUDA_ARCH, " ".join(flags), first))
    attr = m.group(0)
    attr = re.sub(r'arch = "sm_80"', 'arch = "%s"' % CUDA_ARCH, attr)
    attr = re.sub(r'features = "[^"]*"', 'features = "+ptx80"', attr)
    attr = re.sub(r"max_workgroup_memory_bytes = \d+",
                  "max_workgroup_memory_bytes = %d" % SM90_SMEM_PER_BLOCK, attr)
    if 'arch = "%s"' % CUDA_ARCH not in attr:
        raise BenchError("could not adapt IREE's sm_80 target description: %s" % attr[:300])
    target = IreeTarget([], attr,
                        "module attribute hal.device.targets: IREE's sm_80 description with "
                        "arch=%s, +ptx80, %d B shared memory per block (the flags %s fail: %s)"
                        % (CUDA_ARCH, SM90_SMEM_PER_BLOCK, " ".join(flags), first))
    with open(probe, "w") as f:
        f.write(target.module_text(PROBE))
    r = run_process([iree, probe, "-o", os.path.join(workdir, "iree-probe.vmfb")], timeout)
    if r.rc != 0:
        raise BenchError("iree-compile rejects the adapted sm_90 target: %s"
                         % failure_reason(r, "iree-compile"))
    return target


def run_iree(args, target, op, func_text, workdir):
    sym = op["sym"]
    path = os.path.join(workdir, sym + ".iree.mlir")
    with open(path, "w") as f:
        f.write(target.module_text(func_text))
    dump = os.path.join(workdir, sym + ".iree-binaries")
    rec = {"iree_status": "ok", "iree_reason": ""}
    times, procs, backend, codegen = [], [], [], []
    for rep in range(args.peer_reps):
        shutil.rmtree(dump, ignore_errors=True)
        r = run_process([args.iree_compile, path, "-o", os.path.join(workdir, sym + ".vmfb"),
                         "--iree-hal-dump-executable-binaries-to=" + dump]
                        + target.flags + TIMING_FLAGS, args.peer_timeout)
        t = parse_timing(r.stderr) if r.rc == 0 else None
        if r.rc != 0 or t is None:
            rec["iree_status"] = "failed"
            rec["iree_reason"] = failure_reason(r, "iree-compile") if r.rc != 0 else \
                "no --mlir-timing report"
            break
        times.append(t[0] * 1e3)
        backend.append(pass_ms(t[1], [IREE_BACKEND_PASS]))
        codegen.append(pass_ms(t[1], IREE_CODEGEN_PASSES))
        procs.append(r.wall)
    ok = rec["iree_status"] == "ok"
    rec["iree_compile_ms"] = median(times) if ok else None
    rec["iree_process_s"] = median(procs) if ok else None
    rec["iree_backend_ms"] = median(backend) if ok else None
    rec["iree_codegen_ms"] = median(codegen) if ok else None
    rec["iree_dispatches"] = rec["iree_ptx_target"] = rec["iree_threads"] = None
    if ok:
        files = sorted(glob.glob(os.path.join(dump, "*.ptx")))
        rec["iree_dispatches"] = sum(count_entries(f) for f in files)
        rec["iree_threads"] = ptx_threads(files[0]) if files else None
        targets = set()
        for f in files:
            with open(f) as fh:
                for line in fh:
                    if line.startswith(".target"):
                        targets.add(line.split()[1])
        rec["iree_ptx_target"] = "/".join(sorted(targets)) or None
    return rec


# ----------------------------------------------------------------------------
# Triton
# ----------------------------------------------------------------------------

def run_triton(args, ops, workdir):
    """{op id: record} for the matmul operators."""
    shapes = []
    for op in ops:
        if not is_matmul(op):
            continue
        m, n, k = matmul_mnk(op)
        shapes.append({"id": op["id"], "M": m, "N": n, "K": k,
                       "a": TRITON_DTYPES[op["elt"]], "c": "fp32"})
    if not shapes:
        return {}
    configs = [dict(zip(("BLOCK_SIZE_M", "BLOCK_SIZE_N", "BLOCK_SIZE_K", "GROUP_SIZE_M",
                         "num_stages", "num_warps"), c)) for c in TRITON_CONFIGS]
    job = {"target": ["cuda", 90, 32], "reps": args.peer_reps, "warmup": True,
           "configs": configs, "shapes": shapes}
    job_path = os.path.join(workdir, "triton-job.json")
    out_path = os.path.join(workdir, "triton-results.jsonl")
    with open(job_path, "w") as f:
        json.dump(job, f)
    env = dict(os.environ)
    env["TRITON_CACHE_DIR"] = os.path.join(workdir, "triton-cache")
    sys.stderr.write("compiling Triton's tutorial matmul: %d shapes x %d configurations ...\n"
                     % (len(shapes), len(configs)))
    timeout = args.peer_timeout * len(shapes) * len(configs) * args.peer_reps + 120
    r = run_process([args.venv_python, os.path.join(HERE, "triton_compile.py"), job_path,
                     out_path], timeout, env=env)
    records = []
    if os.path.exists(out_path):
        with open(out_path) as f:
            records = [json.loads(line) for line in f if line.strip()]
    if r.rc != 0 and not records:
        reason = failure_reason(r, "triton_compile.py")
        return {s["id"]: {"triton_status": "failed", "triton_reason": reason} for s in shapes}
    by_id = {}
    for s in shapes:
        recs = [x for x in records if x["id"] == s["id"]]
        by_id[s["id"]] = summarize_triton(recs, len(configs))
        by_id[s["id"]]["triton_raw"] = recs
    return by_id


def summarize_triton(recs, nconfigs):
    out = {"triton_status": "ok", "triton_reason": "", "triton_configs": nconfigs}
    ok = [r for r in recs if r.get("status") == "ok"]
    failed = [r for r in recs if r.get("status") != "ok"]
    if not recs:
        out.update(triton_status="failed", triton_reason="no result")
        return out
    if failed:
        out["triton_reason"] = "%d/%d configurations failed: %s" % (
            len({r["config"] for r in failed}), nconfigs, squash(failed[0].get("reason", "")))
        if not ok:
            out["triton_status"] = "failed"
            return out
    per_config_ptx, per_config_cubin, targets = {}, {}, set()
    for r in ok:
        to_ptx = sum(r.get(k, 0) for k in ("ir_initialization_us", "ttir_us", "ttgir_us",
                                            "llir_us", "ptx_us"))
        per_config_ptx.setdefault(r["config"], []).append(to_ptx / 1e3)
        per_config_cubin.setdefault(r["config"], []).append(r.get("cubin_us", 0) / 1e3)
        if r.get("ptx_target"):
            targets.add(r["ptx_target"])
    ptx = [median(v) for v in per_config_ptx.values()]
    cubin = [median(v) for v in per_config_cubin.values()]
    out["triton_ok_configs"] = len(ptx)
    out["triton_ptx_ms_mean"] = statistics.mean(ptx)
    out["triton_ptx_ms_total"] = sum(ptx)
    out["triton_cubin_ms_mean"] = statistics.mean(cubin)
    out["triton_ptx_target"] = "/".join(sorted(targets)) or None
    return out


# ----------------------------------------------------------------------------
# The virtual environment
# ----------------------------------------------------------------------------

def ensure_venv(args):
    venv = args.venv
    python = os.path.join(venv, "bin", "python")
    marker = os.path.join(venv, "roller-peers.txt")
    wanted = "%s\n%s\n" % (IREE_PACKAGE, TRITON_PACKAGE)
    have = open(marker).read() if os.path.exists(marker) else None
    if have == wanted and os.path.exists(python):
        return python
    if args.no_install:
        raise BenchError("no IREE/Triton virtual environment at %s (%s, %s); run without "
                         "--no-install to create it, or pass --roller-only"
                         % (venv, IREE_PACKAGE, TRITON_PACKAGE))
    if not os.path.exists(python):
        sys.stderr.write("creating %s ...\n" % venv)
        r = run_process([sys.executable, "-m", "venv", venv], 600)
        if r.rc != 0:
            raise BenchError("python3 -m venv %s failed: %s" % (venv, sb.tail(r.stderr, 5)))
    sys.stderr.write("installing %s and %s into %s (about 1.5 GB) ...\n"
                     % (IREE_PACKAGE, TRITON_PACKAGE, venv))
    r = run_process([python, "-m", "pip", "install", "--disable-pip-version-check", "-q",
                     IREE_PACKAGE, TRITON_PACKAGE], 3600)
    if r.rc != 0:
        raise BenchError("pip install %s %s failed: %s"
                         % (IREE_PACKAGE, TRITON_PACKAGE, sb.tail(r.stderr, 10)))
    with open(marker, "w") as f:
        f.write(wanted)
    return python


# ----------------------------------------------------------------------------
# Rows, summary and output
# ----------------------------------------------------------------------------

CSV_FIELDS = [
    "suite", "id", "type", "shape", "dtype",
    "roller_select_ms", "roller_select_report_us", "roller_compile_ms", "roller_backend_ms",
    "roller_process_s", "roller_kernels", "roller_threads", "roller_ptxas_ms", "roller_status",
    "roller_reason",
    "iree_compile_ms", "iree_codegen_ms", "iree_backend_ms", "iree_process_s", "iree_dispatches",
    "iree_threads", "iree_ptx_target", "iree_status", "iree_reason", "iree_over_roller",
    "iree_codegen_over_roller",
    "triton_configs", "triton_ok_configs", "triton_ptx_ms_mean", "triton_ptx_ms_total",
    "triton_cubin_ms_mean", "triton_ptx_target", "triton_status", "triton_reason",
    "triton_over_roller", "triton_all_over_roller",
]


def ratio(a, b):
    return a / b if a is not None and b is not None and b > 0 else None


def finish_row(row):
    r = row.get("roller_compile_ms")
    row["iree_over_roller"] = ratio(row.get("iree_compile_ms"), r)
    row["iree_codegen_over_roller"] = ratio(row.get("iree_codegen_ms"), r)
    row["triton_over_roller"] = ratio(row.get("triton_ptx_ms_mean"), r)
    row["triton_all_over_roller"] = ratio(row.get("triton_ptx_ms_total"), r)
    return row


def stats(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"n": len(values), "median": statistics.median(values),
            "mean": statistics.mean(values), "total": sum(values),
            "min": min(values), "max": max(values)}


def summarize(rows, args):
    s = {"operators": len(rows)}
    s["roller_select_ms"] = stats([r.get("roller_select_ms") for r in rows])
    s["roller_compile_ms"] = stats([r.get("roller_compile_ms") for r in rows])
    s["roller_failed"] = [(r["id"], r["roller_reason"]) for r in rows
                          if r.get("roller_status") != "ok"]
    ok = [r for r in rows if r.get("roller_compile_ms") is not None]
    if ok:
        slow = max(ok, key=lambda r: r["roller_compile_ms"])
        s["roller_slowest"] = (slow["id"], slow["roller_compile_ms"])
    s["roller_ptxas_ms"] = stats([r.get("roller_ptxas_ms") for r in rows])
    s["roller_backend_ms"] = stats([r.get("roller_backend_ms") for r in rows])
    s["roller_front_ms"] = stats([r["roller_compile_ms"] - r["roller_backend_ms"] for r in rows
                                  if r.get("roller_compile_ms") is not None
                                  and r.get("roller_backend_ms") is not None])
    if not args.no_iree:
        s["iree_compile_ms"] = stats([r.get("iree_compile_ms") for r in rows])
        s["iree_backend_ms"] = stats([r.get("iree_backend_ms") for r in rows])
        s["iree_codegen_ms"] = stats([r.get("iree_codegen_ms") for r in rows])
        s["iree_codegen_ratio"] = ratio_stats([r.get("iree_codegen_over_roller") for r in rows])
        s["iree_failed"] = [(r["id"], r["iree_reason"]) for r in rows
                            if r.get("iree_status") not in ("ok", None)]
        s["iree_ratio"] = ratio_stats([r.get("iree_over_roller") for r in rows])
    if not args.no_triton:
        mm = [r for r in rows if r.get("triton_status") is not None]
        s["triton_shapes"] = len(mm)
        s["triton_ptx_ms_mean"] = stats([r.get("triton_ptx_ms_mean") for r in mm])
        s["triton_ptx_ms_total"] = stats([r.get("triton_ptx_ms_total") for r in mm])
        s["triton_cubin_ms_mean"] = stats([r.get("triton_cubin_ms_mean") for r in mm])
        s["triton_failed"] = [(r["id"], r["triton_reason"]) for r in mm
                              if r.get("triton_status") != "ok"]
        s["triton_ratio"] = ratio_stats([r.get("triton_over_roller") for r in mm])
        s["triton_all_ratio"] = ratio_stats([r.get("triton_all_over_roller") for r in mm])
        # Over the same matmuls, Roller's own figures.
        s["roller_matmul_compile_ms"] = stats([r.get("roller_compile_ms") for r in mm
                                               if r.get("triton_ptx_ms_mean") is not None])
    return s


def ratio_stats(values):
    values = [v for v in values if v is not None and v > 0]
    if not values:
        return None
    return {"n": len(values), "geomean": sb.geomean(values),
            "median": statistics.median(values), "min": min(values), "max": max(values)}


def fnum(value, digits=None):
    if value is None:
        return "-"
    if digits is not None:
        return "%.*f" % (digits, value)
    if abs(value) >= 100:
        return "%.0f" % value
    if abs(value) >= 10:
        return "%.1f" % value
    return "%.2f" % value


def fratio(value):
    return "-" if value is None else ("%.1fx" % value if value >= 10 else "%.2fx" % value)


def status_cell(row, prefix, value_key):
    status = row.get(prefix + "_status")
    if status is None:
        return "n/a"
    if status != "ok" and row.get(value_key) is None:
        return status.replace(" ", "-")
    return fnum(row.get(value_key))


def table_cells(row, args):
    cells = [row["id"], sb.TYPE_SHORT.get(row["type"], row["type"]), row["shape"],
             fnum(row.get("roller_select_ms")),
             status_cell(row, "roller", "roller_compile_ms")]
    if not args.no_iree:
        cells += [status_cell(row, "iree", "iree_compile_ms"), fratio(row.get("iree_over_roller")),
                  status_cell(row, "iree", "iree_codegen_ms"),
                  fratio(row.get("iree_codegen_over_roller"))]
    if not args.no_triton:
        cells += [status_cell(row, "triton", "triton_ptx_ms_mean"),
                  fratio(row.get("triton_over_roller")),
                  fnum(row.get("triton_ptx_ms_total")),
                  fratio(row.get("triton_all_over_roller"))]
    return cells


def table_heads(args):
    heads = [("id", "<"), ("type", "<"), ("shape", "<"), ("select_ms", ">"),
             ("roller_ms", ">")]
    if not args.no_iree:
        heads += [("iree_ms", ">"), ("iree/roller", ">"), ("iree_cg_ms", ">"),
                  ("cg/roller", ">")]
    if not args.no_triton:
        heads += [("triton_ms", ">"), ("triton/roller", ">"), ("triton8_ms", ">"),
                  ("triton8/roller", ">")]
    return heads


def table_lines(rows, args):
    heads = table_heads(args)
    cells = [table_cells(r, args) for r in rows]
    widths = [max([len(h)] + [len(c[i]) for c in cells]) for i, (h, _) in enumerate(heads)]

    def line(values):
        return "  ".join(v.ljust(w) if heads[i][1] == "<" else v.rjust(w)
                         for i, (v, w) in enumerate(zip(values, widths))).rstrip()

    return [line([h for h, _ in heads]), line(["-" * w for w in widths])] + \
        [line(c) for c in cells]


def describe(st, unit="ms"):
    return ("median %s %s, mean %s %s, total %s %s over %d"
            % (fnum(st["median"]), unit, fnum(st["mean"]), unit, fnum(st["total"]), unit,
               st["n"]))


def describe_ratio(st):
    return ("geomean %s, median %s, range %s to %s over %d operators"
            % (fratio(st["geomean"]), fratio(st["median"]), fratio(st["min"]),
               fratio(st["max"]), st["n"]))


def summary_lines(s, args):
    out = ["operators: %d" % s["operators"]]
    if s["roller_select_ms"]:
        out.append("Roller --roller-select: " + describe(s["roller_select_ms"]))
    if s["roller_compile_ms"]:
        out.append("Roller --roller-tile --convert-to-nvvm: " + describe(s["roller_compile_ms"])
                   + "; slowest %s %s ms" % (s["roller_slowest"][0],
                                             fnum(s["roller_slowest"][1])))
    if s.get("roller_backend_ms"):
        out.append("  of which LLVM's NVPTX back end (%s): %s; the rest: %s"
                   % (ROLLER_BACKEND_PASS, describe(s["roller_backend_ms"]),
                      describe(s["roller_front_ms"])))
    if s.get("roller_ptxas_ms"):
        out.append("ptxas -arch=%s on Roller's PTX: %s" % (CUDA_ARCH,
                                                          describe(s["roller_ptxas_ms"])))
    for reason, ids in group_reasons(s["roller_failed"]):
        out.append("Roller failed on %d: %s (%s)" % (len(ids), ", ".join(ids), reason))
    if not args.no_iree:
        if s.get("iree_compile_ms"):
            out.append("IREE iree-compile (CUDA %s): %s" % (CUDA_ARCH,
                                                            describe(s["iree_compile_ms"])))
        if s.get("iree_codegen_ms"):
            out.append("  of which kernel code generation (%s): %s"
                       % (" + ".join(IREE_CODEGEN_PASSES), describe(s["iree_codegen_ms"])))
        if s.get("iree_backend_ms"):
            out.append("  of which LLVM's NVPTX back end (%s): %s"
                       % (IREE_BACKEND_PASS, describe(s["iree_backend_ms"])))
        if s.get("iree_ratio"):
            out.append("IREE/Roller compile time: " + describe_ratio(s["iree_ratio"]))
        if s.get("iree_codegen_ratio"):
            out.append("IREE kernel code generation/Roller: "
                       + describe_ratio(s["iree_codegen_ratio"]))
        for reason, ids in group_reasons(s.get("iree_failed", [])):
            out.append("IREE failed on %d: %s (%s)" % (len(ids), ", ".join(ids), reason))
    if not args.no_triton and s.get("triton_shapes"):
        if s.get("triton_ptx_ms_mean"):
            out.append("Triton tutorial matmul, one configuration to PTX: %s"
                       % describe(s["triton_ptx_ms_mean"]))
            out.append("Triton tutorial matmul, all %d configurations to PTX: %s"
                       % (len(TRITON_CONFIGS), describe(s["triton_ptx_ms_total"])))
            out.append("Triton cubin stage (ptxas), one configuration: %s"
                       % describe(s["triton_cubin_ms_mean"]))
        if s.get("roller_matmul_compile_ms"):
            out.append("Roller on the same matmuls: " + describe(s["roller_matmul_compile_ms"]))
        if s.get("triton_ratio"):
            out.append("Triton(1 configuration)/Roller: " + describe_ratio(s["triton_ratio"]))
        if s.get("triton_all_ratio"):
            out.append("Triton(%d configurations)/Roller: %s"
                       % (len(TRITON_CONFIGS), describe_ratio(s["triton_all_ratio"])))
        for reason, ids in group_reasons(s.get("triton_failed", [])):
            out.append("Triton failed on %d: %s (%s)" % (len(ids), ", ".join(ids), reason))
    return out


def group_reasons(pairs):
    groups = {}
    for op_id, reason in pairs:
        groups.setdefault(reason, []).append(op_id)
    return sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS, extrasaction="ignore",
                           lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({k: csv_value(r.get(k)) for k in CSV_FIELDS})


def csv_value(v):
    if v is None:
        return ""
    if isinstance(v, float):
        return "%.4g" % v if abs(v) < 1 else "%.4f" % v if abs(v) < 100 else "%.2f" % v
    return v


def group_label(row):
    if row["suite"] == "fp16":
        return "matmul f16 (fp16)"
    label = sb.TYPE_SHORT.get(row["type"], row["type"])
    return label if row["suite"] == "roller119" else "%s (%s)" % (label, row["suite"])


def by_type_lines(rows, args):
    """A markdown table by operator type: medians of times, geomeans of ratios."""
    cols = [("select", "roller_select_ms", "ms"), ("Roller", "roller_compile_ms", "ms")]
    if not args.no_iree:
        cols += [("IREE", "iree_compile_ms", "ms"), ("IREE/Roller", "iree_over_roller", "x"),
                 ("IREE codegen", "iree_codegen_ms", "ms"),
                 ("codegen/Roller", "iree_codegen_over_roller", "x")]
    if not args.no_triton:
        cols += [("Triton 1 config", "triton_ptx_ms_mean", "ms"),
                 ("Triton/Roller", "triton_over_roller", "x"),
                 ("Triton 8 configs", "triton_ptx_ms_total", "ms")]
    groups = {}
    for r in rows:
        groups.setdefault(group_label(r), []).append(r)
    out = ["| operators | n | " + " | ".join(
        "%s (%s)" % (h, "median ms" if u == "ms" else "geomean") for h, _, u in cols) + " |",
        "|---|---:|" + "---:|" * len(cols)]
    for label, rs in list(groups.items()) + [("all", rows)]:
        cells = [label, str(len(rs))]
        for _, key, unit in cols:
            values = [r.get(key) for r in rs if r.get(key) is not None]
            if not values:
                cells.append("-")
            elif unit == "ms":
                cells.append(fnum(statistics.median(values)))
            else:
                cells.append(fratio(sb.geomean(values)))
        out.append("| " + " | ".join(cells) + " |")
    return out


def markdown(rows, s, meta, args):
    out = ["### Compile time per operator: %s, device=%s, %s"
           % (",".join(meta["suites"]), meta["device"], meta["date"]), ""]
    out.append("Machine: %s; load average %s at the start, %s at the end. "
               "roller-opt at commit %s; %s. Run time %.0f s."
               % (meta["machine"], meta["load_start"], meta["load_end"], meta["commit"],
                  ", ".join(meta["versions"]), meta["run_s"]))
    if meta.get("iree_target"):
        out.append("")
        out.append("IREE target: %s." % meta["iree_target"])
    out.append("")
    out += by_type_lines(rows, args)
    out.append("")
    heads = table_heads(args)
    out.append("| " + " | ".join(h for h, _ in heads) + " |")
    out.append("|" + "|".join("---" if a == "<" else "---:" for _, a in heads) + "|")
    for r in rows:
        out.append("| " + " | ".join(table_cells(r, args)) + " |")
    out.append("")
    for line in summary_lines(s, args):
        out.append("- " + line)
    return "\n".join(out) + "\n"


def load_average():
    try:
        return "%.2f" % os.getloadavg()[0]
    except OSError:
        return "?"


# ----------------------------------------------------------------------------

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


def report(rows, s, meta, args):
    """Prints the table and summary; writes the files asked for."""
    print("Compile time per operator: suites %s, device=%s (times in ms; ratios are "
          "peer/Roller)" % (",".join(meta["suites"]), meta["device"]))
    print("%s; %s; load average %s -> %s" % (meta["date"], meta["machine"],
                                             meta["load_start"], meta["load_end"]))
    if meta.get("iree_target"):
        print("IREE targets %s through: %s" % (CUDA_ARCH, meta["iree_target"]))
    print()
    for line in table_lines(rows, args):
        print(line)
    print()
    for line in summary_lines(s, args):
        print(line)
    print("run time: %.1f s" % meta["run_s"])

    if args.csv:
        write_csv(args.csv, rows)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "summary": s, "rows": rows}, f, indent=1)
            f.write("\n")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(markdown(rows, s, meta, args))


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
