#!/usr/bin/env python3
"""Randomized differential test of Roller's CPU path.

Generates small random linalg operators (matmul with random transposes, batch
matmul, NCHW/NHWC convolutions and depthwise convolutions with random strides
and dilations, sum/max pooling, reductions over random axes, elementwise ops,
f16 inputs with f32 accumulation; the classes of cases and their random
parameters are in differential_cases.py, the builders in differential_ops.py;
operators with a fused epilogue, differential_epilogues.py; operators reading
a tensor.pad, differential_pads.py; matmuls behind reshapes and transposes,
differential_reshapes.py; softmax- and LayerNorm-shaped chains,
differential_rows.py),
batches them into modules (one function per case) and runs every batch
through mlir-runner once per pipeline:

  * reference: roller-opt --roller-lower-to-cpu        (upstream lowering only)
  * roller:    roller-opt --roller-tile="device=D" --roller-lower-to-cpu
               for each D in --devices (h200 and a100 by default)
  * with --gpu, roller is the GPU path instead: --roller-tile="device=D"
               --convert-to-nvvm, the kernels run by the PTX emulator
               behind upstream's GPU runtime ABI (--emulator-runtime, added
               to mlir-runner's -shared-libs), under its sanitizer

`main` prints one checksum tuple per case: (sum, sum of x[i]*(i+1), sum of
x[i]*((i*i mod 61)+1), max, number of non-integer elements), computed in i64
by plain scf.for loops that --roller-tile does not touch. The data are
integer-valued, so every result is exact and the tuples must be equal.

A batch that fails to compile or crashes is rerun case by case to find the
culprit. Every mismatch, crash, or op --roller-tile leaves as linalg (its
result says nothing about Roller) is printed with the case (op, shapes,
attributes), the device, the roller.config --roller-select chooses for it
(or why there is none) and a reproducer module with the command to run it.
Ends with the summary `N cases, M mismatches, C crashes, U untiled` and
exits 1 if any of them is not 0."""

import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import differential_cases  # noqa: E402
from differential_cases import generate  # noqa: E402
from differential_ops import module_text  # noqa: E402

LLVM_BIN = "/usr/lib/llvm-22/bin"
LLVM_LIB = "/usr/lib/llvm-22/lib"

# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

# --gpu: the roller pipeline compiles for the GPU and runs on the emulator.
GPU = False
# With --ptx-dir (GPU path): where each module's kernels are written.
PTX_DIR = None
# --before-tile: passes run before --roller-tile ({device} is the device).
BEFORE_TILE = []
# --tile-options: further --roller-tile options (e.g. allow-tf32=1).
TILE_OPTIONS = []

RESULT = re.compile(r"data =\s*\n\s*\[([^\]]*)\]")

# How to lower and run: the roller-opt binary, mlir-runner, its -shared-libs.
Tools = collections.namedtuple("Tools", "roller_opt runner libs emulator")


def passes(device):
    """The roller pipeline for a device, the reference one for None."""
    if not device:
        return ["--roller-lower-to-cpu"]
    return [p.replace("{device}", device) for p in BEFORE_TILE] + [
        " ".join([f"--roller-tile=device={device}"] + TILE_OPTIONS),
        "--convert-to-nvvm" if GPU else "--roller-lower-to-cpu"]


def libs_for(tools, device):
    """mlir-runner's -shared-libs: the GPU path adds the emulator's
    runtime."""
    return tools.libs + ("," + tools.emulator if GPU and device else "")


