// RUN: roller-opt %s --roller-lower-to-cpu | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s

// Elementwise ops (staged = false: no shared-memory staging) and reductions
// lowered from rPrograms and run on the CPU, compared element by element with
// the same linalg.generic lowered without rPrograms (`@*_ref`), plus a literal
// check of the last elements.

// relu: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 1 offset = 996 sizes = [4] strides = [1] data =
// CHECK-NEXT: [1, 3, 0, 0]

// bias_add: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 2 offset = 1646 sizes = [1, 4] strides = [50, 1] data =
// CHECK-NEXT: {{\[\[}}2, -5, 2, -5]]

// row_sum: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 1 offset = 66 sizes = [4] strides = [1] data =
// CHECK-NEXT: [2, -1, -4, 0]

// col_sum: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 1 offset = 66 sizes = [4] strides = [1] data =
// CHECK-NEXT: [1, 3, -2, 0]

// A ReLU with no data reuse (staged = false): global -> registers, 1000 = 3 * 256 + 232.

func.func @relu(%in0: tensor<1000xf32>, %out0: tensor<1000xf32>) -> (tensor<1000xf32>) {
  %r0 = roller.rprogram ins(%in0 : tensor<1000xf32>) outs(%out0 : tensor<1000xf32>)
      config = #roller.config<block = #roller.rtile<shared, [256]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<1000xf32>, %o0: tensor<1000xf32>):
    %x0 = roller.load %a0 : tensor<1000xf32> -> !roller.tile<4xf32, register>
    %c0 = roller.load %o0 : tensor<1000xf32> -> !roller.tile<4xf32, register>
    %acc = roller.compute ins(%x0 : !roller.tile<4xf32, register>) inits(%c0 : !roller.tile<4xf32, register>)
        attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%x: f32, %unused: f32):
      %zero = arith.constant 0.0 : f32
      %m = arith.maximumf %x, %zero : f32
      roller.yield %m : f32
    } -> !roller.tile<4xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<4xf32, register> into tensor<1000xf32>
    roller.yield %st0 : tensor<1000xf32>
  } -> tensor<1000xf32>
  return %r0 : tensor<1000xf32>
}

func.func @relu_ref(%i0: tensor<1000xf32>, %o: tensor<1000xf32>) -> tensor<1000xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%i0 : tensor<1000xf32>) outs(%o : tensor<1000xf32>) {
    ^bb0(%x: f32, %u: f32):
      %zero = arith.constant 0.0 : f32
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> tensor<1000xf32>
  return %0 : tensor<1000xf32>
}

// A broadcast add (staged = false) on an irregular 33x50 shape.

func.func @bias_add(%in0: tensor<33x50xf32>, %in1: tensor<50xf32>, %out0: tensor<33x50xf32>) -> (tensor<33x50xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<33x50xf32>, tensor<50xf32>) outs(%out0 : tensor<33x50xf32>)
      config = #roller.config<block = #roller.rtile<shared, [8, 32]>, thread = #roller.rtile<register, [1, 4]>, padding = [0, 0], vector_width = 4, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<33x50xf32>, %a1: tensor<50xf32>, %o0: tensor<33x50xf32>):
    %x0 = roller.load %a0 : tensor<33x50xf32> -> !roller.tile<1x4xf32, register>
    %x1 = roller.load %a1 : tensor<50xf32> -> !roller.tile<4xf32, register>
    %c0 = roller.load %o0 : tensor<33x50xf32> -> !roller.tile<1x4xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<1x4xf32, register>, !roller.tile<4xf32, register>) inits(%c0 : !roller.tile<1x4xf32, register>)
        attributes {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %b: f32, %unused: f32):
      %s = arith.addf %x, %b : f32
      roller.yield %s : f32
    } -> !roller.tile<1x4xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<1x4xf32, register> into tensor<33x50xf32>
    roller.yield %st0 : tensor<33x50xf32>
  } -> tensor<33x50xf32>
  return %r0 : tensor<33x50xf32>
}

