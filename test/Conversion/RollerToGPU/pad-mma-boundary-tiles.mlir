// RUN: roller-opt %s --split-input-file --roller-pad-mma-boundary-tiles | FileCheck %s

// A boundary block of a 40 x 24 x 16 f16 matmul (block tile 32 x 16 x 16,
// warp tiles 16 x 8 x 16): %m rows of the block are inside the tensor. The
// thread's copy piece of A (one row of 8 halves, %r rows of it inside)
// zeroes its whole static piece first (roller.zero_fill: a 1 x 8 view, no
// clipping needed) and then copies into a prefix view of that piece, still
// asynchronous (--roller-vectorize-accesses makes the pair zero-filling
// cp.async copies); the warp tile reads the static 16 x 16 view of A at
// the same origin, and B's static view is untouched. The accumulator stays
// a view of dynamic size.

// CHECK-LABEL: func.func @boundary_block
// CHECK: %[[PIECE:.*]] = memref.subview %[[SA:.*]][%[[ROW:.*]], %[[COL:.*]]] [1, 8] [1, 1] : memref<32x24xf16, #gpu.address_space<workgroup>> to memref<1x8xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT: linalg.fill {roller.zero_fill} ins(%[[ZERO]] : f16) outs(%[[PIECE]] : memref<1x8xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>)
// CHECK-NEXT: %[[PREFIX:.*]] = memref.subview %[[PIECE]][0, 0] [%{{.*}}, 8] [1, 1]
// CHECK-NEXT: linalg.copy {roller.async_copy} ins(%{{.*}} : memref<?x8xf16, strided<[16, 1], offset: ?>>) outs(%[[PREFIX]] : memref<?x8xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>)
// CHECK: gpu.barrier
// CHECK: %[[WA:.*]] = memref.subview %[[SA]][%{{.*}}, 0] [16, 16] [1, 1] : memref<32x24xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[WA]], %{{.*}} : memref<16x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x8xf16, strided<[24, 1], offset: 8>, #gpu.address_space<workgroup>>)
// CHECK-SAME: outs(%{{.*}} : memref<?x8xf32, strided<[24, 1], offset: ?>>)
#mapA = affine_map<(d0, d1, d2) -> (d0, d2)>
#mapB = affine_map<(d0, d1, d2) -> (d2, d1)>
#mapC = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @boundary_block(%A: memref<40x16xf16>, %C: memref<40x24xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<32x24xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<16x24xf16, #gpu.address_space<workgroup>>) {
    %m = affine.min affine_map<()[s0] -> (s0 * -32 + 40, 32)>()[%bx]
    // The thread's piece of A: row tx / 2, columns (tx mod 2) * 8.
    %r0 = affine.min affine_map<()[s0, s1] -> (s0 - s1 floordiv 2, 1)>()[%m, %tx]
    %r = affine.max affine_map<()[s0] -> (0, s0)>()[%r0]
    %row = affine.apply affine_map<()[s0] -> (s0 floordiv 2)>()[%tx]
    %col = affine.apply affine_map<()[s0] -> ((s0 mod 2) * 8)>()[%tx]
    %block = memref.subview %sa[0, 0] [%m, 16] [1, 1] : memref<32x24xf16, #gpu.address_space<workgroup>> to memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
    %dst = memref.subview %block[%row, %col] [%r, 8] [1, 1] : memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>> to memref<?x8xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
    %src = memref.subview %A[%row, %col] [%r, 8] [1, 1] : memref<40x16xf16> to memref<?x8xf16, strided<[16, 1], offset: ?>>
    linalg.copy {roller.async_copy} ins(%src : memref<?x8xf16, strided<[16, 1], offset: ?>>) outs(%dst : memref<?x8xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>)
    gpu.barrier
    // The warp's tile: rows (tx / 32) * 16, %w of them inside.
    %wm = affine.apply affine_map<()[s0] -> ((s0 floordiv 32) * 16)>()[%tx]
    %w0 = affine.min affine_map<()[s0, s1] -> (s0 - (s1 floordiv 32) * 16, 16)>()[%m, %tx]
    %w = affine.max affine_map<()[s0] -> (0, s0)>()[%w0]
    %a = memref.subview %block[%wm, 0] [%w, 16] [1, 1] : memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>> to memref<?x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
    %b = memref.subview %sb[0, 8] [16, 8] [1, 1] : memref<16x24xf16, #gpu.address_space<workgroup>> to memref<16x8xf16, strided<[24, 1], offset: 8>, #gpu.address_space<workgroup>>
    %acc = memref.subview %C[%wm, 8] [%w, 8] [1, 1] : memref<40x24xf32> to memref<?x8xf32, strided<[24, 1], offset: ?>>
    linalg.generic {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<?x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x8xf16, strided<[24, 1], offset: 8>, #gpu.address_space<workgroup>>)
        outs(%acc : memref<?x8xf32, strided<[24, 1], offset: ?>>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %s: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %p = arith.mulf %xf, %yf : f32
      %q = arith.addf %s, %p : f32
      linalg.yield %q : f32
    }
    gpu.terminator
  }
  return
}

