#!/usr/bin/env python3
"""Tables and plots from a roller-bench run.

Reads the manifest, roller-bench's results.jsonl and optionally the PyTorch
baseline (torch_ref.py), and writes into OUT: results.csv (one row per
operator), candidates.csv (one row per candidate), results.md (the summary
and the table) and, when matplotlib is installed, PNG plots. The summary
includes the share of operators whose top-1 is within 10% of the best of
the top-k (ROLLER reported 40% on V100) and how the model's predictions
compare with the measurements. Standard library (plus matplotlib).

usage: report.py MANIFEST RESULTS.jsonl OUT [--torch TORCH.jsonl]
"""

import argparse
import csv
import json
import math
import os
import sys


def read_jsonl(path):
    out = []
    if path and os.path.exists(path):
        for line in open(path):
            line = line.strip()
            if line:
                try:
                    out.append(json.loads(line))
                except ValueError:
                    pass
    return out


def geomean(xs):
    xs = [x for x in xs if x and x > 0 and math.isfinite(x)]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def spearman(xs, ys):
    n = len(xs)
    if n < 3:
        return None

    def ranks(v):
        order = sorted(range(n), key=lambda i: v[i])
        r = [0.0] * n
        i = 0
        while i < n:
            j = i
            while j + 1 < n and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2.0
            i = j + 1
        return r

    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / n, sum(ry) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else None


