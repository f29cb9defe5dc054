#!/usr/bin/env python3
"""Whole-model benchmark on the CPU: Roller's compile of each model next to
iree-compile's, its kernel count and its predicted time.

For each model (by default the four that export_full.py wrote into
build-models/: resnet18, resnet18_f16, resnet50, resnet50_f16, bert_layer,
llama7b_mlp_f16; --models also takes a
folder or .mlir file, e.g. models/mlp_gelu) it runs, --runs times:

  roller-opt M.mlir --roller-tile="device=D report=R" --convert-to-nvvm
             --ptx-file=OUT/<model>/k.ptx -o /dev/null --mlir-timing

and, unless --roller-only, iree-compile on the same file for CUDA sm_90 to a
.vmfb (bench/compile's compile_bench: the same virtual environment, the same
way of targeting sm_90). The figures are the median process wall time (parsing
the weights and printing included: on these files that is a real part of a
compile) and, from --mlir-timing, the pass pipeline alone (Total less Parser
and Output). Anchors are the export's matmuls, convolutions, poolings and
reductions (issue 17's target: kernels <= anchors + 1). Kernels are
Roller's launches (the launch description has one record per
gpu.launch_func of the host code), modules the distinct kernels
among them (PTX modules: launches of identical kernels share one); IREE's
are the entry points of the PTX it dumps. The predicted time of a model is the sum of the report's
predicted_us over its kernel records: an operator's record predicts its
kernel with the epilogue fused into it (the model ranks the group), and the
epilogue's own record (kernel: false) is left out; kernels run one after
another. report_kernels counts those records (the launches, when every
planned group was fused) and traffic_mb sums their global_bytes (the
model's bytes moved to and from global memory, in whole transactions).

OUT (default MODELS_DIR/run) becomes the folder bench/models/device.sh takes
to the GPU machine: per model the PTX, the launch description and the report,
and models.json (what device.sh needs: input shape, dtype, seed, weight
checksums, predicted times). results.json has the rows.

Standard library only. IREE comes from bench/compile/.venv (made on first use,
as bench/compile/run.py does); when it cannot be had the run says why and goes
on with Roller alone.
"""

import argparse
import datetime
import glob
import json
import os
import re
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "bench", "compile"))
from compile_bench.common import CUDA_ARCH, BenchError, sb  # noqa: E402
from compile_bench.iree import probe_iree, run_iree  # noqa: E402
from compile_bench.peers_venv import DEFAULT_VENV, IREE_PACKAGE, ensure_venv  # noqa: E402
from compile_bench.processes import TIMING_FLAGS, failure_reason, parse_timing, \
    run_process  # noqa: E402
from compile_bench.summary import median  # noqa: E402

FULL_MODELS = ("resnet18", "resnet18_f16", "resnet50", "resnet50_f16", "bert_layer",
               "llama7b_mlp_f16")
DEFAULT_MODELS_DIR = os.path.join(REPO, "build-models")
OP_RE = re.compile(r"^\s*(?:%[^=]*=\s*)?(linalg\.[a-z_0-9]+)")


def log(msg):
    sys.stderr.write("models: %s\n" % msg)
    sys.stderr.flush()


def find_model(spec, models_dir):
    """(name, .mlir path, info or None) of a model name, folder or .mlir file."""
    if spec.endswith(".mlir") and os.path.isfile(spec):
        name = os.path.splitext(os.path.basename(spec))[0]
        folder = os.path.dirname(os.path.abspath(spec))
    else:
        folder = spec if os.path.isdir(spec) else os.path.join(models_dir, spec)
        name = os.path.basename(os.path.normpath(folder))
        spec = os.path.join(folder, name + ".mlir")
    if not os.path.isfile(spec):
        return name, None, None
    info = None
    if os.path.isfile(os.path.join(folder, "info.json")):
        with open(os.path.join(folder, "info.json")) as f:
            info = json.load(f)
    return name, os.path.abspath(spec), info


