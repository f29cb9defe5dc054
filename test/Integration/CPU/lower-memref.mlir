// RUN: roller-opt %s --roller-lower-to-cpu | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s

// rPrograms on memrefs (no results: the outputs are written in place) lowered
// and run on the CPU, compared element by element with the same linalg ops on
// memrefs (`@*_ref`), plus a literal check of a few elements.

// relu: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 1 offset = 4090 sizes = [6] strides = [1] data =
// CHECK-NEXT: [1, 3, 0, 0, 2, 0]

// matmul: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 2 offset = 6926 sizes = [2, 4] strides = [70, 1] data =
// CHECK-NEXT: {{\[\[}}56, -205, 45, 99],
// CHECK-NEXT: [98, 43, -194, 52]]

// A ReLU on memrefs (staged = false): the rprogram has no results.

func.func @relu(%in0: memref<4096xf32>, %out0: memref<4096xf32>) {
  roller.rprogram ins(%in0 : memref<4096xf32>) outs(%out0 : memref<4096xf32>)
      config = #roller.config<block = #roller.rtile<shared, [1024]>, thread = #roller.rtile<register, [4]>, padding = [0], vector_width = 4, stages = 1, staged = false, threads = 256, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: memref<4096xf32>, %o0: memref<4096xf32>):
    %x0 = roller.load %a0 : memref<4096xf32> -> !roller.tile<4xf32, register>
    %c0 = roller.load %o0 : memref<4096xf32> -> !roller.tile<4xf32, register>
    %acc = roller.compute ins(%x0 : !roller.tile<4xf32, register>) inits(%c0 : !roller.tile<4xf32, register>)
        attributes {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} {
    ^bb0(%x: f32, %unused: f32):
      %zero = arith.constant 0.0 : f32
      %m = arith.maximumf %x, %zero : f32
      roller.yield %m : f32
    } -> !roller.tile<4xf32, register>
    roller.store %acc into %o0 : !roller.tile<4xf32, register> into memref<4096xf32>
  }
  return
}

func.func @relu_ref(%x: memref<4096xf32>, %y: memref<4096xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : memref<4096xf32>) outs(%y : memref<4096xf32>) {
  ^bb0(%v: f32, %u: f32):
    %zero = arith.constant 0.0 : f32
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  }
  return
}

// An irregular matmul on memrefs (staged): written in place into the output.

func.func @matmul(%in0: memref<100x50xf32>, %in1: memref<50x70xf32>, %out0: memref<100x70xf32>) {
  roller.rprogram ins(%in0, %in1 : memref<100x50xf32>, memref<50x70xf32>) outs(%out0 : memref<100x70xf32>)
      config = #roller.config<block = #roller.rtile<shared, [64, 32, 16]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 128, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: memref<100x50xf32>, %a1: memref<50x70xf32>, %o0: memref<100x70xf32>):
    %s0 = roller.load %a0 : memref<100x50xf32> -> !roller.tile<64x16xf32, shared, padding = 4>
    %x0 = roller.load %s0 : !roller.tile<64x16xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %s1 = roller.load %a1 : memref<50x70xf32> -> !roller.tile<16x32xf32, shared, padding = 4>
    %x1 = roller.load %s1 : !roller.tile<16x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %c0 = roller.load %o0 : memref<100x70xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%c0 : !roller.tile<4x4xf32, register>)
        attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    roller.store %acc into %o0 : !roller.tile<4x4xf32, register> into memref<100x70xf32>
  }
  return
}

func.func @matmul_ref(%A: memref<100x50xf32>, %B: memref<50x70xf32>, %C: memref<100x70xf32>) {
  linalg.matmul ins(%A, %B : memref<100x50xf32>, memref<50x70xf32>) outs(%C : memref<100x70xf32>)
  return
}

