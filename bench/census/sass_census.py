#!/usr/bin/env python3
"""A static census of the SASS loop that holds a kernel's tensor-core MMAs.

The PTX census (ptx_census.py) counts what the compiler front end asks for;
this one counts what the GPU executes: it assembles the PTX with ptxas
(`-arch=` the PTX's `.target`, `-v`), disassembles the cubin with nvdisasm
(`-c`) and, for each function, counts one iteration of the innermost SASS
loop around the MMAs. ptxas splits every 64-bit integer add into two
instructions (the high half adds the carry: `IADD3.X`, `IMAD.X`, `LEA.HI.X`;
64-bit compares chain `.EX`), folds or adds moves, schedules, and may unroll
a loop, so the two censuses differ.

The loop: in SASS a loop is a backward branch to a label at or before it (its
range runs from the label to the last branch back to it; a loop is laid out
contiguously by ptxas). Of the loops holding MMAs the outermost with the most
MMAs is taken, then, while loops with MMAs lie inside it, the one of those
with the most MMAs (the smallest on a tie), so the result is the innermost
loop around the MMAs, as in the PTX census. One iteration counts every
instruction of the range once (the steady state of a pipelined loop whose
prefetch block is skipped near the end); instructions that a forward branch
inside the loop can skip are reported as conditional.

Per iteration it reports (also in bench/census/README.md):
- instr: SASS instructions; mma_eq: MMAs in m16n8k16 equivalents per warp
  (`HMMA.16816` is one m16n8k16 per warp, `HMMA.1688` half of one; a Hopper
  `HGMMA.64xNx16` is issued by the four warps of a warpgroup: 64*N*16/(4*2048)
  per warp, as the PTX census counts wgmma), instr_per_mma;
- hmma (HMMA or HGMMA instructions), ldsm (`LDSM`), ldgsts (`LDGSTS`, the
  copies of cp.async), bar (`BAR`, not `DEPBAR`/`MEMBAR`), bra (branches);
- x64: the carry halves of 64-bit integer arithmetic, instructions whose
  opcode has a `.X` or `.EX` modifier;
- unroll: the SASS loop's MMAs over the PTX loop's (ptx_census.py on the same
  PTX), 1 unless ptxas unrolled the loop; per-MMA figures hold either way;
- from `ptxas -v`: registers, spill stores and loads (bytes), stack frame.

Use as a module (census_sass(listing), census_ptx(text, ptxas, nvdisasm)) or
from the command line:
    python3 sass_census.py KERNEL.ptx [--json] [--ptxas PATH] [--nvdisasm PATH] [--no-install]
    python3 sass_census.py --sass LISTING.sass [--json]   # an nvdisasm -c listing
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ptx_census  # noqa: E402

# Where find_nvdisasm installs nvdisasm when it finds none (bench/census/.tools).
TOOLS_DIR = os.path.join(HERE, ".tools")
# The PyPI wheel with nvdisasm (nvidia/cu13/bin/nvdisasm inside).
NVDISASM_PACKAGE = "nvidia-cuda-nvdisasm==13.5.37"

_SECTION_RE = re.compile(r'^\s*\.section\s+\.text\.([^,\s]+)')
_INSTR_RE = re.compile(r'^\s*/\*([0-9a-fA-F]+)\*/\s*(.*?)\s*;')
_LABEL_RE = re.compile(r'^\s*([A-Za-z_.$][\w.$]*)\s*:\s*$')
_PRED_RE = re.compile(r'@!?U?P[0-9T]+\s+')
_TARGET_RE = re.compile(r'`\(([^)]+)\)')
_HMMA_SHAPES = {"16816": (16, 8, 16), "1688": (16, 8, 8), "884": (8, 8, 4),
                "16832": (16, 8, 32)}
_HGMMA_SHAPE_RE = re.compile(r'^(\d+)x(\d+)x(\d+)$')
BRANCH_OPS = {"BRA", "BRX", "JMP", "JMX", "CALL", "RET", "EXIT", "BRK", "CONT"}
# Every instruction lands in exactly one of these, so they add up to "instr".
CATEGORIES = ["hmma", "bar", "ldgsts", "ldsm", "x64", "bra", "other"]


class SassError(Exception):
    """ptxas or nvdisasm is missing or failed; the message says which and why."""


class Instr:
    def __init__(self, addr, text):
        self.addr = addr
        self.text = text
        m = _PRED_RE.match(text)
        self.pred = m.group(0).strip() if m else None
        rest = text[m.end():] if m else text
        parts = rest.split(None, 1)
        self.opcode = parts[0] if parts else ""
        self.operands = parts[1] if len(parts) > 1 else ""
        self.mods = self.opcode.split(".")[1:]

    @property
    def base(self):
        return self.opcode.split(".")[0]

    @property
    def target(self):
        """The label a branch goes to, or None."""
        if self.base not in ("BRA", "JMP"):
            return None
        m = _TARGET_RE.search(self.operands)
        return m.group(1) if m else None

    def __repr__(self):
        return "Instr(%r)" % self.text


class Function:
    def __init__(self, name):
        self.name = name
        self.instrs = []
        self.labels = {}   # label -> index of the instruction it precedes


def parse_sass(text):
    """The functions of an `nvdisasm -c` listing: one per `.text.NAME` section."""
    funcs, cur = [], None
    for line in text.splitlines():
        m = _SECTION_RE.match(line)
        if m:
            cur = Function(m.group(1))
            funcs.append(cur)
            continue
        if re.match(r'\s*(\.section\s|//--)', line):
            cur = None   # another section, or the SYMBOLS trailer
            continue
        if cur is None:
            continue
        m = _INSTR_RE.match(line)
        if m:
            body = m.group(2).strip().strip("{}").strip()
            if body:
                cur.instrs.append(Instr(int(m.group(1), 16), body))
            continue
        m = _LABEL_RE.match(line)
        if m:
            cur.labels[m.group(1)] = len(cur.instrs)
    return funcs


def mma_eq(instr):
    """m16n8k16 equivalents per warp of one SASS instruction (0 if it is no MMA)."""
    if instr.base == "HMMA":
        shape = _HMMA_SHAPES.get(instr.mods[0] if instr.mods else "")
        return shape[0] * shape[1] * shape[2] / 2048.0 if shape else 1.0
    if instr.base == "HGMMA":
        m = _HGMMA_SHAPE_RE.match(instr.mods[0] if instr.mods else "")
        if not m:
            return 1.0
        m_, n_, k_ = (int(x) for x in m.groups())
        return m_ * n_ * k_ / (4 * 2048.0)
    return 0.0


def category(instr):
    if instr.base in ("HMMA", "HGMMA"):
        return "hmma"
    if instr.base == "BAR":
        return "bar"
    if instr.base == "LDGSTS":
        return "ldgsts"
    if instr.base == "LDSM":
        return "ldsm"
    if "X" in instr.mods or "EX" in instr.mods:
        return "x64"
    if instr.base in BRANCH_OPS:
        return "bra"
    return "other"


def loops(func):
    """[(start, end)]: instruction index ranges (end inclusive) of the loops,
    one per label that a branch at or after it jumps back to."""
    ends = {}
    for i, instr in enumerate(func.instrs):
        start = func.labels.get(instr.target) if instr.target else None
        if start is not None and start <= i:
            ends[start] = max(ends.get(start, i), i)
    return sorted(ends.items())


def find_mma_loop(func):
    """(start, end) of the innermost loop around the most MMAs, or None."""
    weight = [mma_eq(i) for i in func.instrs]

    def mmas(r):
        return sum(weight[r[0]:r[1] + 1])
    cands = [r for r in loops(func) if mmas(r) > 0]
    found = None
    while cands:
        outer = [r for r in cands if not any(o != r and o[0] <= r[0] and r[1] <= o[1]
                                             for o in cands)]
        found = max(outer, key=lambda r: (mmas(r), -(r[1] - r[0])))
        cands = [r for r in cands if r != found and found[0] <= r[0] and r[1] <= found[1]]
    return found


def conditional(func, start, end):
    """Indexes in start..end that a forward branch inside the loop can skip."""
    out = set()
    for i in range(start, end + 1):
        instr = func.instrs[i]
        t = func.labels.get(instr.target) if instr.target else None
        if instr.pred and t is not None and i < t <= end + 1:
            out.update(range(i + 1, t))
    return out


def count(instrs):
    c = dict.fromkeys(CATEGORIES, 0)
    c["instr"] = len(instrs)
    c["mma_eq"] = 0.0
    for i in instrs:
        c[category(i)] += 1
        c["mma_eq"] += mma_eq(i)
    return c


def census_function(func):
    """The SASS census of one function's MMA loop (a dict), or None without one."""
    found = find_mma_loop(func)
    if not found:
        return None
    start, end = found
    body = func.instrs[start:end + 1]
    every = count(body)
    cond = conditional(func, start, end)
    mma = every["mma_eq"]
    total_mma = sum(mma_eq(i) for i in func.instrs)
    labels = {v: k for k, v in func.labels.items()}
    opcodes = {}
    for i in body:
        opcodes[i.base] = opcodes.get(i.base, 0) + 1
    return {
        "function": func.name,
        "header": labels.get(start),
        "start": "%04x" % body[0].addr,
        "end": "%04x" % body[-1].addr,
        "per_iteration": every,
        "conditional_instrs": len(cond),
        "mma_ops": sorted({i.opcode for i in body if mma_eq(i)}),
        "hgmma": any(i.base == "HGMMA" for i in body),
        "opcodes": dict(sorted(opcodes.items())),
        "mma_eq_outside_loop": total_mma - mma,
        "instr_per_mma": every["instr"] / mma if mma else None,
        "x64_per_mma": every["x64"] / mma if mma else None,
        "mma_per_barrier": mma / every["bar"] if every["bar"] else None,
    }


