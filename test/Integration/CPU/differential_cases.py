#!/usr/bin/env python3
"""Random cases for differential.py: the classes of operators it tests (the
CLASSES table and the opt-in OPT_IN_CLASSES, each with its share of the
cases) and their generators, which draw sizes, layouts, windows, element
types and initial values in the ranges the driver explores and build the
cases with differential_ops.py and its siblings (epilogues, pads, reshapes,
row chains). `generate` draws every case from one random.Random(seed), so
that a seed gives the same cases in the same order. Plain Python 3,
standard library only.
"""

import random

from differential_ops import (
    WIDE, Data, make_batch_matmul, make_bf16_matmul, make_conv,
    make_depthwise, make_elementwise, make_matmul, make_pool, make_reduce,
    out_size,
    make_reduce_generic, make_reduce_keepdim,
    make_scalar_operands, make_index_body, with_bf16_output)
from differential_epilogues import VARIANTS, make_epilogue
from differential_pads import make_padded
from differential_reshapes import VARIANTS as RESHAPES
from differential_reshapes import make_reshaped
from differential_rows import VARIANTS as ROWS
from differential_rows import make_full_reduce, make_rows

# Multiplies the upper bounds of the random sizes (differential.py --scale).
SCALE = 1.0


def pick(rng, lo, hi):
    """A random size in [lo, hi * SCALE]."""
    return rng.randint(lo, max(lo, int(hi * SCALE)))


def random_init(rng):
    return rng.choice(["zero", "zero", "data"])


def random_window(rng, max_spatial=12):
    """Kernel, strides, dilations and an input size they fit."""
    kh, kw = rng.randint(1, 3), rng.randint(1, 3)
    strides = (rng.randint(1, 2), rng.randint(1, 2))
    dilations = (rng.randint(1, 2), rng.randint(1, 2))
    h = pick(rng, dilations[0] * (kh - 1) + 1, max_spatial)
    w = pick(rng, dilations[1] * (kw - 1) + 1, max_spatial)
    return dict(h=h, w=w, kh=kh, kw=kw, strides=strides, dilations=dilations)


def gen_matmul(rng, data, elt="f32"):
    m, n, k = pick(rng, 1, 70), pick(rng, 1, 70), pick(rng, 1, 70)
    if rng.random() < 0.15:
        m = 1
    if rng.random() < 0.1:
        n = 1
    return make_matmul(data, m, n, k, rng.random() < 0.3, rng.random() < 0.3,
                       elt, random_init(rng))


def gen_batch_matmul(rng, data):
    return make_batch_matmul(data, pick(rng, 1, 4), pick(rng, 1, 40),
                             pick(rng, 1, 40), pick(rng, 1, 40),
                             random_init(rng))


def gen_conv(rng, data, layout, elt="f32"):
    return make_conv(data, layout, pick(rng, 1, 2), pick(rng, 1, 8),
                     pick(rng, 1, 8), elt=elt, init=random_init(rng),
                     **random_window(rng))


def gen_depthwise(rng, data):
    layout = "nchw" if rng.random() < 0.6 else "nhwc"
    return make_depthwise(data, layout, pick(rng, 1, 2), pick(rng, 1, 8),
                          init=random_init(rng), **random_window(rng))


def gen_pool(rng, data, combiner):
    layout = "nchw" if rng.random() < 0.6 else "nhwc"
    return make_pool(data, combiner, layout, pick(rng, 1, 2), pick(rng, 1, 8),
                     init=random_init(rng), **random_window(rng))


def gen_reduce(rng, data):
    rank = rng.randint(2, 4)
    bound = {2: 70, 3: 14, 4: 7}[rank]
    shape = [pick(rng, 1, bound) for _ in range(rank)]
    axes = sorted(rng.sample(range(rank), rng.randint(1, rank - 1)))
    return make_reduce(data, shape, axes, rng.choice(["addf", "maximumf"]),
                       random_init(rng))


def gen_reduce_keepdim(rng, data):
    rank = rng.randint(2, 4)
    bound = {2: 70, 3: 14, 4: 7}[rank]
    shape = [pick(rng, 1, bound) for _ in range(rank)]
    reduced = sorted(rng.sample(range(rank), rng.randint(1, rank - 1)))
    return make_reduce_keepdim(data, shape, reduced,
                               rng.choice(["addf", "maximumf"]),
                               random_init(rng))


def gen_scalar_operands(rng, data):
    rank = rng.randint(1, 3)
    bound = {1: 1000, 2: 70, 3: 16}[rank]
    return make_scalar_operands(data, [pick(rng, 1, bound)
                                       for _ in range(rank)])


