// RUN: roller-opt %s --split-input-file --roller-tile="device=h200" --mlir-print-op-on-diagnostic=false 2>/dev/null | FileCheck %s
// RUN: roller-opt %s --split-input-file --roller-tile="device=h200" 2>/dev/null | roller-opt --split-input-file > /dev/null
// RUN: roller-opt %s --split-input-file --roller-tile="device=h200" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: roller-opt %s --split-input-file --roller-tile="device=h200 fuse-pads=false fuse-epilogues=false" 2>/dev/null | FileCheck %s --check-prefix=NOFUSE

// A matmul with the user's config: inputs staged in shared memory (padded
// as the config says), thread tiles in registers, the output's current value
// as the accumulator, the scalar body in roller.compute, and the store.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: tensor<256x64xf32>, %[[B:.*]]: tensor<64x256xf32>, %[[C:.*]]: tensor<256x256xf32>)
// CHECK: %[[R:.*]] = roller.rprogram ins(%[[A]], %[[B]] : tensor<256x64xf32>, tensor<64x256xf32>) outs(%[[C]] : tensor<256x256xf32>) config = <block = <shared, [64, 64, 16]>, thread = <register, [4, 4, 1]>, padding = [4, 0]
// CHECK-NEXT: ^bb0(%[[a:.*]]: tensor<256x64xf32>, %[[b:.*]]: tensor<64x256xf32>, %[[c:.*]]: tensor<256x256xf32>):
// CHECK-NEXT: %[[AS:.*]] = roller.load %[[a]] : tensor<256x64xf32> -> !roller.tile<64x16xf32, shared, padding = 4>
// CHECK-NEXT: %[[AR:.*]] = roller.load %[[AS]] : !roller.tile<64x16xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
// CHECK-NEXT: %[[BS:.*]] = roller.load %[[b]] : tensor<64x256xf32> -> !roller.tile<16x64xf32, shared>
// CHECK-NEXT: %[[BR:.*]] = roller.load %[[BS]] : !roller.tile<16x64xf32, shared> -> !roller.tile<1x4xf32, register>
// CHECK-NEXT: %[[CR:.*]] = roller.load %[[c]] : tensor<256x256xf32> -> !roller.tile<4x4xf32, register>
// CHECK-NEXT: %[[ACC:.*]] = roller.compute ins(%[[AR]], %[[BR]] : !roller.tile<4x1xf32, register>, !roller.tile<1x4xf32, register>) inits(%[[CR]] : !roller.tile<4x4xf32, register>) attributes {indexing_maps = [{{.*}}], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: roller.yield %{{.*}} : f32
// CHECK: %[[ST:.*]] = roller.store %[[ACC]] into %[[c]] : !roller.tile<4x4xf32, register> into tensor<256x256xf32>
// CHECK-NEXT: roller.yield %[[ST]] : tensor<256x256xf32>
// CHECK: return %[[R]]
// CHECK-NOT: linalg.matmul
func.func @matmul(%A: tensor<256x64xf32>, %B: tensor<64x256xf32>,
                  %C: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.matmul {roller.config = #roller.config<
          block = #roller.rtile<shared, [64, 64, 16]>,
          thread = #roller.rtile<register, [4, 4, 1]>, padding = [4, 0],
          vector_width = 4, stages = 2, threads = 256, grid = [16],
          predicted_us = 1.0, bottleneck = compute>}
      ins(%A, %B : tensor<256x64xf32>, tensor<64x256xf32>)
      outs(%C : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// Memref operands: the rprogram and its store return nothing.
// CHECK-LABEL: func.func @matmul_memref
// CHECK: roller.rprogram ins(%{{.*}}, %{{.*}} : memref<128x32xf32>, memref<32x64xf32>) outs(%{{.*}} : memref<128x64xf32>)
// CHECK: roller.store %{{.*}} into %{{.*}} : !roller.tile<{{.*}}, register> into memref<128x64xf32>
// CHECK-NOT: roller.yield %
// CHECK: return
func.func @matmul_memref(%A: memref<128x32xf32>, %B: memref<32x64xf32>,
                         %C: memref<128x64xf32>) {
  linalg.matmul ins(%A, %B : memref<128x32xf32>, memref<32x64xf32>)
                outs(%C : memref<128x64xf32>)
  return
}

// -----

// A stride-2 convolution: the input's shared tile is the rTile's image
// through 2 * oh + kh (4 output rows and 3 kernel rows read 9 input rows).
// CHECK-LABEL: func.func @conv_stride2
// CHECK: roller.load %{{.*}} : tensor<1x8x17x17xf32> -> !roller.tile<1x8x9x17xf32, shared, padding = 1>
// CHECK: -> !roller.tile<1x1x3x3xf32, register>
// CHECK: roller.load %{{.*}} : tensor<16x8x3x3xf32> -> !roller.tile<16x8x3x3xf32, shared>
// CHECK: -> !roller.tile<2x1x1x1xf32, register>
// CHECK: roller.load %{{.*}} : tensor<1x16x8x8xf32> -> !roller.tile<1x2x2x2xf32, register>
func.func @conv_stride2(%I: tensor<1x8x17x17xf32>, %F: tensor<16x8x3x3xf32>,
                        %O: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>,
          strides = dense<2> : tensor<2xi64>,
          roller.config = #roller.config<
            block = #roller.rtile<shared, [1, 16, 4, 8, 8, 3, 3]>,
            thread = #roller.rtile<register, [1, 2, 2, 2, 1, 1, 1]>,
            padding = [1, 0], vector_width = 1, stages = 1, threads = 64,
            grid = [2], predicted_us = 1.0, bottleneck = shared>}
      ins(%I, %F : tensor<1x8x17x17xf32>, tensor<16x8x3x3xf32>)
      outs(%O : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// A one-level schedule (staged = false): inputs go straight to registers.
// CHECK-LABEL: func.func @relu
// CHECK: roller.rprogram
// CHECK-NOT: {{roller.tile<[^>]*shared}}
// CHECK: roller.load %{{.*}} : tensor<4096xf32> -> !roller.tile<4xf32, register>
// CHECK: arith.maximumf
func.func @relu(%X: tensor<4096xf32>, %Y: tensor<4096xf32>) -> tensor<4096xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
          iterator_types = ["parallel"],
          roller.config = #roller.config<
            block = #roller.rtile<shared, [1024]>,
            thread = #roller.rtile<register, [4]>, padding = [0],
            vector_width = 4, stages = 1, staged = false, threads = 256,
            grid = [4], predicted_us = 1.0, bottleneck = global>}
      ins(%X : tensor<4096xf32>) outs(%Y : tensor<4096xf32>) {
  ^bb0(%x: f32, %y: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %x, %z : f32
    linalg.yield %m : f32
  } -> tensor<4096xf32>
  return %0 : tensor<4096xf32>
}

// -----

// A pooling window only gives its shape: it skips shared memory.
// CHECK-LABEL: func.func @pool
// CHECK: roller.load %{{.*}} : tensor<1x4x10x10xf32> -> !roller.tile<{{.*}}, shared>
// CHECK: roller.load %{{.*}} : tensor<3x3xf32> -> !roller.tile<3x3xf32, register>
func.func @pool(%I: tensor<1x4x10x10xf32>, %W: tensor<3x3xf32>,
                %O: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %0 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>,
          strides = dense<1> : tensor<2xi64>,
          roller.config = #roller.config<
            block = #roller.rtile<shared, [1, 4, 8, 8, 3, 3]>,
            thread = #roller.rtile<register, [1, 1, 1, 2, 3, 3]>,
            padding = [0, 0], vector_width = 1, stages = 1, threads = 128,
            grid = [1], predicted_us = 1.0, bottleneck = global>}
      ins(%I, %W : tensor<1x4x10x10xf32>, tensor<3x3xf32>)
      outs(%O : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

// Without a config, --roller-tile selects one first, then rewrites.
// CHECK-LABEL: func.func @selected
// CHECK: roller.rprogram {{.*}} config = <block = <shared, [{{.*}}]>, thread = <register, [{{.*}}]>
// CHECK: roller.compute
// CHECK-NOT: linalg.matmul
func.func @selected(%A: tensor<512x512xf32>, %B: tensor<512x512xf32>,
                    %C: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<512x512xf32>, tensor<512x512xf32>)
                     outs(%C : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}

// -----

// Ops Roller cannot model stay as they are (and valid).
// CHECK-LABEL: func.func @dynamic
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<?x64xf32>, tensor<64x64xf32>)
// CHECK-NOT: roller.rprogram
func.func @dynamic(%A: tensor<?x64xf32>, %B: tensor<64x64xf32>,
                   %C: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<?x64xf32>, tensor<64x64xf32>)
                     outs(%C : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}

// -----

// A reduction that keeps its reduced axis (PyTorch's keepdim, torch-mlir's
// output map with a constant 0) loses it first (roller-drop-keepdim-units):
// the rProgram writes a 64-element tensor, expanded to 64x1 after it. With
// fuse-epilogues=false it keeps it: the accumulator tile has extent 1 there.
// CHECK-LABEL: func.func @sum_keepdim
// CHECK: %[[S:.*]] = roller.rprogram ins(%{{.*}} : tensor<64x128xf32>) outs(%{{.*}} : tensor<64xf32>)
// CHECK: tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [64, 1]
// NOFUSE: #[[KEEP:.+]] = affine_map<(d0, d1) -> (d0, 0)>
// NOFUSE-LABEL: func.func @sum_keepdim
// NOFUSE: roller.rprogram
// NOFUSE: roller.compute {{.*}} inits(%{{.*}} : !roller.tile<{{[0-9]+}}x1xf32, register>) attributes {indexing_maps = [#{{[a-z0-9]+}}, #[[KEEP]]], iterator_types = ["parallel", "reduction"]}
func.func @sum_keepdim(%x: tensor<64x128xf32>, %o: tensor<64x1xf32>) -> tensor<64x1xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x128xf32>) outs(%o : tensor<64x1xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<64x1xf32>
  return %0 : tensor<64x1xf32>
}

// -----

// Rank-0 operands (the bounds of torch-mlir's ReLU6) are one-element views
// read at index 0; a rank-0 memref the same.
// CHECK: #[[ZERO:.+]] = affine_map<(d0, d1) -> (0)>
// CHECK-LABEL: func.func @clamp
// CHECK-SAME: (%[[X:.*]]: tensor<64x128xf32>, %[[LO:.*]]: tensor<f32>, %[[HI:.*]]: tensor<f32>
// CHECK-DAG: %[[L1:.*]] = tensor.expand_shape %[[LO]] [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK-DAG: %[[H1:.*]] = tensor.expand_shape %[[HI]] [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK: roller.rprogram ins(%[[X]], %[[L1]], %[[H1]] : tensor<64x128xf32>, tensor<1xf32>, tensor<1xf32>)
// CHECK: indexing_maps = [#{{[a-z0-9]+}}, #[[ZERO]], #[[ZERO]], #{{[a-z0-9]+}}]
func.func @clamp(%x: tensor<64x128xf32>, %lo: tensor<f32>, %hi: tensor<f32>, %o: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>,
                                        affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %lo, %hi : tensor<64x128xf32>, tensor<f32>, tensor<f32>) outs(%o : tensor<64x128xf32>) {
  ^bb0(%a: f32, %l: f32, %h: f32, %b: f32):
    %m = arith.maximumf %a, %l : f32
    %n = arith.minimumf %m, %h : f32
    linalg.yield %n : f32
  } -> tensor<64x128xf32>
  return %0 : tensor<64x128xf32>
}

