"""Counts, per device directory of differential.py --ptx-dir, the cases
compiled to two kernels (<module>.case<i>_kernel.ptx, then
<module>.case<i>_kernel_<n>.ptx) and those among them whose first kernel
uses mma.sync. The harness's batched modules (<module>.main_kernel*.ptx,
all of a batch's kernels) are no cases and are not counted."""
import os
import re
import sys

for device in ("h200", "a100"):
    folder = os.path.join(sys.argv[1], device)
    names = os.listdir(folder)
    split = sorted({re.sub(r"_kernel_[0-9]+\.ptx$", "", n) for n in names
                    if re.search(r"\.case[0-9]+_kernel_[0-9]+\.ptx$", n)})
    mma = [c for c in split
           if "mma.sync" in open(os.path.join(folder, c + "_kernel.ptx")).read()]
    print(f"{device}: {len(split)} cases with two kernels, {len(mma)} of them "
          "mma.sync partial products")
