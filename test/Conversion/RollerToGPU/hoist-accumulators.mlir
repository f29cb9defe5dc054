// RUN: roller-opt %s --split-input-file --roller-hoist-accumulators | FileCheck %s

// A thread's 8x4 output tile, read and written by the compute step on every
// reduction step, moves into a private buffer for the whole loop: one copy
// in before it, one copy out after it.

// CHECK-LABEL: func.func @accumulator
// CHECK: gpu.launch
// CHECK-NEXT: %[[REGS:.*]] = memref.alloca() : memref<8x4xf32>
// CHECK: %[[TILE:.*]] = memref.subview %{{.*}}[%{{.*}}, %{{.*}}] [8, 4] [1, 1]
// CHECK: linalg.copy ins(%[[TILE]] : {{.*}}) outs(%[[REGS]] : memref<8x4xf32>)
// CHECK: scf.for
// CHECK-NOT: outs(%[[TILE]] :
// CHECK: linalg.generic {{.*}} outs(%[[REGS]] : memref<8x4xf32>)
// CHECK: linalg.yield
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: linalg.copy ins(%[[REGS]] : memref<8x4xf32>) outs(%[[TILE]] : {{.*}})
// CHECK-NEXT: gpu.terminator
#mapA = affine_map<(d0, d1, d2) -> (d0, d2)>
#mapB = affine_map<(d0, d1, d2) -> (d2, d1)>
#mapC = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @accumulator(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = arith.muli %tx, %c4 : index
    %tile = memref.subview %C[%i, %i] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
    scf.for %k = %c0 to %c64 step %c4 {
      %a = memref.subview %A[%i, %k] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
      %b = memref.subview %B[%k, %i] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf32, strided<[64, 1], offset: ?>>
      linalg.generic {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %b : memref<8x4xf32, strided<[64, 1], offset: ?>>, memref<4x4xf32, strided<[64, 1], offset: ?>>)
          outs(%tile : memref<8x4xf32, strided<[64, 1], offset: ?>>) {
      ^bb0(%x: f32, %y: f32, %acc: f32):
        %m = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %m : f32
        linalg.yield %s : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// Only written in the loop (nothing accumulates): left as it is.

// CHECK-LABEL: func.func @write_only
// CHECK-NOT: memref.alloca
// CHECK: scf.for
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref<8x4xf32, strided<[64, 1], offset: ?>>)
func.func @write_only(%C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = arith.muli %tx, %c4 : index
    %tile = memref.subview %C[%i, %i] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
    scf.for %k = %c0 to %c64 step %c4 {
      linalg.fill ins(%zero : f32) outs(%tile : memref<8x4xf32, strided<[64, 1], offset: ?>>)
    }
    gpu.terminator
  }
  return
}

// -----

// Another view of the same buffer is read in the loop: the private copy
// could hide the writes from it, so nothing moves.