// CHECK-LABEL: func.func @scale_memref
// CHECK: %[[S1:.*]] = memref.expand_shape %{{.*}} [] output_shape [1] : memref<f32> into memref<1xf32>
// CHECK: roller.rprogram ins(%{{.*}}, %[[S1]] : memref<256xf32>, memref<1xf32>)
func.func @scale_memref(%x: memref<256xf32>, %s: memref<f32>, %o: memref<256xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%x, %s : memref<256xf32>, memref<f32>) outs(%o : memref<256xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A body that reads its iteration indices: linalg.index becomes
// roller.index (the operator's index, not the tile's) in roller.compute.
// CHECK-LABEL: func.func @uses_index
// CHECK: roller.compute
// CHECK: %[[I:.*]] = roller.index 0 : index
// CHECK: arith.index_cast %[[I]] : index to i32
// CHECK-NOT: linalg.index
func.func @uses_index(%O: tensor<64xf32>) -> tensor<64xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      outs(%O : tensor<64xf32>) {
  ^bb0(%y: f32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    %f = arith.sitofp %c : i32 to f32
    linalg.yield %f : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// A fill that is not only some op's initial value (here the padded tensor a
// decomposed pad copies into) is an operator of its own: its value is read
// as a one-element constant tensor.
// CHECK-LABEL: func.func @fill
// CHECK: %[[V:.*]] = arith.constant dense<1.500000e+00> : tensor<f32>
// CHECK: %[[V1:.*]] = tensor.expand_shape %[[V]] [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK: roller.rprogram ins(%[[V1]] : tensor<1xf32>)
func.func @fill(%o: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<8x8xf32>) {
  %c = arith.constant 1.5 : f32
  %0 = linalg.fill ins(%c : f32) outs(%o : tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = tensor.extract_slice %0[0, 0] [8, 8] [1, 1] : tensor<64x64xf32> to tensor<8x8xf32>
  return %0, %1 : tensor<64x64xf32>, tensor<8x8xf32>
}

// -----

// A scalar that is not a constant is put in a tensor where it is.
// CHECK-LABEL: func.func @scalar_input
// CHECK: %[[T:.*]] = tensor.from_elements %{{.*}} : tensor<f32>
// CHECK: tensor.expand_shape %[[T]] [] output_shape [1]
// CHECK: roller.rprogram
func.func @scalar_input(%s: f32, %O: tensor<64xf32>) -> tensor<64xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> ()>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%s : f32) outs(%O : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.addf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// A pad some other op reads (here the return) is decomposed first
// (roller-tensor-ops-to-linalg): the fill and the copy into the interior
// both become rPrograms.
// CHECK-LABEL: func.func @padded
// CHECK-NOT: tensor.pad
// CHECK: roller.rprogram
// CHECK: tensor.extract_slice
// CHECK: roller.rprogram
// CHECK: tensor.insert_slice
func.func @padded(%x: tensor<4x8xf32>) -> tensor<4x10xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x8xf32> to tensor<4x10xf32>
  return %p : tensor<4x10xf32>
}

// -----

// A pad a convolution reads stays a pad, read through by the convolution's
// rProgram: one rProgram, no fill or copy of the padded tensor. With
// fuse-pads=false (NOFUSE) it is computed by two rPrograms of its own.
// Its staging copy is not issued ahead (no cp.async pipeline): the config
// has one stage.
// CHECK-LABEL: func.func @conv_reads_pad
// CHECK: %[[P:.*]] = tensor.pad
// CHECK: roller.rprogram ins(%[[P]], {{.*}} stages = 1,
// CHECK-NOT: roller.rprogram
// CHECK: return
// NOFUSE-LABEL: func.func @conv_reads_pad
// NOFUSE-NOT: tensor.pad
// NOFUSE-COUNT-3: roller.rprogram
// NOFUSE: return
// REMARK: remark: roller-tile: pad fused into the loads of its 1 consumer(s)
func.func @conv_reads_pad(%x: tensor<1x2x8x8xf32>, %w: tensor<4x2x3x3xf32>,
                          %init: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%n: index, %c: index, %h: index, %v: index):
    tensor.yield %zero : f32
  } : tensor<1x2x8x8xf32> to tensor<1x2x10x10xf32>
  %r = linalg.conv_2d_nchw_fchw
         {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%p, %w : tensor<1x2x10x10xf32>, tensor<4x2x3x3xf32>)
         outs(%init : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  return %r : tensor<1x4x8x8xf32>
}

// -----

// An f16 NHWC convolution is a matmul of its gathered patches (an implicit
// GEMM). Its 128 channels make runs of 8 contiguous halves, which the
// staging copies as linalg.copys, issued ahead as cp.async: the config has
// the device's stages (2 on h200) for a block that walks K = 1152 in 6
// steps (with 64 channels, a whole-K block of one step, one buffer, ties
// on predicted time and is chosen). With 33 channels (no run of 2 divides
// them) the patches are gathered an element at a time, which is not issued
// ahead: one stage, although the block walks K = 297 in several steps.
// CHECK-LABEL: func.func @implicit_gemm_in_runs
// CHECK: roller.rprogram
// CHECK-SAME: block = <shared, [64, 64, 192]>
// CHECK-SAME: stages = 2,
func.func @implicit_gemm_in_runs(%x: tensor<8x30x30x128xf16>, %w: tensor<3x3x128x64xf16>) -> tensor<8x28x28x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x28x28x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x28x28x64xf32>) -> tensor<8x28x28x64xf32>
  %r = linalg.conv_2d_nhwc_hwcf
         {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<8x30x30x128xf16>, tensor<3x3x128x64xf16>)
         outs(%init : tensor<8x28x28x64xf32>) -> tensor<8x28x28x64xf32>
  return %r : tensor<8x28x28x64xf32>
}