def kernel_counts(func):
    """The whole function's instructions (without the NOPs that pad its end) and MMAs."""
    n = len(func.instrs)
    while n and func.instrs[n - 1].base == "NOP":
        n -= 1
    return {"kernel_instr": n, "kernel_mma_eq": sum(mma_eq(i) for i in func.instrs)}


def no_loop_note(rec):
    """Why a function with MMAs has no SASS census, or None."""
    if rec.get("census") or not rec.get("kernel_mma_eq"):
        return None
    return "no SASS loop around the MMAs (ptxas unrolled it): %s MMAs in the kernel's %d " \
        "instructions" % (ptx_census.fmt(rec["kernel_mma_eq"]), rec["kernel_instr"])


def census_sass(text):
    """[census] for each function of an nvdisasm listing that has an MMA loop."""
    return [c for c in map(census_function, parse_sass(text)) if c]


_PTXAS_FUNC_RE = re.compile(r"(?:Compiling entry function|Function properties for) '?([^'\s]+)'?")
_PTXAS_REGS_RE = re.compile(r"Used (\d+) registers")
_PTXAS_FRAME_RE = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, "
                             r"(\d+) bytes spill loads")


def parse_ptxas_log(log):
    """{function: {"registers", "stack", "spill_stores", "spill_loads"}} of `ptxas -v`."""
    out, cur = {}, None
    for line in log.splitlines():
        m = _PTXAS_FUNC_RE.search(line)
        if m:
            cur = out.setdefault(m.group(1), {"registers": None, "stack": 0,
                                              "spill_stores": 0, "spill_loads": 0})
            continue
        if cur is None:
            continue
        m = _PTXAS_REGS_RE.search(line)
        if m:
            cur["registers"] = int(m.group(1))
        m = _PTXAS_FRAME_RE.search(line)
        if m:
            cur["stack"], cur["spill_stores"], cur["spill_loads"] = map(int, m.groups())
    return out


