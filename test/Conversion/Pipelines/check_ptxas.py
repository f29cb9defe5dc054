#!/usr/bin/env python3
"""Runs ptxas -v on every .ptx file of a folder and checks that each kernel
assembles with no spills and no stack frame. Prints one summary line:
`<n> kernels, <m> failing` and the failures, and exits 1 on any failure.

With `--report FILE` (the selection report of --roller-tile, one JSON object
per operator with its `func`; needs `--device`), it also compares each
kernel's registers with the occupancy the model assumed: the blocks per SM
the registers ptxas uses leave room for (the device's `regs_per_sm`, split
over its `warp_schedulers_per_sm` sub-partitions, allocated per warp in
units of `reg_alloc_unit`, as cuda_occupancy.h does) against the model's
`blocks_per_sm`, or the `ceil(blocks / sm_count)` a smaller grid puts on an
SM (what the kernel's `.maxnreg` keeps), and prints
`registers: <k> of <n> kernels within the model's occupancy` and the others
(ptxas registers, the model's estimate, blocks by registers vs the model's).
That line is informational: the exit status is the spill check's.

With `--device FILE` (IR carrying the `#roller.device`, as
`roller-opt --roller-attach-device` prints it), each kernel's shared memory
(ptxas's static `.shared` plus the dynamic bytes its launch asks for in the
folder's `*.launch.json`) must stay within the device's `smem_per_block`; a
kernel over it fails like a spill."""
import argparse
import json
import math
import pathlib
import re
import subprocess
import sys

ap = argparse.ArgumentParser()
ap.add_argument("ptxas")
ap.add_argument("arch")
ap.add_argument("folder", type=pathlib.Path)
ap.add_argument("--report", type=pathlib.Path)
ap.add_argument("--device", type=pathlib.Path)
args = ap.parse_args()

if args.report and not args.device:
    ap.error("--report needs --device (the register file to compare with)")
device = {}
if args.device:
    text = args.device.read_text()
    for field in ("smem_per_block", "regs_per_sm", "reg_alloc_unit",
                  "warp_schedulers_per_sm", "warp_size", "sm_count"):
        device[field] = int(re.search(field + r" = (\d+)", text).group(1))
smem_limit = device.get("smem_per_block")

dynamic = {}
for launches in args.folder.glob("*.launch.json"):
    for launch in json.loads(launches.read_text()):
        dynamic[launch["kernel"]] = max(
            dynamic.get(launch["kernel"], 0),
            launch["dynamic_shared_memory_bytes"])

files = sorted(args.folder.glob("*.ptx"))
failing = []
registers = {}
for ptx in files:
    run = subprocess.run([args.ptxas, f"-arch={args.arch}", "-v",
                          "--warn-on-spills", str(ptx), "-o", "/dev/null"],
                         capture_output=True, text=True)
    log = run.stdout + run.stderr
    clean = ("0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads"
             in log)
    if run.returncode != 0 or not clean or "warning" in log:
        failing.append((ptx.name, log.strip().splitlines()[:3]))
    for entry, regs, smem in re.findall(
            r"Compiling entry function '(\w+)'[\s\S]*?Used (\d+) registers"
            r"(?:[^\n]*?(\d+) bytes smem)?", log):
        registers[entry] = int(regs)
        total = int(smem or 0) + dynamic.get(entry, 0)
        if smem_limit is not None and total > smem_limit:
            failing.append((ptx.name, [f"{entry}: {total} bytes of shared "
                                       f"memory, over {smem_limit}"]))
print(f"{len(files)} kernels, {len(failing)} failing")
for name, lines in failing:
    print(f"FAIL {name}: " + " | ".join(lines))

if args.report:
    warp, unit = device["warp_size"], device["reg_alloc_unit"]
    parts = device["warp_schedulers_per_sm"]
    within, above, total = 0, [], 0
    for line in args.report.read_text().splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        kernel = record.get("func", "") + "_kernel"
        if not record.get("supported", True) or kernel not in registers:
            continue
        total += 1
        regs = registers[kernel]
        warps = math.ceil(record["threads_per_block"] / warp)
        per_warp = math.ceil(regs * warp / unit) * unit
        by_regs = device["regs_per_sm"] // parts // per_warp * parts // warps
        needed = max(1, min(record["blocks_per_sm"],
                            math.ceil(record["blocks"] / device["sm_count"])))
        if by_regs >= needed:
            within += 1
        else:
            above.append((record["func"], regs, record["regs_per_thread_est"],
                          by_regs, needed))
    print(f"registers: {within} of {total} kernels within the model's "
          "occupancy")
    for func, regs, est, by_regs, model in above:
        print(f"ABOVE {func}: {regs} registers (model {est}): {by_regs} "
              f"blocks per SM, the model assumed {model}")
sys.exit(1 if failing or not files else 0)