def run_module(tools, text, device, tag=None, timeout=300):
    """Lowers and runs a module; returns (tuples, error). With --ptx-dir the
    GPU path also writes the module's kernels to <dir>/<device>/m<tag>.*."""
    extra = []
    if GPU and device and PTX_DIR and tag is not None:
        folder = os.path.join(PTX_DIR, device)
        os.makedirs(folder, exist_ok=True)
        extra = [f"--ptx-file={os.path.join(folder, f'm{tag}.ptx')}"]
    try:
        lowered = subprocess.run([tools.roller_opt, "-"] + passes(device) +
                                 extra, input=text, capture_output=True,
                                 text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "roller-opt timed out"
    if lowered.returncode != 0:
        errors = [l for l in lowered.stderr.splitlines()
                  if "error" in l or "Assertion" in l or "Stack dump" in l]
        return None, (f"roller-opt exited with {lowered.returncode}: " +
                      " | ".join(errors[:3]))[:2000]
    runner = [tools.runner, "-e", "main", "-entry-point-result=void",
              "-shared-libs=" + libs_for(tools, device)]
    try:
        ran = subprocess.run(runner, input=lowered.stdout, capture_output=True,
                             text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "mlir-runner timed out"
    if ran.returncode != 0:
        return None, (f"mlir-runner exited with {ran.returncode}: " +
                      ran.stderr.strip()[-500:])
    tuples = [tuple(int(v) for v in m.group(1).split(","))
              for m in RESULT.finditer(ran.stdout)]
    return tuples, None


NOT_TILED = "not tiled: --roller-tile left the op as linalg"
NOT_FUSED = ("not fused: --roller-tile left the consumer an rProgram of its "
             "own (no epilogue)")


def untiled_cases(tools, batch, device):
    """The cases of batch whose op --roller-tile leaves as linalg (their
    results are right but say nothing about Roller), and the epilogue cases
    whose consumer it does not fuse, each with the reason."""
    proc = subprocess.run(
        [tools.roller_opt, "-", f"--roller-tile=device={device}"],
        input=module_text(batch, with_main=False), capture_output=True,
        text=True)
    if proc.returncode != 0:
        return []  # the run reports it
    funcs = re.split(r"func\.func @case(\d+)", proc.stdout)
    bodies = {int(funcs[i]): funcs[i + 1] for i in range(1, len(funcs), 2)}
    untiled = {}
    for idx, case in batch:
        body = bodies.get(idx, "")
        if "roller.rprogram" not in body:
            untiled[idx] = NOT_TILED
        elif case.kind == "epilogue" and (
                body.count("roller.rprogram") != 1 or "axes = array" not in body):
            untiled[idx] = NOT_FUSED
    return untiled


def run_batch(job):
    """A pool task: one batch through one pipeline (device None: the
    reference). Returns (device, {case index: (tuple, error)}). A batch that
    fails as a whole is rerun case by case to find the culprit."""
    tools, batch, device = job
    tuples, error = run_module(tools, module_text(batch), device,
                               f"{batch[0][0]}")
    if error is None and len(tuples) == len(batch):
        results = {idx: (t, None) for (idx, _), t in zip(batch, tuples)}
    else:
        results = {}
        for item in batch:
            t, e = run_module(tools, module_text([item]), device,
                              f"{item[0]}-alone")
            if e is None and len(t) != 1:
                e = f"printed {len(t)} tuples for 1 case"
            results[item[0]] = (t[0] if e is None else None, e)
    if device:
        for idx, why in untiled_cases(tools, batch, device).items():
            if results[idx][1] is None:
                results[idx] = (results[idx][0], why)
    return device, results


def extract_config(text, start=0):
    """The #roller.config<...> at or after start in text, or None."""
    begin = text.find("#roller.config<", start)
    if begin < 0:
        return None
    depth = 0
    for pos in range(begin, len(text)):
        if text[pos] == "<":
            depth += 1
        elif text[pos] == ">" and text[pos - 1] != "-":
            depth -= 1
            if depth == 0:
                return text[begin:pos + 1]
    return None


def chosen_config(tools, case, device):
    """The roller.config --roller-select chooses for the case's op on device
    (the fill of a "zero" init has none: the op's is the last one), or the
    remark saying why there is none."""
    proc = subprocess.run(
        [tools.roller_opt, "-", f"--roller-select=device={device}"],
        input=module_text([(0, case)], with_main=False), capture_output=True,
        text=True)
    found, pos = None, 0
    while True:
        config = extract_config(proc.stdout, pos)
        if config is None:
            break
        found = config
        pos = proc.stdout.find(config, pos) + len(config)
    if found:
        return found
    reasons = re.findall(r"remark: (roller-select: not supported: .*)",
                         proc.stderr)
    return "none (" + (reasons[-1] if reasons else proc.stderr[-300:]) + ")"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=2022)
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--batch", type=int, default=30,
                        help="cases per module (default 30)")
    parser.add_argument("--jobs", type=int, default=2,
                        help="modules lowered and run at once (default 2)")
    parser.add_argument("--devices", default="h200,a100",
                        help="comma-separated devices (default h200,a100)")
    parser.add_argument("--roller-opt", default="roller-opt")
    parser.add_argument("--mlir-runner",
                        default=os.path.join(LLVM_BIN, "mlir-runner"))
    parser.add_argument("--shared-libs", default=",".join(
        os.path.join(LLVM_LIB, lib) for lib in
        ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so")))
    parser.add_argument("--only", default=None,
                        help="comma-separated classes to run (see --list)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply the upper bounds of the random sizes")
    parser.add_argument("--allow-untiled", action="store_true",
                        help="do not fail on ops --roller-tile leaves alone")
    parser.add_argument("--keep", default=None,
                        help="directory for reproducers (default: a temp dir)")
    parser.add_argument("--gpu", action="store_true",
                        help="test the GPU path (--convert-to-nvvm) on the "
                        "PTX emulator instead of the CPU oracle")
    parser.add_argument("--emulator-runtime", default=None,
                        help="libroller_emulator_runtime.so (with --gpu)")
    parser.add_argument("--ptx-dir", default=None,
                        help="with --gpu, also write each module's kernels "
                        "to DIR/<device>/ (for ptxas checks)")
    parser.add_argument("--before-tile", action="append", default=[],
                        metavar="PASS",
                        help="a roller-opt pass to run before --roller-tile "
                        "on the roller pipelines, {device} replaced by the "
                        "device (repeatable): e.g. --before-tile="
                        "--roller-attach-device=device={device} "
                        "--before-tile=--roller-conv-to-implicit-gemm forces "
                        "the implicit GEMMs the model would weigh")
    parser.add_argument("--tile-options", action="append", default=[],
                        metavar="OPTION",
                        help="a further --roller-tile option on the roller "
                        "pipelines (repeatable): e.g. --tile-options="
                        "allow-tf32=1 runs f32 contractions on TF32 tensor "
                        "cores")
    parser.add_argument("--list", action="store_true",
                        help="print the cases and exit")
    args = parser.parse_args()

    global GPU, PTX_DIR, BEFORE_TILE, TILE_OPTIONS
    differential_cases.SCALE = args.scale
    GPU = args.gpu
    PTX_DIR = args.ptx_dir
    BEFORE_TILE = args.before_tile
    TILE_OPTIONS = args.tile_options
    if GPU and not args.emulator_runtime:
        parser.error("--gpu needs --emulator-runtime")
    if PTX_DIR and not GPU:
        parser.error("--ptx-dir needs --gpu")
    tools = Tools(args.roller_opt, args.mlir_runner, args.shared_libs,
                  args.emulator_runtime)
    keep = set(args.only.split(",")) if args.only else set()
    cases = generate(args.seed, args.cases, keep)
    if args.only:
        cases = [c for c in cases if c.kind in keep]
    indexed = list(enumerate(cases))
    counts = collections.Counter(c.kind for c in cases)
    print("cases per class: " +
          ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    if args.list:
        for idx, case in indexed:
            print(f"case{idx}: {case.describe()}")
        return 0

    devices = [d for d in args.devices.split(",") if d]
    batches = [indexed[i:i + args.batch]
               for i in range(0, len(indexed), args.batch)]
    jobs = [(tools, b, d) for b in batches for d in [None] + devices]
    results = {d: {} for d in [None] + devices}
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        for device, res in pool.map(run_batch, jobs):
            results[device].update(res)

    # (index, case, device, kind, message, reference, roller)
    failures = []
    for idx, case in indexed:
        ref, ref_err = results[None][idx]
        if ref_err is not None:
            failures.append((idx, case, None, "crash", "the reference failed: "
                             + ref_err, None, None))
            continue
        for device in devices:
            got, err = results[device][idx]
            if err in (NOT_TILED, NOT_FUSED):
                if not args.allow_untiled:
                    failures.append((idx, case, device, "untiled", err, ref,
                                     got))
                if got == ref:
                    continue
            if err is not None and err not in (NOT_TILED, NOT_FUSED):
                failures.append((idx, case, device, "crash", err, ref, got))
            elif got != ref:
                failures.append((idx, case, device, "mismatch",
                                 "wrong values", ref, got))

    if failures:
        keep = args.keep or tempfile.mkdtemp(prefix="roller-differential-")
        os.makedirs(keep, exist_ok=True)
    for idx, case, device, kind, what, ref, got in failures:
        path = os.path.join(keep, f"case{idx}.mlir")
        with open(path, "w") as f:
            f.write(f"// {case.describe()}\n")
            f.write(module_text([(idx, case)]))
        print(f"FAIL case{idx} on {device or 'the reference'}: {kind}: {what}")
        print(f"  case:      {case.describe()}")
        if device:
            print(f"  config:    {chosen_config(tools, case, device)}")
        print(f"  reference: {ref}")
        print(f"  roller:    {got}")
        print("             (sum, sum x[i]*(i+1), sum x[i]*((i*i mod 61)+1), "
              "max, non-integers)")
        print(f"  reproduce: {tools.roller_opt} {path} "
              f"{' '.join(passes(device))} | {tools.runner} -e main "
              f"-entry-point-result=void -shared-libs={libs_for(tools, device)}")
    kinds = collections.Counter(f[3] for f in failures)
    print(f"{len(cases)} cases, {kinds['mismatch']} mismatches, "
          f"{kinds['crash']} crashes, {kinds['untiled']} untiled "
          f"(on {', '.join(devices)}{' on the GPU path' if GPU else ''}, "
          f"each against the reference)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
