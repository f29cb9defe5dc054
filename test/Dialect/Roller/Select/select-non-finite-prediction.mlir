// RUN: roller-opt %s --roller-select --verify-diagnostics -o /dev/null
// RUN: roller-opt %s --roller-select 2>/dev/null | roller-opt | FileCheck %s

// A device whose global bandwidth is 1e-308 GB/s makes every predicted time
// infinite. The op is not supported (a remark, and no config): before, it
// got a roller.config with predicted_us = inf, which does not parse (found
// by fuzz/roller_fuzz.py, issue 19).

// CHECK-LABEL: func.func @mm
// CHECK-NOT: roller.config
module attributes {roller.device = #roller.device<name = "a100", chip = "sm_80", sm_count = 108, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1410.0, max_threads_per_block = 1024, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 166912, smem_per_sm = 167936, smem_reserved_per_block = 1024, smem_alloc_unit = 128, l2_bytes = 41943040, peaks = [#roller.peak<f64, cuda_core = 9.7, tensor_core = 19.5>, #roller.peak<f32, cuda_core = 19.5, tensor_core = 0.0>, #roller.peak<tf32, cuda_core = 0.0, tensor_core = 156.0>, #roller.peak<f16, cuda_core = 78.0, tensor_core = 312.0>, #roller.peak<bf16, cuda_core = 39.0, tensor_core = 312.0>, #roller.peak<i8, cuda_core = 19.49184, tensor_core = 624.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>, #roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f16>, #roller.mma_shape<m = 16, n = 8, k = 16, input = bf16, acc = f32>, #roller.mma_shape<m = 16, n = 8, k = 8, input = tf32, acc = f32>, #roller.mma_shape<m = 16, n = 8, k = 32, input = i8, acc = i32>, #roller.mma_shape<m = 8, n = 8, k = 4, input = f64, acc = f64>], levels = [#roller.mem_level<global, capacity = 85899345920, bandwidth = 1.0e-308, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 167936, bandwidth = 19491.84, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 116951.04, transaction = 4, banks = 0, bank_width = 0>]>} {
  func.func @mm(%a: tensor<1000x1000xf32>, %b: tensor<1000x1000xf32>, %c: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
    // expected-remark @below {{roller-select: not supported: the predicted time on device 'a100' is not finite (its bandwidths, peaks or clock are out of range)}}
    %0 = linalg.matmul ins(%a, %b : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
    return %0 : tensor<1000x1000xf32>
  }
}
