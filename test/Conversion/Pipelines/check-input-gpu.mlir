// --convert-to-nvvm rejects input its pipeline is not built for at the op
// (checkPipelineInput; the --roller-lower-to-cpu cases are in
// check-input.mlir). Found by fuzz/roller_fuzz.py (issue 19).
//
// RUN: roller-opt %s --split-input-file --verify-diagnostics --convert-to-nvvm

// Was: the host's `free` called with a `!llvm.ptr<1>` (the output did not
// verify).
func.func @global_alloc() -> tensor<7xf32> {
  // expected-error @below {{convert-to-nvvm: memory_space 1 : i64 is not supported}}
  %0 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

// Was: "LLVM Translation failed for operation: builtin.unrealized_conversion_cast".
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @below {{convert-to-nvvm: linalg ops inside an existing gpu.func are not lowered}}
    gpu.func @copy(%A: memref<4xf32>, %B: memref<4xf32>) kernel {
      linalg.copy ins(%A : memref<4xf32>) outs(%B : memref<4xf32>)
      gpu.return
    }
  }
}

// -----

// Workgroup memory is accepted, and private memory on the GPU.
func.func @accepted() {
  %w = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
  %p = memref.alloc() : memref<4xf32, #gpu.address_space<private>>
  return
}

// -----

// Was: "error: can't parse integer attribute -2147483648 in nvvm.maxntid",
// with no location, from LLVM's NVPTX backend.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @below {{convert-to-nvvm: known_block_size [64, 1, -2147483648] has a size that is not positive}}
    gpu.func @scale(%x: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, -2147483648>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @below {{convert-to-nvvm: nvvm.maxntid [0] has a size that is not positive}}
    llvm.func @scale() attributes {gpu.kernel, nvvm.kernel, nvvm.maxntid = array<i32: 0>} {
      llvm.return
    }
  }
}

// -----

// Was: a segmentation fault in upstream's folding of a tensor.dim with a
// negative constant index (the fuzzer's seed 7 run, after --roller-tile).
func.func @negative_dim(%t: tensor<?x8xf32>) -> index {
  %c = arith.constant -1 : index
  // expected-error @below {{convert-to-nvvm: dimension index -1 is out of range for 'tensor<?x8xf32>'}}
  %n = tensor.dim %t, %c : tensor<?x8xf32>
  return %n : index
}

// -----

// Was (fuzz seed 23, case 92374): a gpu.launch of 2^31 blocks; the size
// became an i32 launch bound, which the NVPTX backend rejected with no
// location ("can't parse integer attribute -2147483648 in nvvm.maxntid").
func.func @launch_too_large(%A: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %big = arith.constant 2147483648 : index
  // expected-error @below {{convert-to-nvvm: grid x size 2147483648 is not a positive 32-bit integer}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %big, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}
