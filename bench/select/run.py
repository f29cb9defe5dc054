#!/usr/bin/env python3
"""Selection-time benchmark of --roller-select over a benchmark suite.

It runs roller-opt twice on the suite (bench/suite/<suite>.mlir):

  roller-opt SUITE --roller-select="device=D report=R1.jsonl"                    (constructed)
  roller-opt SUITE --roller-select="device=D search=exhaustive report=R2.jsonl"  (exhaustive)

and joins the two per-op reports by operator id. For each operator it prints
the constructed selection time, the constructed top-1 predicted time, the
exhaustive search's best predicted time (same cost model), their ratio and the
exhaustive search time. Then it prints summary lines: the mean and median
selection time, the slowest operator, how much slower exhaustive search is, and
the share of operators whose constructed top-1 is within 5% of the exhaustive
best. The targets are a median selection time under 2 ms and at least 95% of
the operators within 5%.

The report format and how its records are mapped to the operators:
reports.py.

Only the Python standard library is used.
"""

import argparse
import datetime
import json
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "bench", "suite"))
# Also when another script loads this one by its path (bench/model, bench/gpu).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_suite  # noqa: E402
from reports import (  # noqa: E402
    BenchError, func_starts, index_report, read_report)

SELECT_TARGET_MEDIAN_MS = 2.0
WITHIN = 0.05
WITHIN_TARGET_SHARE = 0.95

TYPE_SHORT = {
    "conv2d": "conv2d",
    "depthwise_conv2d": "dwconv2d",
    "elementwise": "relu",
    "pool2d": "avgpool",
    "reduce": "reduce",
    "matmul": "matmul",
    "matmul_tensorcore": "matmul_tc",
}

# ----------------------------------------------------------------------------
# Running roller-opt
# ----------------------------------------------------------------------------

def run_select(roller_opt, mlir_path, options, report_path, timeout):
    """Runs one --roller-select invocation; returns (wall seconds, command)."""
    for value in options.values():
        if " " in value:
            raise BenchError("pass option value %r contains a space" % value)
    opt_text = " ".join("%s=%s" % kv for kv in options.items())
    cmd = [roller_opt, mlir_path, "--roller-select=" + opt_text, "-o", os.devnull]
    if os.path.exists(report_path):
        os.remove(report_path)
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BenchError("%s timed out after %d s" % (shell_join(cmd), timeout))
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        err = proc.stderr.strip()
        if "Unknown command line argument '--roller-select" in err:
            raise BenchError(
                "%s has no --roller-select pass yet (it rejected the option).\n"
                "Build a roller-opt that has it (scripts/build.sh) or pass --roller-opt PATH.\n"
                "roller-opt said: %s" % (roller_opt, first_line(err)))
        if "no such option" in err or "Pass-Options-Parser" in err:
            raise BenchError(
                "roller-opt's --roller-select rejected the options %r: it needs the device=, "
                "report= and search= options.\nroller-opt said: %s" % (opt_text, first_line(err)))
        raise BenchError("%s failed (exit %d):\n%s"
                         % (shell_join(cmd), proc.returncode, tail(err, 20)))
    if not os.path.exists(report_path) or os.path.getsize(report_path) == 0:
        raise BenchError("%s succeeded but wrote no report at %s"
                         % (shell_join(cmd), report_path))
    return wall, shell_join(cmd)


def shell_join(cmd):
    out = []
    for word in cmd:
        if re.match(r"^[A-Za-z0-9_./=:,@+-]+$", word):
            out.append(word)
        else:
            out.append('"%s"' % word.replace('"', '\\"'))
    return " ".join(out)


def first_line(text):
    return text.splitlines()[0] if text else "(nothing on stderr)"


def tail(text, n):
    return "\n".join(text.splitlines()[-n:]) if text else "(nothing on stderr)"


# ----------------------------------------------------------------------------
# Rows and summary
# ----------------------------------------------------------------------------

def num(rec, key):
    if rec is None:
        return None
    value = rec.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def supported(rec):
    return rec is not None and rec.get("supported") is True


