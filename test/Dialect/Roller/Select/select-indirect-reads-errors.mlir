// RUN: roller-opt %s --split-input-file --roller-select="device=h200" -verify-diagnostics | FileCheck %s

// Indirect reads the model cannot charge: the op gets a remark at its
// location and is left as it is (no roller.config).

// A table of dynamic shape: its element count, and so its reads, unknown.
// CHECK-LABEL: func.func @dynamic_table
// CHECK-NOT: roller.config
func.func @dynamic_table(%ids: tensor<8xi64>, %table: tensor<?x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  // expected-remark @+1 {{roller-select: not supported: body op 'tensor.extract' reads tensor<?x16xf32> (an indirect read needs a static shape and no encoding)}}
  %0 = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<8xi64>) outs(%e : tensor<8x16xf32>) {
    ^bb0(%id: i64, %out: f32):
      %row = arith.index_cast %id : i64 to index
      %col = linalg.index 1 : index
      %v = tensor.extract %table[%row, %col] : tensor<?x16xf32>
      linalg.yield %v : f32
  } -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// A table of index elements: no element size to charge.
// CHECK-LABEL: func.func @index_table
// CHECK-NOT: roller.config
func.func @index_table(%table: tensor<4xindex>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %c4 = arith.constant 4 : index
  // expected-remark @+1 {{roller-select: not supported: body op 'tensor.extract' reads elements of type index}}
  %0 = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}
      outs(%e : tensor<8xf32>) {
    ^bb0(%out: f32):
      %i = linalg.index 0 : index
      %j = arith.remui %i, %c4 : index
      %v = tensor.extract %table[%j] : tensor<4xindex>
      %w = arith.index_cast %v : index to i64
      %f = arith.sitofp %w : i64 to f32
      linalg.yield %f : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A tensor made inside the body (a constant table): nothing outside the op
// holds it, so no read of it can be charged.
// CHECK-LABEL: func.func @table_in_body
// CHECK-NOT: roller.config
func.func @table_in_body() -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %c4 = arith.constant 4 : index
  // expected-remark @+1 {{roller-select: not supported: body op 'tensor.extract' reads a tensor made inside the op}}
  %0 = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}
      outs(%e : tensor<8xf32>) {
    ^bb0(%out: f32):
      %table = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
      %i = linalg.index 0 : index
      %j = arith.remui %i, %c4 : index
      %v = tensor.extract %table[%j] : tensor<4xf32>
      linalg.yield %v : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
