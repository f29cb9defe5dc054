// RUN: roller-opt %s --split-input-file --verify-diagnostics

// Every diagnostic of the roller attributes and the tile type.

// expected-error @+1 {{memory level capacity must be positive, got 0}}
func.func private @f() attributes {l = #roller.mem_level<shared, capacity = 0, bandwidth = 1.0, transaction = 128, banks = 32, bank_width = 4>}

// -----

// expected-error @+1 {{memory level bandwidth must be positive}}
func.func private @f() attributes {l = #roller.mem_level<shared, capacity = 1024, bandwidth = 0.0, transaction = 128, banks = 32, bank_width = 4>}

// -----

// expected-error @+1 {{memory level bandwidth must be positive}}
func.func private @f() attributes {l = #roller.mem_level<shared, capacity = 1024, bandwidth = -5.0, transaction = 128, banks = 32, bank_width = 4>}

// -----

// expected-error @+1 {{memory level transaction length must be positive, got -1}}
func.func private @f() attributes {l = #roller.mem_level<global, capacity = 1024, bandwidth = 1.0, transaction = -1, banks = 0, bank_width = 0>}

// -----

// expected-error @+1 {{memory level banks (32) and bank_width (0) must be both positive or both 0}}
func.func private @f() attributes {l = #roller.mem_level<shared, capacity = 1024, bandwidth = 1.0, transaction = 128, banks = 32, bank_width = 0>}

// -----

// expected-error @+1 {{memory level achievable bandwidth exceeds its bandwidth}}
func.func private @f() attributes {l = #roller.mem_level<global, capacity = 1024, bandwidth = 900.0, transaction = 32, banks = 0, bank_width = 0, achievable = 901.0>}

// -----

// expected-error @+1 {{memory level achievable bandwidth must be 0 (not measured) or positive}}
func.func private @f() attributes {l = #roller.mem_level<global, capacity = 1024, bandwidth = 900.0, transaction = 32, banks = 0, bank_width = 0, achievable = -1.0>}

// -----

// expected-error @+1 {{memory level round trip must be 0 (not measured) or positive}}
func.func private @f() attributes {l = #roller.mem_level<global, capacity = 1024, bandwidth = 900.0, transaction = 32, banks = 0, bank_width = 0, round_trip = -5.0>}

// -----

// expected-error @+1 {{memory level load latency must be 0 (not measured) or positive}}
func.func private @f() attributes {l = #roller.mem_level<global, capacity = 1024, bandwidth = 900.0, transaction = 32, banks = 0, bank_width = 0, load_latency = -1.0>}

// -----

// expected-error @+1 {{peak throughput needs an integer or float element type, got 'index'}}
func.func private @f() attributes {p = #roller.peak<index, cuda_core = 1.0, tensor_core = 0.0>}

// -----

// expected-error @+1 {{peak throughput must be finite and non-negative}}
func.func private @f() attributes {p = #roller.peak<f32, cuda_core = -1.0, tensor_core = 0.0>}

// -----

// expected-error @+1 {{mma shape must be positive, got 16x0x16}}
func.func private @f() attributes {m = #roller.mma_shape<m = 16, n = 0, k = 16, input = f16, acc = f32>}

// -----

// expected-error @+1 {{mma shape element types must be integers or floats}}
func.func private @f() attributes {m = #roller.mma_shape<m = 16, n = 8, k = 16, input = vector<2xf16>, acc = f32>}

// -----

// expected-error @+1 {{invalid device 'bad': launch_ns must not be negative (got -1)}}
func.func private @f() attributes {d = #roller.device<name = "bad", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 1024, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 1024, smem_per_sm = 2048, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 2048, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>], launch = -1.0>}

// -----

// expected-error @+1 {{invalid device 'bad': l2_gbps must not be negative (got -2)}}
func.func private @f() attributes {d = #roller.device<name = "bad", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 1024, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 1024, smem_per_sm = 2048, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, l2_bandwidth = -2.0, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 2048, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>}

// -----

// expected-error @+1 {{device peaks must be #roller.peak attributes, got 1 : i64}}
func.func private @f() attributes {d = #roller.device<name = "bad", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 1024, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 1024, smem_per_sm = 2048, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [1], mma_shapes = [], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>]>}

// -----

// expected-error @+1 {{device mma_shapes must be #roller.mma_shape attributes, got "m16n8k16"}}
func.func private @f() attributes {d = #roller.device<name = "bad", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 1024, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 1024, smem_per_sm = 2048, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = ["m16n8k16"], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>]>}

// -----

// expected-error @+1 {{device levels must be #roller.mem_level attributes, got #roller.rtile<shared, [4]>}}
func.func private @f() attributes {d = #roller.device<name = "bad", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 1024, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 1024, smem_per_sm = 2048, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [], levels = [#roller.rtile<shared, [4]>]>}

// -----

// A device that is well-formed but inconsistent is rejected with the
// analysis core's reason.
// expected-error @+1 {{invalid device 'bad': sm_count must be positive (got 0)}}
func.func private @f() attributes {d = #roller.device<name = "bad", chip = "sm_80", sm_count = 0, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 1024, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 1024, smem_per_sm = 2048, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [], levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>]>}

// -----

// expected-error @+1 {{invalid device 'bad': memory levels must be ordered global, shared, register}}
func.func private @f() attributes {d = #roller.device<name = "bad", chip = "sm_80", sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0, max_threads_per_block = 1024, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 1024, smem_per_sm = 2048, smem_reserved_per_block = 0, smem_alloc_unit = 128, l2_bytes = 1048576, peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>], mma_shapes = [], levels = [#roller.mem_level<shared, capacity = 2048, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>]>}

// -----

// expected-error @+1 {{rtile level must be 'shared' or 'register'; global data is the operator's own tensors}}
func.func private @f() attributes {t = #roller.rtile<global, [4]>}

// -----

// expected-error @+1 {{rtile must have at least one axis}}
func.func private @f() attributes {t = #roller.rtile<shared, []>}

// -----

// expected-error @+1 {{rtile size must be positive, got 0 on axis 1}}
func.func private @f() attributes {t = #roller.rtile<shared, [4, 0]>}

// -----

// expected-error @+1 {{rtile size must be positive, got -8 on axis 0}}
func.func private @f() attributes {t = #roller.rtile<register, [-8]>}

// -----

// expected-error @+1 {{config block tile must be at the 'shared' level, got 'register'}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<register, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// expected-error @+1 {{config thread tile must be at the 'register' level, got 'shared'}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<shared, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// expected-error @+1 {{config thread tile has 1 axes but the block tile has 2}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64, 64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// expected-error @+1 {{config thread tile size 3 does not divide block tile size 64 on axis 1}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64, 64]>, thread = #roller.rtile<register, [4, 3]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// expected-error @+1 {{config mma must be [m, n, k] with positive sizes}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, mma = [16, 8], padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// expected-error @+1 {{config padding must be non-negative, got -2 for input 1}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0, -2], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// expected-error @+1 {{config vector_width must be 1, 2, 4, 8 or 16, got 3}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 3, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// expected-error @+1 {{config stages must be at least 1, got 0}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 0, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// expected-error @+1 {{config max_regs must be non-negative, got -1}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global, max_regs = -1>}

// -----

// expected-error @+1 {{config reduce_threads must be positive, got 0}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [4, 64]>, thread = #roller.rtile<register, [4, 2]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [1], predicted_us = 1.0, bottleneck = global, reduce_threads = 0>}

// -----

// expected-error @+1 {{config block_group must be in [1, 2147483647], got 0}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64, 64]>, thread = #roller.rtile<register, [4, 4]>, padding = [0], vector_width = 4, stages = 1, threads = 256, grid = [16], predicted_us = 1.0, bottleneck = global, block_group = 0>}

// -----

// Every thread of the block shares every output.
// expected-error @+1 {{config reduce_threads (32) must equal threads (64)}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [4, 64]>, thread = #roller.rtile<register, [4, 2]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global, reduce_threads = 32>}

// -----

// expected-error @+1 {{config with reduce_threads > 1 must be one-level on the CUDA cores (staged = false, no mma)}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [4, 64]>, thread = #roller.rtile<register, [4, 2]>, padding = [0], vector_width = 1, stages = 1, threads = 32, grid = [1], predicted_us = 1.0, bottleneck = global, reduce_threads = 32>}

// -----

// expected-error @+1 {{config threads must be positive, got 0}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 0, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// expected-error @+1 {{config grid must have 1 to 3 dimensions, got 4}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1, 1, 1, 1], predicted_us = 1.0, bottleneck = global>}

// -----

// expected-error @+1 {{config grid sizes must be positive, got 0}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [0], predicted_us = 1.0, bottleneck = global>}

// -----

// expected-error @+1 {{config predicted_us must be finite and non-negative}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = -1.0, bottleneck = global>}

// -----

// expected-error @+1 {{config with staged = false keeps nothing in shared memory: stages must be 1 and padding 0}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [4], vector_width = 4, stages = 1, staged = false, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// expected-error @+2 {{expected 'true' or 'false'}}
// expected-error @+1 {{failed to parse Roller_ConfigAttr parameter 'staged' which is to be a `bool`}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, staged = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// Huge config fields are rejected before any arithmetic on them (a padding of
// 2^62 used to overflow into a 4 KiB shared array and wrong code).
// expected-error @+1 {{config padding 4611686018427387904 for input 0 exceeds the limit of 1024}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [4611686018427387904], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// Stages of 2^63 - 1 used to overflow the shared-memory estimate.
// expected-error @+1 {{config stages 9223372036854775807 exceeds the limit of 64}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 9223372036854775807, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// A tile entry of 2^62.
// expected-error @+2 {{rtile size 4611686018427387904 on axis 0 exceeds the limit of 2147483647}}
// expected-error @+1 {{failed to parse Roller_ConfigAttr parameter 'block'}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [4611686018427387904]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// Entries within the limit whose product is not.
// expected-error @+2 {{rtile has more than 2^48 elements}}
// expected-error @+1 {{failed to parse Roller_ConfigAttr parameter 'block'}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [2147483647, 2147483647]>, thread = #roller.rtile<register, [1, 1]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// Threads beyond 32 bits.
// expected-error @+1 {{config threads 4294967296 exceeds the limit of 2147483647}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 4294967296, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// A grid entry beyond 32 bits.
// expected-error @+1 {{config grid size 4294967296 exceeds the limit of 2147483647}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [4294967296], predicted_us = 1.0, bottleneck = global>}

// -----

// An MMA shape beyond 32 bits.
// expected-error @+1 {{config mma sizes must not exceed 2147483647}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, mma = [16, 8, 4294967296], padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global>}

// -----

// A register cap beyond 32 bits.
// expected-error @+1 {{config max_regs 4294967296 exceeds the limit of 2147483647}}
func.func private @f() attributes {c = #roller.config<block = #roller.rtile<shared, [64]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, threads = 16, grid = [1], predicted_us = 1.0, bottleneck = global, max_regs = 4294967296>}

// -----

// expected-error @+1 {{tile must have at least one dimension}}
func.func private @f(!roller.tile<f32, shared>)

// -----

// expected-error @+1 {{tile dimensions must be positive, got 0}}
func.func private @f(!roller.tile<4x0xf32, shared>)

// -----

// expected-error @+1 {{tile element type must be an integer or float, got 'index'}}
func.func private @f(!roller.tile<4xindex, register>)

// -----

// expected-error @+1 {{tiles live at the 'shared' or 'register' level; global data is the operator's own tensor or memref}}
func.func private @f(!roller.tile<4xf32, global>)

// -----

// expected-error @+1 {{tile padding must be non-negative, got -1}}
func.func private @f(!roller.tile<4xf32, shared, padding = -1>)

// -----

// expected-error @+1 {{tile padding only applies to shared-memory tiles}}
func.func private @f(!roller.tile<4xf32, register, padding = 4>)

// -----

// Tile types get the same limits: a 2^62 dimension,
// expected-error @+1 {{tile dimension 4611686018427387904 exceeds the limit of 2147483647}}
func.func private @f(!roller.tile<4611686018427387904xf32, shared>)

// -----

// more than 2^48 elements,
// expected-error @+1 {{tile has more than 2^48 elements}}
func.func private @f(!roller.tile<2147483647x2147483647xf32, shared>)

// -----

// a padding of 2^62,
// expected-error @+1 {{tile padding must not exceed 1024, got 4611686018427387904}}
func.func private @f(!roller.tile<4xf32, shared, padding = 4611686018427387904>)

// -----

// and storage beyond 2^48 bytes (2^46 elements of 8 bytes).
// expected-error @+1 {{tile storage exceeds 2^48 bytes}}
func.func private @f(!roller.tile<65536x1073741824xf64, shared>)

// -----

// expected-error @+1 {{'roller.device' must be a #roller.device attribute}}
module attributes {roller.device = "h200"} {}

// -----

// expected-error @+1 {{'roller.allow_tf32' must be a unit attribute}}
module attributes {roller.allow_tf32 = true} {}

// -----

// expected-error @+1 {{'roller.config' must be a #roller.config attribute}}
func.func private @f() attributes {roller.config = #roller.rtile<shared, [4]>}

// -----

// expected-error @+1 {{'roller.mma' must be an array<i64: m, n, k> of positive sizes}}
func.func private @f() attributes {roller.mma = array<i64: 16, 0, 16>}

// -----

// expected-error @+1 {{'roller.async_copy' must be a unit attribute on a linalg.copy}}
func.func private @f() attributes {roller.async_copy}

// -----

func.func @g(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'roller.async_copy' must be a unit attribute on a linalg.copy}}
  linalg.copy {roller.async_copy = 1 : i32} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  return
}

// -----

func.func @g(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'roller.accumulator_fill' must be a unit attribute on a linalg.fill}}
  linalg.copy {roller.accumulator_fill} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  return
}

// -----

func.func @g(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'roller.zero_fill' must be a unit attribute on a linalg.fill}}
  linalg.copy {roller.zero_fill} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  return
}

// -----

func.func @g(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'roller.merge_partials' must be a unit attribute on a linalg.reduce}}
  linalg.copy {roller.merge_partials} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  return
}

// -----

// expected-error @+1 {{'roller.bf16_mma' must be a unit attribute on a vector.contract}}
func.func private @f() attributes {roller.bf16_mma}

// -----

// expected-error @+1 {{'roller.unfused' must be a unit attribute on a linalg op or a roller.rprogram}}
func.func private @f() attributes {roller.unfused}

// -----

func.func @g(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'roller.unfused' must be a unit attribute on a linalg op or a roller.rprogram}}
  linalg.copy {roller.unfused = 1 : i32} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  return
}

// -----

// A kept epilogue (--roller-select unfuse-slower=1) verifies.
func.func @g(%a: memref<4xf32>, %b: memref<4xf32>) {
  linalg.copy {roller.unfused} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  return
}

// -----

// expected-error @+1 {{unknown roller attribute 'roller.devcie'}}
module attributes {roller.devcie = 1} {}

// -----

// expected-error @+1 {{'roller.launch_operands' must be an array attribute on a module}}
module attributes {roller.launch_operands = 1 : i64} {}

// -----

// expected-error @+1 {{'roller.launch_operands' must be an array attribute on a module}}
func.func private @f() attributes {roller.launch_operands = []}
