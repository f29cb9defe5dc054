// RUN: roller-opt %s --split-input-file --roller-select="report=%t.jsonl" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.jsonl

// With --split-input-file every chunk's ops land in report=<file> (the
// first write of a run truncates it, later ones append).

// Every chunk's op is in the report, in order.
// CHECK: {"axes":[{"extent":1024,
// CHECK-NEXT: {"axes":[{"extent":512,
// CHECK-NEXT: {"axes":[{"extent":256,
func.func @a(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

func.func @b(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>, %c: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%c : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}

// -----

func.func @c(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
