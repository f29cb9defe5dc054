// RUN: roller-opt %s --split-input-file --roller-vectorize-mma --verify-diagnostics | FileCheck %s

// A warp's 16x16x16 tile of an f16 matmul (A and B staged in shared memory,
// the f32 accumulator in global memory) becomes one 16x16 A read, two 16x8
// B reads and two 16x8x16 vector.contracts per reduction step; the two
// accumulator tiles are read once before the loop, carried as iteration
// values, and written once after it.

// CHECK-LABEL: func.func @warp_tile
// CHECK: gpu.launch
// CHECK: %[[C0:.*]] = vector.transfer_read %[[ACC:.*]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : memref<16x16xf32, strided<[64, 1], offset: ?>>, vector<16x8xf32>
// CHECK: %[[C1:.*]] = vector.transfer_read %[[ACC]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : memref<16x16xf32, strided<[64, 1], offset: ?>>, vector<16x8xf32>
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} iter_args(%[[X:.*]] = %[[C0]], %[[Y:.*]] = %[[C1]]) -> (vector<16x8xf32>, vector<16x8xf32>)
// CHECK: %[[A:.*]] = vector.transfer_read {{.*}} : memref<16x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<16x16xf16>
// CHECK: %[[B0:.*]] = vector.transfer_read {{.*}} : memref<16x16xf16, strided<[72, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<16x8xf16>
// CHECK: %[[B1:.*]] = vector.transfer_read {{.*}} : memref<16x16xf16, strided<[72, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<16x8xf16>
// CHECK: %[[D0:.*]] = vector.contract {{.*}} %[[A]], %[[B0]], %[[X]] : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
// CHECK: %[[D1:.*]] = vector.contract {{.*}} %[[A]], %[[B1]], %[[Y]] : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
// CHECK-NOT: linalg.generic
// CHECK: scf.yield %[[D0]], %[[D1]]
// CHECK: vector.transfer_write %[[R]]#0, %[[ACC]]
// CHECK: vector.transfer_write %[[R]]#1, %[[ACC]]
// CHECK-NEXT: gpu.terminator
#mapA = affine_map<(d0, d1, d2) -> (d0, d2)>
#mapB = affine_map<(d0, d1, d2) -> (d2, d1)>
#mapC = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @warp_tile(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<64x24xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<16x72xf16, #gpu.address_space<workgroup>>) {
    %w = affine.apply affine_map<()[s0] -> ((s0 floordiv 32) * 16)>()[%tx]
    %tile = memref.subview %C[%w, 0] [16, 16] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: ?>>
    scf.for %k = %c0 to %c64 step %c16 {
      // (the staging copies into %sa and %sb, and their barriers)
      gpu.barrier
      %a = memref.subview %sa[%w, 0] [16, 16] [1, 1] : memref<64x24xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
      %b = memref.subview %sb[0, %w] [16, 16] [1, 1] : memref<16x72xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[72, 1], offset: ?>, #gpu.address_space<workgroup>>
      linalg.generic {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %b : memref<16x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[72, 1], offset: ?>, #gpu.address_space<workgroup>>)
          outs(%tile : memref<16x16xf32, strided<[64, 1], offset: ?>>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
      ^bb0(%x: f16, %y: f16, %acc: f32):
        %xf = arith.extf %x : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %m = arith.mulf %xf, %yf : f32
        %s = arith.addf %acc, %m : f32
        linalg.yield %s : f32
      }
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// B stored n-major (a matmul with transposed B): its tiles are read with a
// transposing permutation map, so that the contraction still sees k x n.

// CHECK: #[[T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @transposed_b
// CHECK: vector.transfer_read %{{.*}}[%[[Z:.*]], %{{.*}}], %{{.*}} {in_bounds = [true, true], permutation_map = #[[T]]} : memref<16x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<16x8xf16>
// CHECK: vector.transfer_read %{{.*}}[%[[C8:.*]], %{{.*}}], %{{.*}} {in_bounds = [true, true], permutation_map = #[[T]]} : memref<16x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<16x8xf16>
// CHECK-COUNT-2: vector.contract
func.func @transposed_b(%C: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<16x16xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<16x64xf16, #gpu.address_space<workgroup>>) {
    %b = memref.subview %sb[0, %tx] [16, 16] [1, 1] : memref<16x64xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%sa, %b : memref<16x16xf16, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>)
        outs(%C : memref<16x16xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %acc: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %m = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %m : f32
      linalg.yield %s : f32
    }
    gpu.terminator
  }
  return
}

