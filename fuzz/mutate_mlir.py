"""Mutators of MLIR text that keep the input mostly parseable.

Each mutator takes (text, rng) and returns the mutated text, or None when the
text has nothing it applies to. They edit the textual form with regular
expressions (no MLIR parser in Python): shapes, element types, indexing maps,
iterator types, strides and dilations, #roller.config and #roller.device
fields. To add one, write a function here and list it in MUTATORS with a
weight; docs/fuzzing.md says more.
"""

import re

# Values that break arithmetic: zero, one, primes, powers of two around the
# 32- and 64-bit limits, negatives.
INTERESTING_INTS = [0, 1, 2, 3, 7, 13, 31, 33, 127, 1009, 65537, 1000003,
                    2**31 - 1, 2**31, 2**32 + 1, 2**48, 2**62, 2**63 - 1, -1,
                    -(2**31)]
DIMS = [0, 1, 2, 3, 7, 13, 127, 1009, 65537, 2**31 - 1, 2**31, 2**32 + 1,
        2**62, "?"]
DTYPES = ["f16", "bf16", "f32", "f64", "i8", "i32", "i64", "i1", "f8E4M3FN",
          "index"]

SHAPED = re.compile(r"\b(tensor|memref|vector)<([^<>]*?)>")
INT = re.compile(r"(?<![\w.#%@])-?\d+(?![\w.])")
AFFINE = re.compile(r"affine_map<\(([^)]*)\)\s*->\s*\(([^)]*)\)>")
ITER = re.compile(r'"(parallel|reduction)"|#linalg\.iterator_type<(\w+)>')
WINDOW = re.compile(r"\b(strides|dilations)\s*=\s*dense<([^>]*)>")
ELEMENT = re.compile(r"\b(f16|bf16|f32|f64|i8|i16|i32|i64)\b")


def _pick(rng, matches):
    return rng.choice(matches) if matches else None


def _replace_span(text, start, end, new):
    return text[:start] + new + text[end:]


def _attr_span(text, prefix, rng):
    """(start, end) of one `prefix<...>` attribute, brackets balanced."""
    starts = [m.start() for m in re.finditer(re.escape(prefix) + "<", text)]
    if not starts:
        return None
    start = rng.choice(starts)
    depth, i = 0, start + len(prefix)
    while i < len(text):
        if text[i] == "<":
            depth += 1
        elif text[i] == ">" and text[i - 1] != "-":
            depth -= 1
            if depth == 0:
                return start, i + 1
        i += 1
    return None


def dim_one(text, rng):
    """One dimension of one shaped type (usually a verifier error)."""
    m = _pick(rng, list(SHAPED.finditer(text)))
    if not m:
        return None
    parts = m.group(2).split("x")
    idx = [i for i, p in enumerate(parts) if re.fullmatch(r"\d+|\?", p.strip())]
    if not idx:
        return None
    parts[rng.choice(idx)] = str(rng.choice(DIMS))
    return _replace_span(text, m.start(2), m.end(2), "x".join(parts))


def dim_all(text, rng):
    """Every occurrence of one dimension value, in every shape (consistent)."""
    sizes = set()
    for m in SHAPED.finditer(text):
        sizes.update(p for p in m.group(2).split("x") if p.isdigit())
    if not sizes:
        return None
    old, new = rng.choice(sorted(sizes)), str(rng.choice(DIMS))

    def fix(m):
        parts = [new if p == old else p for p in m.group(2).split("x")]
        return f"{m.group(1)}<{'x'.join(parts)}>"
    return SHAPED.sub(fix, text)


def dtype(text, rng):
    """One element type replaced everywhere (types, constants, bodies)."""
    found = sorted(set(ELEMENT.findall(text)))
    if not found:
        return None
    old = rng.choice(found)
    new = rng.choice([t for t in DTYPES if t != old])
    return re.sub(rf"\b{old}\b", new, text)


def _map_expr(rng, dims):
    d = rng.choice(dims) if dims else "0"
    e = rng.choice(dims) if dims else "0"
    return rng.choice([d, "0", "1", f"{d} + {e}", f"{d} * 2", f"{d} floordiv 2",
                       f"{d} mod 3", f"{d} * {2**40}", f"-{d}"])


def indexing_map(text, rng):
    """A result of an affine map: another dim, a constant, an expression,
    dropped or duplicated."""
    m = _pick(rng, list(AFFINE.finditer(text)))
    if not m:
        return None
    dims = [d.strip() for d in m.group(1).split(",") if d.strip()]
    results = [r.strip() for r in m.group(2).split(",") if r.strip()]
    op = rng.randrange(4)
    if op == 0 and results:
        results[rng.randrange(len(results))] = _map_expr(rng, dims)
    elif op == 1 and results:
        results.pop(rng.randrange(len(results)))
    elif op == 2:
        results.insert(rng.randrange(len(results) + 1), _map_expr(rng, dims))
    else:
        rng.shuffle(results)
    return _replace_span(text, m.start(2), m.end(2), ", ".join(results))


def iterator_type(text, rng):
    """parallel <-> reduction in one iterator position."""
    m = _pick(rng, list(ITER.finditer(text)))
    if not m:
        return None
    word = m.group(1) or m.group(2)
    other = "reduction" if word == "parallel" else "parallel"
    return _replace_span(text, m.start(), m.end(), m.group(0).replace(word, other))


