"""Fuzz cases: a seed, its mutations, and the command that runs them.

Case i of a run is a function of (seed, i) alone, so a run is reproducible
with any --jobs. A case is a dict: files (name -> text, bytes or a special
path), argv (a template; {roller_opt}, {roller_emu} and {<file>_<ext>} are
filled in by execute.py), tool, pipeline (a short name for reports),
mutations (names) and reparse (whether ok output must re-parse).
"""

import random

import corpus
import mutate_files
import mutate_mlir

# The pipelines of issue 19 (roller-opt's option spellings), on the input as
# it is: seeds hold linalg ops, rPrograms and host code.
MLIR_PIPELINES = {
    "select": ["--roller-select{opts}"],
    "tile": ["--roller-tile{opts}"],
    "tile+cpu": ["--roller-tile{opts}", "--roller-lower-to-cpu"],
    "tile+nvvm": ["--roller-tile{opts}", "--convert-to-nvvm"],
    "lower-to-cpu": ["--roller-lower-to-cpu"],
    "convert-to-nvvm": ["--convert-to-nvvm"],
    "attach+select": ["--roller-attach-device=device=h200", "--roller-select{opts}"],
}
DEVICE_PIPELINES = {
    "attach-file": ["--roller-attach-device=device={device_json}"],
    "select-file": ["--roller-select=device={device_json}"],
    "tile-file": ["--roller-tile=device={device_json}"],
}
# Occasional selection options, including out-of-range ones.
SELECT_OPTIONS = ["top-k=0", "top-k=-1", "top-k=1", "top-k=100000", "rank=0",
                  "rank=-1", "rank=7", "rank=4096", "search=exhaustive",
                  "search=nope", "device=a100", "device=v100", "device=none"]
COMMON = ["--verify-each=false", "--mlir-disable-threading"]


class Corpus:
    def __init__(self, root, with_emulator):
        self.mlir = corpus.mlir_seeds(root)
        self.json = corpus.json_seeds(root)
        self.ptx = corpus.ptx_seeds(root) if with_emulator else []


def _options(rng):
    if rng.random() >= 0.15:
        return ""
    return "=" + " ".join(rng.sample(SELECT_OPTIONS, rng.randint(1, 2)))


def _mlir_case(rng, seeds, max_mutations):
    name, text = rng.choice(seeds.mlir)
    text, muts = mutate_mlir.mutate(text, rng, rng.randint(1, max_mutations))
    pipeline = rng.choice(sorted(MLIR_PIPELINES))
    opts = _options(rng)
    args = [a.replace("{opts}", opts) for a in MLIR_PIPELINES[pipeline]]
    return {"files": {"input.mlir": text}, "tool": "roller-opt",
            "argv": ["{roller_opt}", "{input_mlir}"] + args + COMMON,
            "pipeline": pipeline, "seed": name, "mutations": muts,
            "reparse": True, "main_file": "input.mlir"}


def _device_case(rng, seeds):
    name, text = rng.choice(seeds.json)
    muts = []
    if rng.random() < 0.1:
        data = mutate_files.special_path(rng)
        muts.append("special-" + data.strip("/").replace("/", "-").lower())
    else:
        data = text
        for _ in range(rng.randint(1, 3)):
            if isinstance(data, bytes):
                break
            data, mut = mutate_files.json_value(data, rng)
            muts.append(mut)
    if rng.random() < 0.5:
        ir = corpus.MATMUL_SEED
    else:
        ir = rng.choice(seeds.mlir)[1]
    pipeline = rng.choice(sorted(DEVICE_PIPELINES))
    return {"files": {"input.mlir": ir, "device.json": data},
            "tool": "roller-opt",
            "argv": ["{roller_opt}", "{input_mlir}"] + DEVICE_PIPELINES[pipeline] + COMMON,
            "pipeline": pipeline, "seed": name, "mutations": muts,
            "reparse": True, "main_file": "device.json"}


def _ptx_case(rng, seeds):
    name, kernel, launch = rng.choice(seeds.ptx)
    muts = []
    for _ in range(rng.randint(1, 2)):
        if rng.random() < 0.7:
            kernel, mut = mutate_files.ptx(kernel, rng)
        else:
            launch, mut = mutate_files.launch(launch, rng)
        muts.append(mut)
    argv = ["{roller_emu}", "{kernel_ptx}", "{launch_json}"]
    if rng.random() < 0.5:
        argv.append("--sample")
    return {"files": {"kernel.ptx": kernel, "launch.json": launch},
            "tool": "roller-emu", "argv": argv, "pipeline": "emu",
            "seed": name, "mutations": muts, "reparse": False,
            "main_file": "kernel.ptx"}


def make_case(seed, index, seeds, max_mutations=3):
    rng = random.Random(f"{seed}:{index}")
    kinds, weights = ["mlir"], [0.75]
    if seeds.json:
        kinds.append("json")
        weights.append(0.15)
    if seeds.ptx:
        kinds.append("ptx")
        weights.append(0.10)
    kind = rng.choices(kinds, weights)[0]
    if kind == "json":
        case = _device_case(rng, seeds)
    elif kind == "ptx":
        case = _ptx_case(rng, seeds)
    else:
        case = _mlir_case(rng, seeds, max_mutations)
    case["index"] = index
    return case
