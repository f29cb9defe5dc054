"""Triton: triton.compile of the tutorial matmul, for each of its CUDA
autotuning configurations, on every matmul operator's shape. It runs
bench/compile/triton_compile.py under the virtual environment's Python."""

import json
import os
import statistics
import sys

from .common import HERE
from .operators import is_matmul, matmul_mnk
from .processes import failure_reason, run_process, squash
from .summary import median

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