def ptx_target(text):
    """The `.target` of a PTX module (sm_80, sm_90a ...), or None."""
    m = re.search(r'^\s*\.target\s+(\w+)', text, re.M)
    return m.group(1) if m else None


def tool_version(path):
    """"13.0" from `PATH --version` ("release 13.0, V13.0.88"), or None."""
    try:
        out = subprocess.run([path, "--version"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, universal_newlines=True,
                             timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r'release (\d+\.\d+)', out)
    return m.group(1) if m else None


def find_tool(name, given=None, extra=()):
    """The path of a CUDA tool: `given`, else PATH, else $CUDA_HOME/bin, else
    the paths in `extra` (globs); None if none is executable."""
    if given:
        return given if os.access(given, os.X_OK) else None
    found = shutil.which(name)
    if found:
        return found
    dirs = [os.path.join(os.environ[v], "bin") for v in ("CUDA_HOME", "CUDA_PATH", "CUDA_ROOT")
            if os.environ.get(v)]
    for path in [os.path.join(d, name) for d in dirs] + \
            [p for pattern in extra for p in sorted(glob.glob(pattern))]:
        if os.access(path, os.X_OK):
            return path
    return None


def find_ptxas(given=None):
    return find_tool("ptxas", given, ["/usr/local/cuda/bin/ptxas"])


def find_nvdisasm(given=None, install=True, log=sys.stderr):
    """(path, None) of nvdisasm, or (None, why not).

    --nvdisasm PATH (`given`), else PATH, else $CUDA_HOME/bin, else
    bench/census/.tools, which `install` fills with `python3 -m pip install
    --target` of the nvidia-cuda-nvdisasm wheel when it holds none."""
    if given:
        path = find_tool("nvdisasm", given)
        return (path, None) if path else (None, "--nvdisasm %s is not executable" % given)
    tools = os.path.join(TOOLS_DIR, "nvidia", "*", "bin", "nvdisasm")
    path = find_tool("nvdisasm", None, [tools])
    if path or not install:
        return (path, None) if path else (
            None, "no nvdisasm in PATH, $CUDA_HOME/bin or bench/census/.tools")
    if log:
        log.write("installing %s into %s ...\n" % (NVDISASM_PACKAGE, TOOLS_DIR))
        log.flush()
    try:
        proc = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                               "--disable-pip-version-check", "--no-deps", "--target",
                               TOOLS_DIR, NVDISASM_PACKAGE],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True, timeout=600)
        err = proc.stdout.strip().splitlines()[-1:] if proc.returncode else []
    except (OSError, subprocess.TimeoutExpired) as e:
        err = [str(e)]
    for p in glob.glob(tools):   # pip may drop the executable bit
        if not os.access(p, os.X_OK):
            os.chmod(p, 0o755)
    path = find_tool("nvdisasm", None, [tools])
    if path:
        return path, None
    return None, "no nvdisasm, and pip could not install %s%s" % (
        NVDISASM_PACKAGE, ": " + err[0][:200] if err else "")