ANCHOR_PREFIXES = ("linalg.matmul", "linalg.batch_matmul", "linalg.conv_",
                   "linalg.depthwise_conv_", "linalg.pooling_", "linalg.reduce")


def linalg_ops(path):
    """Compute ops in the export (linalg ops other than yield and index, before
    the resource blobs) and anchors among them (issue 17: matmuls,
    convolutions, poolings and reductions: named ones, and generic ops whose
    iterator types, on the op's line in torch-mlir's exports, have a
    reduction)."""
    n = anchors = 0
    with open(path) as f:
        for line in f:
            if line.startswith("{-#"):
                break
            m = OP_RE.match(line)
            if not m or m.group(1) in ("linalg.yield", "linalg.index"):
                continue
            n += 1
            op = m.group(1)
            if (op.startswith(ANCHOR_PREFIXES) or
                    (op == "linalg.generic" and '"reduction"' in line)):
                anchors += 1
    return n, anchors


def read_report(path):
    records = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line:
                    records.append(json.loads(line))
    return records


def extra_tile_options(args):
    """--tile-options as they follow device= and report= in --roller-tile."""
    return "".join(" " + o for o in args.tile_options.split())


def run_roller(args, name, mlir, mdir):
    rec = {"roller_status": "ok", "roller_reason": ""}
    ptx = os.path.join(mdir, "k.ptx")
    report = os.path.join(mdir, "report.jsonl")
    walls, pipes = [], []
    for i in range(args.runs):
        for old in glob.glob(os.path.join(mdir, "k.*")) + [report]:
            if os.path.exists(old):
                os.remove(old)
        r = run_process(["nice", "-n", str(args.nice), args.roller_opt, mlir,
                         "--mlir-print-op-on-diagnostic=false",
                         "--roller-tile=device=%s report=%s%s" % (
                             args.device, report, extra_tile_options(args)),
                         "--convert-to-nvvm", "--ptx-file=" + ptx, "-o", os.devnull]
                        + TIMING_FLAGS, args.timeout)
        t = parse_timing(r.stderr) if r.rc == 0 else None
        if r.rc != 0 or t is None:
            rec["roller_status"] = "failed"
            rec["roller_reason"] = failure_reason(r, "roller-opt") if r.rc != 0 else \
                "no --mlir-timing report"
            with open(os.path.join(mdir, "roller-errors.txt"), "w") as f:
                f.write(r.stderr)
            break
        walls.append(r.wall)
        pipes.append(t[0])
        log("%s: roller-opt run %d: %.2f s" % (name, i + 1, r.wall))
    ok = rec["roller_status"] == "ok"
    rec["roller_s"] = median(walls) if ok else None
    rec["roller_runs_s"] = walls
    rec["roller_pipeline_s"] = median(pipes) if ok else None
    rec["kernels"] = rec["predicted_us"] = rec["report_records"] = None
    if ok:
        with open(os.path.join(mdir, "k.launch.json")) as f:
            rec["kernels"] = len(json.load(f))
        rec["ptx_modules"] = len(glob.glob(os.path.join(mdir, "k.*.ptx")))
        records = read_report(report)
        supported = [x for x in records if x.get("supported")]
        rec["report_records"] = len(records)
        rec["unsupported"] = [x.get("reason") for x in records if not x.get("supported")]
        # Records before the model saw fused groups have no "kernel" field.
        kernels = [x for x in supported if x.get("kernel", True)]
        rec["report_kernels"] = len(kernels)
        rec["predicted_us"] = sum(float(x["predicted_us"]) for x in kernels)
        rec["predicted_per_op_us"] = [float(x["predicted_us"]) for x in kernels]
        rec["traffic_mb"] = sum(float(x.get("global_bytes", 0)) for x in kernels) / 1e6
    return rec


