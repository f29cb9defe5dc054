#!/usr/bin/env python3
"""The tiles the first wave of a GEMM's blocks reads, row-major and in the
launch order the selection chose (the config's block_group: bands of rows
walked column by column, Roller/Analysis/BlockOrder.h).

A GPU runs a grid's first `SMs x blocks per SM` block ids at once; each block
reads, per reduction step, its row's tile of A (BM x BK) and its column's
tile of B (BK x BN). Tiles that several running blocks read come from DRAM
once and from the L2 after (a tile of 256 x 64 f16 is 32 KiB; an H200's L2
holds 60 MiB): the DRAM traffic of a step is the distinct tiles the wave
reads, against one tile pair per block through the L2. This script prints,
per GEMM of a selection report, the distinct A and B tiles of the first
wave in both orders and the KiB they are per step (the same arithmetic as
getWaveTileBytes, written again here so that the report can be checked).
It is arithmetic on the report's grid and occupancy, not a measurement:
whether the L2 holds the tiles until every block of the wave has read them
is what a GPU run shows.

    python3 bench/census/wave_tiles.py [--devices h200,a100] [--suite fp16]

Standard library only; runs build/bin/roller-opt --roller-select.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SMS = {"h200": 132, "h100": 132, "a100": 108, "v100": 80}


def block_position(block, rows, cols, group):
    """(row, column) of linear block id `block` on a rows x cols grid whose
    columns are linear_dim_0 (fastest), in bands of `group` rows."""
    plane = block % (rows * cols)
    if group <= 1:
        return plane // cols, plane % cols
    band = group * cols
    within = plane % band
    return (plane // band) * group + within % group, within // group


def wave_tiles(rows, cols, wave, group):
    """Distinct rows and columns of the first `wave` block ids."""
    seen_rows, seen_cols = set(), set()
    for block in range(min(wave, rows * cols)):
        r, c = block_position(block, rows, cols, group)
        seen_rows.add(r)
        seen_cols.add(c)
    return len(seen_rows), len(seen_cols)


def gemm_rows(report, sms):
    """One row per GEMM-shaped kernel (two spatial axes, the A rows axis
    first, one reduction axis) of a --roller-select report."""
    out = []
    for line in report:
        axes = line.get("axes") or []
        if not line.get("kernel") or len(line.get("grid", [])) != 2 or \
                [a["kind"] for a in axes][-3:] != ["spatial", "spatial",
                                                   "reduction"]:
            continue
        rows, cols = line["grid"]
        bm, bn, bk = line["block_tile"][-3:]
        elt = 2 if "f16" in line.get("expr", "") or line.get("mma_tile") \
            else 4
        wave = sms * max(1, line.get("blocks_per_sm", 1))
        per_block = (bm * bk + bk * bn) * elt / 1024
        group = line.get("block_group", 1)
        row_major = wave_tiles(rows, cols, wave, 1)
        grouped = wave_tiles(rows, cols, wave, group)

        def kib(tiles):
            return (tiles[0] * bm * bk + tiles[1] * bk * bn) * elt / 1024
        out.append({
            "func": line.get("func") or line.get("loc"),
            "shape": "x".join(str(a["extent"]) for a in axes[-3:]),
            "grid": f"{rows}x{cols}", "wave": min(wave, rows * cols),
            "group": group,
            "no_reuse_kib": per_block * min(wave, rows * cols),
            "row_major": row_major, "row_major_kib": kib(row_major),
            "grouped": grouped, "grouped_kib": kib(grouped)})
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--devices", default="h200,a100")
    parser.add_argument("--suite", default="fp16",
                        choices=["fp16", "roller119"])
    parser.add_argument("--roller-opt",
                        default=os.path.join(REPO, "build", "bin",
                                             "roller-opt"))
    args = parser.parse_args()
    suite = os.path.join(REPO, "bench", "suite", args.suite + ".mlir")
    print("| device | GEMM (M x N x K) | grid | first wave | block_group | "
          "A + B tiles, row-major | KiB/step | block_group's | KiB/step | "
          "no reuse KiB/step |")
    print("|---|---|---|---:|---:|---|---:|---|---:|---:|")
    for device in args.devices.split(","):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "report.jsonl")
            subprocess.run([args.roller_opt, suite,
                            f"--roller-select=device={device} "
                            f"report={path}", "-o", os.devnull],
                           check=True, stderr=subprocess.DEVNULL)
            with open(path) as f:
                report = [json.loads(line) for line in f]
        for row in gemm_rows(report, SMS.get(device, 132)):
            print(f"| {device} | {row['shape']} | {row['grid']} | "
                  f"{row['wave']} | {row['group']} | "
                  f"{row['row_major'][0]} + {row['row_major'][1]} | "
                  f"{row['row_major_kib']:.0f} | "
                  f"{row['grouped'][0]} + {row['grouped'][1]} | "
                  f"{row['grouped_kib']:.0f} | {row['no_reuse_kib']:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