// -----

// A copy whose pieces split the tile raggedly (20 rows in pieces of 3): the
// zeroed piece is clipped at the buffer's end, never past it, and to
// nothing for the threads whose piece starts past it (7 pieces, 32
// threads), so its size is dynamic and the copy becomes synchronous,
// ordered after the fill (no zero-filling cp.async of a piece of unknown
// size). The copy in the interior version (the other branch of the scf.if)
// feeds no padded warp tile and stays as it was, asynchronous.

// CHECK-DAG: #[[CLIP:.*]] = affine_map<()[s0] -> (3, s0 * -3 + 20)>
// CHECK-DAG: #[[ZERO:.*]] = affine_map<()[s0] -> (0, s0)>
// CHECK-LABEL: func.func @ragged_pieces
// CHECK: scf.if
// CHECK-NOT: linalg.fill
// CHECK: linalg.copy {roller.async_copy}
// CHECK: } else {
// CHECK: %[[M:.*]] = affine.min #[[CLIP]]()[%{{[a-z0-9]+}}]
// CHECK: %[[N:.*]] = affine.max #[[ZERO]]()[%[[M]]]
// CHECK: %[[PIECE:.*]] = memref.subview %{{.*}}[%{{.*}}, 0] [%[[N]], 16] [1, 1] : memref<20x24xf16, #gpu.address_space<workgroup>> to memref<?x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: linalg.fill ins(%{{.*}} : f16) outs(%[[PIECE]]
// CHECK-NEXT: linalg.copy ins(
// CHECK: %[[WA:.*]] = memref.subview %{{.*}}[0, 0] [16, 16] [1, 1] : memref<20x24xf16, #gpu.address_space<workgroup>>
// CHECK: %[[WB:.*]] = memref.subview %{{.*}}[0, 0] [16, 8] [1, 1] : memref<20x8xf16, #gpu.address_space<workgroup>>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[WA]], %[[WB]] :
func.func @ragged_pieces(%A: memref<20x16xf16>, %C: memref<16x8xf32>, %interior: i1, %k: index) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<20x24xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<20x8xf16, #gpu.address_space<workgroup>>) {
    %row = affine.apply affine_map<()[s0] -> (s0 * 3)>()[%tx]
    scf.if %interior {
      %dst = memref.subview %sa[%row, 0] [3, 16] [1, 1] : memref<20x24xf16, #gpu.address_space<workgroup>> to memref<3x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
      %src = memref.subview %A[%row, 0] [3, 16] [1, 1] : memref<20x16xf16> to memref<3x16xf16, strided<[16, 1], offset: ?>>
      linalg.copy {roller.async_copy} ins(%src : memref<3x16xf16, strided<[16, 1], offset: ?>>) outs(%dst : memref<3x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>)
    } else {
      // %k reduction rows are inside: pieces of 3 rows, the last shorter.
      %r0 = affine.min affine_map<()[s0, s1] -> (s0 - s1 * 3, 3)>()[%k, %tx]
      %r = affine.max affine_map<()[s0] -> (0, s0)>()[%r0]
      %block = memref.subview %sa[0, 0] [%k, 16] [1, 1] : memref<20x24xf16, #gpu.address_space<workgroup>> to memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
      %dst = memref.subview %block[%row, 0] [%r, 16] [1, 1] : memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>> to memref<?x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
      %src = memref.subview %A[%row, 0] [%r, 16] [1, 1] : memref<20x16xf16> to memref<?x16xf16, strided<[16, 1], offset: ?>>
      linalg.copy {roller.async_copy} ins(%src : memref<?x16xf16, strided<[16, 1], offset: ?>>) outs(%dst : memref<?x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>)
      gpu.barrier
      %kk = affine.min affine_map<()[s0] -> (s0, 16)>()[%k]
      %a = memref.subview %block[0, 0] [%kk, 16] [1, 1] : memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>> to memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
      %b = memref.subview %sb[0, 0] [%kk, 8] [1, 1] : memref<20x8xf16, #gpu.address_space<workgroup>> to memref<?x8xf16, strided<[8, 1]>, #gpu.address_space<workgroup>>
      linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %b : memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<?x8xf16, strided<[8, 1]>, #gpu.address_space<workgroup>>)
          outs(%C : memref<16x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
      ^bb0(%x: f16, %y: f16, %s: f32):
        %xf = arith.extf %x : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %p = arith.mulf %xf, %yf : f32
        %q = arith.addf %s, %p : f32
        linalg.yield %q : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// Left alone: a warp tile whose dynamic size has no constant bound (the
// CUDA-core fallback of --roller-vectorize-mma computes it), and one whose
// inputs are static already.

// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: linalg.fill
// CHECK: linalg.copy {roller.async_copy}
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<16x8xf16, #gpu.address_space<workgroup>>)
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<16x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<16x8xf16, #gpu.address_space<workgroup>>)
func.func @left_alone(%A: memref<?x16xf16>, %C: memref<?x8xf32>, %D: memref<16x8xf32>, %m: index) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<32x24xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<16x8xf16, #gpu.address_space<workgroup>>) {
    %a = memref.subview %sa[0, 0] [%m, 16] [1, 1] : memref<32x24xf16, #gpu.address_space<workgroup>> to memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
    %src = memref.subview %A[0, 0] [%m, 16] [1, 1] : memref<?x16xf16> to memref<?x16xf16, strided<[16, 1]>>
    linalg.copy {roller.async_copy} ins(%src : memref<?x16xf16, strided<[16, 1]>>) outs(%a : memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>)
    gpu.barrier
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %sb : memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<16x8xf16, #gpu.address_space<workgroup>>)
        outs(%C : memref<?x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %s: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %p = arith.mulf %xf, %yf : f32
      %q = arith.addf %s, %p : f32
      linalg.yield %q : f32
    }
    %full = memref.subview %sa[0, 0] [16, 16] [1, 1] : memref<32x24xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%full, %sb : memref<16x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<16x8xf16, #gpu.address_space<workgroup>>)
        outs(%D : memref<16x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %s: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %p = arith.mulf %xf, %yf : f32
      %q = arith.addf %s, %p : f32
      linalg.yield %q : f32
    }
    gpu.terminator
  }
  return
}

