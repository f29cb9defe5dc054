// RUN: roller-opt %s --roller-select="device=h200" 2>/dev/null | FileCheck %s
// RUN: roller-opt %s --roller-select="device=h200" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: roller-select: module targeted device 'a100'; the configs are for 'h200', which replaces it

// A device option on a module that names another device: the configs are
// for the option's device, and the module records it (with a remark).

// The configs and the module's device agree.
// CHECK: module attributes {roller.device = #roller_h200}
module attributes {roller.device = #roller.device<name = "a100", chip = "sm_80", sm_count = 108, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1410.0, max_threads_per_block = 1024, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 166912, smem_per_sm = 167936, smem_reserved_per_block = 1024, smem_alloc_unit = 128, l2_bytes = 41943040, peaks = [#roller.peak<f64, cuda_core = 9.7, tensor_core = 19.5>, #roller.peak<f32, cuda_core = 19.5, tensor_core = 0.0>, #roller.peak<tf32, cuda_core = 0.0, tensor_core = 156.0>, #roller.peak<f16, cuda_core = 78.0, tensor_core = 312.0>, #roller.peak<bf16, cuda_core = 39.0, tensor_core = 312.0>, #roller.peak<i8, cuda_core = 19.49184, tensor_core = 624.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>, #roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f16>, #roller.mma_shape<m = 16, n = 8, k = 16, input = bf16, acc = f32>, #roller.mma_shape<m = 16, n = 8, k = 8, input = tf32, acc = f32>, #roller.mma_shape<m = 16, n = 8, k = 32, input = i8, acc = i32>, #roller.mma_shape<m = 8, n = 8, k = 4, input = f64, acc = f64>], levels = [#roller.mem_level<global, capacity = 85899345920, bandwidth = 2039.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 167936, bandwidth = 19491.84, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 116951.04, transaction = 4, banks = 0, bank_width = 0>]>} {
  func.func @mm_1000(%a: tensor<1000x1000xf32>, %b: tensor<1000x1000xf32>, %c: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
    return %0 : tensor<1000x1000xf32>
  }
}

// roller-select gives a module without a device h200 (as
// roller-attach-device does): an rProgram already in it that h200 cannot
// run is an error of ours, not output its verifier rejects (found by the
// fuzzer, issue 19).
// RUN: not roller-opt %S/../Transforms/Inputs/rprogram-too-big.mlir --roller-select 2>&1 | FileCheck %s --check-prefix=FIT
// FIT: error: 'roller.rprogram' op register tiles need 1088 registers per thread but device 'h200' allows 255
// FIT: error: roller-select: this rProgram does not fit device 'h200'
