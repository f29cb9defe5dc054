#!/usr/bin/env python3
"""Exports small PyTorch models to linalg-on-tensors MLIR with torch-mlir.

For each model it writes models/<name>/:
  <name>.mlir    torch-mlir FX importer output, output_type="linalg-on-tensors",
                 weights inlined as dense_resource constants
  input.npy      the fixed input (input0.npy, input1.npy, ... if several)
  expected.npy   PyTorch's eager output for that input (float32; f16/bf16
                 outputs are upcast)
  info.json      entry function, shapes/dtypes, versions, op census

Needs torch, torch-mlir and numpy (scripts/install-torch-mlir.sh makes
build-torch/ with them):

  build-torch/bin/python models/export.py            # every model
  build-torch/bin/python models/export.py mlp_gelu   # some of them

Nothing else in the repository needs torch: the outputs are committed.
"""

import argparse
import collections
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch_mlir import fx

HERE = os.path.dirname(os.path.abspath(__file__))
ENTRY = "forward"
MLIR_OPT_CANDIDATES = ("/usr/lib/llvm-22/bin/mlir-opt", "mlir-opt-22")


# ----------------------------------------------------------------- models

def randomize_bn(bn):
    """Non-trivial running stats and affine params, so BN folding errors show."""
    c = bn.num_features
    with torch.no_grad():
        bn.running_mean.copy_(torch.randn(c) * 0.5)
        bn.running_var.copy_(torch.rand(c) * 1.5 + 0.5)
        bn.weight.copy_(torch.rand(c) + 0.5)
        bn.bias.copy_(torch.randn(c) * 0.5)


class MlpGelu(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(64, 128)
        self.act = nn.GELU(approximate="none")
        self.fc2 = nn.Linear(128, 32)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


def conv_bn(cin, cout, k=3, stride=1, groups=1):
    conv = nn.Conv2d(cin, cout, k, stride=stride, padding=k // 2,
                     groups=groups, bias=False)
    bn = nn.BatchNorm2d(cout)
    randomize_bn(bn)
    return conv, bn


class BasicBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1, self.bn1 = conv_bn(c, c)
        self.conv2, self.bn2 = conv_bn(c, c)

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return F.relu(y + x)


class ResNetBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1, self.bn1 = conv_bn(3, 16)
        self.pool = nn.MaxPool2d(3, stride=2, padding=1)
        self.block = BasicBlock(16)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, 10)

    def forward(self, x):
        x = F.relu(self.bn1(self.conv1(x)))
        x = self.pool(x)
        x = self.block(x)
        x = torch.flatten(self.gap(x), 1)
        return self.fc(x)


class Bottleneck(nn.Module):
    """torchvision's ResNet-50 block (v1.5: the stride on the 3x3
    convolution; a 1x1 projection with the stride where the shape changes)."""

    def __init__(self, cin, width, stride):
        super().__init__()
        cout = 4 * width
        self.conv1, self.bn1 = conv_bn(cin, width, k=1)
        self.conv2, self.bn2 = conv_bn(width, width, stride=stride)
        self.conv3, self.bn3 = conv_bn(width, cout, k=1)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.Sequential(*conv_bn(cin, cout, k=1, stride=stride))

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = F.relu(self.bn2(self.conv2(y)))
        y = self.bn3(self.conv3(y))
        return F.relu(y + (x if self.down is None else self.down(x)))


class BottleneckNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1, self.bn1 = conv_bn(3, 16)
        self.block1 = Bottleneck(16, 8, 2)
        self.block2 = Bottleneck(32, 8, 1)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(32, 10)

    def forward(self, x):
        x = F.relu(self.bn1(self.conv1(x)))
        x = self.block2(self.block1(x))
        return self.fc(torch.flatten(self.gap(x), 1))


