// RUN: roller-opt %s --split-input-file --roller-select="plan-epilogues=1" --verify-diagnostics -o /dev/null
// RUN: roller-opt %s --split-input-file --roller-select="plan-epilogues=1 report=%t.plan.jsonl" -o /dev/null 2>/dev/null
// RUN: roller-opt %s --split-input-file --roller-select="report=%t.alone.jsonl" -o /dev/null 2>/dev/null
// RUN: %python %S/Inputs/check_plan.py %t.plan.jsonl %t.alone.jsonl | FileCheck %s --check-prefix=REPORT

// --roller-select=plan-epilogues (what --roller-tile does unless
// fuse-epilogues=false) plans the groups roller-fuse-epilogues will build
// and ranks each operator with its epilogue: the report has one kernel
// record per group (check_plan.py prints, per record: the op, whether it is
// a kernel, its epilogue's op, whether it names its anchor, whether the
// fused group moves more global bytes than the operator alone, and fewer
// than the operator and its epilogue as two kernels).

// A bias add after a matmul: one kernel. The bias is read once per block;
// the matmul's result is never written.
// REPORT-LABEL: func @bias
// REPORT-NEXT: linalg.matmul kernel=True epilogue=linalg.generic anchor=False more_bytes=True fewer_than_two=True
// REPORT-NEXT: linalg.generic kernel=False epilogue=- anchor=True
func.func @bias(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256x256xf32>, %bias: tensor<256xf32>, %d: tensor<256x256xf32>) -> tensor<256x256xf32> {
  // expected-remark @+1 {{fused epilogue: linalg.generic at}}
  %0 = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  // expected-remark @+1 {{planned as the epilogue of linalg.matmul at}}
  %1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%0, %bias : tensor<256x256xf32>, tensor<256xf32>) outs(%d : tensor<256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<256x256xf32>
  return %1 : tensor<256x256xf32>
}

// -----

// A result read twice is written to global memory anyway: no group.
// REPORT-LABEL: func @two_users
// REPORT-NEXT: linalg.matmul kernel=True epilogue=- anchor=False more_bytes=False
// REPORT-NEXT: linalg.generic kernel=True epilogue=- anchor=False
// REPORT-NEXT: linalg.generic kernel=True epilogue=- anchor=False
func.func @two_users(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256x256xf32>, %d: tensor<256x256xf32>) -> (tensor<256x256xf32>, tensor<256x256xf32>) {
  // expected-remark @+1 {{roller-select}}
  %0 = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  // expected-remark @+1 {{roller-select}}
  %1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<256x256xf32>) outs(%d : tensor<256x256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.negf %x : f32
    linalg.yield %s : f32
  } -> tensor<256x256xf32>
  // expected-remark @+1 {{roller-select}}
  %2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<256x256xf32>) outs(%d : tensor<256x256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<256x256xf32>
  return %1, %2 : tensor<256x256xf32>, tensor<256x256xf32>
}

// -----

// Softmax's divide by the row sum: a row epilogue, which re-reads each row
// of X and writes it whole (more bytes than the sum alone writes). On rows
// too short for threads to share (31 elements), its rows' traffic on the
// sum's blocks makes the group slower than the two kernels alone (8192
// rows: the group's 256 blocks take 1.31 us, each kernel one round of
// blocks, a round trip, 0.56 us), but not than the two and the second's
// launch (h200's 1.86 us): fused, no note. (A group slower by more than a
// launch: select-unfuse-slower.mlir.)
// REPORT-LABEL: func @row
// REPORT-NEXT: linalg.generic kernel=True epilogue=linalg.generic anchor=False more_bytes=True fewer_than_two=True
// REPORT-NEXT: linalg.generic kernel=False epilogue=- anchor=True
func.func @row(%x: tensor<8192x31xf32>, %s0: tensor<8192xf32>, %y0: tensor<8192x31xf32>) -> tensor<8192x31xf32> {
  // expected-remark-re @+1 {{roller-select: one-level {{.*}}(ranked with it, one kernel){{$}}}}
  %s = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8192x31xf32>) outs(%s0 : tensor<8192xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %t = arith.addf %acc, %v : f32
    linalg.yield %t : f32
  } -> tensor<8192xf32>
  // expected-remark @+1 {{planned as the epilogue of linalg.generic at}}
  %y = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>, affine_map<(r, c) -> (r, c)>], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<8192x31xf32>, tensor<8192xf32>) outs(%y0 : tensor<8192x31xf32>) {
  ^bb0(%v: f32, %sum: f32, %o: f32):
    %q = arith.divf %v, %sum : f32
    linalg.yield %q : f32
  } -> tensor<8192x31xf32>
  return %y : tensor<8192x31xf32>
}

