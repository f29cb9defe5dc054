#!/usr/bin/env python3
"""Generates linalg-on-tensors MLIR for ROLLER's operator benchmarks.

Suites (data from bench/data/, see bench/data/README.md):
  roller119  the 119 Figure 10 operators (bench/data/roller_ops.csv), f32
  fig12      the Figure 12 matmul sweep and Figure 13 conv sweep
             (bench/data/roller_fig12_15.csv, source=paper rows), f32
  fp16       the Figure 15 tensor-core matmuls: f16 inputs, f32 accumulation

There is one func.func per operator, named after its id (hyphens become
underscores: F12-M512 -> @F12_M512). Each function takes the operator's inputs
as arguments and returns the result. The operator's linalg op has the location
loc("<id>"), so a pass's per-op report names the operator. The zero-fill of
the init has loc("<id>.init").

Usage: gen_suite.py [--suite roller119|fig12|fp16] [--out FILE]
                    [--only ID[,ID...]] [--split] [--describe FILE]

--describe FILE also writes a JSON list with each operator's semantics as a
loop nest (the GPU harness's reference kernel and FLOP/byte counts use it):
"loops" (name, size, reduction), per input "shape", "element" and "index"
(per tensor dimension a list of [loop, coefficient] pairs), the "output"
(its dimensions are the parallel loops, in order), "combine" (mul_add: the
sum over the reduction loops of the inputs' product; add: their sum; relu:
max(x, 0)), the "init" value, "flops", "bytes" (inputs read and the output
written once) and the paper's V100 times.
Only the Python standard library is used.
"""

import argparse
import csv
import json
import math
import os
import sys

BENCH_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA_DIR = os.path.join(BENCH_DIR, "data")
SUITES = ("roller119", "fig12", "fp16")


class SuiteError(Exception):
    pass


# ----------------------------------------------------------------------------
# Reading the data
# ----------------------------------------------------------------------------

def parse_params(text):
    params = {}
    for item in text.split(";"):
        item = item.strip()
        if not item:
            continue
        if "=" not in item:
            raise SuiteError("malformed params item %r" % item)
        key, value = item.split("=", 1)
        params[key.strip()] = value.strip()
    return params


def sym_name(op_id):
    """The function symbol (and loc name) for an operator id."""
    return op_id.replace("-", "_")


def _int(params, key, op_id):
    if key not in params:
        raise SuiteError("%s: params lack %r" % (op_id, key))
    try:
        return int(params[key])
    except ValueError:
        raise SuiteError("%s: %s=%r is not an integer" % (op_id, key, params[key]))


def _shape(text):
    return [int(x) for x in text.split("x")]


def read_csv(name):
    path = os.path.join(DATA_DIR, name)
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def load_rows(suite):
    """The CSV rows of a suite, in order, as dicts with a parsed 'p' entry."""
    if suite == "roller119":
        rows = read_csv("roller_ops.csv")
        if len(rows) != 119:
            raise SuiteError("roller_ops.csv has %d rows, expected 119" % len(rows))
    elif suite in ("fig12", "fp16"):
        figures = ("12", "13") if suite == "fig12" else ("15",)
        rows, seen_ids, seen_shapes = [], set(), set()
        for row in read_csv("roller_fig12_15.csv"):
            if row["figure"] not in figures or row["source"] != "paper":
                continue
            shape_key = (row["type"], row["dtype"], row["params"])
            if row["id"] in seen_ids or shape_key in seen_shapes:
                continue
            seen_ids.add(row["id"])
            seen_shapes.add(shape_key)
            rows.append(row)
        if not rows:
            raise SuiteError("no paper rows for figure(s) %s" % ",".join(figures))
    else:
        raise SuiteError("unknown suite %r (choose from %s)" % (suite, ", ".join(SUITES)))
    for row in rows:
        row["p"] = parse_params(row["params"])
    return rows


# ----------------------------------------------------------------------------
# Shapes
# ----------------------------------------------------------------------------