// -----

// A batch matmul's warp tile has a unit batch dimension: each operand is
// viewed as a 2-D matrix first (a rank-reducing subview).

// CHECK-LABEL: func.func @unit_batch
// CHECK: memref.subview %{{.*}}[0, 0, 0] [1, 16, 16] [1, 1, 1] : memref<1x16x16xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>
// CHECK: vector.contract
func.func @unit_batch(%C: memref<1x16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<1x16x16xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<1x16x8xf16, #gpu.address_space<workgroup>>) {
    linalg.batch_matmul ins(%sa, %sb : memref<1x16x16xf16, #gpu.address_space<workgroup>>, memref<1x16x8xf16, #gpu.address_space<workgroup>>)
                        outs(%C : memref<1x16x8xf32>) {roller.mma = array<i64: 16, 8, 16>}
    gpu.terminator
  }
  return
}

// -----

// A boundary tile (not a multiple of the mma shape, or dynamic): computed on
// the CUDA cores, the last parallel dimension split across the lanes, the
// arithmetic in the LLVM dialect (upstream's vector -> nvgpu conversion
// would start from arith ops).

// CHECK-LABEL: func.func @not_a_multiple
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %[[J:.*]] = %[[LANE]] to %{{.*}} step %c32{{.*}} {
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[A:.*]] = memref.load %{{.*}}[%[[I]], %[[K]]] : memref<16x16xf16>
// CHECK: %[[AX:.*]] = llvm.fpext %[[A]] : f16 to f32
// CHECK: %[[B:.*]] = memref.load %{{.*}}[%[[K]], %[[J]]] : memref<16x12xf16>
// CHECK: %[[BX:.*]] = llvm.fpext %[[B]] : f16 to f32
// CHECK: %[[C:.*]] = memref.load %{{.*}}[%[[I]], %[[J]]] : memref<16x12xf32>
// CHECK: %[[S:.*]] = llvm.intr.fmuladd(%[[AX]], %[[BX]], %[[C]]) : (f32, f32, f32) -> f32
// CHECK: memref.store %[[S]], %{{.*}}[%[[I]], %[[J]]] : memref<16x12xf32>
// CHECK-NOT: vector.contract
// CHECK-NOT: linalg.matmul
func.func @not_a_multiple(%A: memref<16x16xf16>, %B: memref<16x12xf16>, %C: memref<16x12xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x12xf16>) outs(%C : memref<16x12xf32>) {roller.mma = array<i64: 16, 8, 16>}
    gpu.terminator
  }
  return
}

// -----

func.func @f32_inputs(%A: memref<16x16xf32>, %B: memref<16x8xf32>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{roller.mma [16, 8, 16] is not the mma.sync shape this pass makes tiles of (m16n8k16, m16n8k8 for f32 inputs)}}
    linalg.matmul ins(%A, %B : memref<16x16xf32>, memref<16x8xf32>) outs(%C : memref<16x8xf32>) {roller.mma = array<i64: 16, 8, 16>}
    gpu.terminator
  }
  return
}

// -----

// TF32 sums into f32 only.
func.func @f32_into_f16(%A: memref<16x8xf32>, %B: memref<8x8xf32>, %C: memref<16x8xf16>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{mma.sync tiles need f16 inputs and an f32 or f16 accumulator, or bf16 or f32 (TF32) inputs and an f32 accumulator}}
    linalg.matmul ins(%A, %B : memref<16x8xf32>, memref<8x8xf32>) outs(%C : memref<16x8xf16>) {roller.mma = array<i64: 16, 8, 8>}
    gpu.terminator
  }
  return
}

// -----

// A warp's 16x16x16 tile of an f32 matmul on TF32 tensor cores: m16n8k8
// contractions of f32 tiles, two reduction steps of 8, into two 16x8
// accumulators.

