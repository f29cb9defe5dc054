#!/usr/bin/env python3
"""Epilogues of tensor-core matmuls on the GPU path: f16 matmuls of shapes
the selection runs on mma.sync (multiples of 16, some not powers of two),
each followed by every epilogue variant of differential_epilogues.py, fused
by --roller-tile; the PTX runs on the emulator (under its sanitizer) for
h200 and a100 and must print the reference's checksums. Prints how many
programs fused an epilogue onto an mma config, then a summary line.
"""

import argparse
import os
import random
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "CPU"))
import differential as D  # noqa: E402
from differential_epilogues import VARIANTS, make_epilogue  # noqa: E402
from differential_ops import WIDE, Data, make_matmul, module_text  # noqa: E402

SHAPES = [(64, 64, 32), (128, 128, 64), (96, 64, 48), (64, 128, 32),
          (128, 64, 128), (80, 48, 64), (256, 128, 32)]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--roller-opt", required=True)
    parser.add_argument("--mlir-runner", required=True)
    parser.add_argument("--shared-libs", required=True)
    parser.add_argument("--emulator-runtime", required=True)
    args = parser.parse_args()
    rng = random.Random(5)

    def data(shape, role=0, elt="f32"):
        return Data(rng, shape, elt, wide=role == WIDE)

    cases = [make_epilogue(data, make_matmul(data, m, n, k, elt="f16"), v)
             for m, n, k in SHAPES for v in VARIANTS]
    items = list(enumerate(cases))
    tools = D.Tools(args.roller_opt, args.mlir_runner, args.shared_libs,
                    args.emulator_runtime)
    failures = 0
    ref, err = D.run_module(tools, module_text(items), None)
    if err:
        print(f"reference failed: {err}")
        return 1
    D.GPU = True
    for device in ("h200", "a100"):
        tiled = subprocess.run(
            [args.roller_opt, "-", f"--roller-tile=device={device}"],
            input=module_text(items, with_main=False), capture_output=True,
            text=True).stdout
        programs = tiled.split("roller.rprogram ")[1:]
        fused = sum(1 for p in programs
                    if "mma = [" in p.split("{")[0] and "axes = array" in p)
        got, err = D.run_module(tools, module_text(items), device)
        wrong = [i for i, (a, b) in enumerate(zip(ref, got or [])) if a != b]
        print(f"{device}: {len(programs)} programs, {fused} mma configs with "
              f"an epilogue; {len(wrong)} mismatches"
              + (f", error: {err}" if err else ""))
        failures += len(wrong) + (1 if err else 0)
    print(f"{len(cases)} cases, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
