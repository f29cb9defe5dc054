#!/usr/bin/env python3
"""Reshaped cases for differential.py: what torch-mlir writes around
matmuls, which --roller-tile rewrites before fusing
(roller-collapse-through-reshapes, roller-fuse-elementwise):

  expanded    a matmul or batch matmul whose result is expanded (its first
              dimension split in two) before an elementwise consumer (a bias
              add and ReLU, or a residual add), which collapses to read the
              matmul's result and becomes its epilogue; now and then the
              consumer's result is collapsed back, as the next matmul's
              input is
  transposed  a matmul or batch matmul whose second operand is a
              linalg.transpose (attention's keys and values), fused into the
              contraction as a transposed read
  scaled      a matmul or batch matmul starting from zero whose first
              operand (and now and then its second) is multiplied by a
              constant first (attention's scaled queries and keys), which
              roller-move-scales-to-epilogues applies to its result instead

The reference runs the ops as written. Plain Python 3, standard library
only.
"""

from differential_ops import Case, amap, ident_map, par_iters, ttype

VARIANTS = ("expanded", "transposed", "scaled")


def _divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


def make_expanded(rng, data, anchor):
    """`anchor` (output [m, n] or [b, m, n], f32) with its result expanded
    along its first dimension into (a, first / a) and read by an
    elementwise generic; with `collapse`, the generic's result collapsed
    back to the anchor's shape."""
    shape = list(anchor.out_shape)
    rank = len(shape)
    anchor_t = ttype(shape, anchor.out_elt)
    lead = rng.choice(_divisors(shape[0]))
    expanded = [lead, shape[0] // lead] + shape[1:]
    erank = rank + 1
    exp_t = ttype(expanded)
    groups = "[[0, 1], " + ", ".join(f"[{d + 1}]" for d in range(1, rank)) \
        + "]"
    sizes = ", ".join(str(s) for s in expanded)
    consumer = rng.choice(["bias_relu", "residual"])
    collapse = rng.random() < 0.5
    ins = list(anchor.ins)
    # The anchor's own output (a fill of its type, or an empty tensor).
    text = [f"%aempty = tensor.empty() : {anchor_t}"]
    init = "%aempty"
    if anchor.init != "empty":
        text += [f"%afill = arith.constant {anchor.fill} : {anchor.out_elt}",
                 f"%ainit = linalg.fill ins(%afill : {anchor.out_elt}) "
                 f"outs(%aempty : {anchor_t}) -> {anchor_t}"]
        init = "%ainit"
    text.append(anchor.op_text.replace("$init", init)
                .replace("$out_t", anchor_t).replace("%r = ", "%a = ", 1))
    text.append(f"%ex = tensor.expand_shape %a {groups} output_shape "
                f"[{sizes}] : {anchor_t} into {exp_t}")
    ident = ident_map(erank)
    if consumer == "bias_relu":
        ins.append(data(expanded[-1:], 1))
        extra_map = amap(erank, [f"d{erank - 1}"])
        body = ["%s = arith.addf %x, %e : f32",
                "%zero = arith.constant 0.0 : f32",
                "%y = arith.maximumf %s, %zero : f32"]
    else:
        ins.append(data(expanded, 1))
        extra_map = ident
        body = ["%half = arith.constant 0.5 : f32",
                "%p = arith.mulf %x, %half : f32",
                "%y = arith.addf %p, %e : f32"]
    extra = f"$in{len(ins) - 1}"
    extra_t = f"$t{len(ins) - 1}"
    text.append(f"%eout = tensor.empty() : {exp_t}")
    result = "%r" if not collapse else "%g"
    text.append(
        f"{result} = linalg.generic {{indexing_maps = [{ident}, {extra_map}, "
        f"{ident}], iterator_types = [{par_iters(erank)}]}}\n"
        f"    ins(%ex, {extra} : {exp_t}, {extra_t}) outs(%eout : {exp_t}) {{\n"
        f"^bb0(%x: f32, %e: f32, %o: f32):\n"
        + "".join(f"  {line}\n" for line in body)
        + "  linalg.yield %y : f32\n"
        f"}} -> {exp_t}")
    out_shape = expanded
    if collapse:
        text.append(f"%r = tensor.collapse_shape %g {groups} : {exp_t} into "
                    f"{ttype(shape)}")
        out_shape = shape
    desc = dict(anchor=anchor.describe(), variant="expanded", lead=lead,
                consumer=consumer, collapse=collapse)
    return Case("reshaped", desc, ins, out_shape, "empty", "\n".join(text))


def make_transposed(rng, data, anchor):
    """`anchor` with its second operand the transpose of a tensor in
    another layout: [k, n] from [n, k] for a matmul; [b, k, n] from
    [k, b, n] (the heads' layout) or [b, n, k] for a batch matmul."""
    operand = anchor.ins[1]
    shape = operand.shape
    if len(shape) == 2:
        perm = [1, 0]
    else:
        perm = rng.choice([[1, 0, 2], [0, 2, 1]])
    # transpose: result[i] = source[perm[i]] dims: source shape[perm[i]] =
    # shape[i], so the source's dimension perm[i] has size shape[i].
    source = [0] * len(shape)
    for i, p in enumerate(perm):
        source[p] = shape[i]
    src = data(source, 1, operand.elt)
    op_t = ttype(shape, operand.elt)
    perm_text = ", ".join(str(p) for p in perm)
    text = (f"%tempty = tensor.empty() : {op_t}\n"
            f"%tr = linalg.transpose ins($in1 : $t1) outs(%tempty : {op_t}) "
            f"permutation = [{perm_text}]\n"
            + anchor.op_text.replace("$in1 :", "%tr :", 1)
            .replace("$t0, $t1", f"$t0, {op_t}", 1))
    ins = [anchor.ins[0], src]
    desc = dict(anchor=anchor.describe(), variant="transposed", perm=perm)
    case = Case("reshaped", desc, ins, anchor.out_shape, anchor.init, text,
                fill=anchor.fill, out_elt=anchor.out_elt)
    return case


def make_scaled(rng, data, anchor):
    """`anchor` starting from zero with its first operand (and with even
    odds its second) scaled by 0.5 or 0.25: exact on the integer data."""
    text = []
    op = anchor.op_text
    scaled = [0] if rng.random() < 0.5 else [0, 1]
    factors = []
    for index in scaled:
        elt = anchor.ins[index].elt
        rank = len(anchor.ins[index].shape)
        ident = ident_map(rank)
        factor = rng.choice(["0.5", "0.25"])
        factors.append(factor)
        text.append(
            f"%se{index} = tensor.empty() : $t{index}\n"
            f"%sc{index} = linalg.generic {{indexing_maps = [{ident}, "
            f"{ident}], iterator_types = [{par_iters(rank)}]}}\n"
            f"    ins($in{index} : $t{index}) outs(%se{index} : $t{index}) {{\n"
            f"^bb0(%x: {elt}, %o: {elt}):\n"
            f"  %h = arith.constant {factor} : {elt}\n"
            f"  %y = arith.mulf %x, %h : {elt}\n"
            f"  linalg.yield %y : {elt}\n"
            f"}} -> $t{index}")
    if 0 in scaled:
        op = op.replace("ins($in0, ", "ins(%sc0, ", 1)
    if 1 in scaled:
        op = op.replace(", $in1 :", ", %sc1 :", 1)
    desc = dict(anchor=anchor.describe(), variant="scaled", operands=scaled,
                factors=factors)
    return Case("reshaped", desc, list(anchor.ins), anchor.out_shape, "zero",
                "\n".join(text + [op]), out_elt=anchor.out_elt)


def make_reshaped(rng, data, anchor, variant):
    if variant == "expanded":
        return make_expanded(rng, data, anchor)
    if variant == "scaled":
        return make_scaled(rng, data, anchor)
    return make_transposed(rng, data, anchor)
