// RUN: roller-opt %s --split-input-file --roller-vectorize-accesses --canonicalize | FileCheck %s

// A global tile staged into shared memory: the column offset is a multiple
// of 8 (the reduction loop's step), the row stride 64, so both sides take
// 16-byte accesses; the attribution is given 16-byte alignment.

// CHECK-LABEL: gpu.func @stage
// CHECK-SAME: workgroup(%[[S:.*]] : memref<8x8xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK: scf.for %[[K:.*]] = %c0 to %c64 step %c8
// CHECK: scf.for %[[I:.*]] = %c0 to %c8 step %c1
// CHECK: scf.for %[[J:.*]] = %c0 to %c8 step %c4
// CHECK: %[[V:.*]] = vector.load %{{.*}}[%[[I]], %[[J]]] {alignment = 16 : i64} : memref<8x8xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// CHECK: vector.store %[[V]], %[[S]][%[[I]], %[[J]]] {alignment = 16 : i64} : memref<8x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NOT: linalg.copy
gpu.module @kernels {
  gpu.func @stage(%A: memref<64x64xf32>) workgroup(%S: memref<8x8xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %bx = gpu.block_id x
    %row = arith.muli %bx, %c8 : index
    scf.for %k = %c0 to %c64 step %c8 {
      %a = memref.subview %A[%row, %k] [8, 8] [1, 1] : memref<64x64xf32> to memref<8x8xf32, strided<[64, 1], offset: ?>>
      linalg.copy ins(%a : memref<8x8xf32, strided<[64, 1], offset: ?>>) outs(%S : memref<8x8xf32, #gpu.address_space<workgroup>>)
    }
    gpu.return
  }
}

// -----

// A padded shared tile (row stride 9 words): the loads stay 16-byte
// accesses, the stores can only claim 4 bytes (the backend splits them).

// CHECK-LABEL: gpu.func @padded
// CHECK: vector.load {{.*}} {alignment = 16 : i64} : memref<8x8xf32, strided<[64, 1]>>, vector<4xf32>
// CHECK: vector.store {{.*}} {alignment = 4 : i64} : memref<8x8xf32, strided<[9, 1]>, #gpu.address_space<workgroup>>, vector<4xf32>
gpu.module @kernels {
  gpu.func @padded(%A: memref<64x64xf32>) workgroup(%S: memref<8x9xf32, #gpu.address_space<workgroup>>) kernel {
    %a = memref.subview %A[0, 0] [8, 8] [1, 1] : memref<64x64xf32> to memref<8x8xf32, strided<[64, 1]>>
    %s = memref.subview %S[0, 0] [8, 8] [1, 1] : memref<8x9xf32, #gpu.address_space<workgroup>> to memref<8x8xf32, strided<[9, 1]>, #gpu.address_space<workgroup>>
    linalg.copy ins(%a : memref<8x8xf32, strided<[64, 1]>>) outs(%s : memref<8x8xf32, strided<[9, 1]>, #gpu.address_space<workgroup>>)
    gpu.return
  }
}

// -----

// An offset with nothing known (a thread id): the private tile still gets
// aligned 16-byte stores, the global side claims only its element size.

// CHECK-LABEL: gpu.func @unknown_offset
// CHECK: memref.alloca() {alignment = 16 : i64} : memref<2x4xf32>
// CHECK: vector.load {{.*}} {alignment = 4 : i64} : memref<2x4xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// CHECK: vector.store {{.*}} {alignment = 16 : i64} : memref<2x4xf32>, vector<4xf32>
gpu.module @kernels {
  gpu.func @unknown_offset(%A: memref<64x64xf32>, %B: memref<2x4xf32>) kernel {
    %tx = gpu.thread_id x
    %regs = memref.alloca() : memref<2x4xf32>
    %a = memref.subview %A[%tx, %tx] [2, 4] [1, 1] : memref<64x64xf32> to memref<2x4xf32, strided<[64, 1], offset: ?>>
    linalg.copy ins(%a : memref<2x4xf32, strided<[64, 1], offset: ?>>) outs(%regs : memref<2x4xf32>)
    linalg.copy ins(%regs : memref<2x4xf32>) outs(%B : memref<2x4xf32>)
    gpu.return
  }
}

// -----

// f16 rows take 8 elements per 16-byte access. An offset of 4 * thread id
// (elements) proves 8 bytes only: the load claims that much (the backend
// splits it in two), the store to the aligned argument all 16.

// CHECK-LABEL: gpu.func @half
// CHECK: vector.load {{.*}} {alignment = 16 : i64} : memref<4x16xf16, strided<[64, 1], offset: 16>>, vector<8xf16>
// CHECK: vector.load {{.*}} {alignment = 8 : i64} : memref<4x16xf16, strided<[64, 1], offset: ?>>, vector<8xf16>
// CHECK: vector.store {{.*}} {alignment = 16 : i64} : memref<4x16xf16>, vector<8xf16>
gpu.module @kernels {
  gpu.func @half(%A: memref<64x64xf16>, %B: memref<4x16xf16>, %C: memref<4x16xf16>) kernel {
    %c4 = arith.constant 4 : index
    %tx = gpu.thread_id x
    %col = arith.muli %tx, %c4 : index
    %a = memref.subview %A[0, 16] [4, 16] [1, 1] : memref<64x64xf16> to memref<4x16xf16, strided<[64, 1], offset: 16>>
    linalg.copy ins(%a : memref<4x16xf16, strided<[64, 1], offset: 16>>) outs(%B : memref<4x16xf16>)
    %b = memref.subview %A[0, %col] [4, 16] [1, 1] : memref<64x64xf16> to memref<4x16xf16, strided<[64, 1], offset: ?>>
    linalg.copy ins(%b : memref<4x16xf16, strided<[64, 1], offset: ?>>) outs(%C : memref<4x16xf16>)
    gpu.return
  }
}

// -----

// Rows of odd length and transposed (non-contiguous) copies stay copies.

// CHECK-LABEL: gpu.func @left_alone
// CHECK-NOT: vector.load
// CHECK: linalg.copy ins(%{{.*}} : memref<4x3xf32, strided<[64, 1]>>)
// CHECK: linalg.copy ins(%{{.*}} : memref<4x4xf32, strided<[1, 64]>>)
gpu.module @kernels {
  gpu.func @left_alone(%A: memref<64x64xf32>, %B: memref<4x3xf32>, %C: memref<4x4xf32>) kernel {
    %a = memref.subview %A[0, 0] [4, 3] [1, 1] : memref<64x64xf32> to memref<4x3xf32, strided<[64, 1]>>
    linalg.copy ins(%a : memref<4x3xf32, strided<[64, 1]>>) outs(%B : memref<4x3xf32>)
    %t = memref.transpose %A (i, j) -> (j, i) : memref<64x64xf32> to memref<64x64xf32, strided<[1, 64]>>
    %b = memref.subview %t[0, 0] [4, 4] [1, 1] : memref<64x64xf32, strided<[1, 64]>> to memref<4x4xf32, strided<[1, 64]>>
    linalg.copy ins(%b : memref<4x4xf32, strided<[1, 64]>>) outs(%C : memref<4x4xf32>)
    gpu.return
  }
}

// -----

// Dynamic shared memory: a view at byte shift 4096 is 16-byte aligned.

// CHECK-LABEL: gpu.func @dynamic_smem
// CHECK: vector.store {{.*}} {alignment = 16 : i64} : memref<8x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
gpu.module @kernels {
  gpu.func @dynamic_smem(%A: memref<8x8xf32>) kernel {
    %c4096 = arith.constant 4096 : index
    %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %s = memref.view %smem[%c4096][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8x8xf32, #gpu.address_space<workgroup>>
    linalg.copy ins(%A : memref<8x8xf32>) outs(%s : memref<8x8xf32, #gpu.address_space<workgroup>>)
    gpu.return
  }
}

// -----

// An elementwise operator's thread tile (ReLU, with a constant in its body
// and a scalar from outside): read, computed and written as vectors.

// CHECK-LABEL: gpu.func @relu
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-DAG: %[[SCALE:.*]] = vector.broadcast %{{.*}} : f32 to vector<4xf32>
// CHECK: scf.for %[[I:.*]] = %c0 to %c2 step %c1
// CHECK: scf.for %[[J:.*]] = %c0 to %c8 step %c4
// CHECK: %[[X:.*]] = vector.load %{{.*}}[%[[I]], %[[J]]] {alignment = 16 : i64} : memref<2x8xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// CHECK: %[[M:.*]] = arith.maximumf %[[X]], %[[ZERO]] : vector<4xf32>
// CHECK: %[[S:.*]] = arith.mulf %[[M]], %[[SCALE]] : vector<4xf32>
// CHECK: vector.store %[[S]], %{{.*}}[%[[I]], %[[J]]] {alignment = 16 : i64} : memref<2x8xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// CHECK-NOT: linalg.generic
gpu.module @kernels {
  gpu.func @relu(%X: memref<64x64xf32>, %Y: memref<64x64xf32>, %scale: f32) kernel {
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %row = arith.muli %tx, %c2 : index
    %col = arith.muli %tx, %c8 : index
    %x = memref.subview %X[%row, %col] [2, 8] [1, 1] : memref<64x64xf32> to memref<2x8xf32, strided<[64, 1], offset: ?>>
    %y = memref.subview %Y[%row, %col] [2, 8] [1, 1] : memref<64x64xf32> to memref<2x8xf32, strided<[64, 1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : memref<2x8xf32, strided<[64, 1], offset: ?>>) outs(%y : memref<2x8xf32, strided<[64, 1], offset: ?>>) {
    ^bb0(%in: f32, %out: f32):
      %zero = arith.constant 0.0 : f32
      %m = arith.maximumf %in, %zero : f32
      %s = arith.mulf %m, %scale : f32
      linalg.yield %s : f32
    }
    gpu.return
  }
}

// -----

// An op that reads its output (accumulates) loads it too; mixed element
// types take the width of the widest (f16 in, f32 out: 4 elements).

// CHECK-LABEL: gpu.func @accumulate_mixed
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c4
// CHECK: %[[H:.*]] = vector.load %{{.*}} {alignment = 8 : i64} : memref<8xf16>, vector<4xf16>
// CHECK: %[[ACC:.*]] = vector.load %{{.*}} {alignment = 16 : i64} : memref<8xf32>, vector<4xf32>
// CHECK: %[[E:.*]] = arith.extf %[[H]] : vector<4xf16> to vector<4xf32>
// CHECK: %[[A:.*]] = arith.addf %[[ACC]], %[[E]] : vector<4xf32>
// CHECK: vector.store %[[A]], %{{.*}} {alignment = 16 : i64} : memref<8xf32>, vector<4xf32>
gpu.module @kernels {
  gpu.func @accumulate_mixed(%H: memref<8xf16>, %F: memref<8xf32>) kernel {
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%H : memref<8xf16>) outs(%F : memref<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %e = arith.extf %in : f16 to f32
      %a = arith.addf %out, %e : f32
      linalg.yield %a : f32
    }
    gpu.return
  }
}

// -----

// Broadcasts (a non-identity map), reductions and bodies that read their
// indices are not elementwise on vectors: left alone.

// CHECK-LABEL: gpu.func @not_elementwise
// CHECK-NOT: vector.load
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK: linalg.index
// CHECK: linalg.generic
gpu.module @kernels {
  gpu.func @not_elementwise(%B: memref<8xf32>, %X: memref<4x8xf32>, %Y: memref<4xf32>) kernel {
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%B : memref<8xf32>) outs(%X : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        outs(%B : memref<8xf32>) {
    ^bb0(%out: f32):
      %i = linalg.index 0 : index
      %c = arith.index_cast %i : index to i32
      %f = arith.sitofp %c : i32 to f32
      linalg.yield %f : f32
    }
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%X : memref<4x8xf32>) outs(%Y : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %a = arith.addf %in, %out : f32
      linalg.yield %a : f32
    }
    gpu.return
  }
}

// -----

// A boundary block's staging copy (--roller-pad-mma-boundary-tiles): a fill
// of zeros over the thread's static 2x8 piece, marked roller.zero_fill, and
// the asynchronous copy of the %r x %c part inside the tensor into a prefix
// of the piece become one 16-byte cp.async per row of the piece, each
// reading the elements of its row the copy has (none past row %r, at most
// %c) and zero-filling the rest; nothing is stored first.

// CHECK-LABEL: gpu.func @zero_fill
// CHECK-NOT: linalg.fill
// CHECK-NOT: vector.store
// CHECK: scf.for %[[I:.*]] = %c0 to %c2 step %c1
// CHECK: %[[COUNT:.*]] = arith.maxsi %{{.*}}, %c0 : index
// CHECK: %[[ROW:.*]] = arith.cmpi ult, %[[I]], %[[R:.*]] : index
// CHECK: %[[IN:.*]] = arith.andi %{{.*}}, %[[ROW]] : i1
// CHECK: %[[N:.*]] = arith.select %[[IN]], %[[COUNT]], %c0 : index
// CHECK: %[[SI:.*]] = arith.select %[[IN]], %[[I]], %c0 : index
// CHECK: nvgpu.device_async_copy %{{.*}}[%[[SI]], %{{.*}}], %{{.*}}[%[[I]], %c0], 8, %[[N]] {bypassL1} : memref<?x?xf16, strided<[64, 1], offset: ?>> to memref<2x8xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NOT: linalg.copy
gpu.module @kernels {
  gpu.func @zero_fill(%A: memref<64x64xf16>, %r: index, %c: index) workgroup(%S: memref<32x24xf16, #gpu.address_space<workgroup>>) kernel {
    %zero = arith.constant 0.0 : f16
    %tx = gpu.thread_id x
    %row = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%tx]
    %piece = memref.subview %S[%row, 8] [2, 8] [1, 1] : memref<32x24xf16, #gpu.address_space<workgroup>> to memref<2x8xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
    linalg.fill {roller.zero_fill} ins(%zero : f16) outs(%piece : memref<2x8xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>)
    %prefix = memref.subview %piece[0, 0] [%r, %c] [1, 1] : memref<2x8xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<?x?xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
    %src = memref.subview %A[%row, 8] [%r, %c] [1, 1] : memref<64x64xf16> to memref<?x?xf16, strided<[64, 1], offset: ?>>
    linalg.copy {roller.async_copy} ins(%src : memref<?x?xf16, strided<[64, 1], offset: ?>>) outs(%prefix : memref<?x?xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>)
    gpu.return
  }
}

// -----

// A gathered run's staging issued ahead (copyGatheredRuns, then
// --roller-pipeline-staging): a copy of 8 contiguous f16 where the run is
// inside, a fill of zeros where not. It becomes one 16-byte cp.async that
// reads the run where %inside holds and zero-fills it where not (src-size
// 0, the source clamped to the tensor's origin): no branch, no store.

// CHECK-LABEL: gpu.func @gathered_run
// CHECK-NOT: scf.if
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[ARG1:.*]], %c6 : index
// CHECK: %[[P:.*]] = arith.select %[[IN]], %[[ARG1]], %c0 : index
// CHECK: %[[Q:.*]] = arith.select %[[IN]], %{{.*}}, %c0 : index
// CHECK: %[[SRC:.*]] = memref.subview %{{.*}}[%[[P]], %[[Q]], 0] [1, 1, 8] [1, 1, 1]
// CHECK: %[[N:.*]] = arith.select %[[IN]], %c8, %c0 : index
// CHECK: nvgpu.device_async_copy %[[SRC]][%c0], %{{.*}}[%c0], 8, %[[N]] {bypassL1}
// CHECK-NOT: linalg.copy
// CHECK-NOT: linalg.fill
// CHECK-NOT: vector.store
gpu.module @kernels {
  gpu.func @gathered_run(%A: memref<6x6x16xf16>, %p: index, %q: index) workgroup(%S: memref<32x16xf16, #gpu.address_space<workgroup>>) kernel {
    %zero = arith.constant 0.0 : f16
    %c6 = arith.constant 6 : index
    %tx = gpu.thread_id x
    %row = affine.apply affine_map<()[s0] -> (s0 floordiv 2)>()[%tx]
    %col = affine.apply affine_map<()[s0] -> ((s0 mod 2) * 8)>()[%tx]
    %inside = arith.cmpi ult, %p, %c6 : index
    %dst = memref.subview %S[%row, %col] [1, 8] [1, 1] : memref<32x16xf16, #gpu.address_space<workgroup>> to memref<8xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    scf.if %inside {
      %src = memref.subview %A[%p, %q, 0] [1, 1, 8] [1, 1, 1] : memref<6x6x16xf16> to memref<8xf16, strided<[1], offset: ?>>
      linalg.copy {roller.async_copy} ins(%src : memref<8xf16, strided<[1], offset: ?>>) outs(%dst : memref<8xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>)
    } else {
      linalg.fill ins(%zero : f16) outs(%dst : memref<8xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>)
    }
    gpu.return
  }
}

