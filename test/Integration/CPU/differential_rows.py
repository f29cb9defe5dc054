#!/usr/bin/env python3
"""Row-wise fused reductions for differential.py: the shapes of softmax and
LayerNorm as torch-mlir writes them, one linalg op per step, which
--roller-tile turns into fewer kernels (sibling reductions merged, a
reduction's broadcast reader as its row epilogue, a few scalar ops on a
reduced tensor computed again by their reader, an `x - max` computed again
by each of its readers). The reference runs the ops one by one. Data are
integer-valued and every step is exact in f32 (sums, products, no divide or
exp), so the results must be equal. Plain Python 3, standard library only.
"""

from differential_ops import Case, amap, fill_of, ident_map, make_reduce, \
    par_iters, ttype

VARIANTS = ("center", "norm_like", "shift_sum", "checked_shift",
            "index_weighted")


def _reduction(name, src, full, red, iters, red_t, init, body):
    """`%name = linalg.generic` reducing `src` into `init` with `body`
    (lines computing %y from %x and the accumulator %a)."""
    return (f"%{name} = linalg.generic {{indexing_maps = [{full}, {red}],\n"
            f"    iterator_types = [{iters}]}}\n"
            f"    ins({src} : $t0) outs({init} : {red_t}) {{\n"
            "^bb0(%x: f32, %a: f32):\n"
            + "".join(f"  {line}\n" for line in body)
            + f"  linalg.yield %y : f32\n}} -> {red_t}\n")


