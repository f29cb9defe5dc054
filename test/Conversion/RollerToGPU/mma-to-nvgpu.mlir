// RUN: roller-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(roller-mma-to-nvgpu))' --verify-diagnostics | FileCheck %s

// A 16x8x16 contraction in an outlined kernel: ldmatrix for the shared A
// tile, a transposing ldmatrix for the k-major B tile, mma.sync, and
// per-lane loads and stores of the f32 accumulator.

// CHECK-LABEL: gpu.func @kernel
// CHECK: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false}
// CHECK: nvgpu.ldmatrix %{{.*}} {numTiles = 2 : i32, transpose = true}
// CHECK: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK-NOT: vector.contract
// CHECK-NOT: vector.transfer_read
gpu.module @m {
  gpu.func @kernel(%c: memref<16x8xf32>) workgroup(%a : memref<16x16xf16, #gpu.address_space<workgroup>>, %b : memref<16x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %h = arith.constant 0.0 : f16
    %f = arith.constant 0.0 : f32
    %A = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
    %B = vector.transfer_read %b[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16, #gpu.address_space<workgroup>>, vector<16x8xf16>
    %C = vector.transfer_read %c[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
    vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
    gpu.return
  }
}

// -----

// A k-major A tile (a matmul with transposed A) is loaded with a
// transposing ldmatrix at the addresses of an m-major one, which delivers
// its four 8x8 matrices in (m, k) order (0,0), (0,8), (8,0), (8,8):
// the middle two are swapped into mma.sync's order.

// CHECK-LABEL: gpu.func @transposed_a
// CHECK: %[[A:.*]] = nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = true}
// CHECK: %[[FIXED:.*]] = vector.shuffle %[[A]], %[[A]] [0, 2, 1, 3] : vector<4x2xf16>, vector<4x2xf16>
// CHECK: nvgpu.mma.sync(%[[FIXED]], %{{.*}}, %{{.*}}) {mmaShape = [16, 8, 16]}
gpu.module @m {
  gpu.func @transposed_a(%c: memref<16x8xf32>) workgroup(%a : memref<16x16xf16, #gpu.address_space<workgroup>>, %b : memref<16x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %h = arith.constant 0.0 : f16
    %f = arith.constant 0.0 : f32
    %A = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
    %B = vector.transfer_read %b[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16, #gpu.address_space<workgroup>>, vector<16x8xf16>
    %C = vector.transfer_read %c[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
    vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
    gpu.return
  }
}

// -----

// A boundary tile's accumulator, a view of dynamic size read and written
// out of bounds: each lane's element of the fragment is loaded under an
// scf.if on its row and column being inside the view (zero outside), and
// stored under the same test.

// CHECK-LABEL: gpu.func @masked_accumulator
// CHECK: %[[ROWS:.*]] = memref.dim %[[ACC:.*]], %{{.*}} : memref<?x?xf32>
// CHECK: arith.cmpi ult, %{{.*}}, %[[ROWS]] : index
// CHECK: %[[COLS:.*]] = memref.dim %[[ACC]], %{{.*}} : memref<?x?xf32>
// CHECK: %[[IN:.*]] = arith.andi
// CHECK: %[[X:.*]] = scf.if %[[IN]] -> (f32) {
// CHECK-NEXT: %[[L:.*]] = memref.load %[[ACC]]
// CHECK-NEXT: scf.yield %[[L]] : f32
// CHECK-NEXT: } else {
// CHECK: scf.yield %{{.*}} : f32
// CHECK: vector.from_elements
// CHECK: nvgpu.mma.sync
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: %[[E:.*]] = vector.extract %{{.*}}[0] : f32 from vector<2xf32>
// CHECK-NEXT: memref.store %[[E]], %[[ACC]]
// CHECK-NOT: vector.store
// CHECK-NOT: vector.load
// CHECK-NOT: vector.transfer
gpu.module @m {
  gpu.func @masked_accumulator(%c: memref<?x?xf32>) workgroup(%a : memref<16x16xf16, #gpu.address_space<workgroup>>, %b : memref<16x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %h = arith.constant 0.0 : f16
    %f = arith.constant 0.0 : f32
    %A = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
    %B = vector.transfer_read %b[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16, #gpu.address_space<workgroup>>, vector<16x8xf16>
    %C = vector.transfer_read %c[%c0, %c0], %f : memref<?x?xf32>, vector<16x8xf32>
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
    vector.transfer_write %D, %c[%c0, %c0] : vector<16x8xf32>, memref<?x?xf32>
    gpu.return
  }
}

// -----

// The same with roller.bf16_mma (bf16 bits in f16 fragments): the bf16
// nvvm.mma.sync on i32 register pairs.

// CHECK-LABEL: gpu.func @bf16
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: nvgpu.mma.sync
gpu.module @m {
  gpu.func @bf16(%c: memref<16x8xf32>) workgroup(%a : memref<16x16xf16, #gpu.address_space<workgroup>>, %b : memref<16x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %h = arith.constant 0.0 : f16
    %f = arith.constant 0.0 : f32
    %A = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
    %B = vector.transfer_read %b[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16, #gpu.address_space<workgroup>>, vector<16x8xf16>
    %C = vector.transfer_read %c[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C {roller.bf16_mma} : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
    vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
    gpu.return
  }
}

// -----

// Scalar arithmetic that upstream's conversion would start from: rejected
// with the op named, before anything is rewritten.
gpu.module @m {
  gpu.func @scalar(%c: memref<16x8xf32>, %i: index) workgroup(%a : memref<16x16xf16, #gpu.address_space<workgroup>>, %b : memref<16x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    // expected-error @+1 {{scalar 'arith.muli' in a tensor-core kernel: upstream's vector -> nvgpu conversion cannot skip it}}
    %j = arith.muli %i, %c2 : index
    %h = arith.constant 0.0 : f16
    %f = arith.constant 0.0 : f32
    %A = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
    %B = vector.transfer_read %b[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16, #gpu.address_space<workgroup>>, vector<16x8xf16>
    %C = vector.transfer_read %c[%j, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
    vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
    gpu.return
  }
}

// -----

// A contraction whose result escapes the mma fragments (a row extracted):
// upstream's conversion leaves its whole slice alone, which is an error
// here rather than a silently scalarized warp tile.
gpu.module @m {
  gpu.func @escapes(%c: memref<16x8xf32>, %out: memref<8xf32>) workgroup(%a : memref<16x16xf16, #gpu.address_space<workgroup>>, %b : memref<16x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %h = arith.constant 0.0 : f16
    %f = arith.constant 0.0 : f32
    %A = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
    %B = vector.transfer_read %b[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16, #gpu.address_space<workgroup>>, vector<16x8xf16>
    %C = vector.transfer_read %c[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
    // expected-error @+1 {{could not convert this contraction to nvgpu.mma.sync}}
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
    %row = vector.extract %D[0] : vector<8xf32> from vector<16x8xf32>
    vector.store %row, %out[%c0] : memref<8xf32>, vector<8xf32>
    gpu.return
  }
}

// -----

// roller.bf16_mma on a contraction with an f16 accumulator (bf16 mma.sync
// accumulates in f32 only).
gpu.module @m {
  gpu.func @bf16_f16_acc(%c: memref<16x8xf16>) workgroup(%a : memref<16x16xf16, #gpu.address_space<workgroup>>, %b : memref<16x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %h = arith.constant 0.0 : f16
    %A = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
    %B = vector.transfer_read %b[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16, #gpu.address_space<workgroup>>, vector<16x8xf16>
    %C = vector.transfer_read %c[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16>, vector<16x8xf16>
    // expected-error @+1 {{unexpected fragments for a bf16 m16n8k16 mma.sync}}
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C {roller.bf16_mma} : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf16>
    vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf16>, memref<16x8xf16>
    gpu.return
  }
}

// -----

// A contraction far larger than an mma tile is refused before upstream's
// conversion, which would unroll it without bound.
gpu.module @m {
  gpu.func @huge(%c: memref<512x512xf32>) workgroup(%a : memref<512x512xf16, #gpu.address_space<workgroup>>, %b : memref<512x512xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %h = arith.constant 0.0 : f16
    %f = arith.constant 0.0 : f32
    %A = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<512x512xf16, #gpu.address_space<workgroup>>, vector<512x512xf16>
    %B = vector.transfer_read %b[%c0, %c0], %h {in_bounds = [true, true]} : memref<512x512xf16, #gpu.address_space<workgroup>>, vector<512x512xf16>
    %C = vector.transfer_read %c[%c0, %c0], %f {in_bounds = [true, true]} : memref<512x512xf32>, vector<512x512xf32>
    // expected-error @+1 {{contraction operand of type 'vector<512x512xf16>' is larger than an mma.sync tile (at most 256 elements)}}
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<512x512xf16>, vector<512x512xf16> into vector<512x512xf32>
    vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<512x512xf32>, memref<512x512xf32>
    gpu.return
  }
}

// -----

// A fused epilogue after the contraction (a linalg.generic whose body has
// scalar arithmetic, reading a constant of the kernel): set aside while the
// conversion runs, then back as it was, the constant still there.

// CHECK-LABEL: gpu.func @epilogue
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: nvgpu.mma.sync
// CHECK: gpu.barrier
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[Y:.*]] = arith.subf %[[X]], %[[ONE]] : f32
// CHECK-NEXT: linalg.yield %[[Y]] : f32
gpu.module @m {
  gpu.func @epilogue(%c: memref<16x8xf32>, %out: memref<16x8xf32>) workgroup(%a : memref<16x16xf16, #gpu.address_space<workgroup>>, %b : memref<16x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %h = arith.constant 0.0 : f16
    %f = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %A = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
    %B = vector.transfer_read %b[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16, #gpu.address_space<workgroup>>, vector<16x8xf16>
    %C = vector.transfer_read %c[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
    vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
    gpu.barrier
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c : memref<16x8xf32>) outs(%out : memref<16x8xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.subf %x, %one : f32
      linalg.yield %y : f32
    }
    gpu.return
  }
}

// -----

// A contraction of another shape than an mma.sync (n = 13) is refused: the
// conversion made an mma.sync of that shape, and LLVM's translation of its
// nvvm.mma.sync crashed (fuzzer, issue 19).
gpu.module @m {
  gpu.func @not_mma_shape(%c: memref<16x13xf32>) workgroup(%a : memref<16x16xf16, #gpu.address_space<workgroup>>, %b : memref<16x13xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %h = arith.constant 0.0 : f16
    %f = arith.constant 0.0 : f32
    %A = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
    %B = vector.transfer_read %b[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x13xf16, #gpu.address_space<workgroup>>, vector<16x13xf16>
    %C = vector.transfer_read %c[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x13xf32>, vector<16x13xf32>
    // expected-error @+1 {{contraction m16n13k16 of 'f16' x 'f16' into 'f32' is not an mma.sync: roller-mma-to-nvgpu takes m16n8k16 contractions of f16 into f32 or f16 and m16n8k8 ones of f32 into f32 (TF32), as roller-vectorize-mma makes them}}
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<16x16xf16>, vector<16x13xf16> into vector<16x13xf32>
    vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x13xf32>, memref<16x13xf32>
    gpu.return
  }
}

// -----

// The mma.sync shape on other element types (f32, tf32's m16n8k8 aside) is
// refused too.
gpu.module @m {
  gpu.func @not_f16(%c: memref<16x8xf32>) workgroup(%a : memref<16x16xf32, #gpu.address_space<workgroup>>, %b : memref<16x8xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %f = arith.constant 0.0 : f32
    %A = vector.transfer_read %a[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<16x16xf32>
    %B = vector.transfer_read %b[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<16x8xf32>
    %C = vector.transfer_read %c[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
    // expected-error @+1 {{contraction m16n8k16 of 'f32' x 'f32' into 'f32' is not an mma.sync}}
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<16x16xf32>, vector<16x8xf32> into vector<16x8xf32>
    vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
    gpu.return
  }
}

// -----

// A batch loop (parallel, in both operands) is not an mma.sync either.
gpu.module @m {
  gpu.func @batch(%c: memref<1x16x8xf32>) workgroup(%a : memref<1x16x16xf16, #gpu.address_space<workgroup>>, %b : memref<1x16x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %h = arith.constant 0.0 : f16
    %f = arith.constant 0.0 : f32
    %A = vector.transfer_read %a[%c0, %c0, %c0], %h {in_bounds = [true, true, true]} : memref<1x16x16xf16, #gpu.address_space<workgroup>>, vector<1x16x16xf16>
    %B = vector.transfer_read %b[%c0, %c0, %c0], %h {in_bounds = [true, true, true]} : memref<1x16x8xf16, #gpu.address_space<workgroup>>, vector<1x16x8xf16>
    %C = vector.transfer_read %c[%c0, %c0, %c0], %f {in_bounds = [true, true, true]} : memref<1x16x8xf32>, vector<1x16x8xf32>
    // expected-error @+1 {{contraction with loops other than m, n (parallel) and k (a reduction) of 'f16' x 'f16' into 'f32' is not an mma.sync}}
    %D = vector.contract {indexing_maps = [affine_map<(bt, m, n, k) -> (bt, m, k)>, affine_map<(bt, m, n, k) -> (bt, k, n)>, affine_map<(bt, m, n, k) -> (bt, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<1x16x16xf16>, vector<1x16x8xf16> into vector<1x16x8xf32>
    vector.transfer_write %D, %c[%c0, %c0, %c0] {in_bounds = [true, true, true]} : vector<1x16x8xf32>, memref<1x16x8xf32>
    gpu.return
  }
}

// -----

// A 16x8x8 contraction of f32 tiles (TF32): the A tile through ldmatrix
// (each 32-bit element a pair of 16-bit halves), the k-major B tile with
// scalar loads (ldmatrix cannot transpose 32-bit elements), each A and B
// element rounded to TF32 (cvt.rna) and one nvvm.mma.sync on tf32.

// CHECK-LABEL: gpu.func @tf32
// CHECK: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<16x8xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
// CHECK-COUNT-2: memref.load %{{.*}} : memref<8x8xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-6: nvvm.convert.float.to.tf32 %{{.*}} {rnd = #nvvm.fp_rnd_mode<rna>}
// CHECK: nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] B[%{{.*}}, %{{.*}}] C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>}
// CHECK-NOT: nvgpu.mma.sync
// CHECK-NOT: vector.contract
gpu.module @m {
  gpu.func @tf32(%c: memref<16x8xf32>) workgroup(%a : memref<16x8xf32, #gpu.address_space<workgroup>>, %b : memref<8x8xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %f = arith.constant 0.0 : f32
    %A = vector.transfer_read %a[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<16x8xf32>
    %B = vector.transfer_read %b[%c0, %c0], %f {in_bounds = [true, true]} : memref<8x8xf32, #gpu.address_space<workgroup>>, vector<8x8xf32>
    %C = vector.transfer_read %c[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<16x8xf32>, vector<8x8xf32> into vector<16x8xf32>
    vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
    gpu.return
  }
}

// -----

// An f32 mma.sync the kernel already had, of a shape roller-vectorize-mma
// does not make (m16n8k4), is left as it is (upstream's lowering takes it);
// the contraction beside it becomes the rounded tf32 nvvm.mma.sync.

// CHECK-LABEL: gpu.func @tf32_other_shape
// CHECK: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 4], tf32Enabled}
// CHECK: nvvm.convert.float.to.tf32
// CHECK: nvvm.mma.sync
gpu.module @m {
  gpu.func @tf32_other_shape(%c: memref<16x8xf32>, %x: vector<2x1xf32>, %y: vector<1x1xf32>, %z: vector<2x2xf32>, %out: memref<2x2xf32>) workgroup(%a : memref<16x8xf32, #gpu.address_space<workgroup>>, %b : memref<8x8xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %f = arith.constant 0.0 : f32
    %k4 = nvgpu.mma.sync (%x, %y, %z) {mmaShape = [16, 8, 4], tf32Enabled} : (vector<2x1xf32>, vector<1x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    vector.transfer_write %k4, %out[%c0, %c0] {in_bounds = [true, true]} : vector<2x2xf32>, memref<2x2xf32>
    %A = vector.transfer_read %a[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<16x8xf32>
    %B = vector.transfer_read %b[%c0, %c0], %f {in_bounds = [true, true]} : memref<8x8xf32, #gpu.address_space<workgroup>>, vector<8x8xf32>
    %C = vector.transfer_read %c[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
    %D = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<16x8xf32>, vector<8x8xf32> into vector<16x8xf32>
    vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
    gpu.return
  }
}