def iree_input(mlir, target, path):
    """The model's file with IREE's target on its module (the resource blobs
    stay at the top level, after it)."""
    if target.attr is None:
        return mlir
    done = False
    with open(mlir) as src, open(path, "w") as dst:
        for line in src:
            if not done and line.startswith("module"):
                m = re.match(r"^module(?: attributes \{(.*)\})? \{\s*$", line)
                if not m:
                    raise BenchError("%s: cannot read its module line: %s" % (mlir, line[:200]))
                attrs = (m.group(1) + ", ") if m.group(1) else ""
                line = "module attributes {%shal.device.targets = [%s]} {\n" % (attrs,
                                                                               target.attr)
                done = True
            dst.write(line)
    if not done:
        raise BenchError("%s: no top-level module line" % mlir)
    return path


class _AsIs(object):
    """An IREE target whose module text is the file as prepared."""

    def __init__(self, target):
        self.flags, self.attr = target.flags, None

    def module_text(self, text):
        return text


def run_iree_model(args, target, name, mlir, work):
    path = iree_input(mlir, target, os.path.join(work, name + ".iree.mlir"))
    with open(path) as f:
        text = f.read()
    ns = argparse.Namespace(peer_reps=args.iree_runs, iree_compile=args.iree_compile,
                            peer_timeout=args.timeout)
    rec = run_iree(ns, _AsIs(target), {"sym": name}, text, work)
    del text
    shutil.rmtree(os.path.join(work, name + ".iree-binaries"), ignore_errors=True)
    for f in (os.path.join(work, name + ".vmfb"), os.path.join(work, name + ".iree.mlir")):
        if os.path.exists(f):
            os.remove(f)
    return rec


def fmt(v, digits=2, style="f"):
    if v is None:
        return "-"
    if isinstance(v, float):
        return "%.*f" % (digits, v) if style == "f" else "%.*g" % (digits, v)
    return str(v)


def table(rows, with_iree):
    head = ["model", "linalg_ops", "anchors", "kernels", "modules", "roller_s",
            "roller_pipe_s"]
    if with_iree:
        head += ["iree_s", "iree_pipe_s", "iree/roller", "iree_dispatches"]
    head += ["report_kernels", "traffic_mb", "predicted_ms", "status"]
    lines = []
    for r in rows:
        cells = [r["model"], fmt(r.get("linalg_ops")), fmt(r.get("anchors")),
                 fmt(r.get("kernels")),
                 fmt(r.get("ptx_modules")), fmt(r.get("roller_s")),
                 fmt(r.get("roller_pipeline_s"))]
        if with_iree:
            ratio = None
            if r.get("iree_process_s") and r.get("roller_s"):
                ratio = r["iree_process_s"] / r["roller_s"]
            pipe = r["iree_compile_ms"] / 1e3 if r.get("iree_compile_ms") is not None else None
            cells += [fmt(r.get("iree_process_s")), fmt(pipe),
                      (fmt(ratio) + "x") if ratio else "-", fmt(r.get("iree_dispatches"))]
        pred = r["predicted_us"] / 1e3 if r.get("predicted_us") is not None else None
        cells += [fmt(r.get("report_kernels")), fmt(r.get("traffic_mb"), 4, "g"),
                  fmt(pred, 4, "g"), r.get("status", "ok")]
        lines.append(cells)
    widths = [max(len(h), *(len(c[i]) for c in lines)) if lines else len(h)
              for i, h in enumerate(head)]
    out = ["  ".join(h.ljust(w) for h, w in zip(head, widths)).rstrip(),
           "  ".join("-" * w for w in widths)]
    for c in lines:
        out.append("  ".join(x.ljust(w) for x, w in zip(c, widths)).rstrip())
    return "\n".join(out)


