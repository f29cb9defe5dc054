// RUN: roller-opt %s --roller-lower-to-cpu | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s

// Matmuls lowered from rPrograms and run on the CPU: each is compared, element
// by element, with linalg.matmul on the same data lowered by the same pipeline
// without any rProgram (the `@*_ref` functions), and a corner of the result is
// checked literally (integer-valued data, so every sum is exact).

// matmul: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 2 offset = 65276 sizes = [2, 4] strides = [256, 1] data =
// CHECK-NEXT: {{\[\[}}58, 125, -60, -63],
// CHECK-NEXT: [-259, 70, 126, -70]]

// matmul_irregular: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 2 offset = 6926 sizes = [2, 4] strides = [70, 1] data =
// CHECK-NEXT: {{\[\[}}56, -205, 45, 99],
// CHECK-NEXT: [98, 43, -194, 52]]

// matmul_f16_mma: no element differs from the upstream lowering of the same op.
// CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [0]
// CHECK: rank = 2 offset = 3020 sizes = [2, 4] strides = [48, 1] data =
// CHECK-NEXT: {{\[\[}}33, -166, 48, 80],
// CHECK-NEXT: [83, 46, -159, 35]]

// A matmul whose tiles divide it: 4x4 blocks of 256 threads, 4 reduction steps.

func.func @matmul(%in0: tensor<256x64xf32>, %in1: tensor<64x256xf32>, %out0: tensor<256x256xf32>) -> (tensor<256x256xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<256x64xf32>, tensor<64x256xf32>) outs(%out0 : tensor<256x256xf32>)
      config = #roller.config<block = #roller.rtile<shared, [64, 64, 16]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 256, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<256x64xf32>, %a1: tensor<64x256xf32>, %o0: tensor<256x256xf32>):
    %s0 = roller.load %a0 : tensor<256x64xf32> -> !roller.tile<64x16xf32, shared, padding = 4>
    %x0 = roller.load %s0 : !roller.tile<64x16xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %s1 = roller.load %a1 : tensor<64x256xf32> -> !roller.tile<16x64xf32, shared, padding = 4>
    %x1 = roller.load %s1 : !roller.tile<16x64xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %c0 = roller.load %o0 : tensor<256x256xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%c0 : !roller.tile<4x4xf32, register>)
        attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<4x4xf32, register> into tensor<256x256xf32>
    roller.yield %st0 : tensor<256x256xf32>
  } -> tensor<256x256xf32>
  return %r0 : tensor<256x256xf32>
}

func.func @matmul_ref(%A: tensor<256x64xf32>, %B: tensor<64x256xf32>, %C: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<256x64xf32>, tensor<64x256xf32>) outs(%C : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// An irregular matmul: boundary tiles on every axis (100 = 64 + 36, 70 = 2 * 32 + 6, 50 = 3 * 16 + 2).

func.func @matmul_irregular(%in0: tensor<100x50xf32>, %in1: tensor<50x70xf32>, %out0: tensor<100x70xf32>) -> (tensor<100x70xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<100x50xf32>, tensor<50x70xf32>) outs(%out0 : tensor<100x70xf32>)
      config = #roller.config<block = #roller.rtile<shared, [64, 32, 16]>, thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 4], vector_width = 4, stages = 1, threads = 128, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<100x50xf32>, %a1: tensor<50x70xf32>, %o0: tensor<100x70xf32>):
    %s0 = roller.load %a0 : tensor<100x50xf32> -> !roller.tile<64x16xf32, shared, padding = 4>
    %x0 = roller.load %s0 : !roller.tile<64x16xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    %s1 = roller.load %a1 : tensor<50x70xf32> -> !roller.tile<16x32xf32, shared, padding = 4>
    %x1 = roller.load %s1 : !roller.tile<16x32xf32, shared, padding = 4> -> !roller.tile<1x4xf32, register>
    %c0 = roller.load %o0 : tensor<100x70xf32> -> !roller.tile<4x4xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%c0 : !roller.tile<4x4xf32, register>)
        attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<4x4xf32, register> into tensor<100x70xf32>
    roller.yield %st0 : tensor<100x70xf32>
  } -> tensor<100x70xf32>
  return %r0 : tensor<100x70xf32>
}

func.func @matmul_irregular_ref(%A: tensor<100x50xf32>, %B: tensor<50x70xf32>, %C: tensor<100x70xf32>) -> tensor<100x70xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<100x50xf32>, tensor<50x70xf32>) outs(%C : tensor<100x70xf32>) -> tensor<100x70xf32>
  return %0 : tensor<100x70xf32>
}

// An f16 matmul with an MMA config (warp tiles), f32 accumulation, irregular N and K.

