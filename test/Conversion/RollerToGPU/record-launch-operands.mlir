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
