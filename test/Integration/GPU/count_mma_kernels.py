"""Counts, per device directory of differential.py --ptx-dir, the cases
(described by differential.py --list, read from the file given first) whose
kernels run their products on tensor cores only (mma.sync, no fma.rn), and
lists the others; those whose description matches --cuda-cores (by default
an m, n or K of 1: matrix-vector and outer products) are expected on the
CUDA cores and counted apart."""
import argparse
import os
import re

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("cases")
parser.add_argument("ptx_dir")
parser.add_argument("--cuda-cores", default=r"\b[MNK]=1\b",
                    help="regex of the descriptions expected on CUDA cores")
args = parser.parse_args()

cases = {}
for line in open(args.cases):
    match = re.match(r"(case[0-9]+): (.*)", line.strip())
    if match:
        cases[match.group(1)] = match.group(2)

for device in ("h200", "a100"):
    folder = os.path.join(args.ptx_dir, device)
    kernels = {}
    for name in os.listdir(folder):
        match = re.search(r"(case[0-9]+)_kernel", name)
        if match:
            text = open(os.path.join(folder, name)).read()
            mma = "mma.sync" in text
            fma = re.search(r"^\s*fma\.rn", text, re.M) is not None
            old = kernels.get(match.group(1), (False, False))
            kernels[match.group(1)] = (old[0] or mma, old[1] or fma)
    tensor, expected, other = 0, 0, []
    for case, (mma, fma) in sorted(kernels.items()):
        desc = cases.get(case, "")
        if mma and not fma:
            tensor += 1
        elif re.search(args.cuda_cores, desc):
            expected += 1
        else:
            other.append(f"{case}: {desc}")
    print(f"{device}: {len(kernels)} cases, {tensor} on tensor cores only, "
          f"{expected} expected on the CUDA cores, {len(other)} others")
    for line in other:
        print(f"  not on tensor cores: {line}")
