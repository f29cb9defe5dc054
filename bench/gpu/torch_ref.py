#!/usr/bin/env python3
"""The library baseline: each operator of a manifest in PyTorch on the GPU.

conv2d and depthwise conv go to cuDNN (torch.nn.functional.conv2d, groups=C
for depthwise, cudnn.benchmark on so cuDNN picks its fastest algorithm in the
warm-up), matmul to cuBLAS (torch.mm), the window-sum pool to avg_pool2d with
divisor_override=1, relu and reduce-sum to PyTorch's own kernels. TF32 is off
(Roller's kernels are plain f32). Timing matches roller-bench: CUDA events,
warm-up, median of N, the L2 cache flushed before each run. Writes one JSON
line per operator: {"op", "library", "ms"} or {"op", "error"}.

usage: torch_ref.py MANIFEST OUT.jsonl [--op ID,...] [--time-limit S]
"""

import argparse
import json
import sys
import time


def window_params(desc):
    """(stride, dilation) of a conv-like operator from the input's index terms."""
    terms = desc["inputs"][0]["index"][2]  # the H dimension: [[oh, s], [kh, d]]
    return terms[0][1], terms[1][1]


def reduced_dims(desc):
    reduction = [i for i, l in enumerate(desc["loops"]) if l["reduction"]]
    return [d for d, terms in enumerate(desc["inputs"][0]["index"])
            if any(t[0] in reduction for t in terms)]


def build(torch, desc):
    """(callable, tensors) for the operator, or raises ValueError."""
    F = torch.nn.functional
    dtype = {"f32": torch.float32, "f16": torch.float16}[desc["inputs"][0]["element"]]
    dev = "cuda"
    ins = [torch.randint(-2, 3, tuple(t["shape"]), device=dev).to(dtype)
           for t in desc["inputs"]]
    kind = desc["type"]
    if kind == "conv2d":
        s, d = window_params(desc)
        return lambda: F.conv2d(ins[0], ins[1], stride=s, dilation=d), ins
    if kind == "depthwise_conv2d":
        s, d = window_params(desc)
        w = ins[1].unsqueeze(1).contiguous()
        channels = ins[0].shape[1]
        return lambda: F.conv2d(ins[0], w, stride=s, dilation=d, groups=channels), ins
    if kind == "pool2d":
        s, d = window_params(desc)
        if d != 1:
            raise ValueError("avg_pool2d has no dilation")
        k = desc["loops"][4]["size"]
        return lambda: F.avg_pool2d(ins[0], k, stride=s, divisor_override=1), ins
    if kind == "elementwise":
        return lambda: torch.relu(ins[0]), ins
    if kind == "reduce":
        dims = reduced_dims(desc)
        return lambda: torch.sum(ins[0], dim=dims), ins
    if kind in ("matmul", "matmul_tensorcore"):
        return lambda: torch.mm(ins[0], ins[1]), ins
    raise ValueError("no PyTorch equivalent for %r" % kind)


def median_ms(torch, fn, flush, warmup=2, reps=10, budget_ms=1500):
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    n = reps
    for i in range(reps if reps else 1):
        flush.zero_()
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
        if i == 0 and times[0] > 0:
            n = max(3, min(reps, int(budget_ms / times[0])))
        if len(times) >= n:
            break
    times.sort()
    k = len(times)
    return times[k // 2] if k % 2 else 0.5 * (times[k // 2 - 1] + times[k // 2]), len(times)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("manifest")
    ap.add_argument("out")
    ap.add_argument("--op")
    ap.add_argument("--time-limit", type=float, default=120)
    ap.add_argument("--reps", type=int, default=10)
    args = ap.parse_args(argv)
    try:
        import torch
    except ImportError:
        print("torch_ref: PyTorch is not installed; no library baseline", file=sys.stderr)
        return 0
    if not torch.cuda.is_available():
        print("torch_ref: no GPU for PyTorch; no library baseline", file=sys.stderr)
        return 0
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.backends.cudnn.benchmark = True
    ops = json.load(open(args.manifest))["ops"]
    if args.op:
        wanted = set(args.op.split(","))
        ops = [o for o in ops if o["id"] in wanted]
    l2 = getattr(torch.cuda.get_device_properties(0), "L2_cache_size", 64 << 20)
    flush = torch.empty(max(2 * l2, 64 << 20), dtype=torch.uint8, device="cuda")
    deadline = time.monotonic() + args.time_limit
    with open(args.out, "w") as out:
        for o in ops:
            record = {"op": o["id"]}
            if time.monotonic() > deadline:
                record["error"] = "the time limit was reached"
            else:
                try:
                    fn, ins = build(torch, o["desc"])
                    ms, reps = median_ms(torch, fn, flush, reps=args.reps)
                    record.update(library="torch " + torch.__version__, ms=ms, reps=reps)
                    del fn, ins
                except (ValueError, RuntimeError) as e:
                    record["error"] = str(e).splitlines()[0][:200]
                torch.cuda.empty_cache()
            out.write(json.dumps(record) + "\n")
            out.flush()
            if "ms" in record:
                print("torch_ref: %-8s %9.4f ms" % (o["id"], record["ms"]), flush=True)
            else:
                print("torch_ref: %-8s %s" % (o["id"], record["error"]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
