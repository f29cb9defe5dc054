// What the 1024x1024 f32 matmul's kernel (block [64, 32, 8], thread [8, 4])
// looks like in PTX: each thread's 8x4 accumulator is loaded once before
// the reduction loop with 16-byte loads and stored once after it, the tiles
// are staged with 16-byte global loads, every reduction step is 8 x 4 FMAs
// on registers, and nothing lives in local memory.
//
// RUN: rm -f %t.ptx
// RUN: roller-opt %S/Inputs/matmul.mlir --roller-tile="device=h200" --convert-to-nvvm="ptx-file=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.ptx

// The staged tiles' 16-byte stores are sound because the shared buffers
// start 16-byte aligned (roller-vectorize-accesses asks for it):
// CHECK: .entry matmul_kernel(
// CHECK-NOT: .local
// CHECK: .shared .align 16 .b8 __wg_matmul_kernel_0[2304];
// CHECK: .shared .align 16 .b8 __wg_matmul_kernel_1[1024];
// CHECK-NOT: .local
// CHECK-COUNT-8: ld.global.v4.b32
// CHECK-NOT: st.global
// CHECK: $L__BB0_1:
// CHECK: ld.global.v4.b32
// CHECK: bar.sync 0;
// CHECK: ld.global.v4.b32
// CHECK-NEXT: st.shared.v4.b32
// CHECK: bar.sync 0;
// CHECK: $L__BB0_2:
// CHECK-COUNT-32: fma.rn.f32
// CHECK-NOT: fma.rn.f32
// CHECK: bra {{.*}}$L__BB0_2;
// CHECK-NOT: fma.rn.f32
// CHECK: bra {{.*}}$L__BB0_1;
// CHECK-COUNT-8: st.global.v4.b32
// CHECK-NOT: st.global
// CHECK: ret;