// -----

// A group slower than its two kernels and the second one's launch (the f16
// LLaMA gate, select-unfuse-slower.mlir: h200's launch is 1.86 us) stays
// fused by default, and the remark gives the model's case.
// REPORT-LABEL: func @gate
// REPORT-NEXT: linalg.matmul kernel=True epilogue=linalg.generic
func.func @gate(%a: tensor<2048x4096xf16>, %b: tensor<4096x11008xf16>, %c: tensor<2048x11008xf32>, %up: tensor<2048x11008xf16>, %y0: tensor<2048x11008xf16>) -> tensor<2048x11008xf16> {
  // expected-remark @+1 {{(ranked with it, one kernel); fused although two kernels are predicted 580.13 us (540.67 + 37.59 + a launch of 1.86), fused 654.21 us (unfuse-slower=1 keeps them apart)}}
  %g = linalg.matmul ins(%a, %b : tensor<2048x4096xf16>, tensor<4096x11008xf16>) outs(%c : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
  // expected-remark @+1 {{planned as the epilogue of linalg.matmul at}}
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%g, %up : tensor<2048x11008xf32>, tensor<2048x11008xf16>) outs(%y0 : tensor<2048x11008xf16>) {
  ^bb0(%v: f32, %u: f16, %o: f16):
    %n = arith.negf %v : f32
    %e = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %e : f32
    %s = arith.divf %v, %d : f32
    %uf = arith.extf %u : f16 to f32
    %m = arith.mulf %s, %uf : f32
    %t = arith.truncf %m : f32 to f16
    linalg.yield %t : f16
  } -> tensor<2048x11008xf16>
  return %y : tensor<2048x11008xf16>
}

// -----

// Softmax's sum and divide on rows of 1000: the block's threads share
// each row (split reduction), the group fills the GPU, and it is predicted
// faster than two kernels (no note).
// REPORT-LABEL: func @row_split
// REPORT-NEXT: linalg.generic kernel=True epilogue=linalg.generic anchor=False more_bytes=True fewer_than_two=True
// REPORT-NEXT: linalg.generic kernel=False epilogue=- anchor=True
func.func @row_split(%x: tensor<1024x1000xf32>, %s0: tensor<1024xf32>, %y0: tensor<1024x1000xf32>) -> tensor<1024x1000xf32> {
  // expected-remark-re @+1 {{roller-select: split reduction {{.*}}reduce over {{.*}}(ranked with it, one kernel){{$}}}}
  %s = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1024x1000xf32>) outs(%s0 : tensor<1024xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %t = arith.addf %acc, %v : f32
    linalg.yield %t : f32
  } -> tensor<1024xf32>
  // expected-remark @+1 {{planned as the epilogue of linalg.generic at}}
  %y = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>, affine_map<(r, c) -> (r, c)>], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<1024x1000xf32>, tensor<1024xf32>) outs(%y0 : tensor<1024x1000xf32>) {
  ^bb0(%v: f32, %sum: f32, %o: f32):
    %q = arith.divf %v, %sum : f32
    linalg.yield %q : f32
  } -> tensor<1024x1000xf32>
  return %y : tensor<1024x1000xf32>
}