func.func @main() {
  %X_t_e = memref.alloc() : memref<4096xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%X_t_e : memref<4096xf32>) {
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
  }
  %X = memref.cast %X_t_e : memref<4096xf32> to memref<4096xf32>
  %Y_t_e = memref.alloc() : memref<4096xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%Y_t_e : memref<4096xf32>) {
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
  }
  %Y = memref.cast %Y_t_e : memref<4096xf32> to memref<4096xf32>
  %Y2_t_e = memref.alloc() : memref<4096xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%Y2_t_e : memref<4096xf32>) {
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
  }
  %Y2 = memref.cast %Y2_t_e : memref<4096xf32> to memref<4096xf32>
  call @relu(%X, %Y) : (memref<4096xf32>, memref<4096xf32>) -> ()
  call @relu_ref(%X, %Y2) : (memref<4096xf32>, memref<4096xf32>) -> ()
  %relu_cmp_z = arith.constant 0.0 : f32
  %relu_cmp_one = arith.constant 1.0 : f32
  %relu_cmp_n = memref.alloc() : memref<f32>
  linalg.fill ins(%relu_cmp_z : f32) outs(%relu_cmp_n : memref<f32>)
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%Y, %Y2 : memref<4096xf32>, memref<4096xf32>) outs(%relu_cmp_n : memref<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %relu_cmp_one, %relu_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  }
  %relu_cmp_u = memref.cast %relu_cmp_n : memref<f32> to memref<*xf32>
  call @printMemrefF32(%relu_cmp_u) : (memref<*xf32>) -> ()
  %relu_p_s = memref.subview %Y[4090] [6] [1] : memref<4096xf32> to memref<6xf32, strided<[1], offset: 4090>>
  %relu_p_u = memref.cast %relu_p_s : memref<6xf32, strided<[1], offset: 4090>> to memref<*xf32>
  call @printMemrefF32(%relu_p_u) : (memref<*xf32>) -> ()
  %A_t_e = memref.alloc() : memref<100x50xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A_t_e : memref<100x50xf32>) {
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
  }
  %A = memref.cast %A_t_e : memref<100x50xf32> to memref<100x50xf32>
  %B_t_e = memref.alloc() : memref<50x70xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B_t_e : memref<50x70xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 3 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 5 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  }
  %B = memref.cast %B_t_e : memref<50x70xf32> to memref<50x70xf32>
  %C_t_e = memref.alloc() : memref<100x70xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%C_t_e : memref<100x70xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 4 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 6 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  }
  %C = memref.cast %C_t_e : memref<100x70xf32> to memref<100x70xf32>
  %C2_t_e = memref.alloc() : memref<100x70xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%C2_t_e : memref<100x70xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %k0 = arith.constant 4 : index
    %p0 = arith.muli %i0, %k0 : index
    %acc1 = arith.addi %acc0, %p0 : index
    %i1 = linalg.index 1 : index
    %k1 = arith.constant 6 : index
    %p1 = arith.muli %i1, %k1 : index
    %acc2 = arith.addi %acc1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %acc2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    linalg.yield %f : f32
  }
  %C2 = memref.cast %C2_t_e : memref<100x70xf32> to memref<100x70xf32>
  call @matmul(%A, %B, %C) : (memref<100x50xf32>, memref<50x70xf32>, memref<100x70xf32>) -> ()
  call @matmul_ref(%A, %B, %C2) : (memref<100x50xf32>, memref<50x70xf32>, memref<100x70xf32>) -> ()
  %mm_cmp_z = arith.constant 0.0 : f32
  %mm_cmp_one = arith.constant 1.0 : f32
  %mm_cmp_n = memref.alloc() : memref<f32>
  linalg.fill ins(%mm_cmp_z : f32) outs(%mm_cmp_n : memref<f32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%C, %C2 : memref<100x70xf32>, memref<100x70xf32>) outs(%mm_cmp_n : memref<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %mm_cmp_one, %mm_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  }
  %mm_cmp_u = memref.cast %mm_cmp_n : memref<f32> to memref<*xf32>
  call @printMemrefF32(%mm_cmp_u) : (memref<*xf32>) -> ()
  %mm_p_s = memref.subview %C[98, 66] [2, 4] [1, 1] : memref<100x70xf32> to memref<2x4xf32, strided<[70, 1], offset: 6926>>
  %mm_p_u = memref.cast %mm_p_s : memref<2x4xf32, strided<[70, 1], offset: 6926>> to memref<*xf32>
  call @printMemrefF32(%mm_p_u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
