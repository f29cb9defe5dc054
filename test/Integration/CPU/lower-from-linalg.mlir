// The whole CPU path from linalg: --roller-tile (selection and rewrite into
// rPrograms, for two devices, so two different sets of configs) then
// --roller-lower-to-cpu, run by mlir-runner. The reference RUN lowers the same
// module without rPrograms (upstream lowering only); every RUN must print the
// same checksums: sum of x[i] * (i mod 13 + 1) over the row-major index, in
// f64, exact for these integer-valued data.
//
// RUN: roller-opt %s --roller-tile="device=h200 split-across-blocks=false" \
// RUN:     2>/dev/null | FileCheck %s --check-prefix=TILED
// RUN: roller-opt %s --roller-tile="device=h200" --roller-lower-to-cpu \
// RUN:     2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s
// RUN: roller-opt %s --roller-tile="device=a100" --roller-lower-to-cpu \
// RUN:     2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s
// RUN: roller-opt %s --roller-lower-to-cpu | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s

// Every operator becomes an rProgram (main's data generators, which have no
// inputs, become rPrograms of their own: roller.rprogram outs(...)). The
// count is taken without splits across blocks, which add a second kernel
// where the model predicts it worth a launch (row_sum on h200 by a margin
// of 1%: 1.40 + 1.86 against 3.30 us); the runs below keep them.
// TILED-COUNT-9: roller.rprogram ins(
// TILED-NOT: roller.rprogram ins(
// matmul (100x70x50)
// CHECK: rank = 1 offset = 0 sizes = [1] strides = [1] data =
// CHECK-NEXT: [2007]
// matmul_f16 (f16 inputs, f32 accumulators)
// CHECK: rank = 1 offset = 0 sizes = [1] strides = [1] data =
// CHECK-NEXT: [-491]
// conv_stride2 (irregular NCHW, stride 2)
// CHECK: rank = 1 offset = 0 sizes = [1] strides = [1] data =
// CHECK-NEXT: [709]
// depthwise (NHWC)
// CHECK: rank = 1 offset = 0 sizes = [1] strides = [1] data =
// CHECK-NEXT: [-194]
// maxpool (stride 2)
// CHECK: rank = 1 offset = 0 sizes = [1] strides = [1] data =
// CHECK-NEXT: [3520]
// relu (one level)
// CHECK: rank = 1 offset = 0 sizes = [1] strides = [1] data =
// CHECK-NEXT: [5980]
// bias_add (one level)
// CHECK: rank = 1 offset = 0 sizes = [1] strides = [1] data =
// CHECK-NEXT: [-698]
// row_sum
// CHECK: rank = 1 offset = 0 sizes = [1] strides = [1] data =
// CHECK-NEXT: [60]
// col_sum
// CHECK: rank = 1 offset = 0 sizes = [1] strides = [1] data =
// CHECK-NEXT: [44]

func.func @matmul(%i0: tensor<100x50xf32>, %i1: tensor<50x70xf32>, %o: tensor<100x70xf32>) -> tensor<100x70xf32> {
  %0 = linalg.matmul ins(%i0, %i1 : tensor<100x50xf32>, tensor<50x70xf32>) outs(%o : tensor<100x70xf32>) -> tensor<100x70xf32>
  return %0 : tensor<100x70xf32>
}

func.func @matmul_f16(%i0: tensor<64x40xf16>, %i1: tensor<40x48xf16>, %o: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %0 = linalg.matmul ins(%i0, %i1 : tensor<64x40xf16>, tensor<40x48xf16>) outs(%o : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %0 : tensor<64x48xf32>
}

func.func @conv_stride2(%i0: tensor<2x5x15x13xf32>, %i1: tensor<6x5x3x3xf32>, %o: tensor<2x6x7x6xf32>) -> tensor<2x6x7x6xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i0, %i1 : tensor<2x5x15x13xf32>, tensor<6x5x3x3xf32>) outs(%o : tensor<2x6x7x6xf32>) -> tensor<2x6x7x6xf32>
  return %0 : tensor<2x6x7x6xf32>
}

func.func @depthwise(%i0: tensor<1x10x9x6xf32>, %i1: tensor<3x3x6xf32>, %o: tensor<1x8x7x6xf32>) -> tensor<1x8x7x6xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i0, %i1 : tensor<1x10x9x6xf32>, tensor<3x3x6xf32>) outs(%o : tensor<1x8x7x6xf32>) -> tensor<1x8x7x6xf32>
  return %0 : tensor<1x8x7x6xf32>
}

func.func @maxpool(%i0: tensor<1x4x15x15xf32>, %i1: tensor<3x3xf32>, %o: tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32> {
  %0 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i0, %i1 : tensor<1x4x15x15xf32>, tensor<3x3xf32>) outs(%o : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  return %0 : tensor<1x4x7x7xf32>
}

func.func @relu(%i0: tensor<1000xf32>, %o: tensor<1000xf32>) -> tensor<1000xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%i0 : tensor<1000xf32>) outs(%o : tensor<1000xf32>) {
    ^bb0(%x: f32, %u: f32):
      %zero = arith.constant 0.0 : f32
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> tensor<1000xf32>
  return %0 : tensor<1000xf32>
}

