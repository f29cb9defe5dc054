"""Roller: roller-opt's selection alone, then its whole compile to PTX, and
ptxas on that PTX where ptxas is installed."""

import glob
import json
import os

from .common import CUDA_ARCH, BenchError, sb
from .processes import TIMING_FLAGS, count_entries, failure_reason, parse_timing, pass_ms, \
    run_process
from .summary import median

# The pass that runs LLVM's NVPTX back end (LLVM IR to PTX) in Roller's pipeline
# (roller-serialize-kernels, which replaces upstream's gpu-module-to-binary).
ROLLER_BACKEND_PASS = "RollerSerializeKernelsPass"


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
                             "--convert-to-nvvm", "--ptx-file=%s" % ptx, "-o", os.devnull]
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