def status_of(row, with_iree):
    bad = []
    if row.get("roller_status") != "ok":
        bad.append("roller failed")
    if with_iree and row.get("iree_status") not in (None, "ok"):
        bad.append("iree failed")
    return ", ".join(bad) or "ok"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", help="comma-separated names in MODELS_DIR, folders or .mlir "
                    "files (default: %s)" % ",".join(FULL_MODELS))
    ap.add_argument("--models-dir", default=DEFAULT_MODELS_DIR,
                    help="where export_full.py wrote them (default %(default)s)")
    ap.add_argument("--out", help="the device folder and results (default MODELS_DIR/run)")
    ap.add_argument("--json", help="results JSON (default OUT/results.json)")
    ap.add_argument("--runs", type=int, default=3, help="roller-opt runs per model; the median")
    ap.add_argument("--iree-runs", type=int, help="iree-compile runs per model (default --runs)")
    ap.add_argument("--roller-only", action="store_true", help="no IREE")
    ap.add_argument("--roller-opt", default=os.path.join(REPO, "build", "bin", "roller-opt"))
    ap.add_argument("--device", default="h200", help="Roller device preset or JSON file")
    ap.add_argument("--tile-options", default="",
                    help="more --roller-tile options, space-separated (fusion off for a "
                         "comparison: 'fuse-elementwise=false fuse-epilogues=false')")
    ap.add_argument("--venv", default=DEFAULT_VENV, help="bench/compile's IREE environment")
    ap.add_argument("--no-install", action="store_true",
                    help="do not create the IREE environment when it is missing")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds per compile")
    ap.add_argument("--nice", type=int, default=10, help="niceness of the compilers")
    ap.add_argument("--with-weights", action="store_true",
                    help="copy weights.pt and input.pt into the device folder")
    args = ap.parse_args(argv)
    if args.runs < 1 or (args.iree_runs is not None and args.iree_runs < 1):
        ap.error("--runs and --iree-runs must be at least 1")
    args.iree_runs = args.iree_runs or args.runs
    try:
        return run(args)
    except BenchError as e:
        sys.stderr.write("bench/models/run.py: error: %s\n" % e)
        return 2


