// RUN: roller-opt %s --split-input-file --roller-fuse-epilogues -verify-diagnostics | FileCheck %s
// The remark names the producer's location.
// RUN: roller-opt %s --split-input-file --roller-fuse-epilogues 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: remark: roller-fuse-epilogues: fused as the epilogue of the rProgram at loc("{{.*}}fuse-epilogues.mlir":[[#]]:{{[0-9]+}})
// REMARK: remark: roller-fuse-epilogues: not fused into the rProgram at loc("{{.*}}fuse-epilogues.mlir":[[#]]:{{[0-9]+}}): the producer's result has other users

// A bias add and ReLU after a matmul: one rProgram. The matmul's
// accumulators start from the fill (now an input), the bias is loaded into
// registers with the thread tile's image, and only the epilogue's result is
// stored.
// CHECK-LABEL: func.func @bias_relu
// CHECK: %[[FILL:.*]] = linalg.fill
// CHECK: roller.rprogram ins(%arg0, %arg1, %[[FILL]], %arg2 : {{.*}}) outs(%{{.*}} : tensor<64x64xf32>)
// CHECK-SAME: padding = [0, 0, 0, 0]
// CHECK: ^bb0(%{{.*}}: tensor<64x32xf32>, %{{.*}}: tensor<32x64xf32>, %[[ACC:.*]]: tensor<64x64xf32>, %[[BIAS:.*]]: tensor<64xf32>, %[[OUT:.*]]: tensor<64x64xf32>):
// CHECK: %[[INIT:.*]] = roller.load %[[ACC]] : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
// CHECK: %[[MM:.*]] = roller.compute {{.*}} inits(%[[INIT]] :
// CHECK: arith.mulf
// CHECK: %[[B:.*]] = roller.load %[[BIAS]] : tensor<64xf32> -> !roller.tile<1xf32, register>
// CHECK: %[[O:.*]] = roller.load %[[OUT]] : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
// CHECK: %[[Y:.*]] = roller.compute ins(%[[MM]], %[[B]] : {{.*}}) inits(%[[O]] : {{.*}}) attributes {axes = array<i64: 0, 1>
// CHECK: arith.maximumf
// CHECK: %[[R:.*]] = roller.store %[[Y]] into %[[OUT]]
// CHECK-NOT: roller.store
// CHECK: roller.yield %[[R]]
// CHECK-NOT: roller.rprogram
func.func @bias_relu(%arg0: tensor<64x32xf32>, %arg1: tensor<32x64xf32>, %arg2: tensor<64xf32>) -> tensor<64x64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x64xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = roller.rprogram ins(%arg0, %arg1 : tensor<64x32xf32>, tensor<32x64xf32>) outs(%1 : tensor<64x64xf32>) config = <block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [64], predicted_us = 1.0, bottleneck = shared, max_regs = 48> {
  ^bb0(%arg3: tensor<64x32xf32>, %arg4: tensor<32x64xf32>, %arg5: tensor<64x64xf32>):
    %4 = roller.load %arg3 : tensor<64x32xf32> -> !roller.tile<8x8xf32, shared>
    %5 = roller.load %4 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %6 = roller.load %arg4 : tensor<32x64xf32> -> !roller.tile<8x8xf32, shared>
    %7 = roller.load %6 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %8 = roller.load %arg5 : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
    %9 = roller.compute ins(%5, %7 : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%8 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %11 = arith.mulf %arg6, %arg7 : f32
      %12 = arith.addf %arg8, %11 : f32
      roller.yield %12 : f32
    } -> !roller.tile<1x1xf32, register>
    %10 = roller.store %9 into %arg5 : !roller.tile<1x1xf32, register> into tensor<64x64xf32> 
    roller.yield %10 : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  // expected-remark @+1 {{roller-fuse-epilogues: fused as the epilogue of the rProgram at}}
  %3 = roller.rprogram ins(%2, %arg2 : tensor<64x64xf32>, tensor<64xf32>) outs(%0 : tensor<64x64xf32>) config = <block = <shared, [16, 8]>, thread = <register, [1, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 128, grid = [32], predicted_us = 1.0, bottleneck = global, max_regs = 32> {
  ^bb0(%arg3: tensor<64x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x64xf32>):
    %4 = roller.load %arg3 : tensor<64x64xf32> -> !roller.tile<16x8xf32, shared>
    %5 = roller.load %4 : !roller.tile<16x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %6 = roller.load %arg4 : tensor<64xf32> -> !roller.tile<8xf32, shared>
    %7 = roller.load %6 : !roller.tile<8xf32, shared> -> !roller.tile<1xf32, register>
    %8 = roller.load %arg5 : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
    %9 = roller.compute ins(%5, %7 : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%8 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %11 = arith.addf %arg6, %arg7 : f32
      %12 = arith.maximumf %11, %cst : f32
      roller.yield %12 : f32
    } -> !roller.tile<1x1xf32, register>
    %10 = roller.store %9 into %arg5 : !roller.tile<1x1xf32, register> into tensor<64x64xf32> 
    roller.yield %10 : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %3 : tensor<64x64xf32>
}

// -----

// The consumer reads the matmul's result transposed and casts it: its loops
// are renamed after the matmul's axes (its read map becomes the matmul's
// output map, its output map the transpose).
// CHECK-LABEL: func.func @transposed
// CHECK-COUNT-1: roller.rprogram
// CHECK: roller.compute ins(%{{.*}} : !roller.tile<1x1xf32, register>) inits(%{{.*}} : !roller.tile<1x1xf16, register>) attributes {axes = array<i64: 0, 1>, indexing_maps = [#{{.*}}, #[[TR:.*]]], iterator_types = ["parallel", "parallel"]}
// CHECK: arith.truncf
// CHECK-NOT: roller.rprogram
func.func @transposed(%arg0: tensor<64x32xf32>, %arg1: tensor<32x48xf32>) -> tensor<48x64xf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x48xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %2 = roller.rprogram ins(%arg0, %arg1 : tensor<64x32xf32>, tensor<32x48xf32>) outs(%1 : tensor<64x48xf32>) config = <block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [48], predicted_us = 1.0, bottleneck = shared, max_regs = 48> {
  ^bb0(%arg2: tensor<64x32xf32>, %arg3: tensor<32x48xf32>, %arg4: tensor<64x48xf32>):
    %5 = roller.load %arg2 : tensor<64x32xf32> -> !roller.tile<8x8xf32, shared>
    %6 = roller.load %5 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %7 = roller.load %arg3 : tensor<32x48xf32> -> !roller.tile<8x8xf32, shared>
    %8 = roller.load %7 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %9 = roller.load %arg4 : tensor<64x48xf32> -> !roller.tile<1x1xf32, register>
    %10 = roller.compute ins(%6, %8 : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%9 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %12 = arith.mulf %arg5, %arg6 : f32
      %13 = arith.addf %arg7, %12 : f32
      roller.yield %13 : f32
    } -> !roller.tile<1x1xf32, register>
    %11 = roller.store %10 into %arg4 : !roller.tile<1x1xf32, register> into tensor<64x48xf32> 
    roller.yield %11 : tensor<64x48xf32>
  } -> tensor<64x48xf32>
  %3 = tensor.empty() : tensor<48x64xf16>
  // expected-remark @+1 {{roller-fuse-epilogues: fused as the epilogue of the rProgram at}}
  %4 = roller.rprogram ins(%2 : tensor<64x48xf32>) outs(%3 : tensor<48x64xf16>) config = <block = <shared, [8, 16]>, thread = <register, [1, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 128, grid = [24], predicted_us = 1.0, bottleneck = global, max_regs = 32> {
  ^bb0(%arg2: tensor<64x48xf32>, %arg3: tensor<48x64xf16>):
    %5 = roller.load %arg2 : tensor<64x48xf32> -> !roller.tile<1x1xf32, register>
    %6 = roller.load %arg3 : tensor<48x64xf16> -> !roller.tile<1x1xf16, register>
    %7 = roller.compute ins(%5 : !roller.tile<1x1xf32, register>) inits(%6 : !roller.tile<1x1xf16, register>) attributes {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%arg4: f32, %arg5: f16):
      %9 = arith.truncf %arg4 : f32 to f16
      roller.yield %9 : f16
    } -> !roller.tile<1x1xf16, register>
    %8 = roller.store %7 into %arg3 : !roller.tile<1x1xf16, register> into tensor<48x64xf16> 
    roller.yield %8 : tensor<48x64xf16>
  } -> tensor<48x64xf16>
  return %4 : tensor<48x64xf16>
}

// -----

// The matmul's result is also returned: it is written to global memory
// anyway, and stays a program of its own.
// CHECK-LABEL: func.func @two_users
// CHECK-COUNT-2: roller.rprogram
func.func @two_users(%arg0: tensor<64x32xf32>, %arg1: tensor<32x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x64xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = roller.rprogram ins(%arg0, %arg1 : tensor<64x32xf32>, tensor<32x64xf32>) outs(%1 : tensor<64x64xf32>) config = <block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [64], predicted_us = 1.0, bottleneck = shared, max_regs = 48> {
  ^bb0(%arg2: tensor<64x32xf32>, %arg3: tensor<32x64xf32>, %arg4: tensor<64x64xf32>):
    %4 = roller.load %arg2 : tensor<64x32xf32> -> !roller.tile<8x8xf32, shared>
    %5 = roller.load %4 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %6 = roller.load %arg3 : tensor<32x64xf32> -> !roller.tile<8x8xf32, shared>
    %7 = roller.load %6 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %8 = roller.load %arg4 : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
    %9 = roller.compute ins(%5, %7 : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%8 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %11 = arith.mulf %arg5, %arg6 : f32
      %12 = arith.addf %arg7, %11 : f32
      roller.yield %12 : f32
    } -> !roller.tile<1x1xf32, register>
    %10 = roller.store %9 into %arg4 : !roller.tile<1x1xf32, register> into tensor<64x64xf32> 
    roller.yield %10 : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  // expected-remark @+1 {{the producer's result has other users (it would be written to global memory anyway)}}
  %3 = roller.rprogram ins(%2 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) config = <block = <shared, [1, 32]>, thread = <register, [1, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [128], predicted_us = 1.0, bottleneck = global, max_regs = 64> {
  ^bb0(%arg2: tensor<64x64xf32>, %arg3: tensor<64x64xf32>):
    %4 = roller.load %arg2 : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
    %5 = roller.load %arg3 : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
    %6 = roller.compute ins(%4 : !roller.tile<1x1xf32, register>) inits(%5 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%arg4: f32, %arg5: f32):
      %8 = arith.maximumf %arg4, %cst : f32
      roller.yield %8 : f32
    } -> !roller.tile<1x1xf32, register>
    %7 = roller.store %6 into %arg3 : !roller.tile<1x1xf32, register> into tensor<64x64xf32> 
    roller.yield %7 : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %2, %3 : tensor<64x64xf32>, tensor<64x64xf32>
}

// -----

// A reduction that keeps its reduced dimension writes (d0, 0): no thread
// owns a whole output element's position along the kept axis.
// CHECK-LABEL: func.func @keepdim
// CHECK-COUNT-2: roller.rprogram
func.func @keepdim(%arg0: tensor<64x128xf32>) -> tensor<64x1xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x1xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x1xf32>) -> tensor<64x1xf32>
  %2 = roller.rprogram ins(%arg0 : tensor<64x128xf32>) outs(%1 : tensor<64x1xf32>) config = <block = <shared, [32, 8]>, thread = <register, [1, 1]>, padding = [1], vector_width = 1, stages = 2, threads = 32, grid = [2], predicted_us = 1.0, bottleneck = global, max_regs = 64> {
  ^bb0(%arg1: tensor<64x128xf32>, %arg2: tensor<64x1xf32>):
    %4 = roller.load %arg1 : tensor<64x128xf32> -> !roller.tile<32x8xf32, shared, padding = 1>
    %5 = roller.load %4 : !roller.tile<32x8xf32, shared, padding = 1> -> !roller.tile<1x1xf32, register>
    %6 = roller.load %arg2 : tensor<64x1xf32> -> !roller.tile<1x1xf32, register>
    %7 = roller.compute ins(%5 : !roller.tile<1x1xf32, register>) inits(%6 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} {
    ^bb0(%arg3: f32, %arg4: f32):
      %9 = arith.addf %arg3, %arg4 : f32
      roller.yield %9 : f32
    } -> !roller.tile<1x1xf32, register>
    %8 = roller.store %7 into %arg2 : !roller.tile<1x1xf32, register> into tensor<64x1xf32> 
    roller.yield %8 : tensor<64x1xf32>
  } -> tensor<64x1xf32>
  // expected-remark @+1 {{the producer's output map (d0, d1) -> (d0, 0) is not a permutation of its parallel axes}}
  %3 = roller.rprogram ins(%2 : tensor<64x1xf32>) outs(%0 : tensor<64x1xf32>) config = <block = <shared, [48, 1]>, thread = <register, [1, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [2], predicted_us = 1.0, bottleneck = global, max_regs = 32> {
  ^bb0(%arg1: tensor<64x1xf32>, %arg2: tensor<64x1xf32>):
    %4 = roller.load %arg1 : tensor<64x1xf32> -> !roller.tile<1x1xf32, register>
    %5 = roller.load %arg2 : tensor<64x1xf32> -> !roller.tile<1x1xf32, register>
    %6 = roller.compute ins(%4 : !roller.tile<1x1xf32, register>) inits(%5 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%arg3: f32, %arg4: f32):
      %8 = arith.maximumf %arg3, %cst : f32
      roller.yield %8 : f32
    } -> !roller.tile<1x1xf32, register>
    %7 = roller.store %6 into %arg2 : !roller.tile<1x1xf32, register> into tensor<64x1xf32> 
    roller.yield %7 : tensor<64x1xf32>
  } -> tensor<64x1xf32>
  return %3 : tensor<64x1xf32>
}

// -----

// Tensor-core accumulators take an epilogue too (the lowering shares it
// over the block's threads once the fragments are stored).
// CHECK-LABEL: func.func @mma
// CHECK-COUNT-1: roller.rprogram
// CHECK-SAME: mma = [16, 8, 16]
// CHECK: roller.compute {{.*}} inits(%{{.*}} : !roller.tile<16x8xf16, register>) attributes {axes = array<i64: 0, 1>
// CHECK: arith.truncf
// CHECK-NOT: roller.rprogram
func.func @mma(%arg0: tensor<128x64xf16>, %arg1: tensor<64x128xf16>) -> tensor<128x128xf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<128x128xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %2 = roller.rprogram ins(%arg0, %arg1 : tensor<128x64xf16>, tensor<64x128xf16>) outs(%1 : tensor<128x128xf32>) config = <block = <shared, [32, 16, 16]>, thread = <register, [16, 8, 16]>, mma = [16, 8, 16], padding = [8, 8], vector_width = 4, stages = 2, threads = 128, grid = [32], predicted_us = 1.0, bottleneck = global, max_regs = 40> {
  ^bb0(%arg2: tensor<128x64xf16>, %arg3: tensor<64x128xf16>, %arg4: tensor<128x128xf32>):
    %5 = roller.load %arg2 : tensor<128x64xf16> -> !roller.tile<32x16xf16, shared, padding = 8>
    %6 = roller.load %5 : !roller.tile<32x16xf16, shared, padding = 8> -> !roller.tile<16x16xf16, register>
    %7 = roller.load %arg3 : tensor<64x128xf16> -> !roller.tile<16x16xf16, shared, padding = 8>
    %8 = roller.load %7 : !roller.tile<16x16xf16, shared, padding = 8> -> !roller.tile<16x8xf16, register>
    %9 = roller.load %arg4 : tensor<128x128xf32> -> !roller.tile<16x8xf32, register>
    %10 = roller.compute ins(%6, %8 : !roller.tile<16x16xf16, register>, !roller.tile<16x8xf16, register>) inits(%9 : !roller.tile<16x8xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%arg5: f16, %arg6: f16, %arg7: f32):
      %12 = arith.extf %arg5 : f16 to f32
      %13 = arith.extf %arg6 : f16 to f32
      %14 = arith.mulf %12, %13 : f32
      %15 = arith.addf %arg7, %14 : f32
      roller.yield %15 : f32
    } -> !roller.tile<16x8xf32, register>
    %11 = roller.store %10 into %arg4 : !roller.tile<16x8xf32, register> into tensor<128x128xf32> 
    roller.yield %11 : tensor<128x128xf32>
  } -> tensor<128x128xf32>
  %3 = tensor.empty() : tensor<128x128xf16>
  // expected-remark @+1 {{roller-fuse-epilogues: fused as the epilogue of the rProgram at}}
  %4 = roller.rprogram ins(%2 : tensor<128x128xf32>) outs(%3 : tensor<128x128xf16>) config = <block = <shared, [1, 32]>, thread = <register, [1, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [512], predicted_us = 1.0, bottleneck = global, max_regs = 64> {
  ^bb0(%arg2: tensor<128x128xf32>, %arg3: tensor<128x128xf16>):
    %5 = roller.load %arg2 : tensor<128x128xf32> -> !roller.tile<1x1xf32, register>
    %6 = roller.load %arg3 : tensor<128x128xf16> -> !roller.tile<1x1xf16, register>
    %7 = roller.compute ins(%5 : !roller.tile<1x1xf32, register>) inits(%6 : !roller.tile<1x1xf16, register>) attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%arg4: f32, %arg5: f16):
      %9 = arith.truncf %arg4 : f32 to f16
      roller.yield %9 : f16
    } -> !roller.tile<1x1xf16, register>
    %8 = roller.store %7 into %arg3 : !roller.tile<1x1xf16, register> into tensor<128x128xf16> 
    roller.yield %8 : tensor<128x128xf16>
  } -> tensor<128x128xf16>
  return %4 : tensor<128x128xf16>
}

