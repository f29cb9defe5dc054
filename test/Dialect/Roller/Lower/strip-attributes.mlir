// RUN: roller-opt %s --split-input-file --roller-strip-attributes | FileCheck %s

// A late step of --roller-lower-to-cpu and of the GPU kernel pipeline: the
// lowered code no longer needs the configs and the device.

// Roller's discardable attributes go, on the module and on ops; others stay.
// CHECK: module attributes {other.attr = 1 : i64} {
// CHECK-NOT: roller.
// CHECK: scf.forall
// CHECK: {mapping = [#gpu.block<linear_dim_0>]}
// CHECK-NOT: roller.
module attributes {roller.device = #roller.device<name = "tiny", chip = "sm_80",
    sm_count = 2, warp_size = 32, warp_schedulers_per_sm = 4, clock_mhz = 1000.0,
    max_threads_per_block = 1024, max_threads_per_sm = 2048,
    max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536,
    regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 16384,
    smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128,
    l2_bytes = 1048576,
    peaks = [#roller.peak<f32, cuda_core = 1.0, tensor_core = 0.0>],
    mma_shapes = [],
    levels = [
      #roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>,
      #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>,
      #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>,
    other.attr = 1 : i64} {
  func.func @loops(%x: tensor<64xf32>) -> tensor<64xf32> {
    %0 = scf.forall (%i) in (2) shared_outs(%o = %x) -> (tensor<64xf32>) {
      scf.forall.in_parallel {
      }
    } {mapping = [#gpu.block<linear_dim_0>],
       roller.config = #roller.config<block = #roller.rtile<shared, [32]>,
         thread = #roller.rtile<register, [1]>, padding = [0], vector_width = 1,
         stages = 1, threads = 32, grid = [2], predicted_us = 1.0,
         bottleneck = global>}
    return %0 : tensor<64xf32>
  }
}