// -----

// The static partial last reduction step of an interior block (K = 40 in
// steps of 16: 8 left): its warp tile reads A and B rounded up to the mma k
// (16 x 16 and 16 x 8 views of the step's shared tiles, which hold a full
// step), and the slabs past the step, A's columns 8-15 of its 16 rows and
// B's rows 8-15 of its 8 columns, are zeroed by the block's threads (each
// every 32nd element) after the barrier that precedes the warp tile and
// behind a barrier of their own. The step's copies (not shown) write only
// its first 8.

// CHECK-DAG: #[[ID_MAP:.+]] = affine_map<(d0, d1, d2)[s0, s1] -> (d0 + (d1 + d2 * s1) * s0)>
// CHECK-DAG: #[[SAME:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[PLUS8:.+]] = affine_map<(d0) -> (d0 + 8)>
// CHECK-LABEL: func.func @partial_reduction_step
// CHECK: gpu.barrier
// CHECK: %[[ID:.*]] = affine.apply #[[ID_MAP]]
// CHECK: %[[N:.*]] = affine.apply
// CHECK: %[[END:.*]] = arith.constant 128 : index
// CHECK: scf.for %[[I:.*]] = %[[ID]] to %[[END]] step %[[N]] {
// CHECK:   %[[P:.*]]:2 = affine.delinearize_index %[[I]] into (16, 8)
// CHECK:   %[[ROW:.*]] = affine.apply #[[SAME]](%[[P]]#0)
// CHECK:   %[[COL:.*]] = affine.apply #[[PLUS8]](%[[P]]#1)
// CHECK:   memref.store %{{.*}}, %[[SA:.*]][%[[ROW]], %[[COL]]] : memref<16x24xf16, #gpu.address_space<workgroup>>
// CHECK: arith.constant 64 : index
// CHECK: scf.for
// CHECK:   %[[Q:.*]]:2 = affine.delinearize_index %{{.*}} into (8, 8)
// CHECK:   %[[KROW:.*]] = affine.apply #[[PLUS8]](%[[Q]]#0)
// CHECK:   %[[NCOL:.*]] = affine.apply #[[SAME]](%[[Q]]#1)
// CHECK:   memref.store %{{.*}}, %{{.*}}[%[[KROW]], %[[NCOL]]] : memref<16x16xf16, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: %[[WA:.*]] = memref.subview %[[SA]][0, 0] [16, 16] [1, 1]
// CHECK: %[[WB:.*]] = memref.subview %{{.*}}[0, 0] [16, 8] [1, 1]
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[WA]], %[[WB]] : memref<16x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<16x8xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>)
func.func @partial_reduction_step(%C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<16x24xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<16x16xf16, #gpu.address_space<workgroup>>) {
    gpu.barrier
    %a = memref.subview %sa[0, 0] [16, 8] [1, 1] : memref<16x24xf16, #gpu.address_space<workgroup>> to memref<16x8xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
    %b = memref.subview %sb[0, 0] [8, 8] [1, 1] : memref<16x16xf16, #gpu.address_space<workgroup>> to memref<8x8xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>
    %wa = memref.subview %a[0, 0] [16, 8] [1, 1] : memref<16x8xf16, strided<[24, 1]>, #gpu.address_space<workgroup>> to memref<16x8xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%wa, %b : memref<16x8xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<8x8xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>)
        outs(%C : memref<16x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %s: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %p = arith.mulf %xf, %yf : f32
      %q = arith.addf %s, %p : f32
      linalg.yield %q : f32
    }
    gpu.terminator
  }
  return
}