def out_size(op_id, axis, padded, k, stride, dilation, expected):
    computed = (padded - dilation * (k - 1) - 1) // stride + 1
    if expected is not None and computed != expected:
        raise SuiteError(
            "%s: O%s mismatch: (%d - %d*(%d-1) - 1)/%d + 1 = %d, params say %d"
            % (op_id, axis, padded, dilation, k, stride, computed, expected))
    if computed <= 0:
        raise SuiteError("%s: empty output along %s" % (op_id, axis))
    return computed


def window_dims(row, kh, kw):
    """(N, C, Hp, Wp, OH, OW, stride, dilation, pb, pa) for conv-like rows."""
    p, op_id = row["p"], row["id"]
    n, c = _int(p, "N", op_id), _int(p, "C", op_id)
    h, w = _int(p, "H", op_id), _int(p, "W", op_id)
    stride = _int(p, "stride", op_id)
    dilation = _int(p, "dilation", op_id) if "dilation" in p else 1
    pb, pa = _int(p, "pad_before", op_id), _int(p, "pad_after", op_id)
    hp, wp = h + pb + pa, w + pb + pa
    oh = out_size(op_id, "H", hp, kh, stride, dilation, _int(p, "OH", op_id))
    ow = out_size(op_id, "W", wp, kw, stride, dilation, _int(p, "OW", op_id))
    return n, c, hp, wp, oh, ow, stride, dilation, pb, pa


def ttype(shape, elt):
    return "tensor<%sx%s>" % ("x".join(str(d) for d in shape), elt)


# ----------------------------------------------------------------------------
# Emitters: each returns (summary, list of MLIR lines)
# ----------------------------------------------------------------------------

def _func(sym, args, result_type, body):
    sig = ", ".join("%%%s: %s" % (name, ty) for name, ty in args)
    lines = ["func.func @%s(%s) -> %s {" % (sym, sig, result_type)]
    lines += ["  " + line for line in body]
    lines.append("}")
    return lines


def _zero_init(sym, out_t, acc_elt="f32"):
    return [
        "%%zero = arith.constant 0.0 : %s" % acc_elt,
        "%%empty = tensor.empty() : %s" % out_t,
        "%%init = linalg.fill ins(%%zero : %s) outs(%%empty : %s) -> %s loc(\"%s.init\")"
        % (acc_elt, out_t, out_t, sym),
    ]


def _attrs(stride, dilation):
    return ("{dilations = dense<%d> : tensor<2xi64>, strides = dense<%d> : tensor<2xi64>}"
            % (dilation, stride))


def emit_conv2d(row, sym, elt):
    p, op_id = row["p"], row["id"]
    f = _int(p, "F", op_id)
    kh, kw = _int(p, "KH", op_id), _int(p, "KW", op_id)
    n, c, hp, wp, oh, ow, s, d, pb, pa = window_dims(row, kh, kw)
    in_t, fl_t = ttype([n, c, hp, wp], elt), ttype([f, c, kh, kw], elt)
    out_t = ttype([n, f, oh, ow], "f32")
    body = _zero_init(sym, out_t)
    body.append(
        "%%0 = linalg.conv_2d_nchw_fchw %s ins(%%input, %%filter : %s, %s) outs(%%init : %s) -> %s loc(\"%s\")"
        % (_attrs(s, d), in_t, fl_t, out_t, out_t, sym))
    body.append("return %%0 : %s" % out_t)
    summary = "N%d C%d %dx%d F%d k%dx%d s%d p%d/%d d%d -> %dx%d" % (
        n, c, hp - pb - pa, wp - pb - pa, f, kh, kw, s, pb, pa, d, oh, ow)
    comment = ["// %s conv2d NCHW/FCHW, input pre-padded by %d/%d: %s" % (op_id, pb, pa, summary)]
    return summary, comment + _func(sym, [("input", in_t), ("filter", fl_t)], out_t, body)