class LlamaMlp(nn.Module):
    def __init__(self, hidden=64, intermediate=176):
        super().__init__()
        self.gate = nn.Linear(hidden, intermediate, bias=False)
        self.up = nn.Linear(hidden, intermediate, bias=False)
        self.down = nn.Linear(intermediate, hidden, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class DepthwiseSeparable(nn.Module):
    def __init__(self, c=16, cout=32):
        super().__init__()
        self.dw, self.bn1 = conv_bn(c, c, k=3, groups=c)
        self.pw, self.bn2 = conv_bn(c, cout, k=1)

    def forward(self, x):
        x = F.relu6(self.bn1(self.dw(x)))
        return F.relu(self.bn2(self.pw(x)))


class InvertedResidual(nn.Module):
    """MobileNetV2's block: 1x1 expansion + BN + ReLU6, 3x3 depthwise with
    the stride + BN + ReLU6, 1x1 projection + BN, the input added when the
    shape is kept."""

    def __init__(self, cin, cout, stride, expand):
        super().__init__()
        hidden = cin * expand
        self.expand, self.bn1 = conv_bn(cin, hidden, k=1)
        self.dw, self.bn2 = conv_bn(hidden, hidden, stride=stride, groups=hidden)
        self.project, self.bn3 = conv_bn(hidden, cout, k=1)
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = F.relu6(self.bn1(self.expand(x)))
        y = F.relu6(self.bn2(self.dw(y)))
        y = self.bn3(self.project(y))
        return x + y if self.residual else y


class MobileNetV2Blocks(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem, self.bn = conv_bn(3, 16, stride=2)
        self.block1 = InvertedResidual(16, 24, 2, 6)
        self.block2 = InvertedResidual(24, 24, 1, 6)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(24, 10)

    def forward(self, x):
        x = F.relu6(self.bn(self.stem(x)))
        x = self.block2(self.block1(x))
        return self.fc(torch.flatten(self.gap(x), 1))


class Gpt2Block(nn.Module):
    """GPT-2's block: pre-norm, causal self-attention (one qkv Linear, heads
    split by view/transpose, scaled_dot_product_attention with is_causal),
    an MLP with tanh-approximated GELU."""

    def __init__(self, d=64, heads=4):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.fc = nn.Linear(d, 4 * d)
        self.out = nn.Linear(4 * d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=2)
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2)
                   for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))


class UNetLevel(nn.Module):
    """One level of a UNet: two 3x3 conv + BN + ReLU, 2x2 max pooling, a
    bottom conv, nearest 2x upsampling, the skip concatenated, a 3x3 conv."""

    def __init__(self, c=8):
        super().__init__()
        self.c1, self.b1 = conv_bn(3, c)
        self.c2, self.b2 = conv_bn(c, c)
        self.c3, self.b3 = conv_bn(c, 2 * c)
        self.c4, self.b4 = conv_bn(3 * c, c)
        self.head = nn.Conv2d(c, 2, 1)

    def forward(self, x):
        skip = F.relu(self.b2(self.c2(F.relu(self.b1(self.c1(x))))))
        y = F.relu(self.b3(self.c3(F.max_pool2d(skip, 2))))
        y = F.interpolate(y, scale_factor=2, mode="nearest")
        y = F.relu(self.b4(self.c4(torch.cat([y, skip], dim=1))))
        return self.head(y)