// CHECK-LABEL: func.func @tf32
// CHECK-COUNT-2: vector.transfer_read {{.*}} : memref<16x16xf32>, vector<16x8xf32>
// CHECK: %[[A0:.*]] = vector.transfer_read {{.*}} : memref<16x16xf32>, vector<16x8xf32>
// CHECK: %[[B0:.*]] = vector.transfer_read {{.*}} : memref<16x16xf32>, vector<8x8xf32>
// CHECK: %[[B1:.*]] = vector.transfer_read {{.*}} : memref<16x16xf32>, vector<8x8xf32>
// CHECK: vector.contract {{.*}} %[[A0]], %[[B0]], %{{.*}} : vector<16x8xf32>, vector<8x8xf32> into vector<16x8xf32>
// CHECK: vector.contract {{.*}} %[[A0]], %[[B1]], %{{.*}} : vector<16x8xf32>, vector<8x8xf32> into vector<16x8xf32>
// CHECK-COUNT-2: vector.contract {{.*}} : vector<16x8xf32>, vector<8x8xf32> into vector<16x8xf32>
// CHECK-NOT: vector.contract
// CHECK-COUNT-2: vector.transfer_write
func.func @tf32(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    linalg.matmul ins(%A, %B : memref<16x16xf32>, memref<16x16xf32>) outs(%C : memref<16x16xf32>) {roller.mma = array<i64: 16, 8, 8>}
    gpu.terminator
  }
  return
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK: memref.dim
// CHECK: gpu.lane_id
// CHECK: scf.for
// CHECK: llvm.intr.fmuladd
func.func @dynamic(%A: memref<?x16xf16>, %B: memref<16x8xf16>, %C: memref<?x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    linalg.matmul ins(%A, %B : memref<?x16xf16>, memref<16x8xf16>) outs(%C : memref<?x8xf32>) {roller.mma = array<i64: 16, 8, 16>}
    gpu.terminator
  }
  return
}

// -----

// Static loop ranges (the inputs fix them: a boundary tile whose inputs
// --roller-pad-mma-boundary-tiles padded) but an output of dynamic shape:
// the tile runs on the tensor cores, its accumulator read and written
// masked (out of bounds) through a rank-reducing view whose dynamic size
// comes from memref.dim (the fuzzer's seed 12 once found such a view with
// a dynamic size and no operand for it, which crashed a later
// canonicalization).
// CHECK-LABEL: func.func @dynamic_output_only
// CHECK: %[[DIM:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<1x?x8xf32>
// CHECK: %[[ACC:.*]] = memref.subview %{{.*}}[0, 0, 0] [1, %[[DIM]], 8] [1, 1, 1] : memref<1x?x8xf32> to memref<?x8xf32, strided<[8, 1]>>
// CHECK: %[[C:.*]] = vector.transfer_read %[[ACC]][%{{.*}}, %{{.*}}], %{{[a-z0-9_]+}} : memref<?x8xf32, strided<[8, 1]>>, vector<16x8xf32>
// CHECK: %[[D:.*]] = vector.contract {{.*}}, %[[C]] : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
// CHECK: vector.transfer_write %[[D]], %[[ACC]][%{{.*}}, %{{.*}}] : vector<16x8xf32>, memref<?x8xf32, strided<[8, 1]>>
// CHECK-NOT: llvm.intr.fmuladd
func.func @dynamic_output_only(%C: memref<1x?x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<1x16x16xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<1x16x8xf16, #gpu.address_space<workgroup>>) {
    linalg.batch_matmul ins(%sa, %sb : memref<1x16x16xf16, #gpu.address_space<workgroup>>, memref<1x16x8xf16, #gpu.address_space<workgroup>>)
                        outs(%C : memref<1x?x8xf32>) {roller.mma = array<i64: 16, 8, 16>}
    gpu.terminator
  }
  return
}

// -----

func.func @not_a_contraction(%A: memref<16x8xf16>, %C: memref<16x8xf16>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a bufferized op with two inputs and one output}}
    linalg.copy {roller.mma = array<i64: 16, 8, 16>} ins(%A : memref<16x8xf16>) outs(%C : memref<16x8xf16>)
    gpu.terminator
  }
  return
}

// -----

func.func @outside_a_kernel(%A: memref<16x16xf16>, %B: memref<16x8xf16>, %C: memref<16x8xf32>) {
  // expected-error @+1 {{a tensor-core warp tile outside a GPU kernel}}
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x8xf16>) outs(%C : memref<16x8xf32>) {roller.mma = array<i64: 16, 8, 16>}
  return
}

// -----

