// RUN: roller-opt %s --split-input-file | roller-opt --split-input-file | FileCheck %s
// RUN: roller-opt %s --split-input-file --mlir-print-op-generic | roller-opt --split-input-file | FileCheck %s

// Every roller attribute round-trips through its custom syntax and through
// the generic printer.

// A memory level with banks, and one without; a measured achievable
// bandwidth, round trip and load latency are printed, unmeasured ones (0)
// omitted.
// CHECK-LABEL: func.func private @mem_levels()
// CHECK-SAME: global = #roller.mem_level<global, capacity = 150323855360, bandwidth = 4800.0, transaction = 32, banks = 0, bank_width = 0>
// CHECK-SAME: latency = #roller.mem_level<global, capacity = 85899345920, bandwidth = 2039.0, transaction = 32, banks = 0, bank_width = 0, load_latency = 405.5>
// CHECK-SAME: measured = #roller.mem_level<global, capacity = 17179869184, bandwidth = 900.0, transaction = 32, banks = 0, bank_width = 0, achievable = 826.0>
// CHECK-SAME: round_trip = #roller.mem_level<global, capacity = 85899345920, bandwidth = 2039.0, transaction = 32, banks = 0, bank_width = 0, round_trip = 704.0>
// CHECK-SAME: round_trip_latency = #roller.mem_level<global, capacity = 85899345920, bandwidth = 2039.0, transaction = 32, banks = 0, bank_width = 0, round_trip = 704.4, load_latency = 405.5>
// CHECK-SAME: shared = #roller.mem_level<shared, capacity = 233472, bandwidth = 33454.08, transaction = 128, banks = 32, bank_width = 4>
// CHECK-SAME: unmeasured = #roller.mem_level<global, capacity = 1024, bandwidth = 1.0, transaction = 32, banks = 0, bank_width = 0>
func.func private @mem_levels() attributes {
  shared = #roller.mem_level<shared, capacity = 233472, bandwidth = 33454.08,
                             transaction = 128, banks = 32, bank_width = 4>,
  global = #roller.mem_level<global, capacity = 150323855360, bandwidth = 4800,
                             transaction = 32, banks = 0, bank_width = 0>,
  measured = #roller.mem_level<global, capacity = 17179869184, bandwidth = 900,
                               transaction = 32, banks = 0, bank_width = 0,
                               achievable = 826>,
  round_trip = #roller.mem_level<global, capacity = 85899345920,
                                 bandwidth = 2039, transaction = 32, banks = 0,
                                 bank_width = 0, round_trip = 704>,
  latency = #roller.mem_level<global, capacity = 85899345920,
                              bandwidth = 2039, transaction = 32, banks = 0,
                              bank_width = 0, load_latency = 405.5>,
  round_trip_latency = #roller.mem_level<global, capacity = 85899345920,
                                         bandwidth = 2039, transaction = 32,
                                         banks = 0, bank_width = 0,
                                         round_trip = 704.4,
                                         load_latency = 405.5>,
  unmeasured = #roller.mem_level<global, capacity = 1024, bandwidth = 1.0,
                                 transaction = 32, banks = 0, bank_width = 0,
                                 achievable = 0.0, round_trip = 0.0,
                                 load_latency = 0.0>}

// -----

// Peak throughput per element type and MMA shapes.
// CHECK-LABEL: func.func private @peaks()
// CHECK-SAME: f16 = #roller.peak<f16, cuda_core = 133.8, tensor_core = 989.4>
// CHECK-SAME: i8 = #roller.peak<i8, cuda_core = 0.0, tensor_core = 1978.9>
// CHECK-SAME: mma = #roller.mma_shape<m = 16, n = 8, k = 16, input = bf16, acc = f32>
func.func private @peaks() attributes {
  f16 = #roller.peak<f16, cuda_core = 133.8, tensor_core = 989.4>,
  i8 = #roller.peak<i8, cuda_core = 0.0, tensor_core = 1978.9>,
  mma = #roller.mma_shape<m = 16, n = 8, k = 16, input = bf16, acc = f32>}

// -----

// A whole device, printed through its alias.
// CHECK: #roller_tiny = #roller.device<name = "tiny", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 1024, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 1024, smem_per_sm = 2048, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 2048, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>
// CHECK-LABEL: module attributes {roller.device = #roller_tiny}
module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80",
    sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0,
    max_threads_per_block = 1024, max_threads_per_sm = 2048,
    max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536,
    regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 1024,
    smem_per_sm = 2048, smem_reserved_per_block = 0, smem_alloc_unit = 128,
    l2_bytes = 1048576,
    peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>],
    mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>],
    levels = [
      #roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>,
      #roller.mem_level<shared, capacity = 2048, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>,
      #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
}

// -----