def window(text, rng):
    """An entry of strides or dilations."""
    m = _pick(rng, list(WINDOW.finditer(text)))
    if not m:
        return None
    body = m.group(2)
    nums = list(INT.finditer(body))
    if not nums:
        return None
    n = rng.choice(nums)
    v = str(rng.choice([0, -1, 2, 3, 7, 2**31, 2**62]))
    body = _replace_span(body, n.start(), n.end(), v)
    return _replace_span(text, m.start(2), m.end(2), body)


def _attr_int(text, rng, prefix):
    span = _attr_span(text, prefix, rng)
    if not span:
        return None
    body = text[span[0]:span[1]]
    nums = list(INT.finditer(body))
    if not nums:
        return None
    n = rng.choice(nums)
    body = _replace_span(body, n.start(), n.end(), str(rng.choice(INTERESTING_INTS)))
    return text[:span[0]] + body + text[span[1]:]


def config_field(text, rng):
    """An integer of a #roller.config: tile entry, padding, stages, threads,
    grid, vector width."""
    return _attr_int(text, rng, "#roller.config")


def config_list(text, rng):
    """A list of a #roller.config gains or loses an entry."""
    span = _attr_span(text, "#roller.config", rng)
    if not span:
        return None
    body = text[span[0]:span[1]]
    lists = list(re.finditer(r"\[([^\[\]]*)\]", body))
    if not lists:
        return None
    m = rng.choice(lists)
    items = [x.strip() for x in m.group(1).split(",") if x.strip()]
    if items and rng.random() < 0.5:
        items.pop(rng.randrange(len(items)))
    else:
        items.append(str(rng.choice(INTERESTING_INTS)))
    body = _replace_span(body, m.start(1), m.end(1), ", ".join(items))
    return text[:span[0]] + body + text[span[1]:]


def add_config(text, rng):
    """A user #roller.config on a linalg op that had none (tile ranks 1-3)."""
    ops = list(re.finditer(r"\blinalg\.(matmul|add|generic|batch_matmul|"
                           r"conv_2d_nhwc_hwcf|exp|fill)\b", text))
    if not ops:
        return None
    op = rng.choice(ops)
    rank = rng.randint(1, 4)

    def ints(n, choices):
        return ", ".join(str(rng.choice(choices)) for _ in range(n))
    tiles = [1, 4, 16, 32, 64, 128, 1024, 2**31, 2**62]
    cfg = (f"#roller.config<block = #roller.rtile<shared, [{ints(rank, tiles)}]>, "
           f"thread = #roller.rtile<register, [{ints(rank, [1, 2, 4, 64])}]>, "
           f"padding = [{ints(rng.randint(0, 3), [0, 1, 8, 2**62])}], "
           f"vector_width = {rng.choice([1, 4, 3, 0])}, "
           f"stages = {rng.choice([1, 2, 3, 64, 2**63 - 1])}, "
           f"threads = {rng.choice([32, 128, 1024, 0])}, "
           f"grid = [{ints(rng.randint(1, 2), [1, 16, 2**31])}], "
           f"predicted_us = 1.0, bottleneck = compute>")
    after = text[op.end():]
    if after.lstrip().startswith("{"):
        brace = op.end() + after.index("{") + 1
        return text[:brace] + f"roller.config = {cfg}, " + text[brace:]
    return text[:op.end()] + f" {{roller.config = {cfg}}}" + text[op.end():]


def device_field(text, rng):
    """A number of a #roller.device (integers, or a float made huge, zero,
    negative or NaN)."""
    span = _attr_span(text, "#roller.device", rng)
    if not span:
        return None
    body = text[span[0]:span[1]]
    floats = list(re.finditer(r"(?<=[= ])\d+\.\d+(e[+-]?\d+)?", body))
    if floats and rng.random() < 0.4:
        f = rng.choice(floats)
        v = rng.choice(["0.0", "-1.0", "1.0e308", "1.0e-308", "0x7FC00000"])
        body = _replace_span(body, f.start(), f.end(), v)
        return text[:span[0]] + body + text[span[1]:]
    return _attr_int(text, rng, "#roller.device")


def any_int(text, rng):
    """Any integer literal (attributes, constants, shapes)."""
    nums = list(INT.finditer(text))
    if not nums:
        return None
    n = rng.choice(nums)
    return _replace_span(text, n.start(), n.end(), str(rng.choice(INTERESTING_INTS)))


def lines(text, rng):
    """Delete, duplicate or swap lines (structure, mostly parse errors)."""
    ls = text.split("\n")
    if len(ls) < 3:
        return None
    i = rng.randrange(len(ls) - 1)
    op = rng.randrange(3)
    if op == 0:
        del ls[i]
    elif op == 1:
        ls.insert(i, ls[i])
    else:
        ls[i], ls[i + 1] = ls[i + 1], ls[i]
    return "\n".join(ls)


# (mutator, weight): the weights favour edits that keep the input valid.
MUTATORS = [(dim_one, 3), (dim_all, 6), (dtype, 3), (indexing_map, 3),
            (iterator_type, 2), (window, 2), (config_field, 4),
            (config_list, 2), (add_config, 3), (device_field, 3),
            (any_int, 2), (lines, 1)]


def mutate(text, rng, count):
    """Applies up to `count` mutators; returns (text, [names applied])."""
    names = []
    fns = [f for f, _ in MUTATORS]
    weights = [w for _, w in MUTATORS]
    for _ in range(count * 4):
        if len(names) == count:
            break
        fn = rng.choices(fns, weights)[0]
        new = fn(text, rng)
        if new is not None and new != text:
            text, names = new, names + [fn.__name__]
    return text, names
