// RUN: roller-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(func.func(roller-check-host-compute))'
// RUN: sed 's/expected-error.*//' %s | roller-opt --split-input-file -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(func.func(roller-check-host-compute{allow-host-fallback=true}))' \
// RUN:   2>&1 | FileCheck %s --check-prefix=FALLBACK

// Compute inside gpu.launch is the kernels'; the host keeps glue (here an
// allocation and a copy) without complaint.
func.func @kernels_only(%a: memref<64xf32>, %b: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %t = memref.alloc() : memref<64xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %x = memref.load %a[%tx] : memref<64xf32>
    memref.store %x, %t[%tx] : memref<64xf32>
    gpu.terminator
  }
  memref.copy %t, %b : memref<64xf32> to memref<64xf32>
  return
}

// -----

// A linalg op no rProgram covered would run on the host: an error at it
// (with allow-host-fallback, a warning).
// FALLBACK: warning: runs on the host (allow-host-fallback): no rProgram covers it
// FALLBACK-NOT: error
func.func @host_reduction(%x: memref<9x14xf32>, %o: memref<f32>) {
  // expected-error @below {{would run on the host: no rProgram covers it (the remarks of --roller-select and --roller-tile say why); the GPU path puts every compute op in a kernel, or, with convert-to-nvvm}}
  linalg.reduce ins(%x : memref<9x14xf32>) outs(%o : memref<f32>) dimensions = [0, 1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return
}