// -----

// A row epilogue of a contraction that may run on tensor cores is not
// planned (row epilogues follow CUDA-core reductions only).
// REPORT-LABEL: func @row_of_f16_contraction
// REPORT-NEXT: linalg.generic kernel=True epilogue=- anchor=False more_bytes=False
// REPORT-NEXT: linalg.generic kernel=True epilogue=- anchor=False
func.func @row_of_f16_contraction(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>, %c: tensor<64x64xf32>, %d: tensor<64x64x64xf32>) -> tensor<64x64x64xf32> {
  // expected-remark @+1 {{roller-select}}
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%c : tensor<64x64xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  // expected-remark @+1 {{roller-select}}
  %1 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a, %0 : tensor<64x64xf16>, tensor<64x64xf32>) outs(%d : tensor<64x64x64xf32>) {
  ^bb0(%x: f16, %y: f32, %o: f32):
    %xe = arith.extf %x : f16 to f32
    %p = arith.mulf %xe, %y : f32
    linalg.yield %p : f32
  } -> tensor<64x64x64xf32>
  return %1 : tensor<64x64x64xf32>
}

// -----

// On a device of 48 registers per thread, an epilogue of 50 inputs leaves
// no schedule of the group (each input's register tile is declared): the
// matmul is ranked alone, and the consumer keeps its kernel (here it fits
// no schedule on its own either).
// REPORT-LABEL: func @dropped
// REPORT-NEXT: linalg.matmul kernel=True epilogue=- anchor=False more_bytes=False
// REPORT-NEXT: linalg.generic kernel=False epilogue=- anchor=False
module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 48, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @dropped(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>, %e0: tensor<64x64xf32>, %e1: tensor<64x64xf32>, %e2: tensor<64x64xf32>, %e3: tensor<64x64xf32>, %e4: tensor<64x64xf32>, %e5: tensor<64x64xf32>, %e6: tensor<64x64xf32>, %e7: tensor<64x64xf32>, %e8: tensor<64x64xf32>, %e9: tensor<64x64xf32>, %e10: tensor<64x64xf32>, %e11: tensor<64x64xf32>, %e12: tensor<64x64xf32>, %e13: tensor<64x64xf32>, %e14: tensor<64x64xf32>, %e15: tensor<64x64xf32>, %e16: tensor<64x64xf32>, %e17: tensor<64x64xf32>, %e18: tensor<64x64xf32>, %e19: tensor<64x64xf32>, %e20: tensor<64x64xf32>, %e21: tensor<64x64xf32>, %e22: tensor<64x64xf32>, %e23: tensor<64x64xf32>, %e24: tensor<64x64xf32>, %e25: tensor<64x64xf32>, %e26: tensor<64x64xf32>, %e27: tensor<64x64xf32>, %e28: tensor<64x64xf32>, %e29: tensor<64x64xf32>, %e30: tensor<64x64xf32>, %e31: tensor<64x64xf32>, %e32: tensor<64x64xf32>, %e33: tensor<64x64xf32>, %e34: tensor<64x64xf32>, %e35: tensor<64x64xf32>, %e36: tensor<64x64xf32>, %e37: tensor<64x64xf32>, %e38: tensor<64x64xf32>, %e39: tensor<64x64xf32>, %e40: tensor<64x64xf32>, %e41: tensor<64x64xf32>, %e42: tensor<64x64xf32>, %e43: tensor<64x64xf32>, %e44: tensor<64x64xf32>, %e45: tensor<64x64xf32>, %e46: tensor<64x64xf32>, %e47: tensor<64x64xf32>, %e48: tensor<64x64xf32>, %e49: tensor<64x64xf32>, %d: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-remark @+2 {{roller-select: ranked without its epilogue at}}
  // expected-remark @+1 {{roller-select: two-level}}
  %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  // expected-remark @+1 {{roller-select: not supported}}
  %1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%0, %e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8, %e9, %e10, %e11, %e12, %e13, %e14, %e15, %e16, %e17, %e18, %e19, %e20, %e21, %e22, %e23, %e24, %e25, %e26, %e27, %e28, %e29, %e30, %e31, %e32, %e33, %e34, %e35, %e36, %e37, %e38, %e39, %e40, %e41, %e42, %e43, %e44, %e45, %e46, %e47, %e48, %e49 : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) outs(%d : tensor<64x64xf32>) {
  ^bb0(%m: f32, %x0: f32, %x1: f32, %x2: f32, %x3: f32, %x4: f32, %x5: f32, %x6: f32, %x7: f32, %x8: f32, %x9: f32, %x10: f32, %x11: f32, %x12: f32, %x13: f32, %x14: f32, %x15: f32, %x16: f32, %x17: f32, %x18: f32, %x19: f32, %x20: f32, %x21: f32, %x22: f32, %x23: f32, %x24: f32, %x25: f32, %x26: f32, %x27: f32, %x28: f32, %x29: f32, %x30: f32, %x31: f32, %x32: f32, %x33: f32, %x34: f32, %x35: f32, %x36: f32, %x37: f32, %x38: f32, %x39: f32, %x40: f32, %x41: f32, %x42: f32, %x43: f32, %x44: f32, %x45: f32, %x46: f32, %x47: f32, %x48: f32, %x49: f32, %o: f32):
    %s0 = arith.addf %m, %x0 : f32
    %s1 = arith.addf %s0, %x1 : f32
    %s2 = arith.addf %s1, %x2 : f32
    %s3 = arith.addf %s2, %x3 : f32
    %s4 = arith.addf %s3, %x4 : f32
    %s5 = arith.addf %s4, %x5 : f32
    %s6 = arith.addf %s5, %x6 : f32
    %s7 = arith.addf %s6, %x7 : f32
    %s8 = arith.addf %s7, %x8 : f32
    %s9 = arith.addf %s8, %x9 : f32
    %s10 = arith.addf %s9, %x10 : f32
    %s11 = arith.addf %s10, %x11 : f32
    %s12 = arith.addf %s11, %x12 : f32
    %s13 = arith.addf %s12, %x13 : f32
    %s14 = arith.addf %s13, %x14 : f32
    %s15 = arith.addf %s14, %x15 : f32
    %s16 = arith.addf %s15, %x16 : f32
    %s17 = arith.addf %s16, %x17 : f32
    %s18 = arith.addf %s17, %x18 : f32
    %s19 = arith.addf %s18, %x19 : f32
    %s20 = arith.addf %s19, %x20 : f32
    %s21 = arith.addf %s20, %x21 : f32
    %s22 = arith.addf %s21, %x22 : f32
    %s23 = arith.addf %s22, %x23 : f32
    %s24 = arith.addf %s23, %x24 : f32
    %s25 = arith.addf %s24, %x25 : f32
    %s26 = arith.addf %s25, %x26 : f32
    %s27 = arith.addf %s26, %x27 : f32
    %s28 = arith.addf %s27, %x28 : f32
    %s29 = arith.addf %s28, %x29 : f32
    %s30 = arith.addf %s29, %x30 : f32
    %s31 = arith.addf %s30, %x31 : f32
    %s32 = arith.addf %s31, %x32 : f32
    %s33 = arith.addf %s32, %x33 : f32
    %s34 = arith.addf %s33, %x34 : f32
    %s35 = arith.addf %s34, %x35 : f32
    %s36 = arith.addf %s35, %x36 : f32
    %s37 = arith.addf %s36, %x37 : f32
    %s38 = arith.addf %s37, %x38 : f32
    %s39 = arith.addf %s38, %x39 : f32
    %s40 = arith.addf %s39, %x40 : f32
    %s41 = arith.addf %s40, %x41 : f32
    %s42 = arith.addf %s41, %x42 : f32
    %s43 = arith.addf %s42, %x43 : f32
    %s44 = arith.addf %s43, %x44 : f32
    %s45 = arith.addf %s44, %x45 : f32
    %s46 = arith.addf %s45, %x46 : f32
    %s47 = arith.addf %s46, %x47 : f32
    %s48 = arith.addf %s47, %x48 : f32
    %s49 = arith.addf %s48, %x49 : f32
    linalg.yield %s49 : f32
  } -> tensor<64x64xf32>
  return %1 : tensor<64x64xf32>
}
}