class Gpt2Lm(nn.Module):
    """A GPT-2 language model: token and position embeddings (gathers of
    the token ids), two GPT-2 blocks, the final LayerNorm and the logits
    through the token embedding's transpose (tied weights)."""

    def __init__(self, vocab=96, d=64, ctx=16, layers=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(ctx, d)
        self.blocks = nn.Sequential(*[Gpt2Block(d) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(d)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.blocks(self.wte(ids) + self.wpe(pos))
        return F.linear(self.ln_f(x), self.wte.weight)


def encoder_layer():
    return nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=128,
                                      dropout=0.0, batch_first=True)


# name -> (constructor, input shapes, dtype, note)
MODELS = {
    "mlp_gelu": (MlpGelu, [(8, 64)], torch.float32,
                 "Linear(64,128) -> GELU(erf) -> Linear(128,32)"),
    "resnet_block": (ResNetBlock, [(2, 3, 32, 32)], torch.float32,
                     "conv3x3+BN+ReLU, maxpool 3x3 s2, basic residual block, "
                     "global average pool, Linear(16,10)"),
    "encoder_layer": (encoder_layer, [(2, 16, 64)], torch.float32,
                      "torch.nn.TransformerEncoderLayer(d_model=64, nhead=4, "
                      "dim_feedforward=128, dropout=0.0, batch_first=True), "
                      "post-norm, ReLU"),
    "resnet_block_f16": (ResNetBlock, [(2, 3, 32, 32)], torch.float16,
                         "resnet_block in f16: NCHW convolutions of a batch "
                         "of 2, an f16 Linear with a bias"),
    "bottleneck_f16": (BottleneckNet, [(2, 3, 16, 16)], torch.float16,
                       "conv3x3 3->16 + BN + ReLU, two ResNet-50 bottleneck "
                       "blocks (16->32 with a strided projection, 32->32), "
                       "global average pool, Linear(32,10), f16"),
    "mobilenet_v2_blocks": (MobileNetV2Blocks, [(2, 3, 32, 32)], torch.float32,
                            "conv3x3 s2 + BN + ReLU6, two MobileNetV2 inverted "
                            "residual blocks (expand 6; depthwise stride 2, then "
                            "1 with the residual), global average pool, "
                            "Linear(24,10)"),
    "gpt2_block_f16": (Gpt2Block, [(2, 16, 64)], torch.float16,
                       "GPT-2 block: pre-norm LayerNorm, causal attention "
                       "(qkv Linear, 4 heads, SDPA is_causal), GELU(tanh) MLP "
                       "64->256->64, residuals, f16"),
    "unet_level": (UNetLevel, [(2, 3, 16, 16)], torch.float32,
                   "one UNet level: conv3x3+BN+ReLU x2, maxpool 2x2, conv, "
                   "nearest 2x upsampling, skip concatenation, conv, 1x1 head"),
    "gpt2_lm_f16": (Gpt2Lm, [(2, 16)], torch.float16,
                    "GPT-2 LM: token + position embeddings (vocab 96, "
                    "context 16), two GPT-2 blocks (d 64, 4 heads), final "
                    "LayerNorm, logits by the tied token embedding; f16; "
                    "the input is token ids (int64)"),
    "llama_mlp_f16": (LlamaMlp, [(4, 64)], torch.float16,
                      "down(silu(gate(x)) * up(x)), hidden 64, intermediate "
                      "176, no bias, f16"),
    "llama_mlp_bf16": (LlamaMlp, [(4, 64)], torch.bfloat16,
                       "down(silu(gate(x)) * up(x)), hidden 64, intermediate "
                       "176, no bias, bf16"),
    "depthwise_separable": (DepthwiseSeparable, [(2, 16, 16, 16)],
                            torch.float32,
                            "depthwise conv3x3 (16 ch) + BN + ReLU6, "
                            "pointwise conv1x1 16->32 + BN + ReLU"),
}


# Inputs are torch.randn(shape) * scale (after torch.manual_seed(0) and the
# model's construction). depthwise_separable's and mobilenet_v2_blocks' are
# scaled so that ReLU6's upper clamp fires (on 1.5% of the former's
# elements, 8.9% of the latter's stem and 0.5% of its first expansion); at
# scale 1 it never does.
INPUT_SCALE = {"depthwise_separable": 4.0, "mobilenet_v2_blocks": 8.0}

# Models whose input is token ids: torch.randint(0, vocab, shape), int64.
TOKEN_IDS = {"gpt2_lm_f16": 96}


# ----------------------------------------------------------------- helpers

def np_dtype_name(dtype):
    return {torch.float32: "float32", torch.float16: "float16",
            torch.bfloat16: "bfloat16", torch.int64: "int64"}[dtype]


def to_numpy(t):
    """Tensor -> numpy; bf16 (which numpy lacks) becomes float32, exactly."""
    t = t.detach()
    if t.dtype == torch.bfloat16:
        t = t.float()
    return t.numpy()


def mlir_type(shape, dtype):
    elt = {torch.float32: "f32", torch.float16: "f16",
           torch.bfloat16: "bf16", torch.int64: "i64"}[dtype]
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + elt + ">"


ITER_RE = re.compile(r"iterator_types\s*=\s*\[([^\]]*)\]")


def census(text):
    """Counts op names in MLIR text (ops only, not attributes or types)."""
    body = text.split("{-#")[0]  # skip the dialect_resources blob
    ops = collections.Counter()
    generics = collections.Counter()
    for line in body.splitlines():
        s = line.strip()
        if s.startswith("//") or s.startswith("#"):
            continue
        m = re.match(r"^(?:%[\w#:, %]+=\s*)?([a-z_]+\.[a-z_0-9.]+)", s)
        if not m:
            continue
        name = m.group(1)
        ops[name] += 1
        if name == "linalg.generic":
            it = ITER_RE.search(s)
            if it:
                kinds = [k.strip().strip('"') for k in it.group(1).split(",")]
                key = "".join("p" if k == "parallel" else "r" for k in kinds)
                generics[key] += 1

    def pick(prefixes):
        return dict(sorted((k, v) for k, v in ops.items()
                           if k.split(".")[0] in prefixes))

    return {
        "linalg": pick(("linalg",)),
        "tensor": pick(("tensor",)),
        "arith_math": pick(("arith", "math")),
        "other": pick(tuple({k.split(".")[0] for k in ops}
                            - {"linalg", "tensor", "arith", "math"})),
        # linalg.generic iterator types, p = parallel, r = reduction
        "generic_iterators": dict(sorted(generics.items())),
    }


def find_mlir_opt():
    for c in MLIR_OPT_CANDIDATES:
        p = shutil.which(c)
        if p:
            return p
    return None


def check_parses(path):
    opt = find_mlir_opt()
    if opt is None:
        print("  (no mlir-opt-22 found, parse check skipped)")
        return None
    r = subprocess.run([opt, path, "-o", os.devnull], capture_output=True,
                       text=True)
    if r.returncode != 0:
        print(r.stderr, file=sys.stderr)
        raise SystemExit(f"{opt} fails to parse {path}")
    return True


# ----------------------------------------------------------------- export

def export(name):
    ctor, shapes, dtype, note = MODELS[name]
    torch.manual_seed(0)
    model = ctor().eval().to(dtype)
    scale = INPUT_SCALE.get(name, 1.0)
    if name in TOKEN_IDS:
        inputs = [torch.randint(0, TOKEN_IDS[name], s) for s in shapes]
        generation = f"torch.randint(0, {TOKEN_IDS[name]}, shape), int64"
    else:
        inputs = [(torch.randn(*s) * scale).to(dtype) for s in shapes]
        generation = f"torch.randn(shape) * {scale}, cast to " \
                     f"{np_dtype_name(dtype)}"

    with torch.no_grad():
        expected = model(*inputs)
        module = fx.export_and_import(model, *inputs,
                                      output_type="linalg-on-tensors",
                                      func_name=ENTRY)
    text = module.operation.get_asm(large_elements_limit=None,
                                    enable_debug_info=False)
    if "__elided__" in text:
        raise SystemExit(f"{name}: constants were elided in the export")

    out = os.path.join(HERE, name)
    os.makedirs(out, exist_ok=True)
    for f in os.listdir(out):
        if f.endswith(".npy"):
            os.remove(os.path.join(out, f))
    mlir_path = os.path.join(out, name + ".mlir")
    with open(mlir_path, "w") as f:
        f.write(text)

    if len(inputs) == 1:
        input_files = ["input.npy"]
    else:
        input_files = [f"input{i}.npy" for i in range(len(inputs))]
    for fname, t in zip(input_files, inputs):
        np.save(os.path.join(out, fname), to_numpy(t))
    np.save(os.path.join(out, "expected.npy"),
            to_numpy(expected).astype(np.float32))

    parsed = check_parses(mlir_path)
    sig = re.search(r"func\.func @" + ENTRY + r"\(([^)]*)\)\s*->\s*(.*?)\s*\{",
                    text)
    info = {
        "name": name,
        "description": note,
        "entry": ENTRY,
        "mlir": name + ".mlir",
        "mlir_bytes": os.path.getsize(mlir_path),
        "signature": f"({sig.group(1)}) -> {sig.group(2)}" if sig else None,
        "inputs": [{"file": fn, "shape": list(t.shape),
                    "dtype": np_dtype_name(t.dtype),
                    "mlir_type": mlir_type(t.shape, t.dtype),
                    "stored_as": str(to_numpy(t).dtype)}
                   for fn, t in zip(input_files, inputs)],
        "outputs": [{"file": "expected.npy", "shape": list(expected.shape),
                     "dtype": np_dtype_name(expected.dtype),
                     "mlir_type": mlir_type(expected.shape, expected.dtype),
                     "stored_as": "float32"}],
        "input_generation": f"torch.manual_seed(0); build the model; "
                            f"{generation}",
        "reference": f"PyTorch eager on CPU in {np_dtype_name(dtype)}, "
                     "torch.no_grad(), eval mode",
        "parameters": sum(p.numel() for p in model.parameters()),
        "versions": {
            "torch": torch.__version__,
            "torch-mlir": importlib.metadata.version("torch-mlir"),
            "numpy": np.__version__,
        },
        "mlir_opt_parses": parsed,
        "op_census": census(text),
    }
    with open(os.path.join(out, "info.json"), "w") as f:
        json.dump(info, f, indent=2)
        f.write("\n")
    print(f"{name}: {info['signature']}, {info['mlir_bytes']} bytes, "
          f"linalg {info['op_census']['linalg']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help="models (default: all): "
                    + ", ".join(MODELS))
    args = ap.parse_args()
    for n in args.names:
        if n not in MODELS:
            ap.error(f"unknown model {n}")
    torch.set_num_threads(1)  # a reproducible reference
    for n in args.names or MODELS:
        export(n)


if __name__ == "__main__":
    main()
