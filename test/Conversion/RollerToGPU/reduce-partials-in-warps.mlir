// RUN: roller-opt %s --split-input-file --roller-reduce-partials-in-warps | FileCheck %s

// Threads sharing a reduction (reduce_threads = 64, as
// --roller-lower-rprograms leaves them): each thread writes its partial
// maximum of each of the block's 4 rows into its slot, then the merge
// combines the 64 slots of each row. After the pass, each thread first
// combines its values with its warp (one gpu.subgroup_reduce per row, in a
// loop every lane runs), and the merge reads one slot per warp: 2 slots, 32
// apart.

// CHECK-LABEL: func.func @max_rows(
// CHECK: scf.forall (%[[R:.*]]) in (64) shared_outs(%[[S:.*]] = %{{.*}}) -> (tensor<4x64xf32>)
// CHECK: %[[PARTIAL:.*]] = linalg.generic
// CHECK: %[[ROWS:.*]] = tensor.dim %[[PARTIAL]]
// CHECK: %[[WARP:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[ROWS]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[PARTIAL]]) -> (tensor<4xf32>)
// CHECK: %[[E:.*]] = tensor.extract %[[ACC]][%[[I]]]
// CHECK: %[[M:.*]] = gpu.subgroup_reduce maximumf %[[E]] : (f32) -> f32
// CHECK: tensor.insert %[[M]] into %[[ACC]][%[[I]]]
// CHECK: tensor.parallel_insert_slice %[[WARP]] into %[[S]][0, %[[R]]] [4, 1] [1, 1]
// CHECK: scf.forall (%[[P:.*]]) in (4)
// CHECK: %[[SLOTS:.*]] = tensor.extract_slice %{{.*}}[%[[P]], 0] [1, 2] [1, 32] : tensor<4x64xf32> to tensor<1x2xf32>
// CHECK: linalg.reduce ins(%[[SLOTS]] : tensor<1x2xf32>)
// CHECK-NOT: roller.merge_partials
// CHECK: arith.maximumf
func.func @max_rows(%x: tensor<4x256xf32>, %acc: tensor<4xf32>) -> tensor<4xf32> {
  %lowest = arith.constant 0xFF800000 : f32
  %buffer = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<4x64xf32>
  %init = linalg.fill ins(%lowest : f32) outs(%buffer : tensor<4x64xf32>) -> tensor<4x64xf32>
  %slots = scf.forall (%r) in (64) shared_outs(%s = %init) -> (tensor<4x64xf32>) {
    %k = affine.apply affine_map<(d0) -> (d0 * 4)>(%r)
    %chunk = tensor.extract_slice %x[0, %k] [4, 4] [1, 1] : tensor<4x256xf32> to tensor<4x4xf32>
    %slot = tensor.extract_slice %s[0, %r] [4, 1] [1, 1] : tensor<4x64xf32> to tensor<4xf32>
    %partial = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%chunk : tensor<4x4xf32>) outs(%slot : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %m = arith.maximumf %in, %out : f32
      linalg.yield %m : f32
    } -> tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %partial into %s[0, %r] [4, 1] [1, 1] : tensor<4xf32> into tensor<4x64xf32>
    }
  } {mapping = [#gpu.thread<linear_dim_0>]}
  %merged = scf.forall (%p) in (4) shared_outs(%o = %acc) -> (tensor<4xf32>) {
    %rows = tensor.extract_slice %slots[%p, 0] [1, 64] [1, 1] : tensor<4x64xf32> to tensor<1x64xf32>
    %out = tensor.extract_slice %o[%p] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %reduced = linalg.reduce ins(%rows : tensor<1x64xf32>) outs(%out : tensor<1xf32>) dimensions = [1] {roller.merge_partials}
      (%in: f32, %prev: f32) {
        %m = arith.maximumf %in, %prev : f32
        linalg.yield %m : f32
      }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %reduced into %o[%p] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  } {mapping = [#gpu.thread<linear_dim_0>]}
  return %merged : tensor<4xf32>
}

// -----

// 48 threads are not whole warps: a shuffle over the warp would read lanes
// that have no slot. Left as it is (the merge of all 48 slots is correct).
// CHECK-LABEL: func.func @not_whole_warps(
// CHECK-NOT: gpu.subgroup_reduce
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0] [1, 48] [1, 1]
// CHECK: linalg.reduce {{.*}} {roller.merge_partials}
func.func @not_whole_warps(%x: tensor<2x96xf32>, %acc: tensor<2xf32>) -> tensor<2xf32> {
  %zero = arith.constant 0.0 : f32
  %buffer = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<2x48xf32>
  %init = linalg.fill ins(%zero : f32) outs(%buffer : tensor<2x48xf32>) -> tensor<2x48xf32>
  %slots = scf.forall (%r) in (48) shared_outs(%s = %init) -> (tensor<2x48xf32>) {
    %k = affine.apply affine_map<(d0) -> (d0 * 2)>(%r)
    %chunk = tensor.extract_slice %x[0, %k] [2, 2] [1, 1] : tensor<2x96xf32> to tensor<2x2xf32>
    %slot = tensor.extract_slice %s[0, %r] [2, 1] [1, 1] : tensor<2x48xf32> to tensor<2xf32>
    %partial = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%chunk : tensor<2x2xf32>) outs(%slot : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %a = arith.addf %in, %out : f32
      linalg.yield %a : f32
    } -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %partial into %s[0, %r] [2, 1] [1, 1] : tensor<2xf32> into tensor<2x48xf32>
    }
  } {mapping = [#gpu.thread<linear_dim_0>]}
  %merged = scf.forall (%p) in (2) shared_outs(%o = %acc) -> (tensor<2xf32>) {
    %rows = tensor.extract_slice %slots[%p, 0] [1, 48] [1, 1] : tensor<2x48xf32> to tensor<1x48xf32>
    %out = tensor.extract_slice %o[%p] [1] [1] : tensor<2xf32> to tensor<1xf32>
    %reduced = linalg.reduce ins(%rows : tensor<1x48xf32>) outs(%out : tensor<1xf32>) dimensions = [1] {roller.merge_partials}
      (%in: f32, %prev: f32) {
        %a = arith.addf %in, %prev : f32
        linalg.yield %a : f32
      }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %reduced into %o[%p] [1] [1] : tensor<1xf32> into tensor<2xf32>
    }
  } {mapping = [#gpu.thread<linear_dim_0>]}
  return %merged : tensor<2xf32>
}

// -----

// A combiner gpu.subgroup_reduce does not know (a sum of squares' merge
// written as two ops) is left as it is.
// CHECK-LABEL: func.func @unknown_combiner(
// CHECK-NOT: gpu.subgroup_reduce
// CHECK: linalg.reduce {{.*}} {roller.merge_partials}
func.func @unknown_combiner(%x: tensor<1x64xf32>, %acc: tensor<1xf32>) -> tensor<1xf32> {
  %zero = arith.constant 0.0 : f32
  %buffer = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%buffer : tensor<1x32xf32>) -> tensor<1x32xf32>
  %slots = scf.forall (%r) in (32) shared_outs(%s = %init) -> (tensor<1x32xf32>) {
    %k = affine.apply affine_map<(d0) -> (d0 * 2)>(%r)
    %chunk = tensor.extract_slice %x[0, %k] [1, 2] [1, 1] : tensor<1x64xf32> to tensor<1x2xf32>
    %slot = tensor.extract_slice %s[0, %r] [1, 1] [1, 1] : tensor<1x32xf32> to tensor<1xf32>
    %partial = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%chunk : tensor<1x2xf32>) outs(%slot : tensor<1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %a = arith.addf %in, %out : f32
      linalg.yield %a : f32
    } -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %partial into %s[0, %r] [1, 1] [1, 1] : tensor<1xf32> into tensor<1x32xf32>
    }
  } {mapping = [#gpu.thread<linear_dim_0>]}
  %merged = scf.forall (%p) in (1) shared_outs(%o = %acc) -> (tensor<1xf32>) {
    %rows = tensor.extract_slice %slots[%p, 0] [1, 32] [1, 1] : tensor<1x32xf32> to tensor<1x32xf32>
    %out = tensor.extract_slice %o[%p] [1] [1] : tensor<1xf32> to tensor<1xf32>
    %reduced = linalg.reduce ins(%rows : tensor<1x32xf32>) outs(%out : tensor<1xf32>) dimensions = [1] {roller.merge_partials}
      (%in: f32, %prev: f32) {
        %h = arith.constant 0.5 : f32
        %a = arith.addf %in, %prev : f32
        %y = arith.mulf %a, %h : f32
        linalg.yield %y : f32
      }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %reduced into %o[%p] [1] [1] : tensor<1xf32> into tensor<1xf32>
    }
  } {mapping = [#gpu.thread<linear_dim_0>]}
  return %merged : tensor<1xf32>
}

// -----

// f64 partial sums: a shuffle moves 32 bits, so the merge of all slots stays.
// CHECK-LABEL: func.func @f64_sum(
// CHECK-NOT: gpu.subgroup_reduce
// CHECK: linalg.reduce {{.*}} {roller.merge_partials}
func.func @f64_sum(%x: tensor<1x64xf64>, %acc: tensor<1xf64>) -> tensor<1xf64> {
  %zero = arith.constant 0.0 : f64
  %buffer = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x32xf64>
  %init = linalg.fill ins(%zero : f64) outs(%buffer : tensor<1x32xf64>) -> tensor<1x32xf64>
  %slots = scf.forall (%r) in (32) shared_outs(%s = %init) -> (tensor<1x32xf64>) {
    %k = affine.apply affine_map<(d0) -> (d0 * 2)>(%r)
    %chunk = tensor.extract_slice %x[0, %k] [1, 2] [1, 1] : tensor<1x64xf64> to tensor<1x2xf64>
    %slot = tensor.extract_slice %s[0, %r] [1, 1] [1, 1] : tensor<1x32xf64> to tensor<1xf64>
    %partial = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%chunk : tensor<1x2xf64>) outs(%slot : tensor<1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %a = arith.addf %in, %out : f64
      linalg.yield %a : f64
    } -> tensor<1xf64>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %partial into %s[0, %r] [1, 1] [1, 1] : tensor<1xf64> into tensor<1x32xf64>
    }
  } {mapping = [#gpu.thread<linear_dim_0>]}
  %merged = scf.forall (%p) in (1) shared_outs(%o = %acc) -> (tensor<1xf64>) {
    %rows = tensor.extract_slice %slots[%p, 0] [1, 32] [1, 1] : tensor<1x32xf64> to tensor<1x32xf64>
    %out = tensor.extract_slice %o[%p] [1] [1] : tensor<1xf64> to tensor<1xf64>
    %reduced = linalg.reduce ins(%rows : tensor<1x32xf64>) outs(%out : tensor<1xf64>) dimensions = [1] {roller.merge_partials}
      (%in: f64, %prev: f64) {
        %a = arith.addf %in, %prev : f64
        linalg.yield %a : f64
      }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %reduced into %o[%p] [1] [1] : tensor<1xf64> into tensor<1xf64>
    }
  } {mapping = [#gpu.thread<linear_dim_0>]}
  return %merged : tensor<1xf64>
}
