#!/usr/bin/env python3
"""A static census of the MMA loop of Roller's f16 GEMM kernels, next to Triton's.

For each kernel it compiles to PTX (no GPU needed) it prints one row: for the
innermost loop holding the MMAs, per iteration, the PTX instructions, MMAs
(m16n8k16 equivalents per warp), instructions per MMA, bar.syncs, MMAs per
barrier per warp, cp.asyncs and their bytes, ldmatrixes, 64- and 32-bit
integer arithmetic, branches and the rest (bench/census/ptx_census.py counts;
README.md beside this file defines each column); next to them the same loop
in SASS (bench/census/sass_census.py: ptxas -v, then nvdisasm): the kernel's
registers, the loop's SASS instructions, SASS instructions per MMA, carry
halves of 64-bit integer arithmetic and ptxas's unroll factor. Then the
issue's targets for Roller's 4096^3 GEMM, its SASS per MMA against Triton's
and the Roller/Triton ratios per MMA.

Rows:
- Roller: the f16 GEMM (f32 accumulate, linalg.fill 0.0 + linalg.matmul) at
  4096^3, 1024^3 and 40x72x24, and every function of bench/suite/fp16.mlir,
  on each of --devices, through roller-opt --roller-tile --convert-to-nvvm.
- Triton (unless --no-triton): its tutorial matmul at 4096^3 with the
  tutorial's first configuration, for sm_80 and sm_90, f32 and f16 output,
  compiled by bench/compile/triton_compile.py in bench/compile/.venv (made
  by bench/compile's ensure_venv the first time). sm_90 uses wgmma, flagged.

SASS: Roller's PTX is assembled by the CUDA toolkit's ptxas (--ptxas), as
Roller's own serialization does; Triton's by the ptxas Triton bundles and
runs for that architecture. nvdisasm comes from --nvdisasm, PATH,
$CUDA_HOME/bin or bench/census/.tools, which the first run fills with
`pip install --target` of the nvidia-cuda-nvdisasm wheel. Without either
tool the SASS columns print '-' and a line says why; --no-sass skips them.

    python3 bench/census/run.py [--no-triton] [--no-sass] [--devices a100,h200] [--json OUT]
"""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import ptx_census  # noqa: E402
import sass_census  # noqa: E402

# (name, M, N, K) of the GEMMs compiled on every device.
GEMMS = [("gemm 4096^3", 4096, 4096, 4096), ("gemm 1024^3", 1024, 1024, 1024),
         ("gemm 40x72x24", 40, 72, 24)]
TARGET_KERNEL = "gemm 4096^3"   # the kernel the targets are about
TARGET_DEVICES = ("a100", "h200")
MAX_INSTR_PER_MMA = 2.5
MIN_MMA_PER_BARRIER = 40.0
TARGETS_LINE = ("f16 GEMM 4096^3 (a100, h200): <= 2.5 PTX instructions per m16n8k16 MMA "
                "and <= 1 barrier per 40 MMAs per warp")
SUITE = os.path.join(REPO, "bench", "suite", "fp16.mlir")

# Triton tutorial 03-matrix-multiplication.py's first CUDA configuration
# (its best for fp16 on A100-class GPUs).
TRITON_CONFIG = {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 64,
                 "GROUP_SIZE_M": 8, "num_warps": 8, "num_stages": 3}
TRITON_ARCHS = [80, 90]
TRITON_OUTPUTS = [("fp32", "f32 out"), ("fp16", "f16 out")]
# The Triton row the Roller rows are compared with: mma.sync, f32 output like Roller's.
TRITON_BASELINE = ("sm_80", "f32 out")
# The ptxas options Triton 3.9's make_cubin adds (besides -lineinfo, which
# changes no code): a work-around of a ptxas 13.x bug.
TRITON_PTXAS_ARGS = ["--regAllocOptLevel=2"]


