#!/usr/bin/env python3
"""Padded cases for differential.py: an operator (any Case of
differential_ops.py) whose first input is a `tensor.pad` of a smaller
tensor, with random low and high padding (asymmetric, mostly on the spatial
axes) and a random padding value. --roller-tile keeps such pads and the
rPrograms read through them (staged inputs in their shared-memory copies,
others in the body); the reference computes the pad. Plain Python 3,
standard library only.
"""

import re

from differential_ops import Case, ttype

PAD_VALUES = ("0.0", "0.0", "-2.0", "3.0")


def make_padded(rng, data, anchor, spatial):
    """`anchor` with its input 0 the pad of a smaller tensor: on each axis a
    total padding of 0 to 3 (at most the axis size less one) split at random
    between low and high, on the `spatial` axes and now and then on others."""
    padded = anchor.ins[0]
    shape = padded.shape
    low, high = [], []
    for axis, size in enumerate(shape):
        total = 0
        if axis in spatial or rng.random() < 0.15:
            total = rng.randint(0, min(3, size - 1))
        first = rng.randint(0, total)
        low.append(first)
        high.append(total - first)
    if not any(low) and not any(high):  # nothing padded: pad the last axis
        axis = spatial[-1] if spatial else len(shape) - 1
        if shape[axis] > 1:
            low[axis] = 1
    source = [s - l - h for s, l, h in zip(shape, low, high)]
    value = rng.choice(PAD_VALUES)
    elt = padded.elt
    src_t, pad_t = ttype(source, elt), ttype(shape, elt)
    args = ", ".join(f"%p{axis}: index" for axis in range(len(shape)))
    lows = ", ".join(str(x) for x in low)
    highs = ", ".join(str(x) for x in high)
    text = (f"%pv = arith.constant {value} : {elt}\n"
            f"%pad = tensor.pad $in0 low[{lows}] high[{highs}] {{\n"
            f"^bb0({args}):\n"
            f"  tensor.yield %pv : {elt}\n"
            f"}} : {src_t} to {pad_t}\n")
    body = re.sub(r"\$in0\b", "%pad", anchor.op_text)
    body = re.sub(r"\$t0\b", pad_t, body)
    ins = [data(source, 0, elt)] + list(anchor.ins[1:])
    desc = dict(anchor=anchor.describe(), source=source, low=low, high=high,
                value=value)
    case = Case("padded", desc, ins, anchor.out_shape, anchor.init,
                text + body, fill=anchor.fill, out_elt=anchor.out_elt)
    return case
