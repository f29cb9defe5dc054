// RUN: roller-opt %s --split-input-file --roller-drop-workgroup-memory-space | FileCheck %s --check-prefix=DROP
// RUN: roller-opt %s --split-input-file --roller-strip-attributes | FileCheck %s --check-prefix=STRIP

// The two CPU-only steps of --roller-lower-to-cpu.

// Workgroup buffers become plain allocations; other memory spaces stay.
// DROP-LABEL: func.func @buffers
// DROP: bufferization.alloc_tensor() : tensor<64x20xf32>
// DROP: bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
// DROP: bufferization.alloc_tensor() : tensor<4xf32>
func.func @buffers() -> (tensor<64x20xf32>, tensor<8xf32>, tensor<4xf32>) {
  %0 = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<64x20xf32>
  %1 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
  %2 = bufferization.alloc_tensor() : tensor<4xf32>
  return %0, %1, %2 : tensor<64x20xf32>, tensor<8xf32>, tensor<4xf32>
}

// -----

// Roller's discardable attributes go, on the module and on ops; others stay.
// STRIP: module attributes {other.attr = 1 : i64} {
// STRIP-NOT: roller.
// STRIP: scf.forall
// STRIP: {mapping = [#gpu.block<linear_dim_0>]}
// STRIP-NOT: roller.
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
