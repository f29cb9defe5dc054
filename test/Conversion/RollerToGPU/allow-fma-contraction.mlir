// RUN: roller-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(gpu.module(roller-allow-fma-contraction))' | FileCheck %s

// Every float op of the kernels may contract (fast-math `contract`, kept
// with the flags it had); the host is not touched.
// CHECK-LABEL: gpu.func @kernel
// CHECK: arith.mulf %{{.+}}, %{{.+}} fastmath<contract> : f32
// CHECK: arith.addf %{{.+}}, %{{.+}} fastmath<nnan,contract> : f32
// CHECK: arith.subf %{{.+}}, %{{.+}} fastmath<contract> : f32
// CHECK-LABEL: func.func @host
// CHECK: arith.mulf %{{.+}}, %{{.+}} : f32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%a: f32, %b: f32, %out: memref<f32>) kernel {
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %m, %b fastmath<nnan> : f32
      %d = arith.subf %s, %a fastmath<contract> : f32
      memref.store %d, %out[] : memref<f32>
      gpu.return
    }
  }
  func.func @host(%a: f32, %b: f32) -> f32 {
    %m = arith.mulf %a, %b : f32
    return %m : f32
  }
}