func.func @bias_add_ref(%i0: tensor<33x50xf32>, %i1: tensor<50xf32>, %o: tensor<33x50xf32>) -> tensor<33x50xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%i0, %i1 : tensor<33x50xf32>, tensor<50xf32>) outs(%o : tensor<33x50xf32>) {
    ^bb0(%x: f32, %b: f32, %u: f32):
      %s = arith.addf %x, %b : f32
      linalg.yield %s : f32
  } -> tensor<33x50xf32>
  return %0 : tensor<33x50xf32>
}

// A row sum (staged): 16 rows per block, reduction steps of 64 (300 = 4 * 64 + 44), 16 threads in a warp of 32.

func.func @row_sum(%in0: tensor<70x300xf32>, %out0: tensor<70xf32>) -> (tensor<70xf32>) {
  %r0 = roller.rprogram ins(%in0 : tensor<70x300xf32>) outs(%out0 : tensor<70xf32>)
      config = #roller.config<block = #roller.rtile<shared, [16, 64]>, thread = #roller.rtile<register, [1, 1]>, padding = [1], vector_width = 4, stages = 1, threads = 32, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<70x300xf32>, %o0: tensor<70xf32>):
    %s0 = roller.load %a0 : tensor<70x300xf32> -> !roller.tile<16x64xf32, shared, padding = 1>
    %x0 = roller.load %s0 : !roller.tile<16x64xf32, shared, padding = 1> -> !roller.tile<1x1xf32, register>
    %c0 = roller.load %o0 : tensor<70xf32> -> !roller.tile<1xf32, register>
    %acc = roller.compute ins(%x0 : !roller.tile<1x1xf32, register>) inits(%c0 : !roller.tile<1xf32, register>)
        attributes {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} {
    ^bb0(%x: f32, %z: f32):
      %s = arith.addf %z, %x : f32
      roller.yield %s : f32
    } -> !roller.tile<1xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<1xf32, register> into tensor<70xf32>
    roller.yield %st0 : tensor<70xf32>
  } -> tensor<70xf32>
  return %r0 : tensor<70xf32>
}

func.func @row_sum_ref(%i0: tensor<70x300xf32>, %o: tensor<70xf32>) -> tensor<70xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%i0 : tensor<70x300xf32>) outs(%o : tensor<70xf32>) {
    ^bb0(%x: f32, %z: f32):
      %s = arith.addf %z, %x : f32
      linalg.yield %s : f32
  } -> tensor<70xf32>
  return %0 : tensor<70xf32>
}

// A column sum (staged), each thread reducing 8 rows per step in registers.

func.func @col_sum(%in0: tensor<300x70xf32>, %out0: tensor<70xf32>) -> (tensor<70xf32>) {
  %r0 = roller.rprogram ins(%in0 : tensor<300x70xf32>) outs(%out0 : tensor<70xf32>)
      config = #roller.config<block = #roller.rtile<shared, [32, 64]>, thread = #roller.rtile<register, [1, 8]>, padding = [4], vector_width = 4, stages = 1, threads = 32, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<300x70xf32>, %o0: tensor<70xf32>):
    %s0 = roller.load %a0 : tensor<300x70xf32> -> !roller.tile<64x32xf32, shared, padding = 4>
    %x0 = roller.load %s0 : !roller.tile<64x32xf32, shared, padding = 4> -> !roller.tile<8x1xf32, register>
    %c0 = roller.load %o0 : tensor<70xf32> -> !roller.tile<1xf32, register>
    %acc = roller.compute ins(%x0 : !roller.tile<8x1xf32, register>) inits(%c0 : !roller.tile<1xf32, register>)
        attributes {indexing_maps = [affine_map<(j, i) -> (i, j)>, affine_map<(j, i) -> (j)>], iterator_types = ["parallel", "reduction"]} {
    ^bb0(%x: f32, %z: f32):
      %s = arith.addf %z, %x : f32
      roller.yield %s : f32
    } -> !roller.tile<1xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<1xf32, register> into tensor<70xf32>
    roller.yield %st0 : tensor<70xf32>
  } -> tensor<70xf32>
  return %r0 : tensor<70xf32>
}