def run(args):
    started = time.perf_counter()
    if not (os.path.isfile(args.roller_opt) and os.access(args.roller_opt, os.X_OK)):
        raise BenchError("no roller-opt at %s (build it with scripts/build.sh or pass "
                         "--roller-opt PATH)" % args.roller_opt)
    explicit = args.models is not None
    specs = [s for s in (args.models or ",".join(FULL_MODELS)).split(",") if s]
    models, missing = [], []
    for spec in specs:
        name, mlir, info = find_model(spec, args.models_dir)
        (models if mlir else missing).append((name, mlir, info))
    for name, _, _ in missing:
        log("%s: no export (%s); make it with: build-torch/bin/python "
            "bench/models/export_full.py %s (needs torch-mlir: scripts/install-torch-mlir.sh)"
            % (name, os.path.join(args.models_dir, name, name + ".mlir"), name))
    if missing and explicit:
        raise BenchError("no model to run for: %s" % ", ".join(n for n, _, _ in missing))
    if not models:
        print("no exported model in %s: nothing to measure (export them first, see above)"
              % args.models_dir)
        return 0

    out = os.path.abspath(args.out or os.path.join(args.models_dir, "run"))
    os.makedirs(out, exist_ok=True)
    meta = {"date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "machine": sb.machine_description(), "commit": sb.git_commit(),
            "device": args.device, "runs": args.runs, "iree_runs": args.iree_runs,
            "roller_opt": args.roller_opt, "iree": None,
            "load_start": "%.2f" % os.getloadavg()[0]}
    target, work = None, tempfile.mkdtemp(prefix="roller-models-iree-")
    if not args.roller_only:
        try:
            ensure_venv(args)
            args.iree_compile = os.path.join(args.venv, "bin", "iree-compile")
            target = probe_iree(args.iree_compile, work, 300)
            meta["iree"] = {"package": IREE_PACKAGE, "target": target.how}
            log("IREE targets %s through: %s" % (CUDA_ARCH, target.how))
        except BenchError as e:
            log("IREE is not available, Roller only: %s" % e)
            meta["iree_unavailable"] = str(e)
    with_iree = target is not None

    rows, device_models = [], []
    for name, mlir, info in models:
        mdir = os.path.join(out, name)
        os.makedirs(mdir, exist_ok=True)
        ops, anchors = linalg_ops(mlir)
        row = {"model": name, "mlir": mlir, "mlir_bytes": os.path.getsize(mlir),
               "linalg_ops": ops, "anchors": anchors}
        log("%s: %s (%.1f MB), %d linalg ops" % (name, mlir, row["mlir_bytes"] / 1e6,
                                                  row["linalg_ops"]))
        row.update(run_roller(args, name, mlir, mdir))
        if row["roller_status"] != "ok":
            log("%s: roller-opt failed: %s (all of stderr: %s)"
                % (name, row["roller_reason"], os.path.join(mdir, "roller-errors.txt")))
        if with_iree:
            log("%s: iree-compile (%d runs)" % (name, args.iree_runs))
            row.update(run_iree_model(args, target, name, mlir, work))
            if row["iree_status"] != "ok":
                log("%s: iree-compile failed: %s" % (name, row["iree_reason"]))
        row["status"] = status_of(row, with_iree)
        rows.append(row)
        if row["roller_status"] == "ok":
            device_models.append(device_entry(args, name, info, row, mdir))
    shutil.rmtree(work, ignore_errors=True)

    meta["load_end"] = "%.2f" % os.getloadavg()[0]
    meta["run_s"] = time.perf_counter() - started
    with open(os.path.join(out, "models.json"), "w") as f:
        json.dump({"device": args.device, "commit": meta["commit"], "models": device_models},
                  f, indent=1)
        f.write("\n")
    path = args.json or os.path.join(out, "results.json")
    with open(path, "w") as f:
        json.dump({"meta": meta, "rows": rows}, f, indent=1)
        f.write("\n")

    print("Whole models: roller-opt --roller-tile=\"device=%s%s\" --convert-to-nvvm%s "
          "(times in s, median of %d; predicted: sum of the report's predicted_us over its kernels)"
          % (args.device, extra_tile_options(args),
             " next to iree-compile (CUDA %s)" % CUDA_ARCH if with_iree else "",
             args.runs))
    print("machine: %s; commit %s; load average %s -> %s" % (
        meta["machine"], meta["commit"], meta["load_start"], meta["load_end"]))
    print(table(rows, with_iree))
    print("")
    for r in rows:
        if r["roller_status"] != "ok":
            print("%s: Roller failed: %s" % (r["model"], r["roller_reason"]))
        if with_iree and r.get("iree_status") not in (None, "ok"):
            print("%s: IREE failed: %s" % (r["model"], r["iree_reason"]))
        if r.get("unsupported"):
            print("%s: %d ops left on the host: %s" % (r["model"], len(r["unsupported"]),
                                                      "; ".join(sorted(set(r["unsupported"])))))
    if not with_iree and not args.roller_only:
        print("IREE: not run (%s)" % meta.get("iree_unavailable"))
    print("device folder: %s (bench/models/device.sh %s)" % (out, out))
    print("results: %s" % path)
    print("run time: %.1f s" % meta["run_s"])
    return 0


def device_entry(args, name, info, row, mdir):
    """What device.sh needs of a model, in models.json."""
    entry = {"name": name, "dir": name, "ptx": "k.ptx", "launch": "k.launch.json",
             "report": "report.jsonl", "kernels": row["kernels"],
             "predicted_us": row["predicted_us"],
             "predicted_per_op_us": row.get("predicted_per_op_us"),
             "torch_model": name if name in FULL_MODELS else None}
    if info is not None:
        inp = info.get("input") or (info.get("inputs") or [{}])[0]
        entry.update({"input_shape": inp.get("shape"), "input_dtype": inp.get("dtype"),
                      "seed": info.get("seed"), "checksums": info.get("checksums"),
                      "torch_version": (info.get("versions") or {}).get("torch")})
        if args.with_weights and entry["torch_model"]:
            src = os.path.dirname(row["mlir"])
            for f in ("weights.pt", "input.pt"):
                if os.path.exists(os.path.join(src, f)):
                    shutil.copyfile(os.path.join(src, f), os.path.join(mdir, f))
    return entry


if __name__ == "__main__":
    sys.exit(main())
