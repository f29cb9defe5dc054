#!/usr/bin/env python3
"""f16 convolutions as implicit GEMMs: what the model predicts for ResNet-50's
convolution layers before and after --roller-tile's rewrites (no GPU needed).

For each layer (f16 input and filter, f32 output from a fill, the input read
through its zero padding) and device this prints

  * the convolution as it is: the best predicted time of --roller-select on
    it (CUDA cores),
  * what --roller-tile makes of it: the sum of the predicted times of its
    kernels (the implicit GEMM, the split's combine, the transposes of an
    NCHW batch or of the NHWC way), each listed, or the convolution again
    where the model kept it,
  * the ratio,
  * for NCHW, the way roller-conv-to-implicit-gemm took (the convolution,
    its NCHW implicit GEMM, or the NHWC one between transposes) and the
    figure it weighed: the kernels' times plus a launch per extra kernel
    (from its remark).

    python3 bench/implicit_gemm/run.py [--roller-opt R] [--batch 8]
                                       [--layout nchw|nhwc] [--devices h200,a100]

Standard library only.
"""

import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# name, channels in, input size, channels out, window, stride, padding
LAYERS = [
    ("stem 7x7/2 3->64 at 224", 3, 224, 64, 7, 2, 3),
    ("3x3 64->64 at 56", 64, 56, 64, 3, 1, 1),
    ("3x3 128->128 at 28", 128, 28, 128, 3, 1, 1),
    ("3x3 256->256 at 14", 256, 14, 256, 3, 1, 1),
    ("3x3 512->512 at 7", 512, 7, 512, 3, 1, 1),
    ("1x1 64->256 at 56", 64, 56, 256, 1, 1, 0),
]


def layer_mlir(layout, n, c, h, f, k, stride, pad):
    hp = h + 2 * pad
    oh = (hp - k) // stride + 1
    if layout == "nchw":
        x, xp, w, o = [n, c, h, h], [n, c, hp, hp], [f, c, k, k], [n, f, oh, oh]
        low, op = f"[0, 0, {pad}, {pad}]", "conv_2d_nchw_fchw"
    else:
        x, xp, w, o = [n, h, h, c], [n, hp, hp, c], [k, k, c, f], [n, oh, oh, f]
        low, op = f"[0, {pad}, {pad}, 0]", "conv_2d_nhwc_hwcf"

    def t(shape, elt):
        return "tensor<" + "x".join(map(str, shape)) + "x" + elt + ">"
    src = "%x"
    text = f"func.func @conv(%x: {t(x, 'f16')}, %w: {t(w, 'f16')}) -> {t(o, 'f32')} {{\n"
    if pad:
        text += (f"  %z16 = arith.constant 0.0 : f16\n"
                 f"  %xp = tensor.pad %x low{low} high{low} {{\n"
                 f"  ^bb0(%a: index, %b: index, %c: index, %d: index):\n"
                 f"    tensor.yield %z16 : f16\n"
                 f"  }} : {t(x, 'f16')} to {t(xp, 'f16')}\n")
        src = "%xp"
    text += (f"  %e = tensor.empty() : {t(o, 'f32')}\n"
             f"  %z = arith.constant 0.0 : f32\n"
             f"  %i = linalg.fill ins(%z : f32) outs(%e : {t(o, 'f32')}) -> {t(o, 'f32')}\n"
             f"  %r = linalg.{op} {{dilations = dense<1> : tensor<2xi64>, "
             f"strides = dense<{stride}> : tensor<2xi64>}}\n"
             f"    ins({src}, %w : {t(xp, 'f16')}, {t(w, 'f16')}) "
             f"outs(%i : {t(o, 'f32')}) -> {t(o, 'f32')}\n"
             f"  return %r : {t(o, 'f32')}\n}}\n")
    return text


def compile_layer(roller_opt, text, args):
    """The predicted times of the kernels, and the remarks."""
    run = subprocess.run([roller_opt, "-"] + args, input=text,
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"roller-opt {' '.join(args)} failed:\n{run.stderr[-2000:]}")
    return ([float(x) for x in
             re.findall(r"predicted_us = ([0-9.e+-]+)", run.stdout)],
            run.stderr)


def predicted(roller_opt, text, args):
    return compile_layer(roller_opt, text, args)[0]


def weighed_way(remarks):
    """The way roller-conv-to-implicit-gemm took and the time it weighed for
    it, from its remark ("" where it weighed nothing: NHWC, a batch of 1's
    NCHW GEMM without rivals, 1x1 layers rewritten as plain matmuls)."""
    line = next((l for l in remarks.splitlines()
                 if "roller-conv-to-implicit-gemm:" in l), "")
    if "left a convolution: predicted" in line:
        return "convolution " + re.search(r"predicted ([0-9.]+) us",
                                          line).group(1)
    if "in NHWC between transposes:" in line:
        return "NHWC " + re.search(r"between transposes: ([0-9.]+) us",
                                   line).group(1)
    match = re.search(r"\(tensor cores\): ([0-9.]+) us", line)
    return "NCHW GEMM " + match.group(1) if match else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--roller-opt",
                    default=os.path.join(REPO, "build", "bin", "roller-opt"))
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--layout", choices=("nchw", "nhwc"), default="nchw")
    ap.add_argument("--devices", default="h200,a100")
    args = ap.parse_args()
    print(f"ResNet-50 convolutions, {args.layout.upper()} f16 -> f32, "
          f"batch {args.batch} (predicted us)\n")
    print("| device | layer | convolution | --roller-tile (kernels) | ratio "
          "| way, weighed us |")
    print("|---|---|---|---|---|---|")
    for device in args.devices.split(","):
        for name, c, h, f, k, stride, pad in LAYERS:
            text = layer_mlir(args.layout, args.batch, c, h, f, k, stride, pad)
            conv = sum(predicted(args.roller_opt, text,
                                 [f"--roller-select=device={device}"]))
            kernels, remarks = compile_layer(
                args.roller_opt, text, [f"--roller-tile=device={device}"])
            tiled = sum(kernels)
            parts = " + ".join(f"{us:.2f}" for us in kernels)
            print(f"| {device} | {name} | {conv:.2f} | {tiled:.2f} ({parts}) "
                  f"| {conv / tiled:.2f}x | {weighed_way(remarks)} |")


if __name__ == "__main__":
    main()