// CHECK-LABEL: func.func @aliased
// CHECK-NOT: memref.alloca
// CHECK: scf.for
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : memref<8x4xf32, strided<[64, 1], offset: ?>>)
func.func @aliased(%C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = arith.muli %tx, %c4 : index
    %tile = memref.subview %C[%i, %i] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
    scf.for %k = %c0 to %c64 step %c4 {
      %other = memref.subview %C[%k, 0] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          ins(%other : memref<8x4xf32, strided<[64, 1], offset: ?>>)
          outs(%tile : memref<8x4xf32, strided<[64, 1], offset: ?>>) {
      ^bb0(%x: f32, %acc: f32):
        %s = arith.addf %acc, %x : f32
        linalg.yield %s : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// 64x32 elements do not fit in a thread's registers: left in memory.

// CHECK-LABEL: func.func @too_large
// CHECK-NOT: memref.alloca
func.func @too_large(%C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %tile = memref.subview %C[0, 0] [64, 32] [1, 1] : memref<64x64xf32> to memref<64x32xf32, strided<[64, 1]>>
    scf.for %k = %c0 to %c64 step %c4 {
      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          outs(%tile : memref<64x32xf32, strided<[64, 1]>>) {
      ^bb0(%acc: f32):
        %s = arith.addf %acc, %acc : f32
        linalg.yield %s : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// A call in the loop could touch the buffer: nothing moves.

// CHECK-LABEL: func.func @call
// CHECK-NOT: memref.alloca
func.func private @opaque()
func.func @call(%C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %tile = memref.subview %C[0, 0] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1]>>
    scf.for %k = %c0 to %c64 step %c4 {
      func.call @opaque() : () -> ()
      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          outs(%tile : memref<8x4xf32, strided<[64, 1]>>) {
      ^bb0(%acc: f32):
        %s = arith.addf %acc, %acc : f32
        linalg.yield %s : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// Loops outside a gpu.launch are the CPU's business: untouched.

// CHECK-LABEL: func.func @host_loop
// CHECK-NOT: memref.alloca
func.func @host_loop(%C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %tile = memref.subview %C[0, 0] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1]>>
  scf.for %k = %c0 to %c64 step %c4 {
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        outs(%tile : memref<8x4xf32, strided<[64, 1]>>) {
    ^bb0(%acc: f32):
      %s = arith.addf %acc, %acc : f32
      linalg.yield %s : f32
    }
  }
  return
}

// -----

// An epilogue after the loop reads the thread's tile again (through a
// subview recomputed from the thread id): it reads the private buffer, the
// accumulators stay in registers. A read after a store is not forwarded.

// CHECK-LABEL: func.func @epilogue
// CHECK: %[[REGS:.*]] = memref.alloca() : memref<8x4xf32>
// CHECK: scf.for
// CHECK: linalg.copy ins(%[[REGS]] : memref<8x4xf32>) outs(%[[TILE:.*]] : {{.*}})
// CHECK: linalg.generic {{.*}} ins(%[[REGS]], %{{.*}} : memref<8x4xf32>, memref<4xf32, {{.*}}>) outs(%[[OUT:.*]] : {{.*}})
// CHECK: linalg.generic {{.*}} ins(%[[TILE2:subview[_0-9]*]] : {{.*}}) outs(%[[OUT]] :
func.func @epilogue(%A: memref<64x64xf32>, %C: memref<64x64xf32>, %bias: memref<64xf32>, %O: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %t0 = gpu.thread_id x
    %i = arith.muli %t0, %c4 : index
    %tile = memref.subview %C[%i, %i] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
    scf.for %k = %c0 to %c64 step %c4 {
      %a = memref.subview %A[%i, %k] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          ins(%a : memref<8x4xf32, strided<[64, 1], offset: ?>>)
          outs(%tile : memref<8x4xf32, strided<[64, 1], offset: ?>>) {
      ^bb0(%x: f32, %acc: f32):
        %s = arith.addf %acc, %x : f32
        linalg.yield %s : f32
      }
    }
    %t1 = gpu.thread_id x
    %j = arith.muli %t1, %c4 : index
    %again = memref.subview %C[%j, %j] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
    %b = memref.subview %bias[%j] [4] [1] : memref<64xf32> to memref<4xf32, strided<[1], offset: ?>>
    %out = memref.subview %O[%j, %j] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%again, %b : memref<8x4xf32, strided<[64, 1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>)
        outs(%out : memref<8x4xf32, strided<[64, 1], offset: ?>>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%again : memref<8x4xf32, strided<[64, 1], offset: ?>>)
        outs(%out : memref<8x4xf32, strided<[64, 1], offset: ?>>) {
    ^bb0(%x: f32, %o: f32):
      linalg.yield %x : f32
    }
    gpu.terminator
  }
  return
}

// -----

// The block's output tile is filled first (a `roller.accumulator_fill`, its
// threads sharing the work): the thread's accumulators start from the
// fill's value in registers instead of being read back, and the fill, whose
// every element the copy-outs overwrite before anything reads it, goes with
// the barrier behind it (no memory access precedes it).

// CHECK-LABEL: func.func @filled
// CHECK: gpu.launch
// CHECK-NEXT: %[[REGS:.*]] = memref.alloca() : memref<8x4xf32>
// CHECK-NOT: gpu.barrier
// CHECK-NOT: roller.accumulator_fill
// CHECK: linalg.fill ins(%[[ZERO:.*]] : f32) outs(%[[REGS]] : memref<8x4xf32>)
// CHECK-NEXT: scf.for
// CHECK: outs(%[[REGS]] : memref<8x4xf32>)
// CHECK: linalg.copy ins(%[[REGS]] : memref<8x4xf32>) outs(%{{.*}} : {{.*}})
// CHECK-NEXT: gpu.terminator
#mapA = affine_map<(d0, d1, d2) -> (d0, d2)>
#mapB = affine_map<(d0, d1, d2) -> (d2, d1)>
#mapC = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @filled(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = arith.muli %tx, %c4 : index
    %part = memref.subview %C[%tx, 0] [1, 64] [1, 1] : memref<64x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    linalg.fill {roller.accumulator_fill} ins(%zero : f32) outs(%part : memref<1x64xf32, strided<[64, 1], offset: ?>>)
    gpu.barrier
    %tile = memref.subview %C[%i, %i] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
    scf.for %k = %c0 to %c64 step %c4 {
      %a = memref.subview %A[%i, %k] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
      %b = memref.subview %B[%k, %i] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf32, strided<[64, 1], offset: ?>>
      linalg.generic {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %b : memref<8x4xf32, strided<[64, 1], offset: ?>>, memref<4x4xf32, strided<[64, 1], offset: ?>>)
          outs(%tile : memref<8x4xf32, strided<[64, 1], offset: ?>>) {
      ^bb0(%x: f32, %y: f32, %acc: f32):
        %m = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %m : f32
        linalg.yield %s : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// The filled buffer is read after the loop (here by a whole-row reduction
// of another thread's elements): the accumulators still start from the
// fill's value, but the fill stays, and so does its barrier.

// CHECK-LABEL: func.func @filled_then_read
// CHECK: linalg.fill {roller.accumulator_fill} ins(%[[ZERO:.*]] : f32) outs(%{{.*}} : memref<1x64xf32, {{.*}}>)
// CHECK-NEXT: gpu.barrier
// CHECK: linalg.fill ins(%[[ZERO]] : f32) outs(%[[REGS:.*]] : memref<8x4xf32>)
// CHECK-NEXT: scf.for
// CHECK: linalg.copy ins(%[[REGS]] : memref<8x4xf32>)
// CHECK: memref.load
#mapA = affine_map<(d0, d1, d2) -> (d0, d2)>
#mapB = affine_map<(d0, d1, d2) -> (d2, d1)>
#mapC = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @filled_then_read(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>, %D: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = arith.muli %tx, %c4 : index
    %part = memref.subview %C[%tx, 0] [1, 64] [1, 1] : memref<64x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    linalg.fill {roller.accumulator_fill} ins(%zero : f32) outs(%part : memref<1x64xf32, strided<[64, 1], offset: ?>>)
    gpu.barrier
    %tile = memref.subview %C[%i, %i] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
    scf.for %k = %c0 to %c64 step %c4 {
      %a = memref.subview %A[%i, %k] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
      %b = memref.subview %B[%k, %i] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf32, strided<[64, 1], offset: ?>>
      linalg.generic {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %b : memref<8x4xf32, strided<[64, 1], offset: ?>>, memref<4x4xf32, strided<[64, 1], offset: ?>>)
          outs(%tile : memref<8x4xf32, strided<[64, 1], offset: ?>>) {
      ^bb0(%x: f32, %y: f32, %acc: f32):
        %m = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %m : f32
        linalg.yield %s : f32
      }
    }
    gpu.barrier
    %v = memref.load %C[%tx, %c0] : memref<64x64xf32>
    memref.store %v, %D[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

// Something writes the filled buffer between the fill and the loop: the
// accumulators are read back from memory.

// CHECK-LABEL: func.func @written_after_fill
// CHECK: linalg.fill {roller.accumulator_fill}
// CHECK: memref.store
// CHECK: linalg.copy ins(%{{.*}} : memref<8x4xf32, strided<[64, 1], offset: ?>>) outs(%{{.*}} : memref<8x4xf32>)
// CHECK-NEXT: scf.for
#mapA = affine_map<(d0, d1, d2) -> (d0, d2)>
#mapB = affine_map<(d0, d1, d2) -> (d2, d1)>
#mapC = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @written_after_fill(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = arith.muli %tx, %c4 : index
    %part = memref.subview %C[%tx, 0] [1, 64] [1, 1] : memref<64x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    linalg.fill {roller.accumulator_fill} ins(%zero : f32) outs(%part : memref<1x64xf32, strided<[64, 1], offset: ?>>)
    gpu.barrier
    memref.store %one, %C[%tx, %tx] : memref<64x64xf32>
    %tile = memref.subview %C[%i, %i] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
    scf.for %k = %c0 to %c64 step %c4 {
      %a = memref.subview %A[%i, %k] [8, 4] [1, 1] : memref<64x64xf32> to memref<8x4xf32, strided<[64, 1], offset: ?>>
      %b = memref.subview %B[%k, %i] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf32, strided<[64, 1], offset: ?>>
      linalg.generic {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %b : memref<8x4xf32, strided<[64, 1], offset: ?>>, memref<4x4xf32, strided<[64, 1], offset: ?>>)
          outs(%tile : memref<8x4xf32, strided<[64, 1], offset: ?>>) {
      ^bb0(%x: f32, %y: f32, %acc: f32):
        %m = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %m : f32
        linalg.yield %s : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// A warp tile computed on the CUDA cores (a hand-written tensor-core config's
// partial reduction step): the warp's lanes split its columns, so the tile
// is the warp's, not one thread's. A private copy per thread would have
// every lane write the whole 16x8 tile back (its own columns and stale
// others): nothing is hoisted, from the loops inside the lane loop nor from
// those around it.

// CHECK-LABEL: func.func @lanes_share_the_tile
// CHECK-NOT: memref.alloca
// CHECK-NOT: linalg.copy
// CHECK: memref.store %{{.*}}, %[[TILE:.*]][%{{.*}}, %{{.*}}] : memref<16x8xf32, strided<[64, 1], offset: ?>>
func.func @lanes_share_the_tile(%A: memref<16x8xf32>, %B: memref<8x8xf32>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %tile = memref.subview %C[%bx, 0] [16, 8] [1, 1] : memref<64x64xf32> to memref<16x8xf32, strided<[64, 1], offset: ?>>
    %lane = gpu.lane_id
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %lane to %c8 step %c32 {
        scf.for %k = %c0 to %c8 step %c1 {
          %a = memref.load %A[%i, %k] : memref<16x8xf32>
          %b = memref.load %B[%k, %j] : memref<8x8xf32>
          %c = memref.load %tile[%i, %j] : memref<16x8xf32, strided<[64, 1], offset: ?>>
          %d = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
          memref.store %d, %tile[%i, %j] : memref<16x8xf32, strided<[64, 1], offset: ?>>
        }
      }
    }
    gpu.terminator
  }
  return
}
