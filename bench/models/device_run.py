#!/usr/bin/env python3
"""Times bench/models' compiled models on the GPU: Roller's kernels, PyTorch
eager and torch.compile, on the same weights and input (bench/models/device.sh
calls this; see bench/README.md).

DIR is the folder bench/models/run.py wrote (models.json, and per model the
PTX, launch description and report of `roller-opt --roller-tile
--convert-to-nvvm --ptx-file=`). Per model:

  Roller   each PTX module loaded with the driver API (libcuda, through
           ctypes: cuModuleLoadDataEx, cuLaunchKernel), every launch of the
           launch description in order, with its grid, block, dynamic shared
           memory and parameters (a memref is its descriptor: allocated and
           aligned pointer, offset, sizes, strides; a scalar is its recorded
           constant). There is no launcher for a whole model yet: the launch
           description does not say which temporaries are the same buffer, so
           each launch gets buffers of its own (filled with small random
           values; the function's argument is the model's input) and the
           kernels run one after another on one stream, which is the order
           and the work of the compiled model, not its data flow (no L2 reuse
           between kernels). Figures: the whole sequence (CUDA events, median
           of --reps after warm-ups), launched from Python on the stream and
           replayed as a CUDA graph (Python's launch overhead is microseconds
           per kernel), and each kernel's median next to its predicted time.
  Whole    when DIR/whole/<model>.so exists (or --whole's folder: the model
           libraries of build_model.py), the compiled model's whole host
           program with its real data flow, run by model_runner over
           cuda_runtime.so (device.sh builds both): the input copied in,
           every kernel on one stream, the output copied back, the constants
           uploaded on the first call (timed apart). Figures: wall clock per
           call, median of --reps after 3 warm-ups; the output compared with
           PyTorch eager's on the same weights and input (whole_run.py).
  PyTorch  full_models.build(name) on the GPU, eval, no_grad: eager and
           torch.compile (default mode; its first call, the compile, is timed
           apart), TF32 off (Roller's kernels are f32 FMA), cudnn.benchmark on.
           The weights: DIR/<model>/weights.pt when run.py was given
           --with-weights, else rebuilt from the seed and checked against the
           export's checksums (the result says whether they matched).

--dry-run needs neither a GPU nor torch: it checks every launch against its
PTX (the module and .entry exist, the parameter count matches, the operands
fill the parameters) and the launch limits, and reports the buffers a run
would allocate; with --runner and --runtime (device.sh passes Roller's
emulator runtime) it also runs the whole program of each model library that
has stored data (the small models/ exports) on the emulator and checks its
output. Without a GPU a real run writes OUT/NO_GPU.txt and exits 0.
"""

import argparse
import ctypes
import json
import os
import re
import statistics
import sys
import time

import whole_run

HERE = os.path.dirname(os.path.abspath(__file__))
ELEMENT_BYTES = {"f64": 8, "i64": 8, "index": 8, "f32": 4, "i32": 4, "f16": 2, "bf16": 2,
                 "i16": 2, "i8": 1, "i1": 1}
MAX_SMEM = 227 * 1024  # sm_90's opt-in shared memory per block


def log(msg):
    print("device: " + msg, file=sys.stderr, flush=True)


# ----------------------------------------------------------------- checking

def ptx_entries(path):
    """{entry name: parameter count} of a PTX file."""
    text = open(path).read()
    out = {}
    for m in re.finditer(r"\.entry\s+([\w$]+)\s*\((.*?)\)", text, re.S):
        out[m.group(1)] = len(re.findall(r"\.param\s", m.group(2)))
    return out


def buffer_elements(o):
    if any(s == 0 for s in o["shape"]):
        return 0
    return o.get("offset", 0) + sum((s - 1) * st for s, st in zip(o["shape"], o["strides"])) + 1


