// RUN: roller-opt %s --split-input-file --roller-select | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: roller-opt %s --split-input-file --roller-select="device=a100" | FileCheck %s --check-prefixes=CHECK,OPTA100
// RUN: roller-opt %s --split-input-file --roller-select="device=%roller_src/examples/devices/h200-half-smem.json" | FileCheck %s --check-prefixes=CHECK,FILE

// The device --roller-select schedules for: the option, else the module's
// roller.device, else h200. A module without a device gets the one used.
// 1000x1000x1000 tells the devices apart: grid [125] on h200, [625] on a100.
// On h200 the 125 blocks (one round) take K 40 a step: 8 a step, their 125
// steps would wait 0.64 + 124 x 0.375 = 47.2 us of load latency, above the
// 37.9 us of shared traffic.

// A bare module: h200 by default, else the option's device, attached.
// DEFAULT: #roller_h200 = #roller.device<name = "h200", chip = "sm_90"
// DEFAULT-LABEL: module attributes {roller.device = #roller_h200}
// DEFAULT: roller.config = #roller.config<block = <shared, [40, 200, 40]>, thread = <register, [10, 5, 1]>, {{.*}}, grid = [125],
// OPTA100: #roller_a100 = #roller.device<name = "a100", chip = "sm_80"
// OPTA100-LABEL: module attributes {roller.device = #roller_a100}
// OPTA100: roller.config = #roller.config<block = <shared, [40, 40, 8]>, thread = <register, [5, 5, 1]>, {{.*}}, grid = [625],
// FILE: #roller.device<name = "h200-half-smem", chip = "sm_90"
// FILE-LABEL: module attributes {roller.device =
// FILE: roller.config = #roller.config<
module {
  func.func @mm_1000(%a: tensor<1000x1000xf32>, %b: tensor<1000x1000xf32>, %c: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
    return %0 : tensor<1000x1000xf32>
  }
}

// -----

// Other module attributes are kept next to the attached device.
// DEFAULT-LABEL: module attributes {roller.device = #roller_h200, test.keep = 1 : i32}
// OPTA100-LABEL: module attributes {roller.device = #roller_a100, test.keep = 1 : i32}
module attributes {test.keep = 1 : i32} {
}

// -----

// A module that names a device (a100, as --roller-attach-device="device=a100"
// prints it) is scheduled for it when no option is given, and keeps it.
// (With an option the configs follow the option, and the module records it:
// see select-device-mismatch.mlir.)
// DEFAULT: #roller_a100 = #roller.device<name = "a100", chip = "sm_80"
// DEFAULT-LABEL: module attributes {roller.device = #roller_a100}
// CHECK-LABEL: func.func @mm_1000_on_a100(
// DEFAULT: roller.config = #roller.config<block = <shared, [40, 40, 8]>, thread = <register, [5, 5, 1]>, {{.*}}, grid = [625],
module attributes {roller.device = #roller.device<name = "a100", chip = "sm_80", sm_count = 108, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1410.0, max_threads_per_block = 1024, max_threads_per_sm = 2048, max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536, regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 166912, smem_per_sm = 167936, smem_reserved_per_block = 1024, smem_alloc_unit = 128, l2_bytes = 41943040, peaks = [#roller.peak<f64, cuda_core = 9.7, tensor_core = 19.5>, #roller.peak<f32, cuda_core = 19.5, tensor_core = 0.0>, #roller.peak<tf32, cuda_core = 0.0, tensor_core = 156.0>, #roller.peak<f16, cuda_core = 78.0, tensor_core = 312.0>, #roller.peak<bf16, cuda_core = 39.0, tensor_core = 312.0>, #roller.peak<i8, cuda_core = 19.49184, tensor_core = 624.0>], mma_shapes = [#roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f32>, #roller.mma_shape<m = 16, n = 8, k = 16, input = f16, acc = f16>, #roller.mma_shape<m = 16, n = 8, k = 16, input = bf16, acc = f32>, #roller.mma_shape<m = 16, n = 8, k = 8, input = tf32, acc = f32>, #roller.mma_shape<m = 16, n = 8, k = 32, input = i8, acc = i32>, #roller.mma_shape<m = 8, n = 8, k = 4, input = f64, acc = f64>], levels = [#roller.mem_level<global, capacity = 85899345920, bandwidth = 2039.0, transaction = 32, banks = 0, bank_width = 0>, #roller.mem_level<shared, capacity = 167936, bandwidth = 19491.84, transaction = 128, banks = 32, bank_width = 4>, #roller.mem_level<register, capacity = 262144, bandwidth = 116951.04, transaction = 4, banks = 0, bank_width = 0>]>} {
  func.func @mm_1000_on_a100(%a: tensor<1000x1000xf32>, %b: tensor<1000x1000xf32>, %c: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
    return %0 : tensor<1000x1000xf32>
  }
}
