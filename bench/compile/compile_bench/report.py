"""What a run prints (the table and summary) and the files it writes: CSV,
JSON and markdown."""

import csv
import json
import statistics

from .common import CUDA_ARCH, sb
from .tables import fnum, fratio, summary_lines, table_cells, table_heads, table_lines

CSV_FIELDS = [
    "suite", "id", "type", "shape", "dtype",
    "roller_select_ms", "roller_select_report_us", "roller_compile_ms", "roller_backend_ms",
    "roller_process_s", "roller_kernels", "roller_threads", "roller_ptxas_ms", "roller_status",
    "roller_reason",
    "iree_compile_ms", "iree_codegen_ms", "iree_backend_ms", "iree_process_s", "iree_dispatches",
    "iree_threads", "iree_ptx_target", "iree_status", "iree_reason", "iree_over_roller",
    "iree_codegen_over_roller",
    "triton_configs", "triton_ok_configs", "triton_ptx_ms_mean", "triton_ptx_ms_total",
    "triton_cubin_ms_mean", "triton_ptx_target", "triton_status", "triton_reason",
    "triton_over_roller", "triton_all_over_roller",
]


def report(rows, s, meta, args):
    """Prints the table and summary; writes the files asked for."""
    print("Compile time per operator: suites %s, device=%s (times in ms; ratios are "
          "peer/Roller)" % (",".join(meta["suites"]), meta["device"]))
    print("%s; %s; load average %s -> %s" % (meta["date"], meta["machine"],
                                             meta["load_start"], meta["load_end"]))
    if meta.get("iree_target"):
        print("IREE targets %s through: %s" % (CUDA_ARCH, meta["iree_target"]))
    print()
    for line in table_lines(rows, args):
        print(line)
    print()
    for line in summary_lines(s, args):
        print(line)
    print("run time: %.1f s" % meta["run_s"])

    if args.csv:
        write_csv(args.csv, rows)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "summary": s, "rows": rows}, f, indent=1)
            f.write("\n")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(markdown(rows, s, meta, args))


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS, extrasaction="ignore",
                           lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({k: csv_value(r.get(k)) for k in CSV_FIELDS})


def csv_value(v):
    if v is None:
        return ""
    if isinstance(v, float):
        return "%.4g" % v if abs(v) < 1 else "%.4f" % v if abs(v) < 100 else "%.2f" % v
    return v


def group_label(row):
    if row["suite"] == "fp16":
        return "matmul f16 (fp16)"
    label = sb.TYPE_SHORT.get(row["type"], row["type"])
    return label if row["suite"] == "roller119" else "%s (%s)" % (label, row["suite"])


def by_type_lines(rows, args):
    """A markdown table by operator type: medians of times, geomeans of ratios."""
    cols = [("select", "roller_select_ms", "ms"), ("Roller", "roller_compile_ms", "ms")]
    if not args.no_iree:
        cols += [("IREE", "iree_compile_ms", "ms"), ("IREE/Roller", "iree_over_roller", "x"),
                 ("IREE codegen", "iree_codegen_ms", "ms"),
                 ("codegen/Roller", "iree_codegen_over_roller", "x")]
    if not args.no_triton:
        cols += [("Triton 1 config", "triton_ptx_ms_mean", "ms"),
                 ("Triton/Roller", "triton_over_roller", "x"),
                 ("Triton 8 configs", "triton_ptx_ms_total", "ms")]
    groups = {}
    for r in rows:
        groups.setdefault(group_label(r), []).append(r)
    out = ["| operators | n | " + " | ".join(
        "%s (%s)" % (h, "median ms" if u == "ms" else "geomean") for h, _, u in cols) + " |",
        "|---|---:|" + "---:|" * len(cols)]
    for label, rs in list(groups.items()) + [("all", rows)]:
        cells = [label, str(len(rs))]
        for _, key, unit in cols:
            values = [r.get(key) for r in rs if r.get(key) is not None]
            if not values:
                cells.append("-")
            elif unit == "ms":
                cells.append(fnum(statistics.median(values)))
            else:
                cells.append(fratio(sb.geomean(values)))
        out.append("| " + " | ".join(cells) + " |")
    return out


def markdown(rows, s, meta, args):
    out = ["### Compile time per operator: %s, device=%s, %s"
           % (",".join(meta["suites"]), meta["device"], meta["date"]), ""]
    out.append("Machine: %s; load average %s at the start, %s at the end. "
               "roller-opt at commit %s; %s. Run time %.0f s."
               % (meta["machine"], meta["load_start"], meta["load_end"], meta["commit"],
                  ", ".join(meta["versions"]), meta["run_s"]))
    if meta.get("iree_target"):
        out.append("")
        out.append("IREE target: %s." % meta["iree_target"])
    out.append("")
    out += by_type_lines(rows, args)
    out.append("")
    heads = table_heads(args)
    out.append("| " + " | ".join(h for h, _ in heads) + " |")
    out.append("|" + "|".join("---" if a == "<" else "---:" for _, a in heads) + "|")
    for r in rows:
        out.append("| " + " | ".join(table_cells(r, args)) + " |")
    out.append("")
    for line in summary_lines(s, args):
        out.append("- " + line)
    return "\n".join(out) + "\n"
