// Kernels compute their indices in 32 bits wherever the values' ranges
// allow it, and address shared memory with 32-bit pointers (issue 18, item
// 3): the ids are bounded by the launch (known_block_size and
// known_grid_size), the loops' counters by their bounds
// (roller-narrow-loop-indices), the rest by upstream's integer range
// analysis (int-range-optimizations, arith-int-range-narrowing); the
// address of a global access is formed in 64 bits from them.
//
// RUN: roller-opt %S/Inputs/matmul.mlir --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t.matmul.ptx -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=MATMUL --input-file=%t.matmul.ptx
// RUN: roller-opt %s --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t.large.ptx -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=LARGE --input-file=%t.large.ptx

// The 1024x1024 f32 matmul: shared addresses in 32-bit registers (the
// staging copies' destinations, the loop's reads), the reduction counter
// stepped and compared in 32 bits, no 64-bit division or remainder.
// MATMUL-LABEL: .entry matmul_kernel(
// MATMUL-NOT: {{(div|rem)\.[su]64}}
// MATMUL: cp.async.ca.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
// MATMUL: [[STEP:\$L__BB0_[0-9]+]]:
// MATMUL-NEXT: cp.async.wait_group 0;
// MATMUL-NEXT: bar.sync 0;
// MATMUL-NEXT: add.s32 [[NEXT:%r[0-9]+]], [[K:%r[0-9]+]], 8;
// MATMUL-NEXT: setp.gt.u32 %p{{[0-9]+}}, [[K]], 1015;
// MATMUL-NOT: {{(div|rem)\.[su]64}}
// MATMUL: ld.shared.b32 %r{{[0-9]+}}, [%r{{[0-9]+}}+{{-?[0-9]+}}];
// MATMUL-NOT: {{(div|rem)\.[su]64}}
// MATMUL: bra{{.*}}[[STEP]];
// MATMUL-NOT: {{(div|rem)\.[su]64}}
// MATMUL: ret;

// 65536 x 65537 x 3 elements (2^34 and more): the block id (268500992
// blocks), the row (up to 65535) and the element within the row fit in 32
// bits, the element's offset (row * 196611 + ...) does not: it is a 64-bit
// multiply-add, not a 32-bit one that would wrap.
// LARGE-LABEL: .entry scale_kernel(
// LARGE: mov.u32 %r{{[0-9]+}}, %ctaid.x;
// LARGE: mad.lo.s64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 196611, %rd{{[0-9]+}};
// LARGE: ld.global.b32
// LARGE-NOT: mad.lo.s32 %r{{[0-9]+}}, %r{{[0-9]+}}, 196611
// LARGE: ret;
func.func @scale(%a: tensor<65536x65537x3xf32>) -> tensor<65536x65537x3xf32> {
  %e = tensor.empty() : tensor<65536x65537x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a : tensor<65536x65537x3xf32>) outs(%e : tensor<65536x65537x3xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<65536x65537x3xf32>
  return %r : tensor<65536x65537x3xf32>
}
