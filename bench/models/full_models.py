"""The full-size models of bench/models, built from a seed with torch
alone: export_full.py (here, with torch-mlir) and device_run.py (on the GPU
machine, without it) construct the same modules from the same code, so the
GPU timing can use the exported weights (from weights.pt, or rebuilt from
the seed and checked against the exported checksums).

  resnet18         ResNet-18 (BasicBlock x [2, 2, 2, 2], BN, maxpool, avgpool,
                   fc 1000), batch 8, 3x224x224, f32; torchvision's
                   resnet18() when torchvision is importable, else the same
                   network written out here (the same parameter names)
  resnet18_f16     the same ResNet-18 in f16 (weights and input cast after
                   construction from the seed): its convolutions run on
                   tensor cores, through the implicit GEMM
  resnet50         ResNet-50 (Bottleneck x [3, 4, 6, 3]: 1x1, 3x3 with the
                   stride, 1x1 to 4x the width; torchvision's v1.5 layout),
                   batch 8, 3x224x224, f32; torchvision's resnet50() when
                   importable, else written out here (the same parameter names)
  resnet50_f16     the same ResNet-50 in f16
  bert_layer       a BERT-base encoder layer: nn.TransformerEncoderLayer(
                   d_model=768, nhead=12, dim_feedforward=3072,
                   activation="gelu", dropout=0.0, batch_first=True), post-norm,
                   batch 8 x seq 128, f32
  llama7b_mlp_f16  LLaMA-7B's MLP down(silu(gate(x)) * up(x)), hidden 4096,
                   intermediate 11008, no bias, f16, 1024 tokens (batch 8 x seq
                   128 flattened to 1024x4096)
"""

import hashlib

import torch
import torch.nn as nn
import torch.nn.functional as F

SEED = 0


def randomize_bn(bn):
    """Non-trivial running stats and affine parameters (as models/export.py)."""
    c = bn.num_features
    with torch.no_grad():
        bn.running_mean.copy_(torch.randn(c) * 0.5)
        bn.running_var.copy_(torch.rand(c) * 1.5 + 0.5)
        bn.weight.copy_(torch.rand(c) + 0.5)
        bn.bias.copy_(torch.randn(c) * 0.5)


def projection(cin, cout, stride):
    """torchvision's downsample: a strided 1x1 convolution and BN where the
    block changes the shape, else None (the identity)."""
    if stride == 1 and cin == cout:
        return None
    return nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))


def shortcut(downsample, x):
    return x if downsample is None else downsample(x)


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.downsample = projection(cin, cout, stride)

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return F.relu(y + shortcut(self.downsample, x))


class Bottleneck(nn.Module):
    """torchvision's Bottleneck (v1.5: the stride on the 3x3 convolution)."""

    def __init__(self, cin, width, stride):
        super().__init__()
        cout = width * 4
        self.conv1 = nn.Conv2d(cin, width, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = nn.Conv2d(width, width, 3, stride, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(width)
        self.conv3 = nn.Conv2d(width, cout, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(cout)
        self.downsample = projection(cin, cout, stride)

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = F.relu(self.bn2(self.conv2(y)))
        y = self.bn3(self.conv3(y))
        return F.relu(y + shortcut(self.downsample, x))


class ResNet(nn.Module):
    """torchvision's ResNet structure and parameter names: ResNet-18 with
    BasicBlock x [2, 2, 2, 2], ResNet-50 with Bottleneck x [3, 4, 6, 3]."""

    def __init__(self, block, depths, expansion, num_classes=1000):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 64, 7, 2, 3, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        self.maxpool = nn.MaxPool2d(3, 2, 1)
        cin = 64
        for i, (w, n) in enumerate(zip([64, 128, 256, 512], depths)):
            blocks = [block(cin, w, 1 if i == 0 else 2)]
            cin = w * expansion
            blocks += [block(cin, w, 1) for _ in range(n - 1)]
            setattr(self, "layer%d" % (i + 1), nn.Sequential(*blocks))
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(cin, num_classes)
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")

    def forward(self, x):
        x = self.maxpool(F.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        return self.fc(torch.flatten(self.avgpool(x), 1))


def _resnet(name, written_out):
    try:
        import torchvision  # noqa: F401
        model, source = getattr(torchvision.models, name)(weights=None), "torchvision"
    except ImportError:
        model, source = written_out(), "hand-written (torchvision not installed)"
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            randomize_bn(m)
    return model, source


def resnet18():
    return _resnet("resnet18", lambda: ResNet(BasicBlock, [2, 2, 2, 2], 1))


def resnet50():
    return _resnet("resnet50", lambda: ResNet(Bottleneck, [3, 4, 6, 3], 4))


def bert_layer():
    return nn.TransformerEncoderLayer(d_model=768, nhead=12, dim_feedforward=3072,
                                      dropout=0.0, activation="gelu",
                                      batch_first=True), "torch.nn"


class LlamaMlp(nn.Module):
    def __init__(self, hidden=4096, intermediate=11008):
        super().__init__()
        self.gate = nn.Linear(hidden, intermediate, bias=False)
        self.up = nn.Linear(hidden, intermediate, bias=False)
        self.down = nn.Linear(intermediate, hidden, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


def llama7b_mlp():
    return LlamaMlp(), "hand-written (LLaMA's LlamaMLP, no bias)"


# name -> (constructor, input shape, dtype, description)
MODELS = {
    "resnet18": (resnet18, (8, 3, 224, 224), torch.float32,
                 "ResNet-18 (BasicBlock x [2,2,2,2]), batch 8, 224x224, f32, eval"),
    "resnet18_f16": (resnet18, (8, 3, 224, 224), torch.float16,
                     "ResNet-18 (BasicBlock x [2,2,2,2]), batch 8, 224x224, f16, eval"),
    "resnet50": (resnet50, (8, 3, 224, 224), torch.float32,
                 "ResNet-50 (Bottleneck x [3,4,6,3]), batch 8, 224x224, f32, eval"),
    "resnet50_f16": (resnet50, (8, 3, 224, 224), torch.float16,
                     "ResNet-50 (Bottleneck x [3,4,6,3]), batch 8, 224x224, f16, eval"),
    "bert_layer": (bert_layer, (8, 128, 768), torch.float32,
                   "BERT-base encoder layer: nn.TransformerEncoderLayer(768, 12 heads, "
                   "FFN 3072, GELU, post-norm, batch_first), batch 8 x seq 128, f32, eval"),
    "llama7b_mlp_f16": (llama7b_mlp, (1024, 4096), torch.float16,
                        "LLaMA-7B MLP down(silu(gate(x)) * up(x)), hidden 4096, "
                        "intermediate 11008, f16, 1024 tokens (8 x 128)"),
}


def build(name):
    """(model in eval mode and its dtype, input, source) from SEED: the same
    on every machine with the same torch (the CPU generator)."""
    ctor, shape, dtype, _ = MODELS[name]
    torch.manual_seed(SEED)
    model, source = ctor()
    model = model.eval().to(dtype)
    x = torch.randn(*shape).to(dtype)
    return model, x, source


def checksums(model, x):
    """sha256 of every parameter and buffer, and of the input, as bytes."""
    out = {}
    items = list(model.state_dict().items()) + [("<input>", x)]
    for key, t in items:
        t = t.detach().contiguous().cpu()
        raw = t.reshape(-1).view(torch.uint8).numpy().tobytes()
        out[key] = hashlib.sha256(raw).hexdigest()[:16]
    return out
