// RUN: roller-opt %s --roller-select="device=h200" -o /dev/null 2>&1 | FileCheck %s --check-prefix=H200
// RUN: roller-opt %s --roller-select="device=%S/Inputs/h200-no-load-latency.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOLOAD
// RUN: roller-opt %s --roller-select="device=h200 report=-" -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=REPORT

// The latency stage charges a block a round trip and, for each further
// reduction step, a load's latency (the device's load_latency_ns; 375.2 ns
// on h200, an unpipelined step waits a whole one). A row sum of 65536 rows
// of 16 in blocks of 8 rows taken 8 columns a step: 8192 blocks, 63 on the
// busiest SM, 32 resident: 2 rounds of 0.563 + 0.375 us. The remark counts
// the steps where they cost something; on a device without a measured load
// latency they do not (2 rounds of a round trip, 1.13 us).
// H200: block [8, 8] thread [1, 8]: 1.88 us latency-bound (2 rounds of resident blocks, 2 reduction steps each), 32 threads, 8192 blocks,
// NOLOAD: block [8, 8] thread [1, 8]: 1.13 us latency-bound (2 rounds of resident blocks), 32 threads, 8192 blocks,
// REPORT: "block_life_us":0.938{{[0-9]*}},
// REPORT-SAME: "reduction_steps":2,
// REPORT-SAME: "rounds":2,
// REPORT-SAME: "step_us":0.375{{[0-9]*}},
func.func @row_sum_steps(%x: tensor<65536x16xf32>, %o: tensor<65536xf32>) -> tensor<65536xf32> {
  %0 = linalg.reduce ins(%x : tensor<65536x16xf32>) outs(%o : tensor<65536xf32>) dimensions = [1] {roller.config = #roller.config<block = <shared, [8, 8]>, thread = <register, [1, 8]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 32, grid = [8192], predicted_us = 1.0, bottleneck = global>}
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<65536xf32>
}
