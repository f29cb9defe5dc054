// RUN: roller-opt %s --split-input-file --roller-outline-kernels | FileCheck %s

// Each kernel gets its launch's roller.config, and the config's max_regs as
// nvvm.maxnreg; launches match their kernels in order, so two launches of
// one function keep their own configs.
// CHECK-LABEL: func.func @two_launches(
// CHECK: gpu.launch_func @two_launches_kernel::@two_launches_kernel
// CHECK: gpu.launch_func @two_launches_kernel_0::@two_launches_kernel
// CHECK: gpu.module @two_launches_kernel {
// CHECK: gpu.func @two_launches_kernel({{.*}}) kernel attributes {
// CHECK-SAME: nvvm.maxnreg = 64 : i32
// CHECK-SAME: roller.config = #roller.config<{{.*}}threads = 64{{.*}}max_regs = 64>
// CHECK: gpu.module @two_launches_kernel_0 {
// CHECK: gpu.func @two_launches_kernel({{.*}}) kernel attributes {
// CHECK-SAME: nvvm.maxnreg = 168 : i32
// CHECK-SAME: roller.config = #roller.config<{{.*}}threads = 128{{.*}}max_regs = 168>
func.func @two_launches(%a: memref<256xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c64, %v = %c1, %w = %c1) {
    %v0 = memref.load %a[%tx] : memref<256xf32>
    %v1 = arith.addf %v0, %v0 : f32
    memref.store %v1, %a[%tx] : memref<256xf32>
    gpu.terminator
  } {roller.config = #roller.config<block = <shared, [64]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global, max_regs = 64>}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c128, %v = %c1, %w = %c1) {
    %v0 = memref.load %a[%tx] : memref<256xf32>
    %v1 = arith.mulf %v0, %v0 : f32
    memref.store %v1, %a[%tx] : memref<256xf32>
    gpu.terminator
  } {roller.config = #roller.config<block = <shared, [128]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 128, grid = [1], predicted_us = 1.0, bottleneck = global, max_regs = 168>}
  return
}

// -----

// A config without max_regs (a hand-written one) leaves the registers to
// ptxas; a launch without a config is outlined as upstream does it.
// CHECK-LABEL: func.func @no_cap(
// CHECK: gpu.func @no_cap_kernel({{.*}}) kernel attributes {
// CHECK-NOT: nvvm.maxnreg
// CHECK-SAME: roller.config = #roller.config<{{.*}}bottleneck = global>}
// CHECK: gpu.func @no_cap_kernel({{.*}}) kernel attributes {
// CHECK-NOT: nvvm.maxnreg
// CHECK-NOT: roller.config
// CHECK: gpu.return
func.func @no_cap(%a: memref<256xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c64, %v = %c1, %w = %c1) {
    %v0 = memref.load %a[%tx] : memref<256xf32>
    memref.store %v0, %a[%tx] : memref<256xf32>
    gpu.terminator
  } {roller.config = #roller.config<block = <shared, [64]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c64, %v = %c1, %w = %c1) {
    %v0 = memref.load %a[%tx] : memref<256xf32>
    memref.store %v0, %a[%tx] : memref<256xf32>
    gpu.terminator
  }
  return
}

// -----

// A kernel outlined before (here by hand) is left as it is; the launch next
// to it still gets its own config.
// (The existing module is printed before the function.)
// CHECK: gpu.module @existing {
// CHECK-NEXT: gpu.func @k({{.*}}) kernel {
// CHECK-LABEL: func.func @already_outlined(
// CHECK: gpu.launch_func @existing::@k
// CHECK: gpu.launch_func @already_outlined_kernel::@already_outlined_kernel
// CHECK: gpu.func @already_outlined_kernel({{.*}}) kernel attributes {
// CHECK-SAME: nvvm.maxnreg = 32 : i32
module attributes {gpu.container_module} {
  gpu.module @existing {
    gpu.func @k(%a: memref<256xf32>) kernel {
      gpu.return
    }
  }
  func.func @already_outlined(%a: memref<256xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @existing::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<256xf32>)
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
               threads(%tx, %ty, %tz) in (%u = %c64, %v = %c1, %w = %c1) {
      %v0 = memref.load %a[%tx] : memref<256xf32>
      memref.store %v0, %a[%tx] : memref<256xf32>
      gpu.terminator
    } {roller.config = #roller.config<block = <shared, [64]>, thread = <register, [1]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global, max_regs = 32>}
    return
  }
}