// -----

// The consumer's loops are renamed after the matmul's axes: its loop 0 runs
// along the matmul's axis 1, so its linalg.index 0 (roller.index 0 in the
// consumer's rProgram) becomes roller.index 1 of the epilogue.
// CHECK-LABEL: func.func @transposed_index
// CHECK-COUNT-1: roller.rprogram
// CHECK: attributes {axes = array<i64: 0, 1>
// CHECK-NEXT: ^bb0
// CHECK-NEXT: roller.index 1 : index
// CHECK-NOT: roller.rprogram
func.func @transposed_index(%arg0: tensor<64x32xf32>, %arg1: tensor<32x48xf32>) -> tensor<48x64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x48xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %2 = roller.rprogram ins(%arg0, %arg1 : tensor<64x32xf32>, tensor<32x48xf32>) outs(%1 : tensor<64x48xf32>) config = <block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [48], predicted_us = 1.0, bottleneck = shared, max_regs = 48> {
  ^bb0(%arg2: tensor<64x32xf32>, %arg3: tensor<32x48xf32>, %arg4: tensor<64x48xf32>):
    %5 = roller.load %arg2 : tensor<64x32xf32> -> !roller.tile<8x8xf32, shared>
    %6 = roller.load %5 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %7 = roller.load %arg3 : tensor<32x48xf32> -> !roller.tile<8x8xf32, shared>
    %8 = roller.load %7 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %9 = roller.load %arg4 : tensor<64x48xf32> -> !roller.tile<1x1xf32, register>
    %10 = roller.compute ins(%6, %8 : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%9 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %12 = arith.mulf %arg5, %arg6 : f32
      %13 = arith.addf %arg7, %12 : f32
      roller.yield %13 : f32
    } -> !roller.tile<1x1xf32, register>
    %11 = roller.store %10 into %arg4 : !roller.tile<1x1xf32, register> into tensor<64x48xf32> 
    roller.yield %11 : tensor<64x48xf32>
  } -> tensor<64x48xf32>
  %3 = tensor.empty() : tensor<48x64xf32>
  // expected-remark @+1 {{roller-fuse-epilogues: fused as the epilogue of the rProgram at}}
  %4 = roller.rprogram ins(%2 : tensor<64x48xf32>) outs(%3 : tensor<48x64xf32>) config = <block = <shared, [6, 8]>, thread = <register, [1, 1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [64], predicted_us = 1.0, bottleneck = global, max_regs = 32> {
  ^bb0(%arg2: tensor<64x48xf32>, %arg3: tensor<48x64xf32>):
    %5 = roller.load %arg2 : tensor<64x48xf32> -> !roller.tile<1x1xf32, register>
    %6 = roller.load %arg3 : tensor<48x64xf32> -> !roller.tile<1x1xf32, register>
    %7 = roller.compute ins(%5 : !roller.tile<1x1xf32, register>) inits(%6 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%arg4: f32, %arg5: f32):
      %9 = roller.index 0 : index
      %10 = arith.index_cast %9 : index to i32
      %11 = arith.sitofp %10 : i32 to f32
      %12 = arith.addf %arg4, %11 : f32
      roller.yield %12 : f32
    } -> !roller.tile<1x1xf32, register>
    %8 = roller.store %7 into %arg3 : !roller.tile<1x1xf32, register> into tensor<48x64xf32> 
    roller.yield %8 : tensor<48x64xf32>
  } -> tensor<48x64xf32>
  return %4 : tensor<48x64xf32>
}

