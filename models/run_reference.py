#!/usr/bin/env python3
"""Runs a model export on the CPU and compares it with PyTorch's output.

For models/<name>/ it wraps <name>.mlir with a generated @main that builds
the input(s) from input*.npy as dense constants, calls the entry function
from info.json, upcasts the result to f32 and prints it with printMemrefF32;
it lowers that to LLVM, runs it with mlir-runner and compares the printed
values with expected.npy.

Pipelines (--pipeline, comma-separated; default upstream,roller,emu):
  upstream  LLVM 22's mlir-opt alone: one-shot-bufferize, linalg to loops,
            math to libm/LLVM, everything to LLVM (no Roller involved)
  roller    build/bin/roller-opt --roller-tile --roller-lower-to-cpu (Roller's
            CPU oracle: the tiled rProgram run as loops)
  emu       build/bin/roller-opt --roller-tile --convert-to-nvvm, the GPU
            kernels run on Roller's PTX emulator
            (build/lib/libroller_emulator_runtime.so)

Needs only Python 3 (no numpy: it reads the .npy files itself) and LLVM 22
(mlir-opt, mlir-runner and the runner utils libraries); roller needs
build/bin/roller-opt, emu also the emulator runtime. Exit status 1 on a failure
or a mismatch.

  python3 models/run_reference.py                  # every model, all three
  python3 models/run_reference.py mlp_gelu --pipeline upstream --keep /tmp/k
  python3 models/run_reference.py resnet_block_f16 \
      --before-tile=--roller-conv-nchw-to-nhwc   # the whole net in NHWC
"""

import argparse
import ast
import json
import math
import os
import re
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LLVM = os.environ.get("LLVM_PREFIX", "/usr/lib/llvm-22")

UPSTREAM_PIPELINE = ",".join([
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map}",
    "func.func(convert-linalg-to-loops)",
    "expand-strided-metadata",
    "lower-affine",
    "convert-scf-to-cf",
    "func.func(math-expand-ops)",
    "convert-math-to-libm",
    "convert-math-to-llvm",
    "finalize-memref-to-llvm",
    "convert-to-llvm",
    "reconcile-unrealized-casts",
])

# Tolerances on |got - expected| <= atol + rtol * |expected|, by output dtype.
# printMemrefF32 prints 6 significant digits; f16/bf16 results also differ
# from PyTorch in rounding order.
TOLERANCES = {"float32": (1e-4, 1e-4), "float16": (2e-2, 2e-2),
              "bfloat16": (6e-2, 6e-2)}
# f32 outputs of TF32 contractions (--tile-options allow-tf32=true, emu):
# inputs rounded to 10 mantissa bits, as f16's, sums in f32.
TF32_TOLERANCE = (1e-2, 1e-2)
ELT = {"float32": "f32", "float16": "f16", "bfloat16": "bf16", "int64": "i64"}
BYTES = {"float32": 4, "float16": 2, "bfloat16": 2, "int64": 8}
NPY = {"float32": "<f4", "float16": "<f2", "int64": "<i8"}


def tensor_type(shape, dtype):
    return "tensor<" + "".join(f"{d}x" for d in shape) + ELT[dtype] + ">"


