#!/usr/bin/env python3
"""Randomized differential test of Roller's CPU path.

Generates small random linalg operators (matmul with random transposes, batch
matmul, NCHW/NHWC convolutions, depthwise convolutions, sum/max pooling,
reductions, elementwise ops, f16 inputs with f32 accumulation), batches them
into modules (one function per case), and runs every batch three ways through
mlir-runner:

  * reference: roller-opt --roller-lower-to-cpu        (upstream lowering only)
  * roller:    roller-opt --roller-tile="device=D" --roller-lower-to-cpu
               for D in --devices (h200 and a100 by default)

`main` prints one checksum tuple per case: (sum, sum of x[i]*(i+1), sum of
x[i]*((i*i mod 61)+1), max, number of non-integer elements), computed in i64
by plain scf.for loops that --roller-tile does not touch. The data are
integer-valued, so every result is exact and the tuples must be equal.

A batch that fails to compile or crashes is rerun case by case to find the
culprit. Every mismatch or crash is printed with the case (op, shapes,
attributes), the device, the roller.config --roller-select chooses for it,
and the path of a reproducer module. Exits 1 on any mismatch or crash, after
the summary line `N cases, M mismatches`.
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import tempfile

LLVM_BIN = "/usr/lib/llvm-22/bin"
LLVM_LIB = "/usr/lib/llvm-22/lib"

# ---------------------------------------------------------------------------
# MLIR text helpers
# ---------------------------------------------------------------------------


def ttype(shape, elt="f32"):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + elt + ">"


def dims(n):
    return ", ".join(f"d{i}" for i in range(n))


def amap(n, results):
    return f"affine_map<({dims(n)}) -> ({', '.join(results)})>"


def conv_out(size, kernel, stride, dilation):
    return (size - dilation * (kernel - 1) - 1) // stride + 1


class Data:
    """Integer-valued data ((sum_d c_d * i_d + off) mod m) - h of one input."""

    def __init__(self, rng, shape, elt="f32"):
        self.shape = list(shape)
        self.elt = elt
        self.mod = rng.choice([3, 5, 7])
        self.coeffs = [rng.randint(1, 9) for _ in shape]
        self.off = rng.randint(0, self.mod - 1)
        self.half = self.mod // 2

    def emit(self, name):
        """A tensor.generate defining %name (not a linalg op: never tiled)."""
        args = ", ".join(f"%{name}_i{d}: index" for d in range(len(self.shape)))
        lines = [f"  %{name} = tensor.generate {{", f"  ^bb0({args}):"]
        acc = f"%{name}_off"
        lines.append(f"    {acc} = arith.constant {self.off} : index")
        for d, c in enumerate(self.coeffs):
            lines.append(f"    %{name}_k{d} = arith.constant {c} : index")
            lines.append(f"    %{name}_p{d} = arith.muli %{name}_i{d}, "
                         f"%{name}_k{d} : index")
            lines.append(f"    %{name}_a{d} = arith.addi {acc}, %{name}_p{d} "
                         f": index")
            acc = f"%{name}_a{d}"
        lines += [
            f"    %{name}_m = arith.constant {self.mod} : index",
            f"    %{name}_r = arith.remui {acc}, %{name}_m : index",
            f"    %{name}_ri = arith.index_cast %{name}_r : index to i32",
            f"    %{name}_h = arith.constant {self.half} : i32",
            f"    %{name}_v = arith.subi %{name}_ri, %{name}_h : i32",
            f"    %{name}_f = arith.sitofp %{name}_v : i32 to {self.elt}",
            f"    tensor.yield %{name}_f : {self.elt}",
            f"  }} : {ttype(self.shape, self.elt)}",
        ]
        return lines

    def values(self):
        """The data in row-major order (for the Python models)."""
        out = []

        def rec(prefix, d):
            if d == len(self.shape):
                s = self.off + sum(c * i for c, i in zip(self.coeffs, prefix))
                out.append(s % self.mod - self.half)
                return
            for i in range(self.shape[d]):
                rec(prefix + [i], d + 1)

        rec([], 0)
        return out


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------


class Case:
    """One operator: its inputs, its output, and the body of its function.

    `init` is "zero" (the output starts from a linalg.fill of the combiner's
    identity inside the function), "data" (the output is an extra input, so
    the op accumulates into existing values) or "empty" (a tensor.empty, for
    ops whose body ignores the output's value).
    """

    def __init__(self, kind, desc, ins, out_shape, init, op_text,
                 fill="0.0", out_elt="f32"):
        self.kind = kind
        self.desc = desc
        self.ins = ins  # list of Data
        self.out_shape = out_shape
        self.out_elt = out_elt
        self.init = init
        self.fill = fill
        self.op_text = op_text  # format string with $in0.. $init $out_t
        self.data_init = None

    def describe(self):
        text = ", ".join(f"{k}={v}" for k, v in self.desc.items())
        return f"{self.kind}({text}) init={self.init}"

    def function(self, name):
        out_t = ttype(self.out_shape, self.out_elt)
        params = [f"%in{i}: {ttype(d.shape, d.elt)}"
                  for i, d in enumerate(self.ins)]
        if self.init == "data":
            params.append(f"%init: {out_t}")
        lines = [f"func.func @{name}({', '.join(params)}) -> {out_t} {{"]
        if self.init in ("zero", "empty"):
            lines.append(f"  %empty = tensor.empty() : {out_t}")
        if self.init == "zero":
            lines.append(f"  %fill = arith.constant {self.fill} : "
                         f"{self.out_elt}")
            lines.append(f"  %init = linalg.fill ins(%fill : {self.out_elt}) "
                         f"outs(%empty : {out_t}) -> {out_t}")
        subst = {f"in{i}": f"%in{i}" for i in range(len(self.ins))}
        subst["init"] = "%empty" if self.init == "empty" else "%init"
        subst["out_t"] = out_t
        for i, d in enumerate(self.ins):
            subst[f"t{i}"] = ttype(d.shape, d.elt)
        text = re.sub(r"\$(\w+)", lambda m: subst[m.group(1)], self.op_text)
        for line in text.splitlines():
            lines.append("  " + line)
        lines.append(f"  return %r : {out_t}")
        lines.append("}")
        return lines


def par_iters(rank):
    return ", ".join(['"parallel"'] * rank)


def pick(rng, lo, hi):
    return rng.randint(lo, hi)


def gen_matmul(rng, elt="f32"):
    m, n, k = pick(rng, 1, 70), pick(rng, 1, 70), pick(rng, 1, 70)
    if rng.random() < 0.15:
        m = 1
    if rng.random() < 0.1:
        n = 1
    ta, tb = rng.random() < 0.3, rng.random() < 0.3
    a = Data(rng, [k, m] if ta else [m, k], elt)
    b = Data(rng, [n, k] if tb else [k, n], elt)
    maps = ""
    if ta or tb:
        ma = amap(3, ["d2", "d0"] if ta else ["d0", "d2"])
        mb = amap(3, ["d1", "d2"] if tb else ["d2", "d1"])
        mc = amap(3, ["d0", "d1"])
        maps = f" indexing_maps = [{ma}, {mb}, {mc}]"
    op = (f"%r = linalg.matmul{maps} ins($in0, $in1 : $t0, $t1) "
          f"outs($init : $out_t) -> $out_t")
    init = rng.choice(["zero", "zero", "data"])
    kind = "matmul" if elt == "f32" else "matmul_f16"
    return Case(kind, dict(M=m, N=n, K=k, transA=ta, transB=tb), [a, b],
                [m, n], init, op)


def gen_batch_matmul(rng):
    bsz = pick(rng, 1, 4)
    m, n, k = pick(rng, 1, 40), pick(rng, 1, 40), pick(rng, 1, 40)
    a = Data(rng, [bsz, m, k])
    b = Data(rng, [bsz, k, n])
    op = ("%r = linalg.batch_matmul ins($in0, $in1 : $t0, $t1) "
          "outs($init : $out_t) -> $out_t")
    init = rng.choice(["zero", "zero", "data"])
    return Case("batch_matmul", dict(B=bsz, M=m, N=n, K=k), [a, b],
                [bsz, m, n], init, op)


def window(rng, max_spatial=12):
    """Random kernel, strides, dilations and an input size they fit."""
    kh, kw = pick(rng, 1, 3), pick(rng, 1, 3)
    sh, sw = pick(rng, 1, 2), pick(rng, 1, 2)
    dh, dw = pick(rng, 1, 2), pick(rng, 1, 2)
    h = pick(rng, dh * (kh - 1) + 1, max(dh * (kh - 1) + 1, max_spatial))
    w = pick(rng, dw * (kw - 1) + 1, max(dw * (kw - 1) + 1, max_spatial))
    oh, ow = conv_out(h, kh, sh, dh), conv_out(w, kw, sw, dw)
    return kh, kw, sh, sw, dh, dw, h, w, oh, ow


def conv_attrs(sh, sw, dh, dw):
    return (f"{{dilations = dense<[{dh}, {dw}]> : tensor<2xi64>, "
            f"strides = dense<[{sh}, {sw}]> : tensor<2xi64>}}")


def gen_conv(rng, layout, elt="f32"):
    n, c, f = pick(rng, 1, 2), pick(rng, 1, 8), pick(rng, 1, 8)
    kh, kw, sh, sw, dh, dw, h, w, oh, ow = window(rng)
    if layout == "nchw":
        x, wt, out = [n, c, h, w], [f, c, kh, kw], [n, f, oh, ow]
        name = "conv_2d_nchw_fchw"
    else:
        x, wt, out = [n, h, w, c], [kh, kw, c, f], [n, oh, ow, f]
        name = "conv_2d_nhwc_hwcf"
    op = (f"%r = linalg.{name} {conv_attrs(sh, sw, dh, dw)} "
          f"ins($in0, $in1 : $t0, $t1) outs($init : $out_t) "
          f"-> $out_t")
    init = rng.choice(["zero", "zero", "data"])
    kind = f"conv_{layout}" + ("" if elt == "f32" else "_f16")
    return Case(kind, dict(input=x, filter=wt, output=out, strides=[sh, sw],
                           dilations=[dh, dw]),
                [Data(rng, x, elt), Data(rng, wt, elt)], out, init, op)


def gen_depthwise(rng):
    n, c = pick(rng, 1, 2), pick(rng, 1, 8)
    kh, kw, sh, sw, dh, dw, h, w, oh, ow = window(rng)
    if rng.random() < 0.6:
        x, wt, out = [n, c, h, w], [c, kh, kw], [n, c, oh, ow]
        name = "depthwise_conv_2d_nchw_chw"
    else:
        x, wt, out = [n, h, w, c], [kh, kw, c], [n, oh, ow, c]
        name = "depthwise_conv_2d_nhwc_hwc"
    op = (f"%r = linalg.{name} {conv_attrs(sh, sw, dh, dw)} "
          f"ins($in0, $in1 : $t0, $t1) outs($init : $out_t) "
          f"-> $out_t")
    init = rng.choice(["zero", "zero", "data"])
    return Case("depthwise", dict(op=name, input=x, filter=wt, output=out,
                                  strides=[sh, sw], dilations=[dh, dw]),
                [Data(rng, x), Data(rng, wt)], out, init, op)


def gen_pool(rng, combiner):
    n, c = pick(rng, 1, 2), pick(rng, 1, 8)
    kh, kw, sh, sw, dh, dw, h, w, oh, ow = window(rng)
    if rng.random() < 0.6:
        x, out, layout = [n, c, h, w], [n, c, oh, ow], "nchw"
    else:
        x, out, layout = [n, h, w, c], [n, oh, ow, c], "nhwc"
    name = f"pooling_{layout}_{combiner}"
    # The window operand only gives its shape.
    op = (f"%win = tensor.empty() : {ttype([kh, kw])}\n"
          f"%r = linalg.{name} {conv_attrs(sh, sw, dh, dw)} "
          f"ins($in0, %win : $t0, {ttype([kh, kw])}) "
          f"outs($init : $out_t) -> $out_t")
    init = rng.choice(["zero", "zero", "data"])
    fill = "0.0" if combiner == "sum" else "0xFF800000"
    return Case(f"pool_{combiner}", dict(op=name, input=x, window=[kh, kw],
                                         output=out, strides=[sh, sw],
                                         dilations=[dh, dw]),
                [Data(rng, x)], out, init, op, fill=fill)


def gen_reduce(rng):
    rank = pick(rng, 1, 4)
    bound = {1: 300, 2: 40, 3: 14, 4: 7}[rank]
    shape = [pick(rng, 1, bound) for _ in range(rank)]
    axes = sorted(rng.sample(range(rank), pick(rng, 1, max(1, rank - 1))))
    if rank == 1:
        axes = [0]
    out = [s for i, s in enumerate(shape) if i not in axes]
    if not out:
        # A 1-D reduction into a 1-element tensor: reduce a 2-D view instead.
        shape, axes, out = [1] + shape, [1], [1]
    combiner = rng.choice(["addf", "maximumf"])
    op = (f"%r = linalg.reduce ins($in0 : $t0) outs($init : $out_t) "
          f"dimensions = [{', '.join(str(a) for a in axes)}]\n"
          f"  (%x: f32, %acc: f32) {{\n"
          f"    %y = arith.{combiner} %x, %acc : f32\n"
          f"    linalg.yield %y : f32\n"
          f"  }}")
    init = rng.choice(["zero", "zero", "data"])
    fill = "0.0" if combiner == "addf" else "0xFF800000"
    return Case("reduce", dict(shape=shape, dimensions=axes,
                               combiner=combiner),
                [Data(rng, shape)], out, init, op, fill=fill)


def gen_reduce_generic(rng):
    """A linalg.generic reduction whose output keeps the parallel axes in a
    random order (a reduction and a transpose at once)."""
    rank = pick(rng, 2, 3)
    bound = {2: 40, 3: 14}[rank]
    shape = [pick(rng, 1, bound) for _ in range(rank)]
    red = sorted(rng.sample(range(rank), pick(rng, 1, rank - 1)))
    par = [d for d in range(rank) if d not in red]
    rng.shuffle(par)
    out = [shape[d] for d in par]
    combiner = rng.choice(["maximumf", "maximumf", "addf"])
    iters = ", ".join('"reduction"' if d in red else '"parallel"'
                      for d in range(rank))
    in_map = amap(rank, [f"d{d}" for d in range(rank)])
    out_map = amap(rank, [f"d{d}" for d in par])
    op = (f"%r = linalg.generic {{indexing_maps = [{in_map}, {out_map}], "
          f"iterator_types = [{iters}]}} ins($in0 : $t0) "
          f"outs($init : $out_t) {{\n"
          f"^bb0(%x: f32, %acc: f32):\n"
          f"  %y = arith.{combiner} %x, %acc : f32\n"
          f"  linalg.yield %y : f32\n"
          f"}} -> $out_t")
    init = rng.choice(["zero", "zero", "data"])
    fill = "0.0" if combiner == "addf" else "0xFF800000"
    return Case("reduce_generic", dict(shape=shape, reduced=red,
                                       out_dims=par, combiner=combiner),
                [Data(rng, shape)], out, init, op, fill=fill)


def gen_elementwise(rng):
    rank = pick(rng, 1, 3)
    bound = {1: 1000, 2: 70, 3: 16}[rank]
    shape = [pick(rng, 1, bound) for _ in range(rank)]
    variant = rng.choice(["relu", "add", "map", "transpose", "bias"])
    ident = amap(rank, [f"d{d}" for d in range(rank)])
    ins = [Data(rng, shape)]
    out = shape
    if variant == "relu":
        op = (f"%r = linalg.generic {{indexing_maps = [{ident}, {ident}], "
              f"iterator_types = [{par_iters(rank)}]}} "
              f"ins($in0 : $t0) outs($init : $out_t) {{\n"
              f"^bb0(%x: f32, %o: f32):\n"
              f"  %zero = arith.constant 0.0 : f32\n"
              f"  %y = arith.maximumf %x, %zero : f32\n"
              f"  linalg.yield %y : f32\n"
              f"}} -> $out_t")
    elif variant == "add":
        ins.append(Data(rng, shape))
        op = ("%r = linalg.add ins($in0, $in1 : $t0, $t1) "
              "outs($init : $out_t) -> $out_t")
    elif variant == "map":
        ins.append(Data(rng, shape))
        op = ("%r = linalg.map ins($in0, $in1 : $t0, $t1) "
              "outs($init : $out_t)\n"
              "  (%x: f32, %y: f32) {\n"
              "    %p = arith.mulf %x, %y : f32\n"
              "    %q = arith.subf %p, %x : f32\n"
              "    linalg.yield %q : f32\n"
              "  }")
    elif variant == "transpose":
        if rank == 1:
            rank, shape = 2, shape[:1] + [pick(rng, 1, 70)]
            shape[0] = min(shape[0], 70)
            ident = amap(rank, [f"d{d}" for d in range(rank)])
            ins = [Data(rng, shape)]
        perm = list(range(rank))
        while perm == list(range(rank)):
            rng.shuffle(perm)
        # out[d] = in[perm^-1 ...]: the input is read through perm.
        in_map = amap(rank, [f"d{p}" for p in perm])
        ins = [Data(rng, [shape[p] for p in perm])]
        out = shape
        op = (f"%r = linalg.generic {{indexing_maps = [{in_map}, {ident}], "
              f"iterator_types = [{par_iters(rank)}]}} "
              f"ins($in0 : $t0) outs($init : $out_t) {{\n"
              f"^bb0(%x: f32, %o: f32):\n"
              f"  %two = arith.constant 2.0 : f32\n"
              f"  %y = arith.mulf %x, %two : f32\n"
              f"  %z = arith.addf %y, %o : f32\n"
              f"  linalg.yield %z : f32\n"
              f"}} -> $out_t")
        return Case("elementwise", dict(variant=variant, out_shape=out,
                                        perm=perm), ins, out, "data", op)
    else:  # bias: a broadcast along the leading axis
        if rank == 1:
            rank, shape = 2, [pick(rng, 1, 70), min(shape[0], 70)]
            ident = amap(rank, [f"d{d}" for d in range(rank)])
            ins = [Data(rng, shape)]
            out = shape
        ins.append(Data(rng, shape[1:]))
        bmap = amap(rank, [f"d{d}" for d in range(1, rank)])
        op = (f"%r = linalg.generic {{indexing_maps = [{ident}, {bmap}, "
              f"{ident}], iterator_types = "
              f"[{par_iters(rank)}]}} "
              f"ins($in0, $in1 : $t0, $t1) "
              f"outs($init : $out_t) {{\n"
              f"^bb0(%x: f32, %b: f32, %o: f32):\n"
              f"  %y = arith.addf %x, %b : f32\n"
              f"  linalg.yield %y : f32\n"
              f"}} -> $out_t")
    return Case("elementwise", dict(variant=variant, shape=out), ins, out,
                "empty", op)


# (class, weight, generator): weights are the share of the cases.
CLASSES = [
    ("matmul", 60, gen_matmul),
    ("batch_matmul", 20, gen_batch_matmul),
    ("conv_nchw", 30, lambda r: gen_conv(r, "nchw")),
    ("conv_nhwc", 30, lambda r: gen_conv(r, "nhwc")),
    ("depthwise", 25, gen_depthwise),
    ("pool_sum", 20, lambda r: gen_pool(r, "sum")),
    ("pool_max", 20, lambda r: gen_pool(r, "max")),
    ("reduce", 25, gen_reduce),
    ("reduce_generic", 15, gen_reduce_generic),
    ("elementwise", 30, gen_elementwise),
    ("matmul_f16", 13, lambda r: gen_matmul(r, "f16")),
    ("conv_nchw_f16", 12, lambda r: gen_conv(r, "nchw", "f16")),
]


def generate(seed, count):
    rng = random.Random(seed)
    total = sum(w for _, w, _ in CLASSES)
    kinds = []
    for name, weight, gen in CLASSES:
        kinds += [gen] * max(1, round(count * weight / total))
    rng.shuffle(kinds)
    kinds = (kinds * (count // max(1, len(kinds)) + 1))[:count]
    cases = []
    for gen in kinds:
        case = gen(rng)
        if case.init == "data":
            case.data_init = Data(rng, case.out_shape, case.out_elt)
        cases.append(case)
    return cases


# ---------------------------------------------------------------------------
# Modules
# ---------------------------------------------------------------------------

CHECKSUM = """\
func.func @checksum(%t: tensor<?xf32>) -> tensor<5xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %c61 = arith.constant 61 : i64
  %lowest = arith.constant -9223372036854775807 : i64
  %r:5 = scf.for %i = %c0 to %n step %c1
      iter_args(%s = %z, %w1 = %z, %w2 = %z, %mx = %lowest, %bad = %z)
      -> (i64, i64, i64, i64, i64) {
    %x = tensor.extract %t[%i] : tensor<?xf32>
    %xi = arith.fptosi %x : f32 to i64
    %back = arith.sitofp %xi : i64 to f32
    %exact = arith.cmpf oeq, %back, %x : f32
    %notint = arith.select %exact, %z, %one : i64
    %bad2 = arith.addi %bad, %notint : i64
    %ii = arith.index_cast %i : index to i64
    %i1 = arith.addi %ii, %one : i64
    %sq = arith.muli %ii, %ii : i64
    %sqm = arith.remui %sq, %c61 : i64
    %wt = arith.addi %sqm, %one : i64
    %s2 = arith.addi %s, %xi : i64
    %p1 = arith.muli %xi, %i1 : i64
    %w1n = arith.addi %w1, %p1 : i64
    %p2 = arith.muli %xi, %wt : i64
    %w2n = arith.addi %w2, %p2 : i64
    %mxn = arith.maxsi %mx, %xi : i64
    scf.yield %s2, %w1n, %w2n, %mxn, %bad2 : i64, i64, i64, i64, i64
  }
  %res = tensor.from_elements %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<5xi64>
  return %res : tensor<5xi64>
}