func.func @bad_attribute(%A: memref<16x16xf16>, %B: memref<16x8xf16>, %C: memref<16x8xf32>) {
  // expected-error @+1 {{'roller.mma' must be an array<i64: m, n, k> of positive sizes}}
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x8xf16>) outs(%C : memref<16x8xf32>) {roller.mma = array<i64: 16, 8>}
  return
}

// -----

// bf16: the shared tiles are views of byte buffers; the warp tile reads f16
// views of the same bytes, and its contractions carry roller.bf16_mma (for
// --roller-mma-to-nvgpu's bf16 mma.sync).

// CHECK-LABEL: func.func @bf16
// CHECK: %[[A16:.*]] = memref.view %[[RAWA:.*]][%{{.*}}][] : memref<512xi8, #gpu.address_space<workgroup>> to memref<16x16xf16, #gpu.address_space<workgroup>>
// CHECK: %[[B16:.*]] = memref.view %[[RAWB:.*]][%{{.*}}][] : memref<256xi8, #gpu.address_space<workgroup>> to memref<16x8xf16, #gpu.address_space<workgroup>>
// CHECK: vector.transfer_read %[[A16]]{{.*}} vector<16x16xf16>
// CHECK: vector.transfer_read %[[B16]]{{.*}} vector<16x8xf16>
// CHECK: vector.contract {{.*}} {roller.bf16_mma}
func.func @bf16(%C: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%ra : memref<512xi8, #gpu.address_space<workgroup>>,
                       %rb : memref<256xi8, #gpu.address_space<workgroup>>) {
    %a = memref.view %ra[%c0][] : memref<512xi8, #gpu.address_space<workgroup>> to memref<16x16xbf16, #gpu.address_space<workgroup>>
    %b = memref.view %rb[%c0][] : memref<256xi8, #gpu.address_space<workgroup>> to memref<16x8xbf16, #gpu.address_space<workgroup>>
    linalg.matmul ins(%a, %b : memref<16x16xbf16, #gpu.address_space<workgroup>>, memref<16x8xbf16, #gpu.address_space<workgroup>>)
                  outs(%C : memref<16x8xf32>) {roller.mma = array<i64: 16, 8, 16>}
    gpu.terminator
  }
  return
}

// -----

func.func @bf16_not_bytes(%A: memref<16x16xbf16, #gpu.address_space<workgroup>>, %B: memref<16x8xbf16, #gpu.address_space<workgroup>>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{bf16 warp tiles read their tiles through an f16 view of the same bytes}}
    linalg.matmul ins(%A, %B : memref<16x16xbf16, #gpu.address_space<workgroup>>, memref<16x8xbf16, #gpu.address_space<workgroup>>)
                  outs(%C : memref<16x8xf32>) {roller.mma = array<i64: 16, 8, 16>}
    gpu.terminator
  }
  return
}

// -----

func.func @two_batches(%A: memref<2x16x16xf16>, %B: memref<2x16x8xf16>, %C: memref<2x16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{the warp tile spans more than one batch}}
    linalg.batch_matmul ins(%A, %B : memref<2x16x16xf16>, memref<2x16x8xf16>) outs(%C : memref<2x16x8xf32>) {roller.mma = array<i64: 16, 8, 16>}
    gpu.terminator
  }
  return
}

// -----

func.func @strided(%A: memref<16x16xf16, strided<[32, 2]>>, %B: memref<16x8xf16>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{an operand's innermost dimension is not contiguous}}
    linalg.matmul ins(%A, %B : memref<16x16xf16, strided<[32, 2]>>, memref<16x8xf16>) outs(%C : memref<16x8xf32>) {roller.mma = array<i64: 16, 8, 16>}
    gpu.terminator
  }
  return
}

// -----

func.func @not_multiply_add(%A: memref<16x16xf16>, %B: memref<16x8xf16>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{the warp tile is not a contraction (multiply-add)}}
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%A, %B : memref<16x16xf16>, memref<16x8xf16>) outs(%C : memref<16x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %acc: f32):
      %xf = arith.extf %x : f16 to f32
      %m = arith.maximumf %acc, %xf : f32
      linalg.yield %m : f32
    }
    gpu.terminator
  }
  return
}

// -----

