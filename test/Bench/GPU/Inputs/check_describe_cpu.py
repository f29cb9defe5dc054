"""Checks gen_suite.py --describe against MLIR's own semantics on the CPU.

roller-bench's reference kernel computes every operator from its description
(loops, affine input indices, combiner) and never sees the MLIR, so a wrong
description would make every GPU check fail (or, worse, agree with a wrong
kernel). Here small instances of each operator class are emitted by the same
gen_suite.py emitters, run through upstream lowering on the CPU
(roller-opt --roller-lower-to-cpu | mlir-runner), and compared exactly with
the description evaluated the way the reference kernel does it (per-loop
element-offset coefficients, an odometer over the reduction loops).

usage: check_describe_cpu.py ROLLER_SRC ROLLER_OPT MLIR_RUNNER RUNNER_LIBS
"""
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1] + "/bench/suite")
import gen_suite  # noqa: E402


def conv_row(op_id, kind, **p):
    kh = p.get("KH", p.get("K", p.get("window")))
    kw = p.get("KW", p.get("K", p.get("window")))
    s, d = p["stride"], p.get("dilation", 1)
    pad = p["pad_before"] + p["pad_after"]
    p["OH"] = (p["H"] + pad - d * (kh - 1) - 1) // s + 1
    p["OW"] = (p["W"] + pad - d * (kw - 1) - 1) // s + 1
    return op_id, kind, p


CASES = [
    conv_row("conv_s2", "conv2d", N=2, C=3, H=7, W=6, F=4, KH=3, KW=2, stride=2,
             pad_before=1, pad_after=1, dilation=1),
    conv_row("conv_d2", "conv2d", N=1, C=2, H=8, W=9, F=3, KH=2, KW=3, stride=1,
             pad_before=0, pad_after=0, dilation=2),
    conv_row("dw_s2", "depthwise_conv2d", N=2, C=3, H=9, W=8, K=3, stride=2,
             pad_before=1, pad_after=1, dilation=1),
    conv_row("pool_s2", "pool2d", N=2, C=2, H=7, W=6, window=3, stride=2,
             pad_before=0, pad_after=0, pool="avg"),
    ("relu", "elementwise", {"op": "relu", "shape": "2x3x4x5", "numel": 120}),
    ("reduce_02", "reduce", {"op": "sum", "shape": "3x4x5", "axes": "0|2"}),
    ("reduce_1", "reduce", {"op": "sum", "shape": "3x4x5", "axes": "1"}),
    ("matmul", "matmul", {"M": 5, "N": 7, "K": 6}),
]

KS = [3, 5, 11, 13, 17]


def value(index, input_no):
    s = sum(k * i for k, i in zip(KS, index)) + 7 * input_no
    return float(s % 7 - 3)


def generate(name, shape, input_no):
    """MLIR lines defining %name with value() at every index."""
    args = ", ".join("%%%s_i%d: index" % (name, d) for d in range(len(shape)))
    t = "tensor<%sxf32>" % "x".join(map(str, shape))
    lines = ["  %%%s = tensor.generate {" % name, "  ^bb0(%s):" % args,
             "    %%%s_acc0 = arith.constant %d : index" % (name, 7 * input_no)]
    for d in range(len(shape)):
        lines += ["    %%%s_k%d = arith.constant %d : index" % (name, d, KS[d]),
                  "    %%%s_m%d = arith.muli %%%s_i%d, %%%s_k%d : index" % (name, d, name, d, name, d),
                  "    %%%s_acc%d = arith.addi %%%s_acc%d, %%%s_m%d : index"
                  % (name, d + 1, name, d, name, d)]
    n = len(shape)
    lines += ["    %%%s_seven = arith.constant 7 : index" % name,
              "    %%%s_three = arith.constant 3 : index" % name,
              "    %%%s_r = arith.remui %%%s_acc%d, %%%s_seven : index" % (name, name, n, name),
              "    %%%s_v = arith.subi %%%s_r, %%%s_three : index" % (name, name, name),
              "    %%%s_vi = arith.index_cast %%%s_v : index to i32" % (name, name),
              "    %%%s_f = arith.sitofp %%%s_vi : i32 to f32" % (name, name),
              "    tensor.yield %%%s_f : f32" % name,
              "  } : %s" % t]
    return lines, t