def load_npy(path):
    """(shape, npy dtype string, raw little-endian bytes) of a C-order .npy."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise RuntimeError(f"{path}: not a .npy file")
    if data[6] == 1:
        hlen, start = struct.unpack("<H", data[8:10])[0], 10
    else:
        hlen, start = struct.unpack("<I", data[8:12])[0], 12
    header = ast.literal_eval(data[start:start + hlen].decode("latin1"))
    if header["fortran_order"] or header["descr"] not in NPY.values():
        raise RuntimeError(f"{path}: unsupported {header}")
    return tuple(header["shape"]), header["descr"], data[start + hlen:]


def hex_bytes(path, dtype):
    """The .npy's values in dtype, as MLIR's dense hex (raw little-endian)."""
    _, descr, raw = load_npy(path)
    if dtype == "bfloat16":
        # stored as float32 holding bf16 values exactly: keep the top halves
        if descr != "<f4":
            raise RuntimeError(f"{path}: bf16 input must be stored as f32")
        raw = b"".join(raw[i + 2:i + 4] for i in range(0, len(raw), 4))
    elif descr != NPY[dtype]:
        raise RuntimeError(f"{path}: stored as {descr}, expected {dtype}")
    return "0x" + raw.hex().upper()


def load_floats(path):
    shape, descr, raw = load_npy(path)
    fmt = {"<f4": "f", "<f2": "e"}[descr]
    n = len(raw) // struct.calcsize(fmt)
    return shape, list(struct.unpack(f"<{n}{fmt}", raw))


def wrap(name, info, calls=1):
    """The model's MLIR plus a @main that runs it on the stored input
    (`calls` times; the last result is printed)."""
    text = open(os.path.join(HERE, name, info["mlir"])).read()
    body, sep, resources = text.partition("{-#")
    end = body.rstrip().rfind("}")  # the module's closing brace
    lines = ["  func.func @main() {"]
    args, types = [], []
    for i, inp in enumerate(info["inputs"]):
        path = os.path.join(HERE, name, inp["file"])
        ty = tensor_type(inp["shape"], inp["dtype"])
        lines.append(f'    %in{i} = arith.constant dense<"'
                     f'{hex_bytes(path, inp["dtype"])}"> : {ty}')
        args.append(f"%in{i}")
        types.append(ty)
    out = info["outputs"][0]
    oty = tensor_type(out["shape"], out["dtype"])
    for c in range(calls):
        result = "%r" if c == calls - 1 else f"%r{c}"
        lines.append(f'    {result} = func.call @{info["entry"]}'
                     f'({", ".join(args)}) : ({", ".join(types)}) -> {oty}')
    res = "%r"
    if out["dtype"] != "float32":
        fty = tensor_type(out["shape"], "float32")
        rank = len(out["shape"])
        dims = ", ".join(f"d{k}" for k in range(rank))
        amap = f"affine_map<({dims}) -> ({dims})>"
        its = ", ".join(['"parallel"'] * rank)
        lines += [
            f"    %e = tensor.empty() : {fty}",
            f"    %f = linalg.generic {{indexing_maps = [{amap}, {amap}], "
            f"iterator_types = [{its}]}} ins(%r : {oty}) outs(%e : {fty}) {{",
            f"    ^bb0(%x: {ELT[out['dtype']]}, %y: f32):",
            f"      %z = arith.extf %x : {ELT[out['dtype']]} to f32",
            "      linalg.yield %z : f32",
            f"    }} -> {fty}",
        ]
        res = "%f"
    fty = tensor_type(out["shape"], "float32")
    lines += [
        f"    %u = tensor.cast {res} : {fty} to tensor<*xf32>",
        "    func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()",
        "    return",
        "  }",
        "  func.func private @printMemrefF32(tensor<*xf32>) "
        "attributes {llvm.emit_c_interface}",
    ]
    return (body[:end] + "\n".join(lines) + "\n" + body[end:] + sep
            + resources)


def parse_printed(stdout, count):
    data = stdout.split("data =", 1)
    if len(data) != 2:
        raise RuntimeError("no printMemrefF32 output")
    nums = re.findall(r"-?(?:nan|inf|\d+(?:\.\d*)?(?:e[-+]?\d+)?)",
                      data[1])
    if len(nums) != count:
        raise RuntimeError(f"printed {len(nums)} values, expected {count}")
    return [float(x) for x in nums]


def run(cmd, stdin=None):
    r = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if r.returncode != 0:
        first = next((ln for ln in r.stderr.splitlines() if "error" in ln),
                     r.stderr.strip().splitlines()[:1] or ["(no message)"])
        if isinstance(first, list):
            first = first[0]
        raise RuntimeError(f"{os.path.basename(cmd[0])} failed: {first}")
    return r.stdout


def lower(pipeline, src, args):
    if pipeline == "upstream":
        return run([args.mlir_opt, "-",
                    f"--pass-pipeline=builtin.module({UPSTREAM_PIPELINE})"],
                   stdin=src)
    last = {"roller": "--roller-lower-to-cpu", "emu": "--convert-to-nvvm"}
    options = " ".join(args.tile_options.split())
    tile = f"--roller-tile={options}" if options else "--roller-tile"
    return run([args.roller_opt, "-", *args.before_tile.split(), tile,
                last[pipeline]], stdin=src)


def runner_command(pipeline, args):
    libs = [os.path.join(LLVM, "lib", lib) for lib in
            ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so")]
    if pipeline == "emu":
        libs.append(args.emulator_runtime)
    return [args.mlir_runner, "-e", "main", "-entry-point-result=void",
            f"-shared-libs={','.join(libs)}"]


def run_with_stats(name, info, calls, args):
    """What the GPU program asked of the (emulated) GPU in `calls` calls."""
    llvm_ir = lower("emu", wrap(name, info, calls), args)
    stats_path = os.path.join(args.stats_dir, f"{name}.{calls}.jsonl")
    if os.path.exists(stats_path):
        os.remove(stats_path)
    env = dict(os.environ, ROLLER_EMU_STATS=stats_path)
    r = subprocess.run(runner_command("emu", args), input=llvm_ir,
                       capture_output=True, text=True, env=env)
    if r.returncode != 0:
        raise RuntimeError(f"mlir-runner failed: {r.stderr.strip()[:300]}")
    with open(stats_path) as f:
        return json.loads(f.read().splitlines()[-1])


def check_memory(name, args):
    """The GPU program's memory and stream discipline, from the emulator's
    statistics of 1 and 3 calls: every call frees what it allocates, runs
    its launches on one stream, copies only its input in and its output out;
    constants are uploaded on the first call only, and freed when the module
    is unloaded: nothing is live at exit."""
    info = json.load(open(os.path.join(HERE, name, "info.json")))
    one = run_with_stats(name, info, 1, args)
    three = run_with_stats(name, info, 3, args)
    per_call = {k: (three[k] - one[k]) / 2 for k in one
                if isinstance(one[k], int)}
    in_bytes = sum(math.prod(i["shape"]) * BYTES[i["dtype"]]
                   for i in info["inputs"])
    out = info["outputs"][0]
    out_bytes = math.prod(out["shape"]) * BYTES[out["dtype"]]
    # @main upcasts an f16/bf16 result to f32 with one kernel of its own, on
    # a stream of its own (once, whatever the number of calls).
    harness = 0 if out["dtype"] == "float32" else 1
    launches = one["launches"] - harness
    problems = []
    if one["managed_allocations"] or three["managed_allocations"]:
        problems.append("managed allocations")
    for calls, stats in ((1, one), (3, three)):
        if stats["live_allocations"] or \
                stats["frees"] != stats["device_allocations"]:
            problems.append(f"{stats['live_allocations']} buffers live at "
                            f"exit after {calls} call(s)")
    if per_call["device_allocations"] != per_call["frees"]:
        problems.append(f"{per_call['device_allocations']} allocations but "
                        f"{per_call['frees']} frees per call")
    if per_call["streams_created"] != 1 or \
            three["streams_destroyed"] != three["streams_created"]:
        problems.append(f"{per_call['streams_created']} streams per call, "
                        f"{three['streams_created'] - three['streams_destroyed']}"
                        " not destroyed")
    expected = [launches] * 3 + [1] * harness
    if one["launches_per_stream"] != [launches] + [1] * harness or \
            three["launches_per_stream"] != expected:
        problems.append("launches per stream "
                        f"{three['launches_per_stream']}, expected {expected}")
    if per_call["bytes_host_to_device"] != in_bytes or \
            per_call["bytes_device_to_host"] != out_bytes:
        problems.append(f"{per_call['bytes_host_to_device']:g} bytes in and "
                        f"{per_call['bytes_device_to_host']:g} out per call, "
                        f"expected {in_bytes} and {out_bytes}")
    # @main's own upcast kernel gets the model's result copied in once.
    uploaded = one["bytes_host_to_device"] - in_bytes - harness * out_bytes
    constants = one["copies_host_to_device"] - len(info["inputs"]) - harness
    summary = (f"per call {launches} launches on 1 stream, "
               f"{per_call['device_allocations']:g} device allocations and "
               f"{per_call['frees']:g} frees, {in_bytes} bytes in, "
               f"{out_bytes} out; {constants} constants ({uploaded} bytes) "
               "uploaded on the first call only; nothing live at exit")
    return not problems, "; ".join(problems) or summary


def check(name, pipeline, args):
    info = json.load(open(os.path.join(HERE, name, "info.json")))
    src = wrap(name, info)
    llvm_ir = lower(pipeline, src, args)
    if args.keep:
        for suffix, t in (("wrapped", src), (pipeline, llvm_ir)):
            p = os.path.join(args.keep, f"{name}.{suffix}.mlir")
            with open(p, "w") as f:
                f.write(t)
    out = run(runner_command(pipeline, args), stdin=llvm_ir)
    _, expected = load_floats(os.path.join(HERE, name, "expected.npy"))
    got = parse_printed(out, len(expected))
    rtol, atol = TOLERANCES[info["outputs"][0]["dtype"]]
    if (pipeline == "emu" and "allow-tf32=true" in args.tile_options.split()
            and info["outputs"][0]["dtype"] == "float32"):
        rtol, atol = TF32_TOLERANCE
    errs = [abs(g - e) for g, e in zip(got, expected)]
    ok = all(not math.isnan(d) and d <= atol + rtol * abs(e)
             for d, e in zip(errs, expected))
    return ok, max(errs)


def main():
    models = sorted(d for d in os.listdir(HERE)
                    if os.path.isfile(os.path.join(HERE, d, "info.json")))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help="models (default: all): "
                    + ", ".join(models))
    ap.add_argument("--pipeline", default="upstream,roller,emu",
                    help="comma-separated: upstream, roller, emu")
    ap.add_argument("--mlir-opt", default=os.path.join(LLVM, "bin/mlir-opt"))
    ap.add_argument("--mlir-runner",
                    default=os.path.join(LLVM, "bin/mlir-runner"))
    ap.add_argument("--before-tile", default="", metavar="PASSES",
                    help="roller-opt passes run before --roller-tile on the "
                    "roller and emu pipelines (space-separated), e.g. "
                    "--roller-conv-nchw-to-nhwc")
    ap.add_argument("--tile-options", default="", metavar="OPTIONS",
                    help="--roller-tile options on the roller and emu "
                    "pipelines (space-separated), e.g. allow-tf32=true (the "
                    "emu pipeline's f32 outputs are then held to TF32's "
                    "tolerance)")
    ap.add_argument("--roller-opt",
                    default=os.path.join(ROOT, "build/bin/roller-opt"))
    ap.add_argument("--emulator-runtime", default=os.path.join(
        ROOT, "build/lib/libroller_emulator_runtime.so"))
    ap.add_argument("--keep", metavar="DIR",
                    help="write the wrapped and lowered MLIR into DIR")
    ap.add_argument("--memory", action="store_true",
                    help="instead of the outputs, check the GPU program's "
                    "memory and streams (emulator statistics of 1 and 3 "
                    "calls)")
    ap.add_argument("--stats-dir", default="/tmp",
                    help="where --memory writes the statistics")
    args = ap.parse_args()
    for n in args.names:
        if n not in models:
            ap.error(f"unknown model {n}")
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    pipelines = [p for p in args.pipeline.split(",") if p]
    for p in pipelines:
        if p not in ("upstream", "roller", "emu"):
            ap.error(f"unknown pipeline {p}")
    passed = failed = 0
    if args.memory:
        os.makedirs(args.stats_dir, exist_ok=True)
        pipelines = []
        for n in args.names or models:
            try:
                ok, msg = check_memory(n, args)
            except RuntimeError as e:
                ok, msg = False, str(e)
            passed += ok
            failed += not ok
            print(f"{'MEMORY OK' if ok else 'MEMORY FAIL'}: {n}: {msg}")
    for n in args.names or models:
        for p in pipelines:
            try:
                ok, err = check(n, p, args)
                msg = f"max |err| {err:.3g}"
            except RuntimeError as e:
                ok, msg = False, str(e)
            passed += ok
            failed += not ok
            print(f"{'PASS' if ok else 'FAIL'}: {n} [{p}] {msg}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