func.func @two_m_dims(%A: memref<2x16x16xf16>, %B: memref<16x8xf16>, %C: memref<2x16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{the warp tile needs exactly one m, n and k dimension}}
    linalg.generic {indexing_maps = [affine_map<(a, m, n, k) -> (a, m, k)>, affine_map<(a, m, n, k) -> (k, n)>, affine_map<(a, m, n, k) -> (a, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%A, %B : memref<2x16x16xf16>, memref<16x8xf16>) outs(%C : memref<2x16x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %acc: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %m = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %m : f32
      linalg.yield %s : f32
    }
    gpu.terminator
  }
  return
}

// -----

// mma.sync is a 32-lane warp instruction: a device with other warps cannot
// run it.
module attributes {roller.device = #roller.device<name = "wide_warps", chip = "sm_80",
    sm_count = 2, warp_size = 64, warp_schedulers_per_sm = 4, clock_mhz = 1000.0,
    max_threads_per_block = 1024, max_threads_per_sm = 2048,
    max_blocks_per_sm = 32, max_regs_per_thread = 255, regs_per_sm = 65536,
    regs_per_block = 65536, reg_alloc_unit = 256, smem_per_block = 16384,
    smem_per_sm = 16384, smem_reserved_per_block = 0, smem_alloc_unit = 128,
    l2_bytes = 1048576,
    peaks = [#roller.peak<f16, cuda_core = 1.0, tensor_core = 8.0>],
    mma_shapes = [],
    levels = [
      #roller.mem_level<global, capacity = 1073741824, bandwidth = 100.0, transaction = 32, banks = 0, bank_width = 0>,
      #roller.mem_level<shared, capacity = 16384, bandwidth = 1000.0, transaction = 128, banks = 32, bank_width = 4>,
      #roller.mem_level<register, capacity = 262144, bandwidth = 10000.0, transaction = 4, banks = 0, bank_width = 0>]>} {
  func.func @wide_warps(%a: memref<16x16xf16, #gpu.address_space<workgroup>>,
                        %b: memref<16x16xf16, #gpu.address_space<workgroup>>,
                        %c: memref<16x16xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      // expected-error @+1 {{mma.sync needs warps of 32 lanes; the target device has 64}}
      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                      iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %b : memref<16x16xf16, #gpu.address_space<workgroup>>, memref<16x16xf16, #gpu.address_space<workgroup>>)
          outs(%c : memref<16x16xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
      ^bb0(%x: f16, %y: f16, %acc: f32):
        %xf = arith.extf %x : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %m = arith.mulf %xf, %yf : f32
        %s = arith.addf %acc, %m : f32
        linalg.yield %s : f32
      }
      gpu.terminator
    }
    return
  }
}

// -----

// A tensor-core warp tile far beyond any schedule's (a hand-written
// roller.mma on a 16 x 2^62 matmul; found by the fuzzer) is an error, not an
// unbounded unroll into mma tiles.
func.func @huge(%A: memref<16x16xf16>, %B: memref<16x4611686018427387904xf16>, %C: memref<16x4611686018427387904xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{warp tile of more than 4096 mma.sync tiles}}
    linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x4611686018427387904xf16>) outs(%C : memref<16x4611686018427387904xf32>) {roller.mma = array<i64: 16, 8, 16>}
    gpu.terminator
  }
  return
}

// -----

// A roller.mma other than m16n8k16 (the dialect checks only that its sizes
// are positive) is refused: it made m16n16k16 contractions, whose mma.sync
// crashed LLVM's translation (issue 19).
func.func @not_mma_shape(%C: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<16x16xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<16x16xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{roller.mma [16, 16, 16] is not the mma.sync shape this pass makes tiles of (m16n8k16, m16n8k8 for f32 inputs)}}
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%sa, %sb : memref<16x16xf16, #gpu.address_space<workgroup>>, memref<16x16xf16, #gpu.address_space<workgroup>>)
        outs(%C : memref<16x16xf32>) attrs = {roller.mma = array<i64: 16, 16, 16>} {
    ^bb0(%x: f16, %y: f16, %acc: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %m = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %m : f32
      linalg.yield %s : f32
    }
    gpu.terminator
  }
  return
}

// -----

// The block's output tile is filled first (a `roller.accumulator_fill`):
// the warp's accumulator fragments start as splats of the fill's value
// instead of reads of the tile (`--roller-hoist-accumulators` drops the
// fill afterwards).