def make_rows(data, shape, reduced, variant, keepdim, elt="f32"):
    """A case of `variant` on an input of `shape` reduced over the axes
    `reduced` (kept as unit dimensions when `keepdim`, read back through a
    map with constant zeros, as torch-mlir writes them):
    center     s = sum(x); out = x * N - s
    norm_like  s = sum(x), q = sum(x * x) (siblings), t = q + 1 (on the
               reduced tensor); out = (x * N - s) * t
    shift_sum  m = max(x), p = x - m (read by two ops), s = sum(p);
               out = p * s
    checked_shift  m = max(x), c = x > 1 (i1), a = or(c) over the row (a
               sibling of the max once c is fused into it, as softmax's
               all -inf check); out = a ? x - m : x
    index_weighted  s = sum(x * (k + 1)), k the index along the innermost
               reduced axis (a body that reads linalg.index);
               out = x * N - s
    With `elt` f16 or bf16 the input is that type and an `extf` to f32
    (fused into each of its readers) comes first, as LayerNorm in half
    precision does.
    """
    rank = len(shape)
    count = 1
    for axis in reduced:
        count *= shape[axis]
    full = ident_map(rank)
    iters = ", ".join('"reduction"' if d in reduced else '"parallel"'
                      for d in range(rank))
    if keepdim:
        red_shape = [1 if d in reduced else s for d, s in enumerate(shape)]
        red = amap(rank, ["0" if d in reduced else f"d{d}"
                          for d in range(rank)])
    else:
        red_shape = [s for d, s in enumerate(shape) if d not in reduced]
        red = amap(rank, [f"d{d}" for d in range(rank) if d not in reduced])
    red_t = ttype(red_shape)
    red_rank = len(red_shape)
    text = (f"%zero = arith.constant {fill_of('addf')} : f32\n"
            f"%lowest = arith.constant {fill_of('maximumf')} : f32\n"
            f"%rempty = tensor.empty() : {red_t}\n"
            f"%rzero = linalg.fill ins(%zero : f32) outs(%rempty : {red_t})"
            f" -> {red_t}\n")
    final_ins, final_types, final_maps = ["$in0"], ["$t0"], [full]
    if variant in ("center", "norm_like", "index_weighted"):
        body = ["%y = arith.addf %x, %a : f32"]
        if variant == "index_weighted":
            body = [f"%k = linalg.index {reduced[-1]} : index",
                    "%k1 = arith.addi %k, %c1 : index",
                    "%ki = arith.index_cast %k1 : index to i32",
                    "%kf = arith.sitofp %ki : i32 to f32",
                    "%xk = arith.mulf %x, %kf : f32",
                    "%y = arith.addf %xk, %a : f32"]
            text += "%c1 = arith.constant 1 : index\n"
        text += _reduction("s", "$in0", full, red, iters, red_t, "%rzero",
                           body)
        body = [f"%n = arith.constant {count}.0 : f32",
                "%xn = arith.mulf %v0, %n : f32",
                "%y = arith.subf %xn, %v1 : f32"]
        final_ins.append("%s")
        final_types.append(red_t)
        final_maps.append(red)
        if variant == "norm_like":
            text += _reduction("q", "$in0", full, red, iters, red_t, "%rzero",
                               ["%xx = arith.mulf %x, %x : f32",
                                "%y = arith.addf %xx, %a : f32"])
            rid = ident_map(red_rank)
            text += (f"%t = linalg.generic {{indexing_maps = [{rid}, {rid}],"
                     f"\n    iterator_types = [{par_iters(red_rank)}]}}\n"
                     f"    ins(%q : {red_t}) outs(%rempty : {red_t}) {{\n"
                     "^bb0(%x: f32, %o: f32):\n"
                     "  %one = arith.constant 1.0 : f32\n"
                     "  %y = arith.addf %x, %one : f32\n"
                     f"  linalg.yield %y : f32\n}} -> {red_t}\n")
            final_ins.append("%t")
            final_types.append(red_t)
            final_maps.append(red)
            body[-1] = "%c = arith.subf %xn, %v1 : f32"
            body.append("%y = arith.mulf %c, %v2 : f32")
    elif variant == "checked_shift":
        text += (f"%rlow = linalg.fill ins(%lowest : f32) outs(%rempty : "
                 f"{red_t}) -> {red_t}\n")
        text += _reduction("m", "$in0", full, red, iters, red_t, "%rlow",
                           ["%y = arith.maximumf %x, %a : f32"])
        text += (f"%cempty = tensor.empty() : {ttype(shape, 'i1')}\n"
                 f"%c = linalg.generic {{indexing_maps = [{full}, {full}],\n"
                 f"    iterator_types = [{par_iters(rank)}]}}\n"
                 f"    ins($in0 : $t0) outs(%cempty : {ttype(shape, 'i1')}) {{\n"
                 "^bb0(%x: f32, %o: i1):\n"
                 "  %one = arith.constant 1.0 : f32\n"
                 "  %y = arith.cmpf ogt, %x, %one : f32\n"
                 f"  linalg.yield %y : i1\n}} -> {ttype(shape, 'i1')}\n")
        text += (f"%false = arith.constant false\n"
                 f"%bempty = tensor.empty() : {ttype(red_shape, 'i1')}\n"
                 f"%bfalse = linalg.fill ins(%false : i1) outs(%bempty : "
                 f"{ttype(red_shape, 'i1')}) -> {ttype(red_shape, 'i1')}\n"
                 f"%any = linalg.generic {{indexing_maps = [{full}, {red}],\n"
                 f"    iterator_types = [{iters}]}}\n"
                 f"    ins(%c : {ttype(shape, 'i1')}) outs(%bfalse : "
                 f"{ttype(red_shape, 'i1')}) {{\n"
                 "^bb0(%x: i1, %a: i1):\n"
                 "  %y = arith.ori %x, %a : i1\n"
                 f"  linalg.yield %y : i1\n}} -> {ttype(red_shape, 'i1')}\n")
        final_ins = ["$in0", "%m", "%any"]
        final_types = ["$t0", red_t, ttype(red_shape, "i1")]
        final_maps = [full, red, red]
        body = ["%d = arith.subf %v0, %v1 : f32",
                "%y = arith.select %v2, %d, %v0 : f32"]
    else:  # shift_sum
        text += (f"%rlow = linalg.fill ins(%lowest : f32) outs(%rempty : "
                 f"{red_t}) -> {red_t}\n")
        text += _reduction("m", "$in0", full, red, iters, red_t, "%rlow",
                           ["%y = arith.maximumf %x, %a : f32"])
        full_t = "$out_t"
        text += (f"%pempty = tensor.empty() : {full_t}\n"
                 f"%p = linalg.generic {{indexing_maps = [{full}, {red}, "
                 f"{full}],\n    iterator_types = [{par_iters(rank)}]}}\n"
                 f"    ins($in0, %m : $t0, {red_t}) outs(%pempty : {full_t})"
                 " {\n^bb0(%x: f32, %b: f32, %o: f32):\n"
                 "  %y = arith.subf %x, %b : f32\n"
                 f"  linalg.yield %y : f32\n}} -> {full_t}\n")
        text += _reduction("s", "%p", full, red, iters, red_t, "%rzero",
                           ["%y = arith.addf %x, %a : f32"]).replace(
                               "ins(%p : $t0)", f"ins(%p : {full_t})")
        final_ins = ["%p", "%s"]
        final_types = [full_t, red_t]
        final_maps = [full, red]
        body = ["%y = arith.mulf %v0, %v1 : f32"]
    elts = ["i1" if "xi1>" in t else "f32" for t in final_types]
    args = ", ".join([f"%v{i}: {e}" for i, e in enumerate(elts)]
                     + ["%o: f32"])
    text += (f"%r = linalg.generic {{indexing_maps = "
             f"[{', '.join(final_maps + [full])}],\n"
             f"    iterator_types = [{par_iters(rank)}]}}\n"
             f"    ins({', '.join(final_ins)} : {', '.join(final_types)}) "
             "outs($init : $out_t) {\n"
             f"^bb0({args}):\n"
             + "".join(f"  {line}\n" for line in body)
             + "  linalg.yield %y : f32\n} -> $out_t")
    if elt != "f32":
        # Every step reads the f32 copy; the cast is fused into each.
        full_f32 = ttype(shape)
        text = text.replace("$in0", "%xf").replace("$t0", full_f32)
        text = (f"%xempty = tensor.empty() : {full_f32}\n"
                f"%xf = linalg.generic {{indexing_maps = [{full}, {full}],\n"
                f"    iterator_types = [{par_iters(rank)}]}}\n"
                f"    ins($in0 : $t0) outs(%xempty : {full_f32}) {{\n"
                f"^bb0(%x: {elt}, %o: f32):\n"
                f"  %y = arith.extf %x : {elt} to f32\n"
                f"  linalg.yield %y : f32\n}} -> {full_f32}\n") + text
    desc = dict(shape=shape, reduced=reduced, variant=variant,
                keepdim=keepdim, elt=elt)
    return Case("rows", desc, [data(shape, 0, elt)], list(shape), "empty",
                text)


