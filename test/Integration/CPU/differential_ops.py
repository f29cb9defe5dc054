#!/usr/bin/env python3
"""The operators differential.py tests, as MLIR text.

Data (integer-valued inputs made by tensor.generate), Case (one linalg
operator in a function of its own), the make_* builders (one case from its
parameters: shapes, transposes, strides, dilations, axes, element type, how
the output starts) and module_text (cases plus a main that prints a
checksum tuple per case). Plain Python 3, standard library only.
"""

import re

# ---------------------------------------------------------------------------
# MLIR text helpers
# ---------------------------------------------------------------------------


def ttype(shape, elt="f32"):
    return "tensor<" + "".join(f"{d}x" for d in shape) + elt + ">"


def dims(n):
    return ", ".join(f"d{i}" for i in range(n))


def amap(n, results):
    return f"affine_map<({dims(n)}) -> ({', '.join(results)})>"


class Data:
    """Integer-valued data of one input: with s = off + sum_d k_d * i_d and
    t = 1 + sum_d q_d * i_d over its indices i_d,
        x = ((s * t + s) mod 1009) mod m - m / 2,
    small integers (m <= 7, or m <= 17 for the inputs of max ops, whose
    results would otherwise be mostly the same) with no period along any axis
    shorter than 1009, so a tile read at a wrong offset reads different
    values."""

    PRIME = 1009

    def __init__(self, rng, shape, elt="f32", wide=False):
        self.shape = list(shape)
        self.elt = elt
        self.mod = rng.choice([11, 13, 17] if wide else [3, 5, 7])
        self.coeffs = [rng.randint(1, 9) for _ in shape]
        self.coeffs2 = [rng.randint(1, 9) for _ in shape]
        self.off = rng.randint(0, self.PRIME - 1)

    def emit(self, name):
        """A tensor.generate defining %name (not a linalg op: never tiled)."""
        n = f"%{name}_"
        args = ", ".join(f"{n}i{d}: index" for d in range(len(self.shape)))
        lines = [f"  %{name} = tensor.generate {{"]
        if self.shape:
            lines.append(f"  ^bb0({args}):")
        consts = {"off": self.off, "one": 1, "p": self.PRIME, "m": self.mod,
                  "h": self.mod // 2}
        for d, (k, q) in enumerate(zip(self.coeffs, self.coeffs2)):
            consts[f"k{d}"], consts[f"q{d}"] = k, q
        for key, value in consts.items():
            lines.append(f"    {n}{key} = arith.constant {value} : index")
        s, t = f"{n}off", f"{n}one"
        for d in range(len(self.shape)):
            lines += [
                f"    {n}ks{d} = arith.muli {n}i{d}, {n}k{d} : index",
                f"    {n}s{d} = arith.addi {s}, {n}ks{d} : index",
                f"    {n}qt{d} = arith.muli {n}i{d}, {n}q{d} : index",
                f"    {n}t{d} = arith.addi {t}, {n}qt{d} : index"]
            s, t = f"{n}s{d}", f"{n}t{d}"
        lines += [
            f"    {n}st = arith.muli {s}, {t} : index",
            f"    {n}u = arith.addi {n}st, {s} : index",
            f"    {n}r = arith.remui {n}u, {n}p : index",
            f"    {n}rm = arith.remui {n}r, {n}m : index",
            f"    {n}v = arith.subi {n}rm, {n}h : index",
            f"    {n}vi = arith.index_cast {n}v : index to i32",
            f"    {n}f = arith.sitofp {n}vi : i32 to {self.elt}",
            f"    tensor.yield {n}f : {self.elt}",
            f"  }} : {ttype(self.shape, self.elt)}",
        ]
        return lines


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
                 fill="0.0", out_elt="f32", result_elt=None):
        self.kind = kind
        self.desc = desc
        self.ins = ins  # list of Data
        self.out_shape = out_shape
        self.out_elt = out_elt
        # The function's result type, where the op text ends in a conversion
        # of the output (the checksum reads f32); the output's otherwise.
        self.result_elt = result_elt or out_elt
        self.init = init
        self.fill = fill
        self.op_text = op_text  # format string with $in0.. $init $out_t
        self.data_init = None

    def describe(self):
        text = ", ".join(f"{k}={v}" for k, v in self.desc.items())
        return f"{self.kind}({text}) init={self.init}"

    def function(self, name):
        out_t = ttype(self.out_shape, self.out_elt)
        result_t = ttype(self.out_shape, self.result_elt)
        params = [f"%in{i}: {ttype(d.shape, d.elt)}"
                  for i, d in enumerate(self.ins)]
        if self.init == "data":
            params.append(f"%init: {out_t}")
        lines = [f"func.func @{name}({', '.join(params)}) -> {result_t} {{"]
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
        lines.append(f"  return %r : {result_t}")
        lines.append("}")
        return lines


