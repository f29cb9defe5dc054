#!/usr/bin/env python3
"""Epilogue cases for differential.py: an operator (any Case of
differential_ops.py) followed by an elementwise consumer of its result, which
--roller-tile fuses into the operator's rProgram as its epilogue
(--roller-fuse-epilogues). The reference runs the two ops unfused. Plain
Python 3, standard library only.
"""

import re

from differential_ops import Case, amap, ident_map, par_iters, ttype

VARIANTS = ("bias_relu", "residual", "cast_round_trip", "transpose",
            "bias_init", "transpose_index")


def _own_init(anchor, anchor_t):
    """The anchor's op text with its output starting from a fill (or an
    empty tensor) of its own type, so the epilogue's output can differ."""
    lines = [f"%aempty = tensor.empty() : {anchor_t}"]
    init = "%aempty"
    if anchor.init == "zero":
        lines += [f"%afill = arith.constant {anchor.fill} : {anchor.out_elt}",
                  f"%ainit = linalg.fill ins(%afill : {anchor.out_elt}) "
                  f"outs(%aempty : {anchor_t}) -> {anchor_t}"]
        init = "%ainit"
    return "\n".join(lines) + "\n" + anchor.op_text.replace("$init", init)


def make_bias_init(data, anchor):
    """`anchor` (a sum) starting from a bias broadcast along its output's
    last dimension, as torch-mlir writes linear layers and convolutions:
    --roller-tile starts it from zero and adds the bias in an epilogue."""
    shape = list(anchor.out_shape)
    rank = len(shape)
    anchor_t = ttype(shape, anchor.out_elt)
    ins = list(anchor.ins) + [data(shape[-1:], 1)]
    bias = f"$in{len(ins) - 1}"
    dims = ", ".join(str(d) for d in range(rank - 1))
    text = (f"%aempty = tensor.empty() : {anchor_t}\n"
            f"%ainit = linalg.broadcast ins({bias} : $t{len(ins) - 1}) "
            f"outs(%aempty : {anchor_t}) dimensions = [{dims}]\n"
            + anchor.op_text.replace("$init", "%ainit"))
    desc = dict(anchor=anchor.describe(), variant="bias_init")
    return Case("epilogue", desc, ins, shape, "empty", text)


def make_epilogue(data, anchor, variant):
    """`anchor`'s result `%a` read by an elementwise generic:
    bias_relu   max(a + bias[last dim], 0)
    residual    a * 0.5 + r (r of the output's shape)
    cast_round_trip  extf(truncf(a to f16)) - 1
    transpose   (2-D only) out[j, i] = max(a[i, j], 0)
    bias_init   (sums only) the anchor starting from a bias broadcast
    transpose_index  (2-D only) out[j, i] = a[i, j] + j - 2 i, with the
                indices from linalg.index (renamed loops in the epilogue)
    """
    if variant == "bias_init":
        # roller-split-bias-init leaves keepdim reductions' initial values
        # (their output maps are not permutations).
        if (anchor.fill == "0.0" and anchor.out_shape
                and anchor.out_elt == "f32" and anchor.kind != "reduce_keepdim"):
            return make_bias_init(data, anchor)
        variant = "residual"  # a max starts from its values, not a sum
    shape = list(anchor.out_shape)
    rank = len(shape)
    anchor_t = ttype(shape, anchor.out_elt)
    if variant in ("transpose", "transpose_index") and rank != 2:
        variant = "bias_relu"
    if variant in ("transpose", "transpose_index") and anchor.init == "data":
        anchor.init = "zero"  # its output type is not the case's
    transposed = variant in ("transpose", "transpose_index")
    out_shape = shape[::-1] if transposed else shape
    ins = list(anchor.ins)
    init = anchor.init
    if transposed or anchor.init != "data":
        text = _own_init(anchor, anchor_t)
        init = "empty"
    else:
        text = anchor.op_text  # accumulates into the data the case passes
    text = text.replace("$out_t", anchor_t)
    text = re.sub(r"(?m)^%r = ", "%a = ", text)
    out_t = ttype(out_shape)
    ident = ident_map(rank)
    extra, body = [], []
    read = ident
    if variant == "bias_relu":
        extra.append((data(shape[-1:], 1), amap(rank, [f"d{rank - 1}"])))
        body = ["%s = arith.addf %x, %e0 : f32",
                "%zero = arith.constant 0.0 : f32",
                "%y = arith.maximumf %s, %zero : f32"]
    elif variant == "residual":
        extra.append((data(shape, 1), ident))
        body = ["%half = arith.constant 0.5 : f32",
                "%p = arith.mulf %x, %half : f32",
                "%y = arith.addf %p, %e0 : f32"]
    elif variant == "cast_round_trip":
        body = ["%h = arith.truncf %x : f32 to f16",
                "%w = arith.extf %h : f16 to f32",
                "%one = arith.constant 1.0 : f32",
                "%y = arith.subf %w, %one : f32"]
    elif variant == "transpose":
        read = amap(2, ["d1", "d0"])
        body = ["%zero = arith.constant 0.0 : f32",
                "%y = arith.maximumf %x, %zero : f32"]
    else:  # transpose_index: loop 0 runs along j, loop 1 along i
        read = amap(2, ["d1", "d0"])
        body = ["%j = linalg.index 0 : index",
                "%i = linalg.index 1 : index",
                "%two = arith.constant 2 : index",
                "%i2 = arith.muli %i, %two : index",
                "%d = arith.subi %j, %i2 : index",
                "%di = arith.index_cast %d : index to i32",
                "%df = arith.sitofp %di : i32 to f32",
                "%y = arith.addf %x, %df : f32"]
    names = [f"$in{len(ins) + i}" for i in range(len(extra))]
    types = [f"$t{len(ins) + i}" for i in range(len(extra))]
    ins += [d for d, _ in extra]
    maps = [read] + [m for _, m in extra] + [ident_map(len(out_shape))]
    args = ", ".join(["%x: f32"] + [f"%e{i}: f32" for i in range(len(extra))]
                     + ["%o: f32"])
    out = "%empty" if init == "empty" else "%eout"
    text += "\n"
    if out == "%eout":
        text += f"%eout = tensor.empty() : {out_t}\n"
    text += (f"%r = linalg.generic {{indexing_maps = [{', '.join(maps)}],\n"
             f"    iterator_types = [{par_iters(len(out_shape))}]}}\n"
             f"    ins({', '.join(['%a'] + names)} : "
             f"{', '.join([anchor_t] + types)}) outs({out} : {out_t}) {{\n"
             f"^bb0({args}):\n"
             + "".join(f"  {line}\n" for line in body)
             + "  linalg.yield %y : f32\n"
             f"}} -> {out_t}")
    desc = dict(anchor=anchor.describe(), variant=variant)
    case = Case("epilogue", desc, ins, out_shape, init, text)
    case.fill = anchor.fill
    return case
