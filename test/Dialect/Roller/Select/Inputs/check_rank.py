"""Checks that a rank=2 selection report chose rank 1's second candidate."""
import json
import sys

first = [json.loads(line) for line in open(sys.argv[1])]
second = [json.loads(line) for line in open(sys.argv[2])]
assert len(first) == len(second) > 0, (len(first), len(second))
for a, b in zip(first, second):
    assert a["rank"] == 1 and b["rank"] == 2, (a["rank"], b["rank"])
    runner_up = a["top"][1]
    assert b["block_tile"] == runner_up["block_tile"], (b, runner_up)
    assert b["thread_tile"] == runner_up["thread_tile"], (b, runner_up)
    assert b["top"] == a["top"][: len(b["top"])] or len(b["top"]) >= 2
print("ok: rank 2 is rank 1's runner-up for", len(first), "ops")