def par_iters(rank):
    return ", ".join(['"parallel"'] * rank)


def ident_map(rank):
    return amap(rank, [f"d{d}" for d in range(rank)])


def conv_attrs(strides, dilations):
    return (f"{{dilations = dense<[{dilations[0]}, {dilations[1]}]> : "
            f"tensor<2xi64>, strides = dense<[{strides[0]}, {strides[1]}]> : "
            f"tensor<2xi64>}}")


def fill_of(combiner):
    """The identity of a combiner, as an f32 literal (-inf for max)."""
    return "0xFF800000" if is_max(combiner) else "0.0"


# Builders: one deterministic case from its parameters. `data(shape, role,
# elt)` makes the Data of an operand: role 0 and 1 for the first and second
# input, WIDE for the input of a max (values spread wider).

WIDE = 3


def is_max(combiner):
    return combiner in ("max", "maximumf")


def make_matmul(data, m, n, k, trans_a=False, trans_b=False, elt="f32",
                init="zero"):
    maps = ""
    if trans_a or trans_b:
        ma = amap(3, ["d2", "d0"] if trans_a else ["d0", "d2"])
        mb = amap(3, ["d1", "d2"] if trans_b else ["d2", "d1"])
        maps = f" indexing_maps = [{ma}, {mb}, {amap(3, ['d0', 'd1'])}]"
    op = (f"%r = linalg.matmul{maps} ins($in0, $in1 : $t0, $t1) "
          "outs($init : $out_t) -> $out_t")
    ins = [data([k, m] if trans_a else [m, k], 0, elt),
           data([n, k] if trans_b else [k, n], 1, elt)]
    kind = "matmul" if elt == "f32" else "matmul_f16"
    return Case(kind, dict(M=m, N=n, K=k, transA=trans_a, transB=trans_b,
                           elt=elt), ins, [m, n], init, op)


def make_bf16_matmul(data, m, n, k, trans_a=False, trans_b=False,
                     init="zero"):
    """A matmul of bf16 inputs into a bf16 output (summed in bf16 as
    written; Roller sums in f32 and rounds once), widened to f32 after it
    for the checksum."""
    case = make_matmul(data, m, n, k, trans_a, trans_b, "bf16", init)
    case.kind = "matmul_bf16_out"
    return with_bf16_output(case)


def with_bf16_output(case):
    """`case` (an op with bf16 inputs) into a bf16 output instead of f32,
    widened to f32 after it for the checksum."""
    shape, rank = case.out_shape, len(case.out_shape)
    case.desc["out"] = "bf16"
    case.out_elt = "bf16"
    case.result_elt = "f32"
    ident = amap(rank, [f"d{i}" for i in range(rank)])
    parallel = ", ".join(['"parallel"'] * rank)
    case.op_text = (
        case.op_text.replace("%r = ", "%m = ") + "\n"
        f"%wide = tensor.empty() : {ttype(shape)}\n"
        f"%r = linalg.generic {{indexing_maps = [{ident}, {ident}], "
        f"iterator_types = [{parallel}]}}\n"
        f"    ins(%m : $out_t) outs(%wide : {ttype(shape)}) {{\n"
        "^bb0(%x: bf16, %o: f32):\n"
        "  %y = arith.extf %x : bf16 to f32\n"
        "  linalg.yield %y : f32\n"
        f"}} -> {ttype(shape)}")
    return case