// -----

// A run in a pad of another value than zero keeps its branch: the copy is a
// cp.async of its own, the fill stays a fill.

// CHECK-LABEL: gpu.func @gathered_run_padded_with_ones
// CHECK: scf.if
// CHECK: nvgpu.device_async_copy
// CHECK: } else {
// CHECK: linalg.fill
gpu.module @kernels {
  gpu.func @gathered_run_padded_with_ones(%A: memref<6x6x16xf16>, %p: index, %q: index) workgroup(%S: memref<32x16xf16, #gpu.address_space<workgroup>>) kernel {
    %one = arith.constant 1.0 : f16
    %c6 = arith.constant 6 : index
    %tx = gpu.thread_id x
    %row = affine.apply affine_map<()[s0] -> (s0 floordiv 2)>()[%tx]
    %col = affine.apply affine_map<()[s0] -> ((s0 mod 2) * 8)>()[%tx]
    %inside = arith.cmpi ult, %p, %c6 : index
    %dst = memref.subview %S[%row, %col] [1, 8] [1, 1] : memref<32x16xf16, #gpu.address_space<workgroup>> to memref<8xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    scf.if %inside {
      %src = memref.subview %A[%p, %q, 0] [1, 1, 8] [1, 1, 1] : memref<6x6x16xf16> to memref<8xf16, strided<[1], offset: ?>>
      linalg.copy {roller.async_copy} ins(%src : memref<8xf16, strided<[1], offset: ?>>) outs(%dst : memref<8xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>)
    } else {
      linalg.fill ins(%one : f16) outs(%dst : memref<8xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>)
    }
    gpu.return
  }
}

