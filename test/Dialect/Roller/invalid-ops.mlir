// RUN: roller-opt %s --split-input-file --verify-diagnostics

// Every diagnostic of the roller ops: each case breaks one rule of an
// otherwise valid program.

// The unmodified program verifies (the cases below each break one thing).
module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

// An empty operand (found by fuzz/roller_fuzz.py: the lowering crashed in
// upstream tiling).
module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x0xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @+1 {{'roller.rprogram' op operand #0 ('tensor<64x0xf32>') has a zero-size dimension}}
  %0 = roller.rprogram ins(%A, %B : tensor<64x0xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x0xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x0xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// A reversed access inside the operand verifies.
module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (-i + 63, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

// An access before the operand's start (found by fuzz/roller_fuzz.py: the
// lowering cut a slice of negative size and crashed).
module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    // expected-error @+1 {{'roller.compute' op indexing map #0 affine_map<(d0, d1, d2) -> (-d0, d2)> reads dimension 0 (size 64) at [-63, 0] with loop extents [64, 64, 32]: outside the operand}}
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (-i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

// An access past the operand's end.
module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    // expected-error @+1 {{'roller.compute' op indexing map #0 affine_map<(d0, d1, d2) -> (d0, d2 + 8)> reads dimension 1 (size 32) at [8, 39] with loop extents [64, 64, 32]: outside the operand}}
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k + 8)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

// A coefficient of 2^62 over a k-step of 8: the tile's index span does
// not fit 64 bits (it overflowed silently before).
module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    // expected-error @+1 {{'roller.compute' op indexing map affine_map<(d0, d1, d2) -> (d0, d2 * 4611686018427387904)> is not a linear access, or spans more than 64-bit indices over the rtile; tile shapes cannot be derived}}
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k * 4611686018427387904)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

// The same coefficient over a k-step of 1 fits the tile (one element) but
// not the loop's 32 iterations: the access check's bound overflows.
module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 1]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x1xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<1x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x1xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<1x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    // expected-error @+1 {{'roller.compute' op indexing map #0 affine_map<(d0, d1, d2) -> (d0, d2 * 4611686018427387904)> reads dimension 1 (size 32) at indices beyond 64 bits with loop extents [64, 64, 32]: outside the operand}}
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k * 4611686018427387904)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

// -----


module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @+1 {{config has padding for 1 inputs but the rprogram has 2}}
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @+1 {{config threads per block (48) is not a multiple of the warp size (32)}}
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 48, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @+1 {{config mma shape 16x16x16 is not supported by device 'tiny'}}
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, mma = [16, 16, 16], padding = [4, 4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @+1 {{config has 32 threads but its block and thread tiles give 64}}
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 32, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    // expected-error @+1 {{tile shape 32x16 does not match the shared rtile [32x32x8] through indexing map affine_map<(d0, d1, d2) -> (d0, d2)> (expected 32x8)}}
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x16xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x16xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    // expected-error @+1 {{tile shape 4x2 does not match the register rtile [4x4x1] through indexing map affine_map<(d0, d1, d2) -> (d0, d2)> (expected 4x1)}}
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x2xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x2xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    // expected-error @+1 {{shared tile padding 2 does not match the config's padding 4}}
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 2>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 2> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    // expected-error @+1 {{indexing map affine_map<(d0, d1, d2) -> (d0 mod 4, d2)> is not a linear access, or spans more than 64-bit indices over the rtile; tile shapes cannot be derived}}
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i mod 4, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

// Four stages of the padded 32x8 and 8x32 f32 tiles (2688 bytes) overflow 8 KiB.
module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @+1 {{shared-memory tiles need 10752 bytes (4 stages) but device 'tiny' allows 8192 per block}}
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 4, threads = 64, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%cr : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %r = roller.store %acc into %c : !roller.tile<4x4xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%A: tensor<64x32xf32>, %B: tensor<32x64xf32>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @+1 {{config threads per block (16) is not a multiple of the warp size (32)}}
  %0 = roller.rprogram ins(%A, %B : tensor<64x32xf32>, tensor<32x64xf32>) outs(%C : tensor<64x64xf32>) config = #roller.config<block = #roller.rtile<shared, [32, 32, 8]>, thread = #roller.rtile<register, [8, 8, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 16, grid = [2, 2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>):
    %as = roller.load %a : tensor<64x32xf32> -> !roller.tile<32x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<32x64xf32> -> !roller.tile<8x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<32x8xf32, shared, padding = 4> -> !roller.tile<8x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x32xf32, shared, padding = 4> -> !roller.tile<1x8xf32, register>
    %cr = roller.load %c : tensor<64x64xf32> -> !roller.tile<8x8xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<8x1xf32, register>, !roller.tile<1x8xf32, register>) inits(%cr : !roller.tile<8x8xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<8x8xf32, register>
    %r = roller.store %acc into %c : !roller.tile<8x8xf32, register> into tensor<64x64xf32>
    roller.yield %r : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
}

// -----

module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 256, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 32, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 8192, smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
func.func @f(%X: memref<4096xf32>, %Y: memref<4096xf32>) {
  // expected-error @+1 {{register tiles need 128 registers per thread but device 'tiny' allows 32}}
  roller.rprogram ins(%X : memref<4096xf32>) outs(%Y : memref<4096xf32>) config = #roller.config<block = #roller.rtile<shared, [2048]>, thread = #roller.rtile<register, [64]>, padding = [0], vector_width = 4, stages = 1, threads = 32, grid = [2], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%x: memref<4096xf32>, %y: memref<4096xf32>):
    %xr = roller.load %x : memref<4096xf32> -> !roller.tile<64xf32, register>
    %yr = roller.load %y : memref<4096xf32> -> !roller.tile<64xf32, register>
    %o = roller.compute ins(%xr : !roller.tile<64xf32, register>) inits(%yr : !roller.tile<64xf32, register>) attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
    } -> !roller.tile<64xf32, register>
    roller.store %o into %y : !roller.tile<64xf32, register> into memref<4096xf32>
  }
  return
}
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  // expected-error @+1 {{'roller.rprogram' op body has 1 arguments but the op has 2 inputs and outputs}}
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%x: tensor<64xf32>):
    roller.yield %x : tensor<64xf32>
  } -> tensor<64xf32>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  // expected-error @+1 {{'roller.rprogram' op body argument #1 has type 'tensor<32xf32>' but its operand has type 'tensor<64xf32>'}}
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%x: tensor<64xf32>, %y: tensor<32xf32>):
    roller.yield %x : tensor<64xf32>
  } -> tensor<64xf32>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  // expected-error @+1 {{'roller.rprogram' op results must be the types of the tensor outputs, in order}}
  roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>):
  }
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>):
    // expected-error @+1 {{'roller.yield' op yields 0 values that do not match the 1 expected by 'roller.rprogram'}}
    roller.yield
  } -> tensor<64xf32>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %s = roller.load %X : tensor<64xf32> -> !roller.tile<16xf32, shared>
  // expected-error @+1 {{'roller.load' op moves a tile from 'shared' to 'shared'; a load must move inward (global -> shared -> register)}}
  %t = roller.load %s : !roller.tile<16xf32, shared> -> !roller.tile<16xf32, shared>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %r = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  // expected-error @+1 {{'roller.load' op moves a tile from 'register' to 'shared'; a load must move inward (global -> shared -> register)}}
  %s = roller.load %r : !roller.tile<4xf32, register> -> !roller.tile<4xf32, shared>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  // expected-error @+1 {{'roller.load' op element type 'f32' does not match 'f16'}}
  %r = roller.load %X : tensor<64xf32> -> !roller.tile<4xf16, register>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  // expected-error @+1 {{'roller.load' op tile rank 2 does not match the rank 1 of the data it loads from}}
  %r = roller.load %X : tensor<64xf32> -> !roller.tile<4x4xf32, register>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %s = roller.load %X : tensor<64xf32> -> !roller.tile<16xf32, shared>
  %r = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  // expected-error @+1 {{'roller.store' op moves a tile from 'shared' to 'register'; a store must move outward (register -> shared -> global)}}
  %t = roller.store %s into %r : !roller.tile<16xf32, shared> into !roller.tile<4xf32, register>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %M: memref<8x8xf32>) {
  %r = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  // expected-error @+1 {{'roller.store' op tile rank 1 does not match the rank 2 of the data it stores into}}
  roller.store %r into %M : !roller.tile<4xf32, register> into memref<8x8xf32>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %M: memref<64xf32>) {
  %r = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  // expected-error @+1 {{'roller.store' op into a memref must not return a value}}
  %t = "roller.store"(%r, %M) : (!roller.tile<4xf32, register>, memref<64xf32>) -> tensor<64xf32>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %r = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  // expected-error @+1 {{'roller.store' op into a tensor or tile must return the updated value}}
  "roller.store"(%r, %X) : (!roller.tile<4xf32, register>, tensor<64xf32>) -> ()
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %r = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  // expected-error @+1 {{'roller.store' op result type 'tensor<32xf32>' does not match the destination type 'tensor<64xf32>'}}
  %t = "roller.store"(%r, %X) : (!roller.tile<4xf32, register>, tensor<64xf32>) -> tensor<32xf32>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %xr = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  %yr = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, register>
  %ys = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, shared>
  // expected-error @+1 {{'roller.compute' op iterator type must be "parallel" or "reduction", got "window"}}
  %o = roller.compute ins(%xr : !roller.tile<4xf32, register>) inits(%yr : !roller.tile<4xf32, register>) attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["window"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
  } -> !roller.tile<4xf32, register>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %xr = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  %yr = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, register>
  %ys = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, shared>
  // expected-error @+1 {{'roller.compute' op expects one indexing map per operand (2), got 1}}
  %o = roller.compute ins(%xr : !roller.tile<4xf32, register>) inits(%yr : !roller.tile<4xf32, register>) attributes {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
  } -> !roller.tile<4xf32, register>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %xr = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  %yr = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, register>
  %ys = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, shared>
  // expected-error @+1 {{'roller.compute' op indexing map #0 must have 1 dimensions and no symbols}}
  %o = roller.compute ins(%xr : !roller.tile<4xf32, register>) inits(%yr : !roller.tile<4xf32, register>) attributes {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
  } -> !roller.tile<4xf32, register>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %xr = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  %yr = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, register>
  %ys = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, shared>
  // expected-error @+1 {{'roller.compute' op indexing map #0 has 2 results but its tile has rank 1}}
  %o = roller.compute ins(%xr : !roller.tile<4xf32, register>) inits(%yr : !roller.tile<4xf32, register>) attributes {indexing_maps = [affine_map<(i) -> (i, i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
  } -> !roller.tile<4xf32, register>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %xr = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  %yr = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, register>
  %ys = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, shared>
  // expected-error @+1 {{'roller.compute' op accumulator #0 must be a register tile}}
  %o = roller.compute ins(%xr : !roller.tile<4xf32, register>) inits(%ys : !roller.tile<4xf32, shared>) attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
  } -> !roller.tile<4xf32, shared>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %xr = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  %yr = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, register>
  %ys = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, shared>
  // expected-error @+1 {{'roller.compute' op accumulator map affine_map<(d0) -> (d0)> must index parallel axes (or a kept unit dimension, 0) only}}
  %o = roller.compute ins(%xr : !roller.tile<4xf32, register>) inits(%yr : !roller.tile<4xf32, register>) attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["reduction"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
  } -> !roller.tile<4xf32, register>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %xr = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  %yr = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, register>
  %ys = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, shared>
  // expected-error @+1 {{'roller.compute' op results must have the types of the accumulators}}
  %o = roller.compute ins(%xr : !roller.tile<4xf32, register>) inits(%yr : !roller.tile<4xf32, register>) attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
  } -> !roller.tile<8xf32, register>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %xr = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  %yr = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, register>
  %ys = roller.load %Y : tensor<64xf32> -> !roller.tile<4xf32, shared>
  // expected-error @+1 {{'roller.compute' op body arguments must be the element types of the operands, in order}}
  %o = roller.compute ins(%xr : !roller.tile<4xf32, register>) inits(%yr : !roller.tile<4xf32, register>) attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%v: f16, %u: f32):
      roller.yield %u : f32
  } -> !roller.tile<4xf32, register>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %xr = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  %o = roller.compute ins(%xr : !roller.tile<4xf32, register>) inits(%xr : !roller.tile<4xf32, register>) attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
  ^bb0(%v: f32, %u: f32):
    // expected-error @+1 {{'roller.yield' op yields 2 values that do not match the 1 expected by 'roller.compute'}}
    roller.yield %v, %u : f32, f32
  } -> !roller.tile<4xf32, register>
  return
}

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #roller.config<block = #roller.rtile<shared, [64, 1]>, thread = #roller.rtile<register, [4, 1]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>):
    %xr = roller.load %x : tensor<64xf32> -> !roller.tile<4xf32, register>
    %yr = roller.load %y : tensor<64xf32> -> !roller.tile<4xf32, register>
    // expected-error @+1 {{'roller.compute' op has 1 loop axes but the rprogram's config tiles 2}}
    %o = roller.compute ins(%xr : !roller.tile<4xf32, register>) inits(%yr : !roller.tile<4xf32, register>) attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
    } -> !roller.tile<4xf32, register>
    %r = roller.store %o into %y : !roller.tile<4xf32, register> into tensor<64xf32>
    roller.yield %r : tensor<64xf32>
  } -> tensor<64xf32>
  return
}