def gen_index_body(rng, data):
    rank = rng.randint(1, 3)
    bound = {1: 1000, 2: 70, 3: 16}[rank]
    return make_index_body(data, [pick(rng, 1, bound) for _ in range(rank)])


def gen_reduce_generic(rng, data):
    rank = rng.randint(2, 3)
    bound = {2: 40, 3: 14}[rank]
    shape = [pick(rng, 1, bound) for _ in range(rank)]
    reduced = sorted(rng.sample(range(rank), rng.randint(1, rank - 1)))
    out_dims = [d for d in range(rank) if d not in reduced]
    rng.shuffle(out_dims)
    combiner = rng.choice(["maximumf", "maximumf", "addf"])
    return make_reduce_generic(data, shape, reduced, out_dims, combiner,
                               random_init(rng))


def gen_elementwise(rng, data):
    variant = rng.choice(["relu", "add", "map", "transpose", "bias"])
    low = 2 if variant in ("transpose", "bias") else 1
    rank = rng.randint(low, 3)
    bound = {1: 1000, 2: 70, 3: 16}[rank]
    shape = [pick(rng, 1, bound) for _ in range(rank)]
    perm = None
    if variant == "transpose":
        perm = list(range(rank))
        while perm == list(range(rank)):
            rng.shuffle(perm)
    return make_elementwise(data, variant, shape, perm)


def gen_epilogue(rng, data):
    """An operator of a random class (f32, f16 or bf16 inputs, tensor-core
    GEMMs of irregular shape among them) and an elementwise consumer of its
    result, fused as its epilogue."""
    anchors = [gen_matmul, gen_batch_matmul,
               lambda r, d: gen_conv(r, d, r.choice(["nchw", "nhwc"])),
               gen_depthwise, lambda r, d: gen_pool(r, d, "max"),
               lambda r, d: gen_pool(r, d, "sum"), gen_reduce,
               gen_reduce_keepdim, lambda r, d: gen_matmul(r, d, "f16"),
               gen_matmul_mma]
    anchor = rng.choice(anchors)(rng, data)
    return make_epilogue(data, anchor, rng.choice(VARIANTS))


def gen_padded(rng, data):
    """An operator reading its first input through a tensor.pad: convolutions
    (f32 and f16), depthwise convolutions and pooling (staged inputs, padded
    on the spatial axes), f16 matmuls (on tensor cores when 16 divides
    their reduction), f32 matmuls and
    elementwise ops (inputs often read straight into registers)."""
    def conv(r, d):
        layout = r.choice(["nchw", "nhwc"])
        spatial = [2, 3] if layout == "nchw" else [1, 2]
        return gen_conv(r, d, layout), spatial

    def spatial_of(case):
        nhwc = "nhwc" in case.desc.get("op", "")
        return [1, 2] if nhwc else [2, 3]

    anchors = [
        conv,
        lambda r, d: (gen_conv(r, d, "nchw", "f16"), [2, 3]),
        lambda r, d: (lambda c: (c, spatial_of(c)))(gen_depthwise(r, d)),
        lambda r, d: (lambda c: (c, spatial_of(c)))(gen_pool(r, d, "max")),
        lambda r, d: (lambda c: (c, spatial_of(c)))(gen_pool(r, d, "sum")),
        lambda r, d: (gen_matmul(r, d, "f16"), [0, 1]),
        # Multiples of 16: on tensor cores.
        lambda r, d: (make_matmul(d, *(16 * r.randint(1, 4) for _ in "mnk"),
                                  False, r.random() < 0.5, "f16",
                                  random_init(r)), [0, 1]),
        lambda r, d: (gen_matmul(r, d), [0, 1]),
        lambda r, d: (gen_elementwise(r, d), [0]),
    ]
    anchor, spatial = rng.choice(anchors)(rng, data)
    return make_padded(rng, data, anchor, spatial)


def gen_reshaped(rng, data):
    """A matmul (f32, or f16 with f32 results) or batch matmul with its
    result expanded before an elementwise consumer, with its second operand
    a linalg.transpose, or with its operands scaled by a constant
    (differential_reshapes.py)."""
    anchor = rng.choice([gen_matmul, gen_batch_matmul,
                         lambda r, d: gen_matmul(r, d, "f16")])(rng, data)
    return make_reshaped(rng, data, anchor, rng.choice(RESHAPES))