// CHECK-LABEL: func.func @filled_warp_tile
// CHECK: linalg.fill {roller.accumulator_fill} ins(%[[ZERO:.*]] : f32)
// CHECK-NOT: vector.transfer_read {{.*}} memref<16x16xf32
// CHECK: %[[S0:.*]] = vector.broadcast %[[ZERO]] : f32 to vector<16x8xf32>
// CHECK: %[[S1:.*]] = vector.broadcast %[[ZERO]] : f32 to vector<16x8xf32>
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %[[S0]], %{{.*}} = %[[S1]]) -> (vector<16x8xf32>, vector<16x8xf32>)
// CHECK-COUNT-2: vector.transfer_write
#mapA = affine_map<(d0, d1, d2) -> (d0, d2)>
#mapB = affine_map<(d0, d1, d2) -> (d2, d1)>
#mapC = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @filled_warp_tile(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<64x24xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<16x72xf16, #gpu.address_space<workgroup>>) {
    %part = memref.subview %C[%tx, 0] [1, 64] [1, 1] : memref<64x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    linalg.fill {roller.accumulator_fill} ins(%zero : f32) outs(%part : memref<1x64xf32, strided<[64, 1], offset: ?>>)
    gpu.barrier
    %w = affine.apply affine_map<()[s0] -> ((s0 floordiv 32) * 16)>()[%tx]
    %tile = memref.subview %C[%w, 0] [16, 16] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: ?>>
    scf.for %k = %c0 to %c64 step %c16 {
      gpu.barrier
      %a = memref.subview %sa[%w, 0] [16, 16] [1, 1] : memref<64x24xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
      %b = memref.subview %sb[0, %w] [16, 16] [1, 1] : memref<16x72xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[72, 1], offset: ?>, #gpu.address_space<workgroup>>
      linalg.generic {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %b : memref<16x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[72, 1], offset: ?>, #gpu.address_space<workgroup>>)
          outs(%tile : memref<16x16xf32, strided<[64, 1], offset: ?>>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
      ^bb0(%x: f16, %y: f16, %acc: f32):
        %xf = arith.extf %x : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %m = arith.mulf %xf, %yf : f32
        %s = arith.addf %acc, %m : f32
        linalg.yield %s : f32
      }
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// Thread k (16) smaller than block k (32): the warp steps through the two
// k-slices of a block step in a loop of its own. Once the accumulators are
// its iteration values, that loop is fully unrolled (its induction values
// folded to constants): the block step computes both slices in
// straight-line code, four contractions, with no index arithmetic.
// CHECK-LABEL: func.func @k_slices_unrolled
// CHECK: %[[R:.*]]:2 = scf.for %[[K:.*]] = %{{.*}} iter_args(%[[X:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}}) -> (vector<16x8xf32>, vector<16x8xf32>)
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: scf.for
// CHECK-NOT: arith.muli
// CHECK: %[[X1:.*]] = vector.contract {{.*}}, %[[X]] :
// CHECK: %[[Y1:.*]] = vector.contract {{.*}}, %[[Y]] :
// CHECK-NOT: scf.for
// CHECK: %[[X2:.*]] = vector.contract {{.*}}, %[[X1]] :
// CHECK: %[[Y2:.*]] = vector.contract {{.*}}, %[[Y1]] :
// CHECK-NOT: vector.contract
// CHECK: scf.yield %[[X2]], %[[Y2]]
#mapA = affine_map<(d0, d1, d2) -> (d0, d2)>
#mapB = affine_map<(d0, d1, d2) -> (d2, d1)>
#mapC = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @k_slices_unrolled(%C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<64x40xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<32x72xf16, #gpu.address_space<workgroup>>) {
    %w = affine.apply affine_map<()[s0] -> ((s0 floordiv 32) * 16)>()[%tx]
    %tile = memref.subview %C[%w, 0] [16, 16] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: ?>>
    scf.for %k = %c0 to %c64 step %c32 {
      gpu.barrier
      scf.for %kk = %c0 to %c32 step %c16 {
        %a = memref.subview %sa[%w, %kk] [16, 16] [1, 1] : memref<64x40xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[40, 1], offset: ?>, #gpu.address_space<workgroup>>
        %b = memref.subview %sb[%kk, %w] [16, 16] [1, 1] : memref<32x72xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[72, 1], offset: ?>, #gpu.address_space<workgroup>>
        linalg.generic {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"]}
            ins(%a, %b : memref<16x16xf16, strided<[40, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x16xf16, strided<[72, 1], offset: ?>, #gpu.address_space<workgroup>>)
            outs(%tile : memref<16x16xf32, strided<[64, 1], offset: ?>>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
        ^bb0(%x: f16, %y: f16, %acc: f32):
          %xf = arith.extf %x : f16 to f32
          %yf = arith.extf %y : f16 to f32
          %m = arith.mulf %xf, %yf : f32
          %s = arith.addf %acc, %m : f32
          linalg.yield %s : f32
        }
      }
    }
    gpu.terminator
  }
  return
}

// -----

// The same with 300 k-slices per block step: 600 contractions would be
// unrolled, more than the 512 the pass allows, so the loop stays.
// CHECK-LABEL: func.func @k_slices_too_many
// CHECK: scf.for %{{.*}} iter_args
// CHECK: gpu.barrier
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-COUNT-2: vector.contract
// CHECK-NOT: vector.contract
#mapA = affine_map<(d0, d1, d2) -> (d0, d2)>
#mapB = affine_map<(d0, d1, d2) -> (d2, d1)>
#mapC = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @k_slices_too_many(%A: memref<64x9600xf16>, %B: memref<9600x64xf16>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c4800 = arith.constant 4800 : index
  %c9600 = arith.constant 9600 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<64x16xf16, #gpu.address_space<workgroup>>) {
    %w = affine.apply affine_map<()[s0] -> ((s0 floordiv 32) * 16)>()[%tx]
    %tile = memref.subview %C[%w, 0] [16, 16] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: ?>>
    scf.for %k = %c0 to %c9600 step %c4800 {
      gpu.barrier
      scf.for %kk = %c0 to %c4800 step %c16 {
        %kg = arith.addi %k, %kk : index
        %a = memref.subview %A[%w, %kg] [16, 16] [1, 1] : memref<64x9600xf16> to memref<16x16xf16, strided<[9600, 1], offset: ?>>
        %b = memref.subview %B[%kg, %w] [16, 16] [1, 1] : memref<9600x64xf16> to memref<16x16xf16, strided<[64, 1], offset: ?>>
        linalg.generic {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"]}
            ins(%a, %b : memref<16x16xf16, strided<[9600, 1], offset: ?>>, memref<16x16xf16, strided<[64, 1], offset: ?>>)
            outs(%tile : memref<16x16xf32, strided<[64, 1], offset: ?>>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
        ^bb0(%x: f16, %y: f16, %acc: f32):
          %xf = arith.extf %x : f16 to f32
          %yf = arith.extf %y : f16 to f32
          %m = arith.mulf %xf, %yf : f32
          %s = arith.addf %acc, %m : f32
          linalg.yield %s : f32
        }
      }
    }
    gpu.terminator
  }
  return
}

// -----

// The accumulator of a warp tile in a boundary block along a batch: its
// batch size is dynamic, 1 or 0 (a warp past the batch's extent). The 2-D
// view has 16 x that many rows, so that the masked accesses skip a warp
// with none (they wrote past the output's end).

// CHECK-LABEL: func.func @batch_past_extent
// CHECK: %[[BATCH:.*]] = memref.dim %[[ACC:.*]], %c0 : memref<?x16x8xf32>
// CHECK: %[[ROWS:.*]] = affine.apply #{{.*}}()[%[[BATCH]]]
// CHECK: %[[VIEW:.*]] = memref.subview %[[ACC]][0, 0, 0] [1, %[[ROWS]], 8] [1, 1, 1] : memref<?x16x8xf32> to memref<?x8xf32, strided<[8, 1]>>
// CHECK: vector.transfer_read %[[VIEW]][%{{.*}}, %{{.*}}], %{{.*}} : memref<?x8xf32, strided<[8, 1]>>, vector<16x8xf32>
// CHECK: vector.contract
// CHECK: vector.transfer_write %{{.*}}, %[[VIEW]][%{{.*}}, %{{.*}}] : vector<16x8xf32>, memref<?x8xf32, strided<[8, 1]>>
func.func @batch_past_extent(%A: memref<1x16x16xf16>, %B: memref<1x16x8xf16>, %C: memref<?x16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    linalg.batch_matmul ins(%A, %B : memref<1x16x16xf16>, memref<1x16x8xf16>) outs(%C : memref<?x16x8xf32>) {roller.mma = array<i64: 16, 8, 16>}
    gpu.terminator
  }
  return
}