func.func private @printMemrefI64(tensor<*xi64>)
    attributes { llvm.emit_c_interface }
"""


def module_text(cases, with_main=True):
    """One module: a function per case and a main printing their checksums."""
    lines = []
    for idx, case in cases:
        lines += case.function(f"case{idx}")
        lines.append("")
    if not with_main:
        return "\n".join(lines) + "\n"
    lines.append(CHECKSUM)
    lines.append("func.func @main() {")
    for idx, case in cases:
        args, types = [], []
        for i, data in enumerate(case.ins):
            lines += data.emit(f"c{idx}_in{i}")
            args.append(f"%c{idx}_in{i}")
            types.append(ttype(data.shape, data.elt))
        if case.data_init is not None:
            lines += case.data_init.emit(f"c{idx}_init")
            args.append(f"%c{idx}_init")
            types.append(ttype(case.out_shape, case.out_elt))
        out_t = ttype(case.out_shape, case.out_elt)
        r = f"%c{idx}_r"
        lines.append(f"  {r} = call @case{idx}({', '.join(args)}) : "
                     f"({', '.join(types)}) -> {out_t}")
        flat = r
        if len(case.out_shape) > 1:
            size = 1
            for d in case.out_shape:
                size *= d
            assoc = ", ".join(str(d) for d in range(len(case.out_shape)))
            flat = f"%c{idx}_flat"
            lines.append(f"  {flat} = tensor.collapse_shape {r} [[{assoc}]] : "
                         f"{out_t} into {ttype([size])}")
        else:
            size = case.out_shape[0]
        lines += [
            f"  %c{idx}_dyn = tensor.cast {flat} : {ttype([size])} to "
            f"tensor<?xf32>",
            f"  %c{idx}_sum = call @checksum(%c{idx}_dyn) : (tensor<?xf32>) "
            f"-> tensor<5xi64>",
            f"  %c{idx}_u = tensor.cast %c{idx}_sum : tensor<5xi64> to "
            f"tensor<*xi64>",
            f"  call @printMemrefI64(%c{idx}_u) : (tensor<*xi64>) -> ()",
        ]
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

RESULT = re.compile(r"data =\s*\n\s*\[([^\]]*)\]")


def run_module(roller_opt, text, device, timeout=300):
    """Lowers and runs a module; returns (tuples, error)."""
    passes = ["--roller-lower-to-cpu"]
    if device:
        passes = [f"--roller-tile=device={device}"] + passes
    try:
        lowered = subprocess.run([roller_opt, "-"] + passes, input=text,
                                 capture_output=True, text=True,
                                 timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "roller-opt timed out"
    if lowered.returncode != 0:
        errors = [l for l in lowered.stderr.splitlines()
                  if "error" in l or "Assertion" in l or "Stack dump" in l]
        return None, (f"roller-opt exited with {lowered.returncode}: " +
                      " | ".join(errors[:3]))[:2000]
    runner = [os.path.join(LLVM_BIN, "mlir-runner"), "-e", "main",
              "-entry-point-result=void",
              "-shared-libs=" + os.path.join(LLVM_LIB, "libmlir_runner_utils.so")
              + "," + os.path.join(LLVM_LIB, "libmlir_c_runner_utils.so")]
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


def run_batch(job):
    """A pool task: one batch through one pipeline (device None = reference).
    A batch that fails as a whole is rerun case by case."""
    roller_opt, batch, device = job
    tuples, error = run_module(roller_opt, module_text(batch), device)
    if error is None and len(tuples) == len(batch):
        return device, {idx: (t, None) for (idx, _), t in zip(batch, tuples)}
    if error is None:
        error = f"printed {len(tuples)} tuples for {len(batch)} cases"
    results = {}
    for item in batch:
        t, e = run_module(roller_opt, module_text([item]), device)
        if e is None and len(t) != 1:
            e = f"printed {len(t)} tuples for 1 case"
        results[item[0]] = (t[0] if e is None else None, e)
    return device, results


def chosen_config(roller_opt, case, device):
    """The roller.config --roller-select chooses for the case on device."""
    proc = subprocess.run(
        [roller_opt, "-", f"--roller-select=device={device}"],
        input=module_text([(0, case)], with_main=False), capture_output=True,
        text=True)
    configs = re.findall(r"roller\.config = (#roller\.config<.*?>)[}\s]",
                         proc.stdout)
    # The fill of a "zero" init has no config; the op's is the last one.
    return configs[-1] if configs else "(none: " + proc.stderr[-300:] + ")"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2022)
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--batch", type=int, default=30,
                        help="cases per module")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--devices", default="h200,a100")
    parser.add_argument("--roller-opt", default="roller-opt")
    parser.add_argument("--keep", default=None,
                        help="directory for reproducers (default: a temp dir)")
    parser.add_argument("--only", default=None,
                        help="comma-separated classes to run")
    parser.add_argument("--list", action="store_true",
                        help="print the cases and exit")
    args = parser.parse_args()

    cases = generate(args.seed, args.cases)
    if args.only:
        keep = set(args.only.split(","))
        cases = [c for c in cases if c.kind in keep]
    indexed = list(enumerate(cases))
    counts = {}
    for c in cases:
        counts[c.kind] = counts.get(c.kind, 0) + 1
    print("cases per class: " +
          ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    if args.list:
        for idx, case in indexed:
            print(f"case{idx}: {case.describe()}")
        return 0

    devices = [d for d in args.devices.split(",") if d]
    batches = [indexed[i:i + args.batch]
               for i in range(0, len(indexed), args.batch)]
    jobs = [(args.roller_opt, b, d) for b in batches for d in [None] + devices]
    results = {d: {} for d in [None] + devices}
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        for device, res in pool.map(run_batch, jobs):
            results[device].update(res)

    failures = []
    for idx, case in indexed:
        ref, ref_err = results[None][idx]
        for device in devices:
            got, err = results[device][idx]
            if ref_err is not None:
                failures.append((idx, case, device, "reference failed: " +
                                 ref_err, ref, got))
                break
            if err is not None:
                failures.append((idx, case, device, err, ref, got))
            elif got != ref:
                failures.append((idx, case, device, "mismatch", ref, got))

    if failures:
        keep = args.keep or tempfile.mkdtemp(prefix="roller-differential-")
        os.makedirs(keep, exist_ok=True)
    for idx, case, device, what, ref, got in failures:
        path = os.path.join(keep, f"case{idx}.mlir")
        with open(path, "w") as f:
            f.write(f"// {case.describe()}\n")
            f.write(module_text([(idx, case)]))
        print(f"FAIL case{idx} on {device}: {what}")
        print(f"  case:      {case.describe()}")
        print(f"  config:    {chosen_config(args.roller_opt, case, device)}")
        print(f"  reference: {ref}  (sum, sum x*(i+1), sum x*w2, max, "
              f"non-integer count)")
        print(f"  roller:    {got}")
        print(f"  reproduce: {args.roller_opt} {path} "
              f"--roller-tile=device={device} --roller-lower-to-cpu | "
              f"mlir-runner -e main -entry-point-result=void "
              f"-shared-libs=...")
    mismatched = len({(f[0], f[2]) for f in failures})
    print(f"{len(cases)} cases, {mismatched} mismatches"
          f" (each case run on {', '.join(devices)} and the reference)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
