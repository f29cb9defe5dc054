"""Prints a --roller-select report made with plan-epilogues, one line per
record under its function's name: the op, whether it is a kernel, its
planned epilogue's op, whether it names its anchor (epilogue_of) and, for
kernels, whether it moves more global bytes than the same op's record in a
report made without plan-epilogues (same order); for a group, whether it
moves fewer bytes than its two ops as separate kernels."""
import json
import sys


def read(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


plan, alone = read(sys.argv[1]), read(sys.argv[2])
assert len(plan) == len(alone), (len(plan), len(alone))
func = None
for p, a in zip(plan, alone):
    assert p["op"] == a["op"] and p["loc"] == a["loc"]
    if p["func"] != func:
        func = p["func"]
        print("func @" + func)
    line = "%s kernel=%s epilogue=%s anchor=%s" % (
        p["op"], p.get("kernel"), p.get("epilogue", {}).get("op", "-"),
        "epilogue_of" in p)
    if p.get("kernel"):
        line += " more_bytes=%s" % (p["global_bytes"] > a["global_bytes"])
    if "epilogue" in p:
        consumer = [x for x in alone if x["loc"] == p["epilogue"]["loc"]][0]
        line += " fewer_than_two=%s" % (
            p["global_bytes"] < a["global_bytes"] + consumer["global_bytes"])
    print(line)
