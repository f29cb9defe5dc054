"""The whole-model run of bench/models/device.sh (device_run.py calls it).

A model library of build_model.py (WHOLE/<name>.so and <name>.sig: the host
program of `roller-opt --roller-tile --convert-to-nvvm` with every kernel's
PTX and the weights as constants) is run by model_runner (model_runner.cpp)
over an mgpu* runtime: cuda_runtime.so on the GPU machine, Roller's PTX
emulator in a dry run. This is the compiled model's real data flow: its
buffers in device memory, the input copied in, the constants uploaded on the
first call, the intermediates freed, the output copied back, one stream per
call. The output is compared with PyTorch eager's on the same weights and
input (on the GPU), or with the stored expected output of a models/ export
(build_model.py copies it next to the library: <name>.input<i>.npy,
<name>.expected.npy).

Standard library only (torch tensors are written to .npy without numpy).
"""

import ctypes
import json
import os
import subprocess

NPY_DESCR = {"torch.float32": "<f4", "torch.float16": "<f2"}
F32_FULL_TOLERANCE = 1e-3


def library(whole, name):
    """WHOLE/<name>.so when it was built, else None."""
    if not whole:
        return None
    so = os.path.join(whole, name + ".so")
    return so if os.path.isfile(so) and os.path.isfile(os.path.join(whole, name + ".sig")) \
        else None


def stored_data(whole, name):
    """([inputs], expected) that build_model.py copied for a models/ export, or None."""
    expected = os.path.join(whole, name + ".expected.npy")
    inputs = []
    while os.path.isfile(os.path.join(whole, "%s.input%d.npy" % (name, len(inputs)))):
        inputs.append(os.path.join(whole, "%s.input%d.npy" % (name, len(inputs))))
    return (inputs, expected) if inputs and os.path.isfile(expected) else None


def save_npy(torch, path, t):
    """A tensor as a C-order .npy: f32 and f16 as they are, bf16 as f32 (what
    model_runner reads for a bf16 argument)."""
    t = t.detach().cpu().contiguous()
    if t.dtype == torch.bfloat16 or str(t.dtype) not in NPY_DESCR:
        t = t.float()
    shape = tuple(t.shape)
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        NPY_DESCR[str(t.dtype)], "(%d,)" % shape[0] if len(shape) == 1 else str(shape))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode())
        f.write(ctypes.string_at(t.data_ptr(), t.numel() * t.element_size()))


def run(runner, runtime, so, inputs, expected, out_dir, name, reps, warmup, timeout,
        tolerance=None):
    """model_runner's JSON record (median_ms, min_ms, first_call_ms, load_ms,
    max_abs_err, ok, ...) plus its printed lines; raises RuntimeError when it
    does not finish or prints no record."""
    cmd = [runner, so, "--runtime", runtime, "--name", name, "--reps", str(reps),
           "--warmup", str(warmup), "--output", os.path.join(out_dir, name + ".roller.npy")]
    for i in inputs:
        cmd += ["--input", i]
    if expected:
        cmd += ["--expected", expected]
    if tolerance:
        cmd += ["--atol", str(tolerance), "--rtol", str(tolerance)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError("model_runner ran past %d s" % timeout)
    lines = r.stdout.strip().splitlines()
    record = None
    if lines and lines[-1].startswith("{"):
        record = json.loads(lines[-1])
    if record is None:
        tail = (r.stderr.strip() or r.stdout.strip())[-400:]
        raise RuntimeError("model_runner exited %d without a result: %s" % (r.returncode, tail))
    record["lines"] = [ln for ln in lines[:-1] if ln.startswith("model_runner:")]
    with open(os.path.join(out_dir, name + ".runner.json"), "w") as f:
        json.dump(record, f, indent=1)
    return record


def dry_run(args, models, log):
    """Each model with a library and stored data, on the emulator: the number
    that failed."""
    bad = 0
    for m in models:
        so = library(args.whole, m["name"])
        data = stored_data(args.whole, m["name"]) if so else None
        if not so:
            log("%s: whole program: no %s.so in %s (bench/models/build_model.py)"
                % (m["name"], m["name"], args.whole))
            continue
        if not data:
            log("%s: whole program: %s, no stored input: not run in a dry run (the "
                "emulator is for small models)" % (m["name"], size(so)))
            continue
        try:
            rec = run(args.runner, args.runtime, so, data[0], data[1], args.out, m["name"],
                      1, 0, args.whole_timeout)
            ok = rec["ok"]
            msg = "%s on %s: %s, max |err| %.3g vs stored expected output, %s" % (
                size(so), os.path.basename(args.runtime), "PASS" if ok else "FAIL",
                rec.get("max_abs_err", float("nan")),
                "calls agree" if rec["calls_agree"] else "CALLS DISAGREE")
        except RuntimeError as e:
            ok, msg = False, str(e)
        bad += not ok
        log("%s: whole program: %s" % (m["name"], msg))
    return bad


def size(path):
    return "%s.so %.2f MB" % (os.path.basename(path)[:-3], os.path.getsize(path) / 1e6)


def device_run(args, torch, m, x, ref, row, log):
    """The whole program of model m on the GPU: into row, whole_* keys. x and
    ref are PyTorch's input and eager output (None without torch)."""
    name = m["name"]
    so = library(args.whole, name)
    if not so:
        return
    row["whole_so_mb"] = os.path.getsize(so) / 1e6
    if x is not None and ref is not None:
        inputs = [os.path.join(args.out, name + ".input0.npy")]
        expected = os.path.join(args.out, name + ".eager.npy")
        save_npy(torch, inputs[0], x)
        save_npy(torch, expected, ref.float())
        row["whole_reference"] = "PyTorch eager on the GPU"
        # A full-size f32 model reduces over thousands of terms per layer, in
        # another order than cuDNN/cuBLAS: 1e-3 rather than models/' 1e-4.
        # f16/bf16 keep model_runner's (those of models/run_reference.py).
        tolerance = F32_FULL_TOLERANCE if m.get("input_dtype") == "float32" else None
    else:
        data = stored_data(args.whole, name)
        if not data:
            row["whole_error"] = "no input: needs PyTorch (full_models) or stored data"
            return
        inputs, expected = data
        tolerance = None
        row["whole_reference"] = "stored expected output (models/)"
    try:
        rec = run(args.runner, args.runtime, so, inputs, expected, args.out, name,
                  args.reps, 3, args.whole_timeout, tolerance)
    except RuntimeError as e:
        row["whole_error"] = str(e)
        return
    for k in ("median_ms", "min_ms", "first_call_ms", "load_ms", "max_abs_err", "ok",
              "calls_agree", "atol", "rtol"):
        if k in rec:
            row["whole_" + k] = rec[k]
    for line in rec["lines"]:
        log(line)
