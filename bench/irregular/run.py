#!/usr/bin/env python3
"""f16 GEMMs of irregular shape: which path the selection takes and what the
model predicts, per device (no GPU needed).

Until the boundary blocks of tensor-core kernels could be padded
(--roller-pad-mma-boundary-tiles), a tensor-core block tile had to divide
M, N and K, so an f16 GEMM whose M or N no multiple of 16 (8) divides ran
on the CUDA cores; until the partial last reduction step could be padded
too, the k step had to divide K, and an f16 GEMM whose K is no multiple of
16 (1000, 3000) ran on the CUDA cores. No block tile need divide the tensor
now. For each shape
(transformer and vision shapes with an irregular token count or vocabulary,
plus small ones) this prints the selection's strategy, block and warp
tiles and predicted time, and with --baseline-roller-opt the same from
another build (an older commit) with the ratio.

    python3 bench/irregular/run.py [--roller-opt R] [--baseline-roller-opt B]
                                   [--devices h200,a100] [--json OUT]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# (M, N, K): ViT-B/16 tokens (197), CLIP text (77), a GPT-2 vocabulary
# projection (50257), square irregular shapes, small ones, and reductions
# no multiple of 16 divides (1000, 3000, 2040).
SHAPES = [(77, 768, 3072), (197, 768, 768), (128, 50257, 768),
          (1000, 1000, 1024), (4095, 4095, 4096), (300, 300, 320),
          (40, 72, 48), (1000, 1000, 1000), (197, 768, 3000),
          (2048, 2048, 2040), (72, 40, 8), (12, 40, 64), (8, 512, 4096)]


def gemm(m, n, k):
    return f"""func.func @gemm_{m}x{n}x{k}(%a: tensor<{m}x{k}xf16>, %b: tensor<{k}x{n}xf16>) -> tensor<{m}x{n}xf32> {{
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %z = arith.constant 0.0 : f32
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %r = linalg.matmul ins(%a, %b : tensor<{m}x{k}xf16>, tensor<{k}x{n}xf16>) outs(%i : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}
"""


def select(roller_opt, device, path):
    """The report's matmul records of `path`, by function name."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.json")
        subprocess.run([roller_opt, path,
                        f"--roller-select=device={device} report={report}",
                        "-o", os.devnull], check=True,
                       stderr=subprocess.DEVNULL)
        records = {}
        with open(report) as f:
            for line in f:
                record = json.loads(line)
                split = record.get("split_across_blocks")
                # A matmul split across blocks is its partial products'
                # kernel (the tiles) plus their combine (the time).
                if split and split["role"] == "partials":
                    record["predicted_us"] = (split["partials_us"] +
                                              split["combine_us"])
                    records[record["func"]] = record
                elif record.get("op") == "linalg.matmul":
                    records[record["func"]] = record
        return records


def describe(record):
    mma = record.get("mma_tile")
    path = "tensor cores" if mma else "CUDA cores"
    split = record.get("split_across_blocks")
    if split:
        path += f", K split in {split['slices']}"
    return path, record["block_tile"], record["thread_tile"], \
        record["predicted_us"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roller-opt",
                        default=os.path.join(REPO, "build", "bin",
                                             "roller-opt"))
    parser.add_argument("--baseline-roller-opt", default=None)
    parser.add_argument("--devices", default="h200,a100")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "gemms.mlir")
        with open(path, "w") as f:
            f.write("\n".join(gemm(*s) for s in SHAPES))
        for device in args.devices.split(","):
            now = select(args.roller_opt, device, path)
            before = (select(args.baseline_roller_opt, device, path)
                      if args.baseline_roller_opt else {})
            for m, n, k in SHAPES:
                name = f"gemm_{m}x{n}x{k}"
                row = dict(device=device, shape=f"{m}x{n}x{k}")
                row["path"], row["block"], row["thread"], row["us"] = \
                    describe(now[name])
                if name in before:
                    (row["base_path"], row["base_block"], _,
                     row["base_us"]) = describe(before[name])
                rows.append(row)

    header = "| device | M x N x K | path | block | warp/thread | predicted (us) |"
    if args.baseline_roller_opt:
        header += " baseline path | baseline (us) | baseline / now |"
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    for row in rows:
        line = (f"| {row['device']} | {row['shape']} | {row['path']} | "
                f"{row['block']} | {row['thread']} | {row['us']:.2f} |")
        if "base_us" in row:
            line += (f" {row['base_path']} | {row['base_us']:.2f} | "
                     f"{row['base_us'] / row['us']:.2f} |")
        print(line)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