def build_rows(ops, con, exh):
    rows = []
    for op in ops:
        c, e = con.get(op["sym"]), exh.get(op["sym"])
        row = {
            "id": op["id"],
            "type": TYPE_SHORT.get(op["type"], op["type"]),
            "shape": op["summary"],
            "status": "ok",
            "reason": None,
            "select_us": None,
            "predicted_us": None,
            "exhaustive_predicted_us": None,
            "ratio": None,
            "exhaustive_select_us": None,
            "candidates_considered": None,
            "exhaustive_candidates_considered": None,
            "bottleneck": None,
            "constructed": c,
            "exhaustive": e,
        }
        if c is None or e is None:
            row["status"] = "missing"
            row["reason"] = "no %s record" % (
                "constructed" if c is None and e is not None else
                "exhaustive" if c is not None else "constructed or exhaustive")
        elif not supported(c) or not supported(e):
            row["status"] = "unsupported"
            row["reason"] = (c.get("reason") if not supported(c) else e.get("reason")) \
                or "unsupported"
        if supported(c):
            row["select_us"] = num(c, "select_us")
            row["predicted_us"] = num(c, "predicted_us")
            row["candidates_considered"] = c.get("candidates_considered")
            row["bottleneck"] = c.get("bottleneck")
        if supported(e):
            row["exhaustive_predicted_us"] = num(e, "predicted_us")
            row["exhaustive_select_us"] = num(e, "select_us")
            row["exhaustive_candidates_considered"] = e.get("candidates_considered")
        p, q = row["predicted_us"], row["exhaustive_predicted_us"]
        if p is not None and q is not None and q > 0:
            row["ratio"] = p / q
        rows.append(row)
    return rows


def summarize(rows):
    s = {"operators": len(rows)}
    s["ok"] = sum(1 for r in rows if r["status"] == "ok")
    s["unsupported"] = [(r["id"], r["reason"]) for r in rows if r["status"] == "unsupported"]
    s["missing"] = [(r["id"], r["reason"]) for r in rows if r["status"] == "missing"]

    sel = [(r["select_us"], r["id"]) for r in rows if r["select_us"] is not None]
    exh = [(r["exhaustive_select_us"], r["id"]) for r in rows
           if r["exhaustive_select_us"] is not None]
    if sel:
        s["select_mean_ms"] = statistics.mean(v for v, _ in sel) / 1e3
        s["select_median_ms"] = statistics.median(v for v, _ in sel) / 1e3
        slow = max(sel)
        s["select_slowest"] = {"id": slow[1], "ms": slow[0] / 1e3}
        s["select_total_ms"] = sum(v for v, _ in sel) / 1e3
        s["select_median_target_met"] = s["select_median_ms"] < SELECT_TARGET_MEDIAN_MS
    if exh:
        s["exhaustive_mean_ms"] = statistics.mean(v for v, _ in exh) / 1e3
        s["exhaustive_median_ms"] = statistics.median(v for v, _ in exh) / 1e3
        slow = max(exh)
        s["exhaustive_slowest"] = {"id": slow[1], "ms": slow[0] / 1e3}
        s["exhaustive_total_ms"] = sum(v for v, _ in exh) / 1e3
    # How much slower exhaustive search is, over the operators both runs timed.
    paired = [(r["select_us"], r["exhaustive_select_us"]) for r in rows
              if r["select_us"] is not None and r["exhaustive_select_us"] is not None]
    if paired:
        con_mean = statistics.mean(c for c, _ in paired)
        con_median = statistics.median(c for c, _ in paired)
        if con_mean > 0 and con_median > 0:
            s["exhaustive_slowdown_mean"] = statistics.mean(e for _, e in paired) / con_mean
            s["exhaustive_slowdown_median"] = \
                statistics.median(e for _, e in paired) / con_median
            s["exhaustive_slowdown_paired"] = len(paired)

    compared = [r for r in rows if r["ratio"] is not None]
    if compared:
        within = [r for r in compared if r["ratio"] <= 1.0 + WITHIN]
        s["within5_count"] = len(within)
        s["within5_compared"] = len(compared)
        s["within5_share"] = len(within) / len(compared)
        s["within5_target_met"] = s["within5_share"] >= WITHIN_TARGET_SHARE
        s["ratio_geomean"] = geomean([r["ratio"] for r in compared])
        worst = max(compared, key=lambda r: r["ratio"])
        s["ratio_worst"] = {"id": worst["id"], "ratio": worst["ratio"]}
        # The exhaustive best can never be worse than the constructed top-1 under
        # the same model; if it is, the exhaustive space misses candidates.
        s["exhaustive_worse"] = [r["id"] for r in compared if r["ratio"] < 1.0 - 1e-9]
    return s


