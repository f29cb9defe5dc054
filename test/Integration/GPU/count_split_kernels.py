"""Counts, per device directory of differential.py --ptx-dir, the cases
split across blocks: compiled to several kernels
(<module>.case<i>_kernel.ptx, then <module>.case<i>_kernel_<n>.ptx) of which
a later one combines partial results (a float add, max or min; a kernel that
only moves data, such as the transpose of an NCHW implicit GEMM's result, is
no combine), and those among them whose first kernel, the partial products,
uses mma.sync. The harness's batched modules (<module>.main_kernel*.ptx,
all of a batch's kernels) are no cases and are not counted."""
import os
import re
import sys

COMBINE = re.compile(r"\b(add|max|min)(\.r[nzmp])?(\.ftz)?(\.NaN)?\.(f32|f16|bf16)\b")

for device in ("h200", "a100"):
    folder = os.path.join(sys.argv[1], device)
    names = os.listdir(folder)
    later = {}
    for n in names:
        m = re.search(r"^(.*\.case[0-9]+)_kernel_[0-9]+\.ptx$", n)
        if m:
            later.setdefault(m.group(1), []).append(n)

    def read(name):
        with open(os.path.join(folder, name)) as f:
            return f.read()

    split = sorted(c for c, files in later.items()
                   if any(COMBINE.search(read(f)) for f in files))
    mma = [c for c in split if "mma.sync" in read(c + "_kernel.ptx")]
    print(f"{device}: {len(split)} cases split across blocks, {len(mma)} of them "
          "mma.sync partial products")