// -----

// A thread's piece of a staging copy whose rows the threads do not divide
// evenly (5 rows each of 288: the last thread's 3) has a dynamic row count
// and a static row: still a loop of whole rows, one 16-byte cp.async each
// (and a plain copy, one 16-byte load and store each).

// CHECK-LABEL: gpu.func @ragged_rows
// CHECK: %[[ROWS:.*]] = affine.min
// CHECK: scf.for %[[I:.*]] = %c0 to %[[ROWS]] step %c1 {
// CHECK-NEXT: nvgpu.device_async_copy %{{.*}}[%[[I]], %c0], %{{.*}}[%[[I]], %c0], 8 {bypassL1} : memref<?x8xf16, strided<[64, 1], offset: ?>> to memref<?x8xf16, strided<[40, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: scf.for %[[J:.*]] = %c0 to %[[ROWS]] step %c1 {
// CHECK-NEXT: %[[V:.*]] = vector.load %{{.*}}[%[[J]], %c0] {alignment = 16 : i64}
// CHECK-NEXT: vector.store %[[V]], %{{.*}}[%[[J]], %c0] {alignment = 16 : i64}
// CHECK-NOT: linalg.copy
gpu.module @kernels {
  gpu.func @ragged_rows(%B: memref<288x64xf16>) workgroup(%S: memref<288x40xf16, #gpu.address_space<workgroup>>, %T: memref<288x40xf16, #gpu.address_space<workgroup>>) kernel {
    %tx = gpu.thread_id x
    %rows = affine.min affine_map<()[s0] -> ((s0 floordiv 4) * -5 + 288, 5)>()[%tx]
    %r = affine.apply affine_map<()[s0] -> ((s0 floordiv 4) * 5)>()[%tx]
    %c = affine.apply affine_map<()[s0] -> ((s0 mod 4) * 8)>()[%tx]
    %src = memref.subview %B[%r, %c] [%rows, 8] [1, 1] : memref<288x64xf16> to memref<?x8xf16, strided<[64, 1], offset: ?>>
    %dst = memref.subview %S[%r, %c] [%rows, 8] [1, 1] : memref<288x40xf16, #gpu.address_space<workgroup>> to memref<?x8xf16, strided<[40, 1], offset: ?>, #gpu.address_space<workgroup>>
    linalg.copy {roller.async_copy} ins(%src : memref<?x8xf16, strided<[64, 1], offset: ?>>) outs(%dst : memref<?x8xf16, strided<[40, 1], offset: ?>, #gpu.address_space<workgroup>>)
    %dst2 = memref.subview %T[%r, %c] [%rows, 8] [1, 1] : memref<288x40xf16, #gpu.address_space<workgroup>> to memref<?x8xf16, strided<[40, 1], offset: ?>, #gpu.address_space<workgroup>>
    linalg.copy ins(%src : memref<?x8xf16, strided<[64, 1], offset: ?>>) outs(%dst2 : memref<?x8xf16, strided<[40, 1], offset: ?>, #gpu.address_space<workgroup>>)
    gpu.return
  }
}
