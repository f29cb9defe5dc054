#!/usr/bin/env python3
"""Runs PTX that Triton wrote on the PTX emulator and checks it with numpy.

The emulator's own tests run PTX that Roller's compiler wrote; this one
runs Triton's, which uses forms Roller does not write (ldmatrix with .trans
and .x1, mma.sync, cp.async with a src-size that zero-fills, shfl, bfe,
div/rem, mov.b32 packing, createpolicy and .L2::cache_hint loads, inline
asm with braced single registers...). For each case below its kernel
(triton_kernels.py: Triton's tutorials) is compiled for sm_80 with no GPU,
specialized as Triton's JIT would for the case's arguments (pointers and
integers that are multiples of 16 get tt.divisibility=16; integers equal to
1 become constants); a launch description is written from the kernel's
signature (Triton adds scratch pointers at the end of the parameter list)
and its metadata (dynamic shared memory); roller-emu runs every block under
its sanitizer on random inputs; every output element must be written
(roller-emu --written lists the stores) and agree with numpy within the
bound the case derives.

usage: run_triton_matmul.py --roller-emu EMU [--workdir DIR] [--only NAME,...]
                            [--arch 80] [--verbose]
Without --workdir the files go to a temporary folder, kept only when a case
fails. Exit status: 0 no case
failed (or triton is not installed: SKIPPED), 1 a case failed. Needs triton
and numpy (scripts/install-triton.sh makes a virtualenv with both at
build-triton/).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

# Element types of the launch description and of Triton's signatures, by
# numpy dtype; bf16 arrays are uint16 bit patterns (as roller-emu's .npy
# files hold them) named in a case's "bf16" list.
ELEMENT = {np.dtype(np.float16): "f16", np.dtype(np.float32): "f32"}
TRITON_TYPE = {np.dtype(np.float16): "*fp16", np.dtype(np.float32): "*fp32"}


def element_of(case, name):
    if name in case.get("bf16", ()):
        return "bf16", "*bf16"
    value = case["args"][name]
    return ELEMENT[value.dtype], TRITON_TYPE[value.dtype]


def to_bf16(x):
    """float32 -> bf16 bit patterns, rounded to nearest even."""
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    bits += 0x7FFF + ((bits >> 16) & 1)
    return (bits >> 16).astype(np.uint16)


def from_bf16(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def cdiv(a, b):
    return (a + b - 1) // b


# --- Checks: each returns (ok, max error, how close to the bound, words). ---


def check_matmul(case, inputs, outputs):
    a32, b32 = inputs["a_ptr"], inputs["b_ptr"]
    if "bf16" in case:
        a32, b32 = from_bf16(a32), from_bf16(b32)
    a, b = a32.astype(np.float64), b32.astype(np.float64)
    c = outputs["c_ptr"].astype(np.float64)
    k = a.shape[1]
    ref = a @ b  # f64 sums of k exact products: exact enough
    scale = np.abs(a) @ np.abs(b)
    # Products of f16 or bf16 are exact in f32. f32 inputs go to the tensor
    # cores as tf32 (10 mantissa bits; rounded or truncated, within 2^-10
    # relative): each product within (2*2^-10 + 2^-20) of itself.
    inexact = (2 * 2.0**-10 + 2.0**-20) * scale if case["tf32"] else 0
    # The kernel sums the products in f32 in an order of its own, then
    # rounds to f16 once. Summing in f32 errs by at most k*2^-24*sum|a*b|;
    # rounding to f16 by half an ulp, at most 2^-11*|value| (2^-25 below
    # f16's normal range).
    accumulate = k * 2.0**-24 * scale + inexact
    bound = 2.0**-11 * (np.abs(ref) + accumulate) + accumulate + 2.0**-25
    err = np.abs(c - ref)
    # For information: how many equal numpy's f32 matmul rounded to f16.
    same = np.mean(outputs["c_ptr"] == (a32 @ b32).astype(np.float16))
    return (bool(np.all(err <= bound)), float(err.max()),
            float((err / bound).max()),
            f"{100 * same:.1f}% equal to numpy's f32 matmul rounded to f16")


def check_add(case, inputs, outputs):
    # One correctly rounded addition: exactly numpy's.
    ref = inputs["x_ptr"] + inputs["y_ptr"]
    out = outputs["output_ptr"]
    err = np.abs(out.astype(np.float64) - ref.astype(np.float64))
    return bool(np.array_equal(out, ref)), float(err.max()), 0.0, "exact"


def check_softmax(case, inputs, outputs):
    x = inputs["input_ptr"].astype(np.float64)
    out = outputs["output_ptr"].astype(np.float64)
    d = x - x.max(axis=1, keepdims=True)
    ref = np.exp(d) / np.exp(d).sum(axis=1, keepdims=True)
    # Relative error, in units of 2^-24: the f32 x - max (1), exp as
    # ex2.approx(d*log2(e)) (about |d| for the product, 2 for ex2), the f32
    # row sum (up to n_cols), div.full.f32 (2); doubled.
    n_cols = x.shape[1]
    bound = 2.0**-24 * 2 * (np.abs(d) * 1.5 + n_cols + 8) * ref + 1e-30
    err = np.abs(out - ref)
    return (bool(np.all(err <= bound)), float(err.max()),
            float((err / bound).max()), "relative to a float64 softmax")


def check_fp8_roundtrip(case, inputs, outputs):
    # e5m2 is f16's top byte: round the f16 bit pattern to nearest even at
    # bit 8, after clamping the magnitude to e5m2's largest finite (57344,
    # 0x7b00; Triton's conversion saturates). NaN stays NaN.
    x = inputs["x_ptr"]
    y = outputs["y_ptr"]
    bits = x.view(np.uint16).astype(np.uint32)
    magnitude = np.minimum(bits & 0x7FFF, 0x7B00)
    rounded = (magnitude + 0x7F + ((magnitude >> 8) & 1)) >> 8 << 8
    ref = (rounded | (bits & 0x8000)).astype(np.uint16).view(np.float16)
    nan = np.isnan(x)
    wrong = int(np.sum(np.where(nan, ~np.isnan(y), y != ref)))
    err = np.abs(y.astype(np.float64) - ref.astype(np.float64))[~nan]
    return (wrong == 0, float(np.max(err)), 0.0,
            f"every f16 bit pattern: {wrong} wrong (round to nearest even)")


# --- Cases. ---


def matmul_case(name, m, n, k, block_m, block_n, block_k, num_warps,
                num_stages, note, seed, inputs="f16"):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    convert = {"f16": lambda x: x.astype(np.float16), "bf16": to_bf16,
               "f32": lambda x: x}[inputs]
    args = {
        "a_ptr": convert(a),
        "b_ptr": convert(b),
        "c_ptr": np.full((m, n), np.nan, dtype=np.float16),
        "M": m, "N": n, "K": k,
        "stride_am": k, "stride_ak": 1, "stride_bk": n, "stride_bn": 1,
        "stride_cm": n, "stride_cn": 1,
    }
    meta = dict(BLOCK_SIZE_M=block_m, BLOCK_SIZE_N=block_n,
                BLOCK_SIZE_K=block_k, GROUP_SIZE_M=8)
    extra = {"bf16": ["a_ptr", "b_ptr"]} if inputs == "bf16" else {}
    return dict(name=name, kernel="matmul_kernel", args=args, meta=meta,
                tf32=inputs == "f32", **extra,
                grid=cdiv(m, block_m) * cdiv(n, block_n), num_warps=num_warps,
                num_stages=num_stages, outputs=["c_ptr"], check=check_matmul,
                note=f"{m}x{n}x{k}, {block_m}x{block_n}x{block_k} tiles: {note}")


def cases():
    yield matmul_case(
        "matmul-64x64x32", 200, 144, 80, 64, 64, 32, 4, 3,
        "N, K multiples of 16: cp.async.cg with a src-size zero-filling the "
        "K tail, ldmatrix(.trans), mma.sync m16n8k16, v4 stores", seed=1)
    yield matmul_case(
        "matmul-128x128x32", 200, 144, 80, 128, 128, 32, 4, 3,
        "the same with 128x128 tiles (partial tiles in M and N)", seed=2)
    yield matmul_case(
        "matmul-unaligned", 200, 136, 72, 64, 64, 32, 4, 3,
        "no multiple of 16: predicated ld/st.global.b16 of braced single "
        "registers, no cp.async", seed=3)
    yield matmul_case(
        "matmul-bf16", 200, 144, 80, 64, 64, 32, 4, 3,
        "bf16 inputs: mma.sync m16n8k16 .bf16", seed=5, inputs="bf16")
    yield matmul_case(
        "matmul-tf32", 200, 144, 80, 64, 64, 32, 4, 3,
        "f32 inputs: mma.sync m16n8k8 .tf32", seed=6, inputs="f32")
    rng = np.random.default_rng(4)
    n = 5000
    yield dict(
        name="add-f32", kernel="add_kernel",
        args={"x_ptr": rng.standard_normal(n).astype(np.float32),
              "y_ptr": rng.standard_normal(n).astype(np.float32),
              "output_ptr": np.full(n, np.nan, dtype=np.float32),
              "n_elements": n},
        meta=dict(BLOCK_SIZE=1024), grid=cdiv(n, 1024), num_warps=4,
        num_stages=3, outputs=["output_ptr"], check=check_add,
        note=f"n={n}: createpolicy, predicated ld.global.L1::evict_*."
             "L2::cache_hint of braced single registers")
    n = 4112
    yield dict(
        name="add-f16", kernel="add_kernel",
        args={"x_ptr": rng.standard_normal(n).astype(np.float16),
              "y_ptr": rng.standard_normal(n).astype(np.float16),
              "output_ptr": np.full(n, np.nan, dtype=np.float16),
              "n_elements": n},
        meta=dict(BLOCK_SIZE=1024), grid=cdiv(n, 1024), num_warps=4,
        num_stages=3, outputs=["output_ptr"], check=check_add,
        note=f"n={n}: vector loads with a cache hint, f16x2 arithmetic")
    rows, cols = 37, 100
    yield dict(
        name="softmax", kernel="softmax_kernel",
        args={"output_ptr": np.full((rows, cols), np.nan, dtype=np.float32),
              "input_ptr": (3 * rng.standard_normal((rows, cols))).astype(
                  np.float32),
              "input_row_stride": cols, "output_row_stride": cols,
              "n_rows": rows, "n_cols": cols},
        meta=dict(BLOCK_SIZE=128, num_stages=2), grid=8, num_warps=4,
        num_stages=2, outputs=["output_ptr"], check=check_softmax,
        note=f"{rows}x{cols}, 8 programs: cp.async.ca of 4 bytes with "
             "zero fill, ldmatrix.x1, shfl.sync.bfly, ex2.approx, div.full")
    n = 65536
    yield dict(
        name="fp8-roundtrip", kernel="fp8_roundtrip_kernel",
        # Every f16 bit pattern, shuffled so that the halves of each f16x2
        # differ in kind (NaN next to a number, ...).
        args={"x_ptr": rng.permutation(n).astype(np.uint16).view(np.float16),
              "y_ptr": np.full(n, np.nan, dtype=np.float16),
              "n_elements": n},
        meta=dict(BLOCK_SIZE=1024), grid=cdiv(n, 1024), num_warps=4,
        num_stages=3, outputs=["y_ptr"], check=check_fp8_roundtrip,
        note="inline-asm { } scopes with their own .reg (named without %), "
             "set.nan.f16x2, min.f16x2, lop3, prmt")


# --- Compiling, describing, running. ---


def specialize(fn, case):
    """Triton's JIT specialization, for numpy arguments: the signature, the
    constants and the divisibility attributes. Buffers roller-emu allocates
    are 256-byte aligned, so every pointer is a multiple of 16."""
    args, meta = case["args"], case["meta"]
    signature, constants, attrs = {}, dict(meta), {}
    for index, name in enumerate(fn.arg_names):
        if name in meta:
            signature[name] = "constexpr"
            continue
        value = args[name]
        if isinstance(value, np.ndarray):
            signature[name] = element_of(case, name)[1]
            attrs[(index,)] = [["tt.divisibility", 16]]
        elif value == 1:
            signature[name] = "constexpr"
            constants[name] = 1
        else:
            signature[name] = "i32"
            if value % 16 == 0:
                attrs[(index,)] = [["tt.divisibility", 16]]
    return signature, constants, attrs


def entry_params(ptx, kernel):
    """The .param types of `kernel`'s entry, in order."""
    match = re.search(r"\.entry\s+" + re.escape(kernel) + r"\s*\((.*?)\)",
                      ptx, re.S)
    if not match:
        raise RuntimeError(f"no .entry {kernel} in the PTX")
    return re.findall(r"\.param\s+\.(\w+)", match.group(1))


