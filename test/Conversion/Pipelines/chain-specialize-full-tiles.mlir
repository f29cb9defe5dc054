// --roller-specialize-full-tiles on a 1000x1000x1003 f32 matmul (block
// [64, 80, 8]: 1000 is not a multiple of 64 or 80, 1003 not of 8): the
// reduction loop's last, partial step is peeled off (steps 0..1000 by 8,
// then 3 more), and so is the last full step (992), whose two-stage
// pipeline prefetches that partial step: every copy the main loop issues
// ahead is then full (static, cp.async). The kernel body is versioned on
// the block being interior (both block sizes at their bounds), where every
// thread's tile is static (8x1 times 1x10 into 8x10); boundary blocks keep
// dynamic tiles. The sizes of a full tile's copy pieces that depend on the
// thread id only (min(80 - 2 * tid, 2) under tid < 40) are constants.
//
// RUN: roller-opt %S/Inputs/matmul-irregular.mlir --roller-tile="device=h200" --roller-lower-rprograms \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --cse --canonicalize --roller-map-forall-to-gpu --roller-pipeline-staging --roller-promote-workgroup-allocs \
// RUN:   --roller-specialize-full-tiles --canonicalize 2>/dev/null | FileCheck %s
//
// In PTX, the interior version's 8x10 accumulator lives in registers (80 FMAs
// per reduction step); nothing spills.
// RUN: rm -f %t.ptx
// RUN: roller-opt %S/Inputs/matmul-irregular.mlir --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t.ptx -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx

// CHECK: gpu.launch
// CHECK: %[[M:.*]] = affine.min
// CHECK: %[[N:.*]] = affine.min
// CHECK: %[[FM:.*]] = arith.cmpi eq, %[[M]], %c64 : index
// CHECK: %[[FN:.*]] = arith.cmpi eq, %[[N]], %c80 : index
// CHECK: %[[FULL:.*]] = arith.andi %[[FM]], %[[FN]] : i1
// CHECK: scf.if %[[FULL]] {
// CHECK: linalg.copy {roller.async_copy} ins(%{{.*}} : memref<8x1xf32, {{.*}}>)
// CHECK: linalg.copy {roller.async_copy} ins(%{{.*}} : memref<8x2xf32, {{.*}}>)
// CHECK: scf.for %{{.*}} = %c0 to %c992 step %c8 {
// CHECK: linalg.copy {roller.async_copy} ins(%{{.*}} : memref<8x1xf32, {{.*}}>)
// CHECK: linalg.copy {roller.async_copy} ins(%{{.*}} : memref<8x2xf32, {{.*}}>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : memref<8x1xf32, {{.*}}>, memref<1x10xf32, {{.*}}>) outs(%{{.*}} : memref<8x10xf32, {{.*}}>)
// CHECK: linalg.copy {roller.async_copy} ins(%{{.*}} : memref<8x?xf32, {{.*}}>)
// CHECK: linalg.copy {roller.async_copy} ins(%{{.*}} : memref<3x2xf32, {{.*}}>)
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c1 {
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : memref<8x10xf32, {{.*}}>)
// CHECK: scf.for %{{.*}} = %c0 to %c3 step %c1 {
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : memref<8x10xf32, {{.*}}>)
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %c0 to %c992 step %c8 {
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : memref<?x1xf32, {{.*}}>, memref<1x?xf32, {{.*}}>) outs(%{{.*}} : memref<?x?xf32, {{.*}}>)
// CHECK: gpu.terminator

// PTX: .entry matmul_kernel(
// PTX-NOT: .local
// PTX-COUNT-80: fma.rn.f32

// Tiles that divide the tensor: nothing to peel or version.
// RUN: roller-opt %S/Inputs/matmul.mlir --roller-tile="device=h200" --roller-lower-rprograms \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --cse --canonicalize --roller-map-forall-to-gpu --roller-promote-workgroup-allocs \
// RUN:   --roller-specialize-full-tiles 2>/dev/null | FileCheck %s --check-prefix=STATIC
// STATIC: gpu.launch
// STATIC-NOT: affine.min
// STATIC-NOT: scf.if
// STATIC: scf.for %{{.*}} = %c0 to %c1024 step %c8 {
// STATIC-NOT: scf.for %{{.*}} = %c0 to %c1024 step %c8 {
// STATIC: gpu.terminator