// -----

// A user's config on the operator is checked with its planned epilogue; one
// that does not fit the group is kept for the operator alone, and the
// epilogue keeps its kernel (roller.unfused).
// REPORT-LABEL: func @user_config
// REPORT-NEXT: linalg.matmul kernel=True epilogue=- anchor=False more_bytes=False
// REPORT-NEXT: linalg.generic kernel=False epilogue=- anchor=False
module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 48, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @user_config(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>, %e0: tensor<64x64xf32>, %e1: tensor<64x64xf32>, %e2: tensor<64x64xf32>, %e3: tensor<64x64xf32>, %e4: tensor<64x64xf32>, %e5: tensor<64x64xf32>, %e6: tensor<64x64xf32>, %e7: tensor<64x64xf32>, %e8: tensor<64x64xf32>, %e9: tensor<64x64xf32>, %e10: tensor<64x64xf32>, %e11: tensor<64x64xf32>, %e12: tensor<64x64xf32>, %e13: tensor<64x64xf32>, %e14: tensor<64x64xf32>, %e15: tensor<64x64xf32>, %e16: tensor<64x64xf32>, %e17: tensor<64x64xf32>, %e18: tensor<64x64xf32>, %e19: tensor<64x64xf32>, %e20: tensor<64x64xf32>, %e21: tensor<64x64xf32>, %e22: tensor<64x64xf32>, %e23: tensor<64x64xf32>, %e24: tensor<64x64xf32>, %e25: tensor<64x64xf32>, %e26: tensor<64x64xf32>, %e27: tensor<64x64xf32>, %e28: tensor<64x64xf32>, %e29: tensor<64x64xf32>, %e30: tensor<64x64xf32>, %e31: tensor<64x64xf32>, %e32: tensor<64x64xf32>, %e33: tensor<64x64xf32>, %e34: tensor<64x64xf32>, %e35: tensor<64x64xf32>, %e36: tensor<64x64xf32>, %e37: tensor<64x64xf32>, %e38: tensor<64x64xf32>, %e39: tensor<64x64xf32>, %e40: tensor<64x64xf32>, %e41: tensor<64x64xf32>, %e42: tensor<64x64xf32>, %e43: tensor<64x64xf32>, %e44: tensor<64x64xf32>, %e45: tensor<64x64xf32>, %e46: tensor<64x64xf32>, %e47: tensor<64x64xf32>, %e48: tensor<64x64xf32>, %e49: tensor<64x64xf32>, %d: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-remark @+2 {{roller-select: not fused with its epilogue at}}
  // expected-remark @+1 {{roller-select: keeping the user's roller.config}}
  %0 = linalg.matmul {roller.config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [2, 2, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 256, grid = [2, 2], predicted_us = 1.0, bottleneck = global>} ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  // expected-remark @+1 {{roller-select: not supported}}
  %1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%0, %e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8, %e9, %e10, %e11, %e12, %e13, %e14, %e15, %e16, %e17, %e18, %e19, %e20, %e21, %e22, %e23, %e24, %e25, %e26, %e27, %e28, %e29, %e30, %e31, %e32, %e33, %e34, %e35, %e36, %e37, %e38, %e39, %e40, %e41, %e42, %e43, %e44, %e45, %e46, %e47, %e48, %e49 : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) outs(%d : tensor<64x64xf32>) {
  ^bb0(%m: f32, %x0: f32, %x1: f32, %x2: f32, %x3: f32, %x4: f32, %x5: f32, %x6: f32, %x7: f32, %x8: f32, %x9: f32, %x10: f32, %x11: f32, %x12: f32, %x13: f32, %x14: f32, %x15: f32, %x16: f32, %x17: f32, %x18: f32, %x19: f32, %x20: f32, %x21: f32, %x22: f32, %x23: f32, %x24: f32, %x25: f32, %x26: f32, %x27: f32, %x28: f32, %x29: f32, %x30: f32, %x31: f32, %x32: f32, %x33: f32, %x34: f32, %x35: f32, %x36: f32, %x37: f32, %x38: f32, %x39: f32, %x40: f32, %x41: f32, %x42: f32, %x43: f32, %x44: f32, %x45: f32, %x46: f32, %x47: f32, %x48: f32, %x49: f32, %o: f32):
    %s0 = arith.addf %m, %x0 : f32
    %s1 = arith.addf %s0, %x1 : f32
    %s2 = arith.addf %s1, %x2 : f32
    %s3 = arith.addf %s2, %x3 : f32
    %s4 = arith.addf %s3, %x4 : f32
    %s5 = arith.addf %s4, %x5 : f32
    %s6 = arith.addf %s5, %x6 : f32
    %s7 = arith.addf %s6, %x7 : f32
    %s8 = arith.addf %s7, %x8 : f32
    %s9 = arith.addf %s8, %x9 : f32
    %s10 = arith.addf %s9, %x10 : f32
    %s11 = arith.addf %s10, %x11 : f32
    %s12 = arith.addf %s11, %x12 : f32
    %s13 = arith.addf %s12, %x13 : f32
    %s14 = arith.addf %s13, %x14 : f32
    %s15 = arith.addf %s14, %x15 : f32
    %s16 = arith.addf %s15, %x16 : f32
    %s17 = arith.addf %s16, %x17 : f32
    %s18 = arith.addf %s17, %x18 : f32
    %s19 = arith.addf %s18, %x19 : f32
    %s20 = arith.addf %s19, %x20 : f32
    %s21 = arith.addf %s20, %x21 : f32
    %s22 = arith.addf %s21, %x22 : f32
    %s23 = arith.addf %s22, %x23 : f32
    %s24 = arith.addf %s23, %x24 : f32
    %s25 = arith.addf %s24, %x25 : f32
    %s26 = arith.addf %s25, %x26 : f32
    %s27 = arith.addf %s26, %x27 : f32
    %s28 = arith.addf %s27, %x28 : f32
    %s29 = arith.addf %s28, %x29 : f32
    %s30 = arith.addf %s29, %x30 : f32
    %s31 = arith.addf %s30, %x31 : f32
    %s32 = arith.addf %s31, %x32 : f32
    %s33 = arith.addf %s32, %x33 : f32
    %s34 = arith.addf %s33, %x34 : f32
    %s35 = arith.addf %s34, %x35 : f32
    %s36 = arith.addf %s35, %x36 : f32
    %s37 = arith.addf %s36, %x37 : f32
    %s38 = arith.addf %s37, %x38 : f32
    %s39 = arith.addf %s38, %x39 : f32
    %s40 = arith.addf %s39, %x40 : f32
    %s41 = arith.addf %s40, %x41 : f32
    %s42 = arith.addf %s41, %x42 : f32
    %s43 = arith.addf %s42, %x43 : f32
    %s44 = arith.addf %s43, %x44 : f32
    %s45 = arith.addf %s44, %x45 : f32
    %s46 = arith.addf %s45, %x46 : f32
    %s47 = arith.addf %s46, %x47 : f32
    %s48 = arith.addf %s47, %x48 : f32
    %s49 = arith.addf %s48, %x49 : f32
    linalg.yield %s49 : f32
  } -> tensor<64x64xf32>
  return %1 : tensor<64x64xf32>
}
}