def gen_rows(rng, data):
    """Softmax- and LayerNorm-shaped chains of reductions and elementwise
    ops (differential_rows.py), reduced over random axes, with or without
    kept unit dimensions, on f32, f16 or bf16 inputs."""
    rank = rng.randint(2, 3)
    bound = {2: 70, 3: 14}[rank]
    shape = [pick(rng, 1, bound) for _ in range(rank)]
    reduced = sorted(rng.sample(range(rank), rng.randint(1, rank - 1)))
    return make_rows(data, shape, reduced, rng.choice(ROWS),
                     rng.random() < 0.5,
                     rng.choice(["f32", "f32", "f16", "bf16"]))


def gen_long_rows(rng, data):
    """The row chains of gen_rows on few, long rows (softmax over a
    sequence, LayerNorm over a hidden size): the innermost reduced axis is
    64 to 1200 long, irregular, so that the selection splits it over the
    threads of a block (reduce_threads) and the partial results are
    combined (warp shuffles on the GPU path)."""
    rank = rng.randint(2, 3)
    shape = [pick(rng, 1, 6) for _ in range(rank - 1)] + \
        [pick(rng, 64, 1200)]
    reduced = [rank - 1] if rank == 2 or rng.random() < 0.6 else \
        [rank - 2, rank - 1]
    case = make_rows(data, shape, reduced, rng.choice(ROWS),
                     rng.random() < 0.5,
                     rng.choice(["f32", "f32", "f16", "bf16"]))
    case.kind = "long_rows"
    return case


def gen_matmul_mma(rng, data):
    """A GEMM or batch GEMM on f16 or bf16 inputs whose m, n and k are
    irregular: tensor cores in the boundary blocks and in the partial last
    reduction step too (zero-padded shared tiles, masked accumulators), A and
    B in either major order; one case in five has an m, n or k below the MMA
    shape (16, 8, 16), one zero-padded MMA tile along it (an m, n or k of 1
    stays on the CUDA cores). The reduction is a multiple
    of 8 (16-byte rows) four times in five, any size otherwise."""
    m, n = pick(rng, 16, 100), pick(rng, 8, 100)
    k = 8 * rng.randint(2, 12) if rng.random() < 0.8 else pick(rng, 17, 100)
    small = rng.random()
    if small < 0.07:
        m = pick(rng, 1, 15)
    elif small < 0.14:
        n = pick(rng, 1, 7)
    elif small < 0.2:
        k = rng.choice([8, pick(rng, 1, 15)])
    elt = rng.choice(["f16", "f16", "bf16"])
    if rng.random() < 0.3:
        case = make_batch_matmul(data, pick(rng, 1, 3), m, n, k,
                                 random_init(rng), elt)
    else:
        case = make_matmul(data, m, n, k, rng.random() < 0.4,
                           rng.random() < 0.4, elt, random_init(rng))
    case.kind = "matmul_mma"
    return case


def gen_matmul_bf16_out(rng, data):
    """A GEMM of bf16 inputs into a bf16 output, which Roller sums in f32
    (on tensor cores) and rounds to bf16 once, in the kernel's epilogue: m,
    n and k irregular, one case in four with an m or n below the MMA shape.
    The reduction is at most 28, so that every partial sum of the inputs'
    small integers (|x| <= 3) is exact in bf16 too (at most 256), and the
    reference, which rounds each step, gives the same values."""
    m, n, k = pick(rng, 16, 100), pick(rng, 8, 100), pick(rng, 2, 28)
    if rng.random() < 0.25:
        if rng.random() < 0.5:
            m = pick(rng, 2, 15)
        else:
            n = pick(rng, 2, 7)
    init = "zero" if rng.random() < 0.7 else "data"
    return make_bf16_matmul(data, m, n, k, rng.random() < 0.3,
                            rng.random() < 0.3, init)


def gen_conv_1x1(rng, data):
    """A 1x1 convolution of f16 or bf16 inputs into f32 (a GEMM: with unit
    strides, NHWC at any batch and NCHW at a batch of 1 become matmuls on
    tensor cores), irregular channels and pixels, one case in five with a
    stride of 2 and one in five NCHW with a batch of 2 (both implicit GEMMs,
    roller-conv-to-implicit-gemm)."""
    layout = "nhwc" if rng.random() < 0.6 else "nchw"
    n = pick(rng, 1, 3) if layout == "nhwc" else 1
    if layout == "nchw" and rng.random() < 0.2:
        n = 2
    strides = (2, 2) if rng.random() < 0.2 else (1, 1)
    case = make_conv(data, layout, n, pick(rng, 2, 80), pick(rng, 2, 80),
                     pick(rng, 2, 20), pick(rng, 2, 20), 1, 1, strides,
                     elt=rng.choice(["f16", "bf16"]), init=random_init(rng))
    case.kind = "conv_1x1"
    return case