func.func @matmul_f16_mma(%in0: tensor<64x40xf16>, %in1: tensor<40x48xf16>, %out0: tensor<64x48xf32>) -> (tensor<64x48xf32>) {
  %r0 = roller.rprogram ins(%in0, %in1 : tensor<64x40xf16>, tensor<40x48xf16>) outs(%out0 : tensor<64x48xf32>)
      config = #roller.config<block = #roller.rtile<shared, [32, 32, 16]>, thread = #roller.rtile<register, [16, 16, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 1, threads = 128, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a0: tensor<64x40xf16>, %a1: tensor<40x48xf16>, %o0: tensor<64x48xf32>):
    %s0 = roller.load %a0 : tensor<64x40xf16> -> !roller.tile<32x16xf16, shared, padding = 8>
    %x0 = roller.load %s0 : !roller.tile<32x16xf16, shared, padding = 8> -> !roller.tile<16x16xf16, register>
    %s1 = roller.load %a1 : tensor<40x48xf16> -> !roller.tile<16x32xf16, shared, padding = 8>
    %x1 = roller.load %s1 : !roller.tile<16x32xf16, shared, padding = 8> -> !roller.tile<16x16xf16, register>
    %c0 = roller.load %o0 : tensor<64x48xf32> -> !roller.tile<16x16xf32, register>
    %acc = roller.compute ins(%x0, %x1 : !roller.tile<16x16xf16, register>, !roller.tile<16x16xf16, register>) inits(%c0 : !roller.tile<16x16xf32, register>)
        attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f16, %y: f16, %z: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %m = arith.mulf %xf, %yf : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<16x16xf32, register>
    %st0 = roller.store %acc into %o0 : !roller.tile<16x16xf32, register> into tensor<64x48xf32>
    roller.yield %st0 : tensor<64x48xf32>
  } -> tensor<64x48xf32>
  return %r0 : tensor<64x48xf32>
}

func.func @matmul_f16_mma_ref(%A: tensor<64x40xf16>, %B: tensor<40x48xf16>, %C: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<64x40xf16>, tensor<40x48xf16>) outs(%C : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %0 : tensor<64x48xf32>
}