// -----

// A tensor of 5 rows (m below the mma m) in a block tile of 16: the copies
// of every step write rows 0-4 of A's shared tile, so rows 5-15 are zeroed
// once, first thing in the kernel (behind a barrier), over the whole
// buffer; the warp tile reads the 16 x 16 view, and the 5 x 8 accumulator
// becomes a view of dynamic size, whose accesses --roller-vectorize-mma
// masks. B needs nothing.

// CHECK-DAG: #[[PLUS5:.+]] = affine_map<(d0) -> (d0 + 5)>
// CHECK-LABEL: func.func @five_rows
// CHECK: gpu.launch
// CHECK-NEXT: affine.apply
// CHECK-NEXT: affine.apply
// CHECK-NEXT: %[[END:.*]] = arith.constant 264 : index
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[END]] step
// CHECK-NEXT:   %[[P:.*]]:2 = affine.delinearize_index %{{.*}} into (11, 24)
// CHECK-NEXT:   %[[ROW:.*]] = affine.apply #[[PLUS5]](%[[P]]#0)
// CHECK:        memref.store %{{.*}}, %[[SA:.*]][%[[ROW]], %{{.*}}] : memref<16x24xf16, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: gpu.barrier
// CHECK: %[[WA:.*]] = memref.subview %[[SA]][0, 0] [16, 16] [1, 1]
// CHECK: %[[ACC:.*]] = memref.cast %{{.*}} : memref<5x8xf32> to memref<?x8xf32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[WA]], %{{.*}} : memref<16x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<16x8xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>)
// CHECK-SAME: outs(%[[ACC]] : memref<?x8xf32>)
func.func @five_rows(%C: memref<5x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<16x24xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<16x16xf16, #gpu.address_space<workgroup>>) {
    scf.for %step = %c0 to %c2 step %c1 {
      gpu.barrier
      %a = memref.subview %sa[0, 0] [5, 16] [1, 1] : memref<16x24xf16, #gpu.address_space<workgroup>> to memref<5x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
      %wa = memref.subview %a[0, %c0] [5, 16] [1, 1] : memref<5x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>> to memref<5x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
      %wb = memref.subview %sb[%c0, 0] [16, 8] [1, 1] : memref<16x16xf16, #gpu.address_space<workgroup>> to memref<16x8xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
      linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%wa, %wb : memref<5x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x8xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>)
          outs(%C : memref<5x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
      ^bb0(%x: f16, %y: f16, %s: f32):
        %xf = arith.extf %x : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %p = arith.mulf %xf, %yf : f32
        %q = arith.addf %s, %p : f32
        linalg.yield %q : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// Left alone, computed on the CUDA cores over its own ranges: a partial
// step whose shared tile has no room for the rounded view (B's buffer holds
// 8 rows of k), one whose slab would start at an offset that is not a
// constant, and one with no barrier before it (no point every thread is
// known to reach for the zeroing), in the launch's order: the last first.

// CHECK-LABEL: func.func @partial_step_left_alone
// CHECK-NOT: scf.for
// CHECK-NOT: memref.store
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<16x8xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<8x8xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>)
// CHECK: gpu.barrier
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<16x8xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<8x8xf16, #gpu.address_space<workgroup>>)
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<16x8xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<8x8xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>)
// CHECK-NOT: memref.store
func.func @partial_step_left_alone(%C: memref<16x8xf32>, %k: index) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<16x24xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<16x16xf16, #gpu.address_space<workgroup>>,
                       %sn : memref<8x8xf16, #gpu.address_space<workgroup>>) {
    %a = memref.subview %sa[0, 0] [16, 8] [1, 1] : memref<16x24xf16, #gpu.address_space<workgroup>> to memref<16x8xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
    %b = memref.subview %sb[0, 0] [8, 8] [1, 1] : memref<16x16xf16, #gpu.address_space<workgroup>> to memref<8x8xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<16x8xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<8x8xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>)
        outs(%C : memref<16x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %s: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %p = arith.mulf %xf, %yf : f32
      %q = arith.addf %s, %p : f32
      linalg.yield %q : f32
    }
    gpu.barrier
    %wn = memref.subview %sn[0, 0] [8, 8] [1, 1] : memref<8x8xf16, #gpu.address_space<workgroup>> to memref<8x8xf16, #gpu.address_space<workgroup>>
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %wn : memref<16x8xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<8x8xf16, #gpu.address_space<workgroup>>)
        outs(%C : memref<16x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %s: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %p = arith.mulf %xf, %yf : f32
      %q = arith.addf %s, %p : f32
      linalg.yield %q : f32
    }
    %ak = memref.subview %sa[0, %k] [16, 8] [1, 1] : memref<16x24xf16, #gpu.address_space<workgroup>> to memref<16x8xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%ak, %b : memref<16x8xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<8x8xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>)
        outs(%C : memref<16x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %s: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %p = arith.mulf %xf, %yf : f32
      %q = arith.addf %s, %p : f32
      linalg.yield %q : f32
    }
    gpu.terminator
  }
  return
}