def _short(text, limit=200):
    """The first error line of a tool's output, without the tool's and file's names."""
    lines = [re.sub(r'^\S+ \S+, (line \d+); ', r'\1: ', " ".join(l.split()))
             for l in text.strip().splitlines() if l.strip()]
    errs = [l for l in lines if "error" in l.lower() or "fatal" in l.lower()]
    return ((errs or lines or [""])[0])[:limit]


def _failed(tool, proc):
    why = _short(proc.stderr + proc.stdout)
    return "%s failed (exit %d)%s" % (tool, proc.returncode, ": " + why if why else "")


def assemble(text, ptxas, nvdisasm, target=None, ptxas_args=()):
    """(nvdisasm listing, ptxas -v log) of a PTX module (listing None without
    `nvdisasm`); SassError if a tool fails."""
    target = target or ptx_target(text)
    if not target:
        raise SassError("no .target in the PTX")
    tmp = tempfile.mkdtemp(prefix="roller-sass-")
    try:
        ptx, cubin = os.path.join(tmp, "k.ptx"), os.path.join(tmp, "k.cubin")
        with open(ptx, "w") as f:
            f.write(text)
        cmd = [ptxas, "-arch=" + target, "-v"] + list(ptxas_args) + [ptx, "-o", cubin]
        try:
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  universal_newlines=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise SassError("ptxas: %s" % e)
        if proc.returncode != 0 or not os.path.exists(cubin):
            raise SassError(_failed("ptxas", proc))
        log = proc.stdout + proc.stderr
        if not nvdisasm:
            return None, log
        try:
            proc = subprocess.run([nvdisasm, "-c", cubin], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, universal_newlines=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise SassError("nvdisasm: %s" % e)
        if proc.returncode != 0:
            raise SassError(_failed("nvdisasm", proc))
        return proc.stdout, log
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def census_ptx(text, ptxas, nvdisasm, target=None, ptxas_args=()):
    """{function: record} for each function of a PTX module that ptxas compiled.

    A record has the ptxas -v figures (registers, stack, spill_stores,
    spill_loads), "census" (census_function's dict, or None without an MMA
    loop), "unroll" (SASS loop MMAs / PTX loop MMAs, or None) and the whole
    function's "kernel_instr" and "kernel_mma_eq" (MMAs without a loop: ptxas
    unrolled a loop of constant trip count completely). Without `nvdisasm`
    only the ptxas -v figures. Raises SassError if ptxas or nvdisasm fails."""
    listing, log = assemble(text, ptxas, nvdisasm, target, ptxas_args)
    info = parse_ptxas_log(log)
    ptx = {c["function"]: c for c in ptx_census.census_ptx(text)}
    out = {}
    for func in parse_sass(listing or ""):
        c = census_function(func)
        rec = dict(info.get(func.name, {"registers": None, "stack": 0, "spill_stores": 0,
                                        "spill_loads": 0}))
        p = ptx.get(func.name)
        pm = p["per_iteration"]["mma_eq"] if p else 0
        rec["census"] = c
        rec["unroll"] = c["per_iteration"]["mma_eq"] / pm if c and pm else None
        rec.update(kernel_counts(func))
        out[func.name] = rec
    for name, rec in info.items():   # functions ptxas reported but nvdisasm did not print
        out.setdefault(name, dict(rec, census=None, unroll=None))
    return out


def describe(name, rec):
    """Human-readable lines for one function's record (the command line prints these)."""
    f = ptx_census.fmt
    lines = ["function %s: %s registers, %s B stack, %d B spill stores, %d B spill loads" % (
        name, f(rec.get("registers")), rec.get("stack", 0), rec.get("spill_stores", 0),
        rec.get("spill_loads", 0))] if "registers" in rec else ["function %s:" % name]
    c = rec.get("census")
    if rec.get("no_sass"):
        lines.append("  no SASS: %s" % rec["no_sass"])
        return lines
    if not c:
        lines.append("  " + (no_loop_note(rec) or "no MMA loop"))
        return lines
    p = c["per_iteration"]
    lines.append("  loop %s (%s..%s): %s" % (
        c["header"], c["start"], c["end"],
        " ".join("%s=%d" % (k, p[k]) for k in ["instr"] + CATEGORIES)))
    lines.append("  mma_eq=%s instr_per_mma=%s x64_per_mma=%s mma_per_barrier=%s unroll=%s "
                 "conditional=%d hgmma=%s" % (
                     f(p["mma_eq"]), f(c["instr_per_mma"]), f(c["x64_per_mma"]),
                     f(c["mma_per_barrier"]), f(rec.get("unroll")), c["conditional_instrs"],
                     "yes" if c["hgmma"] else "no"))
    lines.append("  mma ops: %s; MMAs outside the loop: %s" % (
        ", ".join(c["mma_ops"]), f(c["mma_eq_outside_loop"])))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ptx", nargs="?", help="the PTX file to assemble and count")
    ap.add_argument("--sass", help="count this nvdisasm -c listing instead (no ptxas, no nvdisasm)")
    ap.add_argument("--json", action="store_true", help="print JSON")
    ap.add_argument("--ptxas", help="ptxas to assemble with (default: PATH, $CUDA_HOME/bin, "
                    "/usr/local/cuda/bin)")
    ap.add_argument("--nvdisasm", help="nvdisasm to disassemble with (default: PATH, "
                    "$CUDA_HOME/bin, bench/census/.tools)")
    ap.add_argument("--no-install", action="store_true",
                    help="do not pip-install nvdisasm into bench/census/.tools when none is found")
    args = ap.parse_args(argv)
    if bool(args.ptx) == bool(args.sass):
        ap.error("give a PTX file or --sass LISTING")
    if args.sass:
        with open(args.sass) as f:
            result = {c["function"]: {"census": c} for c in census_sass(f.read())}
    else:
        with open(args.ptx) as f:
            text = f.read()
        ptxas = find_ptxas(args.ptxas)
        if not ptxas:
            print("no SASS census: no ptxas" + (" at %s" % args.ptxas if args.ptxas else ""))
            return 0
        nvdisasm, why = find_nvdisasm(args.nvdisasm, install=not args.no_install)
        try:
            result = census_ptx(text, ptxas, nvdisasm)
        except SassError as e:
            print("no SASS census: %s" % e)
            return 1
        if why:   # ptxas -v's figures only
            for rec in result.values():
                rec["no_sass"] = why
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    for name, rec in result.items():
        print("\n".join(describe(name, rec)))
    if not result:
        print("no MMA loop")
    return 0


if __name__ == "__main__":
    sys.exit(main())
