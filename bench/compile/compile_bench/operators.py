"""The operators of the chosen suites (bench/suite/gen_suite.py)."""

from .common import BenchError, gen_suite


def load_ops(suites, only):
    wanted = set(only) if only else None
    ops, seen = [], set()
    for suite in suites:
        for op in gen_suite.load_suite(suite):
            if wanted is not None and op["id"] not in wanted and op["sym"] not in wanted:
                continue
            op = dict(op, suite=suite)
            op["elt"] = gen_suite.DTYPES[op["row"]["dtype"]]
            ops.append(op)
            seen.update((op["id"], op["sym"]))
    if wanted is not None:
        unknown = sorted(wanted - seen)
        if unknown:
            raise BenchError("unknown operator id(s) in suites %s: %s"
                             % (",".join(suites), ", ".join(unknown)))
    if not ops:
        raise BenchError("no operators selected")
    return ops


def is_matmul(op):
    return op["type"] in ("matmul", "matmul_tensorcore")


def matmul_mnk(op):
    p = op["row"]["p"]
    return int(p["M"]), int(p["N"]), int(p["K"])
