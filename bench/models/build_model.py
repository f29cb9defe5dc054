#!/usr/bin/env python3
"""Builds a model's whole GPU program into a shared library for model_runner.

For each MODEL (a folder with <name>.mlir and, optionally, info.json, such as
models/mlp_gelu or build-models/resnet18; or a .mlir file) it runs

  roller-opt M.mlir --llvm-request-c-wrappers --roller-tile=device=D
             --convert-to-nvvm                          -> OUT/<name>.llvm.mlir
  mlir-translate --mlir-to-llvmir | llc -relocation-model=pic -filetype=obj
                                                        -> OUT/<name>.o
  g++ -shared                                           -> OUT/<name>.so

and writes OUT/<name>.sig, the entry's signature for model_runner, and, for a
model of models/ (info.json with stored inputs and expected output), copies
them as OUT/<name>.input<i>.npy and OUT/<name>.expected.npy, so that OUT alone
is enough to run and check it (device.sh's dry run does):

  entry forward
  input f32 8 64          (one line per argument: element type, sizes)
  output f32 8 32         (one result)

--llvm-request-c-wrappers (upstream's pass) puts llvm.emit_c_interface on the
entry, so the library exports `_mlir_ciface_<entry>(result*, arg0*, ...)`,
each a pointer to a memref descriptor. The library holds the host program
(device buffers, copies in and out, the constants uploaded on the first call)
and every kernel's PTX; a global constructor loads the PTX with
mgpuModuleLoadJIT when the library is loaded. The mgpu* functions stay
undefined: they come from the runtime loaded before it (Roller's emulator,
build/lib/libroller_emulator_runtime.so, or bench/models/cuda_runtime.cpp's
library on a GPU machine).

Needs roller-opt and LLVM 22's mlir-translate and llc, and g++. Standard
library only. Exit 1 when a model fails to build.

  python3 bench/models/build_model.py models/mlp_gelu --out /tmp/so
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
LLVM = os.environ.get("LLVM_PREFIX", "/usr/lib/llvm-22")
ELEMENTS = ("f32", "f16", "bf16")


def log(msg):
    sys.stderr.write("build_model: %s\n" % msg)
    sys.stderr.flush()


def find_model(spec):
    """(name, .mlir path, entry, stored files) of a model folder or .mlir file;
    the stored files are the inputs and expected output of a models/ export."""
    if spec.endswith(".mlir"):
        name, folder = os.path.splitext(os.path.basename(spec))[0], os.path.dirname(spec)
        mlir = spec
    else:
        folder = spec
        name = os.path.basename(os.path.normpath(spec))
        mlir = os.path.join(folder, name + ".mlir")
    entry, stored = "forward", {}
    info = os.path.join(folder, "info.json")
    if os.path.isfile(info):
        with open(info) as f:
            data = json.load(f)
        entry = data.get("entry", entry)
        if not spec.endswith(".mlir") and data.get("mlir"):
            mlir = os.path.join(folder, data["mlir"])
        files = [i.get("file", "") for i in data.get("inputs", [])]
        outs = [o.get("file", "") for o in data.get("outputs", [])]
        if files and len(outs) == 1 and all(f.endswith(".npy") for f in files + outs):
            for i, f in enumerate(files):
                stored["%s.input%d.npy" % (name, i)] = os.path.join(folder, f)
            stored[name + ".expected.npy"] = os.path.join(folder, outs[0])
    if not os.path.isfile(mlir):
        raise RuntimeError("%s: no %s" % (spec, mlir))
    return name, mlir, entry, stored


def tensor(text):
    """('f32', [8, 64]) of 'tensor<8x64xf32>'."""
    m = re.fullmatch(r"tensor<((?:\d+x)*)([a-z0-9]+)>", text.strip())
    if not m or m.group(2) not in ELEMENTS:
        raise RuntimeError("unsupported argument or result type %s (model_runner takes "
                           "static tensors of %s)" % (text.strip(), ", ".join(ELEMENTS)))
    return m.group(2), [int(d) for d in m.group(1).split("x") if d]


def signature(mlir, entry):
    """The entry's argument and result types, from its func.func line (read
    without loading the whole file: the full-size exports are 0.1-0.5 GB)."""
    head = re.compile(r"^\s*func\.func (?:public )?@%s\((.*)\)\s*->\s*(.*?)\s*"
                      r"(?:attributes \{.*\}\s*)?\{\s*$" % re.escape(entry))
    with open(mlir) as f:
        for line in f:
            if line.startswith("{-#"):
                break
            m = head.match(line)
            if not m:
                continue
            args = [tensor(t) for t in re.findall(r"%[\w]+:\s*(tensor<[^>]*>)", m.group(1))]
            results = m.group(2)
            if results.startswith("("):
                results = results[1:-1]
            outs = [tensor(t) for t in re.findall(r"tensor<[^>]*>", results)]
            if len(outs) != 1:
                raise RuntimeError("@%s returns %d results; model_runner takes one"
                                   % (entry, len(outs)))
            return args, outs[0]
    raise RuntimeError("%s: no one-line func.func @%s" % (mlir, entry))


def run(cmd, what, stdin=None, stdout=None):
    t0 = time.time()
    r = subprocess.run(cmd, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE)
    if r.returncode != 0:
        err = r.stderr.decode(errors="replace").strip().splitlines()
        first = next((ln for ln in err if "error" in ln), err[0] if err else "(no message)")
        raise RuntimeError("%s failed (exit %d): %s" % (what, r.returncode, first[:400]))
    return time.time() - t0


def build(spec, args):
    name, mlir, entry, stored = find_model(spec)
    ins, out = signature(mlir, entry)
    base = os.path.join(args.out, name)
    lowered, obj, lib = base + ".llvm.mlir", base + ".o", base + ".so"
    nice = ["nice", "-n", str(args.nice)] if args.nice else []
    t_opt = run(nice + [args.roller_opt, mlir, "--mlir-print-op-on-diagnostic=false",
                        "--llvm-request-c-wrappers", "--roller-tile=device=" + args.device,
                        "--convert-to-nvvm", "-o", lowered], "roller-opt")
    # mlir-translate's textual IR goes straight into llc: for a full-size model
    # it is several times the size of its weights.
    t0 = time.time()
    translate = subprocess.Popen(nice + [os.path.join(args.llvm, "bin", "mlir-translate"),
                                         "--mlir-to-llvmir", lowered],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    llc = subprocess.run(nice + [os.path.join(args.llvm, "bin", "llc"), "-O" + args.opt,
                                 "-relocation-model=pic", "-filetype=obj", "-o", obj, "-"],
                         stdin=translate.stdout, stderr=subprocess.PIPE)
    translate.stdout.close()
    terr = translate.stderr.read().decode(errors="replace")
    if translate.wait() != 0:
        raise RuntimeError("mlir-translate failed: %s" % terr.strip()[:400])
    if llc.returncode != 0:
        raise RuntimeError("llc failed: %s" % llc.stderr.decode(errors="replace").strip()[:400])
    t_llc = time.time() - t0
    t_link = run([args.cxx, "-shared", "-o", lib, obj], "g++ -shared")
    with open(base + ".sig", "w") as f:
        f.write("# bench/models/build_model.py: _mlir_ciface_%s of %s.so\n" % (entry, name))
        f.write("entry %s\n" % entry)
        for elt, shape in ins:
            f.write(" ".join(["input", elt] + [str(d) for d in shape]) + "\n")
        f.write(" ".join(["output", out[0]] + [str(d) for d in out[1]]) + "\n")
    for dst, src in stored.items():
        shutil.copyfile(src, os.path.join(args.out, dst))
    with open(lowered) as f:
        kernels = sum(1 for line in f if line.lstrip().startswith("gpu.binary "))
    size = os.path.getsize(lib)
    if not args.keep:
        for p in (lowered, obj):
            os.remove(p)
    log("%s: %s.so %.2f MB, %d kernel modules; roller-opt %.1f s, mlir-translate + llc "
        "%.1f s, link %.1f s" % (name, name, size / 1e6, kernels, t_opt, t_llc, t_link))
    return {"name": name, "so": lib, "so_bytes": size, "kernel_modules": kernels,
            "roller_opt_s": t_opt, "llc_s": t_llc, "link_s": t_link}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("models", nargs="+", help="model folders or .mlir files")
    ap.add_argument("--out", required=True, help="where <name>.so and <name>.sig go")
    ap.add_argument("--roller-opt", default=os.path.join(REPO, "build", "bin", "roller-opt"))
    ap.add_argument("--llvm", default=LLVM, help="LLVM 22's prefix (mlir-translate, llc)")
    ap.add_argument("--cxx", default=os.environ.get("CXX", "g++"))
    ap.add_argument("--device", default="h200")
    ap.add_argument("--opt", default="2", help="llc's -O level (default 2)")
    ap.add_argument("--nice", type=int, default=0, help="run the compilers under nice -n N")
    ap.add_argument("--keep", action="store_true",
                    help="keep <name>.llvm.mlir (roller-opt's output) and <name>.o")
    ap.add_argument("--summary", help="write the sizes and times as JSON here")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    rows, failed = [], 0
    for spec in args.models:
        try:
            rows.append(build(spec, args))
        except (RuntimeError, OSError) as e:
            log("%s: %s" % (spec, e))
            failed += 1
    if args.summary:
        with open(args.summary, "w") as f:
            json.dump(rows, f, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