def launch_description(case, compiled, signature, ptx):
    """The launch, and the operand index of each array argument."""
    operands, index_of = [], {}
    for name, kind in signature.items():
        if kind == "constexpr":
            continue
        value = case["args"][name]
        index_of[name] = len(operands)
        if isinstance(value, np.ndarray):
            operands.append({"kind": "pointer",
                             "element": element_of(case, name)[0],
                             "shape": list(value.shape)})
        else:
            operands.append({"kind": "scalar", "type": "i32", "value": value})
    params = entry_params(ptx, case["kernel"])
    extra = params[len(operands):]
    if len(params) < len(operands) or any(p != "u64" for p in extra):
        raise RuntimeError(f"unexpected parameter list {params} for "
                           f"{len(operands)} arguments")
    # Triton 3.x adds the global and the profile scratch pointers: give each
    # a buffer of its metadata's size per program (at least 256 bytes).
    md = compiled.metadata
    scratch = max(getattr(md, "global_scratch_size", 0),
                  getattr(md, "profile_scratch_size", 0))
    for _ in extra:
        operands.append({"kind": "pointer", "element": "i8",
                         "shape": [max(256, scratch * case["grid"])]})
    launch = {"kernel": case["kernel"], "grid": [case["grid"], 1, 1],
              "block": [32 * case["num_warps"], 1, 1],
              "dynamic_shared_memory_bytes": md.shared,
              "operands": operands}
    return [launch], index_of


