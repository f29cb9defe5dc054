// RUN: roller-opt %s --split-input-file --roller-attach-device="device=h200" | FileCheck %s --check-prefix=H200
// RUN: roller-opt %s --split-input-file --roller-attach-device="device=a100" | FileCheck %s --check-prefix=A100
// RUN: roller-opt %s --split-input-file --roller-attach-device | FileCheck %s --check-prefix=H200
// RUN: roller-opt %s --split-input-file --roller-attach-device="device=%roller_src/examples/devices/h200-half-smem.json" | FileCheck %s --check-prefix=FILE
// RUN: roller-opt %s --split-input-file --pass-pipeline="builtin.module(roller-attach-device{device=v100})" | FileCheck %s --check-prefix=V100
// RUN: roller-opt %s --split-input-file --roller-attach-device="device=a100 replace=true" | FileCheck %s --check-prefix=REPLACE

// The preset is attached to a bare module (h200 is the default).
// H200: #roller_h200 = #roller.device<name = "h200", chip = "sm_90", sm_count = 132,
// H200-LABEL: module attributes {roller.device = #roller_h200}
// A100: #roller_a100 = #roller.device<name = "a100", chip = "sm_80", sm_count = 108,
// A100-LABEL: module attributes {roller.device = #roller_a100}
// V100: #roller_v100 = #roller.device<name = "v100", chip = "sm_70", sm_count = 80,
// V100-LABEL: module attributes {roller.device = #roller_v100}
// A user file starting from a preset overrides only what it names.
// FILE: #roller.device<name = "h200-half-smem", chip = "sm_90", sm_count = 132,
// FILE-SAME: smem_per_block = 115712
module {
  func.func private @f()
}

// -----

// Other module attributes are kept.
// H200-LABEL: module attributes {roller.device = #roller_h200, test.keep = 1 : i32}
// A100-LABEL: module attributes {roller.device = #roller_a100, test.keep = 1 : i32}
module attributes {test.keep = 1 : i32} {
}

// -----

// A device already in the IR is the user's choice and is kept (with a remark,
// see attach-device-keep.mlir), unless replace=true is given.
// H200-LABEL: module attributes {roller.device = #roller_mine}
// REPLACE-LABEL: module attributes {roller.device = #roller_a100}
module attributes {roller.device = #roller.device<name = "mine", chip = "sm_80",
    sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0,
    max_threads_per_block = 1024, max_threads_per_sm = 2048,
    max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536,
    regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 1024,
    smem_per_sm = 2048, smem_reserved_per_block = 0, smem_alloc_unit = 128,
    l2_bytes = 1048576,
    peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>],
    mma_shapes = [],
    levels = [#roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>]>} {
}