def emit_depthwise(row, sym, elt):
    p, op_id = row["p"], row["id"]
    k = _int(p, "K", op_id)
    if "multiplier" in p and _int(p, "multiplier", op_id) != 1:
        raise SuiteError("%s: channel multiplier != 1 is not supported" % op_id)
    n, c, hp, wp, oh, ow, s, d, pb, pa = window_dims(row, k, k)
    in_t, fl_t = ttype([n, c, hp, wp], elt), ttype([c, k, k], elt)
    out_t = ttype([n, c, oh, ow], "f32")
    body = _zero_init(sym, out_t)
    body.append(
        "%%0 = linalg.depthwise_conv_2d_nchw_chw %s ins(%%input, %%filter : %s, %s) outs(%%init : %s) -> %s loc(\"%s\")"
        % (_attrs(s, d), in_t, fl_t, out_t, out_t, sym))
    body.append("return %%0 : %s" % out_t)
    summary = "N%d C%d %dx%d k%dx%d s%d p%d/%d d%d -> %dx%d" % (
        n, c, hp - pb - pa, wp - pb - pa, k, k, s, pb, pa, d, oh, ow)
    comment = ["// %s depthwise conv2d NCHW/CHW, input pre-padded by %d/%d: %s"
               % (op_id, pb, pa, summary)]
    return summary, comment + _func(sym, [("input", in_t), ("filter", fl_t)], out_t, body)


def emit_pool(row, sym, elt):
    p, op_id = row["p"], row["id"]
    if p.get("pool", "avg") != "avg":
        raise SuiteError("%s: only avg pooling is supported" % op_id)
    k = _int(p, "window", op_id)
    n, c, hp, wp, oh, ow, s, d, pb, pa = window_dims(row, k, k)
    in_t, win_t = ttype([n, c, hp, wp], elt), ttype([k, k], elt)
    out_t = ttype([n, c, oh, ow], "f32")
    body = ["%%window = tensor.empty() : %s" % win_t] + _zero_init(sym, out_t)
    body.append(
        "%%0 = linalg.pooling_nchw_sum %s ins(%%input, %%window : %s, %s) outs(%%init : %s) -> %s loc(\"%s\")"
        % (_attrs(s, d), in_t, win_t, out_t, out_t, sym))
    body.append("return %%0 : %s" % out_t)
    summary = "N%d C%d %dx%d win%dx%d s%d p%d/%d -> %dx%d" % (
        n, c, hp - pb - pa, wp - pb - pa, k, k, s, pb, pa, oh, ow)
    comment = ["// %s avg pool2d NCHW as a window sum (the /%d scale is not included): %s"
               % (op_id, k * k, summary)]
    return summary, comment + _func(sym, [("input", in_t)], out_t, body)


def emit_relu(row, sym, elt, flatten=False):
    p, op_id = row["p"], row["id"]
    if p.get("op", "relu") != "relu":
        raise SuiteError("%s: only relu is supported" % op_id)
    numel = _int(p, "numel", op_id)
    if "shape" in p and not flatten:
        shape = _shape(p["shape"])
        prod = 1
        for dim in shape:
            prod *= dim
        if prod != numel:
            raise SuiteError("%s: shape %s has %d elements, numel says %d"
                             % (op_id, p["shape"], prod, numel))
    else:
        shape = [numel]
    rank = len(shape)
    t = ttype(shape, elt)
    dims = ", ".join("d%d" % i for i in range(rank))
    ident = "affine_map<(%s) -> (%s)>" % (dims, dims)
    iters = ", ".join(['"parallel"'] * rank)
    body = [
        "%%empty = tensor.empty() : %s" % t,
        "%%0 = linalg.generic {indexing_maps = [%s, %s], iterator_types = [%s]} ins(%%x : %s) outs(%%empty : %s) {"
        % (ident, ident, iters, t, t),
        "^bb0(%%in: %s, %%out: %s):" % (elt, elt),
        "  %%zero = arith.constant 0.0 : %s" % elt,
        "  %%max = arith.maximumf %%in, %%zero : %s" % elt,
        "  linalg.yield %%max : %s" % elt,
        "} -> %s loc(\"%s\")" % (t, sym),
        "return %%0 : %s" % t,
    ]
    summary = "relu %s (%d elements)" % ("x".join(str(d) for d in shape), numel)
    comment = ["// %s elementwise relu: %s" % (op_id, summary)]
    return summary, comment + _func(sym, [("x", t)], t, body)