def gemm_mlir(m, n, k):
    return """func.func @gemm(%a: tensor<{m}x{k}xf16>, %b: tensor<{k}x{n}xf16>) -> tensor<{m}x{n}xf32> {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %r = linalg.matmul ins(%a, %b : tensor<{m}x{k}xf16>, tensor<{k}x{n}xf16>) outs(%c : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}
""".format(m=m, n=n, k=k)


def suite_functions(path):
    """[(name, module text)]: one module per func.func of a suite file (each
    function runs from its `func.func` line to the next line that is `}`)."""
    out, cur, name = [], None, None
    with open(path) as f:
        for line in f:
            if line.startswith("func.func @"):
                name, cur = line.split("@", 1)[1].split("(", 1)[0], [line]
            elif cur is not None:
                cur.append(line)
                if line.rstrip() == "}":
                    out.append((name, "".join(cur)))
                    cur = None
    return out


def row(source, kernel, device, status="ok", census=None, target=None, note=""):
    return {"source": source, "kernel": kernel, "device": device, "target": target,
            "status": status, "census": census, "note": note, "sass": None}


def ptx_target(text):
    return next((line.split()[1].rstrip(",") for line in text.splitlines()
                 if line.startswith(".target")), None)


class SassTools:
    """The tools of the SASS columns: nvdisasm, and Roller's ptxas (Triton's
    rows use Triton's own, see triton_ptxas); `why` says why there is no SASS
    census (None if there is one), `skip` that ptxas is not run either
    (--no-sass, or no ptxas for Roller's rows)."""

    def __init__(self, args):
        self.nvdisasm = self.ptxas = self.why = None
        self.skip = True
        self.used = {}   # who: ptxas, of the rows assembled, for the SASS line
        if args.no_sass:
            self.why = "--no-sass"
            return
        self.ptxas = sass_census.find_ptxas(args.ptxas)
        if not self.ptxas:
            self.why = "no ptxas" + (" at %s" % args.ptxas if args.ptxas else
                                     " in PATH, $CUDA_HOME/bin or /usr/local/cuda/bin")
            return
        self.skip = False
        self.nvdisasm, self.why = sass_census.find_nvdisasm(args.nvdisasm,
                                                            install=not args.no_install)

    def census(self, text, who, ptxas=None, ptxas_args=()):
        """({function: record} of sass_census.census_ptx, why there is no SASS
        census or None): without nvdisasm the records have ptxas -v's figures
        only; (None, why) if ptxas is not run or a tool fails."""
        if self.skip:
            return None, self.why
        ptxas = ptxas or self.ptxas
        self.used.setdefault(who, ptxas)
        try:
            return sass_census.census_ptx(text, ptxas, self.nvdisasm,
                                          ptxas_args=ptxas_args), self.why
        except sass_census.SassError as e:
            return None, str(e)

    def line(self):
        """The line under the table that says how the SASS columns were made."""
        if self.skip or not self.used:
            return "SASS columns: - (%s)" % (self.why or "no PTX assembled")
        versions = {}
        for who, ptxas in self.used.items():
            versions.setdefault(ptxas, []).append(who)
        if self.why:
            head = "SASS columns: regs only, by ptxas -v (%s)" % self.why
        else:
            head = "SASS: ptxas -v, then nvdisasm %s (%s)" % (
                sass_census.tool_version(self.nvdisasm) or "?", self._name(self.nvdisasm))
        return "%s; %s" % (head, ", ".join(
            "ptxas %s (%s) for %s" % (sass_census.tool_version(p) or "?", self._name(p),
                                      " and ".join(who)) for p, who in versions.items()))

    @staticmethod
    def _name(path):
        """A tool's path: Triton's as "Triton's NAME", one in the repository relative to it."""
        if os.sep + os.path.join("triton", "backends", "nvidia", "bin") + os.sep in path:
            return "Triton's " + os.path.basename(path)
        return os.path.relpath(path, REPO) if path.startswith(REPO + os.sep) else path


