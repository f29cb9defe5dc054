// RUN: roller-opt %s --split-input-file --roller-tensor-ops-to-linalg | FileCheck %s
// RUN: roller-opt %s --split-input-file --roller-tensor-ops-to-linalg="fuse-pads=true" | FileCheck %s --check-prefix=FUSE

// A constant pad: the padded tensor filled, the source copied into its
// interior through the matching extract_slice/insert_slice pair.
// CHECK-LABEL: func.func @constant_pad
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x8x8xf32>)
// CHECK: arith.constant 0.000000e+00 : f32
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3x10x10xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<2x3x10x10xf32>)
// CHECK: %[[S:.*]] = tensor.extract_slice %[[F]][0, 0, 1, 1] [2, 3, 8, 8] [1, 1, 1, 1]
// CHECK: %[[C:.*]] = linalg.copy ins(%[[X]] : tensor<2x3x8x8xf32>) outs(%[[S]] : tensor<2x3x8x8xf32>)
// CHECK: %[[P:.*]] = tensor.insert_slice %[[C]] into %[[F]][0, 0, 1, 1] [2, 3, 8, 8] [1, 1, 1, 1]
// CHECK: return %[[P]]
func.func @constant_pad(%x: tensor<2x3x8x8xf32>) -> tensor<2x3x10x10xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%n: index, %c: index, %h: index, %w: index):
    tensor.yield %zero : f32
  } : tensor<2x3x8x8xf32> to tensor<2x3x10x10xf32>
  return %p : tensor<2x3x10x10xf32>
}

// -----

// Dynamic shapes are left alone.
// CHECK-LABEL: func.func @dynamic_pad
// CHECK: tensor.pad
func.func @dynamic_pad(%x: tensor<?x8xf32>) -> tensor<?x10xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<?x8xf32> to tensor<?x10xf32>
  return %p : tensor<?x10xf32>
}

// -----

// A generator: a linalg.generic whose body reads its indices.
// CHECK-LABEL: func.func @iota
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x5xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<4x5xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: arith.addi %[[I]], %[[J]] : index
// CHECK-NOT: tensor.generate
func.func @iota() -> tensor<4x5xf32> {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    tensor.yield %f : f32
  } : tensor<4x5xf32>
  return %t : tensor<4x5xf32>
}

// -----

// With fuse-pads, a pad every user of which is an input of a linalg op
// Roller schedules stays a pad: the consumers' rPrograms read through it.
// FUSE-LABEL: func.func @conv_reads_pad
// FUSE: %[[P:.*]] = tensor.pad
// FUSE: linalg.conv_2d_nchw_fchw {{.*}} ins(%[[P]],
// FUSE-NOT: linalg.copy
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

// A pad some other op reads (here the return) is computed: decomposed.
// FUSE-LABEL: func.func @pad_returned
// FUSE-NOT: tensor.pad
// FUSE: linalg.copy
func.func @pad_returned(%x: tensor<4x8xf32>) -> (tensor<4x10xf32>, tensor<4x10xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x8xf32> to tensor<4x10xf32>
  %e = tensor.empty() : tensor<4x10xf32>
  %r = linalg.copy ins(%p : tensor<4x10xf32>) outs(%e : tensor<4x10xf32>) -> tensor<4x10xf32>
  return %p, %r : tensor<4x10xf32>, tensor<4x10xf32>
}

// -----

// A padding value that is not a constant, and a sum whose reduced loop only
// the padded operand sizes (reading it in the body would leave the loop
// without an extent): both decomposed.
// FUSE-LABEL: func.func @not_readable
// FUSE-NOT: tensor.pad
// FUSE-LABEL: func.func @sized_by_pad
// FUSE-NOT: tensor.pad
func.func @not_readable(%x: tensor<4x8xf32>, %v: f32) -> tensor<4x10xf32> {
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<4x8xf32> to tensor<4x10xf32>
  %e = tensor.empty() : tensor<4x10xf32>
  %r = linalg.copy ins(%p : tensor<4x10xf32>) outs(%e : tensor<4x10xf32>) -> tensor<4x10xf32>
  return %r : tensor<4x10xf32>
}
func.func @sized_by_pad(%x: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x8xf32> to tensor<4x10xf32>
  %r = linalg.reduce ins(%p : tensor<4x10xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}

// -----

// A pad of an empty source (found by the fuzzer's seed 10 run: the interior
// slices at offset 0 of a size-0 dimension failed their verifiers) is left
// as it is.
// CHECK-LABEL: func.func @pad_empty_source
// CHECK: tensor.pad
// CHECK-NOT: linalg.copy
// FUSE-LABEL: func.func @pad_empty_source
// FUSE: tensor.pad
func.func @pad_empty_source(%x: tensor<0x8xf32>) -> tensor<0x10xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<0x8xf32> to tensor<0x10xf32>
  return %p : tensor<0x10xf32>
}