// ResNet's 56x56x64 3x3 layer: blocks of 64 x 32 x 576 and 32 x 64 x 576
// predict the same time (3.27 us), but the first gathers every patch twice
// (N = 64 in two blocks): the ranking takes the block that gathers once.
// CHECK-LABEL: func.func @implicit_gemm_gathers_once
// CHECK: roller.rprogram
// CHECK-SAME: block = <shared, [32, 64, 576]>
func.func @implicit_gemm_gathers_once(%x: tensor<1x58x58x64xf16>, %w: tensor<3x3x64x64xf16>) -> tensor<1x56x56x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x56x56x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  %r = linalg.conv_2d_nhwc_hwcf
         {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<1x58x58x64xf16>, tensor<3x3x64x64xf16>)
         outs(%init : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  return %r : tensor<1x56x56x64xf32>
}

// A K-step below K = 297 (several steps, where two stages could pipeline),
// and one stage.
// CHECK-LABEL: func.func @implicit_gemm_by_element
// CHECK: roller.rprogram
// CHECK-SAME: block = <shared, [{{[0-9]+}}, {{[0-9]+}}, {{([0-9]?[0-9]|1[0-9][0-9]|2[0-8][0-9]|29[0-6])}}]>
// CHECK-SAME: stages = 1,
func.func @implicit_gemm_by_element(%x: tensor<8x30x30x33xf16>, %w: tensor<3x3x33x64xf16>) -> tensor<8x28x28x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x28x28x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x28x28x64xf32>) -> tensor<8x28x28x64xf32>
  %r = linalg.conv_2d_nhwc_hwcf
         {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%x, %w : tensor<8x30x30x33xf16>, tensor<3x3x33x64xf16>)
         outs(%init : tensor<8x28x28x64xf32>) -> tensor<8x28x28x64xf32>
  return %r : tensor<8x28x28x64xf32>
}