def check_model(dirpath, model):
    """(launches, problems, bytes of buffers) of a model's launch description."""
    base = os.path.join(dirpath, model["dir"])
    launches = json.load(open(os.path.join(base, model["launch"])))
    stem = os.path.splitext(model["ptx"])[0]
    problems, total, cache = [], 0, {}
    for i, l in enumerate(launches):
        where = "launch %d (%s)" % (i, l["module"])
        ptx = os.path.join(base, "%s.%s.ptx" % (stem, l["module"]))
        if not os.path.exists(ptx):
            problems.append("%s: no %s" % (where, os.path.basename(ptx)))
            continue
        entries = cache.setdefault(ptx, ptx_entries(ptx))
        if l["kernel"] not in entries:
            problems.append("%s: no .entry %s in the PTX" % (where, l["kernel"]))
        elif entries[l["kernel"]] != len(l["arguments"]):
            problems.append("%s: the PTX takes %d parameters, the launch passes %d"
                            % (where, entries[l["kernel"]], len(l["arguments"])))
        params = sum(o["params"] if o["kind"] == "memref" else 1 for o in l["operands"])
        if params != len(l["arguments"]):
            problems.append("%s: operands fill %d parameters of %d" % (where, params,
                                                                   len(l["arguments"])))
        b = l["block"]
        if b[0] * b[1] * b[2] > 1024 or b[2] > 64 or min(b) < 1:
            problems.append("%s: block %s" % (where, b))
        g = l["grid"]
        if g[0] >= 2 ** 31 or g[1] > 65535 or g[2] > 65535 or min(g) < 1:
            problems.append("%s: grid %s" % (where, g))
        if l.get("dynamic_shared_memory_bytes", 0) > MAX_SMEM:
            problems.append("%s: %d B of dynamic shared memory" % (
                where, l["dynamic_shared_memory_bytes"]))
        for o in l["operands"]:
            if o["kind"] == "memref":
                if o["element"] not in ELEMENT_BYTES:
                    problems.append("%s: element type %s" % (where, o["element"]))
                    continue
                if o["func_arg"] < 0:
                    total += buffer_elements(o) * ELEMENT_BYTES[o["element"]]
    return launches, problems, total


# ----------------------------------------------------------------- the driver

class Driver(object):
    """The few driver API calls a launch needs, through ctypes."""

    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1")

    def check(self, rc, what):
        if rc != 0:
            s = ctypes.c_char_p()
            self.lib.cuGetErrorString(rc, ctypes.byref(s))
            raise RuntimeError("%s: CUDA error %d (%s)" % (what, rc,
                                                          (s.value or b"?").decode()))

    def load(self, ptx_text):
        module = ctypes.c_void_p()
        log_size = 1 << 16
        buf = ctypes.create_string_buffer(log_size)
        # CU_JIT_ERROR_LOG_BUFFER (5), CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES (6)
        opts = (ctypes.c_int * 2)(5, 6)
        vals = (ctypes.c_void_p * 2)(ctypes.cast(buf, ctypes.c_void_p).value, log_size)
        rc = self.lib.cuModuleLoadDataEx(ctypes.byref(module), ctypes.c_char_p(ptx_text + b"\0"),
                                         2, opts, vals)
        if rc != 0:
            self.check(rc, "cuModuleLoadDataEx: " + buf.value.decode(errors="replace")[:500])
        return module

    def function(self, module, name, dyn_smem):
        fn = ctypes.c_void_p()
        self.check(self.lib.cuModuleGetFunction(ctypes.byref(fn), module, name.encode()),
                   "cuModuleGetFunction " + name)
        if dyn_smem > 48 * 1024:
            # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
            self.check(self.lib.cuFuncSetAttribute(fn, 8, dyn_smem), "cuFuncSetAttribute")
        return fn

    def launch(self, fn, grid, block, smem, stream, params):
        self.check(self.lib.cuLaunchKernel(fn, grid[0], grid[1], grid[2], block[0], block[1],
                                           block[2], smem, ctypes.c_void_p(stream), params,
                                           None), "cuLaunchKernel")


