#!/usr/bin/env python3
"""The input tiles the first wave of each staged kernel's blocks reads, row-major
and in the launch order the selection chose (the config's block_group: bands
of rows walked column by column, Roller/Analysis/BlockOrder.h).

A GPU runs a grid's first `SMs x blocks per SM` block ids at once. Tiles that
several running blocks read come from DRAM once and from the L2 after; the
selection chooses the band height whose first wave reads the fewest distinct
tile bytes per reduction step, and reports both figures
(`first_wave_tile_bytes`, computed by getWaveTileBytes). This script prints
them per operator whose order is not row-major, or whose grid is a GEMM's,
from a --roller-select report. It is arithmetic, not a measurement: whether
the L2 holds the tiles until every block of the wave has read them is what a
GPU run shows.

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


def rows_of(report):
    """The report lines with first-wave figures and a grid of at least two
    dimensions (the ones a band can apply to)."""
    for line in report:
        waves = line.get("first_wave_tile_bytes")
        if not waves or len(line.get("grid", [])) < 2:
            continue
        axes = line.get("axes") or []
        yield {
            "func": line.get("func") or line.get("loc"),
            "shape": "x".join(str(a["extent"]) for a in axes),
            "grid": "x".join(str(g) for g in line["grid"]),
            "blocks_per_sm": line.get("blocks_per_sm", 1),
            "group": line.get("block_group", 1),
            "row_major_kib": waves["row_major"] / 1024,
            "chosen_kib": waves["chosen"] / 1024,
        }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--devices", default="h200,a100")
    parser.add_argument("--suite", default="fp16",
                        choices=["fp16", "roller119"])
    parser.add_argument("--all", action="store_true",
                        help="also the operators that stay row-major")
    parser.add_argument("--roller-opt",
                        default=os.path.join(REPO, "build", "bin",
                                             "roller-opt"))
    args = parser.parse_args()
    suite = os.path.join(REPO, "bench", "suite", args.suite + ".mlir")
    print("| device | operator | axes | grid | blocks/SM | block_group | "
          "KiB/step row-major | KiB/step chosen |")
    print("|---|---|---|---|---:|---:|---:|---:|")
    for device in args.devices.split(","):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "report.jsonl")
            subprocess.run([args.roller_opt, suite,
                            f"--roller-select=device={device} "
                            f"report={path}", "-o", os.devnull],
                           check=True, stderr=subprocess.DEVNULL)
            with open(path) as f:
                report = [json.loads(line) for line in f]
        for row in rows_of(report):
            if row["group"] == 1 and not args.all:
                continue
            print(f"| {device} | {row['func']} | {row['shape']} | "
                  f"{row['grid']} | {row['blocks_per_sm']} | {row['group']} | "
                  f"{row['row_major_kib']:.0f} | {row['chosen_kib']:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