def make_full_reduce(data, shape, axes, combiner, mean):
    """A reduction over `axes` of `shape` that --roller-tile reshapes before
    scheduling it: every axis (a 0-d result, torch's x.sum() or x.max(),
    given a parallel loop of extent 1) or adjacent axes (the mean over H and
    W, whose loops become one). With `mean` the sum is divided by the
    number of elements it adds, by an op of its own as torch-mlir writes
    x.mean() (a 0-d op for a 0-d sum); the sum of integer data is exact, so
    the quotient is the reference's."""
    case = make_reduce(data, shape, axes, combiner)
    case.kind = "full_reduce"
    case.desc["mean"] = mean
    if not mean:
        return case
    count = 1
    for axis in axes:
        count *= shape[axis]
    rank = len(case.out_shape)
    same = ident_map(rank)
    case.op_text = (case.op_text.replace("%r = ", "%s = ", 1) +
                    "\n%e = tensor.empty() : $out_t\n"
                    f"%r = linalg.generic {{indexing_maps = [{same}, {same}], "
                    f"iterator_types = [{par_iters(rank)}]}}\n"
                    "    ins(%s : $out_t) outs(%e : $out_t) {\n"
                    "^bb0(%x: f32, %o: f32):\n"
                    f"  %n = arith.constant {float(count)} : f32\n"
                    "  %y = arith.divf %x, %n : f32\n"
                    "  linalg.yield %y : f32\n"
                    "} -> $out_t")
    return case
