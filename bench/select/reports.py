#!/usr/bin/env python3
"""Reading the per-op reports of --roller-select for bench/select/run.py and
mapping their records to the suite's operators.

A report has one JSON object per line, one per op: op, loc, supported,
reason, axes, block_tile, thread_tile, mma_tile, reduce_step, padding,
threads_per_block, grid, smem_bytes, regs_per_thread_est, predicted_us,
bottleneck, rounds, candidates_considered, select_us (the construction and the
choice of the attached config's launch order), block_group and, for staged
schedules, first_wave_tile_bytes ({row_major, chosen}: the distinct input
tile bytes of one reduction step the first wave of blocks reads). The
suite gives each operator's linalg op loc("<id>"), so the loc names the
operator. A file:line:col loc is mapped to the enclosing func.func instead.

Only the Python standard library is used.
"""

import json
import re

AUX_OPS = ("linalg.fill",)


class BenchError(Exception):
    """An error that ends the benchmark (exit 2) with its message."""


def read_report(path):
    records = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rec = json.loads(line)
            except ValueError as e:
                raise BenchError("%s:%d: not JSON: %s" % (path, lineno, e))
            if not isinstance(rec, dict):
                raise BenchError("%s:%d: not a JSON object" % (path, lineno))
            records.append(rec)
    if not records:
        raise BenchError("%s: empty report" % path)
    return records


def func_starts(mlir_path):
    """[(line, symbol)] of the func.func definitions, in file order."""
    starts = []
    pattern = re.compile(r"^\s*func\.func\s+(?:private\s+)?@([A-Za-z0-9_$.]+)")
    with open(mlir_path) as f:
        for lineno, line in enumerate(f, 1):
            m = pattern.match(line)
            if m:
                starts.append((lineno, m.group(1)))
    return starts


def enclosing_func(starts, line):
    found = None
    for start, sym in starts:
        if start > line:
            break
        found = sym
    return found


def resolve(rec, syms, starts):
    """(symbol, 'main'|'aux') for a report record, or (None, None)."""
    loc = str(rec.get("loc", ""))
    names = re.findall(r'"((?:[^"\\]|\\.)*)"', loc)
    for name in names:
        if name in syms:
            return name, "main"
    for name in names:
        base = name.split(".", 1)[0]
        if base in syms:
            return base, "aux"
    m = re.search(r'":(\d+):(\d+)', loc)
    if m:
        sym = enclosing_func(starts, int(m.group(1)))
        if sym in syms:
            return sym, ("aux" if rec.get("op") in AUX_OPS else "main")
    return None, None


def index_report(records, syms, starts, label, warnings):
    by_sym, aux, unmapped = {}, 0, 0
    for rec in records:
        sym, kind = resolve(rec, syms, starts)
        if sym is None:
            unmapped += 1
            continue
        if kind == "aux":
            aux += 1
            continue
        if sym in by_sym:
            warnings.append("%s report: more than one record for %s; keeping the first"
                            % (label, sym))
            continue
        by_sym[sym] = rec
    if aux:
        warnings.append("%s report: %d auxiliary op(s) (zero-fill inits) left out"
                        % (label, aux))
    if unmapped:
        warnings.append("%s report: %d record(s) whose loc names no operator of the suite"
                        % (label, unmapped))
    return by_sym