def pick_conv_layout_and_batch(rng):
    """NHWC (three times in five) at a batch of 1-3, or NCHW at a batch of
    1, one NCHW case in five at a batch of 2."""
    layout = "nhwc" if rng.random() < 0.6 else "nchw"
    n = pick(rng, 1, 3) if layout == "nhwc" else 1
    if layout == "nchw" and rng.random() < 0.2:
        n = 2
    return layout, n


def output_pixels(window):
    """The output pixels of a random_window."""
    return out_size(window["h"], window["kh"], window["strides"][0],
                    window["dilations"][0]) * \
        out_size(window["w"], window["kw"], window["strides"][1],
                 window["dilations"][1])


def gen_conv_implicit_gemm(rng, data):
    """A convolution of f16 or bf16 inputs into f32 with any window, strides
    and dilations (roller-conv-to-implicit-gemm: a matmul of its gathered
    patches, on tensor cores): NHWC at batches 1-3, NCHW at a batch of 1,
    irregular channels and pixels, GEMM extents of at least 2 (extents of 1
    stay on the CUDA cores, as matmul_mma checks); one case in three reads
    its input through a tensor.pad (the gather reads through the pad), one
    NCHW case in five has a batch of 2 (the matmul's result transposed back
    to NCHW), one case in six has 4x4 pixels, a 3x3 window and 256-512
    channels (a reduction the selection splits across blocks)."""
    layout, n = pick_conv_layout_and_batch(rng)
    while True:
        window = random_window(rng, 16)
        if output_pixels(window) >= 2:
            break
    channels = pick(rng, 2, 40)
    # One case in six: few pixels over a long reduction, which the
    # selection splits across blocks (the slices gather their patches too).
    if rng.random() < 1 / 6:
        channels = 64 * rng.randint(4, 8)
        window = dict(h=4, w=4, kh=3, kw=3, strides=(1, 1), dilations=(1, 1))
    case = make_conv(data, layout, n, channels, pick(rng, 2, 40),
                     elt=rng.choice(["f16", "bf16"]), init=random_init(rng),
                     **window)
    case.desc["layout"] = layout
    if rng.random() < 1 / 3:
        case = make_padded(rng, data, case,
                           [1, 2] if layout == "nhwc" else [2, 3])
    case.kind = "conv_implicit_gemm"
    return case


