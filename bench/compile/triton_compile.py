#!/usr/bin/env python3
"""Compiles Triton's tutorial matmul for given shapes and configurations, without a GPU.

Run by bench/compile/run.py with the Python of its virtual environment (which
has the `triton` package); it is not meant to be run by hand, though it can be:

    .venv/bin/python triton_compile.py JOB.json RESULTS.jsonl

JOB.json holds {"target": ["cuda", 90, 32], "reps": N, "warmup": true,
"configs": [{"BLOCK_SIZE_M": .., "BLOCK_SIZE_N": .., "BLOCK_SIZE_K": ..,
"GROUP_SIZE_M": .., "num_warps": .., "num_stages": ..}, ...],
"shapes": [{"id": .., "M": .., "N": .., "K": .., "a": "fp32"|"fp16",
"c": "fp32"|"fp16"}, ...]}.

For every shape, configuration and repetition it calls
`triton.compile(ASTSource(...), target=GPUTarget(*target))` with the cache
bypassed (knobs.compilation.always_compile) and writes one JSON line to
RESULTS.jsonl: the shape id, the configuration index, the repetition, Triton's
own stage timings from its compilation listener (microseconds:
ir_initialization, ttir, ttgir, llir, ptx, cubin), the wall time of the call,
the kernel's shared memory and register count where Triton reports them, and
the PTX's `.target` line; or the error. With "ptx_dir" in JOB.json it also
writes each PTX there as ID-cCONFIG-rREP.ptx (its path in "ptx_file"; used by
bench/census). One untimed compile first loads and initializes Triton's
libraries (the first compile in a process is several seconds slower).

The kernel is the one in Triton's tutorial 03-matrix-multiplication.py (grouped
program ordering, K-masked loads, fp32 accumulator); its output is converted
to the element type of C (the tutorial writes fp16; the Roller suite's
matmuls produce f32). Integer arguments are specialized the way Triton's JIT
does at launch: a value of 1 becomes a constant and a multiple of 16 gets
tt.divisibility=16; the pointers are 16-byte aligned, as a framework's
allocations are.
"""

import json
import os
import sys
import tempfile
import time
import traceback

os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(prefix="roller-triton-cache-"))
# Keep Triton 3.9's default (FP fusion on) and silence its warning about it.
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")

import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from triton import knobs  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.compiler import ASTSource  # noqa: E402


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                  BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    c = accumulator.to(c_ptr.dtype.element_ty)
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


ARG_NAMES = ["a_ptr", "b_ptr", "c_ptr", "M", "N", "K", "stride_am", "stride_ak",
             "stride_bk", "stride_bn", "stride_cm", "stride_cn"]
META = ["BLOCK_SIZE_M", "BLOCK_SIZE_N", "BLOCK_SIZE_K", "GROUP_SIZE_M"]


def source(shape, config):
    m, n, k = shape["M"], shape["N"], shape["K"]
    # Row-major A[M,K], B[K,N], C[M,N].
    ints = {"M": m, "N": n, "K": k, "stride_am": k, "stride_ak": 1, "stride_bk": n,
            "stride_bn": 1, "stride_cm": n, "stride_cn": 1}
    signature = {"a_ptr": "*" + shape["a"], "b_ptr": "*" + shape["a"], "c_ptr": "*" + shape["c"]}
    constexprs, attrs = {}, {}
    for i, name in enumerate(ARG_NAMES):
        if name.endswith("_ptr"):
            attrs[(i,)] = [["tt.divisibility", 16]]
            continue
        value = ints[name]
        if value == 1:
            signature[name] = "constexpr"
            constexprs[name] = 1
            continue
        signature[name] = "i32"
        if value % 16 == 0:
            attrs[(i,)] = [["tt.divisibility", 16]]
    for name in META:
        signature[name] = "constexpr"
        constexprs[name] = config[name]
    return ASTSource(matmul_kernel, signature, constexprs, attrs)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: triton_compile.py JOB.json RESULTS.jsonl\n")
        return 2
    with open(argv[1]) as f:
        job = json.load(f)
    target = GPUTarget(*job["target"])
    times = []
    knobs.compilation.listener = lambda **kw: times.append(kw["times"])
    knobs.compilation.always_compile = True

    def compile_one(shape, config):
        options = {"num_warps": config["num_warps"], "num_stages": config["num_stages"]}
        del times[:]
        start = time.perf_counter()
        kernel = triton.compile(source(shape, config), target=target, options=options)
        wall = time.perf_counter() - start
        return kernel, wall, (times[-1] if times else None)

    out = open(argv[2], "w")
    if job.get("warmup", True) and job["shapes"] and job["configs"]:
        try:
            compile_one(job["shapes"][0], job["configs"][0])
        except Exception:  # the timed runs record the error
            pass
    for shape in job["shapes"]:
        for ci, config in enumerate(job["configs"]):
            for rep in range(job.get("reps", 1)):
                rec = {"id": shape["id"], "config": ci, "rep": rep}
                try:
                    kernel, wall, t = compile_one(shape, config)
                    rec["status"] = "ok"
                    rec["wall_us"] = int(wall * 1e6)
                    if t is not None:
                        rec["ir_initialization_us"] = t.ir_initialization
                        for stage, us in t.lowering_stages:
                            rec[stage + "_us"] = us
                    md = kernel.metadata
                    rec["shared"] = getattr(md, "shared", None)
                    rec["n_regs"] = getattr(kernel, "n_regs", None)
                    ptx = kernel.asm.get("ptx", "")
                    if job.get("ptx_dir"):  # bench/census reads the PTX itself
                        rec["ptx_file"] = os.path.join(
                            job["ptx_dir"], "%s-c%d-r%d.ptx" % (shape["id"], ci, rep))
                        with open(rec["ptx_file"], "w") as f:
                            f.write(ptx)
                    rec["ptx_target"] = next(
                        (line.split()[1] for line in ptx.splitlines()
                         if line.startswith(".target")), None)
                except Exception as e:  # record and keep going
                    rec["status"] = "failed"
                    rec["reason"] = ("%s: %s" % (type(e).__name__, e)).strip().splitlines()[0][:300]
                    rec["traceback"] = traceback.format_exc()[-2000:]
                out.write(json.dumps(rec) + "\n")
                out.flush()
    out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