def emit_reduce(row, sym, elt):
    p, op_id = row["p"], row["id"]
    if p.get("op", "sum") != "sum":
        raise SuiteError("%s: only reduce-sum is supported" % op_id)
    shape = _shape(p["shape"])
    axes = sorted(int(a) for a in p["axes"].split("|"))
    if any(a < 0 or a >= len(shape) for a in axes) or len(set(axes)) != len(axes):
        raise SuiteError("%s: bad axes %s for shape %s" % (op_id, p["axes"], p["shape"]))
    out_shape = [d for i, d in enumerate(shape) if i not in axes]
    if "out_shape" in p and _shape(p["out_shape"]) != out_shape:
        raise SuiteError("%s: out_shape %s, computed %s" % (op_id, p["out_shape"], out_shape))
    in_t, out_t = ttype(shape, elt), ttype(out_shape, "f32")
    body = _zero_init(sym, out_t)
    body += [
        "%%0 = linalg.reduce ins(%%x : %s) outs(%%init : %s) dimensions = [%s]"
        % (in_t, out_t, ", ".join(str(a) for a in axes)),
        "  (%%in: %s, %%acc: f32) {" % elt,
        "    %sum = arith.addf %in, %acc : f32",
        "    linalg.yield %sum : f32",
        "  } loc(\"%s\")" % sym,
        "return %%0 : %s" % out_t,
    ]
    summary = "sum %s over axes %s -> %s" % (
        p["shape"], ",".join(str(a) for a in axes), "x".join(str(d) for d in out_shape))
    comment = ["// %s reduce: %s" % (op_id, summary)]
    return summary, comment + _func(sym, [("x", in_t)], out_t, body)


def emit_matmul(row, sym, elt):
    p, op_id = row["p"], row["id"]
    m, n, k = _int(p, "M", op_id), _int(p, "N", op_id), _int(p, "K", op_id)
    if p.get("transpose_a", "0") != "0" or p.get("transpose_b", "0") != "0":
        raise SuiteError("%s: transposed matmul is not supported" % op_id)
    a_t, b_t, c_t = ttype([m, k], elt), ttype([k, n], elt), ttype([m, n], "f32")
    body = _zero_init(sym, c_t)
    body.append("%%0 = linalg.matmul ins(%%a, %%b : %s, %s) outs(%%init : %s) -> %s loc(\"%s\")"
                % (a_t, b_t, c_t, c_t, sym))
    body.append("return %%0 : %s" % c_t)
    summary = "M%d N%d K%d" % (m, n, k)
    acc = "" if elt == "f32" else ", %s inputs, f32 accumulation" % elt
    comment = ["// %s matmul C[M,N] = A[M,K] x B[K,N]%s: %s" % (op_id, acc, summary)]
    return summary, comment + _func(sym, [("a", a_t), ("b", b_t)], c_t, body)


EMITTERS = {
    "conv2d": emit_conv2d,
    "depthwise_conv2d": emit_depthwise,
    "pool2d": emit_pool,
    "elementwise": emit_relu,
    "reduce": emit_reduce,
    "matmul": emit_matmul,
    "matmul_tensorcore": emit_matmul,
}

DTYPES = {"float32": "f32", "float16": "f16"}


def load_suite(suite, only=None, flatten_elementwise=False):
    """Returns [{'id', 'sym', 'type', 'summary', 'lines', 'row'}] in suite order."""
    rows = load_rows(suite)
    if only:
        wanted = set(only)
        known = {r["id"] for r in rows} | {sym_name(r["id"]) for r in rows}
        unknown = [i for i in only if i not in known]
        if unknown:
            raise SuiteError("unknown id(s) in suite %s: %s" % (suite, ", ".join(unknown)))
        rows = [r for r in rows if r["id"] in wanted or sym_name(r["id"]) in wanted]
    ops = []
    for row in rows:
        if row["type"] not in EMITTERS:
            raise SuiteError("%s: unsupported type %r" % (row["id"], row["type"]))
        if row["dtype"] not in DTYPES:
            raise SuiteError("%s: unsupported dtype %r" % (row["id"], row["dtype"]))
        elt = DTYPES[row["dtype"]]
        sym = sym_name(row["id"])
        if row["type"] == "elementwise":
            summary, lines = emit_relu(row, sym, elt, flatten=flatten_elementwise)
        else:
            summary, lines = EMITTERS[row["type"]](row, sym, elt)
        ops.append({"id": row["id"], "sym": sym, "type": row["type"],
                    "summary": summary, "lines": lines, "row": row})
    return ops