func.func @main() {
  %matmul_A_e = tensor.empty() : tensor<256x64xf32>
  %matmul_A = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%matmul_A_e : tensor<256x64xf32>) {
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
  } -> tensor<256x64xf32>
  %matmul_B_e = tensor.empty() : tensor<64x256xf32>
  %matmul_B = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%matmul_B_e : tensor<64x256xf32>) {
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
  } -> tensor<64x256xf32>
  %matmul_C_e = tensor.empty() : tensor<256x256xf32>
  %matmul_C = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%matmul_C_e : tensor<256x256xf32>) {
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
  } -> tensor<256x256xf32>
  %matmul_R = call @matmul(%matmul_A, %matmul_B, %matmul_C) : (tensor<256x64xf32>, tensor<64x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %matmul_E = call @matmul_ref(%matmul_A, %matmul_B, %matmul_C) : (tensor<256x64xf32>, tensor<64x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %matmul_cmp_z = arith.constant 0.0 : f32
  %matmul_cmp_one = arith.constant 1.0 : f32
  %matmul_cmp_e = tensor.empty() : tensor<f32>
  %matmul_cmp_n = linalg.fill ins(%matmul_cmp_z : f32) outs(%matmul_cmp_e : tensor<f32>) -> tensor<f32>
  %matmul_cmp_bad = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%matmul_R, %matmul_E : tensor<256x256xf32>, tensor<256x256xf32>) outs(%matmul_cmp_n : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %matmul_cmp_one, %matmul_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %matmul_cmp_u = tensor.cast %matmul_cmp_bad : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%matmul_cmp_u) : (tensor<*xf32>) -> ()
  %matmul_p_s = tensor.extract_slice %matmul_R[254, 252] [2, 4] [1, 1] : tensor<256x256xf32> to tensor<2x4xf32>
  %matmul_p_u = tensor.cast %matmul_p_s : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%matmul_p_u) : (tensor<*xf32>) -> ()
  %matmul_irregular_A_e = tensor.empty() : tensor<100x50xf32>
  %matmul_irregular_A = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%matmul_irregular_A_e : tensor<100x50xf32>) {
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
  } -> tensor<100x50xf32>
  %matmul_irregular_B_e = tensor.empty() : tensor<50x70xf32>
  %matmul_irregular_B = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%matmul_irregular_B_e : tensor<50x70xf32>) {
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
  } -> tensor<50x70xf32>
  %matmul_irregular_C_e = tensor.empty() : tensor<100x70xf32>
  %matmul_irregular_C = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%matmul_irregular_C_e : tensor<100x70xf32>) {
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
  } -> tensor<100x70xf32>
  %matmul_irregular_R = call @matmul_irregular(%matmul_irregular_A, %matmul_irregular_B, %matmul_irregular_C) : (tensor<100x50xf32>, tensor<50x70xf32>, tensor<100x70xf32>) -> tensor<100x70xf32>
  %matmul_irregular_E = call @matmul_irregular_ref(%matmul_irregular_A, %matmul_irregular_B, %matmul_irregular_C) : (tensor<100x50xf32>, tensor<50x70xf32>, tensor<100x70xf32>) -> tensor<100x70xf32>
  %matmul_irregular_cmp_z = arith.constant 0.0 : f32
  %matmul_irregular_cmp_one = arith.constant 1.0 : f32
  %matmul_irregular_cmp_e = tensor.empty() : tensor<f32>
  %matmul_irregular_cmp_n = linalg.fill ins(%matmul_irregular_cmp_z : f32) outs(%matmul_irregular_cmp_e : tensor<f32>) -> tensor<f32>
  %matmul_irregular_cmp_bad = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%matmul_irregular_R, %matmul_irregular_E : tensor<100x70xf32>, tensor<100x70xf32>) outs(%matmul_irregular_cmp_n : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %matmul_irregular_cmp_one, %matmul_irregular_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %matmul_irregular_cmp_u = tensor.cast %matmul_irregular_cmp_bad : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%matmul_irregular_cmp_u) : (tensor<*xf32>) -> ()
  %matmul_irregular_p_s = tensor.extract_slice %matmul_irregular_R[98, 66] [2, 4] [1, 1] : tensor<100x70xf32> to tensor<2x4xf32>
  %matmul_irregular_p_u = tensor.cast %matmul_irregular_p_s : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%matmul_irregular_p_u) : (tensor<*xf32>) -> ()
  %matmul_f16_mma_A_e = tensor.empty() : tensor<64x40xf16>
  %matmul_f16_mma_A = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%matmul_f16_mma_A_e : tensor<64x40xf16>) {
  ^bb0(%o: f16):
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
    %f = arith.sitofp %v : i32 to f16
    linalg.yield %f : f16
  } -> tensor<64x40xf16>
  %matmul_f16_mma_B_e = tensor.empty() : tensor<40x48xf16>
  %matmul_f16_mma_B = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%matmul_f16_mma_B_e : tensor<40x48xf16>) {
  ^bb0(%o: f16):
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
    %f = arith.sitofp %v : i32 to f16
    linalg.yield %f : f16
  } -> tensor<40x48xf16>
  %matmul_f16_mma_C_e = tensor.empty() : tensor<64x48xf32>
  %matmul_f16_mma_C = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%matmul_f16_mma_C_e : tensor<64x48xf32>) {
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
  } -> tensor<64x48xf32>
  %matmul_f16_mma_R = call @matmul_f16_mma(%matmul_f16_mma_A, %matmul_f16_mma_B, %matmul_f16_mma_C) : (tensor<64x40xf16>, tensor<40x48xf16>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %matmul_f16_mma_E = call @matmul_f16_mma_ref(%matmul_f16_mma_A, %matmul_f16_mma_B, %matmul_f16_mma_C) : (tensor<64x40xf16>, tensor<40x48xf16>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %matmul_f16_mma_cmp_z = arith.constant 0.0 : f32
  %matmul_f16_mma_cmp_one = arith.constant 1.0 : f32
  %matmul_f16_mma_cmp_e = tensor.empty() : tensor<f32>
  %matmul_f16_mma_cmp_n = linalg.fill ins(%matmul_f16_mma_cmp_z : f32) outs(%matmul_f16_mma_cmp_e : tensor<f32>) -> tensor<f32>
  %matmul_f16_mma_cmp_bad = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%matmul_f16_mma_R, %matmul_f16_mma_E : tensor<64x48xf32>, tensor<64x48xf32>) outs(%matmul_f16_mma_cmp_n : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %matmul_f16_mma_cmp_one, %matmul_f16_mma_cmp_z : f32
    %s = arith.addf %acc, %inc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %matmul_f16_mma_cmp_u = tensor.cast %matmul_f16_mma_cmp_bad : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%matmul_f16_mma_cmp_u) : (tensor<*xf32>) -> ()
  %matmul_f16_mma_p_s = tensor.extract_slice %matmul_f16_mma_R[62, 44] [2, 4] [1, 1] : tensor<64x48xf32> to tensor<2x4xf32>
  %matmul_f16_mma_p_u = tensor.cast %matmul_f16_mma_p_s : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%matmul_f16_mma_p_u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>) attributes { llvm.emit_c_interface }