def geomean(values):
    values = [v for v in values if v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


# ----------------------------------------------------------------------------
# Output
# ----------------------------------------------------------------------------

COLUMNS = [
    ("id", "id", "<"),
    ("type", "type", "<"),
    ("shape", "shape", "<"),
    ("select_us", "select_us", ">"),
    ("predicted_us", "pred_us", ">"),
    ("exhaustive_predicted_us", "exh_pred_us", ">"),
    ("ratio", "con/exh", ">"),
    ("exhaustive_select_us", "exh_select_us", ">"),
]


def fmt(key, value, row=None):
    if value is None:
        if row is not None and key == "select_us" and row["status"] != "ok":
            return row["status"]
        return "-"
    if key == "ratio":
        return "%.3f" % value
    if isinstance(value, float):
        return "%.1f" % value if value >= 10 else "%.2f" % value
    return str(value)


def table_lines(rows):
    cells = [[fmt(k, r[k], r) for k, _, _ in COLUMNS] for r in rows]
    heads = [h for _, h, _ in COLUMNS]
    widths = [max([len(h)] + [len(c[i]) for c in cells]) for i, h in enumerate(heads)]

    def line(values):
        return "  ".join(
            v.ljust(w) if COLUMNS[i][2] == "<" else v.rjust(w)
            for i, (v, w) in enumerate(zip(values, widths))).rstrip()

    out = [line(heads), line(["-" * w for w in widths])]
    out += [line(c) for c in cells]
    return out


def summary_lines(s, meta):
    out = []
    ok = lambda met: "met" if met else "NOT met"  # noqa: E731
    out.append("operators: %d (%d ok, %d unsupported, %d missing)"
               % (s["operators"], s["ok"], len(s["unsupported"]), len(s["missing"])))
    if "select_mean_ms" in s:
        out.append("selection time (constructed): mean %.3f ms, median %.3f ms, total %.1f ms "
                   "[target: median < %.0f ms: %s]"
                   % (s["select_mean_ms"], s["select_median_ms"], s["select_total_ms"],
                      SELECT_TARGET_MEDIAN_MS, ok(s["select_median_target_met"])))
        out.append("slowest selection: %s, %.3f ms"
                   % (s["select_slowest"]["id"], s["select_slowest"]["ms"]))
    if "exhaustive_mean_ms" in s:
        line = ("exhaustive search time: mean %.3f ms, median %.3f ms, total %.1f ms, "
                "slowest %s %.3f ms"
                % (s["exhaustive_mean_ms"], s["exhaustive_median_ms"], s["exhaustive_total_ms"],
                   s["exhaustive_slowest"]["id"], s["exhaustive_slowest"]["ms"]))
        out.append(line)
    if "exhaustive_slowdown_mean" in s:
        out.append("exhaustive search is %.1fx slower than constructed (ratio of means), "
                   "%.1fx (ratio of medians), over %d operators"
                   % (s["exhaustive_slowdown_mean"], s["exhaustive_slowdown_median"],
                      s["exhaustive_slowdown_paired"]))
    if "within5_share" in s:
        out.append("constructed top-1 within 5%% of the exhaustive best: %d/%d = %.1f%% "
                   "[target: >= %.0f%%: %s]"
                   % (s["within5_count"], s["within5_compared"], 100 * s["within5_share"],
                      100 * WITHIN_TARGET_SHARE, ok(s["within5_target_met"])))
        out.append("predicted constructed/exhaustive: geomean %.3f, worst %s %.3f"
                   % (s["ratio_geomean"], s["ratio_worst"]["id"], s["ratio_worst"]["ratio"]))
        if s["exhaustive_worse"]:
            out.append("WARNING: exhaustive best predicted slower than constructed top-1 on: %s"
                       % ", ".join(s["exhaustive_worse"]))
    for label, key in (("unsupported", "unsupported"), ("missing", "missing")):
        for op_id, reason in s[key]:
            out.append("%s: %s (%s)" % (label, op_id, reason))
    for run in meta.get("invocations", []):
        out.append("roller-opt wall time (%s): %.3f s" % (run["search"], run["wall_s"]))
    return out


def markdown(rows, s, meta):
    out = ["### `--roller-select` selection time: %s, device=%s, %s"
           % (meta["suite"], meta["device"], meta["date"]), ""]
    out.append("Machine: %s. roller-opt at commit %s." % (meta["machine"], meta["commit"]))
    out.append("")
    for run in meta.get("invocations", []):
        out.append("- `%s`: %.3f s wall" % (run["command"], run["wall_s"]))
    if meta.get("invocations"):
        out.append("")
    heads = ["id", "type", "shape", "select (us)", "top-1 predicted (us)",
             "exhaustive best (us)", "top-1/exhaustive", "exhaustive select (us)"]
    out.append("| " + " | ".join(heads) + " |")
    out.append("|" + "|".join(["---"] * 3 + ["---:"] * 5) + "|")
    for r in rows:
        out.append("| " + " | ".join(
            [r["id"], r["type"], r["shape"]] +
            [fmt(k, r[k], r) for k in ("select_us", "predicted_us", "exhaustive_predicted_us",
                                       "ratio", "exhaustive_select_us")]) + " |")
    out.append("")
    for line in summary_lines(s, {}):
        out.append("- " + line)
    return "\n".join(out) + "\n"


def machine_description():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s, %s, %d CPUs, %s" % (platform.node(), cpu, os.cpu_count() or 0,
                                    platform.platform())


