"""Line-deletion delta debugging (ddmin) of a finding's main file.

A candidate is kept when running it gives the same class and key as the
original finding. The run budget bounds the time spent per finding.
"""

import time


def _chunks(lines, n):
    size = max(1, len(lines) // n)
    return [(i, min(i + size, len(lines))) for i in range(0, len(lines), size)]


def minimize(case, file_name, reproduces, time_budget):
    """Returns a copy of case whose file `file_name` has as few lines as
    ddmin finds within time_budget seconds; reproduces(case) -> bool."""
    data = case["files"][file_name]
    if not isinstance(data, str) or data in ("FIFO", "DIR", "MISSING"):
        return case
    deadline = time.monotonic() + time_budget
    lines = data.split("\n")
    n = 2

    def with_lines(ls):
        files = dict(case["files"])
        files[file_name] = "\n".join(ls)
        return dict(case, files=files)

    while len(lines) >= 2 and time.monotonic() < deadline:
        reduced = False
        for start, end in _chunks(lines, n):
            if time.monotonic() >= deadline:
                break
            candidate = lines[:start] + lines[end:]
            if candidate and reproduces(with_lines(candidate)):
                lines, n, reduced = candidate, max(n - 1, 2), True
                break
        if not reduced:
            if n >= len(lines):
                break
            n = min(len(lines), n * 2)
    return with_lines(lines)
