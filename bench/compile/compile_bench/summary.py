"""Each row's ratios (peer / Roller) and the run's statistics."""

import statistics

from .common import sb


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def ratio(a, b):
    return a / b if a is not None and b is not None and b > 0 else None


def finish_row(row):
    r = row.get("roller_compile_ms")
    row["iree_over_roller"] = ratio(row.get("iree_compile_ms"), r)
    row["iree_codegen_over_roller"] = ratio(row.get("iree_codegen_ms"), r)
    row["triton_over_roller"] = ratio(row.get("triton_ptx_ms_mean"), r)
    row["triton_all_over_roller"] = ratio(row.get("triton_ptx_ms_total"), r)
    return row


def stats(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"n": len(values), "median": statistics.median(values),
            "mean": statistics.mean(values), "total": sum(values),
            "min": min(values), "max": max(values)}


def summarize(rows, args):
    s = {"operators": len(rows)}
    s["roller_select_ms"] = stats([r.get("roller_select_ms") for r in rows])
    s["roller_compile_ms"] = stats([r.get("roller_compile_ms") for r in rows])
    s["roller_failed"] = [(r["id"], r["roller_reason"]) for r in rows
                          if r.get("roller_status") != "ok"]
    ok = [r for r in rows if r.get("roller_compile_ms") is not None]
    if ok:
        slow = max(ok, key=lambda r: r["roller_compile_ms"])
        s["roller_slowest"] = (slow["id"], slow["roller_compile_ms"])
    s["roller_ptxas_ms"] = stats([r.get("roller_ptxas_ms") for r in rows])
    s["roller_backend_ms"] = stats([r.get("roller_backend_ms") for r in rows])
    s["roller_front_ms"] = stats([r["roller_compile_ms"] - r["roller_backend_ms"] for r in rows
                                  if r.get("roller_compile_ms") is not None
                                  and r.get("roller_backend_ms") is not None])
    if not args.no_iree:
        s["iree_compile_ms"] = stats([r.get("iree_compile_ms") for r in rows])
        s["iree_backend_ms"] = stats([r.get("iree_backend_ms") for r in rows])
        s["iree_codegen_ms"] = stats([r.get("iree_codegen_ms") for r in rows])
        s["iree_codegen_ratio"] = ratio_stats([r.get("iree_codegen_over_roller") for r in rows])
        s["iree_failed"] = [(r["id"], r["iree_reason"]) for r in rows
                            if r.get("iree_status") not in ("ok", None)]
        s["iree_ratio"] = ratio_stats([r.get("iree_over_roller") for r in rows])
    if not args.no_triton:
        mm = [r for r in rows if r.get("triton_status") is not None]
        s["triton_shapes"] = len(mm)
        s["triton_ptx_ms_mean"] = stats([r.get("triton_ptx_ms_mean") for r in mm])
        s["triton_ptx_ms_total"] = stats([r.get("triton_ptx_ms_total") for r in mm])
        s["triton_cubin_ms_mean"] = stats([r.get("triton_cubin_ms_mean") for r in mm])
        s["triton_failed"] = [(r["id"], r["triton_reason"]) for r in mm
                              if r.get("triton_status") != "ok"]
        s["triton_ratio"] = ratio_stats([r.get("triton_over_roller") for r in mm])
        s["triton_all_ratio"] = ratio_stats([r.get("triton_all_over_roller") for r in mm])
        # Over the same matmuls, Roller's own figures.
        s["roller_matmul_compile_ms"] = stats([r.get("roller_compile_ms") for r in mm
                                               if r.get("triton_ptx_ms_mean") is not None])
    return s


def ratio_stats(values):
    values = [v for v in values if v is not None and v > 0]
    if not values:
        return None
    return {"n": len(values), "geomean": sb.geomean(values),
            "median": statistics.median(values), "min": min(values), "max": max(values)}