def scalar_bits(type_, value):
    import struct
    if type_ == "f32":
        return struct.unpack("<I", struct.pack("<f", value))[0]
    if type_ == "f64":
        return struct.unpack("<Q", struct.pack("<d", value))[0]
    if type_ == "f16":
        return struct.unpack("<H", struct.pack("<e", value))[0]
    return int(value) & (2 ** 64 - 1)


def prepare_launches(torch, drv, dirpath, model, launches, x):
    """Per launch (function, grid, block, smem, params, keep-alive)."""
    base = os.path.join(dirpath, model["dir"])
    stem = os.path.splitext(model["ptx"])[0]
    modules, prepared = {}, []
    dtypes = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
              "f64": torch.float64}
    for l in launches:
        if l["module"] not in modules:
            with open(os.path.join(base, "%s.%s.ptx" % (stem, l["module"])), "rb") as f:
                modules[l["module"]] = drv.load(f.read())
        smem = l.get("dynamic_shared_memory_bytes", 0)
        fn = drv.function(modules[l["module"]], l["kernel"], smem)
        slots, keep = [], []
        at = 0
        for o in l["operands"]:
            if o["kind"] != "memref":
                slots.append(scalar_bits(l["arguments"][at]["type"], float(o.get("value", 0))))
                at += 1
                continue
            n = buffer_elements(o)
            dt = dtypes.get(o["element"])
            if o["func_arg"] >= 0 and x is not None and x.numel() >= n and \
                    dt == x.dtype:
                t = x
            elif dt is not None:
                t = (torch.rand(max(n, 1), device="cuda", dtype=torch.float32) * 2 - 1).to(dt)
            else:
                t = torch.zeros(max(n, 1) * ELEMENT_BYTES[o["element"]], device="cuda",
                                dtype=torch.uint8)
            keep.append(t)
            slots += [t.data_ptr(), t.data_ptr(), o.get("offset", 0)] + list(o["shape"]) + \
                list(o["strides"])
            at += o["params"]
        values = (ctypes.c_uint64 * len(slots))(*[v & (2 ** 64 - 1) for v in slots])
        params = (ctypes.c_void_p * len(slots))(
            *[ctypes.addressof(values) + 8 * i for i in range(len(slots))])
        prepared.append((fn, l["grid"], l["block"], smem, params, (values, keep)))
    return prepared


def time_events(torch, fn, reps, warmup):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b))
    return statistics.median(times)


