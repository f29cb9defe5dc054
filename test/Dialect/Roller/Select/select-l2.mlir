// RUN: roller-opt %s --roller-select="device=h200 report=-" -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=DRAM
// RUN: roller-opt %s --roller-select="device=%S/Inputs/h200-l2.json report=-" -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=L2

// The L2 term of the model (docs/model.md, "L2 and DRAM"). The presets list
// no L2 bandwidth: every block's tiles are charged at DRAM's rate, and the
// report's dram_bytes are its global_bytes. h200-l2.json adds the H200's
// measured 9769.1 GB/s (docs/devices.md R14).

// DRAM: "block_tile":[128,64,144],
// DRAM-SAME: "bottleneck":"global",
// DRAM-SAME: "dram_bytes":[[Q0:[0-9]+]],
// DRAM-SAME: "func":"gemm",
// DRAM-SAME: "global_bytes":[[Q0]],
// DRAM-SAME: "predicted_us":11.54{{[0-9]*}},

// f16 1000^3 into f32: A, B and C (2 + 2 + 4 MB) fit the H200's L2, so
// DRAM reads each operand once (2,000,000 bytes, contiguous) and takes the
// blocks' output tiles (128 blocks of 128 x 64 f32, 4,194,304 bytes):
// 8,194,304 bytes. Every block's tiles pass through the L2, 128 blocks x 21
// steps x (12 + 6 KiB) + 4,194,304 = 53,739,520 bytes; the busiest SM runs
// 1 block, so the global stage is 53739520 / 128 / (9769.1 / 132 GB/s) =
// 5.673 us; at DRAM's 4800 GB/s the same traffic would take 11.55 us, as
// the preset's choice (128 blocks of 128 x 64 x 144) does.
// L2: "block_tile":[128,64,48],
// L2-SAME: "bottleneck":"global",
// L2-SAME: "dram_bytes":8194304,
// L2-SAME: "func":"gemm",
// L2-SAME: "global_bytes":53739520,
// L2-SAME: "predicted_us":5.67{{[0-9]*}},
func.func @gemm(%a: tensor<1000x1000xf16>, %b: tensor<1000x1000xf16>) -> tensor<1000x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1000x1000xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1000x1000xf16>, tensor<1000x1000xf16>) outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  return %r : tensor<1000x1000xf32>
}
