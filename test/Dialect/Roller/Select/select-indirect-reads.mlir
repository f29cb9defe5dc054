// RUN: roller-opt %s --split-input-file --roller-select="device=h200 report=-" -o /dev/null 2>/dev/null | FileCheck %s
// RUN: roller-opt %s --split-input-file --roller-select="device=h200" | FileCheck %s --check-prefix=IR

// Bodies that read a tensor at indices they compute (tensor.extract: an
// embedding lookup, nearest upsampling) are scheduled; each read is charged
// one element per point of the loop nest (IndirectRead), as an input
// indexed by every axis would be.

// An embedding lookup of 8x128 token ids in a 1000x256 f16 table: the ids
// (8 KB), the 8x128x256 f16 rows read from the table (512 KB) and written
// (512 KB): global_bytes 1056768 (532480 if the table's reads went
// uncounted).
// CHECK: "expr":"d0:8 d1:128 d2:256 | in0[d0,d1] -> out0[d0,d1,d2] + indirect0[computed]"
// CHECK-SAME: "global_bytes":1056768
// IR-LABEL: func.func @embedding
// IR: linalg.generic
// IR-SAME: roller.config
// IR: tensor.extract
func.func @embedding(%ids: tensor<8x128xi64>, %table: tensor<1000x256xf16>) -> tensor<8x128x256xf16> {
  %e = tensor.empty() : tensor<8x128x256xf16>
  %0 = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>,
                       affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ids : tensor<8x128xi64>) outs(%e : tensor<8x128x256xf16>) {
    ^bb0(%id: i64, %out: f16):
      %row = arith.index_cast %id : i64 to index
      %col = linalg.index 2 : index
      %v = tensor.extract %table[%row, %col] : tensor<1000x256xf16>
      linalg.yield %v : f16
  } -> tensor<8x128x256xf16>
  return %0 : tensor<8x128x256xf16>
}

// -----

// Nearest 2x upsampling of 2x16x8x8 f32 (torch-mlir's form: the source
// index is floor(i / 2), clamped): 32 KB read at computed indices, 32 KB
// written.
// CHECK: "expr":"{{[^"]*}} |  -> out0[{{[^"]*}}] + indirect0[computed]"
// CHECK-SAME: "global_bytes":65536
func.func @upsample(%x: tensor<2x16x8x8xf32>) -> tensor<2x16x16x16xf32> {
  %c2 = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  %max = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<2x16x16x16xf32>
  %0 = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%e : tensor<2x16x16x16xf32>) {
    ^bb0(%out: f32):
      %n = linalg.index 0 : index
      %c = linalg.index 1 : index
      %h = linalg.index 2 : index
      %w = linalg.index 3 : index
      %hi = arith.index_cast %h : index to i64
      %hf = arith.sitofp %hi : i64 to f32
      %hd = arith.divf %hf, %c2 : f32
      %hfl = math.floor %hd : f32
      %hc = arith.minimumf %hfl, %max : f32
      %hs = arith.fptosi %hc : f32 to i64
      %hx = arith.index_cast %hs : i64 to index
      %wi = arith.index_cast %w : index to i64
      %wf = arith.sitofp %wi : i64 to f32
      %wd = arith.divf %wf, %c2 : f32
      %wfl = math.floor %wd : f32
      %wc = arith.minimumf %wfl, %max : f32
      %ws = arith.fptosi %wc : f32 to i64
      %wx = arith.index_cast %ws : i64 to index
      %v = tensor.extract %x[%n, %c, %hx, %wx] : tensor<2x16x8x8xf32>
      linalg.yield %v : f32
  } -> tensor<2x16x16x16xf32>
  return %0 : tensor<2x16x16x16xf32>
}
