// RUN: roller-opt %s --roller-select="device=h200 report=-" -o /dev/null \
// RUN:   2>%t.remarks | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s --input-file=%t.remarks --check-prefix=REMARK
// The remarks do not print their op (with its whole function: quadratic).
// RUN: not grep -q "see current operation" %t.remarks
// Serially (no thread pool) the configs are the same.
// RUN: roller-opt %s --roller-select="device=h200" --mlir-disable-threading \
// RUN:   2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: roller-opt %s --roller-select="device=h200" 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=IR

// Ops with the same tensor expression (a model's repeated layers) share one
// construction: the second matmul gets the first one's candidates, and says
// so; the differently shaped one and the elementwise op are constructed on
// their own. Every op still gets its config, remark and report line.

// REPORT: {{^}}{"axes":
// REPORT-SAME: "block_tile":[64,32,8],
// REPORT-SAME: ":51:8)"
// REPORT-SAME: "shared_construction":false
// REPORT-NEXT: {{^}}{"axes":
// REPORT-SAME: "block_tile":[64,32,8],
// REPORT-SAME: ":52:8)"
// REPORT-SAME: "shared_construction":true
// REPORT-NEXT: {{^}}{"axes":
// REPORT-SAME: ":53:8)"
// REPORT-SAME: "op":"linalg.matmul",
// REPORT-SAME: "shared_construction":false
// REPORT-NEXT: {{^}}{"axes":
// REPORT-SAME: ":54:8)"
// REPORT-SAME: "op":"linalg.map",
// REPORT-SAME: "shared_construction":false
// REPORT-NEXT: {{^}}{"axes":
// REPORT-SAME: ":60:8)"
// REPORT-SAME: "op":"linalg.map",
// REPORT-SAME: "shared_construction":true

// REMARK: :[[@LINE+13]]:8: remark: roller-select: two-level (fused view), chose block [64, 32, 8] thread [8, 4, 1]: {{.*}} candidates considered; top
// REMARK: :[[@LINE+13]]:8: remark: roller-select: two-level (fused view), chose block [64, 32, 8] thread [8, 4, 1]: {{.*}} candidates considered (for an earlier op of the same expression); top
// REMARK: :[[@LINE+13]]:8: remark: roller-select: {{.*}} candidates considered; top
// REMARK: :[[@LINE+13]]:8: remark: roller-select: {{.*}} candidates considered; top
// REMARK: :[[@LINE+18]]:8: remark: roller-select: {{.*}} candidates considered (for an earlier op of the same expression); top

// IR-LABEL: func.func @layers
// IR: linalg.matmul {roller.config = [[MM:#roller.config<[^}]*>]]}
// IR: linalg.matmul {roller.config = [[MM]]}
// IR: linalg.matmul {roller.config = #roller.config<
// IR: linalg.map {{.*}} {roller.config = [[MAP:#roller.config<[^}]*>]]}
// IR: linalg.map {{.*}} {roller.config = [[MAP]]}
func.func @layers(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>, %d: tensor<512x1024xf32>, %e: tensor<512x1024xf32>) -> (tensor<1024x1024xf32>, tensor<512x1024xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %1 = linalg.matmul ins(%0, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %2 = linalg.matmul ins(%d, %b : tensor<512x1024xf32>, tensor<1024x1024xf32>) outs(%e : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  %3 = linalg.map ins(%2 : tensor<512x1024xf32>) outs(%e : tensor<512x1024xf32>)
    (%x: f32, %o: f32) {
      %zero = arith.constant 0.0 : f32
      %r = arith.maximumf %x, %zero : f32
      linalg.yield %r : f32
    }
  %4 = linalg.map ins(%3 : tensor<512x1024xf32>) outs(%e : tensor<512x1024xf32>)
    (%x: f32, %o: f32) {
      %zero = arith.constant 0.0 : f32
      %r = arith.maximumf %x, %zero : f32
      linalg.yield %r : f32
    }
  return %1, %4 : tensor<1024x1024xf32>, tensor<512x1024xf32>
}