def sass_record(result, why, function, single):
    """The row's "sass" dict: status ("ok", or why there is no SASS census),
    the ptxas -v figures, census, unroll."""
    if result is None:
        return {"status": why, "census": None}
    rec = result.get(function) or (next(iter(result.values())) if single and result else None)
    if rec is None:
        return {"status": "no function %s in the SASS" % function, "census": None}
    return dict(rec, status=why or "ok")


def rows_of_ptx(source, kernel, device, text, note="", sass=None, who=None, ptxas=None,
                ptxas_args=()):
    """A row per kernel of a PTX module that has an MMA loop (a failed row if none),
    with its SASS census when `sass` (SassTools) is given."""
    target = ptx_target(text)
    censuses = ptx_census.census_ptx(text)
    result, why = sass.census(text, who or source, ptxas, ptxas_args) if sass else (None, None)
    if not censuses:
        r = row(source, kernel, device, "no MMA loop", target=target, note=note)
        if sass:
            r["sass"] = sass_record(result, why, None, True)
        return [r]
    out = []
    for c in censuses:
        name = kernel if len(censuses) == 1 else "%s %s" % (kernel, c["function"])
        r = row(source, name, device, census=c, target=target, note=note)
        if sass:
            r["sass"] = sass_record(result, why, c["function"], len(censuses) == 1)
        out.append(r)
    return out


def compile_roller(args, name, mlir, device, workdir, sass):
    base = os.path.join(workdir, "roller-%s-%s" % (name.replace(" ", "_").replace("^", ""),
                                                   device))
    with open(base + ".mlir", "w") as f:
        f.write(mlir)
    cmd = [args.roller_opt, base + ".mlir", "--roller-attach-device=device=" + device,
           "--roller-tile", "--convert-to-nvvm", "--ptx-file=" + base + ".ptx", "-o", os.devnull]
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        return [row("roller", name, device, "failed: %s" % e)]
    if proc.returncode != 0 or not os.path.exists(base + ".ptx"):
        last = [l for l in proc.stderr.splitlines() if "error" in l] or proc.stderr.splitlines()
        return [row("roller", name, device, "failed: exit %s: %s"
                    % (proc.returncode, (last[-1] if last else "")[:200]))]
    with open(base + ".ptx") as f:
        return rows_of_ptx("roller", name, device, f.read(), sass=sass)


def roller_rows(args, workdir, sass):
    kernels = [(name, gemm_mlir(m, n, k)) for name, m, n, k in GEMMS]
    kernels += suite_functions(SUITE)
    return [r for device in args.devices for name, mlir in kernels
            for r in compile_roller(args, name, mlir, device, workdir, sass)]


def triton_ptxas(args, arch):
    """The ptxas Triton assembles with for an architecture (its bundled ptxas
    below sm_90, ptxas-blackwell from sm_90 on, as Triton 3.9's get_ptxas),
    or None if the virtual environment has none."""
    name = "ptxas" if arch < 90 else "ptxas-blackwell"
    paths = glob.glob(os.path.join(args.venv, "lib", "python*", "site-packages", "triton",
                                   "backends", "nvidia", "bin", name))
    return next((p for p in sorted(paths) if os.access(p, os.X_OK)), None)