# ----------------------------------------------------------------------------
# Semantics as a loop nest (for --describe)
# ----------------------------------------------------------------------------

def _loops(*specs):
    return [{"name": n, "size": s, "reduction": bool(r)} for n, s, r in specs]


def _window_index(stride, dilation, out_loop, win_loop):
    return [[out_loop, stride], [win_loop, dilation]]


def describe_op(op):
    """The operator's semantics as loops, inputs with affine indices and a combiner."""
    row, elt = op["row"], DTYPES[op["row"]["dtype"]]
    p, op_id, kind = row["p"], row["id"], row["type"]
    if kind == "conv2d":
        f, kh, kw = _int(p, "F", op_id), _int(p, "KH", op_id), _int(p, "KW", op_id)
        n, c, hp, wp, oh, ow, s, d, _, _ = window_dims(row, kh, kw)
        loops = _loops(("n", n, 0), ("f", f, 0), ("oh", oh, 0), ("ow", ow, 0),
                       ("c", c, 1), ("kh", kh, 1), ("kw", kw, 1))
        inputs = [([n, c, hp, wp], [[[0, 1]], [[4, 1]], _window_index(s, d, 2, 5),
                                    _window_index(s, d, 3, 6)]),
                  ([f, c, kh, kw], [[[1, 1]], [[4, 1]], [[5, 1]], [[6, 1]]])]
        combine = "mul_add"
    elif kind == "depthwise_conv2d":
        k = _int(p, "K", op_id)
        n, c, hp, wp, oh, ow, s, d, _, _ = window_dims(row, k, k)
        loops = _loops(("n", n, 0), ("c", c, 0), ("oh", oh, 0), ("ow", ow, 0),
                       ("kh", k, 1), ("kw", k, 1))
        inputs = [([n, c, hp, wp], [[[0, 1]], [[1, 1]], _window_index(s, d, 2, 4),
                                    _window_index(s, d, 3, 5)]),
                  ([c, k, k], [[[1, 1]], [[4, 1]], [[5, 1]]])]
        combine = "mul_add"
    elif kind == "pool2d":
        k = _int(p, "window", op_id)
        n, c, hp, wp, oh, ow, s, d, _, _ = window_dims(row, k, k)
        loops = _loops(("n", n, 0), ("c", c, 0), ("oh", oh, 0), ("ow", ow, 0),
                       ("kh", k, 1), ("kw", k, 1))
        inputs = [([n, c, hp, wp], [[[0, 1]], [[1, 1]], _window_index(s, d, 2, 4),
                                    _window_index(s, d, 3, 5)])]
        combine = "add"
    elif kind == "elementwise":
        shape = _shape(p["shape"]) if "shape" in p else [_int(p, "numel", op_id)]
        loops = _loops(*[("d%d" % i, x, 0) for i, x in enumerate(shape)])
        inputs = [(shape, [[[i, 1]] for i in range(len(shape))])]
        combine = "relu"
    elif kind == "reduce":
        shape = _shape(p["shape"])
        axes = sorted(int(a) for a in p["axes"].split("|"))
        kept = [i for i in range(len(shape)) if i not in axes]
        order = kept + axes  # parallel loops first, in output order
        loops = _loops(*[("d%d" % i, shape[i], int(i in axes)) for i in order])
        inputs = [(shape, [[[order.index(i), 1]] for i in range(len(shape))])]
        combine = "add"
    elif kind in ("matmul", "matmul_tensorcore"):
        m, n, k = _int(p, "M", op_id), _int(p, "N", op_id), _int(p, "K", op_id)
        loops = _loops(("m", m, 0), ("n", n, 0), ("k", k, 1))
        inputs = [([m, k], [[[0, 1]], [[2, 1]]]), ([k, n], [[[2, 1]], [[1, 1]]])]
        combine = "mul_add"
    else:
        raise SuiteError("%s: cannot describe type %r" % (op_id, kind))
    out_elt = elt if kind == "elementwise" else "f32"
    out_shape = [l["size"] for l in loops if not l["reduction"]]
    size = {"f32": 4, "f16": 2}
    numel = math.prod
    points = numel([l["size"] for l in loops])
    flops = {"mul_add": 2 * points, "add": points, "relu": points}[combine]
    nbytes = sum(numel(sh) * size[elt] for sh, _ in inputs) + numel(out_shape) * size[out_elt]
    paper = {}
    for key in ("roller_top1_ms", "roller_top10_ms", "cudalib_ms",
                "roller_top1", "roller_top10", "cudalib"):
        if row.get(key):
            paper[key.replace("_ms", "") + "_ms"] = float(row[key])
    return {
        "id": op_id, "sym": op["sym"], "type": kind, "summary": op["summary"],
        "loops": loops,
        "inputs": [{"shape": sh, "element": elt, "index": ix} for sh, ix in inputs],
        "output": {"shape": out_shape, "element": out_elt},
        "combine": combine, "init": 0.0, "flops": flops, "bytes": nbytes,
        "paper_v100": paper,
    }