def run_case(case, emu, arch, workdir, kernels, verbose):
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    fn = getattr(kernels, case["kernel"])
    signature, constants, attrs = specialize(fn, case)
    start = time.monotonic()
    compiled = triton.compile(
        ASTSource(fn, signature, constants, attrs),
        target=GPUTarget("cuda", arch, 32),
        options=dict(num_warps=case["num_warps"],
                     num_stages=case["num_stages"]))
    compile_s = time.monotonic() - start
    ptx = compiled.asm["ptx"]
    base = os.path.join(workdir, f"{case['name']}.sm_{arch}")
    with open(base + ".ptx", "w") as f:
        f.write(ptx)
    launches, index_of = launch_description(case, compiled, signature, ptx)
    with open(base + ".json", "w") as f:
        json.dump(launches, f, indent=1)

    command = [emu]
    for name, value in case["args"].items():
        if isinstance(value, np.ndarray):
            path = f"{base}.{name}.in.npy"
            np.save(path, value)
            command.append(f"--in={index_of[name]}:{path}")
    for name in case["outputs"]:
        command.append(f"--out={index_of[name]}:{base}.{name}.out.npy")
        command.append(f"--written={index_of[name]}:{base}.{name}.written")
    command += [base + ".ptx", base + ".json"]
    if verbose:
        print("  $ " + " ".join(command))
    start = time.monotonic()
    run = subprocess.run(command, capture_output=True, text=True)
    emulate_s = time.monotonic() - start
    head = (f"{case['name']} sm_{arch} ({case['grid']} blocks of "
            f"{32 * case['num_warps']}, {compiled.metadata.shared} B shared; "
            f"compile {compile_s:.1f} s, emulate {emulate_s:.1f} s)")
    if run.returncode != 0:
        what = "findings" if run.returncode == 1 else "rejected"
        print(f"FAIL {head}: roller-emu exit {run.returncode} ({what})")
        print(run.stdout + run.stderr, end="")
        return False
    outputs = {name: np.load(f"{base}.{name}.out.npy")
               for name in case["outputs"]}
    for name, out in outputs.items():
        # roller-emu lists the elements the kernel stored to (NaN outputs
        # are legitimate where the input holds NaNs).
        written = np.zeros(out.size, dtype=bool)
        written[np.load(f"{base}.{name}.written.index.npy")] = True
        if not written.all():
            missing = np.argwhere(~written.reshape(out.shape))
            print(f"FAIL {head}: {int((~written).sum())} elements of "
                  f"{name} not written (first at {missing[0].tolist()})")
            return False
    inputs = {n: v for n, v in case["args"].items()
              if isinstance(v, np.ndarray) and n not in case["outputs"]}
    ok, err, ratio, words = case["check"](case, inputs, outputs)
    print(f"{'PASS' if ok else 'FAIL'} {head}: max |error| {err:.3g}"
          + (f" ({ratio:.2f} of the bound)" if ratio else "") + f", {words}")
    if verbose:
        print(f"  {case['note']}")
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roller-emu", required=True)
    parser.add_argument("--workdir", help="keep the files here")
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--arch", type=int, default=80,
                        help="compute capability (default 80; Triton's "
                        "sm_90 PTX uses wgmma, which the emulator rejects)")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    workdir = args.workdir or tempfile.mkdtemp(prefix="triton-emu-")
    os.makedirs(workdir, exist_ok=True)
    # Triton's cache in the work folder, and its 3.9 default made explicit
    # (which also silences its warning about the default changing).
    os.environ["TRITON_CACHE_DIR"] = os.path.join(workdir, "triton-cache")
    os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
    try:
        import triton
    except ImportError as e:
        print(f"triton-matmul: SKIPPED (cannot import triton: {e})")
        return 0
    sys.path.insert(0, HERE)
    import triton_kernels

    selected = [c for c in cases()
                if not args.only or c["name"] in args.only.split(",")]
    print(f"triton {triton.__version__}, sm_{args.arch}, roller-emu "
          f"{args.roller_emu}, files in {workdir}")
    passed = failed = 0
    for case in selected:
        try:
            ok = run_case(case, args.roller_emu, args.arch, workdir,
                          triton_kernels, args.verbose)
        except Exception as e:  # a compile error is a failure of the case
            print(f"FAIL {case['name']} sm_{args.arch}: "
                  f"{type(e).__name__}: {e}")
            ok = False
        passed += ok
        failed += not ok
    print(f"triton-matmul: {passed} cases passed, {failed} failed")
    ok = failed == 0 and passed > 0
    if not args.workdir:
        if ok:
            shutil.rmtree(workdir, ignore_errors=True)
        else:
            print(f"triton-matmul: the files are kept in {workdir}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