def reference(desc):
    """The description evaluated as roller-bench's referenceKernel does."""
    loops = desc["loops"]
    npar = sum(1 for l in loops if not l["reduction"])
    ins = desc["inputs"]
    data, coeff = [], []
    for j, t in enumerate(ins):
        shape = t["shape"]
        flat = []

        def walk(prefix):
            if len(prefix) == len(shape):
                flat.append(value(prefix, j))
                return
            for i in range(shape[len(prefix)]):
                walk(prefix + [i])
        walk([])
        data.append(flat)
        c = [0] * len(loops)
        stride = 1
        for k in range(len(shape) - 1, -1, -1):
            for loop, co in t["index"][k]:
                c[loop] += co * stride
            stride *= shape[k]
        coeff.append(c)
    out_count = 1
    for l in loops[:npar]:
        out_count *= l["size"]
    out = []
    for o in range(out_count):
        off = [0] * len(ins)
        rem = o
        for l in range(npar - 1, -1, -1):
            v = rem % loops[l]["size"]
            rem //= loops[l]["size"]
            for j in range(len(ins)):
                off[j] += v * coeff[j][l]
        if desc["combine"] == "relu":
            out.append(max(data[0][off[0]], 0.0))
            continue
        counter = [0] * len(loops)
        acc = desc["init"]
        while True:
            term = data[0][off[0]]
            if desc["combine"] == "mul_add":
                for j in range(1, len(ins)):
                    term *= data[j][off[j]]
            acc += term
            l = len(loops) - 1
            while l >= npar:
                for j in range(len(ins)):
                    off[j] += coeff[j][l]
                counter[l] += 1
                if counter[l] < loops[l]["size"]:
                    break
                for j in range(len(ins)):
                    off[j] -= loops[l]["size"] * coeff[j][l]
                counter[l] = 0
                l -= 1
            if l < npar:
                break
        out.append(acc)
    return out


def main():
    _, _, opt, runner, libs = sys.argv
    funcs, main_lines, descs = [], ["func.func @main() {"], []
    for op_id, kind, params in CASES:
        row = {"id": op_id, "type": kind, "dtype": "float32",
               "p": {k: str(v) for k, v in params.items()}}
        summary, lines = gen_suite.EMITTERS[kind](row, op_id, "f32")
        desc = gen_suite.describe_op({"row": row, "sym": op_id, "summary": summary})
        descs.append((op_id, desc))
        funcs += lines
        args, types = [], []
        for j, t in enumerate(desc["inputs"]):
            name = "%s_in%d" % (op_id, j)
            gen, ty = generate(name, t["shape"], j)
            main_lines += gen
            args.append("%" + name)
            types.append(ty)
        out_t = "tensor<%sxf32>" % "x".join(map(str, desc["output"]["shape"]))
        main_lines += [
            '  vector.print str "%s\\n"' % op_id,
            "  %%%s_r = call @%s(%s) : (%s) -> %s" % (op_id, op_id, ", ".join(args),
                                                    ", ".join(types), out_t),
            "  %%%s_u = tensor.cast %%%s_r : %s to tensor<*xf32>" % (op_id, op_id, out_t),
            "  call @printMemrefF32(%%%s_u) : (tensor<*xf32>) -> ()" % op_id]
    main_lines += ["  return", "}",
                   "func.func private @printMemrefF32(tensor<*xf32>)"]
    module = "\n".join(funcs + main_lines) + "\n"
    lowered = subprocess.run([opt, "--roller-lower-to-cpu"], input=module, text=True,
                             capture_output=True)
    if lowered.returncode:
        print(module)
        print(lowered.stderr)
        return 1
    ran = subprocess.run([runner, "-e", "main", "-entry-point-result=void",
                          "-shared-libs=" + libs], input=lowered.stdout, text=True,
                         capture_output=True)
    if ran.returncode:
        print(ran.stderr)
        return 1
    # Each op: its name line, the memref header, then the data.
    blocks = re.split(r"^(\w+)\n", ran.stdout, flags=re.M)
    printed = {blocks[i]: blocks[i + 1] for i in range(1, len(blocks) - 1, 2)}
    failures = 0
    for op_id, desc in descs:
        text = printed.get(op_id, "")
        data = text.split("data =", 1)[-1]
        got = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?", data)]
        want = reference(desc)
        if got != want:
            failures += 1
            print("MISMATCH %s: %d values from MLIR, %d from the description; first "
                  "differences: %s" % (op_id, len(got), len(want),
                                       [(i, a, b) for i, (a, b) in enumerate(zip(got, want))
                                        if a != b][:5]))
        else:
            print("%s: %d values match" % (op_id, len(want)))
    print("%d operators, %d mismatches" % (len(descs), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
