// RUN: roller-opt %s --roller-select="device=h200 report=%t.r1.jsonl" -o /dev/null 2>/dev/null
// RUN: roller-opt %s --roller-select="device=h200 rank=2 report=%t.r2.jsonl" -o /dev/null 2>/dev/null
// RUN: %python %S/Inputs/check_rank.py %t.r1.jsonl %t.r2.jsonl
// RUN: roller-opt %s --roller-select="device=h200 top-k=1 rank=3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOPK
// RUN: roller-opt %s --roller-tile="device=h200 rank=2" 2>/dev/null | FileCheck %s --check-prefix=TILE
// RUN: roller-opt %S/Inputs/tiny-map.mlir --roller-select="device=h200 rank=40" --verify-diagnostics -o /dev/null

// rank=k attaches the k-th best candidate of the same ranking: the chosen
// tiles of rank 2 are the second entry of rank 1's "top" list (checked by
// check_rank.py). A top-k smaller than the rank is raised to it.
// TOPK-NOT: only {{[0-9]+}} candidates
// TOPK: roller-select: two-level (fused view), chose block

// --roller-tile takes the option too.
// TILE-LABEL: func.func @mm
// TILE: roller.rprogram
func.func @mm(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
