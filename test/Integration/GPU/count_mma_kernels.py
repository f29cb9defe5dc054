"""Counts, per device directory of differential.py --ptx-dir, the cases
(described by differential.py --list, read from the file given first) whose
kernels run their products on tensor cores only (mma.sync, no fma.rn), and
lists the others: those with an m, n or K of 1, which stay on the CUDA cores
(matrix-vector and outer products), apart."""
import os
import re
import sys

cases = {}
for line in open(sys.argv[1]):
    match = re.match(r"(case[0-9]+): (.*)", line.strip())
    if match:
        cases[match.group(1)] = match.group(2)

for device in ("h200", "a100"):
    folder = os.path.join(sys.argv[2], device)
    kernels = {}
    for name in os.listdir(folder):
        match = re.search(r"(case[0-9]+)_kernel", name)
        if match:
            text = open(os.path.join(folder, name)).read()
            mma = "mma.sync" in text
            fma = re.search(r"^\s*fma\.rn", text, re.M) is not None
            old = kernels.get(match.group(1), (False, False))
            kernels[match.group(1)] = (old[0] or mma, old[1] or fma)
    tensor, unit, other = 0, 0, []
    for case, (mma, fma) in sorted(kernels.items()):
        desc = cases.get(case, "")
        if mma and not fma:
            tensor += 1
        elif re.search(r"\b[MNK]=1\b", desc):
            unit += 1
        else:
            other.append(f"{case}: {desc}")
    print(f"{device}: {len(kernels)} cases, {tensor} on tensor cores only, "
          f"{unit} with an extent of 1 on the CUDA cores, "
          f"{len(other)} others")
    for line in other:
        print(f"  not on tensor cores: {line}")
