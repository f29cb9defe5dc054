// What the 1024x1024 f32 matmul's kernel (block [64, 32, 8], thread [8, 4],
// stages = 2) looks like in PTX: the first A and B tiles are issued with
// cp.async before the reduction loop (A into its padded rows 4 bytes at a
// time, B 16 bytes with .cg) as one group, each thread's 8x4 accumulator is
// loaded once with 16-byte loads (it accumulates into C: no fill); every
// reduction step waits for its own group, synchronizes once, issues the
// next step's tiles into the other slot and runs 8 x 4 FMAs on registers;
// the tile is stored once after the loop, and nothing lives in local
// memory. The kernel's register cap (config max_regs) keeps the 4 blocks of
// 2 warps per SM its 512 blocks give each of the 132 SMs (the model allows
// 10 per SM, which the grid never fills): 255, so none.
//
// RUN: rm -f %t.ptx
// RUN: roller-opt %S/Inputs/matmul.mlir --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t.ptx -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.ptx

// Two slots of each staged tile, 16-byte aligned (cp.async.cg and the
// vector accesses rely on it):
// CHECK: .entry matmul_kernel(
// CHECK: .maxntid 64, 1, 1
// CHECK-NEXT: .maxnreg 255
// CHECK-NOT: .local
// CHECK: .shared .align 16 .b8 __wg_matmul_kernel_0[4608];
// CHECK: .shared .align 16 .b8 __wg_matmul_kernel_1[2048];
// CHECK-NOT: .local
// CHECK-COUNT-8: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
// CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// CHECK-NEXT: cp.async.commit_group;
// CHECK-COUNT-8: ld.global.v4.b32
// CHECK-NOT: st.global
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: bar.sync 0;
// CHECK-COUNT-8: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
// CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// CHECK: cp.async.commit_group;
// CHECK: [[STEP:\$L__BB0_[0-9]+]]:
// CHECK-COUNT-32: fma.rn.f32
// CHECK-NOT: fma.rn.f32
// CHECK: bra{{.*}}[[STEP]];
// CHECK-NOT: bar.sync
// CHECK-NOT: fma.rn.f32
// CHECK-COUNT-8: st.global.v4.b32
// CHECK-NOT: st.global
// CHECK-NOT: bar.sync
// CHECK: ret;