// -----

// expected-error @+1 {{'roller.yield' op expects parent op to be one of 'roller.rprogram, roller.compute'}}
roller.yield

// -----

func.func @f(%X: tensor<64xf32>, %Y: tensor<64xf32>) {
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [2]>, padding = [0], vector_width = 2, stages = 1, staged = false, threads = 32, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>):
    // expected-error @+1 {{'roller.load' op stages a tile in shared memory but the config has staged = false}}
    %xs = roller.load %x : tensor<64xf32> -> !roller.tile<64xf32, shared>
    roller.yield %y : tensor<64xf32>
  } -> tensor<64xf32>
  return
}

// -----

// A loop axis that indexes a tile only inside expressions (kw here) has no
// extent to read off a tile: tiling the lowered loops crashed on it (fuzzer,
// issue 19).
func.func @f(%X: tensor<1x1x6x6xf32>, %W: tensor<1x1x3x3xf32>, %Y: tensor<1x1x2x2xf32>) {
  %xr = roller.load %X : tensor<1x1x6x6xf32> -> !roller.tile<1x1x3x3xf32, register>
  %wr = roller.load %W : tensor<1x1x3x3xf32> -> !roller.tile<1x1x1x1xf32, register>
  %yr = roller.load %Y : tensor<1x1x2x2xf32> -> !roller.tile<1x1x2x2xf32, register>
  // expected-error @+1 {{'roller.compute' op loop axis #6 indexes no tile dimension directly (only inside expressions): its extent is unknown}}
  %o = roller.compute ins(%xr, %wr : !roller.tile<1x1x3x3xf32, register>, !roller.tile<1x1x1x1xf32, register>) inits(%yr : !roller.tile<1x1x2x2xf32, register>) attributes {indexing_maps = [affine_map<(n, f, oh, ow, c, kh, kw) -> (n, c, oh * 2 + kh, ow * 2 + kw)>, affine_map<(n, f, oh, ow, c, kh, kw) -> (f, c, kh, -kh)>, affine_map<(n, f, oh, ow, c, kh, kw) -> (n, f, oh, ow)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} {
    ^bb0(%x: f32, %w: f32, %y: f32):
      %m = arith.mulf %x, %w : f32
      %s = arith.addf %y, %m : f32
      roller.yield %s : f32
  } -> !roller.tile<1x1x2x2xf32, register>
  return
}

// -----

func.func @f(%X: tensor<64xf32>) {
  %xr = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  %o = roller.compute inits(%xr : !roller.tile<4xf32, register>) attributes {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%v: f32):
      // expected-error @+1 {{'roller.index' op dim 1 is out of range: the compute op has 1 loop axes}}
      %i = roller.index 1 : index
      roller.yield %v : f32
  } -> !roller.tile<4xf32, register>
  return
}