// -----

// The last k-slice of a partial step (K = 56 in steps of 32: 24 left, in
// warp slices of 16 and 8): the tail slice reads A and B rounded up to 16,
// up to column (row) 32 of the step's shared tiles, and the slabs from the
// step's end (24) to there are zeroed. The full slice before it is left as
// it is.

// CHECK-DAG: #[[PLUS24:.+]] = affine_map<(d0) -> (d0 + 24)>
// CHECK-LABEL: func.func @last_k_slice
// CHECK: scf.for
// CHECK:   affine.delinearize_index %{{.*}} into (16, 8)
// CHECK:   affine.apply #[[PLUS24]]
// CHECK:   memref.store %{{.*}} : memref<16x40xf16, #gpu.address_space<workgroup>>
// CHECK: scf.for
// CHECK:   affine.delinearize_index %{{.*}} into (8, 8)
// CHECK:   affine.apply #[[PLUS24]]
// CHECK:   memref.store %{{.*}} : memref<32x16xf16, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: %[[WA:.*]] = memref.subview %{{.*}}[0, 16] [16, 16] [1, 1] : memref<16x40xf16, #gpu.address_space<workgroup>>
// CHECK: %[[WB:.*]] = memref.subview %{{.*}}[16, 0] [16, 8] [1, 1] : memref<32x16xf16, #gpu.address_space<workgroup>>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[WA]], %[[WB]] : memref<16x16xf16, strided<[40, 1], offset: 16>, #gpu.address_space<workgroup>>, memref<16x8xf16, strided<[16, 1], offset: 256>, #gpu.address_space<workgroup>>)
func.func @last_k_slice(%C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<16x40xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<32x16xf16, #gpu.address_space<workgroup>>) {
    gpu.barrier
    %a = memref.subview %sa[0, 0] [16, 24] [1, 1] : memref<16x40xf16, #gpu.address_space<workgroup>> to memref<16x24xf16, strided<[40, 1]>, #gpu.address_space<workgroup>>
    %b = memref.subview %sb[0, 0] [24, 8] [1, 1] : memref<32x16xf16, #gpu.address_space<workgroup>> to memref<24x8xf16, strided<[16, 1]>, #gpu.address_space<workgroup>>
    %tail_a = memref.subview %a[0, 16] [16, 8] [1, 1] : memref<16x24xf16, strided<[40, 1]>, #gpu.address_space<workgroup>> to memref<16x8xf16, strided<[40, 1], offset: 16>, #gpu.address_space<workgroup>>
    %tail_b = memref.subview %b[16, 0] [8, 8] [1, 1] : memref<24x8xf16, strided<[16, 1]>, #gpu.address_space<workgroup>> to memref<8x8xf16, strided<[16, 1], offset: 256>, #gpu.address_space<workgroup>>
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%tail_a, %tail_b : memref<16x8xf16, strided<[40, 1], offset: 16>, #gpu.address_space<workgroup>>, memref<8x8xf16, strided<[16, 1], offset: 256>, #gpu.address_space<workgroup>>)
        outs(%C : memref<16x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %s: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %p = arith.mulf %xf, %yf : f32
      %q = arith.addf %s, %p : f32
      linalg.yield %q : f32
    }
    gpu.terminator
  }
  return
}