def make_batch_matmul(data, b, m, n, k, init="zero", elt="f32"):
    op = ("%r = linalg.batch_matmul ins($in0, $in1 : $t0, $t1) "
          "outs($init : $out_t) -> $out_t")
    params = dict(B=b, M=m, N=n, K=k)
    if elt != "f32":
        params["elt"] = elt
    return Case("batch_matmul", params,
                [data([b, m, k], 0, elt), data([b, k, n], 1, elt)], [b, m, n],
                init, op)


def out_size(size, kernel, stride, dilation):
    return (size - dilation * (kernel - 1) - 1) // stride + 1


def make_conv(data, layout, n, c, f, h, w, kh, kw, strides=(1, 1),
              dilations=(1, 1), elt="f32", init="zero"):
    oh = out_size(h, kh, strides[0], dilations[0])
    ow = out_size(w, kw, strides[1], dilations[1])
    if layout == "nchw":
        x, wt, out = [n, c, h, w], [f, c, kh, kw], [n, f, oh, ow]
        name = "conv_2d_nchw_fchw"
    else:
        x, wt, out = [n, h, w, c], [kh, kw, c, f], [n, oh, ow, f]
        name = "conv_2d_nhwc_hwcf"
    op = (f"%r = linalg.{name} {conv_attrs(strides, dilations)}\n"
          "    ins($in0, $in1 : $t0, $t1) outs($init : $out_t) -> $out_t")
    kind = f"conv_{layout}" + ("" if elt == "f32" else "_f16")
    return Case(kind, dict(input=x, filter=wt, output=out,
                           strides=list(strides), dilations=list(dilations),
                           elt=elt),
                [data(x, 0, elt), data(wt, 1, elt)], out, init, op)


def make_depthwise(data, layout, n, c, h, w, kh, kw, strides=(1, 1),
                   dilations=(1, 1), init="zero"):
    oh = out_size(h, kh, strides[0], dilations[0])
    ow = out_size(w, kw, strides[1], dilations[1])
    if layout == "nchw":
        x, wt, out = [n, c, h, w], [c, kh, kw], [n, c, oh, ow]
        name = "depthwise_conv_2d_nchw_chw"
    else:
        x, wt, out = [n, h, w, c], [kh, kw, c], [n, oh, ow, c]
        name = "depthwise_conv_2d_nhwc_hwc"
    op = (f"%r = linalg.{name} {conv_attrs(strides, dilations)}\n"
          "    ins($in0, $in1 : $t0, $t1) outs($init : $out_t) -> $out_t")
    return Case("depthwise", dict(op=name, input=x, filter=wt, output=out,
                                  strides=list(strides),
                                  dilations=list(dilations)),
                [data(x, 0), data(wt, 1)], out, init, op)


def make_pool(data, combiner, layout, n, c, h, w, kh, kw, strides=(1, 1),
              dilations=(1, 1), init="zero"):
    oh = out_size(h, kh, strides[0], dilations[0])
    ow = out_size(w, kw, strides[1], dilations[1])
    if layout == "nchw":
        x, out = [n, c, h, w], [n, c, oh, ow]
    else:
        x, out = [n, h, w, c], [n, oh, ow, c]
    name = f"pooling_{layout}_{combiner}"
    # The window operand only gives its shape.
    win = ttype([kh, kw])
    op = (f"%win = tensor.empty() : {win}\n"
          f"%r = linalg.{name} {conv_attrs(strides, dilations)}\n"
          f"    ins($in0, %win : $t0, {win}) outs($init : $out_t) -> $out_t")
    return Case(f"pool_{combiner}", dict(op=name, input=x, window=[kh, kw],
                                         output=out, strides=list(strides),
                                         dilations=list(dilations)),
                [data(x, WIDE if is_max(combiner) else 0)], out, init, op,
                fill=fill_of(combiner))


def make_reduce(data, shape, axes, combiner="addf", init="zero"):
    out = [s for i, s in enumerate(shape) if i not in axes]
    op = ("%r = linalg.reduce ins($in0 : $t0) outs($init : $out_t) "
          f"dimensions = [{', '.join(str(a) for a in axes)}]\n"
          "  (%x: f32, %acc: f32) {\n"
          f"    %y = arith.{combiner} %x, %acc : f32\n"
          "    linalg.yield %y : f32\n"
          "  }")
    return Case("reduce", dict(shape=shape, dimensions=axes,
                               combiner=combiner),
                [data(shape, WIDE if is_max(combiner) else 0)], out, init, op,
                fill=fill_of(combiner))