def gen_conv_bf16_out(rng, data):
    """A convolution of bf16 inputs into a bf16 output (summed in bf16 as
    written): roller-conv-to-implicit-gemm makes it a matmul of its gathered
    patches and roller-widen-bf16-accumulators sums that in f32, on tensor
    cores, rounding once in the epilogue (1x1 ones: the pointwise rewrite).
    NHWC at batches 1-3, NCHW at a batch of 1 (one NCHW case in five has a
    batch of 2), any
    window; one case in three read through a tensor.pad. The reduction
    C*KH*KW is at most 28 so that every partial sum of the small integer
    inputs is exact in bf16 and the reference, which rounds each step,
    agrees (as matmul_bf16_out)."""
    layout, n = pick_conv_layout_and_batch(rng)
    while True:
        window = random_window(rng, 12)
        channels = pick(rng, 1, 28 // (window["kh"] * window["kw"]))
        if output_pixels(window) >= 2 and \
                channels * window["kh"] * window["kw"] >= 2:
            break
    case = make_conv(data, layout, n, channels, pick(rng, 2, 40), elt="bf16",
                     init=random_init(rng), **window)
    case.desc["layout"] = layout
    if rng.random() < 1 / 3:
        case = make_padded(rng, data, case,
                           [1, 2] if layout == "nhwc" else [2, 3])
    case = with_bf16_output(case)
    case.kind = "conv_bf16_out"
    return case


def gen_split_k(rng, data):
    """Few outputs over a long reduction, so that the selection splits the
    reduction across blocks (upstream's linalg::splitReduction: partial
    results, then their combine): matmuls in f32, f16 or bf16 (the partial
    products on tensor cores), batch matmuls, and column or row reductions.
    The reduction is a multiple of 64 (powers of two up to 64 divide it)."""
    k = 64 * rng.randint(24, 96)
    shape = rng.random()
    if shape < 0.5:
        elt = rng.choice(["f32", "f32", "f16", "bf16"])
        m, n = pick(rng, 16 if elt != "f32" else 1, 64), \
            pick(rng, 8 if elt != "f32" else 1, 64)
        case = make_matmul(data, m, n, k, rng.random() < 0.3,
                           rng.random() < 0.3, elt, random_init(rng))
    elif shape < 0.65:
        case = make_batch_matmul(data, pick(rng, 1, 3), pick(rng, 1, 32),
                                 pick(rng, 1, 32), k, random_init(rng))
    else:
        rows = pick(rng, 1, 64)
        column = rng.random() < 0.5
        case = make_reduce(data, [k, rows] if column else [rows, k],
                           [0] if column else [1],
                           rng.choice(["addf", "maximumf"]),
                           random_init(rng))
    case.kind = "split_k"
    return case


def gen_full_reduce(rng, data):
    """Reductions the selection schedules only once --roller-tile reshapes
    them: sums and maxima of every element (rank 1 to 3, up to tens of
    thousands of elements, so that the longer ones are split across
    blocks), or over the adjacent trailing axes of a rank-3 or NCHW tensor;
    half of the sums divided by their count afterwards (a mean)."""
    combiner = rng.choice(["addf", "addf", "maximumf"])
    if rng.random() < 0.5:
        rank = rng.randint(1, 3)
        bound = {1: 20000, 2: 150, 3: 30}[rank]
        shape = [pick(rng, 1, bound) for _ in range(rank)]
        axes = list(range(rank))
    else:
        rank = rng.randint(3, 4)
        shape = [pick(rng, 1, 4), pick(rng, 1, 24)] + \
            [pick(rng, 1, 40) for _ in range(rank - 2)]
        axes = list(range(rank - 2 if rank == 4 else 1, rank))
    mean = combiner == "addf" and rng.random() < 0.5
    return make_full_reduce(data, shape, axes, combiner, mean)


# (class, weight, generator): weights are the share of the cases.
CLASSES = [
    ("matmul", 60, gen_matmul),
    ("batch_matmul", 20, gen_batch_matmul),
    ("conv_nchw", 30, lambda r, d: gen_conv(r, d, "nchw")),
    ("conv_nhwc", 30, lambda r, d: gen_conv(r, d, "nhwc")),
    ("depthwise", 25, gen_depthwise),
    ("pool_sum", 20, lambda r, d: gen_pool(r, d, "sum")),
    ("pool_max", 20, lambda r, d: gen_pool(r, d, "max")),
    ("reduce", 25, gen_reduce),
    ("reduce_generic", 15, gen_reduce_generic),
    ("reduce_keepdim", 15, gen_reduce_keepdim),
    ("scalar_operands", 10, gen_scalar_operands),
    ("index_body", 10, gen_index_body),
    ("elementwise", 30, gen_elementwise),
    ("matmul_f16", 13, lambda r, d: gen_matmul(r, d, "f16")),
    ("matmul_mma", 20, gen_matmul_mma),
    ("conv_nchw_f16", 12, lambda r, d: gen_conv(r, d, "nchw", "f16")),
    ("epilogue", 40, gen_epilogue),
    ("padded", 30, gen_padded),
    ("reshaped", 25, gen_reshaped),
    ("rows", 20, gen_rows),
    ("long_rows", 10, gen_long_rows),
    ("split_k", 10, gen_split_k),
]


# Classes generated only when --only names them, so that adding one leaves
# every seed's cases of the others as they were.
OPT_IN_CLASSES = [
    ("matmul_bf16_out", 20, gen_matmul_bf16_out),
    ("conv_1x1", 20, gen_conv_1x1),
    ("conv_implicit_gemm", 20, gen_conv_implicit_gemm),
    ("conv_bf16_out", 20, gen_conv_bf16_out),
    ("full_reduce", 20, gen_full_reduce),
]


def generate(seed, count, opt_in=()):
    """count cases, the classes (with those of OPT_IN_CLASSES named in
    opt_in) in proportion to their weights, shuffled; the same seed gives
    the same cases."""
    rng = random.Random(seed)

    def data(shape, role=0, elt="f32"):
        return Data(rng, shape, elt, wide=role == WIDE)

    classes = CLASSES + [c for c in OPT_IN_CLASSES if c[0] in opt_in]
    total = sum(w for _, w, _ in classes)
    kinds = []
    for _, weight, gen in classes:
        kinds += [gen] * max(1, round(count * weight / total))
    rng.shuffle(kinds)
    kinds = (kinds * (count // max(1, len(kinds)) + 1))[:count]
    cases = []
    for gen in kinds:
        case = gen(rng, data)
        if case.init == "data":
            case.data_init = Data(rng, case.out_shape, case.out_elt)
        cases.append(case)
    return cases
