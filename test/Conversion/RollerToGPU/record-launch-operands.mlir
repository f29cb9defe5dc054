// RUN: roller-opt %s --split-input-file --roller-record-launch-operands | FileCheck %s

// Per launch, in walk order: the kernel and each operand's type; a memref
// also says which argument of the host function it is (-1: a temporary)
// and the alignment the kernels assume of it.
// CHECK: module attributes {gpu.container_module, roller.launch_operands = [
// CHECK-SAME: {kernel = "@k::@scale", operands = [
// CHECK-SAME: {align = 16 : i64, func_arg = 1 : i64, type = memref<64xf32>},
// CHECK-SAME: {align = 16 : i64, func_arg = -1 : i64, type = memref<64xf32, strided<[1], offset: 8>>},
// CHECK-SAME: {type = f32}]},
// CHECK-SAME: {kernel = "@k::@scale", operands = [
// CHECK-SAME: {align = 16 : i64, func_arg = 0 : i64, type = memref<64xf32>}
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @scale(%a: memref<64xf32>, %b: memref<64xf32, strided<[1], offset: 8>>, %s: f32) kernel {
      gpu.return
    }
  }
  func.func @host(%x: memref<64xf32>, %y: memref<64xf32>, %big: memref<72xf32>) {
    %c1 = arith.constant 1 : index
    %s = arith.constant 2.0 : f32
    %view = memref.subview %big[8] [64] [1] : memref<72xf32> to memref<64xf32, strided<[1], offset: 8>>
    gpu.launch_func @k::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%y : memref<64xf32>, %view : memref<64xf32, strided<[1], offset: 8>>, %s : f32)
    %tmp = memref.alloc() : memref<72xf32>
    %tview = memref.subview %tmp[8] [64] [1] : memref<72xf32> to memref<64xf32, strided<[1], offset: 8>>
    gpu.launch_func @k::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%x : memref<64xf32>, %tview : memref<64xf32, strided<[1], offset: 8>>, %s : f32)
    return
  }
}

// -----

// A module without launches records an empty list (a later launch
// description then has nothing to describe).
// CHECK: module attributes {roller.launch_operands = []}
module {
}

// -----

// A reshape of an argument, or of its device copy, is that argument's
// buffer (the same elements in the same order): a reduction's input
// collapsed along its reduction loops. A subview is not (it starts
// elsewhere or skips elements).
// CHECK: roller.launch_operands = [
// CHECK-SAME: {kernel = "@k::@sum", operands = [
// CHECK-SAME: {align = 16 : i64, func_arg = 0 : i64, type = memref<4x63xf32>},
// CHECK-SAME: {align = 16 : i64, func_arg = 1 : i64, type = memref<4x1xf32>}]}
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @sum(%a: memref<4x63xf32>, %b: memref<4x1xf32>) kernel {
      gpu.return
    }
  }
  func.func @host(%x: memref<4x7x9xf32>, %y: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %dev = gpu.alloc () : memref<4x7x9xf32>
    gpu.memcpy %dev, %x : memref<4x7x9xf32>, memref<4x7x9xf32>
    %flat = memref.collapse_shape %dev [[0], [1, 2]] : memref<4x7x9xf32> into memref<4x63xf32>
    %out = memref.expand_shape %y [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    gpu.launch_func @k::@sum blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%flat : memref<4x63xf32>, %out : memref<4x1xf32>)
    return
  }
}
