"""Seed corpus of the fuzzer: the repository's own inputs.

MLIR seeds are the `.mlir` files under test/, examples/, bench/suite and
models/, split at `// -----` (as --split-input-file does) with full-line
comments dropped, so every seed is one module a pipeline can run. JSON seeds
are the device files (examples/devices, test inputs); PTX seeds pair a kernel
with the launch description roller-emu reads.
"""

import json
import os

MLIR_DIRS = ["test", "examples", "bench/suite", "models"]
MAX_SEED_BYTES = 64 * 1024  # larger chunks only slow every execution down
SPLIT_MARK = "// -----"

# A seed for pipelines that need a linalg op but mutate another file (device
# files): small and quick to select and tile.
MATMUL_SEED = """func.func @mm(%A: tensor<128x64xf32>, %B: tensor<64x96xf32>,
                 %C: tensor<128x96xf32>) -> tensor<128x96xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<128x64xf32>, tensor<64x96xf32>)
                     outs(%C : tensor<128x96xf32>) -> tensor<128x96xf32>
  return %0 : tensor<128x96xf32>
}
"""


def _strip_comments(text):
    lines = [l for l in text.splitlines() if not l.lstrip().startswith("//")]
    return "\n".join(lines).strip() + "\n"


def _walk(root, rel, suffixes):
    base = os.path.join(root, rel)
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith(suffixes):
                yield os.path.join(dirpath, name)


def mlir_seeds(root):
    """[(name, text)] of every module chunk, in a stable order."""
    seeds = []
    for rel in MLIR_DIRS:
        for path in _walk(root, rel, (".mlir",)):
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            except (OSError, UnicodeDecodeError):
                continue
            for i, chunk in enumerate(text.split(SPLIT_MARK)):
                body = _strip_comments(chunk)
                if body.strip() and len(body) <= MAX_SEED_BYTES:
                    seeds.append((f"{os.path.relpath(path, root)}#{i}", body))
    return seeds


def json_seeds(root):
    """[(name, text)] of the device files (JSON objects with device keys)."""
    seeds = []
    for rel in ["examples/devices", "test"]:
        for path in _walk(root, rel, (".json",)):
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                value = json.loads(text)
            except (OSError, UnicodeDecodeError, ValueError):
                continue
            if isinstance(value, dict):
                seeds.append((os.path.relpath(path, root), text))
    return seeds


def ptx_seeds(root):
    """[(name, ptx text, launch text)]: kernels with a `.launch.json` beside."""
    seeds = []
    for path in _walk(root, "test", (".ptx",)):
        launch = path[: -len(".ptx")] + ".launch.json"
        if os.path.exists(launch):
            with open(path, encoding="utf-8") as f:
                ptx = f.read()
            with open(launch, encoding="utf-8") as f:
                seeds.append((os.path.relpath(path, root), ptx, f.read()))
    return seeds