func.func @col_sum_ref(%i0: tensor<300x70xf32>, %o: tensor<70xf32>) -> tensor<70xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(j, i) -> (i, j)>, affine_map<(j, i) -> (j)>], iterator_types = ["parallel", "reduction"]}
      ins(%i0 : tensor<300x70xf32>) outs(%o : tensor<70xf32>) {
    ^bb0(%x: f32, %z: f32):
      %s = arith.addf %z, %x : f32
      linalg.yield %s : f32
  } -> tensor<70xf32>
  return %0 : tensor<70xf32>
}

func.func @main() {
  %relu_in0_e = tensor.empty() : tensor<1000xf32>
  %relu_in0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%relu_in0_e : tensor<1000xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc1, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<1000xf32>
  %relu_out_e = tensor.empty() : tensor<1000xf32>
  %relu_out = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%relu_out_e : tensor<1000xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc1, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<1000xf32>
  %relu_R = call @relu(%relu_in0, %relu_out) : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %relu_E = call @relu_ref(%relu_in0, %relu_out) : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %relu_cmp_z = arith.constant 0.0 : f32
  %relu_cmp_one = arith.constant 1.0 : f32
  %relu_cmp_e = tensor.empty() : tensor<f32>
  %relu_cmp_n = linalg.fill ins(%relu_cmp_z : f32) outs(%relu_cmp_e : tensor<f32>) -> tensor<f32>
  %relu_cmp_bad = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%relu_R, %relu_E : tensor<1000xf32>, tensor<1000xf32>) outs(%relu_cmp_n : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %relu_cmp_one, %relu_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %relu_cmp_u = tensor.cast %relu_cmp_bad : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%relu_cmp_u) : (tensor<*xf32>) -> ()
  %relu_p_s = tensor.extract_slice %relu_R[996] [4] [1] : tensor<1000xf32> to tensor<4xf32>
  %relu_p_u = tensor.cast %relu_p_s : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%relu_p_u) : (tensor<*xf32>) -> ()
  %bias_add_in0_e = tensor.empty() : tensor<33x50xf32>
  %bias_add_in0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%bias_add_in0_e : tensor<33x50xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<33x50xf32>
  %bias_add_in1_e = tensor.empty() : tensor<50xf32>
  %bias_add_in1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%bias_add_in1_e : tensor<50xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 3 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc1, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<50xf32>
  %bias_add_out_e = tensor.empty() : tensor<33x50xf32>
  %bias_add_out = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%bias_add_out_e : tensor<33x50xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 8 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<33x50xf32>
  %bias_add_R = call @bias_add(%bias_add_in0, %bias_add_in1, %bias_add_out) : (tensor<33x50xf32>, tensor<50xf32>, tensor<33x50xf32>) -> tensor<33x50xf32>
  %bias_add_E = call @bias_add_ref(%bias_add_in0, %bias_add_in1, %bias_add_out) : (tensor<33x50xf32>, tensor<50xf32>, tensor<33x50xf32>) -> tensor<33x50xf32>
  %bias_add_cmp_z = arith.constant 0.0 : f32
  %bias_add_cmp_one = arith.constant 1.0 : f32
  %bias_add_cmp_e = tensor.empty() : tensor<f32>
  %bias_add_cmp_n = linalg.fill ins(%bias_add_cmp_z : f32) outs(%bias_add_cmp_e : tensor<f32>) -> tensor<f32>
  %bias_add_cmp_bad = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%bias_add_R, %bias_add_E : tensor<33x50xf32>, tensor<33x50xf32>) outs(%bias_add_cmp_n : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %bias_add_cmp_one, %bias_add_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %bias_add_cmp_u = tensor.cast %bias_add_cmp_bad : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%bias_add_cmp_u) : (tensor<*xf32>) -> ()
  %bias_add_p_s = tensor.extract_slice %bias_add_R[32, 46] [1, 4] [1, 1] : tensor<33x50xf32> to tensor<1x4xf32>
  %bias_add_p_u = tensor.cast %bias_add_p_s : tensor<1x4xf32> to tensor<*xf32>
  call @printMemrefF32(%bias_add_p_u) : (tensor<*xf32>) -> ()
  %row_sum_in0_e = tensor.empty() : tensor<70x300xf32>
  %row_sum_in0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%row_sum_in0_e : tensor<70x300xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<70x300xf32>
  %row_sum_out_e = tensor.empty() : tensor<70xf32>
  %row_sum_out = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%row_sum_out_e : tensor<70xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc1, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<70xf32>
  %row_sum_R = call @row_sum(%row_sum_in0, %row_sum_out) : (tensor<70x300xf32>, tensor<70xf32>) -> tensor<70xf32>
  %row_sum_E = call @row_sum_ref(%row_sum_in0, %row_sum_out) : (tensor<70x300xf32>, tensor<70xf32>) -> tensor<70xf32>
  %row_sum_cmp_z = arith.constant 0.0 : f32
  %row_sum_cmp_one = arith.constant 1.0 : f32
  %row_sum_cmp_e = tensor.empty() : tensor<f32>
  %row_sum_cmp_n = linalg.fill ins(%row_sum_cmp_z : f32) outs(%row_sum_cmp_e : tensor<f32>) -> tensor<f32>
  %row_sum_cmp_bad = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%row_sum_R, %row_sum_E : tensor<70xf32>, tensor<70xf32>) outs(%row_sum_cmp_n : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %row_sum_cmp_one, %row_sum_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %row_sum_cmp_u = tensor.cast %row_sum_cmp_bad : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%row_sum_cmp_u) : (tensor<*xf32>) -> ()
  %row_sum_p_s = tensor.extract_slice %row_sum_R[66] [4] [1] : tensor<70xf32> to tensor<4xf32>
  %row_sum_p_u = tensor.cast %row_sum_p_s : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%row_sum_p_u) : (tensor<*xf32>) -> ()
  %col_sum_in0_e = tensor.empty() : tensor<300x70xf32>
  %col_sum_in0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%col_sum_in0_e : tensor<300x70xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<300x70xf32>
  %col_sum_out_e = tensor.empty() : tensor<70xf32>
  %col_sum_out = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%col_sum_out_e : tensor<70xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc1, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  } -> tensor<70xf32>
  %col_sum_R = call @col_sum(%col_sum_in0, %col_sum_out) : (tensor<300x70xf32>, tensor<70xf32>) -> tensor<70xf32>
  %col_sum_E = call @col_sum_ref(%col_sum_in0, %col_sum_out) : (tensor<300x70xf32>, tensor<70xf32>) -> tensor<70xf32>
  %col_sum_cmp_z = arith.constant 0.0 : f32
  %col_sum_cmp_one = arith.constant 1.0 : f32
  %col_sum_cmp_e = tensor.empty() : tensor<f32>
  %col_sum_cmp_n = linalg.fill ins(%col_sum_cmp_z : f32) outs(%col_sum_cmp_e : tensor<f32>) -> tensor<f32>
  %col_sum_cmp_bad = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%col_sum_R, %col_sum_E : tensor<70xf32>, tensor<70xf32>) outs(%col_sum_cmp_n : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %col_sum_cmp_one, %col_sum_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %col_sum_cmp_u = tensor.cast %col_sum_cmp_bad : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%col_sum_cmp_u) : (tensor<*xf32>) -> ()
  %col_sum_p_s = tensor.extract_slice %col_sum_R[66] [4] [1] : tensor<70xf32> to tensor<4xf32>
  %col_sum_p_u = tensor.cast %col_sum_p_s : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%col_sum_p_u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>) attributes { llvm.emit_c_interface }