func.func @bias_add(%i0: tensor<33x50xf32>, %i1: tensor<50xf32>, %o: tensor<33x50xf32>) -> tensor<33x50xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%i0, %i1 : tensor<33x50xf32>, tensor<50xf32>) outs(%o : tensor<33x50xf32>) {
    ^bb0(%x: f32, %b: f32, %u: f32):
      %s = arith.addf %x, %b : f32
      linalg.yield %s : f32
  } -> tensor<33x50xf32>
  return %0 : tensor<33x50xf32>
}

func.func @row_sum(%i0: tensor<70x300xf32>, %o: tensor<70xf32>) -> tensor<70xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%i0 : tensor<70x300xf32>) outs(%o : tensor<70xf32>) {
    ^bb0(%x: f32, %z: f32):
      %s = arith.addf %z, %x : f32
      linalg.yield %s : f32
  } -> tensor<70xf32>
  return %0 : tensor<70xf32>
}

func.func @col_sum(%i0: tensor<300x70xf32>, %o: tensor<70xf32>) -> tensor<70xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(j, i) -> (i, j)>, affine_map<(j, i) -> (j)>], iterator_types = ["parallel", "reduction"]}
      ins(%i0 : tensor<300x70xf32>) outs(%o : tensor<70xf32>) {
    ^bb0(%x: f32, %z: f32):
      %s = arith.addf %z, %x : f32
      linalg.yield %s : f32
  } -> tensor<70xf32>
  return %0 : tensor<70xf32>
}

