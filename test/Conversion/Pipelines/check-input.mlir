// Input the lowering pipelines are not built for is an error at the op
// before any lowering (roller-check-pipeline-input); each case was found by
// fuzz/roller_fuzz.py as a late upstream failure or output that did not
// verify (issue 19). check-input-gpu.mlir has the --convert-to-nvvm cases.
//
// RUN: roller-opt %s --split-input-file --verify-diagnostics --roller-lower-to-cpu
// RUN: not roller-opt %s --split-input-file --roller-check-pipeline-input=target=tpu 2>&1 | FileCheck %s --check-prefix=TARGET

// TARGET: error: roller-check-pipeline-input: unknown target 'tpu' (expected cpu or gpu)

// Was: buffer deallocation added i1 block arguments to the gpu.launch, whose
// workgroup attributions then failed to verify.
func.func @launch(%C: memref<16xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error @below {{roller-lower-to-cpu: 'gpu.launch' is GPU code, which the CPU oracle does not run}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             workgroup(%w : memref<16xf32, #gpu.address_space<workgroup>>) {
    gpu.terminator
  }
  return
}

// -----

// Was: `free` called with a `!llvm.ptr<1>` (the output did not verify).
func.func @global_alloc() -> tensor<7xf32> {
  // expected-error @below {{roller-lower-to-cpu: memory_space 1 : i64 is not supported}}
  %0 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

// expected-error @below {{roller-lower-to-cpu: memory space of 'memref<4xf32, 1>' is not supported}}
func.func @global_argument(%A: memref<4xf32, 1>) {
  return
}

// -----

// Was: the nested module's linalg op was never lowered and a later upstream
// conversion failed.
module {
  // expected-error @below {{roller-lower-to-cpu: linalg ops in a nested module are not lowered}}
  module {
    func.func @nested(%A: memref<4xf32>, %B: memref<4xf32>) {
      linalg.copy ins(%A : memref<4xf32>) outs(%B : memref<4xf32>)
      return
    }
  }
}

// -----

// Was: a segmentation fault in upstream's folding of tensor.dim, whose
// verifier accepts a negative constant index (found by the fuzzer's seed 7
// run; memref.dim the same).
func.func @negative_dim(%t: tensor<?x8xf32>, %m: memref<?x8xf32>) -> (index, index) {
  %c = arith.constant -2147483648 : index
  // expected-error @below {{roller-lower-to-cpu: dimension index -2147483648 is out of range for 'tensor<?x8xf32>'}}
  %n = tensor.dim %t, %c : tensor<?x8xf32>
  // expected-error @below {{roller-lower-to-cpu: dimension index -2147483648 is out of range for 'memref<?x8xf32>'}}
  %k = memref.dim %m, %c : memref<?x8xf32>
  return %n, %k : index, index
}

// -----

// Was (fuzz seed 19, case 2042): a tensor.expand_shape whose output_shape
// disagrees with its result type passes upstream's verifier; bufferization
// made a memref.expand_shape that fails its own, and without verification
// the LLVM lowering crashed.
func.func @expand_shape_disagrees(%t: tensor<32x64xf32>) -> tensor<16x2x64xf32> {
  // expected-error @below {{roller-lower-to-cpu: output_shape entry 2 (192) disagrees with the result type 'tensor<16x2x64xf32>'}}
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [16, 2, 192] : tensor<32x64xf32> into tensor<16x2x64xf32>
  return %e : tensor<16x2x64xf32>
}

// -----

// Was (fuzz seed 23, case 38090): a reassociation index of 2^32 + 1 passes
// the tensor reshapes' verifiers (as 1) and crashed expand-strided-metadata.
func.func @reassociation_out_of_range(%t: tensor<64x64xf32>, %u: tensor<4096xf32>) -> (tensor<4096xf32>, tensor<64x64xf32>) {
  // expected-error @below {{roller-lower-to-cpu: reassociation index 4294967297 where dimension 1 of 'tensor<64x64xf32>' was expected}}
  %c = tensor.collapse_shape %t [[0, 4294967297]] : tensor<64x64xf32> into tensor<4096xf32>
  // expected-error @below {{roller-lower-to-cpu: reassociation index 4294967297 where dimension 1 of 'tensor<64x64xf32>' was expected}}
  %e = tensor.expand_shape %u [[0, 4294967297]] output_shape [64, 64] : tensor<4096xf32> into tensor<64x64xf32>
  return %c, %e : tensor<4096xf32>, tensor<64x64xf32>
}