def triton_rows(args, workdir, sass):
    """Triton's rows, compiled by bench/compile/triton_compile.py in its venv."""
    sys.path.insert(0, os.path.join(REPO, "bench", "compile"))
    from compile_bench.common import BenchError
    from compile_bench.peers_venv import ensure_venv
    kernel = "gemm 4096^3"
    failed = [row("triton", "%s %s" % (kernel, out), "-", target="sm_%d" % arch)
              for arch in TRITON_ARCHS for _, out in TRITON_OUTPUTS]
    try:
        python = ensure_venv(args)
    except BenchError as e:
        for r in failed:
            r["status"] = "failed: %s" % e
        return failed
    rows = []
    for arch in TRITON_ARCHS:
        ptx_dir = os.path.join(workdir, "triton-sm%d" % arch)
        os.makedirs(ptx_dir, exist_ok=True)
        job = {"target": ["cuda", arch, 32], "reps": 1, "warmup": False, "ptx_dir": ptx_dir,
               "configs": [TRITON_CONFIG],
               "shapes": [{"id": c, "M": 4096, "N": 4096, "K": 4096, "a": "fp16", "c": c}
                          for c, _ in TRITON_OUTPUTS]}
        job_path = os.path.join(workdir, "triton-job-sm%d.json" % arch)
        out_path = os.path.join(workdir, "triton-results-sm%d.jsonl" % arch)
        with open(job_path, "w") as f:
            json.dump(job, f)
        env = dict(os.environ, TRITON_CACHE_DIR=os.path.join(workdir, "triton-cache"))
        try:
            proc = subprocess.run(
                [python, os.path.join(REPO, "bench", "compile", "triton_compile.py"),
                 job_path, out_path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                universal_newlines=True, timeout=900, env=env)
            err = proc.stderr.strip().splitlines()[-1:] if proc.returncode else []
        except (OSError, subprocess.TimeoutExpired) as e:
            err = [str(e)]
        recs = {}
        if os.path.exists(out_path):
            with open(out_path) as f:
                recs = {r["id"]: r for r in map(json.loads, f) if r}
        for c, out in TRITON_OUTPUTS:
            name = "%s %s" % (kernel, out)
            rec = recs.get(c)
            if not rec or rec.get("status") != "ok":
                reason = (rec or {}).get("reason") or (err[0] if err else "no result")
                rows.append(row("triton", name, "-", "failed: %s" % reason[:200],
                                target="sm_%d" % arch))
                continue
            # Triton's rows are assembled by Triton's ptxas (the toolkit's if it has none).
            ptxas = triton_ptxas(args, arch)
            who = "triton sm_%d" % arch + ("" if ptxas else " (no Triton ptxas)")
            with open(rec["ptx_file"]) as f:
                new = rows_of_ptx("triton", name, "-", f.read(), sass=sass, who=who,
                                  ptxas=ptxas, ptxas_args=TRITON_PTXAS_ARGS if ptxas else ())
            for r in new:
                if r["census"] and r["census"]["wgmma"]:
                    r["note"] = "wgmma (not mma.sync): %s" % wgmma_note(r["census"])
            rows += new
    return rows


def wgmma_note(c):
    n = sum(b["counts"]["mma"] for b in c["blocks"])
    ops = ",".join(op.split(".")[4] if len(op.split(".")) > 4 else op for op in c["mma_ops"])
    return "%d x %s = %s m16n8k16 per warp" % (n, ops, ptx_census.fmt(c["per_iteration"]["mma_eq"]))


def notes(r, sass_why=None):
    """The notes column: conditional blocks, MMAs left outside the loop, flags;
    then the SASS's: what went wrong (unless it is `sass_why`, said once under
    the table), a loop ptxas unrolled completely, spills."""
    c, parts = r["census"], []
    if r["note"]:
        parts.append(r["note"])
    if c:
        cond = ["%s (%d instr, %d cp.async)" % (b["label"] or "line %d" % b["line"],
                                                 b["counts"]["instr"], b["counts"]["cp_async"])
                for b in c["blocks"] if b["conditional"]]
        if cond:
            parts.append("conditional: " + ", ".join(cond))
        if c["mma_eq_outside_loop"]:
            parts.append("%s MMAs outside the loop" % ptx_census.fmt(c["mma_eq_outside_loop"]))
    s = r.get("sass")
    if not s:
        return "; ".join(parts)
    if s["status"] != "ok" and s["status"] != sass_why:
        parts.append("sass: %s" % s["status"])
    if s["status"] == "ok" and c and sass_census.no_loop_note(s):
        parts.append(sass_census.no_loop_note(s))
    sc = s.get("census")
    if sc and c and sc["mma_eq_outside_loop"] and not c["mma_eq_outside_loop"]:
        parts.append("%s SASS MMAs outside the loop"
                     % ptx_census.fmt(sc["mma_eq_outside_loop"]))
    if s.get("spill_stores") or s.get("spill_loads"):
        parts.append("ptxas spills %d B (stores) %d B (loads)" % (s["spill_stores"],
                                                                   s["spill_loads"]))
    return "; ".join(parts)


COLUMNS = [("source", "l"), ("kernel", "l"), ("device", "l"), ("ptx", "l"), ("instr", "r"),
           ("mma", "r"), ("instr/mma", "r"), ("bar", "r"), ("mma/bar", "r"), ("cp.async", "r"),
           ("B/cp", "r"), ("ldmatrix", "r"), ("i64", "r"), ("i32", "r"), ("bra", "r"),
           ("other", "r"), ("regs", "r"), ("sass", "r"), ("sass/mma", "r"), ("x64", "r"),
           ("unroll", "r"), ("notes", "l")]
SASS_COLUMNS = 5   # regs .. unroll


def sass_cells(r):
    """regs, sass, sass/mma, x64, unroll ('-' where there is no figure)."""
    s, f = r.get("sass") or {}, ptx_census.fmt
    c = s.get("census")
    regs = f(s.get("registers"))
    if not c:
        return [regs] + ["-"] * (SASS_COLUMNS - 1)
    p = c["per_iteration"]
    return [regs, str(p["instr"]), f(c["instr_per_mma"]), str(p["x64"]), f(s.get("unroll"))]


def cells(r, sass_why=None):
    c = r["census"]
    head = [r["source"], r["kernel"], r["device"], r["target"] or "-"]
    if not c:
        return head + ["-"] * (len(COLUMNS) - 5 - SASS_COLUMNS) + sass_cells(r) + \
            ["; ".join([r["status"]] + ([notes(r, sass_why)] if notes(r, sass_why) else []))]
    p, f = c["per_iteration"], ptx_census.fmt
    return head + [str(p["instr"]), f(p["mma_eq"]), f(c["instr_per_mma"]), str(p["bar"]),
                   f(c["mma_per_barrier"]), str(p["cp_async"]),
                   ",".join(str(s) for s in c["cp_async_sizes"]) or "-", str(p["ldmatrix"]),
                   str(p["int64"]), str(p["int32"]), str(p["branch"]), str(p["other"])] + \
        sass_cells(r) + [notes(r, sass_why)]


def table(rows, sass_why=None):
    body = [cells(r, sass_why) for r in rows]
    widths = [max([len(h)] + [len(b[i]) for b in body]) for i, (h, _) in enumerate(COLUMNS)]

    def line(values):
        out = [v.ljust(w) if a == "l" else v.rjust(w)
               for v, w, (_, a) in zip(values, widths, COLUMNS)]
        return "  ".join(out[:-1] + [values[-1]]).rstrip()
    rule = ["-" * w for w in widths[:-1]] + ["-----"]
    return [line([h for h, _ in COLUMNS]), line(rule)] + [line(b) for b in body]


def target_results(rows):
    """PASS/FAIL of the issue's targets for each Roller 4096^3 row on a100/h200."""
    out = []
    for r in rows:
        if r["source"] != "roller" or not r["kernel"].startswith(TARGET_KERNEL) \
                or r["device"] not in TARGET_DEVICES:
            continue
        c = r["census"]
        ipm = c["instr_per_mma"] if c else None
        mpb = c["mma_per_barrier"] if c else None
        if c and mpb is None and c["per_iteration"]["mma_eq"]:
            mpb = float("inf")   # no barrier in the loop at all
        out.append({"kernel": r["kernel"], "device": r["device"], "instr_per_mma": ipm,
                    "mma_per_barrier": mpb,
                    "instr_pass": ipm is not None and ipm <= MAX_INSTR_PER_MMA,
                    "barrier_pass": mpb is not None and mpb >= MIN_MMA_PER_BARRIER})
    return out


def per_mma(c, key):
    mma = c["per_iteration"]["mma_eq"]
    return c["per_iteration"][key] / mma if mma else None


RATIO_KEYS = [("instr", "instr"), ("bar", "bar.sync"), ("cp_async", "cp.async"),
              ("cp_async_bytes", "cp.async bytes"), ("ldmatrix", "ldmatrix"), ("int64", "i64"), ("int32", "i32"), ("other", "other")]


def triton_baseline(rows):
    """Triton's sm_80 f32-output row (with a census), or None."""
    return next((r for r in rows if r["source"] == "triton" and r["census"]
                 and (r["target"], r["kernel"].split(" ", 2)[-1]) == TRITON_BASELINE), None)


def ratios(rows):
    """Roller/Triton per MMA for each Roller 4096^3 row, against Triton's sm_80 f32 row."""
    base = triton_baseline(rows)
    if not base:
        return []
    out = []
    for r in rows:
        if r["source"] != "roller" or not r["census"] or not r["kernel"].startswith(TARGET_KERNEL):
            continue
        rec = {"kernel": r["kernel"], "device": r["device"],
               "versus": "triton %s %s" % (base["kernel"], base["target"])}
        for key, _ in RATIO_KEYS:
            a, b = per_mma(r["census"], key), per_mma(base["census"], key)
            rec[key] = a / b if a is not None and b else None
        out.append(rec)
    return out


def sass_ratios(rows):
    """Roller's 4096^3 SASS per MMA (and 64-bit carry halves per MMA, registers)
    next to Triton's sm_80 f32 row's, when both have a SASS census."""
    base = triton_baseline(rows)
    bs = (base.get("sass") or {}) if base else {}
    if not bs.get("census"):
        return []
    out = []
    for r in rows:
        s = r.get("sass") or {}
        if r["source"] != "roller" or not r["kernel"].startswith(TARGET_KERNEL) \
                or not s.get("census"):
            continue
        a, b = s["census"], bs["census"]
        out.append({"kernel": r["kernel"], "device": r["device"],
                    "versus": "triton %s %s" % (base["kernel"], base["target"]),
                    "sass_per_mma": a["instr_per_mma"],
                    "versus_sass_per_mma": b["instr_per_mma"],
                    "sass": a["instr_per_mma"] / b["instr_per_mma"]
                    if a["instr_per_mma"] and b["instr_per_mma"] else None,
                    "x64_per_mma": a["x64_per_mma"], "versus_x64_per_mma": b["x64_per_mma"],
                    "x64": a["x64_per_mma"] / b["x64_per_mma"]
                    if a["x64_per_mma"] is not None and b["x64_per_mma"] else None,
                    "registers": s.get("registers"), "versus_registers": bs.get("registers")})
    return out


def report(rows, targets, ratio_recs, sass_recs=(), sass=None):
    why = sass.why if sass else None
    lines = table(rows, why) + ([sass.line()] if sass else [])
    lines += ["", "targets: " + TARGETS_LINE]
    f = ptx_census.fmt
    for t in targets:
        lines.append("  roller %s %s: %s instr/MMA %s, %s MMAs/barrier %s" % (
            t["kernel"], t["device"], f(t["instr_per_mma"]),
            "PASS" if t["instr_pass"] else "FAIL", f(t["mma_per_barrier"]),
            "PASS" if t["barrier_pass"] else "FAIL"))
    if not targets:
        lines.append("  (no Roller %s row on a100/h200)" % TARGET_KERNEL)
    if sass_recs:
        s0 = sass_recs[0]
        lines += ["", "SASS per MMA, Roller/Triton (%s: %s SASS instr/MMA, %s x64/MMA, %s "
                  "registers; > 1: Roller issues more):" % (
                      s0["versus"], f(s0["versus_sass_per_mma"]), f(s0["versus_x64_per_mma"]),
                      f(s0["versus_registers"]))]
        for rec in sass_recs:
            lines.append("  roller %s %s: %s SASS instr/MMA = %s, %s x64/MMA = %s, %s registers"
                         % (rec["kernel"], rec["device"], f(rec["sass_per_mma"]),
                            f(rec["sass"]) + "x" if rec["sass"] is not None else "-",
                            f(rec["x64_per_mma"]),
                            f(rec["x64"]) + "x" if rec["x64"] is not None else "-",
                            f(rec["registers"])))
    if ratio_recs:
        lines += ["", "Roller/Triton per MMA (%s; > 1: Roller issues more):"
                  % ratio_recs[0]["versus"]]
        for rec in ratio_recs:
            lines.append("  roller %s %s: " % (rec["kernel"], rec["device"]) + ", ".join(
                "%s %s" % (label, f(rec[key]) + "x" if rec[key] is not None else "-")
                for key, label in RATIO_KEYS))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--roller-opt", default=os.path.join(REPO, "build", "bin", "roller-opt"),
                    help="roller-opt to compile with (default build/bin/roller-opt)")
    ap.add_argument("--devices", default="a100,h200",
                    help="comma-separated devices for --roller-attach-device (default a100,h200)")
    ap.add_argument("--no-triton", action="store_true", help="Roller's rows only")
    ap.add_argument("--json", help="write the rows, targets and ratios to this file")
    ap.add_argument("--work-dir", help="keep the MLIR and PTX here (default: a temporary folder)")
    ap.add_argument("--venv", default=os.path.join(REPO, "bench", "compile", ".venv"),
                    help="the IREE/Triton virtual environment of bench/compile")
    ap.add_argument("--no-install", action="store_true",
                    help="fail instead of creating the virtual environment (and do not "
                    "install nvdisasm into bench/census/.tools)")
    ap.add_argument("--no-sass", action="store_true",
                    help="no SASS columns (no ptxas, no nvdisasm)")
    ap.add_argument("--ptxas", help="ptxas for Roller's SASS (default: PATH, $CUDA_HOME/bin, "
                    "/usr/local/cuda/bin; Triton's rows use Triton's own)")
    ap.add_argument("--nvdisasm", help="nvdisasm for the SASS (default: PATH, $CUDA_HOME/bin, "
                    "bench/census/.tools, which the first run fills with pip)")
    args = ap.parse_args(argv)
    args.devices = [d for d in args.devices.split(",") if d]
    if not os.access(args.roller_opt, os.X_OK):
        ap.error("no roller-opt at %s (build it, or pass --roller-opt)" % args.roller_opt)
    start = time.time()
    workdir = args.work_dir or tempfile.mkdtemp(prefix="roller-census-")
    os.makedirs(workdir, exist_ok=True)
    sass = SassTools(args)
    try:
        rows = roller_rows(args, workdir, sass)
        if not args.no_triton:
            rows += triton_rows(args, workdir, sass)
    finally:
        if not args.work_dir:
            shutil.rmtree(workdir, ignore_errors=True)
    targets, ratio_recs, sass_recs = target_results(rows), ratios(rows), sass_ratios(rows)
    elapsed = time.time() - start
    print("Static census of the MMA loop, per iteration (counts of PTX instructions, "
          "then SASS: regs .. unroll; mma in m16n8k16 per warp)")
    print("\n".join(report(rows, targets, ratio_recs, sass_recs, sass)))
    print("run time: %.1f s" % elapsed)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": rows, "targets": targets, "ratios": ratio_recs,
                       "sass_ratios": sass_recs, "sass_line": sass.line(),
                       "targets_line": TARGETS_LINE, "run_time_s": elapsed}, f, indent=1)
    return 1 if any(r["status"].startswith("failed") for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