func.func @main() {
  %matmul_in0 = tensor.generate {
  ^bb0(%matmul_in0_i0: index, %matmul_in0_i1: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %matmul_in0_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %matmul_in0_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<100x50xf32>
  %matmul_in1 = tensor.generate {
  ^bb0(%matmul_in1_i0: index, %matmul_in1_i1: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 3 : index
    %p0 = arith.muli %matmul_in1_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 5 : index
    %p1 = arith.muli %matmul_in1_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<50x70xf32>
  %matmul_out = tensor.generate {
  ^bb0(%matmul_out_i0: index, %matmul_out_i1: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %matmul_out_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 8 : index
    %p1 = arith.muli %matmul_out_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<100x70xf32>
  %matmul_r = call @matmul(%matmul_in0, %matmul_in1, %matmul_out) : (tensor<100x50xf32>, tensor<50x70xf32>, tensor<100x70xf32>) -> tensor<100x70xf32>
  %matmul_k_c0 = arith.constant 0 : index
  %matmul_k_c1 = arith.constant 1 : index
  %matmul_k_z = arith.constant 0.0 : f64
  %matmul_k_n0 = arith.constant 100 : index
  %matmul_k_n1 = arith.constant 70 : index
  %matmul_k_s0 = scf.for %matmul_k_i0 = %matmul_k_c0 to %matmul_k_n0 step %matmul_k_c1 iter_args(%matmul_k_acc0 = %matmul_k_z) -> (f64) {
    %matmul_k_s1 = scf.for %matmul_k_i1 = %matmul_k_c0 to %matmul_k_n1 step %matmul_k_c1 iter_args(%matmul_k_acc1 = %matmul_k_acc0) -> (f64) {
      %x = tensor.extract %matmul_r[%matmul_k_i0, %matmul_k_i1] : tensor<100x70xf32>
      %xd = arith.extf %x : f32 to f64
      %l0 = arith.constant 0 : index
      %st0 = arith.constant 100 : index
      %lm0 = arith.muli %l0, %st0 : index
      %l1 = arith.addi %lm0, %matmul_k_i0 : index
      %st1 = arith.constant 70 : index
      %lm1 = arith.muli %l1, %st1 : index
      %l2 = arith.addi %lm1, %matmul_k_i1 : index
      %c13 = arith.constant 13 : index
      %w = arith.remui %l2, %c13 : index
      %wi = arith.index_cast %w : index to i64
      %one = arith.constant 1 : i64
      %wp = arith.addi %wi, %one : i64
      %wf = arith.sitofp %wp : i64 to f64
      %p = arith.mulf %xd, %wf : f64
      %n = arith.addf %matmul_k_acc1, %p : f64
      scf.yield %n : f64
    }
    scf.yield %matmul_k_s1 : f64
  }
  %matmul_k_t = tensor.from_elements %matmul_k_s0 : tensor<1xf64>
  %matmul_k_u = tensor.cast %matmul_k_t : tensor<1xf64> to tensor<*xf64>
  call @printMemrefF64(%matmul_k_u) : (tensor<*xf64>) -> ()
  %matmul_f16_in0 = tensor.generate {
  ^bb0(%matmul_f16_in0_i0: index, %matmul_f16_in0_i1: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %matmul_f16_in0_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %matmul_f16_in0_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f16
    tensor.yield %f : f16
  } : tensor<64x40xf16>
  %matmul_f16_in1 = tensor.generate {
  ^bb0(%matmul_f16_in1_i0: index, %matmul_f16_in1_i1: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 3 : index
    %p0 = arith.muli %matmul_f16_in1_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 5 : index
    %p1 = arith.muli %matmul_f16_in1_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f16
    tensor.yield %f : f16
  } : tensor<40x48xf16>
  %matmul_f16_out = tensor.generate {
  ^bb0(%matmul_f16_out_i0: index, %matmul_f16_out_i1: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %matmul_f16_out_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 8 : index
    %p1 = arith.muli %matmul_f16_out_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<64x48xf32>
  %matmul_f16_r = call @matmul_f16(%matmul_f16_in0, %matmul_f16_in1, %matmul_f16_out) : (tensor<64x40xf16>, tensor<40x48xf16>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %matmul_f16_k_c0 = arith.constant 0 : index
  %matmul_f16_k_c1 = arith.constant 1 : index
  %matmul_f16_k_z = arith.constant 0.0 : f64
  %matmul_f16_k_n0 = arith.constant 64 : index
  %matmul_f16_k_n1 = arith.constant 48 : index
  %matmul_f16_k_s0 = scf.for %matmul_f16_k_i0 = %matmul_f16_k_c0 to %matmul_f16_k_n0 step %matmul_f16_k_c1 iter_args(%matmul_f16_k_acc0 = %matmul_f16_k_z) -> (f64) {
    %matmul_f16_k_s1 = scf.for %matmul_f16_k_i1 = %matmul_f16_k_c0 to %matmul_f16_k_n1 step %matmul_f16_k_c1 iter_args(%matmul_f16_k_acc1 = %matmul_f16_k_acc0) -> (f64) {
      %x = tensor.extract %matmul_f16_r[%matmul_f16_k_i0, %matmul_f16_k_i1] : tensor<64x48xf32>
      %xd = arith.extf %x : f32 to f64
      %l0 = arith.constant 0 : index
      %st0 = arith.constant 64 : index
      %lm0 = arith.muli %l0, %st0 : index
      %l1 = arith.addi %lm0, %matmul_f16_k_i0 : index
      %st1 = arith.constant 48 : index
      %lm1 = arith.muli %l1, %st1 : index
      %l2 = arith.addi %lm1, %matmul_f16_k_i1 : index
      %c13 = arith.constant 13 : index
      %w = arith.remui %l2, %c13 : index
      %wi = arith.index_cast %w : index to i64
      %one = arith.constant 1 : i64
      %wp = arith.addi %wi, %one : i64
      %wf = arith.sitofp %wp : i64 to f64
      %p = arith.mulf %xd, %wf : f64
      %n = arith.addf %matmul_f16_k_acc1, %p : f64
      scf.yield %n : f64
    }
    scf.yield %matmul_f16_k_s1 : f64
  }
  %matmul_f16_k_t = tensor.from_elements %matmul_f16_k_s0 : tensor<1xf64>
  %matmul_f16_k_u = tensor.cast %matmul_f16_k_t : tensor<1xf64> to tensor<*xf64>
  call @printMemrefF64(%matmul_f16_k_u) : (tensor<*xf64>) -> ()
  %conv_stride2_in0 = tensor.generate {
  ^bb0(%conv_stride2_in0_i0: index, %conv_stride2_in0_i1: index, %conv_stride2_in0_i2: index, %conv_stride2_in0_i3: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %conv_stride2_in0_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %conv_stride2_in0_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %k2 = arith.constant 6 : index
    %p2 = arith.muli %conv_stride2_in0_i2, %k2 : index
    %a3 = arith.addi %a2, %p2 : index
    %k3 = arith.constant 8 : index
    %p3 = arith.muli %conv_stride2_in0_i3, %k3 : index
    %a4 = arith.addi %a3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<2x5x15x13xf32>
  %conv_stride2_in1 = tensor.generate {
  ^bb0(%conv_stride2_in1_i0: index, %conv_stride2_in1_i1: index, %conv_stride2_in1_i2: index, %conv_stride2_in1_i3: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 3 : index
    %p0 = arith.muli %conv_stride2_in1_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 5 : index
    %p1 = arith.muli %conv_stride2_in1_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %k2 = arith.constant 7 : index
    %p2 = arith.muli %conv_stride2_in1_i2, %k2 : index
    %a3 = arith.addi %a2, %p2 : index
    %k3 = arith.constant 9 : index
    %p3 = arith.muli %conv_stride2_in1_i3, %k3 : index
    %a4 = arith.addi %a3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<6x5x3x3xf32>
  %conv_stride2_out = tensor.generate {
  ^bb0(%conv_stride2_out_i0: index, %conv_stride2_out_i1: index, %conv_stride2_out_i2: index, %conv_stride2_out_i3: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %conv_stride2_out_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 8 : index
    %p1 = arith.muli %conv_stride2_out_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %k2 = arith.constant 10 : index
    %p2 = arith.muli %conv_stride2_out_i2, %k2 : index
    %a3 = arith.addi %a2, %p2 : index
    %k3 = arith.constant 12 : index
    %p3 = arith.muli %conv_stride2_out_i3, %k3 : index
    %a4 = arith.addi %a3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<2x6x7x6xf32>
  %conv_stride2_r = call @conv_stride2(%conv_stride2_in0, %conv_stride2_in1, %conv_stride2_out) : (tensor<2x5x15x13xf32>, tensor<6x5x3x3xf32>, tensor<2x6x7x6xf32>) -> tensor<2x6x7x6xf32>
  %conv_stride2_k_c0 = arith.constant 0 : index
  %conv_stride2_k_c1 = arith.constant 1 : index
  %conv_stride2_k_z = arith.constant 0.0 : f64
  %conv_stride2_k_n0 = arith.constant 2 : index
  %conv_stride2_k_n1 = arith.constant 6 : index
  %conv_stride2_k_n2 = arith.constant 7 : index
  %conv_stride2_k_n3 = arith.constant 6 : index
  %conv_stride2_k_s0 = scf.for %conv_stride2_k_i0 = %conv_stride2_k_c0 to %conv_stride2_k_n0 step %conv_stride2_k_c1 iter_args(%conv_stride2_k_acc0 = %conv_stride2_k_z) -> (f64) {
    %conv_stride2_k_s1 = scf.for %conv_stride2_k_i1 = %conv_stride2_k_c0 to %conv_stride2_k_n1 step %conv_stride2_k_c1 iter_args(%conv_stride2_k_acc1 = %conv_stride2_k_acc0) -> (f64) {
      %conv_stride2_k_s2 = scf.for %conv_stride2_k_i2 = %conv_stride2_k_c0 to %conv_stride2_k_n2 step %conv_stride2_k_c1 iter_args(%conv_stride2_k_acc2 = %conv_stride2_k_acc1) -> (f64) {
        %conv_stride2_k_s3 = scf.for %conv_stride2_k_i3 = %conv_stride2_k_c0 to %conv_stride2_k_n3 step %conv_stride2_k_c1 iter_args(%conv_stride2_k_acc3 = %conv_stride2_k_acc2) -> (f64) {
          %x = tensor.extract %conv_stride2_r[%conv_stride2_k_i0, %conv_stride2_k_i1, %conv_stride2_k_i2, %conv_stride2_k_i3] : tensor<2x6x7x6xf32>
          %xd = arith.extf %x : f32 to f64
          %l0 = arith.constant 0 : index
          %st0 = arith.constant 2 : index
          %lm0 = arith.muli %l0, %st0 : index
          %l1 = arith.addi %lm0, %conv_stride2_k_i0 : index
          %st1 = arith.constant 6 : index
          %lm1 = arith.muli %l1, %st1 : index
          %l2 = arith.addi %lm1, %conv_stride2_k_i1 : index
          %st2 = arith.constant 7 : index
          %lm2 = arith.muli %l2, %st2 : index
          %l3 = arith.addi %lm2, %conv_stride2_k_i2 : index
          %st3 = arith.constant 6 : index
          %lm3 = arith.muli %l3, %st3 : index
          %l4 = arith.addi %lm3, %conv_stride2_k_i3 : index
          %c13 = arith.constant 13 : index
          %w = arith.remui %l4, %c13 : index
          %wi = arith.index_cast %w : index to i64
          %one = arith.constant 1 : i64
          %wp = arith.addi %wi, %one : i64
          %wf = arith.sitofp %wp : i64 to f64
          %p = arith.mulf %xd, %wf : f64
          %n = arith.addf %conv_stride2_k_acc3, %p : f64
          scf.yield %n : f64
        }
        scf.yield %conv_stride2_k_s3 : f64
      }
      scf.yield %conv_stride2_k_s2 : f64
    }
    scf.yield %conv_stride2_k_s1 : f64
  }
  %conv_stride2_k_t = tensor.from_elements %conv_stride2_k_s0 : tensor<1xf64>
  %conv_stride2_k_u = tensor.cast %conv_stride2_k_t : tensor<1xf64> to tensor<*xf64>
  call @printMemrefF64(%conv_stride2_k_u) : (tensor<*xf64>) -> ()
  %depthwise_in0 = tensor.generate {
  ^bb0(%depthwise_in0_i0: index, %depthwise_in0_i1: index, %depthwise_in0_i2: index, %depthwise_in0_i3: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %depthwise_in0_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %depthwise_in0_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %k2 = arith.constant 6 : index
    %p2 = arith.muli %depthwise_in0_i2, %k2 : index
    %a3 = arith.addi %a2, %p2 : index
    %k3 = arith.constant 8 : index
    %p3 = arith.muli %depthwise_in0_i3, %k3 : index
    %a4 = arith.addi %a3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<1x10x9x6xf32>
  %depthwise_in1 = tensor.generate {
  ^bb0(%depthwise_in1_i0: index, %depthwise_in1_i1: index, %depthwise_in1_i2: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 3 : index
    %p0 = arith.muli %depthwise_in1_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 5 : index
    %p1 = arith.muli %depthwise_in1_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %k2 = arith.constant 7 : index
    %p2 = arith.muli %depthwise_in1_i2, %k2 : index
    %a3 = arith.addi %a2, %p2 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a3, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<3x3x6xf32>
  %depthwise_out = tensor.generate {
  ^bb0(%depthwise_out_i0: index, %depthwise_out_i1: index, %depthwise_out_i2: index, %depthwise_out_i3: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %depthwise_out_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 8 : index
    %p1 = arith.muli %depthwise_out_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %k2 = arith.constant 10 : index
    %p2 = arith.muli %depthwise_out_i2, %k2 : index
    %a3 = arith.addi %a2, %p2 : index
    %k3 = arith.constant 12 : index
    %p3 = arith.muli %depthwise_out_i3, %k3 : index
    %a4 = arith.addi %a3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<1x8x7x6xf32>
  %depthwise_r = call @depthwise(%depthwise_in0, %depthwise_in1, %depthwise_out) : (tensor<1x10x9x6xf32>, tensor<3x3x6xf32>, tensor<1x8x7x6xf32>) -> tensor<1x8x7x6xf32>
  %depthwise_k_c0 = arith.constant 0 : index
  %depthwise_k_c1 = arith.constant 1 : index
  %depthwise_k_z = arith.constant 0.0 : f64
  %depthwise_k_n0 = arith.constant 1 : index
  %depthwise_k_n1 = arith.constant 8 : index
  %depthwise_k_n2 = arith.constant 7 : index
  %depthwise_k_n3 = arith.constant 6 : index
  %depthwise_k_s0 = scf.for %depthwise_k_i0 = %depthwise_k_c0 to %depthwise_k_n0 step %depthwise_k_c1 iter_args(%depthwise_k_acc0 = %depthwise_k_z) -> (f64) {
    %depthwise_k_s1 = scf.for %depthwise_k_i1 = %depthwise_k_c0 to %depthwise_k_n1 step %depthwise_k_c1 iter_args(%depthwise_k_acc1 = %depthwise_k_acc0) -> (f64) {
      %depthwise_k_s2 = scf.for %depthwise_k_i2 = %depthwise_k_c0 to %depthwise_k_n2 step %depthwise_k_c1 iter_args(%depthwise_k_acc2 = %depthwise_k_acc1) -> (f64) {
        %depthwise_k_s3 = scf.for %depthwise_k_i3 = %depthwise_k_c0 to %depthwise_k_n3 step %depthwise_k_c1 iter_args(%depthwise_k_acc3 = %depthwise_k_acc2) -> (f64) {
          %x = tensor.extract %depthwise_r[%depthwise_k_i0, %depthwise_k_i1, %depthwise_k_i2, %depthwise_k_i3] : tensor<1x8x7x6xf32>
          %xd = arith.extf %x : f32 to f64
          %l0 = arith.constant 0 : index
          %st0 = arith.constant 1 : index
          %lm0 = arith.muli %l0, %st0 : index
          %l1 = arith.addi %lm0, %depthwise_k_i0 : index
          %st1 = arith.constant 8 : index
          %lm1 = arith.muli %l1, %st1 : index
          %l2 = arith.addi %lm1, %depthwise_k_i1 : index
          %st2 = arith.constant 7 : index
          %lm2 = arith.muli %l2, %st2 : index
          %l3 = arith.addi %lm2, %depthwise_k_i2 : index
          %st3 = arith.constant 6 : index
          %lm3 = arith.muli %l3, %st3 : index
          %l4 = arith.addi %lm3, %depthwise_k_i3 : index
          %c13 = arith.constant 13 : index
          %w = arith.remui %l4, %c13 : index
          %wi = arith.index_cast %w : index to i64
          %one = arith.constant 1 : i64
          %wp = arith.addi %wi, %one : i64
          %wf = arith.sitofp %wp : i64 to f64
          %p = arith.mulf %xd, %wf : f64
          %n = arith.addf %depthwise_k_acc3, %p : f64
          scf.yield %n : f64
        }
        scf.yield %depthwise_k_s3 : f64
      }
      scf.yield %depthwise_k_s2 : f64
    }
    scf.yield %depthwise_k_s1 : f64
  }
  %depthwise_k_t = tensor.from_elements %depthwise_k_s0 : tensor<1xf64>
  %depthwise_k_u = tensor.cast %depthwise_k_t : tensor<1xf64> to tensor<*xf64>
  call @printMemrefF64(%depthwise_k_u) : (tensor<*xf64>) -> ()
  %maxpool_in0 = tensor.generate {
  ^bb0(%maxpool_in0_i0: index, %maxpool_in0_i1: index, %maxpool_in0_i2: index, %maxpool_in0_i3: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %maxpool_in0_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %maxpool_in0_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %k2 = arith.constant 6 : index
    %p2 = arith.muli %maxpool_in0_i2, %k2 : index
    %a3 = arith.addi %a2, %p2 : index
    %k3 = arith.constant 8 : index
    %p3 = arith.muli %maxpool_in0_i3, %k3 : index
    %a4 = arith.addi %a3, %p3 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a4, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<1x4x15x15xf32>
  %maxpool_in1 = tensor.generate {
  ^bb0(%maxpool_in1_i0: index, %maxpool_in1_i1: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 3 : index
    %p0 = arith.muli %maxpool_in1_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 5 : index
    %p1 = arith.muli %maxpool_in1_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<3x3xf32>
  %maxpool_out = tensor.generate {
  ^bb0(%maxpool_out_i0: index, %maxpool_out_i1: index, %maxpool_out_i2: index, %maxpool_out_i3: index):
    %v = arith.constant -100.0 : f32
    tensor.yield %v : f32
  } : tensor<1x4x7x7xf32>
  %maxpool_r = call @maxpool(%maxpool_in0, %maxpool_in1, %maxpool_out) : (tensor<1x4x15x15xf32>, tensor<3x3xf32>, tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %maxpool_k_c0 = arith.constant 0 : index
  %maxpool_k_c1 = arith.constant 1 : index
  %maxpool_k_z = arith.constant 0.0 : f64
  %maxpool_k_n0 = arith.constant 1 : index
  %maxpool_k_n1 = arith.constant 4 : index
  %maxpool_k_n2 = arith.constant 7 : index
  %maxpool_k_n3 = arith.constant 7 : index
  %maxpool_k_s0 = scf.for %maxpool_k_i0 = %maxpool_k_c0 to %maxpool_k_n0 step %maxpool_k_c1 iter_args(%maxpool_k_acc0 = %maxpool_k_z) -> (f64) {
    %maxpool_k_s1 = scf.for %maxpool_k_i1 = %maxpool_k_c0 to %maxpool_k_n1 step %maxpool_k_c1 iter_args(%maxpool_k_acc1 = %maxpool_k_acc0) -> (f64) {
      %maxpool_k_s2 = scf.for %maxpool_k_i2 = %maxpool_k_c0 to %maxpool_k_n2 step %maxpool_k_c1 iter_args(%maxpool_k_acc2 = %maxpool_k_acc1) -> (f64) {
        %maxpool_k_s3 = scf.for %maxpool_k_i3 = %maxpool_k_c0 to %maxpool_k_n3 step %maxpool_k_c1 iter_args(%maxpool_k_acc3 = %maxpool_k_acc2) -> (f64) {
          %x = tensor.extract %maxpool_r[%maxpool_k_i0, %maxpool_k_i1, %maxpool_k_i2, %maxpool_k_i3] : tensor<1x4x7x7xf32>
          %xd = arith.extf %x : f32 to f64
          %l0 = arith.constant 0 : index
          %st0 = arith.constant 1 : index
          %lm0 = arith.muli %l0, %st0 : index
          %l1 = arith.addi %lm0, %maxpool_k_i0 : index
          %st1 = arith.constant 4 : index
          %lm1 = arith.muli %l1, %st1 : index
          %l2 = arith.addi %lm1, %maxpool_k_i1 : index
          %st2 = arith.constant 7 : index
          %lm2 = arith.muli %l2, %st2 : index
          %l3 = arith.addi %lm2, %maxpool_k_i2 : index
          %st3 = arith.constant 7 : index
          %lm3 = arith.muli %l3, %st3 : index
          %l4 = arith.addi %lm3, %maxpool_k_i3 : index
          %c13 = arith.constant 13 : index
          %w = arith.remui %l4, %c13 : index
          %wi = arith.index_cast %w : index to i64
          %one = arith.constant 1 : i64
          %wp = arith.addi %wi, %one : i64
          %wf = arith.sitofp %wp : i64 to f64
          %p = arith.mulf %xd, %wf : f64
          %n = arith.addf %maxpool_k_acc3, %p : f64
          scf.yield %n : f64
        }
        scf.yield %maxpool_k_s3 : f64
      }
      scf.yield %maxpool_k_s2 : f64
    }
    scf.yield %maxpool_k_s1 : f64
  }
  %maxpool_k_t = tensor.from_elements %maxpool_k_s0 : tensor<1xf64>
  %maxpool_k_u = tensor.cast %maxpool_k_t : tensor<1xf64> to tensor<*xf64>
  call @printMemrefF64(%maxpool_k_u) : (tensor<*xf64>) -> ()
  %relu_in0 = tensor.generate {
  ^bb0(%relu_in0_i0: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %relu_in0_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a1, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<1000xf32>
  %relu_out = tensor.generate {
  ^bb0(%relu_out_i0: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %relu_out_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a1, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<1000xf32>
  %relu_r = call @relu(%relu_in0, %relu_out) : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %relu_k_c0 = arith.constant 0 : index
  %relu_k_c1 = arith.constant 1 : index
  %relu_k_z = arith.constant 0.0 : f64
  %relu_k_n0 = arith.constant 1000 : index
  %relu_k_s0 = scf.for %relu_k_i0 = %relu_k_c0 to %relu_k_n0 step %relu_k_c1 iter_args(%relu_k_acc0 = %relu_k_z) -> (f64) {
    %x = tensor.extract %relu_r[%relu_k_i0] : tensor<1000xf32>
    %xd = arith.extf %x : f32 to f64
    %l0 = arith.constant 0 : index
    %st0 = arith.constant 1000 : index
    %lm0 = arith.muli %l0, %st0 : index
    %l1 = arith.addi %lm0, %relu_k_i0 : index
    %c13 = arith.constant 13 : index
    %w = arith.remui %l1, %c13 : index
    %wi = arith.index_cast %w : index to i64
    %one = arith.constant 1 : i64
    %wp = arith.addi %wi, %one : i64
    %wf = arith.sitofp %wp : i64 to f64
    %p = arith.mulf %xd, %wf : f64
    %n = arith.addf %relu_k_acc0, %p : f64
    scf.yield %n : f64
  }
  %relu_k_t = tensor.from_elements %relu_k_s0 : tensor<1xf64>
  %relu_k_u = tensor.cast %relu_k_t : tensor<1xf64> to tensor<*xf64>
  call @printMemrefF64(%relu_k_u) : (tensor<*xf64>) -> ()
  %bias_add_in0 = tensor.generate {
  ^bb0(%bias_add_in0_i0: index, %bias_add_in0_i1: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %bias_add_in0_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %bias_add_in0_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<33x50xf32>
  %bias_add_in1 = tensor.generate {
  ^bb0(%bias_add_in1_i0: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 3 : index
    %p0 = arith.muli %bias_add_in1_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a1, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<50xf32>
  %bias_add_out = tensor.generate {
  ^bb0(%bias_add_out_i0: index, %bias_add_out_i1: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %bias_add_out_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 8 : index
    %p1 = arith.muli %bias_add_out_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<33x50xf32>
  %bias_add_r = call @bias_add(%bias_add_in0, %bias_add_in1, %bias_add_out) : (tensor<33x50xf32>, tensor<50xf32>, tensor<33x50xf32>) -> tensor<33x50xf32>
  %bias_add_k_c0 = arith.constant 0 : index
  %bias_add_k_c1 = arith.constant 1 : index
  %bias_add_k_z = arith.constant 0.0 : f64
  %bias_add_k_n0 = arith.constant 33 : index
  %bias_add_k_n1 = arith.constant 50 : index
  %bias_add_k_s0 = scf.for %bias_add_k_i0 = %bias_add_k_c0 to %bias_add_k_n0 step %bias_add_k_c1 iter_args(%bias_add_k_acc0 = %bias_add_k_z) -> (f64) {
    %bias_add_k_s1 = scf.for %bias_add_k_i1 = %bias_add_k_c0 to %bias_add_k_n1 step %bias_add_k_c1 iter_args(%bias_add_k_acc1 = %bias_add_k_acc0) -> (f64) {
      %x = tensor.extract %bias_add_r[%bias_add_k_i0, %bias_add_k_i1] : tensor<33x50xf32>
      %xd = arith.extf %x : f32 to f64
      %l0 = arith.constant 0 : index
      %st0 = arith.constant 33 : index
      %lm0 = arith.muli %l0, %st0 : index
      %l1 = arith.addi %lm0, %bias_add_k_i0 : index
      %st1 = arith.constant 50 : index
      %lm1 = arith.muli %l1, %st1 : index
      %l2 = arith.addi %lm1, %bias_add_k_i1 : index
      %c13 = arith.constant 13 : index
      %w = arith.remui %l2, %c13 : index
      %wi = arith.index_cast %w : index to i64
      %one = arith.constant 1 : i64
      %wp = arith.addi %wi, %one : i64
      %wf = arith.sitofp %wp : i64 to f64
      %p = arith.mulf %xd, %wf : f64
      %n = arith.addf %bias_add_k_acc1, %p : f64
      scf.yield %n : f64
    }
    scf.yield %bias_add_k_s1 : f64
  }
  %bias_add_k_t = tensor.from_elements %bias_add_k_s0 : tensor<1xf64>
  %bias_add_k_u = tensor.cast %bias_add_k_t : tensor<1xf64> to tensor<*xf64>
  call @printMemrefF64(%bias_add_k_u) : (tensor<*xf64>) -> ()
  %row_sum_in0 = tensor.generate {
  ^bb0(%row_sum_in0_i0: index, %row_sum_in0_i1: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %row_sum_in0_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %row_sum_in0_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<70x300xf32>
  %row_sum_out = tensor.generate {
  ^bb0(%row_sum_out_i0: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %row_sum_out_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a1, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<70xf32>
  %row_sum_r = call @row_sum(%row_sum_in0, %row_sum_out) : (tensor<70x300xf32>, tensor<70xf32>) -> tensor<70xf32>
  %row_sum_k_c0 = arith.constant 0 : index
  %row_sum_k_c1 = arith.constant 1 : index
  %row_sum_k_z = arith.constant 0.0 : f64
  %row_sum_k_n0 = arith.constant 70 : index
  %row_sum_k_s0 = scf.for %row_sum_k_i0 = %row_sum_k_c0 to %row_sum_k_n0 step %row_sum_k_c1 iter_args(%row_sum_k_acc0 = %row_sum_k_z) -> (f64) {
    %x = tensor.extract %row_sum_r[%row_sum_k_i0] : tensor<70xf32>
    %xd = arith.extf %x : f32 to f64
    %l0 = arith.constant 0 : index
    %st0 = arith.constant 70 : index
    %lm0 = arith.muli %l0, %st0 : index
    %l1 = arith.addi %lm0, %row_sum_k_i0 : index
    %c13 = arith.constant 13 : index
    %w = arith.remui %l1, %c13 : index
    %wi = arith.index_cast %w : index to i64
    %one = arith.constant 1 : i64
    %wp = arith.addi %wi, %one : i64
    %wf = arith.sitofp %wp : i64 to f64
    %p = arith.mulf %xd, %wf : f64
    %n = arith.addf %row_sum_k_acc0, %p : f64
    scf.yield %n : f64
  }
  %row_sum_k_t = tensor.from_elements %row_sum_k_s0 : tensor<1xf64>
  %row_sum_k_u = tensor.cast %row_sum_k_t : tensor<1xf64> to tensor<*xf64>
  call @printMemrefF64(%row_sum_k_u) : (tensor<*xf64>) -> ()
  %col_sum_in0 = tensor.generate {
  ^bb0(%col_sum_in0_i0: index, %col_sum_in0_i1: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 2 : index
    %p0 = arith.muli %col_sum_in0_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %k1 = arith.constant 4 : index
    %p1 = arith.muli %col_sum_in0_i1, %k1 : index
    %a2 = arith.addi %a1, %p1 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a2, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<300x70xf32>
  %col_sum_out = tensor.generate {
  ^bb0(%col_sum_out_i0: index):
    %a0 = arith.constant 0 : index
    %k0 = arith.constant 6 : index
    %p0 = arith.muli %col_sum_out_i0, %k0 : index
    %a1 = arith.addi %a0, %p0 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %a1, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %c3 = arith.constant 3 : i32
    %v = arith.subi %mi, %c3 : i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<70xf32>
  %col_sum_r = call @col_sum(%col_sum_in0, %col_sum_out) : (tensor<300x70xf32>, tensor<70xf32>) -> tensor<70xf32>
  %col_sum_k_c0 = arith.constant 0 : index
  %col_sum_k_c1 = arith.constant 1 : index
  %col_sum_k_z = arith.constant 0.0 : f64
  %col_sum_k_n0 = arith.constant 70 : index
  %col_sum_k_s0 = scf.for %col_sum_k_i0 = %col_sum_k_c0 to %col_sum_k_n0 step %col_sum_k_c1 iter_args(%col_sum_k_acc0 = %col_sum_k_z) -> (f64) {
    %x = tensor.extract %col_sum_r[%col_sum_k_i0] : tensor<70xf32>
    %xd = arith.extf %x : f32 to f64
    %l0 = arith.constant 0 : index
    %st0 = arith.constant 70 : index
    %lm0 = arith.muli %l0, %st0 : index
    %l1 = arith.addi %lm0, %col_sum_k_i0 : index
    %c13 = arith.constant 13 : index
    %w = arith.remui %l1, %c13 : index
    %wi = arith.index_cast %w : index to i64
    %one = arith.constant 1 : i64
    %wp = arith.addi %wi, %one : i64
    %wf = arith.sitofp %wp : i64 to f64
    %p = arith.mulf %xd, %wf : f64
    %n = arith.addf %col_sum_k_acc0, %p : f64
    scf.yield %n : f64
  }
  %col_sum_k_t = tensor.from_elements %col_sum_k_s0 : tensor<1xf64>
  %col_sum_k_u = tensor.cast %col_sum_k_t : tensor<1xf64> to tensor<*xf64>
  call @printMemrefF64(%col_sum_k_u) : (tensor<*xf64>) -> ()
  return
}
func.func private @printMemrefF64(tensor<*xf64>) attributes { llvm.emit_c_interface }
