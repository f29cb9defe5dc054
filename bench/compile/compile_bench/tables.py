"""Numbers, the per-operator table and the summary as text, shared by the
terminal report and the markdown."""

from .common import CUDA_ARCH, sb
from .iree import IREE_BACKEND_PASS, IREE_CODEGEN_PASSES
from .roller import ROLLER_BACKEND_PASS
from .triton_matmul import TRITON_CONFIGS


def fnum(value, digits=None):
    if value is None:
        return "-"
    if digits is not None:
        return "%.*f" % (digits, value)
    if abs(value) >= 100:
        return "%.0f" % value
    if abs(value) >= 10:
        return "%.1f" % value
    return "%.2f" % value


def fratio(value):
    return "-" if value is None else ("%.1fx" % value if value >= 10 else "%.2fx" % value)


def status_cell(row, prefix, value_key):
    status = row.get(prefix + "_status")
    if status is None:
        return "n/a"
    if status != "ok" and row.get(value_key) is None:
        return status.replace(" ", "-")
    return fnum(row.get(value_key))


def table_cells(row, args):
    cells = [row["id"], sb.TYPE_SHORT.get(row["type"], row["type"]), row["shape"],
             fnum(row.get("roller_select_ms")),
             status_cell(row, "roller", "roller_compile_ms")]
    if not args.no_iree:
        cells += [status_cell(row, "iree", "iree_compile_ms"), fratio(row.get("iree_over_roller")),
                  status_cell(row, "iree", "iree_codegen_ms"),
                  fratio(row.get("iree_codegen_over_roller"))]
    if not args.no_triton:
        cells += [status_cell(row, "triton", "triton_ptx_ms_mean"),
                  fratio(row.get("triton_over_roller")),
                  fnum(row.get("triton_ptx_ms_total")),
                  fratio(row.get("triton_all_over_roller"))]
    return cells


def table_heads(args):
    heads = [("id", "<"), ("type", "<"), ("shape", "<"), ("select_ms", ">"),
             ("roller_ms", ">")]
    if not args.no_iree:
        heads += [("iree_ms", ">"), ("iree/roller", ">"), ("iree_cg_ms", ">"),
                  ("cg/roller", ">")]
    if not args.no_triton:
        heads += [("triton_ms", ">"), ("triton/roller", ">"), ("triton8_ms", ">"),
                  ("triton8/roller", ">")]
    return heads


def table_lines(rows, args):
    heads = table_heads(args)
    cells = [table_cells(r, args) for r in rows]
    widths = [max([len(h)] + [len(c[i]) for c in cells]) for i, (h, _) in enumerate(heads)]

    def line(values):
        return "  ".join(v.ljust(w) if heads[i][1] == "<" else v.rjust(w)
                         for i, (v, w) in enumerate(zip(values, widths))).rstrip()

    return [line([h for h, _ in heads]), line(["-" * w for w in widths])] + \
        [line(c) for c in cells]


def describe(st, unit="ms"):
    return ("median %s %s, mean %s %s, total %s %s over %d"
            % (fnum(st["median"]), unit, fnum(st["mean"]), unit, fnum(st["total"]), unit,
               st["n"]))


def describe_ratio(st):
    return ("geomean %s, median %s, range %s to %s over %d operators"
            % (fratio(st["geomean"]), fratio(st["median"]), fratio(st["min"]),
               fratio(st["max"]), st["n"]))


def summary_lines(s, args):
    out = ["operators: %d" % s["operators"]]
    if s["roller_select_ms"]:
        out.append("Roller --roller-select: " + describe(s["roller_select_ms"]))
    if s["roller_compile_ms"]:
        out.append("Roller --roller-tile --convert-to-nvvm: " + describe(s["roller_compile_ms"])
                   + "; slowest %s %s ms" % (s["roller_slowest"][0],
                                             fnum(s["roller_slowest"][1])))
    if s.get("roller_backend_ms"):
        out.append("  of which LLVM's NVPTX back end (%s): %s; the rest: %s"
                   % (ROLLER_BACKEND_PASS, describe(s["roller_backend_ms"]),
                      describe(s["roller_front_ms"])))
    if s.get("roller_ptxas_ms"):
        out.append("ptxas -arch=%s on Roller's PTX: %s" % (CUDA_ARCH,
                                                          describe(s["roller_ptxas_ms"])))
    for reason, ids in group_reasons(s["roller_failed"]):
        out.append("Roller failed on %d: %s (%s)" % (len(ids), ", ".join(ids), reason))
    if not args.no_iree:
        if s.get("iree_compile_ms"):
            out.append("IREE iree-compile (CUDA %s): %s" % (CUDA_ARCH,
                                                            describe(s["iree_compile_ms"])))
        if s.get("iree_codegen_ms"):
            out.append("  of which kernel code generation (%s): %s"
                       % (" + ".join(IREE_CODEGEN_PASSES), describe(s["iree_codegen_ms"])))
        if s.get("iree_backend_ms"):
            out.append("  of which LLVM's NVPTX back end (%s): %s"
                       % (IREE_BACKEND_PASS, describe(s["iree_backend_ms"])))
        if s.get("iree_ratio"):
            out.append("IREE/Roller compile time: " + describe_ratio(s["iree_ratio"]))
        if s.get("iree_codegen_ratio"):
            out.append("IREE kernel code generation/Roller: "
                       + describe_ratio(s["iree_codegen_ratio"]))
        for reason, ids in group_reasons(s.get("iree_failed", [])):
            out.append("IREE failed on %d: %s (%s)" % (len(ids), ", ".join(ids), reason))
    if not args.no_triton and s.get("triton_shapes"):
        if s.get("triton_ptx_ms_mean"):
            out.append("Triton tutorial matmul, one configuration to PTX: %s"
                       % describe(s["triton_ptx_ms_mean"]))
            out.append("Triton tutorial matmul, all %d configurations to PTX: %s"
                       % (len(TRITON_CONFIGS), describe(s["triton_ptx_ms_total"])))
            out.append("Triton cubin stage (ptxas), one configuration: %s"
                       % describe(s["triton_cubin_ms_mean"]))
        if s.get("roller_matmul_compile_ms"):
            out.append("Roller on the same matmuls: " + describe(s["roller_matmul_compile_ms"]))
        if s.get("triton_ratio"):
            out.append("Triton(1 configuration)/Roller: " + describe_ratio(s["triton_ratio"]))
        if s.get("triton_all_ratio"):
            out.append("Triton(%d configurations)/Roller: %s"
                       % (len(TRITON_CONFIGS), describe_ratio(s["triton_all_ratio"])))
        for reason, ids in group_reasons(s.get("triton_failed", [])):
            out.append("Triton failed on %d: %s (%s)" % (len(ids), ", ".join(ids), reason))
    return out


def group_reasons(pairs):
    groups = {}
    for op_id, reason in pairs:
        groups.setdefault(reason, []).append(op_id)
    return sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
