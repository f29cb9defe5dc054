"""IREE: how this iree-compile targets sm_90 (found once per run), and
iree-compile on each operator's linalg to a .vmfb."""

import glob
import os
import re
import shutil

from .common import CUDA_ARCH, BenchError
from .processes import TIMING_FLAGS, count_entries, failure_reason, parse_timing, pass_ms, \
    ptx_threads, run_process
from .summary import median

# sm_90's largest shared memory per block (opt-in), CUDA programming guide,
# "Compute Capabilities": 227 KiB.
SM90_SMEM_PER_BLOCK = 227 * 1024

# The passes that run LLVM's NVPTX back end (LLVM IR to PTX) in IREE's pipeline.
IREE_BACKEND_PASS = "SerializeAllExecutablesPass"
# IREE's kernel code generation: choosing each executable's strategy, lowering
# it to LLVM and serializing it to PTX (the rest of iree-compile builds the
# whole program: dispatch formation, streams, the host code and the VM module).
IREE_CODEGEN_PASSES = ("ConfigureExecutablesPass", "TranslateAllExecutablesPass",
                       "SerializeAllExecutablesPass")


PROBE = """#map = affine_map<(d0) -> (d0)>
func.func @probe(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
"""


class IreeTarget(object):
    """How iree-compile is told to target CUDA sm_90."""

    def __init__(self, flags, attr, how):
        self.flags, self.attr, self.how = flags, attr, how

    def module_text(self, func_text):
        if self.attr is None:
            return func_text
        # Attribute aliases (#map = ...) stay at the top level, before the module.
        lines = func_text.splitlines(True)
        aliases = [l for l in lines if re.match(r"^#[\w.$-]+\s*=", l)]
        body = [l for l in lines if l not in aliases]
        return "%smodule attributes {hal.device.targets = [%s]} {\n%s}\n" % (
            "".join(aliases), self.attr, "".join(body))


def probe_iree(iree, workdir, timeout):
    """Finds how this iree-compile targets sm_90 (see docs/benchmarks.md)."""
    probe = os.path.join(workdir, "iree-probe.mlir")
    with open(probe, "w") as f:
        f.write(PROBE)
    flags = ["--iree-hal-target-device=cuda", "--iree-cuda-target=" + CUDA_ARCH]
    r = run_process([iree, probe, "-o", os.path.join(workdir, "iree-probe.vmfb")] + flags,
                    timeout)
    if r.rc == 0:
        return IreeTarget(flags, None, " ".join(flags))
    first = failure_reason(r, "iree-compile")
    # IREE's table of known CUDA targets stops at sm_87 (3.13): the flags give
    # sm_90 no GPU description ("missing GPU target"). Take the sm_80
    # description it has, and make it sm_90's: the architecture, PTX 8.0,
    # and sm_90's shared memory per block.
    r = run_process([iree, probe, "--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80",
                     "--compile-to=executable-sources"], timeout)
    m = re.search(r"#hal\.device\.target<\"cuda\".*?>\s*:\s*!hal\.device", r.stdout, re.S) \
        if r.rc == 0 else None
    if not m:
        raise BenchError("iree-compile cannot target %s: with %s it said: %s; and no sm_80 "
                         "target description could be read to adapt"
                         % (CUDA_ARCH, " ".join(flags), first))
    attr = m.group(0)
    attr = re.sub(r'arch = "sm_80"', 'arch = "%s"' % CUDA_ARCH, attr)
    attr = re.sub(r'features = "[^"]*"', 'features = "+ptx80"', attr)
    attr = re.sub(r"max_workgroup_memory_bytes = \d+",
                  "max_workgroup_memory_bytes = %d" % SM90_SMEM_PER_BLOCK, attr)
    if 'arch = "%s"' % CUDA_ARCH not in attr:
        raise BenchError("could not adapt IREE's sm_80 target description: %s" % attr[:300])
    target = IreeTarget([], attr,
                        "module attribute hal.device.targets: IREE's sm_80 description with "
                        "arch=%s, +ptx80, %d B shared memory per block (the flags %s fail: %s)"
                        % (CUDA_ARCH, SM90_SMEM_PER_BLOCK, " ".join(flags), first))
    with open(probe, "w") as f:
        f.write(target.module_text(PROBE))
    r = run_process([iree, probe, "-o", os.path.join(workdir, "iree-probe.vmfb")], timeout)
    if r.rc != 0:
        raise BenchError("iree-compile rejects the adapted sm_90 target: %s"
                         % failure_reason(r, "iree-compile"))
    return target


def run_iree(args, target, op, func_text, workdir):
    sym = op["sym"]
    path = os.path.join(workdir, sym + ".iree.mlir")
    with open(path, "w") as f:
        f.write(target.module_text(func_text))
    dump = os.path.join(workdir, sym + ".iree-binaries")
    rec = {"iree_status": "ok", "iree_reason": ""}
    times, procs, backend, codegen = [], [], [], []
    for rep in range(args.peer_reps):
        shutil.rmtree(dump, ignore_errors=True)
        r = run_process([args.iree_compile, path, "-o", os.path.join(workdir, sym + ".vmfb"),
                         "--iree-hal-dump-executable-binaries-to=" + dump]
                        + target.flags + TIMING_FLAGS, args.peer_timeout)
        t = parse_timing(r.stderr) if r.rc == 0 else None
        if r.rc != 0 or t is None:
            rec["iree_status"] = "failed"
            rec["iree_reason"] = failure_reason(r, "iree-compile") if r.rc != 0 else \
                "no --mlir-timing report"
            break
        times.append(t[0] * 1e3)
        backend.append(pass_ms(t[1], [IREE_BACKEND_PASS]))
        codegen.append(pass_ms(t[1], IREE_CODEGEN_PASSES))
        procs.append(r.wall)
    ok = rec["iree_status"] == "ok"
    rec["iree_compile_ms"] = median(times) if ok else None
    rec["iree_process_s"] = median(procs) if ok else None
    rec["iree_backend_ms"] = median(backend) if ok else None
    rec["iree_codegen_ms"] = median(codegen) if ok else None
    rec["iree_dispatches"] = rec["iree_ptx_target"] = rec["iree_threads"] = None
    if ok:
        files = sorted(glob.glob(os.path.join(dump, "*.ptx")))
        rec["iree_dispatches"] = sum(count_entries(f) for f in files)
        rec["iree_threads"] = ptx_threads(files[0]) if files else None
        targets = set()
        for f in files:
            with open(f) as fh:
                for line in fh:
                    if line.startswith(".target"):
                        targets.add(line.split()[1])
        rec["iree_ptx_target"] = "/".join(sorted(targets)) or None
    return rec
