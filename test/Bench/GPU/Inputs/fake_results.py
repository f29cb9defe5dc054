"""Writes roller-bench records for a manifest as a GPU run would, with made-up
times (no GPU here), so report.py's arithmetic can be checked: for every
operator rank r takes `1 + 0.05 * (r - 1)` ms, except the first operator,
whose rank 2 is 20% faster than its rank 1 (so its top-1 is not within 10%
of the best); the predicted time is the model's."""
import json
import sys

manifest = json.load(open(sys.argv[1]))
with open(sys.argv[2], "w") as out:
    first = True
    for op in manifest["ops"]:
        if op.get("skipped"):
            out.write(json.dumps({"op": op["id"], "record": "op", "skipped": op["skipped"]}) + "\n")
            continue
        for c in op["candidates"]:
            ms = 1 + 0.05 * (c["rank"] - 1)
            if first and c["rank"] == 2:
                ms = 0.8
            out.write(json.dumps({"op": op["id"], "rank": c["rank"], "record": "start"}) + "\n")
            out.write(json.dumps({"op": op["id"], "rank": c["rank"], "record": "candidate",
                                  "status": "ok", "ms": ms, "reps": 10,
                                  "predicted_ms": c["predicted_us"] / 1e3,
                                  "max_abs_err": 0, "mismatches": 0}) + "\n")
        out.write(json.dumps({"op": op["id"], "record": "op", "ideal_ms": 0.5,
                              "bound": "memory"}) + "\n")
        first = False
