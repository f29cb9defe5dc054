// Tensor cores: the 1024^3 f16 matmul (f32 accumulation) Roller schedules
// with mma [16, 8, 16] warp tiles (h200: block 128x64 with k-steps of 256,
// 32x32 warp tiles). In PTX each warp loads its accumulator fragments once
// before the reduction loop (it accumulates into C: no fill), every
// reduction step waits for its cp.async group, passes one barrier, issues
// the next step's copies (16 bytes each) and then the step's 16 k-slices
// in straight-line code (roller-vectorize-mma unrolls them): ldmatrix.x4
// of A and transposing ldmatrix.x2 of B from the padded shared buffers,
// 128 m16n8k16 mma.sync per warp and step; the fragments are stored once
// after the loop. Nothing lives in local memory.
//
// RUN: rm -f %t.h200.ptx %t.a100.ptx
// RUN: roller-opt %S/Inputs/matmul-f16.mlir --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t.h200.ptx -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.h200.ptx
// RUN: roller-opt %S/Inputs/matmul-f16.mlir --roller-tile="device=a100" --convert-to-nvvm --ptx-file=%t.a100.ptx -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.a100.ptx --check-prefix=A100
//
// bf16 (f32 accumulation) takes the same path: its staged tiles live in byte
// buffers, the warp reads them through f16 views of the same bytes
// (ldmatrix moves bits) and multiplies them with the bf16 mma.sync.
// RUN: rm -f %t.bf16.ptx
// RUN: roller-opt %S/Inputs/matmul-bf16.mlir --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t.bf16.ptx -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.bf16.ptx --check-prefix=BF16
// RUN: %ptxas -arch=sm_90 -v %t.bf16.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=BF16-PTXAS
//
// A tensor-core config on a shape its block tile does not divide (1000 =
// 15 * 64 + 40 rows): interior blocks run mma.sync on their cp.async
// tiles; boundary blocks stage theirs with cp.async too, each copy reading
// only what is inside the tensor (its src-size operand) and zero-filling
// the rest of its 16 bytes, run the same mma.sync, and store each
// accumulator element under its own predicate; no warp tile is left to the
// CUDA cores (no fma) and no piece is zeroed by stores, all ptxas-clean.
// RUN: rm -rf %t.irregular && mkdir -p %t.irregular
// RUN: roller-opt %S/Inputs/matmul-f16-irregular-mma.mlir --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t.irregular/k.ptx -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.irregular/k.ptx --check-prefix=IRREGULAR
// RUN: %python %S/check_ptxas.py %ptxas sm_90 %t.irregular | FileCheck %s --check-prefix=IRREGULAR-PTXAS
//
// An f16 NCHW 3x3 convolution of a batch of 8: an implicit GEMM on tensor
// cores (no CUDA-core fma), then the transpose of its result to NCHW (a
// kernel of its own), which the model weighed against the convolution.
// RUN: rm -f %t.conv.*ptx
// RUN: roller-opt %S/Inputs/conv-f16.mlir --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t.conv.ptx -o /dev/null 2>/dev/null
// RUN: cat %t.conv.conv_f16_kernel.ptx %t.conv.conv_f16_kernel_0.ptx %t.conv.conv_f16_kernel_1.ptx %t.conv.conv_f16_kernel_2.ptx | FileCheck %s --check-prefix=CONV

// CHECK: .target sm_90
// Two slots (stages = 2) of the padded tiles, in dynamic shared memory:
// CHECK: .extern .shared .align 16 .b8 __roller_dynamic_shared_memory[];
// CHECK: .entry matmul_f16_kernel(
// CHECK-NOT: .local
// The first step's tiles, 16 bytes per copy, as one group:
// CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// CHECK: cp.async.commit_group;
// The accumulator fragments: two f32 per lane and 16x8 tile, 8-byte
// accesses (roller-vectorize-accesses proves their alignment):
// CHECK-COUNT-16: ld.global.v2.b32
// CHECK-NOT: mma.sync
// (LLVM lays the step's compute out before the loop header.)
// CHECK: cp.async.commit_group;
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-NEXT: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-COUNT-127: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
// CHECK-NOT: bar.sync
// Each step waits for its own group and passes its one barrier, then
// issues the next step's tiles:
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: bar.sync
// CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// CHECK-NOT: mma.sync
// CHECK-NOT: bar.sync
// CHECK-COUNT-16: st.global.v2.b32
// CHECK-NOT: mma.sync

// A100: .target sm_80
// A100: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

// The bf16 matmul's block takes its whole K (256) in one step (equal
// predicted times go to fewer steps): its tiles are stored to shared
// memory, with no cp.async pipeline (one step has nothing to overlap).
// BF16: .entry matmul_bf16_kernel(
// BF16-NOT: .local
// BF16: st.shared.v4.b32
// BF16: bar.sync 0;
// BF16: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// BF16: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// BF16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// BF16-NOT: f16.f16
// BF16-PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// (Each kernel's module names its kernel conv_f16_kernel.) The transposes
// of the input to NHWC and of the filter to HWCF, then the implicit GEMM on
// tensor cores, its patches gathered 16 bytes (8 channels) per cp.async and
// never loaded through registers, then the transpose of its result to NCHW.
// CONV: .entry conv_f16_kernel(
// CONV-NOT: mma.sync
// CONV: .entry conv_f16_kernel(
// CONV-NOT: mma.sync
// CONV: .entry conv_f16_kernel(
// CONV-NOT: fma.rn
// CONV-NOT: ld.global
// CONV: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16
// CONV-NOT: fma.rn
// CONV: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CONV-NOT: fma.rn
// CONV: .entry conv_f16_kernel(
// CONV-NOT: mma.sync

// IRREGULAR: .entry matmul_f16_kernel(
// IRREGULAR-NOT: fma.rn.f32
// IRREGULAR-NOT: {0, 0, 0, 0}
// IRREGULAR: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// IRREGULAR-NOT: fma.rn.f32
// IRREGULAR-NOT: {0, 0, 0, 0}
// IRREGULAR: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// IRREGULAR-NOT: fma.rn.f32
// IRREGULAR-NOT: {0, 0, 0, 0}
// IRREGULAR: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// IRREGULAR-NOT: fma.rn.f32
// IRREGULAR-NOT: {0, 0, 0, 0}
// IRREGULAR: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// IRREGULAR-NOT: fma.rn.f32
// IRREGULAR-NOT: {0, 0, 0, 0}
// IRREGULAR: st.global.v2.b32
// IRREGULAR-NOT: fma.rn.f32
// IRREGULAR-NOT: {0, 0, 0, 0}
// IRREGULAR-COUNT-4: st.global.b32
// IRREGULAR-NOT: fma.rn.f32
// IRREGULAR-NOT: {0, 0, 0, 0}
// IRREGULAR-PTXAS: 1 kernels, 0 failing