def reduction_generic(rank, reduced, out_results, combiner):
    """The text of a linalg.generic reducing $in0 over the axes `reduced`
    with `combiner` into $init, whose map has the results `out_results`."""
    iters = ", ".join('"reduction"' if d in reduced else '"parallel"'
                      for d in range(rank))
    return (f"%r = linalg.generic {{indexing_maps = [{ident_map(rank)}, "
            f"{amap(rank, out_results)}],\n    iterator_types = [{iters}]}}\n"
            "    ins($in0 : $t0) outs($init : $out_t) {\n"
            "^bb0(%x: f32, %acc: f32):\n"
            f"  %y = arith.{combiner} %x, %acc : f32\n"
            "  linalg.yield %y : f32\n"
            "} -> $out_t")


def make_reduce_generic(data, shape, reduced, out_dims, combiner="maximumf",
                        init="zero"):
    """A linalg.generic reduction whose output keeps the parallel axes in the
    order out_dims (a reduction and a transpose at once)."""
    op = reduction_generic(len(shape), reduced,
                           [f"d{d}" for d in out_dims], combiner)
    return Case("reduce_generic", dict(shape=shape, reduced=reduced,
                                       out_dims=out_dims, combiner=combiner),
                [data(shape, WIDE if is_max(combiner) else 0)],
                [shape[d] for d in out_dims], init, op, fill=fill_of(combiner))


def make_elementwise(data, variant, shape, perm=None):
    """relu (generic), add (linalg.add), map (linalg.map x*y - x), bias (a
    generic broadcasting a vector over the leading axis) on an empty output,
    or transpose (a generic 2x + out reading the input through perm) into
    existing output values."""
    rank = len(shape)
    ident = ident_map(rank)
    iters = par_iters(rank)
    ins = [data(shape, 0)]
    init = "empty"
    if variant == "relu":
        op = (f"%r = linalg.generic {{indexing_maps = [{ident}, {ident}],\n"
              f"    iterator_types = [{iters}]}}\n"
              "    ins($in0 : $t0) outs($init : $out_t) {\n"
              "^bb0(%x: f32, %o: f32):\n"
              "  %zero = arith.constant 0.0 : f32\n"
              "  %y = arith.maximumf %x, %zero : f32\n"
              "  linalg.yield %y : f32\n"
              "} -> $out_t")
    elif variant == "add":
        ins.append(data(shape, 1))
        op = ("%r = linalg.add ins($in0, $in1 : $t0, $t1) "
              "outs($init : $out_t) -> $out_t")
    elif variant == "map":
        ins.append(data(shape, 1))
        op = ("%r = linalg.map ins($in0, $in1 : $t0, $t1) "
              "outs($init : $out_t)\n"
              "  (%x: f32, %y: f32, %o: f32) {\n"
              "    %p = arith.mulf %x, %y : f32\n"
              "    %q = arith.subf %p, %x : f32\n"
              "    linalg.yield %q : f32\n"
              "  }")
    elif variant == "bias":
        ins.append(data(shape[1:], 1))
        bmap = amap(rank, [f"d{d}" for d in range(1, rank)])
        op = (f"%r = linalg.generic {{indexing_maps = [{ident}, {bmap}, "
              f"{ident}],\n    iterator_types = [{iters}]}}\n"
              "    ins($in0, $in1 : $t0, $t1) outs($init : $out_t) {\n"
              "^bb0(%x: f32, %b: f32, %o: f32):\n"
              "  %y = arith.addf %x, %b : f32\n"
              "  linalg.yield %y : f32\n"
              "} -> $out_t")
    else:  # transpose
        ins = [data([shape[p] for p in perm], 0)]
        init = "data"
        in_map = amap(rank, [f"d{p}" for p in perm])
        op = (f"%r = linalg.generic {{indexing_maps = [{in_map}, {ident}],\n"
              f"    iterator_types = [{iters}]}}\n"
              "    ins($in0 : $t0) outs($init : $out_t) {\n"
              "^bb0(%x: f32, %o: f32):\n"
              "  %two = arith.constant 2.0 : f32\n"
              "  %y = arith.mulf %x, %two : f32\n"
              "  %z = arith.addf %y, %o : f32\n"
              "  linalg.yield %z : f32\n"
              "} -> $out_t")
    desc = dict(variant=variant, shape=shape)
    if perm is not None:
        desc["perm"] = perm
    return Case("elementwise", desc, ins, shape, init, op)


