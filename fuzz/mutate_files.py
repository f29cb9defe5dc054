"""Mutators of the files beside the IR: JSON device files, and the PTX and
launch descriptions roller-emu runs.

Device-file mutations work on the parsed JSON value where they can (missing
keys, wrong types, huge or NaN numbers, deep nesting) and on the bytes where
the point is that it does not parse (truncation, binary junk). Special files
(/dev/zero, a FIFO, a directory) stand in for the whole file.
"""

import json
import math
import re

# Keys a device file may set (docs/devices.md); a mutation may add any.
DEVICE_KEYS = ["base", "name", "chip", "sm_count", "warp_size", "clock_mhz",
               "max_threads_per_block", "max_threads_per_sm",
               "max_blocks_per_sm", "max_regs_per_thread", "regs_per_sm",
               "regs_per_block", "smem_per_block", "smem_per_sm",
               "smem_alloc_unit", "l2_bytes", "levels", "peaks"]
NUMBERS = [0, -1, 1, 3, 2**31, 2**53 + 1, 2**63 - 1, 2**64, 1e308, -1e308,
           0.5, float("nan"), float("inf")]
VALUES = [None, True, "x", "", [], {}, [1, 2], {"kind": "shared"}, 7,
          "h200", "a100", "no-such-base"]
SPECIAL_PATHS = ["/dev/zero", "/dev/null", "FIFO", "DIR", "MISSING"]


def _paths(value, prefix=()):
    yield prefix, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def _set(root, path, new):
    if not path:
        return new
    parent = root
    for p in path[:-1]:
        parent = parent[p]
    parent[path[-1]] = new
    return root


def _dump(value):
    # allow_nan writes NaN and Infinity, which JSON does not have.
    return json.dumps(value, indent=1, allow_nan=True)


def json_value(text, rng):
    """Returns (new text, mutation name) for one device-file mutation."""
    op = rng.choice(["delete", "type", "number", "add", "nest", "junk",
                     "truncate", "duplicate"])
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):  # deep nesting of an earlier step
        value = None
    if op in ("junk", "truncate") or not isinstance(value, dict):
        data = bytearray(text.encode())
        if op == "truncate" and data:
            return bytes(data[: rng.randrange(len(data))]), "json-truncate"
        for _ in range(rng.randint(1, 8)):
            pos = rng.randrange(len(data) + 1)
            data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        return bytes(data), "json-junk"
    paths = [p for p, _ in _paths(value) if p]
    if op == "delete" and paths:
        path = rng.choice(paths)
        parent = value
        for p in path[:-1]:
            parent = parent[p]
        del parent[path[-1]]
        return _dump(value), "json-delete"
    if op == "type" and paths:
        return _dump(_set(value, rng.choice(paths), rng.choice(VALUES))), "json-type"
    if op == "number":
        nums = [p for p, v in _paths(value) if p and isinstance(v, (int, float))
                and not isinstance(v, bool)]
        path = rng.choice(nums) if nums else (rng.choice(DEVICE_KEYS),)
        if len(path) == 1:
            value.setdefault(path[0], 0)
        return _dump(_set(value, path, rng.choice(NUMBERS))), "json-number"
    if op == "add":
        value[rng.choice(DEVICE_KEYS)] = rng.choice(NUMBERS + VALUES)
        return _dump(value), "json-add"
    if op == "nest":
        depth = rng.choice([10, 100, 1000, 50000])
        key = rng.choice(DEVICE_KEYS)
        return (_dump({k: v for k, v in value.items() if k != key})[:-1] +
                f', "{key}": ' + "[" * depth + "1" + "]" * depth + "}"), "json-nest"
    if op == "duplicate":
        key = rng.choice(DEVICE_KEYS)
        return _dump(value)[:-1] + f', "{key}": 1, "{key}": "x"}}', "json-duplicate"
    return _dump(value), "json-none"


def special_path(rng):
    return rng.choice(SPECIAL_PATHS)


PTX_INT = re.compile(r"(?<![\w%.])-?\d+(?![\w.])")


def ptx(text, rng):
    """An integer operand, a deleted or duplicated line, or a swapped
    register of a PTX kernel."""
    op = rng.randrange(3)
    if op == 0:
        nums = list(PTX_INT.finditer(text))
        if nums:
            n = rng.choice(nums)
            v = rng.choice([0, 1, -1, 3, 4096, 65535, 2**31, 2**32 + 1, 2**63 - 1])
            return text[:n.start()] + str(v) + text[n.end():], "ptx-int"
    ls = text.split("\n")
    i = rng.randrange(len(ls))
    if op == 1:
        if rng.random() < 0.5:
            del ls[i]
        else:
            ls.insert(i, ls[i])
        return "\n".join(ls), "ptx-line"
    regs = sorted(set(re.findall(r"%[a-z]+\d+", text)))
    if len(regs) >= 2:
        a, b = rng.sample(regs, 2)
        return re.sub(re.escape(a) + r"\b", b, text, count=1), "ptx-register"
    return text, "ptx-none"


def launch(text, rng):
    """A grid, block, shape, scalar or shared-memory size of a launch file."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return text, "launch-none"
    nums = [p for p, v in _paths(value) if p and isinstance(v, int)
            and not isinstance(v, bool)]
    if not nums:
        return text, "launch-none"
    path = rng.choice(nums)
    new = rng.choice([0, -1, 1, 7, 1025, 2**31, 2**62, 2**64, math.inf])
    return json.dumps(_set(value, path, new), allow_nan=True), "launch-int"
