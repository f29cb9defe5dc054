#!/usr/bin/env python3
"""Exports bench/models' full-size models to linalg-on-tensors MLIR with torch-mlir.

For each model (bench/models/full_models.py: resnet18, bert_layer,
llama7b_mlp_f16) it writes OUT/<name>/:

  <name>.mlir   torch-mlir's FX importer output, output_type="linalg-on-tensors",
                weights inlined as dense_resource constants (as models/export.py)
  weights.pt    the model's state_dict (torch.save), the weights the MLIR holds
  input.pt      the input tensor
  info.json     the model, input shape and dtype, seed, parameter count, the
                sha256 (first 16 hex digits) of every tensor, the op census
                (models/export.py's), versions, and how long each step took

Random weights from full_models.SEED, eval mode. The outputs are hundreds of
MB (the f16 LLaMA MLP alone is 270 MB of weights, twice that as hex in the
.mlir), so they go to a build folder, never into git:

  build-torch/bin/python bench/models/export_full.py [--out DIR] [names...]

DIR defaults to build-models/ at the repository root (git-ignored).
"""

import argparse
import importlib.metadata
import importlib.util
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_OUT = os.path.join(REPO, "build-models")

try:
    import torch
    from torch_mlir import fx
except ImportError as e:
    sys.stderr.write("export_full.py: needs torch and torch-mlir (%s); run it with "
                     "build-torch/bin/python (scripts/install-torch-mlir.sh makes it)\n" % e)
    sys.exit(2)

sys.path.insert(0, HERE)
import full_models  # noqa: E402


def _models_export():
    """models/export.py (its op census), loaded by path."""
    spec = importlib.util.spec_from_file_location(
        "roller_models_export", os.path.join(REPO, "models", "export.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def export(name, out_root, check_parse):
    me = _models_export()
    _, shape, dtype, description = full_models.MODELS[name]
    steps = {}
    t0 = time.perf_counter()
    model, x, source = full_models.build(name)
    steps["build_s"] = time.perf_counter() - t0

    out = os.path.join(out_root, name)
    os.makedirs(out, exist_ok=True)
    t0 = time.perf_counter()
    torch.save(model.state_dict(), os.path.join(out, "weights.pt"))
    torch.save(x, os.path.join(out, "input.pt"))
    sums = full_models.checksums(model, x)
    steps["save_s"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    with torch.no_grad():
        module = fx.export_and_import(model, x, output_type="linalg-on-tensors",
                                      func_name="forward")
    steps["torch_mlir_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    mlir_path = os.path.join(out, name + ".mlir")
    with open(mlir_path, "w") as f:
        module.operation.print(file=f, large_elements_limit=None, enable_debug_info=False)
    del module
    steps["write_s"] = time.perf_counter() - t0

    # The census reads the IR before the resource blobs only.
    head = []
    with open(mlir_path) as f:
        for line in f:
            if line.startswith("{-#"):
                break
            head.append(line)
    text = "".join(head)
    if "__elided__" in text:
        raise SystemExit("%s: constants were elided in the export" % name)
    parsed = None
    if check_parse:
        t0 = time.perf_counter()
        parsed = me.check_parses(mlir_path)
        steps["mlir_opt_parse_s"] = time.perf_counter() - t0

    info = {
        "name": name,
        "description": description,
        "source": source,
        "entry": "forward",
        "mlir": name + ".mlir",
        "mlir_bytes": os.path.getsize(mlir_path),
        "input": {"file": "input.pt", "shape": list(shape),
                  "dtype": str(dtype).replace("torch.", ""),
                  "mlir_type": me.mlir_type(shape, dtype)},
        "weights": "weights.pt",
        "seed": full_models.SEED,
        "generation": "torch.manual_seed(%d); full_models.build(%r): the model "
                      "(BN statistics randomized), eval, cast to %s; then "
                      "torch.randn(input shape)" % (full_models.SEED, name,
                                                    str(dtype).replace("torch.", "")),
        "parameters": sum(p.numel() for p in model.parameters()),
        "checksums": sums,
        "versions": {"torch": torch.__version__,
                     "torch-mlir": importlib.metadata.version("torch-mlir")},
        "mlir_opt_parses": parsed,
        "op_census": me.census(text),
        "steps": {k: round(v, 2) for k, v in steps.items()},
    }
    with open(os.path.join(out, "info.json"), "w") as f:
        json.dump(info, f, indent=2)
        f.write("\n")
    print("%s: %s parameters, %.1f MB of MLIR, linalg %s; %s" % (
        name, info["parameters"], info["mlir_bytes"] / 1e6,
        info["op_census"]["linalg"],
        ", ".join("%s %.1f" % (k, v) for k, v in info["steps"].items())), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*",
                    help="models (default: all): " + ", ".join(full_models.MODELS))
    ap.add_argument("--out", default=DEFAULT_OUT, help="output folder (default %(default)s)")
    ap.add_argument("--check-parse", action="store_true",
                    help="also parse each .mlir with LLVM 22's mlir-opt (slow on big files)")
    args = ap.parse_args()
    for n in args.names:
        if n not in full_models.MODELS:
            ap.error("unknown model %s (known: %s)" % (n, ", ".join(full_models.MODELS)))
    torch.set_num_threads(2)
    for n in args.names or full_models.MODELS:
        export(n, args.out, args.check_parse)


if __name__ == "__main__":
    main()