// -----

// The consumer reads the result twice, transposed once: no one access
// names each epilogue loop's axis.
// CHECK-LABEL: func.func @two_maps
// CHECK-COUNT-2: roller.rprogram
func.func @two_maps(%arg0: tensor<64x32xf32>, %arg1: tensor<32x64xf32>) -> tensor<64x64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x64xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = roller.rprogram ins(%arg0, %arg1 : tensor<64x32xf32>, tensor<32x64xf32>) outs(%1 : tensor<64x64xf32>) config = <block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [64], predicted_us = 1.0, bottleneck = shared, max_regs = 48> {
  ^bb0(%arg2: tensor<64x32xf32>, %arg3: tensor<32x64xf32>, %arg4: tensor<64x64xf32>):
    %5 = roller.load %arg2 : tensor<64x32xf32> -> !roller.tile<8x8xf32, shared>
    %6 = roller.load %5 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %7 = roller.load %arg3 : tensor<32x64xf32> -> !roller.tile<8x8xf32, shared>
    %8 = roller.load %7 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %9 = roller.load %arg4 : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
    %10 = roller.compute ins(%6, %8 : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%9 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %12 = arith.mulf %arg5, %arg6 : f32
      %13 = arith.addf %arg7, %12 : f32
      roller.yield %13 : f32
    } -> !roller.tile<1x1xf32, register>
    %11 = roller.store %10 into %arg4 : !roller.tile<1x1xf32, register> into tensor<64x64xf32> 
    roller.yield %11 : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  %3 = tensor.empty() : tensor<64x64xf32>
  // expected-remark @+1 {{the consumer reads the result through two maps}}
  %4 = roller.rprogram ins(%2, %2 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%3 : tensor<64x64xf32>) config = <block = <shared, [8, 8]>, thread = <register, [1, 1]>, padding = [0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [64], predicted_us = 1.0, bottleneck = global, max_regs = 32> {
  ^bb0(%arg2: tensor<64x64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64x64xf32>):
    %5 = roller.load %arg2 : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
    %6 = roller.load %arg3 : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
    %7 = roller.load %arg4 : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
    %8 = roller.compute ins(%5, %6 : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%7 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %10 = arith.addf %arg5, %arg6 : f32
      roller.yield %10 : f32
    } -> !roller.tile<1x1xf32, register>
    %9 = roller.store %8 into %arg4 : !roller.tile<1x1xf32, register> into tensor<64x64xf32> 
    roller.yield %9 : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %4 : tensor<64x64xf32>
}

// -----

// The consumer broadcasts the result over a new leading loop: more loops
// than the producer's output has axes, and no reduction axis of the
// producer they run along (no row epilogue).
// CHECK-LABEL: func.func @broadcast
// CHECK-COUNT-2: roller.rprogram
func.func @broadcast(%arg0: tensor<64x32xf32>, %arg1: tensor<32x64xf32>) -> tensor<4x64x64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x64xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = roller.rprogram ins(%arg0, %arg1 : tensor<64x32xf32>, tensor<32x64xf32>) outs(%1 : tensor<64x64xf32>) config = <block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [64], predicted_us = 1.0, bottleneck = shared, max_regs = 48> {
  ^bb0(%arg2: tensor<64x32xf32>, %arg3: tensor<32x64xf32>, %arg4: tensor<64x64xf32>):
    %5 = roller.load %arg2 : tensor<64x32xf32> -> !roller.tile<8x8xf32, shared>
    %6 = roller.load %5 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %7 = roller.load %arg3 : tensor<32x64xf32> -> !roller.tile<8x8xf32, shared>
    %8 = roller.load %7 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %9 = roller.load %arg4 : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
    %10 = roller.compute ins(%6, %8 : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%9 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %12 = arith.mulf %arg5, %arg6 : f32
      %13 = arith.addf %arg7, %12 : f32
      roller.yield %13 : f32
    } -> !roller.tile<1x1xf32, register>
    %11 = roller.store %10 into %arg4 : !roller.tile<1x1xf32, register> into tensor<64x64xf32> 
    roller.yield %11 : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  %3 = tensor.empty() : tensor<4x64x64xf32>
  // expected-remark @+1 {{the consumer's loops beyond the producer's output do not follow its reduction axes}}
  %4 = roller.rprogram ins(%2 : tensor<64x64xf32>) outs(%3 : tensor<4x64x64xf32>) config = <block = <shared, [4, 1, 8]>, thread = <register, [1, 1, 1]>, padding = [0], vector_width = 4, stages = 1, threads = 32, grid = [512], predicted_us = 1.0, bottleneck = global, max_regs = 64> {
  ^bb0(%arg2: tensor<64x64xf32>, %arg3: tensor<4x64x64xf32>):
    %5 = roller.load %arg2 : tensor<64x64xf32> -> !roller.tile<1x8xf32, shared>
    %6 = roller.load %5 : !roller.tile<1x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %7 = roller.load %arg3 : tensor<4x64x64xf32> -> !roller.tile<1x1x1xf32, register>
    %8 = roller.compute ins(%6 : !roller.tile<1x1xf32, register>) inits(%7 : !roller.tile<1x1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} {
    ^bb0(%arg4: f32, %arg5: f32):
      roller.yield %arg4 : f32
    } -> !roller.tile<1x1x1xf32, register>
    %9 = roller.store %8 into %arg3 : !roller.tile<1x1x1xf32, register> into tensor<4x64x64xf32> 
    roller.yield %9 : tensor<4x64x64xf32>
  } -> tensor<4x64x64xf32>
  return %4 : tensor<4x64x64xf32>
}

// -----

// A row epilogue: the consumer divides each element of the row by the
// row's sum, reading the sum through a broadcast. The reduction's threads
// own their rows, so each walks its rows again after the sum: one rProgram
// whose epilogue runs along the reduction axis too (axes = [0, 1]), with the
// thread rTile's images as its register tiles; the row is read again.
// CHECK-LABEL: func.func @row_divide
// CHECK: %[[FILL:.*]] = linalg.fill
// CHECK: roller.rprogram ins(%arg0, %[[FILL]], %arg0 : {{.*}}) outs(%{{.*}} : tensor<32x64xf32>)
// CHECK: %[[SUM:.*]] = roller.compute {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: %[[X:.*]] = roller.load %{{.*}} : tensor<32x64xf32> -> !roller.tile<1x64xf32, register>
// CHECK: roller.compute ins(%[[X]], %[[SUM]] : !roller.tile<1x64xf32, register>, !roller.tile<1xf32, register>) {{.*}} attributes {axes = array<i64: 0, 1>
// CHECK: arith.divf
// CHECK-NOT: roller.rprogram
func.func @row_divide(%arg0: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<32xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32xf32>) -> tensor<32xf32>
  %2 = roller.rprogram ins(%arg0 : tensor<32x64xf32>) outs(%1 : tensor<32xf32>) config = <block = <shared, [32, 64]>, thread = <register, [1, 64]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [1], predicted_us = 0.9151999999999999, bottleneck = global, max_regs = 64> {
  ^bb0(%arg1: tensor<32x64xf32>, %arg2: tensor<32xf32>):
    %5 = roller.load %arg1 : tensor<32x64xf32> -> !roller.tile<1x64xf32, register>
    %6 = roller.load %arg2 : tensor<32xf32> -> !roller.tile<1xf32, register>
    %7 = roller.compute ins(%5 : !roller.tile<1x64xf32, register>) inits(%6 : !roller.tile<1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} {
    ^bb0(%arg3: f32, %arg4: f32):
      %9 = arith.addf %arg3, %arg4 : f32
      roller.yield %9 : f32
    } -> !roller.tile<1xf32, register>
    %8 = roller.store %7 into %arg2 : !roller.tile<1xf32, register> into tensor<32xf32> 
    roller.yield %8 : tensor<32xf32>
  } -> tensor<32xf32>
  %3 = tensor.empty() : tensor<32x64xf32>
  // expected-remark @+1 {{roller-fuse-epilogues: fused as the epilogue of the rProgram at}}
  %4 = roller.rprogram ins(%arg0, %2 : tensor<32x64xf32>, tensor<32xf32>) outs(%3 : tensor<32x64xf32>) config = <block = <shared, [8, 16]>, thread = <register, [1, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 128, grid = [16], predicted_us = 0.02904000000000000, bottleneck = global, max_regs = 32> {
  ^bb0(%arg1: tensor<32x64xf32>, %arg2: tensor<32xf32>, %arg3: tensor<32x64xf32>):
    %5 = roller.load %arg1 : tensor<32x64xf32> -> !roller.tile<8x16xf32, shared>
    %6 = roller.load %5 : !roller.tile<8x16xf32, shared> -> !roller.tile<1x1xf32, register>
    %7 = roller.load %arg2 : tensor<32xf32> -> !roller.tile<8xf32, shared>
    %8 = roller.load %7 : !roller.tile<8xf32, shared> -> !roller.tile<1xf32, register>
    %9 = roller.load %arg3 : tensor<32x64xf32> -> !roller.tile<1x1xf32, register>
    %10 = roller.compute ins(%6, %8 : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%9 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%arg4: f32, %arg5: f32, %arg6: f32):
      %12 = arith.divf %arg4, %arg5 : f32
      roller.yield %12 : f32
    } -> !roller.tile<1x1xf32, register>
    %11 = roller.store %10 into %arg3 : !roller.tile<1x1xf32, register> into tensor<32x64xf32> 
    roller.yield %11 : tensor<32x64xf32>
  } -> tensor<32x64xf32>
  return %4 : tensor<32x64xf32>
}

// -----

// The selection kept the consumer a kernel of its own (--roller-select
// unfuse-slower=1 marked it roller.unfused): the two rPrograms stay.
// REMARK: remark: roller-fuse-epilogues: not fused into the rProgram at loc("{{.*}}fuse-epilogues.mlir":[[#]]:{{[0-9]+}}): the selection predicted the two kernels faster than the fused one (roller.unfused)
// CHECK-LABEL: func.func @unfused
// CHECK: roller.rprogram
// CHECK: roller.rprogram {{.*}} attributes {roller.unfused}
func.func @unfused(%arg0: tensor<64x32xf32>, %arg1: tensor<32x64xf32>, %arg2: tensor<64xf32>) -> tensor<64x64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x64xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = roller.rprogram ins(%arg0, %arg1 : tensor<64x32xf32>, tensor<32x64xf32>) outs(%1 : tensor<64x64xf32>) config = <block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0], vector_width = 4, stages = 2, threads = 64, grid = [64], predicted_us = 1.0, bottleneck = shared, max_regs = 48> {
  ^bb0(%arg3: tensor<64x32xf32>, %arg4: tensor<32x64xf32>, %arg5: tensor<64x64xf32>):
    %4 = roller.load %arg3 : tensor<64x32xf32> -> !roller.tile<8x8xf32, shared>
    %5 = roller.load %4 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %6 = roller.load %arg4 : tensor<32x64xf32> -> !roller.tile<8x8xf32, shared>
    %7 = roller.load %6 : !roller.tile<8x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %8 = roller.load %arg5 : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
    %9 = roller.compute ins(%5, %7 : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%8 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %11 = arith.mulf %arg6, %arg7 : f32
      %12 = arith.addf %arg8, %11 : f32
      roller.yield %12 : f32
    } -> !roller.tile<1x1xf32, register>
    %10 = roller.store %9 into %arg5 : !roller.tile<1x1xf32, register> into tensor<64x64xf32> 
    roller.yield %10 : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  // expected-remark @+1 {{roller-fuse-epilogues: not fused into the rProgram at}}
  %3 = roller.rprogram ins(%2, %arg2 : tensor<64x64xf32>, tensor<64xf32>) outs(%0 : tensor<64x64xf32>) config = <block = <shared, [16, 8]>, thread = <register, [1, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 128, grid = [32], predicted_us = 1.0, bottleneck = global, max_regs = 32> attributes {roller.unfused} {
  ^bb0(%arg3: tensor<64x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x64xf32>):
    %4 = roller.load %arg3 : tensor<64x64xf32> -> !roller.tile<16x8xf32, shared>
    %5 = roller.load %4 : !roller.tile<16x8xf32, shared> -> !roller.tile<1x1xf32, register>
    %6 = roller.load %arg4 : tensor<64xf32> -> !roller.tile<8xf32, shared>
    %7 = roller.load %6 : !roller.tile<8xf32, shared> -> !roller.tile<1xf32, register>
    %8 = roller.load %arg5 : tensor<64x64xf32> -> !roller.tile<1x1xf32, register>
    %9 = roller.compute ins(%5, %7 : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%8 : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %11 = arith.addf %arg6, %arg7 : f32
      %12 = arith.maximumf %11, %cst : f32
      roller.yield %12 : f32
    } -> !roller.tile<1x1xf32, register>
    %10 = roller.store %9 into %arg5 : !roller.tile<1x1xf32, register> into tensor<64x64xf32> 
    roller.yield %10 : tensor<64x64xf32>
  } -> tensor<64x64xf32>
  return %3 : tensor<64x64xf32>
}