// -----

func.func @f() -> index {
  // expected-error @+1 {{'roller.index' op expects parent op 'roller.compute'}}
  %i = roller.index 0 : index
  return %i : index
}

// -----

// A constant result other than 0 in an accumulator map indexes nothing the
// operator produces.
func.func @f(%X: tensor<64xf32>, %Y: tensor<64x4xf32>) {
  %xr = roller.load %X : tensor<64xf32> -> !roller.tile<4xf32, register>
  %yr = roller.load %Y : tensor<64x4xf32> -> !roller.tile<4x1xf32, register>
  // expected-error @+1 {{'roller.compute' op accumulator map affine_map<(d0) -> (d0, 3)> must index parallel axes (or a kept unit dimension, 0) only}}
  %o = roller.compute ins(%xr : !roller.tile<4xf32, register>) inits(%yr : !roller.tile<4x1xf32, register>) attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i, 3)>], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
  } -> !roller.tile<4x1xf32, register>
  return
}

// -----

// An epilogue runs once per output element: no reduction loop.
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    // expected-error @+1 {{'roller.compute' op an epilogue has parallel axes only}}
    %y = roller.compute ins(%acc, %bv : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 1>, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "reduction"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// Its axes are config axes in increasing order.
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    // expected-error @+1 {{'roller.compute' op epilogue axes must be increasing non-negative config axes}}
    %y = roller.compute ins(%acc, %bv : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 1, 0>, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// Its axes are parallel axes of the operator; one that walks a reduction
// axis (a row epilogue) covers every parallel axis too.
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    // expected-error @+1 {{'roller.compute' op walks a reduction axis but not the parallel axis 1 (a row epilogue covers its threads' whole outputs)}}
    %y = roller.compute ins(%acc, %bv : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 2>, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// A row epilogue follows a CUDA-core operator only: a tensor-core one's
// accumulators are spread over a warp's lanes, no thread owns a row.
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, mma = [16, 8, 16], padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    // expected-error @+1 {{'roller.compute' op walks a reduction axis of a tensor-core operator (row epilogues follow CUDA-core operators only)}}
    %y = roller.compute ins(%acc, %bv : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 2>, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// Its axes are axes of the operator.
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    // expected-error @+1 {{'roller.compute' op axis 5 is not an axis of the operator}}
    %y = roller.compute ins(%acc, %bv : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 5>, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// It reads each accumulator where the operator wrote it.
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    // expected-error @+1 {{'roller.compute' op reads the operator's result #0 through affine_map<(d0, d1, d2) -> (d1, d0)> on the operator's loops, not where it was written (affine_map<(d0, d1, d2) -> (d0, d1)>)}}
    %y = roller.compute ins(%acc, %bv : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 1>, indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// The operator's results go to the epilogue only.
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    // expected-error @+1 {{'roller.compute' op result #0 must only be read by the epilogue's inputs}}
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %y = roller.compute ins(%acc, %bv : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 1>, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st2 = roller.store %acc into %c : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// One epilogue per program.
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'roller.rprogram' op an epilogue needs exactly one operator compute and one epilogue, found 1 and 2}}
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %y = roller.compute ins(%acc, %bv : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 1>, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %y2 = roller.compute ins(%acc, %bv : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 1>, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// An epilogue names one config axis per loop.
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    // expected-error @+1 {{'roller.compute' op has 2 loop axes but 1 epilogue axes}}
    %y = roller.compute ins(%acc, %bv : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0>, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// An epilogue comes after the operator.
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    // expected-error @+1 {{'roller.compute' op must come after the operator's compute}}
    %ep = roller.compute ins(%bv : !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 1>, indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%bb: f32, %oo: f32):
      %s = arith.addf %bb, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>

    %st = roller.store %ep into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// Threads sharing a reduction share every output of the block: a thread
// tile of one of the block's 4 rows would need 4 groups of threads.
func.func @f(%x: tensor<8x256xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{config splits the reduction over 32 threads, so its thread tile must cover the block tile on the parallel axes}}
  %0 = roller.rprogram ins(%x : tensor<8x256xf32>) outs(%o : tensor<8xf32>) config = #roller.config<block = #roller.rtile<shared, [4, 256]>, thread = #roller.rtile<register, [1, 4]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2], predicted_us = 1.0, bottleneck = global, reduce_threads = 32> {
  ^bb0(%a: tensor<8x256xf32>, %b: tensor<8xf32>):
    %xr = roller.load %a : tensor<8x256xf32> -> !roller.tile<1x4xf32, register>
    %or = roller.load %b : tensor<8xf32> -> !roller.tile<1xf32, register>
    %s = roller.compute ins(%xr : !roller.tile<1x4xf32, register>) inits(%or : !roller.tile<1xf32, register>) attributes {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} {
    ^bb0(%v: f32, %acc: f32):
      %y = arith.addf %v, %acc : f32
      roller.yield %y : f32
    } -> !roller.tile<1xf32, register>
    %r = roller.store %s into %b : !roller.tile<1xf32, register> into tensor<8xf32>
    roller.yield %r : tensor<8xf32>
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @f(%x: tensor<8x256xf32>, %o: tensor<8x256xf32>) -> tensor<8x256xf32> {
  // expected-error @+1 {{config splits the reduction over 32 threads but the operator has no reduction}}
  %0 = roller.rprogram ins(%x : tensor<8x256xf32>) outs(%o : tensor<8x256xf32>) config = #roller.config<block = #roller.rtile<shared, [4, 256]>, thread = #roller.rtile<register, [4, 256]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2], predicted_us = 1.0, bottleneck = global, reduce_threads = 32> {
  ^bb0(%a: tensor<8x256xf32>, %b: tensor<8x256xf32>):
    %xr = roller.load %a : tensor<8x256xf32> -> !roller.tile<4x256xf32, register>
    %or = roller.load %b : tensor<8x256xf32> -> !roller.tile<4x256xf32, register>
    %s = roller.compute ins(%xr : !roller.tile<4x256xf32, register>) inits(%or : !roller.tile<4x256xf32, register>) attributes {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i, k)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%v: f32, %acc: f32):
      %y = arith.negf %v : f32
      roller.yield %y : f32
    } -> !roller.tile<4x256xf32, register>
    %r = roller.store %s into %b : !roller.tile<4x256xf32, register> into tensor<8x256xf32>
    roller.yield %r : tensor<8x256xf32>
  } -> tensor<8x256xf32>
  return %0 : tensor<8x256xf32>
}