// A measured launch (ns, omitted when 0) prints after the levels.
// CHECK: #roller_launched = #roller.device<name = "launched", {{.*}}, levels = [{{.*}}], launch = 1864.1>
// CHECK-LABEL: module attributes {roller.device = #roller_launched}
module attributes {roller.device = #roller.device<name = "launched", chip = "sm_80",
    sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0,
    max_threads_per_block = 1024, max_threads_per_sm = 2048,
    max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536,
    regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 1024,
    smem_per_sm = 2048, smem_reserved_per_block = 0, smem_alloc_unit = 128,
    l2_bytes = 1048576,
    peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>],
    mma_shapes = [],
    levels = [
      #roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>,
      #roller.mem_level<shared, capacity = 2048, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>,
      #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>],
    launch = 1864.1>} {
}

// -----

// The L2's bandwidth (GB/s, omitted when 0) prints after l2_bytes, whatever
// order it was written in.
// CHECK: #roller_cached = #roller.device<name = "cached", {{.*}}, l2_bytes = 1048576, l2_bandwidth = 9769.1, peaks = [{{.*}}], launch = 1864.1>
// CHECK-LABEL: module attributes {roller.device = #roller_cached}
module attributes {roller.device = #roller.device<name = "cached", chip = "sm_80",
    sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0,
    max_threads_per_block = 1024, max_threads_per_sm = 2048,
    max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536,
    regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 1024,
    smem_per_sm = 2048, smem_reserved_per_block = 0, smem_alloc_unit = 128,
    l2_bytes = 1048576,
    peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>],
    mma_shapes = [],
    levels = [
      #roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>,
      #roller.mem_level<shared, capacity = 2048, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>,
      #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>],
    launch = 1864.1, l2_bandwidth = 9769.1>} {
}

// -----

// rTiles at both tiled levels.
// CHECK-LABEL: func.func private @rtiles()
// CHECK-SAME: block = #roller.rtile<shared, [128, 128, 32]>
// CHECK-SAME: thread = #roller.rtile<register, [8, 8, 1]>
func.func private @rtiles() attributes {
  block = #roller.rtile<shared, [128, 128, 32]>,
  thread = #roller.rtile<register, [8, 8, 1]>}

// -----

// A config without MMA (mma is omitted when empty) and one with it.
// CHECK-LABEL: func.func private @configs()
// CHECK-SAME: mma_config = #roller.config<block = <shared, [128, 128, 32]>, thread = <register, [64, 32, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 8, stages = 3, threads = 256, grid = [64, 1, 1], predicted_us = 12.25, bottleneck = compute>
// CHECK-SAME: simt_config = #roller.config<block = <shared, [128, 128, 8]>, thread = <register, [8, 8, 1]>, padding = [4, 0], vector_width = 4, stages = 1, threads = 256, grid = [8, 8], predicted_us = 0.0, bottleneck = global>
func.func private @configs() attributes {
  simt_config = #roller.config<block = #roller.rtile<shared, [128, 128, 8]>,
      thread = #roller.rtile<register, [8, 8, 1]>, padding = [4, 0],
      vector_width = 4, stages = 1, threads = 256, grid = [8, 8],
      predicted_us = 0, bottleneck = global>,
  mma_config = #roller.config<block = #roller.rtile<shared, [128, 128, 32]>,
      thread = #roller.rtile<register, [64, 32, 16]>, mma = [16, 8, 16],
      padding = [8, 8], vector_width = 8, stages = 3, threads = 256,
      grid = [64, 1, 1], predicted_us = 12.25, bottleneck = compute>}

// -----

// A one-level config (inputs not staged in shared memory) prints `staged`.
// CHECK-LABEL: func.func private @unstaged_config()
// CHECK-SAME: c = #roller.config<block = <shared, [1024]>, thread = <register, [4]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 256, grid = [64], predicted_us = 3.5, bottleneck = global>
func.func private @unstaged_config() attributes {
  c = #roller.config<block = #roller.rtile<shared, [1024]>,
      thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4,
      stages = 1, staged = false, threads = 256, grid = [64],
      predicted_us = 3.5, bottleneck = global>}

// -----

// A launch order in bands of rows prints `block_group` (1, row-major, is
// the default and is not printed).
// CHECK-LABEL: func.func private @grouped_config()
// CHECK-SAME: c = #roller.config<block = <shared, [128, 128, 32]>, thread = <register, [64, 64, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 8, stages = 2, threads = 128, grid = [512], predicted_us = 40.0, bottleneck = global, max_regs = 255, block_group = 8>
func.func private @grouped_config() attributes {
  c = #roller.config<block = #roller.rtile<shared, [128, 128, 32]>,
      thread = #roller.rtile<register, [64, 64, 16]>, mma = [16, 8, 16],
      padding = [8, 8], vector_width = 8, stages = 2, threads = 128,
      grid = [512], predicted_us = 40.0, bottleneck = global, max_regs = 255,
      block_group = 8>}

// -----

// The discardable config attribute on an arbitrary op.
// CHECK-LABEL: func.func @config_on_op
// CHECK: linalg.fill {roller.config = #roller.config<
func.func @config_on_op(%t: tensor<64xf32>) -> tensor<64xf32> {
  %c = arith.constant 0.0 : f32
  %0 = linalg.fill {roller.config = #roller.config<
      block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>,
      padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1],
      predicted_us = 1.5, bottleneck = global>}
      ins(%c : f32) outs(%t : tensor<64xf32>) -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