def make_reduce_keepdim(data, shape, reduced, combiner="addf", init="zero"):
    """A linalg.generic reduction that keeps the reduced axes as unit
    dimensions (PyTorch's keepdim=True: sum/mean/max, the max and sum of a
    softmax, a LayerNorm's mean), as torch-mlir exports it: the output map
    has a constant 0 at each reduced axis."""
    op = reduction_generic(len(shape), reduced,
                           ["0" if d in reduced else f"d{d}"
                            for d in range(len(shape))], combiner)
    out = [1 if d in reduced else s for d, s in enumerate(shape)]
    return Case("reduce_keepdim", dict(shape=shape, reduced=reduced,
                                       combiner=combiner),
                [data(shape, WIDE if is_max(combiner) else 0)], out, init, op,
                fill=fill_of(combiner))


def make_scalar_operands(data, shape):
    """A clamp whose bounds are rank-0 tensors (torch-mlir's ReLU6 and
    hardtanh), broadcast over every element."""
    rank = len(shape)
    ident = ident_map(rank)
    scalar = amap(rank, [])
    op = (f"%r = linalg.generic {{indexing_maps = [{ident}, {scalar}, "
          f"{scalar}, {ident}],\n    iterator_types = [{par_iters(rank)}]}}\n"
          "    ins($in0, $in1, $in2 : $t0, $t1, $t2) outs($init : $out_t) {\n"
          "^bb0(%x: f32, %lo: f32, %hi: f32, %o: f32):\n"
          "  %y = arith.maximumf %x, %lo : f32\n"
          "  %z = arith.minimumf %y, %hi : f32\n"
          "  linalg.yield %z : f32\n"
          "} -> $out_t")
    return Case("scalar_operands", dict(shape=shape),
                [data(shape, WIDE), data([], 0), data([], 1)], shape, "empty",
                op)


def make_index_body(data, shape):
    """An elementwise op whose body reads its iteration indices
    (linalg.index), as torch-mlir's argmax, masks and position encodings do:
    y = 2x + (i_last - 3 * i_0)."""
    rank = len(shape)
    ident = ident_map(rank)
    op = (f"%r = linalg.generic {{indexing_maps = [{ident}, {ident}],\n"
          f"    iterator_types = [{par_iters(rank)}]}}\n"
          "    ins($in0 : $t0) outs($init : $out_t) {\n"
          "^bb0(%x: f32, %o: f32):\n"
          "  %i0 = linalg.index 0 : index\n"
          f"  %il = linalg.index {rank - 1} : index\n"
          "  %c3 = arith.constant 3 : index\n"
          "  %t = arith.muli %i0, %c3 : index\n"
          "  %d = arith.subi %il, %t : index\n"
          "  %di = arith.index_cast %d : index to i32\n"
          "  %df = arith.sitofp %di : i32 to f32\n"
          "  %two = arith.constant 2.0 : f32\n"
          "  %y = arith.mulf %x, %two : f32\n"
          "  %z = arith.addf %y, %df : f32\n"
          "  linalg.yield %z : f32\n"
          "} -> $out_t")
    return Case("index_body", dict(shape=shape), [data(shape, 0)], shape,
                "empty", op)


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
        out_t = ttype(case.out_shape, case.result_elt)
        r = f"%c{idx}_r"
        lines.append(f"  {r} = call @case{idx}({', '.join(args)}) : "
                     f"({', '.join(types)}) -> {out_t}")
        flat = r
        if not case.out_shape:
            size = 1
            flat = f"%c{idx}_flat"
            lines.append(f"  {flat} = tensor.expand_shape {r} [] "
                         f"output_shape [1] : {out_t} into {ttype([1])}")
        elif len(case.out_shape) > 1:
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
