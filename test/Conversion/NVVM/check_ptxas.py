#!/usr/bin/env python3
"""Runs ptxas -v on every .ptx file of a folder and checks that each kernel
assembles with no spills and no stack frame. Prints one summary line:
`<n> kernels, <m> failing` and the failures, and exits 1 on any failure."""
import pathlib
import subprocess
import sys

ptxas, arch, folder = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
files = sorted(folder.glob("*.ptx"))
failing = []
for ptx in files:
    run = subprocess.run([ptxas, f"-arch={arch}", "-v", "--warn-on-spills",
                          str(ptx), "-o", "/dev/null"],
                         capture_output=True, text=True)
    log = run.stdout + run.stderr
    clean = ("0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads"
             in log)
    if run.returncode != 0 or not clean or "warning" in log:
        failing.append((ptx.name, log.strip().splitlines()[:3]))
print(f"{len(files)} kernels, {len(failing)} failing")
for name, lines in failing:
    print(f"FAIL {name}: " + " | ".join(lines))
sys.exit(1 if failing or not files else 0)
