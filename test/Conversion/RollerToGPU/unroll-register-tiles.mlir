// RUN: roller-opt %s --split-input-file --roller-unroll-register-tiles --canonicalize | FileCheck %s
// RUN: roller-opt %s --split-input-file --roller-unroll-register-tiles="max-unrolled-ops=16" --canonicalize | FileCheck %s --check-prefix=SMALL

// The loops whose induction variables index the private 2x4 tile are
// unrolled (every index a constant); the reduction loop, which indexes only
// shared memory, stays a loop.

// CHECK-LABEL: gpu.func @register_tile
// CHECK: scf.for %[[K:.*]] = %c0 to %c64 step %c1
// CHECK-NOT: scf.for
// CHECK-COUNT-8: memref.load %{{.*}}[%c{{[0-9]+(_[0-9]+)?}}, %c{{[0-9]+(_[0-9]+)?}}] : memref<2x4xf32>
// CHECK-NOT: scf.for
// CHECK: gpu.return
// A nest of 8 x (a few ops) is over 16 operations: left alone.
// SMALL-LABEL: gpu.func @register_tile
// SMALL-COUNT-3: scf.for
gpu.module @kernels {
  gpu.func @register_tile(%S: memref<64x4xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %regs = memref.alloca() : memref<2x4xf32>
    scf.for %k = %c0 to %c64 step %c1 {
      scf.for %i = %c0 to %c2 step %c1 {
        scf.for %j = %c0 to %c4 step %c1 {
          %x = memref.load %S[%k, %j] : memref<64x4xf32, #gpu.address_space<workgroup>>
          %acc = memref.load %regs[%i, %j] : memref<2x4xf32>
          %s = arith.addf %acc, %x : f32
          memref.store %s, %regs[%i, %j] : memref<2x4xf32>
        }
      }
    }
    gpu.return
  }
}

// -----

// Vector accesses to the private tile count too (as vectorized copies in
// and out of registers make them).

// CHECK-LABEL: gpu.func @vector_tile
// CHECK-NOT: scf.for
// CHECK-COUNT-2: vector.load %{{.*}}[%c{{[0-9]+}}, %c0] : memref<2x4xf32>, vector<4xf32>
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @vector_tile(%G: memref<64x64xf32>, %row: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %regs = memref.alloca() : memref<2x4xf32>
    scf.for %i = %c0 to %c2 step %c1 {
      %v = vector.load %regs[%i, %c0] : memref<2x4xf32>, vector<4xf32>
      %r = arith.addi %row, %i : index
      vector.store %v, %G[%r, %c0] : memref<64x64xf32>, vector<4xf32>
    }
    gpu.return
  }
}

// -----

// A trip count that is not a constant cannot be unrolled fully: the loop
// stays (and the tile goes to local memory, which ptxas reports).

// CHECK-LABEL: gpu.func @dynamic_trip_count
// CHECK: scf.for
// CHECK: memref.store
gpu.module @kernels {
  gpu.func @dynamic_trip_count(%n: index, %x: f32, %G: memref<8xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %regs = memref.alloca() : memref<8xf32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %x, %regs[%i] : memref<8xf32>
    }
    %y = memref.load %regs[%c0] : memref<8xf32>
    memref.store %y, %G[%c0] : memref<8xf32>
    gpu.return
  }
}

// -----

// Loops over global memory only are not this pass's business.

// CHECK-LABEL: gpu.func @global_only
// CHECK: scf.for
// CHECK: memref.store
gpu.module @kernels {
  gpu.func @global_only(%G: memref<8xf32>, %x: f32) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      memref.store %x, %G[%i] : memref<8xf32>
    }
    gpu.return
  }
}

// -----

// 2^62 trips of a 4-op body: the size estimate overflowed to 0 and the loop
// was unrolled without end (fuzzer, issue 19). It stays a loop, as do trip
// counts of 2^63 and more (negative as signed numbers).

// CHECK-LABEL: gpu.func @huge_trip_count
// CHECK-COUNT-2: scf.for
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @huge_trip_count(%G: memref<64x64xf32>, %row: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %big = arith.constant 4611686018427387904 : index
    %neg = arith.constant -1 : index
    %regs = memref.alloca() : memref<2x4xf32>
    scf.for %i = %c0 to %big step %c1 {
      %v = vector.load %regs[%i, %c0] : memref<2x4xf32>, vector<4xf32>
      %r = arith.addi %row, %i : index
      vector.store %v, %G[%r, %c0] : memref<64x64xf32>, vector<4xf32>
    }
    scf.for unsigned %i = %c0 to %neg step %c1 {
      %v = vector.load %regs[%i, %c0] : memref<2x4xf32>, vector<4xf32>
      vector.store %v, %G[%row, %c0] : memref<64x64xf32>, vector<4xf32>
    }
    gpu.return
  }
}