// -----

// Idle threads: a copy spread over more threads than pieces (16 rows of A,
// one row per thread, 32 threads). Threads 16-31 start past the buffer's
// last row, so the zeroed piece is clipped (to nothing for them), not the
// static row it would be if every thread stayed inside.

// CHECK-LABEL: func.func @idle_threads
// CHECK: memref.subview %arg0
// CHECK-NEXT: %[[M:.*]] = affine.min #{{.*}}()[%{{.*}}]
// CHECK-NEXT: %[[N:.*]] = affine.max #{{.*}}()[%[[M]]]
// CHECK-NEXT: %[[PIECE:.*]] = memref.subview %{{.*}}[%{{.*}}, 0] [%[[N]], 16] [1, 1] : memref<16x24xf16, #gpu.address_space<workgroup>> to memref<?x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: linalg.fill ins(%{{.*}} : f16) outs(%[[PIECE]]
// CHECK-NEXT: linalg.copy ins(
func.func @idle_threads(%A: memref<16x16xf16>, %C: memref<?x8xf32>, %m: index) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<16x24xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<16x8xf16, #gpu.address_space<workgroup>>) {
    %rows = affine.min affine_map<()[s0] -> (s0, 16)>()[%m]
    %r0 = affine.min affine_map<()[s0, s1] -> (s0 - s1, 1)>()[%rows, %tx]
    %r = affine.max affine_map<()[s0] -> (0, s0)>()[%r0]
    %block = memref.subview %sa[0, 0] [%rows, 16] [1, 1] : memref<16x24xf16, #gpu.address_space<workgroup>> to memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
    %dst = memref.subview %block[%tx, 0] [%r, 16] [1, 1] : memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>> to memref<?x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
    %src = memref.subview %A[%tx, 0] [%r, 16] [1, 1] : memref<16x16xf16> to memref<?x16xf16, strided<[16, 1], offset: ?>>
    linalg.copy {roller.async_copy} ins(%src : memref<?x16xf16, strided<[16, 1], offset: ?>>) outs(%dst : memref<?x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>)
    gpu.barrier
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%block, %sb : memref<?x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<16x8xf16, #gpu.address_space<workgroup>>)
        outs(%C : memref<?x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %s: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %p = arith.mulf %xf, %yf : f32
      %q = arith.addf %s, %p : f32
      linalg.yield %q : f32
    }
    gpu.terminator
  }
  return
}

// -----

// A tensor of 5 rows in a pipelined loop of two stages, in bf16: the shared
// tile of A is a byte buffer, viewed as bf16 (2 stages of 16 x 24) at the
// start of the launch, and each step's warp tile reads one stage of that
// view. Every stage's copies write rows 0-4, so rows 5-15 are zeroed once
// in both stages, through the view, right after it and behind a barrier.