def time_roller(torch, drv, dirpath, model, launches, x, reps):
    """(sequence ms on the stream, sequence ms as a CUDA graph or None and why,
    per-kernel ms)."""
    prepared = prepare_launches(torch, drv, dirpath, model, launches, x)

    def all_(stream):
        for p in prepared:
            drv.launch(p[0], p[1], p[2], p[3], stream, p[4])

    stream = torch.cuda.current_stream().cuda_stream
    total = time_events(torch, lambda: all_(stream), reps, 3)
    # Launching from Python costs microseconds per kernel, which a model of
    # small kernels may not hide: the same launches captured as a CUDA graph
    # and replayed show the kernels' own time.
    graph, why = None, ""
    try:
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            all_(torch.cuda.current_stream().cuda_stream)
        graph = time_events(torch, g.replay, reps, 3)
    except Exception as e:
        why = "%s: %s" % (type(e).__name__, str(e)[:200])
    per = [time_events(torch, lambda p=p: drv.launch(p[0], p[1], p[2], p[3], stream, p[4]),
                       max(3, reps // 2), 1) for p in prepared]
    return total, graph, why, per


def time_torch(torch, full_models, name, dirpath, model, reps):
    rec = {}
    m, x, source = full_models.build(name)
    wpath = os.path.join(dirpath, model["dir"], "weights.pt")
    if os.path.exists(wpath):
        m.load_state_dict(torch.load(wpath, map_location="cpu"))
        ipath = os.path.join(dirpath, model["dir"], "input.pt")
        if os.path.exists(ipath):
            x = torch.load(ipath, map_location="cpu")
        rec["weights"] = "weights.pt"
    else:
        sums = full_models.checksums(m, x)
        want = model.get("checksums") or {}
        bad = sorted(k for k in want if sums.get(k) != want[k])
        rec["weights"] = "rebuilt from seed %s: %s" % (
            model.get("seed"), "checksums match (%d tensors)" % len(want) if want and not bad
            else "MISMATCH on %d tensors (e.g. %s); torch %s here, %s at export"
            % (len(bad), bad[:3], torch.__version__, model.get("torch_version"))
            if bad else "no checksums to compare")
    m = m.cuda().eval()
    x = x.cuda()
    with torch.no_grad():
        rec["eager_ms"] = time_events(torch, lambda: m(x), reps, 3)
        ref = m(x).float()
        rec["_ref"] = ref
        try:
            c = torch.compile(m)
            t0 = time.perf_counter()
            c(x)
            torch.cuda.synchronize()
            rec["compile_first_call_s"] = time.perf_counter() - t0
            rec["compile_ms"] = time_events(torch, lambda: c(x), reps, 3)
            rec["compile_max_abs_diff"] = float((c(x).float() - ref).abs().max())
        except Exception as e:  # torch.compile's failures are results too
            rec["compile_error"] = "%s: %s" % (type(e).__name__, str(e).splitlines()[0][:300]
                                              if str(e) else "")
    rec["source"] = source
    return rec, x, rec.pop("_ref")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", help="the folder bench/models/run.py wrote (models.json)")
    ap.add_argument("out", help="where results.json and results.md go")
    ap.add_argument("--dry-run", action="store_true", help="check everything, no GPU, no torch")
    ap.add_argument("--models", help="comma-separated subset")
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--no-torch", action="store_true", help="Roller's kernels only")
    ap.add_argument("--whole", help="the model libraries of build_model.py (default DIR/whole)")
    ap.add_argument("--runner", help="model_runner (device.sh builds it)")
    ap.add_argument("--runtime", help="the mgpu* runtime for model_runner: cuda_runtime.so, "
                    "or the emulator's in a dry run")
    ap.add_argument("--whole-timeout", type=int, default=600,
                    help="seconds one model_runner run may take")
    args = ap.parse_args(argv)

    with open(os.path.join(args.dir, "models.json")) as f:
        manifest = json.load(f)
    models = manifest["models"]
    if args.models:
        wanted = args.models.split(",")
        unknown = [w for w in wanted if w not in [m["name"] for m in models]]
        if unknown:
            log("no such model in %s: %s" % (args.dir, ", ".join(unknown)))
            return 2
        models = [m for m in models if m["name"] in wanted]
    os.makedirs(args.out, exist_ok=True)
    if not args.whole and os.path.isdir(os.path.join(args.dir, "whole")):
        args.whole = os.path.join(args.dir, "whole")
    whole = bool(args.whole and args.runner and args.runtime)

    checked, bad = {}, 0
    for m in models:
        launches, problems, nbytes = check_model(args.dir, m)
        checked[m["name"]] = launches
        bad += len(problems)
        torch_side = ("PyTorch: %s (full_models)" % m["torch_model"]) if m.get("torch_model") \
            else "PyTorch: none (not a bench/models model)"
        weights = "weights.pt" if os.path.exists(os.path.join(args.dir, m["dir"], "weights.pt")) \
            else ("rebuilt from seed %s" % m.get("seed") if m.get("torch_model") else "-")
        log("%s: %d launches, %d PTX modules, %d invalid, %.1f MiB of buffers, "
            "predicted %.4g ms; %s, weights %s" % (
                m["name"], len(launches), len({l["module"] for l in launches}), len(problems),
                nbytes / 2.0 ** 20, (m.get("predicted_us") or 0) / 1e3, torch_side, weights))
        for p in problems[:10]:
            log("  invalid: " + p)
    summary = "%s: %d models, %d launches, %d invalid" % (
        "dry run" if args.dry_run else "checked", len(models),
        sum(len(v) for v in checked.values()), bad)
    if args.dry_run and whole:
        failed = whole_run.dry_run(args, models, log)
        bad += failed
        summary += "; whole programs on %s: %d failed" % (os.path.basename(args.runtime),
                                                          failed)
    log(summary)
    if args.dry_run:
        with open(os.path.join(args.out, "dry-run.txt"), "w") as f:
            f.write(summary + "\n")
        return 1 if bad else 0
    if bad:
        return 1

    try:
        import torch
    except ImportError:
        log("no PyTorch: the Roller timing uses it for buffers and events; install torch")
        return 2
    if not torch.cuda.is_available():
        with open(os.path.join(args.out, "NO_GPU.txt"), "w") as f:
            f.write("no GPU (torch.cuda.is_available() is false)\n")
        log("no GPU: wrote NO_GPU.txt")
        return 0
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.backends.cudnn.benchmark = True
    torch.zeros(1, device="cuda")  # makes the primary context current for the driver API
    drv = Driver()
    sys.path.insert(0, HERE)
    import full_models

    rows = []
    for m in models:
        row = {"model": m["name"], "kernels": m["kernels"], "predicted_ms":
               (m.get("predicted_us") or 0) / 1e3, "gpu": torch.cuda.get_device_name()}
        x = ref = None
        if m.get("torch_model") and not args.no_torch:
            try:
                rec, x, ref = time_torch(torch, full_models, m["torch_model"], args.dir, m,
                                         args.reps)
                row.update(rec)
            except Exception as e:
                row["torch_error"] = "%s: %s" % (type(e).__name__, str(e)[:300])
        if whole:
            whole_run.device_run(args, torch, m, x, ref, row, log)
        try:
            total, graph, why, per = time_roller(torch, drv, args.dir, m, checked[m["name"]],
                                                 x, args.reps)
            row["roller_stream_ms"] = total
            row["roller_graph_ms"] = graph
            if why:
                row["roller_graph_error"] = why
            # The figure compared: the graph's replay when capture worked.
            row["roller_ms"] = graph if graph is not None else total
            row["roller_kernel_ms"] = per
            row["roller_kernel_sum_ms"] = sum(per)
            pred = m.get("predicted_per_op_us") or []
            if len(pred) == len(per):
                ratios = [p / (q / 1e3) for p, q in zip(per, pred) if q > 0 and p > 0]
                if ratios:
                    row["measured_over_predicted_geomean"] = statistics.geometric_mean(ratios)
        except Exception as e:
            row["roller_error"] = "%s: %s" % (type(e).__name__, str(e)[:500])
        log("%s: %s" % (m["name"], {k: v for k, v in row.items() if k != "roller_kernel_ms"}))
        rows.append(row)
        torch.cuda.empty_cache()

    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"rows": rows, "torch": torch.__version__}, f, indent=1)
    md = ["| model | kernels | Roller ms (graph) | Roller ms (stream) | sum of kernels ms | "
          "predicted ms | eager ms | torch.compile ms | Roller/eager | Roller/compile | "
          "whole program ms | first call ms | max abs err vs eager | whole/eager |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        def f(k):
            return "%.3f" % r[k] if isinstance(r.get(k), float) else "-"

        def ratio(k, num="roller_ms"):
            return "%.2fx" % (r[num] / r[k]) if r.get(num) and r.get(k) else "-"
        err = "-"
        if "whole_max_abs_err" in r:
            err = "%.3g %s" % (r["whole_max_abs_err"], "ok" if r.get("whole_ok") else "FAIL")
        elif "whole_error" in r:
            err = "error: " + r["whole_error"][:80]
        md.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["model"], r["kernels"], f("roller_graph_ms"), f("roller_stream_ms"),
            f("roller_kernel_sum_ms"),
            f("predicted_ms"), f("eager_ms"), f("compile_ms"), ratio("eager_ms"),
            ratio("compile_ms"), f("whole_median_ms"), f("whole_first_call_ms"), err,
            ratio("eager_ms", "whole_median_ms")))
    with open(os.path.join(args.out, "results.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md))
    return 0


if __name__ == "__main__":
    sys.exit(main())