// -----

// torch.cat: the result's tensor.empty and, per input, a linalg.copy into
// its slice (at channel offsets 0 and 16), each inserted back: both copies
// write the result's buffer in place.
// CHECK-LABEL: func.func @concat
// CHECK-SAME: (%[[A:.*]]: tensor<2x16x4x4xf32>, %[[B:.*]]: tensor<2x8x4x4xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x24x4x4xf32>
// CHECK: %[[SA:.*]] = tensor.extract_slice %[[E]][0, 0, 0, 0] [2, 16, 4, 4] [1, 1, 1, 1]
// CHECK: %[[CA:.*]] = linalg.copy ins(%[[A]] : tensor<2x16x4x4xf32>) outs(%[[SA]] : tensor<2x16x4x4xf32>)
// CHECK: %[[IA:.*]] = tensor.insert_slice %[[CA]] into %[[E]][0, 0, 0, 0] [2, 16, 4, 4] [1, 1, 1, 1]
// CHECK: %[[SB:.*]] = tensor.extract_slice %[[IA]][0, 16, 0, 0] [2, 8, 4, 4] [1, 1, 1, 1]
// CHECK: %[[CB:.*]] = linalg.copy ins(%[[B]] : tensor<2x8x4x4xf32>) outs(%[[SB]] : tensor<2x8x4x4xf32>)
// CHECK: %[[IB:.*]] = tensor.insert_slice %[[CB]] into %[[IA]][0, 16, 0, 0] [2, 8, 4, 4] [1, 1, 1, 1]
// CHECK: return %[[IB]]
// CHECK-NOT: tensor.concat
func.func @concat(%a: tensor<2x16x4x4xf32>, %b: tensor<2x8x4x4xf32>) -> tensor<2x24x4x4xf32> {
  %c = tensor.concat dim(1) %a, %b : (tensor<2x16x4x4xf32>, tensor<2x8x4x4xf32>) -> tensor<2x24x4x4xf32>
  return %c : tensor<2x24x4x4xf32>
}

// -----

// A dynamic input or a zero-size one: left a concat.
// CHECK-LABEL: func.func @concat_left
// CHECK: tensor.concat dim(0)
// CHECK: tensor.concat dim(1)
func.func @concat_left(%a: tensor<?x4xf32>, %b: tensor<2x4xf32>, %z: tensor<2x0xf32>) -> (tensor<?x4xf32>, tensor<2x4xf32>) {
  %c = tensor.concat dim(0) %a, %b : (tensor<?x4xf32>, tensor<2x4xf32>) -> tensor<?x4xf32>
  %d = tensor.concat dim(1) %b, %z : (tensor<2x4xf32>, tensor<2x0xf32>) -> tensor<2x4xf32>
  return %c, %d : tensor<?x4xf32>, tensor<2x4xf32>
}

// -----

// A splat of a value known only at run time: a fill of an empty tensor (a
// kernel, which the bufferized tensor.splat would be a host loop instead).
// CHECK-LABEL: func.func @splat
// CHECK-SAME: (%[[V:.*]]: f32)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[V]] : f32) outs(%[[E]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: return %[[F]]
func.func @splat(%v: f32) -> tensor<4x8xf32> {
  %s = tensor.splat %v : tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

// A splat of dynamic shape stays (dynamic shapes are not supported).
// CHECK-LABEL: func.func @splat_dynamic
// CHECK: tensor.splat %{{.*}}[%{{.*}}] : tensor<?x8xf32>
func.func @splat_dynamic(%v: f32, %n: index) -> tensor<?x8xf32> {
  %s = tensor.splat %v[%n] : tensor<?x8xf32>
  return %s : tensor<?x8xf32>
}