// CHECK-DAG: #[[PLUS5_S:.+]] = affine_map<(d0) -> (d0 + 5)>
// CHECK-LABEL: func.func @five_rows_in_stages
// CHECK: gpu.launch
// CHECK-NEXT: %[[VIEW:.*]] = memref.view
// CHECK-NEXT: affine.apply
// CHECK-NEXT: affine.apply
// CHECK-NEXT: %[[END:.*]] = arith.constant 528 : index
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[END]] step
// CHECK-NEXT:   %[[P:.*]]:3 = affine.delinearize_index %{{.*}} into (2, 11, 24)
// CHECK:        %[[ROW:.*]] = affine.apply #[[PLUS5_S]](%[[P]]#1)
// CHECK:        memref.store %{{.*}}, %[[VIEW]][%{{.*}}, %[[ROW]], %{{.*}}] : memref<2x16x24xbf16, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<16x16xbf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x8xbf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>)
// CHECK-SAME: outs(%{{.*}} : memref<?x8xf32>)
func.func @five_rows_in_stages(%C: memref<5x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%bytes : memref<1536xi8, #gpu.address_space<workgroup>>,
                       %sb : memref<16x16xbf16, #gpu.address_space<workgroup>>) {
    %sa = memref.view %bytes[%c0][] : memref<1536xi8, #gpu.address_space<workgroup>> to memref<2x16x24xbf16, #gpu.address_space<workgroup>>
    scf.for %step = %c0 to %c2 step %c1 {
      gpu.barrier
      %stage = memref.subview %sa[%step, 0, 0] [1, 16, 24] [1, 1, 1] : memref<2x16x24xbf16, #gpu.address_space<workgroup>> to memref<16x24xbf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
      %a = memref.subview %stage[0, 0] [5, 16] [1, 1] : memref<16x24xbf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<5x16xbf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
      %wb = memref.subview %sb[%c0, 0] [16, 8] [1, 1] : memref<16x16xbf16, #gpu.address_space<workgroup>> to memref<16x8xbf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
      linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %wb : memref<5x16xbf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x8xbf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>)
          outs(%C : memref<5x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
      ^bb0(%x: bf16, %y: bf16, %s: f32):
        %xf = arith.extf %x : bf16 to f32
        %yf = arith.extf %y : bf16 to f32
        %p = arith.mulf %xf, %yf : f32
        %q = arith.addf %s, %p : f32
        linalg.yield %q : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// The same 5 rows in a static piece (16 columns without the padding) of
// each stage of a pipelined loop: a pipelined gathered tile's. The piece is
// at its stage's origin, so the slab is rows 5-15 and columns 0-15 of both
// stages, zeroed once through the view.

// CHECK-DAG: #[[PLUS5_P:.+]] = affine_map<(d0) -> (d0 + 5)>
// CHECK-LABEL: func.func @five_rows_in_pipelined_static_piece
// CHECK: gpu.launch
// CHECK-NEXT: %[[VIEW:.*]] = memref.view
// CHECK-NEXT: affine.apply
// CHECK-NEXT: affine.apply
// CHECK-NEXT: %[[END:.*]] = arith.constant 352 : index
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[END]] step
// CHECK-NEXT:   %[[P:.*]]:3 = affine.delinearize_index %{{.*}} into (2, 11, 16)
// CHECK:        %[[ROW:.*]] = affine.apply #[[PLUS5_P]](%[[P]]#1)
// CHECK:        memref.store %{{.*}}, %[[VIEW]][%{{.*}}, %[[ROW]], %{{.*}}] : memref<2x16x24xf16, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<16x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x8xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>)
// CHECK-SAME: outs(%{{.*}} : memref<?x8xf32>)
func.func @five_rows_in_pipelined_static_piece(%C: memref<5x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%bytes : memref<1536xi8, #gpu.address_space<workgroup>>,
                       %sb : memref<16x16xf16, #gpu.address_space<workgroup>>) {
    %sa = memref.view %bytes[%c0][] : memref<1536xi8, #gpu.address_space<workgroup>> to memref<2x16x24xf16, #gpu.address_space<workgroup>>
    scf.for %step = %c0 to %c2 step %c1 {
      gpu.barrier
      %stage = memref.subview %sa[%step, 0, 0] [1, 16, 24] [1, 1, 1] : memref<2x16x24xf16, #gpu.address_space<workgroup>> to memref<16x24xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
      %piece = memref.subview %stage[0, 0] [16, 16] [1, 1] : memref<16x24xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
      %a = memref.subview %piece[0, 0] [5, 16] [1, 1] : memref<16x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<5x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>
      %wb = memref.subview %sb[%c0, 0] [16, 8] [1, 1] : memref<16x16xf16, #gpu.address_space<workgroup>> to memref<16x8xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
      linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %wb : memref<5x16xf16, strided<[24, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<16x8xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>)
          outs(%C : memref<5x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
      ^bb0(%x: f16, %y: f16, %s: f32):
        %xf = arith.extf %x : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %p = arith.mulf %xf, %yf : f32
        %q = arith.addf %s, %p : f32
        linalg.yield %q : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// The partial last reduction step of K = 17: one k. Its static 16 x 1 and
// 1 x 8 tiles fit no mma (a k of 1 is no multiple of 16), so they are
// rounded up to 16 x 16 and 16 x 8 and the slabs zeroed, as for any
// partial step (B's slab spans the block tile's 32 columns). B's copy gives
// each thread 4 rows of the 1-row tile, a size clamped by the thread's
// offset, whose bound (1) the pass derives from the thread id's range (not
// negative): its piece is zeroed before it.

// CHECK-LABEL: func.func @one_k_partial_step
// CHECK: %[[PIECE:.*]] = memref.subview
// CHECK: linalg.fill ins(%{{.*}} : f16) outs(%[[PIECE]]
// CHECK-NEXT: linalg.copy
// CHECK-NEXT: gpu.barrier
// CHECK: arith.constant 240 : index
// CHECK: scf.for
// CHECK:   affine.delinearize_index %{{.*}} into (16, 15)
// CHECK: arith.constant 480 : index
// CHECK: scf.for
// CHECK:   affine.delinearize_index %{{.*}} into (15, 32)
// CHECK: gpu.barrier
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<16x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<16x8xf16, strided<[40, 1]{{.*}}>, #gpu.address_space<workgroup>>)
func.func @one_k_partial_step(%B: memref<1x32xf16>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<16x24xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<16x40xf16, #gpu.address_space<workgroup>>) {
    %b = memref.subview %sb[0, 0] [1, 32] [1, 1] : memref<16x40xf16, #gpu.address_space<workgroup>> to memref<1x32xf16, strided<[40, 1]>, #gpu.address_space<workgroup>>
    %col = affine.apply affine_map<()[s0] -> (s0 mod 32)>()[%tx]
    %row = affine.apply affine_map<()[s0] -> ((s0 floordiv 32) * 4)>()[%tx]
    %min = affine.min affine_map<()[s0] -> ((s0 floordiv 32) * -4 + 1, 4)>()[%tx]
    %rows = affine.max affine_map<()[s0] -> (0, s0)>()[%min]
    %src = memref.subview %B[%row, %col] [%rows, 1] [1, 1] : memref<1x32xf16> to memref<?x1xf16, strided<[32, 1], offset: ?>>
    %dst = memref.subview %b[%row, %col] [%rows, 1] [1, 1] : memref<1x32xf16, strided<[40, 1]>, #gpu.address_space<workgroup>> to memref<?x1xf16, strided<[40, 1], offset: ?>, #gpu.address_space<workgroup>>
    linalg.copy ins(%src : memref<?x1xf16, strided<[32, 1], offset: ?>>) outs(%dst : memref<?x1xf16, strided<[40, 1], offset: ?>, #gpu.address_space<workgroup>>)
    gpu.barrier
    %a = memref.subview %sa[0, 0] [16, 1] [1, 1] : memref<16x24xf16, #gpu.address_space<workgroup>> to memref<16x1xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
    %wb = memref.subview %b[0, 0] [1, 8] [1, 1] : memref<1x32xf16, strided<[40, 1]>, #gpu.address_space<workgroup>> to memref<1x8xf16, strided<[40, 1]>, #gpu.address_space<workgroup>>
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %wb : memref<16x1xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<1x8xf16, strided<[40, 1]>, #gpu.address_space<workgroup>>)
        outs(%C : memref<16x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
    ^bb0(%x: f16, %y: f16, %s: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %p = arith.mulf %xf, %yf : f32
      %q = arith.addf %s, %p : f32
      linalg.yield %q : f32
    }
    gpu.terminator
  }
  return
}

// -----

// The same 5 rows in a static piece of the buffer (its 16 columns without
// the padding: a gathered tile's, which the copies write whole): the slab
// is the piece's rows 5-15, zeroed once in the attribution, 11 x 16.

// CHECK-DAG: #[[PLUS5:.+]] = affine_map<(d0) -> (d0 + 5)>
// CHECK-LABEL: func.func @five_rows_in_static_piece
// CHECK: gpu.launch
// CHECK: %[[END:.*]] = arith.constant 176 : index
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[END]] step
// CHECK-NEXT:   %[[P:.*]]:2 = affine.delinearize_index %{{.*}} into (11, 16)
// CHECK-NEXT:   %[[ROW:.*]] = affine.apply #[[PLUS5]](%[[P]]#0)
// CHECK:        memref.store %{{.*}}, %[[SA:.*]][%[[ROW]], %{{.*}}] : memref<16x24xf16, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<16x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<16x8xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>)
// CHECK-SAME: outs(%{{.*}} : memref<?x8xf32>)
func.func @five_rows_in_static_piece(%C: memref<5x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sa : memref<16x24xf16, #gpu.address_space<workgroup>>,
                       %sb : memref<16x16xf16, #gpu.address_space<workgroup>>) {
    scf.for %step = %c0 to %c2 step %c1 {
      gpu.barrier
      %piece = memref.subview %sa[0, 0] [16, 16] [1, 1] : memref<16x24xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
      %a = memref.subview %piece[0, 0] [5, 16] [1, 1] : memref<16x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>> to memref<5x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>
      %wb = memref.subview %sb[%c0, 0] [16, 8] [1, 1] : memref<16x16xf16, #gpu.address_space<workgroup>> to memref<16x8xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
      linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %wb : memref<5x16xf16, strided<[24, 1]>, #gpu.address_space<workgroup>>, memref<16x8xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>)
          outs(%C : memref<5x8xf32>) attrs = {roller.mma = array<i64: 16, 8, 16>} {
      ^bb0(%x: f16, %y: f16, %s: f32):
        %xf = arith.extf %x : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %p = arith.mulf %xf, %yf : f32
        %q = arith.addf %s, %p : f32
        linalg.yield %q : f32
      }
    }
    gpu.terminator
  }
  return
}