// -----

// REMARK: remark: roller-tile: pad not fused into its consumers: 'func.return' reads it, which is not a linalg op
func.func @pad_not_fused(%x: tensor<4x8xf32>) -> tensor<4x10xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x8xf32> to tensor<4x10xf32>
  return %p : tensor<4x10xf32>
}

// -----

// Pads their consumers cannot read through are decomposed, each with the
// reason: a padding value that is not a constant, and a sum whose reduced
// loop only the padded operand sizes.
// REMARK: remark: roller-tile: pad not fused into its consumers: its padding value is not a constant
// REMARK: remark: roller-tile: pad not fused into its consumers: a consumer's loops are sized by the padded operand alone
func.func @pads_not_readable(%x: tensor<4x8xf32>, %v: f32, %init: tensor<4xf32>) -> (tensor<4x10xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<4x8xf32> to tensor<4x10xf32>
  %e = tensor.empty() : tensor<4x10xf32>
  %c = linalg.copy ins(%p : tensor<4x10xf32>) outs(%e : tensor<4x10xf32>) -> tensor<4x10xf32>
  %q = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x8xf32> to tensor<4x10xf32>
  %r = linalg.reduce ins(%q : tensor<4x10xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  return %c, %r : tensor<4x10xf32>, tensor<4xf32>
}

// -----

// A linear layer as torch-mlir exports it, its result expanded to (batch,
// seq, features) before the bias add and ReLU: the add and the ReLU
// collapse to read the matmul's result (roller-collapse-through-reshapes),
// fuse into one op, and become the matmul's epilogue: one rProgram, the
// expansion after it. Without epilogue fusion the chain is a second one.
// CHECK-LABEL: func.func @linear_expanded
// CHECK: %[[R:.*]] = roller.rprogram ins({{.*}} : tensor<32x64xf32>, tensor<64x128xf32>, tensor<32x128xf32>, tensor<128xf32>) outs(%{{.*}} : tensor<32x128xf32>)
// CHECK: arith.maximumf
// CHECK: tensor.expand_shape %[[R]] {{\[}}[0, 1], [2]] output_shape [2, 16, 128]
// CHECK-NOT: roller.rprogram
// NOFUSE-LABEL: func.func @linear_expanded
// NOFUSE-COUNT-2: roller.rprogram
func.func @linear_expanded(%x: tensor<32x64xf32>, %w: tensor<64x128xf32>, %b: tensor<128xf32>) -> tensor<2x16x128xf32> {
  %zero = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<32x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<32x128xf32>) -> tensor<32x128xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x128xf32>) outs(%f : tensor<32x128xf32>) -> tensor<32x128xf32>
  %e = tensor.expand_shape %mm [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
  %o = tensor.empty() : tensor<2x16x128xf32>
  %add = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e, %b : tensor<2x16x128xf32>, tensor<128xf32>) outs(%o : tensor<2x16x128xf32>) {
    ^bb0(%a: f32, %c: f32, %out: f32):
      %s = arith.addf %a, %c : f32
      linalg.yield %s : f32
  } -> tensor<2x16x128xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                          iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%add : tensor<2x16x128xf32>) outs(%o : tensor<2x16x128xf32>) {
    ^bb0(%a: f32, %out: f32):
      %m = arith.maximumf %a, %zero : f32
      linalg.yield %m : f32
  } -> tensor<2x16x128xf32>
  return %relu : tensor<2x16x128xf32>
}
