// Tensor cores: the 1024^3 f16 matmul (f32 accumulation) Roller schedules
// with mma [16, 8, 16] warp tiles. In PTX each warp loads its 16x16
// accumulator fragments once before the reduction loop, every reduction
// step reads its A tile with one ldmatrix.x4 and its two B tiles with
// transposing ldmatrix.x2 from the padded shared buffers, issues two
// m16n8k16 mma.sync, and the fragments are stored once after the loop.
// Nothing lives in local memory.
//
// RUN: rm -f %t.h200.ptx %t.a100.ptx
// RUN: roller-opt %S/Inputs/matmul-f16.mlir --roller-tile="device=h200" --convert-to-nvvm="ptx-file=%t.h200.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.h200.ptx
// RUN: roller-opt %S/Inputs/matmul-f16.mlir --roller-tile="device=a100" --convert-to-nvvm="ptx-file=%t.a100.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.a100.ptx --check-prefix=A100

// CHECK: .target sm_90
// CHECK: .entry matmul_f16_kernel(
// CHECK-NOT: .local
// CHECK: .shared .align 16 .b8 __wg_matmul_f16_kernel_0[6144];
// CHECK: .shared .align 16 .b8 __wg_matmul_f16_kernel_1[2304];
// CHECK-NOT: .local
// CHECK-COUNT-8: ld.global.b32
// CHECK-NOT: mma.sync
// CHECK: bar.sync 0;
// CHECK-NEXT: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-NEXT: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-NEXT: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
// CHECK: bar.sync 0;
// CHECK: ld.global.v2.b32
// CHECK-NEXT: st.shared.v2.b32
// CHECK-NOT: mma.sync
// CHECK-COUNT-8: st.global.b32
// CHECK-NOT: mma.sync

// A100: .target sm_80
// A100: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