HEADER = {
    "roller119": "ROLLER's 119-operator V100 benchmark (paper Figure 10), f32.",
    "fig12": "ROLLER Figure 12 matmul sweep and Figure 13 conv sweep (paper rows), f32.",
    "fp16": "ROLLER Figure 15 tensor-core matmuls: f16 inputs, f32 accumulation.",
}


def render(suite, ops, split=False, argv_note=None):
    out = [
        "// Generated by bench/suite/gen_suite.py%s; do not edit."
        % (" " + argv_note if argv_note else ""),
        "// " + HEADER[suite],
        "// Data: bench/data/ (see bench/data/README.md). One func.func per operator;",
        "// the operator's linalg op has loc(\"<id>\"), its zero init loc(\"<id>.init\").",
        "// Conv, depthwise conv and pooling read inputs that are already padded.",
    ]
    if any(op["type"] == "pool2d" for op in ops):
        out += [
            "// Avg pool is emitted as linalg.pooling_nchw_sum only: avg = sum / (K*K) is a",
            "// separate elementwise scale, which is not included here.",
        ]
    for i, op in enumerate(ops):
        if i and split:
            out.append("// -----")
        out.append("")
        out += op["lines"]
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", choices=SUITES, default="roller119")
    ap.add_argument("--out", help="output file (default: stdout)")
    ap.add_argument("--only", help="comma-separated operator ids (e.g. C0,M4)")
    ap.add_argument("--split", action="store_true",
                    help="emit '// -----' between functions (for --split-input-file)")
    ap.add_argument("--flatten-elementwise", action="store_true",
                    help="emit relu on a 1-D tensor of numel elements, as the artifact "
                         "does (default: keep the params' shape)")
    ap.add_argument("--describe", metavar="FILE",
                    help="also write the operators' semantics as JSON (see above)")
    args = ap.parse_args(argv)

    only = [s.strip() for s in args.only.split(",") if s.strip()] if args.only else None
    try:
        ops = load_suite(args.suite, only=only, flatten_elementwise=args.flatten_elementwise)
    except (SuiteError, OSError, KeyError) as e:
        sys.stderr.write("gen_suite.py: error: %s\n" % e)
        return 1
    note = "--suite %s" % args.suite
    if only:
        note += " --only " + ",".join(only)
    if args.flatten_elementwise:
        note += " --flatten-elementwise"
    text = render(args.suite, ops, split=args.split, argv_note=note)
    if args.describe:
        try:
            described = [describe_op(op) for op in ops]
        except SuiteError as e:
            sys.stderr.write("gen_suite.py: error: %s\n" % e)
            return 1
        with open(args.describe, "w") as f:
            json.dump(described, f, indent=1)
            f.write("\n")
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
