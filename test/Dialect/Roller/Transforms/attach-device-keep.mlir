// RUN: roller-opt %s --split-input-file --roller-attach-device="device=h200" --verify-diagnostics | FileCheck %s

// A module that already names another device keeps it, with a remark.
// CHECK-LABEL: module attributes {roller.device = #roller_a100}
// expected-remark @+1 {{module already targets device 'a100'; keeping it (pass replace=true to use 'h200')}}
module attributes {roller.device = #roller.device<name = "a100", chip = "sm_80",
    sm_count = 108, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1410.0,
    max_threads_per_block = 1024, max_threads_per_sm = 2048,
    max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536,
    regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 166912,
    smem_per_sm = 167936, smem_reserved_per_block = 1024, smem_alloc_unit = 128,
    l2_bytes = 41943040,
    peaks = [#roller.peak<f32, cuda_core = 19.5, tensor_core = 0.0>],
    mma_shapes = [],
    levels = [#roller.mem_level<global, capacity = 85899345920, bandwidth = 2039.0, transaction = 32, banks = 0, bank_width = 0>]>} {
}

// -----

// The same device asked again: nothing to say.
// CHECK-LABEL: module attributes {roller.device = #roller_h200}
module attributes {roller.device = #roller.device<name = "h200", chip = "sm_90",
    sm_count = 132, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1980.0,
    max_threads_per_block = 1024, max_threads_per_sm = 2048,
    max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536,
    regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 232448,
    smem_per_sm = 233472, smem_reserved_per_block = 1024, smem_alloc_unit = 128,
    l2_bytes = 52428800,
    peaks = [#roller.peak<f32, cuda_core = 66.9, tensor_core = 0.0>],
    mma_shapes = [],
    levels = [#roller.mem_level<global, capacity = 150323855360, bandwidth = 4800.0, transaction = 32, banks = 0, bank_width = 0>]>} {
}
