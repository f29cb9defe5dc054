"""Running a compiler: its wall and CPU time, its --mlir-timing report, the
reason it failed, and what its PTX holds."""

import json
import re
import resource
import subprocess
import time

from .common import BenchError

TIMING_FLAGS = ["--mlir-timing", "--mlir-timing-display=list", "--mlir-output-format=json"]


class Result(object):
    def __init__(self, rc, stdout, stderr, wall, cpu, timed_out=False):
        self.rc, self.stdout, self.stderr = rc, stdout, stderr
        self.wall, self.cpu, self.timed_out = wall, cpu, timed_out


def run_process(cmd, timeout, env=None):
    """Runs cmd; returns a Result with its wall and CPU (user+sys) seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired as e:
        return Result(None, "", str(e.stderr or ""), time.perf_counter() - start, None, True)
    except OSError as e:
        raise BenchError("cannot run %s: %s" % (cmd[0], e))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Result(proc.returncode, proc.stdout, proc.stderr, wall, cpu)


def parse_timing(text):
    """(pipeline wall seconds, {entry name: wall seconds}) of an MLIR --mlir-timing
    JSON list report in text, or None.

    The report is the last JSON array in the text (diagnostics come before it).
    Its Total covers the parser and the output too; those are subtracted.
    """
    starts = [m.start() for m in re.finditer(r"^\[$", text, re.M)]
    if not starts:
        return None
    start = starts[-1]
    end = text.find("\n]", start)
    if end < 0:
        return None
    try:
        entries = json.loads(text[start:end + 2])
    except ValueError:
        return None
    wall = {}
    for e in entries:
        if isinstance(e, dict) and isinstance(e.get("wall"), dict):
            wall.setdefault(e.get("name"), e["wall"].get("duration"))
    total = wall.get("Total", wall.get("root"))
    if not isinstance(total, (int, float)):
        return None
    pipeline = total - (wall.get("Parser") or 0.0) - (wall.get("Output") or 0.0)
    return pipeline, wall


def pass_ms(walls, names):
    """The summed wall ms of the named passes, or None if one is missing."""
    values = [walls.get(n) for n in names]
    if any(not isinstance(v, (int, float)) for v in values):
        return None
    return sum(values) * 1e3


def failure_reason(result, tool):
    if result.timed_out:
        return "%s timed out" % tool
    lines = [l.strip() for l in result.stderr.splitlines() if l.strip()]
    for line in lines:
        m = re.search(r"\berror: (.*)", line)
        if m:
            return squash(re.sub(r'^loc\("[^"]*"\):\s*', "", m.group(1)))
    for line in lines:
        if not line.startswith("[") and not line.startswith("{"):
            return squash("exit %s: %s" % (result.rc, line))
    return "exit %s (nothing on stderr)" % result.rc


def squash(text, limit=160):
    text = re.sub(r"\s+", " ", text).strip()
    text = text.replace(",", ";")  # keeps the reason one CSV-friendly phrase
    return text if len(text) <= limit else text[:limit - 3] + "..."


def ptx_threads(path):
    """Threads per block of the first .maxntid in a PTX file."""
    with open(path) as f:
        for line in f:
            m = re.match(r"^\s*\.maxntid\s+(\d+)(?:,\s*(\d+))?(?:,\s*(\d+))?", line)
            if m:
                n = 1
                for g in m.groups():
                    n *= int(g) if g else 1
                return n
    return None


def count_entries(path):
    with open(path) as f:
        return sum(1 for line in f if re.match(r"^\s*(\.visible\s+|\.weak\s+)?\.entry\s", line))