def git_commit():
    try:
        out = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             universal_newlines=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


# ----------------------------------------------------------------------------

def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Selection-time benchmark of roller-opt --roller-select "
                    "(constructed top-1 against exhaustive search).")
    ap.add_argument("--device", default="h200",
                    help="device preset or JSON file passed as device= (default h200)")
    ap.add_argument("--suite", choices=gen_suite.SUITES, default="roller119")
    ap.add_argument("--only", help="comma-separated operator ids (generates a sub-suite)")
    ap.add_argument("--roller-opt", default=os.path.join(REPO, "build", "bin", "roller-opt"),
                    help="roller-opt binary (default build/bin/roller-opt)")
    ap.add_argument("--input", help="MLIR file to run instead of bench/suite/<suite>.mlir "
                                    "(it must be generated by gen_suite.py for --suite)")
    ap.add_argument("--reports", nargs=2, metavar=("CONSTRUCTED", "EXHAUSTIVE"),
                    help="summarize these existing report files instead of running roller-opt")
    ap.add_argument("--keep-reports", metavar="DIR",
                    help="write the two reports to DIR instead of a temporary folder")
    ap.add_argument("--timeout", type=int, default=1800,
                    help="seconds allowed per roller-opt run (default 1800)")
    ap.add_argument("--json", metavar="OUT", help="write the rows and summary as JSON")
    ap.add_argument("--markdown", metavar="OUT",
                    help="write a markdown table and summary (for docs/benchmarks.md)")
    ap.add_argument("--check-targets", action="store_true",
                    help="exit 1 if a target (median < 2 ms, >= 95%% within 5%%) is not met")
    args = ap.parse_args(argv)

    tmpdir = tempfile.mkdtemp(prefix="roller-select-bench-")
    try:
        return run(args, tmpdir)
    except BenchError as e:
        sys.stderr.write("bench/select/run.py: error: %s\n" % e)
        return 2
    except gen_suite.SuiteError as e:
        sys.stderr.write("bench/select/run.py: suite error: %s\n" % e)
        return 2
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def run(args, tmpdir):
    only = [s.strip() for s in args.only.split(",") if s.strip()] if args.only else None
    ops = gen_suite.load_suite(args.suite, only=only)
    syms = {op["sym"] for op in ops}

    if args.input:
        mlir_path = args.input
    else:
        committed = os.path.join(REPO, "bench", "suite", args.suite + ".mlir")
        if os.path.exists(committed) and not only:
            mlir_path = committed
        else:
            mlir_path = os.path.join(tmpdir, args.suite + ".mlir")
            with open(mlir_path, "w") as f:
                f.write(gen_suite.render(args.suite, ops))
    starts = func_starts(mlir_path)
    missing_funcs = sorted(syms - {sym for _, sym in starts})
    if missing_funcs:
        raise BenchError("%s lacks the functions %s (regenerate it with gen_suite.py)"
                         % (mlir_path, ", ".join(missing_funcs[:10])))

    meta = {
        "suite": args.suite,
        "device": args.device,
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "machine": machine_description(),
        "commit": git_commit(),
        "input": os.path.relpath(mlir_path, REPO) if mlir_path.startswith(REPO) else mlir_path,
        "invocations": [],
    }

    if args.reports:
        con_path, exh_path = args.reports
        meta["reports"] = [con_path, exh_path]
    else:
        if not os.path.isfile(args.roller_opt) or not os.access(args.roller_opt, os.X_OK):
            raise BenchError("no roller-opt at %s (build it with scripts/build.sh or pass "
                             "--roller-opt PATH)" % args.roller_opt)
        outdir = args.keep_reports or tmpdir
        os.makedirs(outdir, exist_ok=True)
        con_path = os.path.join(outdir, "select-%s-%s.jsonl" % (args.suite, tag(args.device)))
        exh_path = os.path.join(outdir, "select-exhaustive-%s-%s.jsonl"
                                % (args.suite, tag(args.device)))
        rel = os.path.relpath(mlir_path, REPO) if mlir_path.startswith(REPO) else mlir_path
        # One schedule per operator in both runs: a split across blocks
        # would make each run choose its own slice count, so the two would
        # rank different ops (the construction is what is measured here).
        for search, path, options in (
                ("constructed", con_path, {"device": args.device, "report": con_path,
                                           "split-across-blocks": "false"}),
                ("exhaustive", exh_path,
                 {"device": args.device, "search": "exhaustive", "report": exh_path,
                  "split-across-blocks": "false"})):
            sys.stderr.write("running --roller-select (%s) on %s ...\n" % (search, rel))
            wall, command = run_select(args.roller_opt, mlir_path, options, path, args.timeout)
            meta["invocations"].append({"search": search, "wall_s": wall, "command": command})

    warnings = []
    con = index_report(read_report(con_path), syms, starts, "constructed", warnings)
    exh = index_report(read_report(exh_path), syms, starts, "exhaustive", warnings)
    rows = build_rows(ops, con, exh)
    s = summarize(rows)

    print("--roller-select selection time: suite %s (%s), device=%s"
          % (args.suite, meta["input"], args.device))
    print("%s; %s" % (meta["date"], meta["machine"]))
    print()
    for line in table_lines(rows):
        print(line)
    print()
    for line in summary_lines(s, meta):
        print(line)
    for w in warnings:
        sys.stderr.write("warning: %s\n" % w)

    if args.json:
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "summary": s, "rows": rows, "warnings": warnings},
                      f, indent=1, sort_keys=False)
            f.write("\n")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(markdown(rows, s, meta))

    if args.check_targets:
        met = s.get("select_median_target_met") and s.get("within5_target_met")
        if not met or s["missing"]:
            return 1
    return 0


def tag(device):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", os.path.basename(device))


if __name__ == "__main__":
    sys.exit(main())