def f(x, digits=4):
    return "" if x is None or (isinstance(x, float) and not math.isfinite(x)) else (
        "%.*f" % (digits, x))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("manifest")
    ap.add_argument("results")
    ap.add_argument("out")
    ap.add_argument("--torch")
    args = ap.parse_args(argv)

    manifest = json.load(open(args.manifest))
    device = manifest["device"]
    recs = read_jsonl(args.results)
    torch = {r["op"]: r for r in read_jsonl(args.torch)}
    by_op = {}
    for r in recs:
        by_op.setdefault(r.get("op"), []).append(r)
    os.makedirs(args.out, exist_ok=True)

    rows, cand_rows = [], []
    for o in manifest["ops"]:
        op_id, desc = o["id"], o["desc"]
        rs = by_op.get(op_id, [])
        cands = {}
        for r in rs:
            if r.get("record") == "candidate":
                cands[r["rank"]] = r  # the last record of a rank wins
        lib = next((r for r in rs if r.get("record") == "library"), None)
        summary = next((r for r in rs if r.get("record") == "op"), {})
        ok = {k: c for k, c in cands.items() if c.get("status") == "ok"}
        top1 = ok[1]["ms"] if 1 in ok else None
        best_rank = min(ok, key=lambda k: ok[k]["ms"]) if ok else None
        best = ok[best_rank]["ms"] if ok else None
        pred = {c["rank"]: (c.get("predicted_us") or 0) / 1e3 for c in o["candidates"]}
        torch_ms = torch.get(op_id, {}).get("ms")
        cublas_ms = lib["ms"] if lib else None
        library_ms = cublas_ms if cublas_ms else torch_ms
        status = ("skipped: " + o["skipped"] if o.get("skipped")
                  else summary.get("skipped") and "skipped: " + summary["skipped"]
                  or summary.get("error") and "error: " + summary["error"]
                  or ("ok" if top1 is not None else
                      "top-1 " + cands.get(1, {}).get("status", "not run")))
        shown = top1 if top1 is not None else best
        ideal = summary.get("ideal_ms")
        paper = desc.get("paper_v100", {})
        rows.append({
            "op": op_id, "type": desc["type"], "shape": desc.get("summary", ""),
            "status": status,
            "top1_ms": top1, "best_ms": best, "best_rank": best_rank,
            "candidates_ok": len(ok), "candidates": len(o["candidates"]),
            "cublas_ms": cublas_ms, "torch_ms": torch_ms,
            "predicted_top1_ms": pred.get(1),
            "measured_over_predicted": (top1 / pred[1]) if top1 and pred.get(1) else None,
            "tflops": desc["flops"] / (shown * 1e-3) / 1e12 if shown else None,
            "gbps": desc["bytes"] / (shown * 1e-3) / 1e9 if shown else None,
            "pct_roofline": 100 * ideal / shown if shown and ideal else None,
            "bound": summary.get("bound"),
            "library_over_top1": library_ms / top1 if library_ms and top1 else None,
            "paper_v100_roller_top1_ms": paper.get("roller_top1_ms"),
            "paper_v100_roller_top10_ms": paper.get("roller_top10_ms"),
            "paper_v100_cudalib_ms": paper.get("cudalib_ms"),
        })
        for c in o["candidates"]:
            r = cands.get(c["rank"], {})
            cand_rows.append({"op": op_id, "rank": c["rank"], "status": r.get("status", "not run"),
                              "ms": r.get("ms"), "predicted_ms": pred.get(c["rank"]),
                              "block_tile": "x".join(map(str, c.get("block_tile") or [])),
                              "thread_tile": "x".join(map(str, c.get("thread_tile") or [])),
                              "max_abs_err": r.get("max_abs_err"),
                              "mismatches": r.get("mismatches"),
                              "reason": r.get("reason", "")})

    with open(os.path.join(args.out, "results.csv"), "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    with open(os.path.join(args.out, "candidates.csv"), "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(cand_rows[0].keys()) if cand_rows else ["op"])
        w.writeheader()
        w.writerows(cand_rows)

    # Summary.
    measured = [r for r in rows if r["top1_ms"] is not None and r["best_ms"] is not None]
    within = [r for r in measured if r["top1_ms"] <= 1.1 * r["best_ms"]]
    statuses = {}
    for c in cand_rows:
        statuses[c["status"]] = statuses.get(c["status"], 0) + 1
    lib_ratio = [r["library_over_top1"] for r in rows if r["library_over_top1"]]
    faster = [x for x in lib_ratio if x >= 1]
    mop = [r["measured_over_predicted"] for r in rows if r["measured_over_predicted"]]
    correlations = []
    model_best = 0
    for o in manifest["ops"]:
        pts = [(c["predicted_ms"], c["ms"]) for c in cand_rows
               if c["op"] == o["id"] and c["status"] == "ok" and c["predicted_ms"]]
        rho = spearman([p for p, _ in pts], [m for _, m in pts])
        if rho is not None:
            correlations.append(rho)
    for r in measured:
        if r["best_rank"] == 1:
            model_best += 1
    lines = [
        "# Roller on %s: measured" % device["name"],
        "",
        "Prepared %s at commit %s, top-%d candidates per operator. Peaks for the roofline"
        " column (from the device preset): %.1f TFLOP/s f32, %.1f TFLOP/s f16 tensor,"
        " %.0f GB/s." % (manifest.get("created"), manifest.get("commit"), manifest["top_k"],
                         device["peak_f32_tflops"], device["peak_f16_tensor_tflops"],
                         device["hbm_gbps"]),
        "",
        "- operators: %d; with a correct, timed top-1 and best of top-k: %d"
        % (len(rows), len(measured)),
        "- candidates: " + ", ".join("%s %d" % kv for kv in sorted(statuses.items())),
        "- top-1 within 10%% of the best of the top-k: %d/%d = %s%% (ROLLER on V100: 40%%)"
        % (len(within), len(measured), f(100.0 * len(within) / len(measured), 1)
           if measured else "n/a"),
        "- the model's top-1 is the measured best: %d/%d" % (model_best, len(measured)),
        "- measured / predicted time of the top-1: geomean %s" % (f(geomean(mop), 2) or "n/a"),
        "- rank correlation (Spearman) of predicted and measured times among an"
        " operator's candidates: mean %s over %d operators"
        % (f(sum(correlations) / len(correlations), 2) if correlations else "n/a",
           len(correlations)),
        "- library (cuBLAS for matmuls, else PyTorch) / Roller top-1: geomean %s;"
        " Roller top-1 at least as fast on %d/%d" % (f(geomean(lib_ratio), 2) or "n/a", len(faster),
                                                    len(lib_ratio)),
    ]
    # run.sh's calibrate.cu, beside the results: the latencies the model's
    # latency stage takes (docs/devices.md R11, R12) as measured here.
    calibration = os.path.join(args.out, "calibration.json")
    if os.path.exists(calibration):
        level = json.load(open(calibration))["levels"][0]
        lines.append("- calibration (calibration.json): a block's round trip %.1f ns, a"
                     " load's latency %.1f ns" % (level["round_trip_ns"],
                                                  level["load_latency_ns"]))
    lines += [
        "",
        "| op | type | status | top-1 ms | best ms (rank) | cuBLAS ms | PyTorch ms |"
        " predicted ms | TFLOP/s | GB/s | % roofline | V100 paper top-1 ms |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["op"], r["type"], r["status"], f(r["top1_ms"]),
            (f(r["best_ms"]) + " (%s)" % r["best_rank"]) if r["best_ms"] else "",
            f(r["cublas_ms"]), f(r["torch_ms"]), f(r["predicted_top1_ms"]),
            f(r["tflops"], 2), f(r["gbps"], 0), f(r["pct_roofline"], 1),
            f(r["paper_v100_roller_top1_ms"])))
    with open(os.path.join(args.out, "results.md"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print("\n".join(lines[:12]))

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("report: matplotlib is not installed; no plots", file=sys.stderr)
        return 0
    plots = []
    if measured:
        xs = sorted(r["top1_ms"] / r["best_ms"] for r in measured)
        fig, ax = plt.subplots(figsize=(8, 4))
        ax.plot(range(len(xs)), xs, marker=".")
        ax.axhline(1.1, color="r", ls="--", label="10% over the best")
        ax.set_xlabel("operator (sorted)")
        ax.set_ylabel("top-1 / best of top-%d" % manifest["top_k"])
        ax.set_title("Roller top-1 against the best of its top-%d (%s)"
                     % (manifest["top_k"], device["name"]))
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(args.out, "top1-vs-best.png"), dpi=120)
        plots.append("top1-vs-best.png")
    pts = [(c["predicted_ms"], c["ms"], c["rank"] == 1) for c in cand_rows
           if c["status"] == "ok" and c["predicted_ms"] and c["ms"]]
    if pts:
        fig, ax = plt.subplots(figsize=(6, 6))
        ax.scatter([p for p, _, t in pts if not t], [m for _, m, t in pts if not t], s=6,
                   alpha=0.5, label="other candidates")
        ax.scatter([p for p, _, t in pts if t], [m for _, m, t in pts if t], s=12,
                   color="r", label="top-1")
        lo = min(min(p for p, _, _ in pts), min(m for _, m, _ in pts))
        hi = max(max(p for p, _, _ in pts), max(m for _, m, _ in pts))
        ax.plot([lo, hi], [lo, hi], "k--", lw=0.8, label="measured = predicted")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("predicted ms (model)")
        ax.set_ylabel("measured ms")
        ax.set_title("Model against measurement (%s)" % device["name"])
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(args.out, "predicted-vs-measured.png"), dpi=120)
        plots.append("predicted-vs-measured.png")
    lib_rows = [r for r in rows if r["library_over_top1"]]
    if lib_rows:
        fig, ax = plt.subplots(figsize=(max(8, len(lib_rows) * 0.12), 4))
        ax.bar(range(len(lib_rows)), [r["library_over_top1"] for r in lib_rows])
        ax.axhline(1, color="k", lw=0.8)
        ax.set_yscale("log")
        ax.set_xticks(range(len(lib_rows)))
        ax.set_xticklabels([r["op"] for r in lib_rows], rotation=90, fontsize=5)
        ax.set_ylabel("library ms / Roller top-1 ms (>1: Roller faster)")
        ax.set_title("Roller top-1 against cuBLAS / PyTorch (%s)" % device["name"])
        fig.tight_layout()
        fig.savefig(os.path.join(args.out, "speedup-vs-library.png"), dpi=120)
        plots.append("speedup-vs-library.png")
    roof = [r for r in rows if r["pct_roofline"]]
    if roof:
        fig, ax = plt.subplots(figsize=(max(8, len(roof) * 0.12), 4))
        ax.bar(range(len(roof)), [r["pct_roofline"] for r in roof],
               color=["tab:orange" if r["bound"] == "compute" else "tab:blue" for r in roof])
        ax.set_xticks(range(len(roof)))
        ax.set_xticklabels([r["op"] for r in roof], rotation=90, fontsize=5)
        ax.set_ylabel("% of the roofline bound")
        ax.set_title("Roller top-1, share of the roofline (orange: compute-bound)")
        fig.tight_layout()
        fig.savefig(os.path.join(args.out, "roofline.png"), dpi=120)
        plots.append("roofline.png")
    if plots:
        with open(os.path.join(args.out, "results.md"), "a") as fh:
            fh.write("\n" + "\n".join("![%s](%s)" % (p, p) for p in plots) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
