// RUN: roller-opt %s --roller-select="device=h200 report=%t.jsonl" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.jsonl --check-prefix=REPORT
// RUN: not grep -q exhaustive_truncated %t.jsonl
// RUN: roller-opt %s --roller-select="device=h200 report=-" 2>/dev/null | FileCheck %s --check-prefixes=REPORT,IR
// RUN: roller-opt %s --roller-select="device=h200 report=- search=exhaustive" -o /dev/null 2>/dev/null | FileCheck %s --check-prefixes=REPORT,EXHAUSTIVE

// The JSON-lines report of --roller-select: one object per op, in op order,
// keys sorted. Written to a file, to stdout ahead of the IR, and with
// search=exhaustive (which adds "exhaustive_truncated").

// An f32 matmul: every key, with the values config_matmul.mlir checks.
// REPORT: {"axes":[{"extent":1024,"kind":"spatial","name":"d0"},{"extent":1024,"kind":"spatial","name":"d1"},{"extent":1024,"kind":"reduction","name":"d2"}],
// 128 reduction steps: a block lives a round trip and 127 load latencies,
// 0.5632 + 127 x 0.37516 = 48.21 us.
// REPORT-SAME: "block_life_us":48.208{{[0-9]*}},
// REPORT-SAME: "block_tile":[64,32,8],
// REPORT-SAME: "blocks":512,
// REPORT-SAME: "bottleneck":"shared",
// REPORT-SAME: "candidates_considered":{{[1-9][0-9]*}},
// The preset lists no L2 bandwidth: DRAM moves all of the global traffic.
// REPORT-SAME: "dram_bytes":[[GLOBAL_BYTES:[0-9]+]],
// REPORT-SAME: "eps":{{[0-9.]+}},
// EXHAUSTIVE-SAME: "exhaustive_truncated":false,
// REPORT-SAME: "expr":"d0:1024 d1:1024 d2:1024r | in0[d0,d2] in1[d2,d1] -> out0[d0,d1]",
// REPORT-SAME: "global_bytes":[[GLOBAL_BYTES]],
// REPORT-SAME: "grid":[16,32],
// REPORT-SAME: "loc":"loc(\"{{.*}}select-report.mlir\":[[@LINE+24]]:8)",
// REPORT-SAME: "max_regs":255,
// REPORT-SAME: "mma_tile":[],
// REPORT-SAME: "op":"linalg.matmul",
// REPORT-SAME: "padding":[1,0],
// REPORT-SAME: "predicted_us":{{[0-9]+\.[0-9]+}},
// REPORT-SAME: "rank":1,
// REPORT-SAME: "reduce_step":[8],
// REPORT-SAME: "reduction_steps":128,
// REPORT-SAME: "regs_per_thread_est":{{[1-9][0-9]*}},
// REPORT-SAME: "rounds":1,
// REPORT-SAME: "select_us":{{[0-9]+(\.[0-9]+)?}},
// REPORT-SAME: "smem_bytes":6656,
// REPORT-SAME: "stage_us":{"compute":{{[0-9.]+}},"global":{{[0-9.]+}},"issue":{{[0-9.]+}},"latency":{{[0-9.]+}},"shared":{{[0-9.]+}}},
// REPORT-SAME: "staged":true,
// REPORT-SAME: "stages":2,
// REPORT-SAME: "strategy":"two-level (fused view)",
// REPORT-SAME: "supported":true,
// REPORT-SAME: "thread_tile":[8,4,1],
// REPORT-SAME: "threads_per_block":64,
// REPORT-SAME: "top":[{"block_tile":[64,32,8],"bottleneck":"shared","occupancy":{{[0-9.]+}},"predicted_us":{{[0-9.]+}},"smem_bytes":6656,"thread_tile":[8,4,1]},
// REPORT-SAME: "user_config":false,
// REPORT-SAME: "vector_width":4,
func.func @mm(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// An f16 matmul reports its mma tile and the tensor-core strategy.
// REPORT: "block_tile":[256,128,128],
// REPORT-SAME: "mma_tile":[16,8,16],
// REPORT-SAME: "op":"linalg.matmul",
// REPORT-SAME: "reduce_step":[128],
// REPORT-SAME: "strategy":"tensor-core (fused view)",
// REPORT-SAME: "threads_per_block":256,
func.func @mm_f16(%a: tensor<2048x2048xf16>, %b: tensor<2048x2048xf16>, %c: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<2048x2048xf16>, tensor<2048x2048xf16>) outs(%c : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %0 : tensor<2048x2048xf32>
}

// An unstaged elementwise op: no reduction steps, no shared memory.
// REPORT: {"axes":[{"extent":4097,"kind":"spatial","name":"d0"}],
// REPORT-SAME: "grid":[86],
// REPORT-SAME: "op":"linalg.map",
// REPORT-SAME: "reduce_step":[],
// REPORT-SAME: "smem_bytes":0,
// REPORT-SAME: "staged":false,
// REPORT-SAME: "stages":1,
// REPORT-SAME: "strategy":"one-level (fused view)",
func.func @relu(%in: tensor<4097xf32>, %init: tensor<4097xf32>) -> tensor<4097xf32> {
  %0 = linalg.map ins(%in : tensor<4097xf32>) outs(%init : tensor<4097xf32>)
    (%x: f32, %o: f32) {
      %zero = arith.constant 0.0 : f32
      %r = arith.maximumf %x, %zero : f32
      linalg.yield %r : f32
    }
  return %0 : tensor<4097xf32>
}

// A user's config is kept, and the report gives the cap its kernel gets:
// none (0) without max_regs, whatever the model's budget would be.
// REPORT: "func":"user_config"
// REPORT-SAME: "max_regs":0,
// REPORT-SAME: "user_config":true
// REPORT: "func":"user_config_capped"
// REPORT-SAME: "max_regs":64,
// REPORT-SAME: "user_config":true
func.func @user_config(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 8]>, thread = <register, [8, 8, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 256, grid = [64], predicted_us = 1.0, bottleneck = compute>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
func.func @user_config_capped(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.matmul {roller.config = #roller.config<block = <shared, [128, 128, 8]>, thread = <register, [8, 8, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 256, grid = [64], predicted_us = 1.0, bottleneck = compute, max_regs = 64>} ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// An unsupported op: only op, loc, the reason and "supported":false.
// REPORT: {"func":"dynamic","kernel":false,"loc":"loc(\"{{.*}}select-report.mlir\":[[@LINE+3]]:8)","op":"linalg.add","reason":"dynamic shape in operand #0 (tensor<?x64xf32>)","supported":false}
// REPORT-NOT: "supported"
func.func @dynamic(%a: tensor<?x64xf32>, %b: tensor<?x64xf32>, %c: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %0 = linalg.add ins(%a, %b : tensor<?x64xf32>, tensor<?x64xf32>) outs(%c : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}

// With report=- the IR follows the report.
// IR: module attributes {roller.device = #roller_h200}
