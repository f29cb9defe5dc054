#!/usr/bin/env python3
"""Prints the input of fold-constants.mlir's LARGE checks: constants whose
blobs are over the 64 KiB that folded constants keep inline."""
import struct

weights = b"".join(struct.pack("<f", float(i % 7)) for i in range(256 * 128))
bias = b"".join(struct.pack("<f", float(i)) for i in range(128))
TEXT = """func.func @large() -> (tensor<128x256xf32>, tensor<512x256xf32>, tensor<256x128xf32>) {
  %w = arith.constant dense_resource<weights> : tensor<256x128xf32>
  %e = tensor.empty() : tensor<128x256xf32>
  %t = linalg.transpose ins(%w : tensor<256x128xf32>) outs(%e : tensor<128x256xf32>) permutation = [1, 0]
  %s = arith.constant dense<2.0> : tensor<256xf32>
  %e2 = tensor.empty() : tensor<512x256xf32>
  %b = linalg.broadcast ins(%s : tensor<256xf32>) outs(%e2 : tensor<512x256xf32>) dimensions = [0]
  %bias = arith.constant dense_resource<bias> : tensor<128xf32>
  %e3 = tensor.empty() : tensor<256x128xf32>
  %rows = linalg.broadcast ins(%bias : tensor<128xf32>) outs(%e3 : tensor<256x128xf32>) dimensions = [0]
  return %t, %b, %rows : tensor<128x256xf32>, tensor<512x256xf32>, tensor<256x128xf32>
}
{-#
  dialect_resources: {
    builtin: {
      weights: "0x04000000WEIGHTS",
      bias: "0x04000000BIAS"
    }
  }
#-}"""
print(TEXT.replace("WEIGHTS", weights.hex().upper())
      .replace("BIAS", bias.hex().upper()))
